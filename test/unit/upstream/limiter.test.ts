import { jest } from '@jest/globals';
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

/**
 * The same limiter under jest's fake timers: `Date.now()` is the limiter's clock and moves only with
 * the timers, so each test says to the millisecond when a slot is handed out or refused.
 */
describe('RateLimiter, to the millisecond', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const clockNow = (): number => Date.now();

  /** A pending acquisition whose outcome the test reads after letting promises settle. */
  function track(promise: Promise<() => void>) {
    const state: { release?: () => void; refusal?: LimiterRefusal } = {};
    promise.then(
      (release) => {
        state.release = release;
      },
      (error: LimiterRefusal) => {
        state.refusal = error;
      },
    );
    return state;
  }

  async function flush(): Promise<void> {
    for (let i = 0; i < 5; i += 1) {
      await Promise.resolve();
    }
  }

  async function advance(ms: number): Promise<void> {
    jest.advanceTimersByTime(ms);
    await flush();
  }

  it.each([
    ['requestsPerSecond 0', { requestsPerSecond: 0, maxConcurrent: 1, maxWaitMs: 0 }],
    ['requestsPerSecond NaN', { requestsPerSecond: Number.NaN, maxConcurrent: 1, maxWaitMs: 0 }],
    ['maxConcurrent 0', { requestsPerSecond: 1, maxConcurrent: 0, maxWaitMs: 0 }],
    ['maxConcurrent 0.5', { requestsPerSecond: 1, maxConcurrent: 0.5, maxWaitMs: 0 }],
    ['maxWaitMs -1', { requestsPerSecond: 1, maxConcurrent: 1, maxWaitMs: -1 }],
    ['maxWaitMs NaN', { requestsPerSecond: 1, maxConcurrent: 1, maxWaitMs: Number.NaN }],
  ])('refuses %s with the rule in the message', (_name, options) => {
    expect(() => new RateLimiter(options, clockNow)).toThrow(
      new RangeError('rateLimit needs requestsPerSecond > 0, maxConcurrent >= 1 and maxWaitMs >= 0'),
    );
  });

  it('accepts the smallest valid settings (a tiny rate, one slot, no wait)', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 0.001, maxConcurrent: 1, maxWaitMs: 0 }, clockNow);
    await expect(limiter.acquire()).resolves.toEqual(expect.any(Function));
    limiter.close();
  });

  it.each([
    // [requestsPerSecond, burst, calls admitted at once]
    [2.5, undefined, 3], // default burst: ceil(2.5)
    [0.5, undefined, 1], // default burst: at least 1
    [10, 0, 1], // an explicit burst below 1 still admits one
    [10, 4, 4],
  ])('at %s per second with burst %s admits %s calls at once', async (requestsPerSecond, burst, admitted) => {
    const limiter = new RateLimiter({ requestsPerSecond, ...(burst === undefined ? {} : { burst }), maxConcurrent: 100, maxWaitMs: 60_000 }, clockNow);
    const calls = Array.from({ length: admitted + 1 }, () => track(limiter.acquire()));
    await flush();
    expect(calls.filter((c) => c.release !== undefined)).toHaveLength(admitted);
    expect(calls[admitted]?.release).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    limiter.close();
  });

  it('hands the next token to a waiter exactly when it refills, one token per waiter', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 100, maxWaitMs: 1000 }, clockNow);
    const first = track(limiter.acquire());
    const second = track(limiter.acquire());
    const third = track(limiter.acquire());
    await flush();
    expect(first.release).toBeDefined();
    expect(limiter.waiting).toBe(2);
    // One refill timer for the queue (not one per waiter), plus each waiter's wait-bound timer.
    expect(jest.getTimerCount()).toBe(3);
    await advance(99);
    expect(second.release).toBeUndefined();
    await advance(1);
    expect(second.release).toBeDefined();
    expect(third.release).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    await advance(99);
    expect(third.release).toBeUndefined();
    await advance(1);
    expect(third.release).toBeDefined();
    expect(limiter.waiting).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    limiter.close();
  });

  it('arms the refill timer for the moment the next token is whole (rounded up)', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 3, burst: 1, maxConcurrent: 100, maxWaitMs: 1000 }, clockNow);
    await limiter.acquire();
    const waiter = track(limiter.acquire());
    jest.advanceTimersToNextTimer();
    expect(Date.now()).toBe(334);
    await flush();
    expect(waiter.release).toBeDefined();
    limiter.close();
  });

  it('counts refilled tokens once: time already credited is not credited again', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 5, maxConcurrent: 100, maxWaitMs: 60_000 }, clockNow);
    for (let i = 0; i < 5; i += 1) {
      await limiter.acquire();
    }
    jest.setSystemTime(100);
    const refilled = track(limiter.acquire());
    await flush();
    expect(refilled.release).toBeDefined();
    const next = track(limiter.acquire());
    await flush();
    expect(next.release).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    limiter.close();
  });

  it('never lets an idle bucket grow past the burst', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 2, maxConcurrent: 100, maxWaitMs: 60_000 }, clockNow);
    jest.setSystemTime(10_000);
    const calls = [track(limiter.acquire()), track(limiter.acquire()), track(limiter.acquire())];
    await flush();
    expect(calls.map((c) => c.release !== undefined)).toEqual([true, true, false]);
    limiter.close();
  });

  it('does not let a newcomer jump a waiter once the token it waits for has refilled', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 100, maxWaitMs: 1000 }, clockNow);
    await limiter.acquire();
    const waiter = track(limiter.acquire());
    await flush();
    // The token is back, but the refill timer has not fired yet: the newcomer queues behind.
    jest.setSystemTime(100);
    const newcomer = track(limiter.acquire());
    await flush();
    // Queueing it served the head, which takes the token; the newcomer waits for the next one.
    expect(waiter.release).toBeDefined();
    expect(newcomer.release).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    limiter.close();
  });

  it('refuses at once, naming the wait, a call the bucket cannot serve within the bound; the bound itself is allowed', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 100, maxWaitMs: 100 }, clockNow);
    await limiter.acquire();
    const atBound = track(limiter.acquire());
    const over = track(limiter.acquire());
    await flush();
    expect(atBound.refusal).toBeUndefined();
    expect(over.refusal?.reason).toBe('wait-bound');
    expect(over.refusal?.message).toBe('rate limit: a slot is 200 ms away, over the 100 ms wait bound');
    expect(limiter.waiting).toBe(1);
    limiter.close();
  });

  it('rounds the announced wait up and uses the tighter of the two bounds', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 3, burst: 1, maxConcurrent: 100, maxWaitMs: 10_000 }, clockNow);
    await limiter.acquire();
    await expect(limiter.acquire({ waitBoundMs: 300 })).rejects.toThrow('rate limit: a slot is 334 ms away, over the 300 ms wait bound');
    const capped = new RateLimiter({ requestsPerSecond: 3, burst: 1, maxConcurrent: 100, maxWaitMs: 300 }, clockNow);
    await capped.acquire();
    await expect(capped.acquire({ waitBoundMs: 10_000 })).rejects.toThrow('rate limit: a slot is 334 ms away, over the 300 ms wait bound');
    expect(limiter.waiting).toBe(0);
    limiter.close();
    capped.close();
  });

  it('holds at most maxConcurrent slots and never counts a double release twice', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 60_000 }, clockNow);
    const first = track(limiter.acquire());
    const second = track(limiter.acquire());
    const third = track(limiter.acquire());
    await flush();
    expect(first.release).toBeDefined();
    expect(second.release).toBeUndefined();
    expect(limiter.waiting).toBe(2);
    first.release?.();
    first.release?.();
    await flush();
    expect(second.release).toBeDefined();
    expect(third.release).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    second.release?.();
    await flush();
    expect(third.release).toBeDefined();
    expect(limiter.waiting).toBe(0);
    limiter.close();
  });

  it('arms no refill timer while the concurrency cap, not the bucket, holds the queue', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    const first = track(limiter.acquire());
    const second = track(limiter.acquire());
    await flush();
    // Only the waiter's own wait-bound timer.
    expect(jest.getTimerCount()).toBe(1);
    await advance(50);
    first.release?.();
    await flush();
    // Slot free, token half refilled: the refill timer is armed for the remaining 50 ms.
    expect(jest.getTimerCount()).toBe(2);
    await advance(49);
    expect(second.release).toBeUndefined();
    await advance(1);
    expect(second.release).toBeDefined();
    limiter.close();
  });

  it('gives up on a waiter exactly at its bound (maxWaitMs when the call has none), forgets it and keeps the slot free', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 250 }, clockNow);
    const first = track(limiter.acquire());
    const waiter = track(limiter.acquire());
    await advance(249);
    expect(waiter.refusal).toBeUndefined();
    expect(limiter.waiting).toBe(1);
    await advance(1);
    expect(waiter.refusal?.reason).toBe('wait-bound');
    expect(waiter.refusal?.message).toBe('rate limit: no slot within the 250 ms wait bound');
    expect(limiter.waiting).toBe(0);
    first.release?.();
    await flush();
    // The refused waiter took nothing: a new call gets the slot at once.
    const next = track(limiter.acquire());
    await flush();
    expect(next.release).toBeDefined();
    expect(waiter.release).toBeUndefined();
    limiter.close();
  });

  it('waits for a per-call bound tighter than maxWaitMs', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 10_000 }, clockNow);
    await limiter.acquire();
    const waiter = track(limiter.acquire({ waitBoundMs: 40 }));
    await advance(39);
    expect(waiter.refusal).toBeUndefined();
    await advance(1);
    expect(waiter.refusal?.message).toBe('rate limit: no slot within the 40 ms wait bound');
    limiter.close();
  });

  it('refuses at once, without queueing, a call whose signal is already aborted', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    await limiter.acquire();
    const controller = new AbortController();
    controller.abort();
    const refused = track(limiter.acquire({ signal: controller.signal, waitBoundMs: 1000 }));
    await flush();
    expect(refused.refusal?.reason).toBe('aborted');
    expect(refused.refusal?.message).toBe('aborted while waiting for a rate-limit slot');
    expect(limiter.waiting).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    limiter.close();
  });

  it('forgets an aborted waiter with its timer and listener, and the slot goes to the next one', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    const first = track(limiter.acquire());
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    const aborted = track(limiter.acquire({ signal: controller.signal, waitBoundMs: 1000 }));
    const next = track(limiter.acquire());
    await flush();
    expect(limiter.waiting).toBe(2);
    controller.abort();
    await flush();
    expect(aborted.refusal?.reason).toBe('aborted');
    expect(aborted.refusal?.message).toBe('aborted while waiting for a rate-limit slot');
    expect(limiter.waiting).toBe(1);
    expect(jest.getTimerCount()).toBe(1);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    first.release?.();
    await flush();
    expect(next.release).toBeDefined();
    expect(aborted.release).toBeUndefined();
    limiter.close();
  });

  it('removes the abort listener of a waiter it serves', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    const first = track(limiter.acquire());
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    const waiter = track(limiter.acquire({ signal: controller.signal, waitBoundMs: 1000 }));
    await flush();
    first.release?.();
    await flush();
    expect(waiter.release).toBeDefined();
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    expect(jest.getTimerCount()).toBe(0);
    limiter.close();
  });

  it('on close refuses every waiter, clears every timer and refuses later calls', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 100, maxWaitMs: 1000 }, clockNow);
    await limiter.acquire();
    const a = track(limiter.acquire());
    const b = track(limiter.acquire());
    await flush();
    expect(jest.getTimerCount()).toBe(3);
    limiter.close();
    await flush();
    expect(jest.getTimerCount()).toBe(0);
    expect(limiter.waiting).toBe(0);
    expect([a.refusal?.reason, b.refusal?.reason]).toEqual(['closed', 'closed']);
    expect(a.refusal?.message).toBe('the client is closed');
    const later = track(limiter.acquire());
    await flush();
    expect(later.refusal?.reason).toBe('closed');
    expect(later.refusal?.message).toBe('the client is closed');
    expect(later.refusal?.name).toBe('LimiterRefusal');
  });

  it('refuses at once a call whose deadline has already passed, even with tokens to spare', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    await limiter.acquire();
    const late = track(limiter.acquire({ waitBoundMs: -5 }));
    await flush();
    expect(late.refusal?.message).toBe('rate limit: a slot is 0 ms away, over the -5 ms wait bound');
    expect(limiter.waiting).toBe(0);
    limiter.close();
  });

  it('looks at the signal only when the call must wait: a free slot with its last whole token is handed out', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 1, maxWaitMs: 1000 }, clockNow);
    const controller = new AbortController();
    controller.abort();
    const admitted = track(limiter.acquire({ signal: controller.signal, waitBoundMs: 1000 }));
    await flush();
    expect(admitted.release).toBeDefined();
    limiter.close();
  });
});
