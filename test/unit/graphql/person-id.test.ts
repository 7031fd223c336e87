import { createPersonIds } from '../../../src/graphql/common/person-id.js';

const SECRET = 'a test secret of at least thirty-two characters';
const CPF = '39053344705';
const CNPJ = '11222333000181';

describe('createPersonIds', () => {
  const ids = createPersonIds(SECRET);

  it('issues the same id for the same document, from any codec with the same secret (every replica)', () => {
    expect(ids.encode(CPF)).toBe(createPersonIds(SECRET).encode(CPF));
    expect(ids.encode(CPF)).not.toBe(ids.encode(CNPJ));
  });

  it('maps the id back to the document, CPF or CNPJ', () => {
    expect(ids.decode(ids.encode(CPF))).toBe(CPF);
    expect(ids.decode(ids.encode(CNPJ))).toBe(CNPJ);
  });

  it('never shows the document, nor the id of another secret', () => {
    const id = ids.encode(CPF);
    expect(id).toMatch(/^P1[A-Za-z0-9_-]+$/);
    expect(id).not.toContain(CPF);
    expect(Buffer.from(id.slice(2), 'base64url').toString('latin1')).not.toContain(CPF);
    expect(createPersonIds(`${SECRET}!`).encode(CPF)).not.toBe(id);
  });

  it('refuses every id with one character changed (the tag or the nonce no longer verifies)', () => {
    const id = ids.encode(CPF);
    for (let index = 0; index < id.length; index += 1) {
      const other = id.charAt(index) === 'A' ? 'B' : 'A';
      const tampered = `${id.slice(0, index)}${other}${id.slice(index + 1)}`;
      expect(ids.decode(tampered)).toBeUndefined();
    }
  });

  it('decodes only the exact id it issued: one character appended (which base64url decoding ignores) names nobody', () => {
    for (const document of [CPF, CNPJ]) {
      const id = ids.encode(document);
      for (const extra of ['A', 'Q', 'g', 'w', '0', '_', '-', 'AA', 'AAAA']) {
        expect({ extra, decoded: ids.decode(`${id}${extra}`) }).toEqual({ extra, decoded: undefined });
      }
      expect(ids.decode(id)).toBe(document);
    }
  });

  it('refuses ids of another secret, truncated ids, other prefixes and non-base64url text', () => {
    const id = ids.encode(CPF);
    expect(createPersonIds(`${SECRET}!`).decode(id)).toBeUndefined();
    expect(ids.decode(id.slice(0, -1))).toBeUndefined();
    expect(ids.decode(id.slice(0, 20))).toBeUndefined();
    expect(ids.decode(`P2${id.slice(2)}`)).toBeUndefined();
    expect(ids.decode(`${id}=`)).toBeUndefined();
    expect(ids.decode(CPF)).toBeUndefined();
    expect(ids.decode('')).toBeUndefined();
    expect(ids.decode('P1')).toBeUndefined();
  });
});
