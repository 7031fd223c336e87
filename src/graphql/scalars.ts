import { Decimal } from 'decimal.js';
import { boundedMemo } from '../shared/memo.js';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { GraphQLDateTimeISO, GraphQLJSON } from 'graphql-scalars';
import { invalidValue, type InvalidValue } from './common/invalid-value.js';

/** Plain decimal notation: optional sign, digits, optional fraction. No exponent, no grouping. */
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Turns an upstream JSON number (or a decimal string) into an exact `Decimal`.
 *
 * A JSON number arrives as an IEEE double; `String(n)` is its shortest round-trip form (`0.1`,
 * `1234.56`), which is exactly what the upstream wrote. Building the `Decimal` from that text, never
 * from binary arithmetic, keeps every digit the upstream sent and adds none.
 */
export function toDecimal(value: number | string | Decimal): Decimal {
  if (value instanceof Decimal) {
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new TypeError('Decimal cannot represent a non-finite number');
    }
    return new Decimal(String(value));
  }
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) {
    throw new TypeError('Decimal expects a plain decimal string such as "1234.56"');
  }
  return new Decimal(text);
}

/**
 * `String(n)` when it is already what `toDecimal(n).toFixed()` gives: a finite number whose shortest
 * round-trip text has no exponent (decimal.js keeps exactly those digits). Mappers format thousands of
 * amounts per query, so they skip building a `Decimal` for the common case; anything else goes
 * through `Decimal`.
 */
function plainNumberText(value: number | string | Decimal): string | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? numberText(value) : undefined;
}

/** Distinct values each conversion memo keeps; a full memo starts over. */
const MEMO_LIMIT = 4096;

const numberText = boundedMemo(MEMO_LIMIT, (value: number): string | undefined => {
  const text = String(value);
  return text.includes('e') ? undefined : text;
});

/** The text form of a decimal: plain notation (never an exponent), every significant digit kept. */
export function formatDecimal(value: number | string | Decimal): string {
  return plainNumberText(value) ?? toDecimal(value).toFixed();
}

/**
 * The text form of a money amount: at least two decimal places (`"1500.00"`), more only when the
 * upstream sent more (nothing is rounded away).
 */
export function formatMoney(value: number | string | Decimal): string {
  const text = plainNumberText(value);
  if (text !== undefined) {
    const dot = text.indexOf('.');
    return dot === -1 ? `${text}.00` : dot === text.length - 2 ? `${text}0` : text;
  }
  const d = toDecimal(value);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
}

/**
 * What a malformed scalar input gives: an {@link InvalidValue} (the rule and what the value must look
 * like, never the value), which a mutation reports as a user error at its argument path beside its
 * other input problems, and any other field refuses as BAD_USER_INPUT with that path
 * (common/invalid-value.ts).
 */
function invalidInput(rule: string, message: string): InvalidValue {
  return invalidValue(rule, message);
}

const DECIMAL_INPUT_MESSAGE = 'Decimal expects a plain decimal string such as "1234.56": a dot before the decimals, no spaces, no exponent';

/**
 * A client's decimal: the text exactly as sent. Surrounding spaces, a comma separator (`"100,00"`),
 * grouping or an exponent in a string are refused, never read as some other number; only a number
 * literal of the document is read from its own source text.
 */
function parseDecimalInput(value: unknown): Decimal | InvalidValue {
  if (typeof value === 'string' && DECIMAL_TEXT.test(value)) {
    return new Decimal(value);
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return new Decimal(String(value));
  }
  return invalidInput('invalidDecimal', DECIMAL_INPUT_MESSAGE);
}

/**
 * `Decimal`: an exact decimal number as a string (`"1234.56"`). Money and percentages travel as this
 * scalar so that no value passes through a binary float on its way to the client.
 *
 * Output: a string in plain notation. Input: a string, or a GraphQL Int/Float literal read from its
 * source text (never through a float).
 */
export const DecimalScalar = new GraphQLScalarType<Decimal | InvalidValue, string>({
  name: 'Decimal',
  description:
    'An exact decimal number serialized as a string in plain notation, such as "1234.56". Money amounts carry at ' +
    'least two decimal places; percentages carry the digits the upstream sent (2.5 means 2.5 %). Inputs accept a ' +
    'string in that same notation exactly (a dot before the decimals; spaces, a comma or an exponent are refused) or a number.',
  serialize(value: unknown): string {
    if (value instanceof Decimal || typeof value === 'number') {
      return formatDecimal(value);
    }
    if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) {
      // Mappers format money with formatMoney ("1500.00"); keep that text, trailing zeros included.
      return value.trim();
    }
    throw new GraphQLError('Decimal cannot represent a non-numeric value');
  },
  parseValue(value: unknown): Decimal | InvalidValue {
    return parseDecimalInput(value);
  },
  parseLiteral(ast: ValueNode): Decimal | InvalidValue {
    if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) {
      // For number literals ast.value is the source text, so the digits are the client's own.
      return parseDecimalInput(ast.kind === Kind.STRING ? ast.value : normalizeNumberLiteral(ast.value));
    }
    return invalidInput('invalidDecimal', DECIMAL_INPUT_MESSAGE);
  },
});

/** GraphQL float literals may carry an exponent (`1e3`); Decimal reads those exactly. */
function normalizeNumberLiteral(text: string): string {
  return /[eE]/.test(text) ? new Decimal(text).toFixed() : text;
}

/**
 * `DateTime`: an RFC 3339 date-time, serialized as an ISO 8601 UTC string (graphql-scalars' DateTime
 * rules, with string output so results compare as text). Every value carries an offset (`Z`); an
 * input without one is refused by graphql-scalars' rules.
 */
const dateTimeConfig = GraphQLDateTimeISO.toConfig();
const DATE_TIME_INPUT_MESSAGE = 'DateTime expects an RFC 3339 date-time with an offset, such as "2026-12-23T13:45:00-03:00"';

/** graphql-scalars' DateTime input rules (never echoing the value); surrounding spaces are refused, not trimmed. */
function parseDateTimeInput<T>(text: unknown, parse: () => T): T | InvalidValue {
  if (typeof text === 'string' && text.trim() !== text) {
    return invalidInput('invalidDateTime', DATE_TIME_INPUT_MESSAGE);
  }
  try {
    return parse();
  } catch {
    return invalidInput('invalidDateTime', DATE_TIME_INPUT_MESSAGE);
  }
}

export const DateTimeScalar = new GraphQLScalarType({
  ...dateTimeConfig,
  parseValue: (value: unknown) => parseDateTimeInput(value, () => dateTimeConfig.parseValue?.(value)),
  parseLiteral: (ast: ValueNode, variables?: Parameters<NonNullable<typeof dateTimeConfig.parseLiteral>>[1]) =>
    parseDateTimeInput(ast.kind === Kind.STRING ? ast.value : undefined, () => dateTimeConfig.parseLiteral?.(ast, variables)),
  name: 'DateTime',
  description:
    'An instant, as an RFC 3339 string that always carries its offset, such as "2026-03-15T13:45:00.000Z" (UTC). ' +
    "Show it in the reader's zone. Inputs must carry an offset too. Partner timestamps sent without one are read " +
    'as UTC, the zone the partner contract gives for its date-times (see docs/queries.md, "Dates and time zones").',
});

/** `YYYY-MM-DD`, a real calendar day (month 01-12, day valid for that month and year). */
/** Days of each month in a common year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number of `length` ASCII digits of `text` from `start`, or -1 when one is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let index = start; index < start + length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) {
      return -1;
    }
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Whether `text` is a `YYYY-MM-DD` day that exists in the proleptic Gregorian calendar. Runs on
 * every date field of every answer, so it reads the characters itself (no regular expression, no
 * `Date`).
 */
export function isCalendarDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) {
    return false;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1) {
    return false;
  }
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0) + (leap ? 1 : 0);
}

function parseCalendarDate(value: unknown): string | InvalidValue {
  if (typeof value === 'string' && isCalendarDate(value)) {
    return value;
  }
  return invalidInput('invalidDate', 'Date expects a calendar day as "YYYY-MM-DD", such as "2026-12-23"');
}

/**
 * `Date`: a calendar day (`YYYY-MM-DD`) with no time and no zone: a due date is the same day
 * wherever it is read. Output and input are the same text; inputs are checked to be real days.
 */
export const CalendarDateScalar = new GraphQLScalarType<string | InvalidValue, string>({
  name: 'Date',
  description:
    'A calendar day as "YYYY-MM-DD", such as "2026-12-23": no time, no zone, the same day wherever it is read ' +
    '(a boleto due "2026-12-23" is due that day in every zone; do not convert it to an instant). Inputs must be ' +
    'real days in that form (BAD_USER_INPUT otherwise).',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
  serialize(value: unknown): string {
    if (typeof value === 'string' && isCalendarDate(value)) {
      return value;
    }
    throw new GraphQLError('Date cannot represent a value that is not a "YYYY-MM-DD" day');
  },
  parseValue(value: unknown): string | InvalidValue {
    return parseCalendarDate(value);
  },
  parseLiteral(ast: ValueNode): string | InvalidValue {
    return parseCalendarDate(ast.kind === Kind.STRING ? ast.value : undefined);
  },
});

/**
 * The calendar day an upstream date text names, as written: `2026-12-23T00:00:00Z`,
 * `2026-12-23T00:00:00` and `2026-12-23T00:00:00-03:00` all give `2026-12-23`. Never converted
 * through an instant, so no zone can move it to the day before. Unparseable text gives `null`.
 */
export function toCalendarDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const day = value.trim().slice(0, 10);
  return isCalendarDate(day) ? day : null;
}

/** `JSON`: any JSON value, used for upstream content whose structure the contract does not show. */
export const JSONScalar = GraphQLJSON;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T[\d:.]+$/;

/**
 * Reads an upstream date-time string into a `Date`. The upstream sends ISO 8601 text, sometimes
 * without an offset (`2026-03-15T00:00:00`) or date-only; both are read as UTC, the zone the partner
 * contract gives for its date-times (docs/partner/contract.md, "Field types"). Unparseable text gives
 * `null` rather than a wrong date.
 */
export function toDateTime(value: string | null | undefined): Date | null {
  if (value === null || value === undefined) {
    return null;
  }
  const time = epochMillis(value);
  // A fresh Date each time: Dates are mutable and must not be shared between fields.
  return Number.isNaN(time) ? null : new Date(time);
}

/** The instant an upstream date-time text names (see `toDateTime`), NaN when blank or unparseable. */
const epochMillis = boundedMemo(MEMO_LIMIT, (value: string): number => {
  let text = value.trim();
  if (text === '') {
    return Number.NaN;
  }
  if (DATE_ONLY.test(text)) {
    text = `${text}T00:00:00Z`;
  } else if (DATE_TIME_WITHOUT_OFFSET.test(text)) {
    text = `${text}Z`;
  }
  return new Date(text).getTime();
});

/** `formatMoney` for optional upstream amounts. */
export function optionalMoney(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatMoney(value);
}

/** `formatDecimal` for optional upstream rates and percentages. */
export function optionalDecimal(value: number | null | undefined): string | null {
  return value === null || value === undefined ? null : formatDecimal(value);
}
