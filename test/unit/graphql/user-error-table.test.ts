import { readFileSync } from 'node:fs';
import { UpstreamRejectedError } from '../../../src/upstream/index.js';
import { negotiateLocale } from '../../../src/graphql/common/locale.js';
import { familyEntries, messageKeyOf, presentUserErrors } from '../../../src/graphql/common/user-error-table.js';
import { ERRORS_PATH, renderUserErrorSections, updateErrorsDoc } from '../../../src/graphql/errors-doc.js';
import { USER_ERROR_FAMILIES } from '../../../src/graphql/mutations.js';
import { userError, UserErrorCode } from '../../../src/graphql/common/user-error.type.js';
import { rejectionUserErrors } from '../../../src/graphql/runtime/write.js';

const FAMILIES = Object.keys(USER_ERROR_FAMILIES);
const familyOf = (name: string) => USER_ERROR_FAMILIES[name] as NonNullable<(typeof USER_ERROR_FAMILIES)[string]>;

describe('the user error table', () => {
  it.each(FAMILIES)('maps a partner code %s does not know to its generic REJECTED, never to an internal error', (family) => {
    const error = new UpstreamRejectedError('rejected', {
      operation: 'IncluirLancamentoParcela',
      status: 200,
      items: [{ code: 'X9999', detail: 'V0042', field: '', description: 'Texto livre do parceiro', meaning: undefined }],
    });
    const [presented] = presentUserErrors(familyOf(family), rejectionUserErrors(error), 'pt-BR');
    expect(presented).toMatchObject({
      code: 'REJECTED',
      messageKey: `${familyOf(family).key}.rejected`,
      upstreamCode: 'X9999/V0042',
      message: 'O parceiro de crédito recusou a operação.',
      legacyCode: 'REJECTED',
    });
    const [english] = presentUserErrors(familyOf(family), rejectionUserErrors(error), 'en');
    expect(english?.message).toBe('The credit partner rejected the operation.');
  });

  it('maps a graph rule without a catalogue code by its rule, and an unknown rule to INVALID_INPUT', () => {
    const [decimals, other] = presentUserErrors(
      familyOf('payment'),
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
      const codes = familyEntries(familyOf(family)).map((entry) => entry.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes).toEqual(expect.arrayContaining(['REJECTED', 'INVALID_INPUT', 'NOT_FOUND', 'FORBIDDEN', 'IDEMPOTENCY_KEY_REUSED']));
      familyEntries(familyOf(family)).forEach((entry) => expect(entry.pt.length).toBeGreaterThan(5));
      const upstream = familyEntries(familyOf(family)).flatMap((entry) => entry.upstream ?? []);
      expect(new Set(upstream).size).toBe(upstream.length);
    }
    expect(messageKeyOf(familyOf('payment'), 'OVER_BALANCE')).toBe('payment.overBalance');
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
  const markdown = readFileSync(new URL(`../../../${ERRORS_PATH}`, import.meta.url), 'utf8');

  it("holds the sections generated from the mutations' declarations (npm run docs:errors)", () => {
    expect(updateErrorsDoc(markdown)).toBe(markdown);
  });

  it.each(FAMILIES)('lists every code of %s once, with its partner codes and message key', (name) => {
    const family = familyOf(name);
    const rendered = renderUserErrorSections();
    const start = rendered.indexOf(`### \`${family.enumName}\``);
    expect(start).toBeGreaterThan(-1);
    const section = rendered.slice(start).split('\n\n### ')[0] ?? '';
    const rows = section.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    expect(rows.map((line) => line.split('|')[1]?.trim().replace(/`/g, ''))).toEqual(familyEntries(family).map((entry) => entry.code));
    expect(rows.map((line) => line.split('|')[3]?.trim().replace(/`/g, ''))).toEqual(familyEntries(family).map((entry) => messageKeyOf(family, entry.code)));
  });

  it('fails a page whose generated part is stale or missing', () => {
    expect(updateErrorsDoc(markdown.replace('| `payment.overBalance` |', '| `payment.overBalanced` |'))).toBe(markdown);
    expect(() => updateErrorsDoc('# Errors\n')).toThrow(/lacks the markers/);
  });
});
