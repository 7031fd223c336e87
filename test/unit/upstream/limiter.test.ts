import { LimiterRefusal, RateLimiter } from '../../../src/upstream/limiter.js';

describe('RateLimiter', () => {
  let clock: number;
  const now = (): number => clock;

  beforeEach(() => {
    clock = 0;
  });

  it('admits the burst at once and refuses at once what the bucket cannot serve within the bound', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 3, maxConcurrent: 100, maxWaitMs: 150 }, now);
    const releases = await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(releases).toHaveLength(3);
    // Bucket empty: the next slot is 100 ms away (within 150), the one after 200 ms (beyond).
    const waiting = limiter.acquire();
    await expect(limiter.acquire()).rejects.toMatchObject({ reason: 'wait-bound' });
    expect(limiter.waiting).toBe(1);
    clock = 100;
    await expect(waiting).resolves.toEqual(expect.any(Function));
    limiter.close();
  });

  it('honours a tighter per-call bound (the remaining deadline)', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 10, maxWaitMs: 10_000 }, now);
    await limiter.acquire();
    await expect(limiter.acquire({ waitBoundMs: 50 })).rejects.toBeInstanceOf(LimiterRefusal);
    limiter.close();
  });

  it('hands a released concurrency slot to the first waiter, in order', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, now);
    const release = await limiter.acquire();
    const order: number[] = [];
    const second = limiter.acquire().then((r) => {
      order.push(2);
      return r;
    });
    const third = limiter.acquire().then((r) => {
      order.push(3);
      return r;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    release(); // idempotent: must not free a second slot
    (await second)();
    (await third)();
    expect(order).toEqual([2, 3]);
    limiter.close();
  });

  it('refuses a waiter whose caller gave up, and every waiter on close', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 5000 }, now);
    await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire({ signal: controller.signal, waitBoundMs: Number.POSITIVE_INFINITY });
    const closed = limiter.acquire();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted' });
    limiter.close();
    await expect(closed).rejects.toMatchObject({ reason: 'closed' });
    await expect(limiter.acquire()).rejects.toMatchObject({ reason: 'closed' });
  });

  it('refuses invalid settings', () => {
    expect(() => new RateLimiter({ requestsPerSecond: 0, maxConcurrent: 1, maxWaitMs: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requestsPerSecond: 1, maxConcurrent: 0, maxWaitMs: 0 })).toThrow(RangeError);
  });
});
