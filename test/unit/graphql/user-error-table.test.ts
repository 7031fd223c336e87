import { readFileSync } from 'node:fs';
import { UpstreamRejectedError } from '../../../src/upstream/index.js';
import { negotiateLocale } from '../../../src/graphql/common/locale.js';
import {
  describeEntry,
  familyEntries,
  messageKeyOf,
  presentUserErrors,
  USER_ERROR_FAMILIES,
  type UserErrorFamilyName,
} from '../../../src/graphql/common/user-error-table.js';
import { userError, UserErrorCode } from '../../../src/graphql/common/user-error.type.js';
import { rejectionUserErrors } from '../../../src/graphql/runtime/write.js';

const FAMILIES = Object.keys(USER_ERROR_FAMILIES) as UserErrorFamilyName[];

describe('the user error table', () => {
  it.each(FAMILIES)('maps a partner code %s does not know to its generic REJECTED, never to an internal error', (family) => {
    const error = new UpstreamRejectedError('rejected', {
      operation: 'IncluirLancamentoParcela',
      status: 200,
      items: [{ code: 'X9999', detail: 'V0042', field: '', description: 'Texto livre do parceiro', meaning: undefined }],
    });
    const [presented] = presentUserErrors(family, rejectionUserErrors(error), 'pt-BR');
    expect(presented).toMatchObject({
      code: 'REJECTED',
      messageKey: `${USER_ERROR_FAMILIES[family].key}.rejected`,
      upstreamCode: 'X9999/V0042',
      message: 'O parceiro de crédito recusou a operação.',
      legacyCode: 'REJECTED',
    });
    const [english] = presentUserErrors(family, rejectionUserErrors(error), 'en');
    expect(english?.message).toBe('The credit partner rejected the operation.');
  });

  it('maps a graph rule without a catalogue code by its rule, and an unknown rule to INVALID_INPUT', () => {
    const [decimals, other] = presentUserErrors(
      'payment',
      [
        userError(UserErrorCode.INVALID_INPUT, 'amount must have at most 2 decimal places', ['input', 'payment', 'amount'], null, 'maxDecimalPlaces'),
        userError(UserErrorCode.INVALID_INPUT, 'description must be shorter', ['input', 'payment', 'description'], null, 'maxLength'),
      ],
      'en',
    );
    expect(decimals).toMatchObject({
      code: 'TOO_MANY_DECIMAL_PLACES',
      messageKey: 'payment.tooManyDecimalPlaces',
      message: 'amount must have at most 2 decimal places',
      upstreamCode: null,
    });
    expect(other).toMatchObject({ code: 'INVALID_INPUT', messageKey: 'payment.invalidInput', message: 'description must be shorter' });
  });

  it('gives every code of every family one entry, a Portuguese message and a distinct messageKey', () => {
    for (const family of FAMILIES) {
      const codes = familyEntries(family).map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes).toEqual(expect.arrayContaining(['REJECTED', 'INVALID_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'IDEMPOTENCY_KEY_REUSED']));
      familyEntries(family).forEach((entry) => expect(entry.pt.length).toBeGreaterThan(5));
      const upstream = familyEntries(family).flatMap((entry) => entry.upstream ?? []);
      expect(new Set(upstream).size).toBe(upstream.length);
    }
    expect(messageKeyOf('payment', 'OVER_BALANCE')).toBe('payment.overBalance');
  });

  it('negotiates the language of Accept-Language: Portuguese ranges are pt-BR, English or none is en', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('pt-BR')).toBe('pt-BR');
    expect(negotiateLocale('pt')).toBe('pt-BR');
    expect(negotiateLocale('fr-FR, pt-PT;q=0.5')).toBe('pt-BR');
    expect(negotiateLocale('pt;q=0.4, en;q=0.6')).toBe('en');
    expect(negotiateLocale('de, fr')).toBe('en');
    expect(negotiateLocale('pt;q=0, en')).toBe('en');
  });

  it('answers a header seen before as the first time, also after more distinct headers than it remembers', () => {
    const headers = Array.from({ length: 450 }, (_, i) => (i % 2 === 0 ? `pt-BR;q=0.${(i % 9) + 1}, x-${i}` : `x-${i}, en;q=0.5`));
    const first = headers.map((header) => negotiateLocale(header));
    expect(first.filter((locale) => locale === 'pt-BR')).toHaveLength(225);
    expect(headers.map((header) => negotiateLocale(header))).toEqual(first);
    expect(negotiateLocale('pt-BR')).toBe('pt-BR');
  });
});

describe('docs/errors.md, per-mutation user error codes', () => {
  const markdown = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

  it.each(FAMILIES)('lists exactly the codes of %s, with their partner codes, message keys and the meaning the SDL describes them with', (family) => {
    const { enumName } = USER_ERROR_FAMILIES[family];
    const start = markdown.indexOf(`### \`${enumName}\``);
    expect(start).toBeGreaterThan(-1);
    const rest = markdown.slice(start + 1);
    const end = rest.search(/\n##/);
    const section = end === -1 ? rest : rest.slice(0, end);
    const rows = section.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    const documented = rows.map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return {
        code: cells[1]?.replace(/`/g, ''),
        upstream: cells[2] === '' ? [] : (cells[2] ?? '').split(', ').map((code) => code.replace(/`/g, '')),
        messageKey: cells[3]?.replace(/`/g, ''),
        meaning: cells[4],
      };
    });
    expect(documented).toEqual(
      familyEntries(family).map((entry) => ({
        code: entry.code,
        upstream: [...(entry.upstream ?? [])],
        messageKey: messageKeyOf(family, entry.code),
        meaning: describeEntry(entry),
      })),
    );
  });
});
