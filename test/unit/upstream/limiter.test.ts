/**
 * The limiter the client's `rateLimit` option builds (`localLimiter`): the production fair limiter
 * over a partner budget held by this process. Time is a manual clock, so each test says to the
 * millisecond when a slot is handed out or refused.
 */
import { type CallTicket, LimiterRefusal } from '../../../src/upstream/limiter.js';
import { localLimiter } from '../../../src/upstream/scheduler.js';
import { ManualClock, settle } from './manual-clock.js';

function ticket(extra: Partial<CallTicket> = {}): CallTicket {
  return { caller: 'anonymous', write: false, waitBoundMs: Number.POSITIVE_INFINITY, ...extra };
}

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

describe('localLimiter (the rateLimit option)', () => {
  let clock: ManualClock;

  beforeEach(() => {
    clock = new ManualClock();
  });

  it.each([
    ['requestsPerSecond 0', { requestsPerSecond: 0, maxConcurrent: 1, maxWaitMs: 0 }],
    ['requestsPerSecond NaN', { requestsPerSecond: Number.NaN, maxConcurrent: 1, maxWaitMs: 0 }],
    ['maxConcurrent 0', { requestsPerSecond: 1, maxConcurrent: 0, maxWaitMs: 0 }],
    ['maxConcurrent 0.5', { requestsPerSecond: 1, maxConcurrent: 0.5, maxWaitMs: 0 }],
    ['maxWaitMs -1', { requestsPerSecond: 1, maxConcurrent: 1, maxWaitMs: -1 }],
    ['maxWaitMs NaN', { requestsPerSecond: 1, maxConcurrent: 1, maxWaitMs: Number.NaN }],
  ])('refuses %s with the rule in the message', (_name, options) => {
    expect(() => localLimiter(options, clock)).toThrow(new RangeError('rateLimit needs requestsPerSecond > 0, maxConcurrent >= 1 and maxWaitMs >= 0'));
  });

  it.each([
    // [requestsPerSecond, burst, calls admitted at once]
    [2.5, undefined, 3], // default burst: ceil(2.5)
    [0.5, undefined, 1], // default burst: at least 1
    [10, 0, 1], // an explicit burst below 1 still admits one
    [10, 4, 4],
  ])('at %s per second with burst %s admits %s calls at once', async (requestsPerSecond, burst, admitted) => {
    const limiter = localLimiter({ requestsPerSecond, ...(burst === undefined ? {} : { burst }), maxConcurrent: 100, maxWaitMs: 60_000 }, clock);
    const calls = Array.from({ length: admitted + 1 }, () => track(limiter.acquire(ticket())));
    await settle();
    expect(calls.filter((c) => c.release !== undefined)).toHaveLength(admitted);
    expect(calls[admitted]?.release).toBeUndefined();
    limiter.close();
  });

  it('spaces calls past the burst by the rate, and gives up on one at the wait bound', async () => {
    const limiter = localLimiter({ requestsPerSecond: 10, burst: 2, maxConcurrent: 100, maxWaitMs: 250 }, clock);
    const calls = Array.from({ length: 5 }, () => track(limiter.acquire(ticket())));
    await settle();
    expect(calls.map((c) => c.release !== undefined)).toEqual([true, true, false, false, false]);
    await clock.advance(100);
    expect(calls.map((c) => c.release !== undefined)).toEqual([true, true, true, false, false]);
    await clock.advance(100);
    expect(calls.map((c) => c.release !== undefined)).toEqual([true, true, true, true, false]);
    await clock.advance(50);
    expect(calls[4]?.refusal).toMatchObject({ reason: 'wait-bound' });
    limiter.close();
  });

  it('refuses at once, unsent, a call whose wait the queue already puts past the bound', async () => {
    const limiter = localLimiter({ requestsPerSecond: 10, burst: 1, maxConcurrent: 100, maxWaitMs: 150 }, clock);
    const first = track(limiter.acquire(ticket()));
    await settle();
    const queued = [track(limiter.acquire(ticket())), track(limiter.acquire(ticket()))];
    const refused = track(limiter.acquire(ticket()));
    await settle();
    expect(first.release).toEqual(expect.any(Function));
    expect(queued.map((c) => c.refusal)).toEqual([undefined, undefined]);
    expect(refused.refusal).toBeInstanceOf(LimiterRefusal);
    expect(refused.refusal).toMatchObject({ reason: 'wait-bound', name: 'LimiterRefusal' });
    limiter.close();
  });

  it('holds at most maxConcurrent slots and hands a released one to the next waiter, once', async () => {
    const limiter = localLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 1000 }, clock);
    const first = track(limiter.acquire(ticket()));
    const second = track(limiter.acquire(ticket()));
    const third = track(limiter.acquire(ticket()));
    await settle();
    expect([first, second, third].map((c) => c.release !== undefined)).toEqual([true, false, false]);
    first.release?.();
    first.release?.(); // idempotent: must not free a second slot
    await settle();
    expect([second, third].map((c) => c.release !== undefined)).toEqual([true, false]);
    second.release?.();
    await settle();
    expect(third.release).toEqual(expect.any(Function));
    limiter.close();
  });

  it('refuses a waiter whose caller gave up, and every waiter on close', async () => {
    const limiter = localLimiter({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 1, maxWaitMs: 5000 }, clock);
    track(limiter.acquire(ticket()));
    await settle();
    const controller = new AbortController();
    const aborted = limiter.acquire(ticket({ signal: controller.signal }));
    const closed = limiter.acquire(ticket());
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted' });
    limiter.close();
    await expect(closed).rejects.toMatchObject({ reason: 'closed' });
    await expect(limiter.acquire(ticket())).rejects.toMatchObject({ reason: 'closed' });
  });
});
