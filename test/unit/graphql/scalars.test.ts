import { Kind, parseValue } from 'graphql';
import { Decimal } from 'decimal.js';
import {
  CalendarDateScalar,
  DateTimeScalar,
  DecimalScalar,
  formatDecimal,
  formatMoney,
  isCalendarDate,
  toCalendarDate,
  toDateTime,
} from '../../../src/graphql/scalars.js';
import { refusalOf } from '../../../src/graphql/common/invalid-value.js';
import { defineCodeEnum } from '../../../src/graphql/common/code-enum.js';

describe('DecimalScalar', () => {
  it('serializes upstream numbers from their shortest text, never through float arithmetic', () => {
    expect(DecimalScalar.serialize(0.1)).toBe('0.1');
    expect(DecimalScalar.serialize(1234.56)).toBe('1234.56');
    expect(DecimalScalar.serialize(1e21)).toBe('1000000000000000000000');
    expect(DecimalScalar.serialize(0.0000001)).toBe('0.0000001');
    expect(DecimalScalar.serialize(new Decimal('2.50'))).toBe('2.5');
  });

  it('keeps the text a mapper formatted, trailing zeros included', () => {
    expect(DecimalScalar.serialize('1500.00')).toBe('1500.00');
    expect(() => DecimalScalar.serialize('1,5')).toThrow('Decimal cannot represent');
    expect(() => DecimalScalar.serialize(true)).toThrow('Decimal cannot represent');
  });

  it('parses strings and number literals exactly', () => {
    expect((DecimalScalar.parseValue('0.30') as Decimal).toFixed()).toBe('0.3');
    expect((DecimalScalar.parseLiteral(parseValue('12.345678901234567890')) as Decimal).toFixed()).toBe('12.34567890123456789');
    expect((DecimalScalar.parseLiteral(parseValue('"99.99"')) as Decimal).toFixed()).toBe('99.99');
    expect((DecimalScalar.parseLiteral(parseValue('1e3')) as Decimal).toFixed()).toBe('1000');
    expect(refusalOf(DecimalScalar.parseLiteral({ kind: Kind.BOOLEAN, value: true }))?.rule).toBe('invalidDecimal');
    expect(refusalOf(DecimalScalar.parseValue({}))?.rule).toBe('invalidDecimal');
  });

  it('reads a client string exactly as sent: spaces, a comma, grouping or an exponent are refused, never taken as another number', () => {
    for (const bad of ['abc', '', ' 100.00', '100.00 ', '100,00', '1.000,00', '1e2', '+1', '.5', '5.', 'NaN', 'Infinity']) {
      expect(refusalOf(DecimalScalar.parseValue(bad))).toEqual({
        rule: 'invalidDecimal',
        message: 'Decimal expects a plain decimal string such as "1234.56": a dot before the decimals, no spaces, no exponent',
      });
    }
    expect(refusalOf(DecimalScalar.parseLiteral(parseValue('" 1.00"')))?.rule).toBe('invalidDecimal');
    expect((DecimalScalar.parseValue('-0.50') as Decimal).toFixed()).toBe('-0.5');
    expect((DecimalScalar.parseValue(12.5) as Decimal).toFixed()).toBe('12.5');
  });
});

describe('formatMoney', () => {
  it('gives at least two decimals and never rounds away digits the upstream sent', () => {
    expect(formatMoney(1500)).toBe('1500.00');
    expect(formatMoney(1500.5)).toBe('1500.50');
    expect(formatMoney(0.07)).toBe('0.07');
    expect(formatMoney(10.125)).toBe('10.125');
    expect(formatMoney(-3.1)).toBe('-3.10');
    expect(formatDecimal(2.5)).toBe('2.5');
  });
  it('gives the same text as going through Decimal, for plain and exponent-sized numbers', () => {
    const values = [0, -0, 1, -1, 0.1, 0.07, 1.5, -2.25, 10.125, 181.42, 1234.5678, 1e20, 1e21, 1.5e-7, 0.000001, 123456789.12, -0.5, 2 ** 53, 5e-324];
    let seed = 7;
    for (let index = 0; index < 2000; index += 1) {
      seed = (seed * 48271) % 2147483647;
      values.push(Math.round((seed / 2147483647 - 0.5) * 10 ** (index % 9)) / 10 ** (index % 5));
    }
    for (const value of values) {
      const exact = new Decimal(String(value));
      expect(formatDecimal(value)).toBe(exact.toFixed());
      expect(formatMoney(value)).toBe(exact.decimalPlaces() < 2 ? exact.toFixed(2) : exact.toFixed());
    }
  });

  it('stays right past the size of its memo of conversions', () => {
    for (let cents = 0; cents < 10_000; cents += 1) {
      expect(formatMoney(cents / 100 + 0.001)).toBe(new Decimal(String(cents / 100 + 0.001)).toFixed());
    }
    expect(formatMoney(1500)).toBe('1500.00');
  });

  it('refuses non-finite numbers', () => {
    expect(() => formatMoney(Number.NaN)).toThrow('non-finite');
  });
});

describe('DateTimeScalar', () => {
  it('serializes to an ISO UTC string', () => {
    expect(DateTimeScalar.name).toBe('DateTime');
    expect(DateTimeScalar.serialize(new Date('2026-03-15T00:00:00Z'))).toBe('2026-03-15T00:00:00.000Z');
    expect(DateTimeScalar.serialize('2026-03-15T10:00:00-03:00')).toBe('2026-03-15T13:00:00.000Z');
  });
});

describe('toDateTime', () => {
  it('reads upstream dates with or without offset as UTC, and garbage as null', () => {
    expect(toDateTime('2026-03-15T00:00:00')?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(toDateTime('2026-03-15')?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(toDateTime('2026-03-15T00:00:00.000Z')?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(toDateTime('2026-03-15T00:00:00-03:00')?.toISOString()).toBe('2026-03-15T03:00:00.000Z');
    expect(toDateTime('not a date')).toBeNull();
    expect(toDateTime(null)).toBeNull();
    expect(toDateTime(undefined)).toBeNull();
    expect(toDateTime('')).toBeNull();
    expect(toDateTime('   ')).toBeNull();
    expect(toDateTime(' 2026-03-15 ')?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('gives a new Date on every call, so changing one never changes another field', () => {
    const first = toDateTime('2026-03-15T00:00:00');
    first?.setUTCFullYear(2000);
    const second = toDateTime('2026-03-15T00:00:00');
    expect(second).not.toBe(first);
    expect(second?.toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(toDateTime('not a date')).toBeNull();
  });
});

describe('CalendarDateScalar', () => {
  it('is named Date and serializes a calendar day as the same text', () => {
    expect(CalendarDateScalar.name).toBe('Date');
    expect(CalendarDateScalar.serialize('2026-12-23')).toBe('2026-12-23');
    expect(() => CalendarDateScalar.serialize('2026-12-23T00:00:00Z')).toThrow('Date cannot represent');
    expect(() => CalendarDateScalar.serialize(new Date('2026-12-23T00:00:00Z'))).toThrow('Date cannot represent');
  });

  it('accepts real days only, as variables and as literals', () => {
    expect(CalendarDateScalar.parseValue('2024-02-29')).toBe('2024-02-29');
    expect(CalendarDateScalar.parseLiteral(parseValue('"2026-12-23"'))).toBe('2026-12-23');
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-12-23T00:00:00Z', '23/12/2026', '', ' 2026-12-23', 20261223]) {
      expect(refusalOf(CalendarDateScalar.parseValue(bad))).toEqual({
        rule: 'invalidDate',
        message: 'Date expects a calendar day as "YYYY-MM-DD", such as "2026-12-23"',
      });
    }
    expect(refusalOf(CalendarDateScalar.parseLiteral(parseValue('20261223')))?.rule).toBe('invalidDate');
  });
});

describe('toCalendarDate', () => {
  it('takes the day as the partner wrote it, whatever offset follows', () => {
    expect(toCalendarDate('2026-12-23T00:00:00.000Z')).toBe('2026-12-23');
    expect(toCalendarDate('2026-12-23T00:00:00')).toBe('2026-12-23');
    expect(toCalendarDate('2026-12-23T00:00:00-03:00')).toBe('2026-12-23');
    expect(toCalendarDate('2026-12-23')).toBe('2026-12-23');
    expect(toCalendarDate(' 2026-12-23 ')).toBe('2026-12-23');
    expect(toCalendarDate('2026-02-30')).toBeNull();
    expect(toCalendarDate('not a date')).toBeNull();
    expect(toCalendarDate(null)).toBeNull();
    expect(toCalendarDate(undefined)).toBeNull();
  });

  it('knows leap years', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-28')).toBe(true);
  });
});

describe('defineCodeEnum', () => {
  const Sample = defineCodeEnum('SampleCodeForTest', {
    description: 'A sample.',
    codeField: 'sampleCode',
    upstream: 'amostra',
    values: { FIRST: { code: 0, description: 'The first' }, THIRD: { code: 3, description: 'The third' } },
  });

  it('maps known codes to their value, unknown codes to UNKNOWN and no code to null', () => {
    expect(Sample.of(0)).toBe('FIRST');
    expect(Sample.of(3)).toBe('THIRD');
    expect(Sample.of(2)).toBe('UNKNOWN');
    expect(Sample.of(null)).toBeNull();
    expect(Sample.of(undefined)).toBeNull();
    expect(Sample.codeOf('THIRD')).toBe(3);
    expect(Sample.values).toEqual({ FIRST: 'FIRST', THIRD: 'THIRD', UNKNOWN: 'UNKNOWN' });
  });
});

describe('DateTimeScalar input', () => {
  it('refuses a date-time without an offset or with surrounding spaces, never echoing the value', () => {
    expect(DateTimeScalar.parseValue('2026-03-15T10:00:00Z')).toEqual(new Date('2026-03-15T10:00:00Z'));
    for (const bad of ['2026-03-15T10:00:00', '2026-03-15', 'not a date', ' 2026-03-15T10:00:00Z']) {
      const refused = DateTimeScalar.parseValue(bad);
      expect(refusalOf(refused)).toEqual({
        rule: 'invalidDateTime',
        message: 'DateTime expects an RFC 3339 date-time with an offset, such as "2026-12-23T13:45:00-03:00"',
      });
      expect(JSON.stringify(refusalOf(refused))).not.toContain(bad);
    }
    expect(refusalOf(DateTimeScalar.parseLiteral(parseValue('"2026-03-15T10:00:00"')))?.rule).toBe('invalidDateTime');
  });
});
