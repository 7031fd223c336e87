import { createHash } from 'node:crypto';
import { canonicalJson, IdempotencyKeyReusedError, requestFingerprint } from '../../../../src/graphql/runtime/idempotency.js';

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

describe('canonicalJson (the request fingerprint)', () => {
  it.each([
    [{ b: 1, a: 2, B: 3 }, '{"B":3,"a":2,"b":1}'],
    [[1, undefined, null], '[1,null,null]'],
    [{ a: null }, '{"a":null}'],
    [null, 'null'],
    [undefined, 'null'],
    [new Date('2026-01-02T03:04:05.000Z'), '"2026-01-02T03:04:05.000Z"'],
    [{ d: new Date('2026-01-02T03:04:05.000Z') }, '{"d":"2026-01-02T03:04:05.000Z"}'],
    [{ x: [{ z: 1, y: 2 }] }, '{"x":[{"y":2,"z":1}]}'],
    ['text', '"text"'],
    [{}, '{}'],
    [[], '[]'],
  ])('%p -> %s', (value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });

  it('fingerprints a request containing null, apart from the same request without it', () => {
    const withNull = requestFingerprint('IncluirAvalista', { dto: { codigoProposta: 'p', email: null } });
    expect(withNull).toBe(createHash('sha256').update('{"operation":"IncluirAvalista","request":{"dto":{"codigoProposta":"p","email":null}}}').digest('hex'));
    expect(withNull).not.toBe(requestFingerprint('IncluirAvalista', { dto: { codigoProposta: 'p' } }));
  });

  it('refuses a reused key with a stable code and message', () => {
    const error = new IdempotencyKeyReusedError();
    expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', name: 'IdempotencyKeyReusedError', message: 'This idempotencyKey was already used with a different request.' });
  });
});
