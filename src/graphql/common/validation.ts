import {
  getMetadataStorage,
  type ValidationArguments,
  type ValidationError,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
  validate,
} from 'class-validator';
import { Decimal } from 'decimal.js';
import { documentKind, onlyDigits } from '../../shared/documents.js';
import { invalidValueErrors } from './invalid-value.js';
import { userError, type UserError, UserErrorCode } from './user-error.type.js';

/** Partner catalogue codes the graph checks itself, before any call (docs/partner/contract.md, "Errors"). */
export const CATALOGUE = {
  invalidEmail: 'T0668/D0001',
  mobileElevenDigits: 'T0668/D0008',
  mobileAreaCodeAndNine: 'T0668/D0009',
  mobileFirstDigit: 'T0668/D0010',
  invalidClientDocument: 'T0665/D0002',
  invalidFileExtension: 'C0107/V0001',
  fileNameMissing: 'C0068/V0001',
  documentMissing: 'C0107/V0003',
  noSigners: 'C0060/V0001',
  nameMissing: 'T0668/D0003',
  signerDocument: 'T0668/D0004',
  invalidDocumentType: 'C0107/V0002',
  amountMissing: 'T0665/D0020',
  operationTypeMissing: 'T0665/D0019',
  promoterNotFound: 'T0665/D0018',
  cancelInvalidCpf: '400/4',
  installmentsMissing: 'T0665/D0021',
  /** Sandbox-observed receivables code: payment not positive (src/sandbox/README.md, receivables). */
  paymentNotPositive: 'C0202/V0001',
  /** Sandbox-observed receivables code: no installment listed. */
  noInstallmentListed: 'C0201/V0003',
  /** Sandbox-observed receivables code: boleto amount not positive. */
  boletoAmountNotPositive: 'C0203/V0004',
  /** The document upload failed: the content is not valid base64. */
  documentUploadFailed: 'C0068/V0002',
  /** Registry and bureau look-ups: the document is invalid. */
  registryInvalidDocument: 'C0210/V0002',
} as const;

/** Most decimal places of a money input (the partner keeps cents and rounds anything finer). */
export const MONEY_DECIMALS = 2;
/** Most decimal places of a percentage input (interest rates). */
export const RATE_DECIMALS = 4;

/** The `context` that carries a catalogue code on a class-validator decorator. */
export function catalogue(code: string): { context: { upstreamCode: string } } {
  return { context: { upstreamCode: code } };
}

/** CPF or CNPJ with valid check digits (mask allowed). */
@ValidatorConstraint({ name: 'isDocument' })
export class ValidDocument implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && documentKind(value) !== undefined;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a CPF or CNPJ with valid check digits`;
  }
}

/** CPF with valid check digits (mask allowed). */
@ValidatorConstraint({ name: 'isCpf' })
export class ValidCpf implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && documentKind(value) === 'cpf';
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a CPF with valid check digits`;
  }
}

/**
 * Brazilian mobile number as the partner wants it (catalogue T0668/D0008..D0010): 11 digits, area
 * code plus a number starting with 6, 7, 8 or 9. Reports which rule failed through `mobileRule`.
 */
export function mobileRule(value: string): string | undefined {
  const digits = onlyDigits(value);
  if (digits.length !== 11) {
    return CATALOGUE.mobileElevenDigits;
  }
  if (!/^[1-9]{2}/.test(digits)) {
    return CATALOGUE.mobileAreaCodeAndNine;
  }
  if (!/^[6-9]$/.test(digits.charAt(2))) {
    return CATALOGUE.mobileFirstDigit;
  }
  return undefined;
}

/** Mobile phone with the partner's rules; the failing rule's catalogue code is in the error context. */
@ValidatorConstraint({ name: 'isMobile' })
export class ValidMobile implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && mobileRule(value) === undefined;
  }

  defaultMessage(args: ValidationArguments): string {
    const rule = typeof args.value === 'string' ? mobileRule(args.value) : CATALOGUE.mobileElevenDigits;
    return rule === CATALOGUE.mobileFirstDigit
      ? `${args.property} must start with 6, 7, 8 or 9 after the area code`
      : `${args.property} must have 11 digits: area code plus 9 digits`;
  }
}

function flatten(errors: readonly ValidationError[], path: string[], out: UserError[]): void {
  for (const error of errors) {
    const field = [...path, error.property];
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      let code = (error.contexts?.[constraint] as { upstreamCode?: string } | undefined)?.upstreamCode ?? null;
      if (constraint === 'isMobile' && typeof error.value === 'string') {
        code = mobileRule(error.value) ?? code;
      }
      out.push(userError(UserErrorCode.INVALID_INPUT, message, field, code, code === null ? constraint : undefined));
    }
    flatten(error.children ?? [], field, out);
  }
}

/** What class-validator's rules of a class can do, worked out once per class (decorators run once, at import). */
interface ClassRules {
  /** Some rule can refuse a value (anything beyond `@IsOptional`, which only skips the others). */
  checks: boolean;
  /**
   * Every rule is a built-in check of the values alone ({@link VALUE_CHECKS}, `@IsOptional`): the
   * same values always validate the same way, so a success may be remembered by value.
   */
  byValue: boolean;
}

/** class-validator's built-in checks whose answer depends on the checked value and their constraints only. */
const VALUE_CHECKS: ReadonlySet<string> = new Set([
  'isUuid',
  'min',
  'max',
  'isLength',
  'minLength',
  'maxLength',
  'matches',
  'arrayMaxSize',
  'arrayMinSize',
  'isNotEmpty',
  'isInt',
  'isIn',
  'isPositive',
]);

const rulesByClass = new WeakMap<object, ClassRules>();

/** The rules of `type` (its own and its ancestors'), the same look-up class-validator's executor makes (no schema, no groups, `always` off). */
function classRules(type: (...args: never[]) => unknown): ClassRules {
  let known = rulesByClass.get(type);
  if (known === undefined) {
    const storage = getMetadataStorage();
    const metadatas = storage.getTargetValidationMetadatas(type, '', false, false);
    const checks = metadatas.filter((metadata) => metadata.type !== 'conditionalValidation');
    known = {
      checks: checks.length > 0,
      byValue: metadatas.every((metadata) =>
        metadata.type === 'conditionalValidation'
          ? metadata.name === 'isOptional'
          : metadata.type === 'customValidation' &&
            storage.getTargetValidatorConstraints(metadata.constraintCls).every((constraint) => !constraint.async && VALUE_CHECKS.has(constraint.name)),
      ),
    };
    rulesByClass.set(type, known);
  }
  return known;
}

function constructorOf(input: object): ((...args: never[]) => unknown) | undefined {
  const type = input.constructor as ((...args: never[]) => unknown) | undefined;
  return typeof type === 'function' ? type : undefined;
}

/**
 * Whether `input` has any class-validator rule that can refuse a value (its class's or an
 * ancestor's; `@IsOptional` alone refuses nothing): where it has none, validating it can only answer
 * nothing, and {@link validateInput} skips class-validator's pass.
 */
export function hasValidationRules(input: object): boolean {
  const type = constructorOf(input);
  return type === undefined ? true : classRules(type).checks;
}

/**
 * Whether every rule of `input`'s class is a built-in check of the values alone, so that inputs of
 * that class with equal values always validate alike.
 */
export function validatesByValue(input: object): boolean {
  const type = constructorOf(input);
  return type !== undefined && classRules(type).byValue;
}

/**
 * Validates a mutation input and returns every failure as a user error (field path from `path`, the
 * partner's catalogue code in `upstreamCode`), all in one answer: the values its scalars and enums
 * could not read (common/invalid-value.ts), then its class-validator rules on the others. Empty when valid.
 */
export async function validateInput(input: object, path: string[] = ['input'], options: { skipMissingProperties?: boolean } = {}): Promise<UserError[]> {
  const unreadable = invalidValueErrors(input, path);
  if (!hasValidationRules(input)) {
    return unreadable;
  }
  const errors = await validate(input, { forbidUnknownValues: false, ...options });
  const out: UserError[] = [];
  flatten(errors, path, out);
  if (unreadable.length === 0) {
    return out;
  }
  // A value that could not be read has its own error; the rules' verdicts on it would only repeat it.
  const unreadablePaths = new Set(unreadable.map((error) => error.field?.join('\u0000')));
  return [...unreadable, ...out.filter((error) => !unreadablePaths.has(error.field?.join('\u0000')))];
}

/** A `Decimal` input greater than zero. */
@ValidatorConstraint({ name: 'isPositiveDecimal' })
export class PositiveDecimal implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value instanceof Decimal && value.greaterThan(0);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be greater than zero`;
  }
}

/**
 * A `Decimal` input with at most `constraints[0]` decimal places (`MONEY_DECIMALS` for money,
 * `RATE_DECIMALS` for percentages). The partner rounds anything finer silently (1.005 recorded as
 * 1.01), so the graph refuses it instead of sending a value the client did not ask for.
 */
@ValidatorConstraint({ name: 'maxDecimalPlaces' })
export class MaxDecimalPlaces implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    const places = Number(args.constraints[0]);
    return !(value instanceof Decimal) || value.decimalPlaces() <= places;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must have at most ${String(args.constraints[0])} decimal places`;
  }
}

/** A `Decimal` input of zero or more. */
@ValidatorConstraint({ name: 'isNonNegativeDecimal' })
export class NonNegativeDecimal implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return value instanceof Decimal && value.greaterThanOrEqualTo(0);
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be zero or more`;
  }
}

/** The JSON number the upstream expects for a `Decimal` input (built from its exact text). */
export function toUpstreamNumber(value: Decimal | null | undefined): number | undefined {
  return value === null || value === undefined ? undefined : Number(value.toFixed());
}

/**
 * The text the upstream expects for a `Date` input: its datetime form at UTC midnight of that day
 * (the contract's datetimes are UTC), so the partner stores the day the client gave.
 */
export function toUpstreamCalendarDate(value: string | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : `${value}T00:00:00.000Z`;
}

/** The ISO text the upstream expects for a `DateTime` input. */
export function toUpstreamDate(value: Date | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : value.toISOString();
}
