import { getNamedType, type GraphQLResolveInfo } from 'graphql';
import { type UserError } from '../common/user-error.type.js';
import { hasValidationRules, validateInput, validatesByValue } from '../common/validation.js';
import { badUserInput } from './errors.js';
import { DEFAULT_LOCALE, type Locale } from '../common/locale.js';
import { hasInvalidValue, invalidValueErrors } from '../common/invalid-value.js';

/**
 * Validates the arguments of a query (or of a field with arguments) with their class-validator rules
 * and refuses bad ones with ONE `BAD_USER_INPUT` error whose `extensions.userErrors` are the items a
 * mutation would return (`{code, field, message, upstreamCode}`), never class-validator's own
 * shape. Mutations validate their input themselves and answer `userErrors` (`validatedWrite`), so
 * this skips them. Installed as type-graphql's `validateFn`; answers nothing (no promise) when there
 * is nothing to check or the same values of the same class were valid before.
 */
export function validateQueryArgs(
  argValue: unknown,
  argType: unknown,
  info: GraphQLResolveInfo,
  args: Record<string, unknown> = {},
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> | undefined {
  refuseInvalidValues(info, args, locale);
  if (info.parentType.name === 'Mutation' || argValue === null || typeof argValue !== 'object' || typeof argType !== 'function') {
    return undefined;
  }
  const items: unknown[] = Array.isArray(argValue) ? argValue : [argValue];
  if (items.every((item) => item === null || typeof item !== 'object' || knownValid(item))) {
    return undefined;
  }
  return refuseInvalid(argValue, items, argType as { name: string }, info, locale);
}

/**
 * Refuses, as one BAD_USER_INPUT with each path, the values an input scalar or enum could not read
 * (common/invalid-value.ts) in a field's raw arguments, but for a mutation's `input`: its resolver
 * reports those as user errors beside the input's other problems.
 */
function refuseInvalidValues(info: GraphQLResolveInfo, args: Record<string, unknown>, locale: Locale): void {
  const mutation = info.parentType.name === 'Mutation';
  let invalid = false;
  for (const name in args) {
    if (!(mutation && name === 'input') && hasInvalidValue(args[name])) {
      invalid = true;
      break;
    }
  }
  if (!invalid) {
    // The common case: nothing to refuse, and no list of errors built to find that out.
    return;
  }
  const userErrors = Object.entries(args).flatMap(([name, value]) => (mutation && name === 'input' ? [] : invalidValueErrors(value, [name])));
  if (userErrors.length > 0) {
    throw badUserInput(userErrors, locale);
  }
}

async function refuseInvalid(argValue: object, items: readonly unknown[], argType: { name: string }, info: GraphQLResolveInfo, locale: Locale): Promise<void> {
  // An @Arg's value sits under its argument name; an @Args class spreads its fields as arguments.
  const argument = info.parentType.getFields()[info.fieldName]?.args.find((a) => getNamedType(a.type).name === argType.name);
  const path = argument ? [argument.name] : [];
  const userErrors: UserError[] = [];
  for (const [index, item] of items.entries()) {
    if (item !== null && typeof item === 'object') {
      const found = await validateInput(item, Array.isArray(argValue) ? [...path, String(index)] : path, { skipMissingProperties: true });
      if (found.length === 0) {
        rememberValid(item);
      }
      userErrors.push(...found);
    }
  }
  if (userErrors.length > 0) {
    throw badUserInput(userErrors, locale);
  }
}

/** Most valid argument values remembered per class; a full memo starts over. */
const VALID_PER_CLASS = 1024;

/**
 * Argument values found valid, by class (only classes whose rules are checks of the values alone:
 * `validatesByValue`). Queries repeat their arguments (the same proposal id, request after request),
 * and class-validator's pass costs more than the query's own resolver; a refusal is never remembered.
 */
const validByClass = new WeakMap<object, Set<string>>();

/** Whether `item` cannot fail: no rule that can refuse it, or values of its class found valid before. */
function knownValid(item: object): boolean {
  if (!hasValidationRules(item)) {
    return true;
  }
  const key = validatesByValue(item) ? valuesKey(item) : undefined;
  return key !== undefined && validByClass.get(item.constructor)?.has(key) === true;
}

function rememberValid(item: object): void {
  const key = validatesByValue(item) ? valuesKey(item) : undefined;
  if (key === undefined) {
    return;
  }
  let valid = validByClass.get(item.constructor);
  if (valid === undefined) {
    valid = new Set();
    validByClass.set(item.constructor, valid);
  } else if (valid.size >= VALID_PER_CLASS) {
    valid.clear();
  }
  valid.add(key);
}

/**
 * The own values of an argument object as one text, each with its type (`"1"` and `1`, `null` and
 * `undefined` stay apart); undefined when a value is neither a primitive nor a list of primitives.
 */
function valuesKey(item: object): string | undefined {
  let key = '';
  for (const [name, value] of Object.entries(item)) {
    const text = Array.isArray(value) ? listKey(value) : primitiveKey(value);
    if (text === undefined) {
      return undefined;
    }
    key += `${JSON.stringify(name)}=${text};`;
  }
  return key;
}

function listKey(values: readonly unknown[]): string | undefined {
  let key = '[';
  for (const value of values) {
    const text = primitiveKey(value);
    if (text === undefined) {
      return undefined;
    }
    key += `${text},`;
  }
  return `${key}]`;
}

function primitiveKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? 'n-0' : `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'U';
    default:
      return value === null ? 'N' : undefined;
  }
}
