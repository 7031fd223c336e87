import { createIdempotencyStore } from '../../../src/graphql/common/idempotency.js';

describe('createIdempotencyStore', () => {
  it('writes once per key and answers repeats, concurrent ones included, with the first answer', async () => {
    const store = createIdempotencyStore();
    let writes = 0;
    const write = async (): Promise<number> => ++writes;
    const [a, b] = await Promise.all([store.once('k', write), store.once('k', write)]);
    const c = await store.once('k', write);
    expect([a, b, c, writes]).toEqual([1, 1, 1, 1]);
    expect(await store.once('other', write)).toBe(2);
  });

  it('forgets failed writes so a retry reaches the partner again', async () => {
    const store = createIdempotencyStore();
    await expect(store.once('k', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    await expect(store.once('k', async () => 'ok')).resolves.toBe('ok');
  });

  it('forgets answers after their time to live and beyond its size', async () => {
    let now = 0;
    const store = createIdempotencyStore({ ttlMs: 1000, maxEntries: 2, now: () => now });
    let writes = 0;
    const write = async (): Promise<number> => ++writes;
    await store.once('a', write);
    now = 999;
    expect(await store.once('a', write)).toBe(1);
    now = 1000;
    expect(await store.once('a', write)).toBe(2);
    await store.once('b', write);
    await store.once('c', write);
    expect(await store.once('a', write)).toBe(5); // 'a' was the oldest of three: dropped
  });
});
