import { canonicalJson, requestFingerprint } from '../../../src/graphql/common/idempotency.js';

describe('requestFingerprint', () => {
  it('ignores key order and undefined members, and tells values, array order and operations apart', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined } })).toBe('{"a":{"d":[2,1]},"b":1}');
    const base = requestFingerprint('GerarMultiplosBoletos', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 3 }] });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('GerarMultiplosBoletos', { parcelas: [{ nroParcela: 3 }], dto: { codigoProposta: 'p' } })).toBe(base);
    expect(requestFingerprint('GerarMultiplosBoletos', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 6 }] })).not.toBe(base);
    expect(requestFingerprint('GerarUnicoBoleto', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 3 }] })).not.toBe(base);
    expect(requestFingerprint('X', { v: [1, 2] })).not.toBe(requestFingerprint('X', { v: [2, 1] }));
  });
});
