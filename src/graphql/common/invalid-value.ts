import { Decimal } from 'decimal.js';
import { GraphQLEnumType, type GraphQLSchema } from 'graphql';
import { userError, type UserError, UserErrorCode } from './user-error.type.js';

/** Where an {@link InvalidValue} keeps why it was refused. */
const REFUSAL = Symbol('invalidValue');

/** Why a value was refused: the graph's rule (`invalidDecimal`, `invalidDate`, ...) and what the value must look like, never the value itself. */
export interface Refusal {
  rule: string;
  message: string;
}

/**
 * What an input scalar or enum that cannot read a client's value gives instead of throwing.
 *
 * graphql-js stops a whole operation at the first variable it cannot coerce, with the path only in
 * an English message: a form learns of one bad field at a time and cannot tell which. Given this
 * value instead, a mutation reports it as a user error at its argument path beside every other
 * input problem ({@link invalidValuesIn}), and any other field refuses it as `BAD_USER_INPUT` with
 * the same path (runtime/query-args.ts). It never reaches a resolver's own logic.
 *
 * A boxed empty string: type-graphql's argument conversion passes `String` objects through as they
 * are, where any other object would be tested against the field's class (an enum has none).
 */
export type InvalidValue = object & { readonly [REFUSAL]: Refusal };

/** An {@link InvalidValue} for `rule`. */
export function invalidValue(rule: string, message: string): InvalidValue {
  return Object.assign(Object(''), { [REFUSAL]: { rule, message } }) as InvalidValue;
}

/** Why `value` was refused, when it is an {@link InvalidValue}. */
export function refusalOf(value: unknown): Refusal | undefined {
  return typeof value === 'object' && value !== null && REFUSAL in value ? (value as InvalidValue)[REFUSAL] : undefined;
}

/** Deepest input nesting searched; the graph's inputs are three levels deep. */
const MAX_DEPTH = 8;

/** Every {@link InvalidValue} under `value`, with its path from `path`, in input order. */
export function invalidValuesIn(value: unknown, path: readonly string[]): Array<{ field: string[]; invalid: Refusal }> {
  const found: Array<{ field: string[]; invalid: Refusal }> = [];
  collect(value, [...path], found, 0);
  return found;
}

/**
 * Whether an {@link InvalidValue} is anywhere under `value` (searched as {@link invalidValuesIn}
 * searches, without building a path): the common answer, none, costs no allocation.
 */
export function hasInvalidValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') {
    return false;
  }
  if (REFUSAL in value) {
    return true;
  }
  if (depth >= MAX_DEPTH || value instanceof Date || value instanceof Decimal) {
    return false;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      if (hasInvalidValue(item, depth + 1)) {
        return true;
      }
    }
    return false;
  }
  for (const name in value) {
    if (Object.hasOwn(value, name) && hasInvalidValue((value as Record<string, unknown>)[name], depth + 1)) {
      return true;
    }
  }
  return false;
}

function collect(value: unknown, path: string[], found: Array<{ field: string[]; invalid: Refusal }>, depth: number): void {
  const refusal = refusalOf(value);
  if (refusal !== undefined) {
    found.push({ field: path, invalid: refusal });
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH || value instanceof Date || value instanceof Decimal) {
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collect(item, [...path, String(index)], found, depth + 1));
    return;
  }
  for (const [name, item] of Object.entries(value)) {
    collect(item, [...path, name], found, depth + 1);
  }
}

/** The user errors of every invalid value under `input` (at `path`). */
export function invalidValueErrors(input: unknown, path: readonly string[]): UserError[] {
  return invalidValuesIn(input, path).map(({ field, invalid }) => userError(UserErrorCode.INVALID_INPUT, invalid.message, field, null, invalid.rule));
}

/**
 * Makes every enum of `schema` read a value it does not know as an {@link InvalidValue}, as the
 * graph's scalars do, so that a mutation's form learns of a bad enum beside its other fields.
 */
export function readInvalidEnumValues(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!(type instanceof GraphQLEnumType) || type.name.startsWith('__')) {
      continue;
    }
    const message = `${type.name} expects one of its values, such as ${type.getValues()[0]?.name ?? ''}`;
    const parseValue = type.parseValue.bind(type);
    const parseLiteral = type.parseLiteral.bind(type);
    // graphql-js coerces variables and checks literals through these two methods (and nothing else).
    type.parseValue = (value: unknown) => readOrInvalid(() => parseValue(value), message);
    type.parseLiteral = (node, variables) => readOrInvalid(() => parseLiteral(node, variables), message);
  }
  return schema;
}

function readOrInvalid(read: () => unknown, message: string): unknown {
  try {
    return read() ?? invalidValue('invalidEnum', message);
  } catch {
    return invalidValue('invalidEnum', message);
  }
}
