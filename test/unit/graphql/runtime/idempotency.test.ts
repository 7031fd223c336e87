import { createHash } from 'node:crypto';
import { IdempotencyKeyReusedError, requestFingerprint } from '../../../../src/graphql/runtime/idempotency.js';

describe('requestFingerprint', () => {
  it('ignores key order and undefined members, and tells values, array order and operations apart', () => {
    const base = requestFingerprint('GerarMultiplosBoletos', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 3 }] });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('GerarMultiplosBoletos', { parcelas: [{ nroParcela: 3 }], dto: { codigoProposta: 'p' } })).toBe(base);
    expect(requestFingerprint('GerarMultiplosBoletos', { dto: { codigoProposta: 'p', email: undefined }, parcelas: [{ nroParcela: 3 }] })).toBe(base);
    expect(requestFingerprint('GerarMultiplosBoletos', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 6 }] })).not.toBe(base);
    expect(requestFingerprint('GerarUnicoBoleto', { dto: { codigoProposta: 'p' }, parcelas: [{ nroParcela: 3 }] })).not.toBe(base);
    expect(requestFingerprint('X', { v: [1, 2] })).not.toBe(requestFingerprint('X', { v: [2, 1] }));
  });
});

describe('requestFingerprint, as stored in the ledger', () => {
  it('fingerprints a request containing null, apart from the same request without it', () => {
    const withNull = requestFingerprint('IncluirAvalista', { dto: { codigoProposta: 'p', email: null } });
    expect(withNull).toBe(createHash('sha256').update('{"operation":"IncluirAvalista","request":{"dto":{"codigoProposta":"p","email":null}}}').digest('hex'));
    expect(withNull).not.toBe(requestFingerprint('IncluirAvalista', { dto: { codigoProposta: 'p' } }));
  });

  it('fingerprints a Date as its ISO string, as ledgers written before the shared canonicalJson hold it', () => {
    expect(requestFingerprint('X', { at: new Date('2026-01-02T03:04:05.000Z') })).toBe(
      createHash('sha256').update('{"operation":"X","request":{"at":"2026-01-02T03:04:05.000Z"}}').digest('hex'),
    );
  });

  it('refuses a reused key with a stable code and message', () => {
    const error = new IdempotencyKeyReusedError();
    expect(error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      name: 'IdempotencyKeyReusedError',
      message: 'This idempotencyKey was already used with a different request.',
    });
  });
});
