import { canonicalJson, createIdempotencyStore, IdempotencyKeyReusedError, requestFingerprint } from '../../../src/graphql/common/idempotency.js';

describe('createIdempotencyStore', () => {
  it('writes once per key and answers repeats, concurrent ones included, with the first answer', async () => {
    const store = createIdempotencyStore();
    let writes = 0;
    const write = async (): Promise<number> => ++writes;
    const [a, b] = await Promise.all([store.once('k', 'f', write), store.once('k', 'f', write)]);
    const c = await store.once('k', 'f', write);
    expect([a, b, c, writes]).toEqual([1, 1, 1, 1]);
    expect(await store.once('other', 'f', write)).toBe(2);
  });

  it('forgets failed writes so a retry reaches the partner again', async () => {
    const store = createIdempotencyStore();
    await expect(store.once('k', 'f', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    await expect(store.once('k', 'f', async () => 'ok')).resolves.toBe('ok');
  });

  it('forgets answers after their time to live and beyond its size', async () => {
    let now = 0;
    const store = createIdempotencyStore({ ttlMs: 1000, maxEntries: 2, now: () => now });
    let writes = 0;
    const write = async (): Promise<number> => ++writes;
    await store.once('a', 'f', write);
    now = 999;
    expect(await store.once('a', 'f', write)).toBe(1);
    now = 1000;
    expect(await store.once('a', 'f', write)).toBe(2);
    await store.once('b', 'f', write);
    await store.once('c', 'f', write);
    expect(await store.once('a', 'f', write)).toBe(5); // 'a' was the oldest of three: dropped
  });

  it('refuses a key reused with another fingerprint without writing, and still replays the first request', async () => {
    const store = createIdempotencyStore();
    let writes = 0;
    const write = async (): Promise<number> => ++writes;
    expect(await store.once('k', 'f1', write)).toBe(1);
    await expect(store.once('k', 'f2', write)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(store.once('k', 'f2', write)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await store.once('k', 'f1', write)).toBe(1);
    expect(writes).toBe(1);
  });

  it('forgets a failed write, so the key may then carry another request', async () => {
    const store = createIdempotencyStore();
    await expect(store.once('k', 'f1', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    await expect(store.once('k', 'f2', async () => 'ok')).resolves.toBe('ok');
  });
});

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
