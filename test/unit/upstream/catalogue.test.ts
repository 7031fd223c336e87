import { CATALOGUE, catalogueEntry, isCatalogueCode, meaningOf, OBSERVED_CODES, observedMeaningOf } from '../../../src/upstream/catalogue.js';

/** Every code/detail pair the contract's "Errors" section lists. */
const CONTRACT: Array<[string, string[]]> = [
  ['C0060', ['V0001', 'V0002', 'V0003', 'V0004', 'V0005', 'V0006']],
  ['C0112', ['V0001', 'V0002']],
  ['T0668', ['D0001', 'D0002', 'D0003', 'D0004', 'D0005', 'D0006', 'D0007', 'D0008', 'D0009', 'D0010', 'D0011', 'D0012', 'D0013']],
  ['C0068', ['V0001', 'V0002', 'V0003']],
  ['C0107', ['V0001', 'V0002', 'V0003']],
  ['C0020', ['V0001']],
  ['T0665', ['D0001', 'D0002', 'D0016', 'D0017', 'D0018', 'D0019', 'D0020', 'D0021', 'D0022', 'D0023']],
  ['400', ['4', '5', '10', '13', '27', '28', '38']],
];

describe('catalogue', () => {
  it('lists every code and detail of the contract, and nothing else', () => {
    const expected = CONTRACT.flatMap(([code, details]) => details.map((d) => `${code}/${d}`)).sort();
    const actual = CATALOGUE.map((e) => `${e.code}/${e.detail}`).sort();
    expect(actual).toEqual(expected);
    expect(actual).toHaveLength(45);
  });

  it('gives every entry a distinct key and an English meaning', () => {
    const keys = new Set(CATALOGUE.map((e) => `${e.code}/${e.detail}`));
    expect(keys.size).toBe(CATALOGUE.length);
    for (const entry of CATALOGUE) {
      expect(entry.meaning).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('maps a code and detail to its meaning', () => {
    expect(meaningOf('C0112', 'V0001')).toBe('Proposal not found.');
    expect(meaningOf('C0112', 'V0002')).toBe('The proposal does not belong to this integration.');
    expect(meaningOf('C0060', 'V0003')).toBe('Signers cannot be added: the proposal must be approved.');
    expect(meaningOf('T0665', 'D0023')).toBe('The client must be an individual.');
    expect(meaningOf('400', '27')).toBe('Operation already cancelled.');
  });

  it('ignores case and blanks, and zero padding of CancelarProposta numbers', () => {
    expect(meaningOf(' c0068 ', 'v0003')).toBe('The document cannot be changed while it is in automatic analysis.');
    expect(meaningOf('400', '04')).toBe('Invalid CPF number.');
    expect(catalogueEntry('400', '4')?.kind).toBe('validation');
    expect(catalogueEntry('400', '28')?.kind).toBe('business');
  });

  it('knows nothing about codes the contract does not list', () => {
    expect(meaningOf('C0060', 'V0007')).toBeUndefined();
    expect(meaningOf('T0665', 'D0003')).toBeUndefined();
    expect(meaningOf('400', '6')).toBeUndefined();
    expect(meaningOf('', '')).toBeUndefined();
  });
});

describe('observed codes', () => {
  it('are kept apart from the contract catalogue: none overlaps it, meaningOf does not know them', () => {
    const contract = new Set(CATALOGUE.map((e) => `${e.code}/${e.detail}`));
    for (const entry of OBSERVED_CODES) {
      expect(contract.has(`${entry.code}/${entry.detail}`)).toBe(false);
      expect(meaningOf(entry.code, entry.detail)).toBeUndefined();
      expect(entry.meaning).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('give the English meaning of the sandbox-documented codes, and nothing for contract codes', () => {
    expect(observedMeaningOf('C0202', 'V0002')).toBe('The payment plus the discount exceeds the installment balance.');
    expect(observedMeaningOf(' i0001 ', 'v0001')).toBe('The idempotency key was already used with a different request.');
    expect(observedMeaningOf('C0210', 'V0002')).toBe('The document is invalid.');
    expect(observedMeaningOf('C0112', 'V0001')).toBeUndefined();
    expect(OBSERVED_CODES).toHaveLength(36);
  });
});

describe('isCatalogueCode', () => {
  it('matches code and detail, ignoring case and surrounding blanks', () => {
    expect(isCatalogueCode({ code: ' c0112', detail: 'v0001 ' }, 'C0112', 'V0001')).toBe(true);
    expect(isCatalogueCode({ code: 'C0112', detail: 'V0002' }, 'C0112', 'V0001')).toBe(false);
    expect(isCatalogueCode({ code: 'C0200', detail: 'V0001' }, 'C0112', 'V0001')).toBe(false);
  });
});
