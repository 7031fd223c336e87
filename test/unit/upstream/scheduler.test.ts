import { jest } from '@jest/globals';
import { MemoryPartnerBudget, type PartnerBudget, type PartnerGrant } from '../../../src/upstream/budget.js';
import { LimiterRefusal } from '../../../src/upstream/limiter.js';
import { FairLimiter, REAL_CLOCK } from '../../../src/upstream/scheduler.js';
import { ManualClock } from './manual-clock.js';

/** Records which caller got each slot, in order, and keeps the slot until released. */
function tracker(limiter: FairLimiter) {
  const served: string[] = [];
  const releases: Array<() => void> = [];
  const failures: Array<[string, string]> = [];
  const ask = (caller: string, write = false, waitBoundMs = 60_000): void => {
    limiter.acquire({ caller, write, waitBoundMs }).then(
      (release) => {
        served.push(write ? `${caller}:write` : caller);
        releases.push(release);
      },
      (error: LimiterRefusal) => failures.push([caller, error.reason]),
    );
  };
  return { served, releases, failures, ask };
}

describe('FairLimiter', () => {
  let clock: ManualClock;

  beforeEach(() => {
    clock = new ManualClock();
  });

  function limiter(options: { rps?: number; burst?: number; maxConcurrent?: number; maxWaitMs?: number; weights?: Record<string, number> } = {}) {
    const budget = new MemoryPartnerBudget(
      { requestsPerSecond: options.rps ?? 1, burst: options.burst ?? 1, maxConcurrent: options.maxConcurrent ?? 100 },
      () => clock.now(),
    );
    return {
      budget,
      limiter: new FairLimiter({
        budget,
        requestsPerSecond: options.rps ?? 1,
        maxWaitMs: options.maxWaitMs ?? 60_000,
        clock,
        ...(options.weights ? { weights: options.weights } : {}),
      }),
    };
  }

  it('serves two callers in turn however many calls the first one queued', async () => {
    const { limiter: fair } = limiter();
    const t = tracker(fair);
    for (let i = 0; i < 6; i += 1) {
      t.ask('flood');
    }
    t.ask('normal');
    t.ask('normal');
    await clock.advance(0);
    expect(t.served).toEqual(['flood']);
    expect(fair.waiting).toBe(7);
    expect(fair.waitingOf('flood')).toBe(5);
    expect(fair.waitingOf('normal')).toBe(2);
    await clock.advance(4000);
    expect(t.served).toEqual(['flood', 'normal', 'flood', 'normal', 'flood']);
    expect(fair.waitingOf('normal')).toBe(0);
    expect(fair.order).toEqual(['flood']);
    fair.close();
  });

  it('puts a newcomer behind the callers already waiting, not behind their whole queues', async () => {
    const { limiter: fair } = limiter();
    const t = tracker(fair);
    t.ask('a');
    t.ask('a');
    t.ask('b');
    t.ask('b');
    await clock.advance(0);
    t.ask('c');
    expect(fair.order).toEqual(['b', 'a', 'c']);
    await clock.advance(3000);
    expect(t.served).toEqual(['a', 'b', 'a', 'c']);
    fair.close();
  });

  it('serves a weighted caller its weight of calls per turn', async () => {
    const { limiter: fair } = limiter({ weights: { ui: 3 } });
    const t = tracker(fair);
    t.ask('batch');
    await clock.advance(0);
    for (let i = 0; i < 6; i += 1) {
      t.ask('ui');
      t.ask('batch');
    }
    await clock.advance(8000);
    expect(t.served).toEqual(['batch', 'ui', 'ui', 'ui', 'batch', 'ui', 'ui', 'ui', 'batch']);
    fair.close();
  });

  it('serves writes before any waiting read', async () => {
    const { limiter: fair } = limiter();
    const t = tracker(fair);
    t.ask('a');
    t.ask('a');
    t.ask('b');
    t.ask('c', true);
    await clock.advance(0);
    expect(t.served).toEqual(['c:write']);
    await clock.advance(2000);
    expect(t.served).toEqual(['c:write', 'a', 'b']);
    fair.close();
  });

  it('holds at most maxConcurrent slots and hands a released slot to the next caller in turn', async () => {
    const { limiter: fair, budget } = limiter({ rps: 100, burst: 100, maxConcurrent: 2 });
    const t = tracker(fair);
    t.ask('a');
    t.ask('a');
    t.ask('a');
    t.ask('b');
    await clock.advance(0);
    expect(t.served).toEqual(['a', 'b']);
    expect(fair.inFlight).toBe(2);
    expect(budget.inFlight).toBe(2);
    t.releases[0]?.();
    await clock.advance(0);
    expect(t.served).toEqual(['a', 'b', 'a']);
    expect(budget.inFlight).toBe(2);
    t.releases[1]?.();
    t.releases[1]?.(); // a second release of the same slot frees nothing more
    await clock.advance(0);
    expect(t.served).toEqual(['a', 'b', 'a', 'a']);
    expect(fair.inFlight).toBe(2);
    fair.close();
  });

  it('refuses at once a call whose wait would pass the bound, counting only the turns it needs', async () => {
    const { limiter: fair } = limiter();
    const t = tracker(fair);
    for (let i = 0; i < 10; i += 1) {
      t.ask('flood');
    }
    await clock.advance(0);
    // flood's 11th call is 9 queued calls (9 s) away: refused now, nothing queued for it.
    t.ask('flood', false, 2500);
    await clock.advance(0);
    expect(t.failures).toEqual([['flood', 'wait-bound']]);
    expect(fair.waitingOf('flood')).toBe(9);
    // Another caller needs one turn: one flood call ahead, so it queues.
    t.ask('normal', false, 2500);
    await clock.advance(0);
    expect(fair.waitingOf('normal')).toBe(1);
    await clock.advance(2000);
    expect(t.served).toEqual(['flood', 'flood', 'normal']);
    expect(t.failures).toHaveLength(1);
    fair.close();
  });

  it('gives up on a call at the wait bound, and forgets it', async () => {
    const { limiter: fair } = limiter({ maxWaitMs: 60_000 });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    t.ask('b', false, 500);
    t.ask('c', false, 5000);
    await clock.advance(0);
    expect(fair.waiting).toBe(2);
    await clock.advance(600);
    expect(t.failures).toEqual([['b', 'wait-bound']]);
    expect(fair.order).toEqual(['c']);
    await clock.advance(500);
    expect(t.served).toEqual(['a', 'c']);
    expect(fair.waiting).toBe(0);
    fair.close();
  });

  it('forgets an aborted call and refuses everything once closed', async () => {
    const { limiter: fair } = limiter();
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    const controller = new AbortController();
    const aborted = fair.acquire({ caller: 'b', write: false, waitBoundMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted' });
    expect(fair.waiting).toBe(0);
    t.ask('c');
    fair.close();
    await clock.advance(0);
    expect(t.failures).toEqual([['c', 'closed']]);
    await expect(fair.acquire({ caller: 'd', write: false, waitBoundMs: 1 })).rejects.toBeInstanceOf(LimiterRefusal);
  });
});

describe('FairLimiter, rule by rule', () => {
  let clock: ManualClock;

  beforeEach(() => {
    clock = new ManualClock();
  });

  /** A partner budget whose every answer the test scripts, recording what was asked of it. */
  class ScriptedBudget implements PartnerBudget {
    readonly released: string[] = [];
    acquired = 0;
    answers: Array<PartnerGrant | Error> = [];
    private next = 0;

    async tryAcquire(): Promise<PartnerGrant> {
      this.acquired += 1;
      const answer = this.answers.shift();
      if (answer instanceof Error) {
        throw answer;
      }
      if (answer !== undefined) {
        return answer;
      }
      this.next += 1;
      return { ok: true, lease: `s${this.next}` };
    }

    async release(lease: string): Promise<void> {
      this.released.push(lease);
    }

    async close(): Promise<void> {}
  }

  function memoryLimiter(
    options: { rps?: number; burst?: number; budgetBurst?: number; maxConcurrent?: number; maxWaitMs?: number; weights?: Record<string, number> } = {},
  ) {
    const budget = new MemoryPartnerBudget(
      { requestsPerSecond: options.rps ?? 1, burst: options.budgetBurst ?? options.burst ?? 1, maxConcurrent: options.maxConcurrent ?? 100 },
      () => clock.now(),
    );
    const events: Array<{ waiting: number; inFlight: number }> = [];
    const fair = new FairLimiter({
      budget,
      requestsPerSecond: options.rps ?? 1,
      ...(options.burst === undefined ? {} : { burst: options.burst }),
      maxWaitMs: options.maxWaitMs ?? 60_000,
      clock,
      onQueue: (event) => events.push(event),
      ...(options.weights ? { weights: options.weights } : {}),
    });
    return { budget, fair, events };
  }

  it.each([
    ['requestsPerSecond 0', 0, 0],
    ['requestsPerSecond NaN', Number.NaN, 0],
    ['maxWaitMs -1', 1, -1],
    ['maxWaitMs NaN', 1, Number.NaN],
  ])('refuses %s, naming the rule', (_name, requestsPerSecond, maxWaitMs) => {
    expect(() => new FairLimiter({ budget: new ScriptedBudget(), requestsPerSecond, maxWaitMs, clock })).toThrow(
      new RangeError('the fair limiter needs requestsPerSecond > 0 and maxWaitMs >= 0'),
    );
  });

  it('accepts a tiny rate and no wait at all', async () => {
    const fair = new FairLimiter({ budget: new ScriptedBudget(), requestsPerSecond: 0.001, maxWaitMs: 0, clock });
    await expect(fair.acquire({ caller: 'a', write: false, waitBoundMs: 0 })).resolves.toEqual(expect.any(Function));
    fair.close();
  });

  it('refuses at once, with the reason and the message, a call already aborted, and every call once closed', async () => {
    const { fair } = memoryLimiter();
    const controller = new AbortController();
    controller.abort();
    const aborted = fair.acquire({ caller: 'a', write: false, waitBoundMs: 60_000, signal: controller.signal });
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted', message: 'aborted while waiting for a rate-limit slot' });
    expect(fair.waiting).toBe(0);
    fair.close();
    await expect(fair.acquire({ caller: 'a', write: true, waitBoundMs: 60_000 })).rejects.toMatchObject({ reason: 'closed', message: 'the client is closed' });
  });

  it('estimates the wait from the calls ahead at the sustained rate, less the burst, rounded up in the message', async () => {
    const { fair } = memoryLimiter({ rps: 3, burst: 2, budgetBurst: 1 });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    t.ask('a');
    t.ask('a');
    await clock.advance(0);
    // Two ahead, one own: (3 - 2 burst) / 3 per s = 333.3 ms; at the bound it still queues.
    t.ask('a', false, 334);
    await clock.advance(0);
    expect(t.failures).toEqual([]);
    // Three ahead: (4 - 2) / 3 = 666.7 ms, over 600.
    const refused = fair.acquire({ caller: 'a', write: false, waitBoundMs: 600 });
    await expect(refused).rejects.toMatchObject({ reason: 'wait-bound', message: 'rate limit: a slot is about 667 ms away, over the 600 ms wait bound' });
    expect(fair.waitingOf('a')).toBe(3);
    fair.close();
  });

  /** What became of a call at once: its refusal's message, or 'queued' (then it is aborted again). */
  async function outcome(fair: FairLimiter, ticket: { caller: string; write: boolean; waitBoundMs: number }): Promise<string> {
    const controller = new AbortController();
    let result = 'queued';
    fair.acquire({ ...ticket, signal: controller.signal }).then(
      () => {
        result = 'served';
      },
      (error: LimiterRefusal) => {
        result = error.reason === 'wait-bound' ? error.message : result;
      },
    );
    await clock.advance(0);
    controller.abort();
    await clock.advance(0);
    return result;
  }

  it('takes the tighter of maxWaitMs and the call bound', async () => {
    const { fair } = memoryLimiter({ maxWaitMs: 1500 });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    t.ask('a');
    t.ask('a');
    await clock.advance(0);
    expect(t.failures).toEqual([]);
    // Two ahead: 2000 ms, over maxWaitMs however long the call itself may wait.
    expect(await outcome(fair, { caller: 'a', write: false, waitBoundMs: 60_000 })).toBe(
      'rate limit: a slot is about 2000 ms away, over the 1500 ms wait bound',
    );
    expect(await outcome(fair, { caller: 'a', write: false, waitBoundMs: 1999 })).toBe('rate limit: a slot is about 2000 ms away, over the 1500 ms wait bound');
    expect(fair.waitingOf('a')).toBe(2);
    fair.close();
  });

  it('counts every waiting write ahead of a write, and only writes', async () => {
    const { fair } = memoryLimiter();
    const t = tracker(fair);
    t.ask('a');
    t.ask('r1');
    t.ask('r2');
    t.ask('r3');
    await clock.advance(0);
    // Reads wait, but a write goes before them: nothing ahead, the next token is its own.
    t.ask('w', true, 1000);
    await clock.advance(0);
    expect(t.failures).toEqual([]);
    // One write ahead of the next write: 1000 ms; the reads are not counted.
    expect(await outcome(fair, { caller: 'w', write: true, waitBoundMs: 999 })).toBe('rate limit: a slot is about 1000 ms away, over the 999 ms wait bound');
    expect(await outcome(fair, { caller: 'w', write: true, waitBoundMs: 1000 })).toBe('queued');
    // A read counts the write and one turn of each other caller's reads: 1 + 3 ahead.
    expect(await outcome(fair, { caller: 'r4', write: false, waitBoundMs: 3999 })).toBe(
      'rate limit: a slot is about 4000 ms away, over the 3999 ms wait bound',
    );
    expect(await outcome(fair, { caller: 'r4', write: false, waitBoundMs: 4000 })).toBe('queued');
    fair.close();
  });

  it("counts as many of another caller's reads as the turns its own queue needs, by weight", async () => {
    const { fair } = memoryLimiter({ weights: { heavy: 2.9, light: 0 } });
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    for (let i = 0; i < 5; i += 1) {
      t.ask('heavy');
    }
    await clock.advance(0);
    expect(t.served).toEqual(['x']);
    // light (weight 0 counts as 1) needs one turn, in which heavy (2.9 counts as 2) serves 2.
    expect(await outcome(fair, { caller: 'light', write: false, waitBoundMs: 1999 })).toBe(
      'rate limit: a slot is about 2000 ms away, over the 1999 ms wait bound',
    );
    t.ask('light');
    await clock.advance(0);
    // A second light read needs two turns: four heavy reads and its own first one ahead.
    expect(await outcome(fair, { caller: 'light', write: false, waitBoundMs: 4999 })).toBe(
      'rate limit: a slot is about 5000 ms away, over the 4999 ms wait bound',
    );
    // heavy needs ceil(6 / 2) = 3 turns: its own 5 and light's 1 ahead.
    expect(await outcome(fair, { caller: 'heavy', write: false, waitBoundMs: 5999 })).toBe(
      'rate limit: a slot is about 6000 ms away, over the 5999 ms wait bound',
    );
    await clock.advance(8000);
    expect(t.served).toEqual(['x', 'heavy', 'heavy', 'light', 'heavy', 'heavy', 'heavy']);
    fair.close();
  });

  it('gives up exactly at the bound, reporting the queue each time it changes', async () => {
    const { fair, events } = memoryLimiter();
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    expect(events).toEqual([
      { waiting: 1, inFlight: 0 },
      { waiting: 0, inFlight: 1 },
    ]);
    t.ask('b', false, 500);
    await clock.advance(499);
    expect(t.failures).toEqual([]);
    await clock.advance(1);
    expect(t.failures).toEqual([['b', 'wait-bound']]);
    await expect(
      (async () => {
        const pending = fair.acquire({ caller: 'c', write: true, waitBoundMs: 200 });
        await clock.advance(200);
        return pending;
      })(),
    ).rejects.toThrow('rate limit: no slot within the 200 ms wait bound');
    expect(events.slice(2)).toEqual([
      { waiting: 1, inFlight: 1 },
      { waiting: 0, inFlight: 1 },
      { waiting: 1, inFlight: 1 },
      { waiting: 0, inFlight: 1 },
    ]);
    t.releases[0]?.();
    await clock.advance(0);
    expect(events.at(-1)).toEqual({ waiting: 0, inFlight: 0 });
    expect(fair.inFlight).toBe(0);
    fair.close();
  });

  it('forgets an aborted write and an aborted read, whatever their place in the queues', async () => {
    const { fair } = memoryLimiter();
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    const writes = [new AbortController(), new AbortController()];
    const reads = [new AbortController(), new AbortController()];
    const pending = [
      fair.acquire({ caller: 'w', write: true, waitBoundMs: 60_000, signal: writes[0]?.signal }),
      fair.acquire({ caller: 'w', write: true, waitBoundMs: 60_000, signal: writes[1]?.signal }),
      fair.acquire({ caller: 'r', write: false, waitBoundMs: 60_000, signal: reads[0]?.signal }),
      fair.acquire({ caller: 'r', write: false, waitBoundMs: 60_000, signal: reads[1]?.signal }),
    ];
    t.ask('s');
    await clock.advance(0);
    expect(fair.waiting).toBe(5);
    writes[0]?.abort();
    reads[1]?.abort();
    await expect(pending[0]).rejects.toMatchObject({ reason: 'aborted' });
    await expect(pending[3]).rejects.toMatchObject({ reason: 'aborted' });
    expect(fair.waiting).toBe(3);
    expect(fair.waitingOf('r')).toBe(1);
    reads[0]?.abort();
    await expect(pending[2]).rejects.toMatchObject({ reason: 'aborted' });
    expect(fair.waitingOf('r')).toBe(0);
    expect(fair.order).toEqual(['s']);
    writes[1]?.abort();
    await expect(pending[1]).rejects.toMatchObject({ reason: 'aborted' });
    expect(fair.waiting).toBe(1);
    await clock.advance(1000);
    expect(t.served).toEqual(['a', 's']);
    fair.close();
  });

  it('keeps the turn on the right caller when one ahead of it, at it, or after it leaves', async () => {
    const { fair } = memoryLimiter();
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    const controllers = new Map<string, AbortController>();
    const ask = (caller: string) => {
      const controller = new AbortController();
      controllers.set(caller, controller);
      fair.acquire({ caller, write: false, waitBoundMs: 60_000, signal: controller.signal }).then(
        (release) => {
          t.served.push(caller);
          t.releases.push(release);
        },
        () => t.failures.push([caller, 'aborted']),
      );
    };
    for (const caller of ['a', 'b', 'c', 'd']) {
      ask(caller);
    }
    t.ask('a');
    t.ask('b');
    t.ask('c');
    t.ask('d');
    await clock.advance(1000);
    expect(t.served).toEqual(['x', 'a']);
    expect(fair.order).toEqual(['b', 'c', 'd', 'a']);
    // One behind the turn leaves: the turn stays on b.
    controllers.get('c')?.abort();
    await clock.advance(0);
    expect(fair.order).toEqual(['b', 'c', 'd', 'a']);
    expect(fair.waitingOf('c')).toBe(1);
    // The caller whose turn it is leaves entirely (both its calls): the next one has the turn.
    controllers.get('b')?.abort();
    await clock.advance(0);
    expect(fair.order).toEqual(['b', 'c', 'd', 'a']);
    await clock.advance(1000);
    expect(t.served).toEqual(['x', 'a', 'b']);
    expect(fair.order).toEqual(['c', 'd', 'a']);
    // One before the turn leaves entirely: the turn does not move.
    controllers.get('a')?.abort();
    await clock.advance(0);
    expect(fair.order).toEqual(['c', 'd', 'a']);
    fair.close();
  });

  it('serves nobody twice in a turn after the caller at the turn leaves mid-turn', async () => {
    const { fair } = memoryLimiter({ weights: { a: 2, b: 2 } });
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    const controller = new AbortController();
    t.ask('a');
    const aborted = fair.acquire({ caller: 'a', write: false, waitBoundMs: 60_000, signal: controller.signal });
    t.ask('b');
    t.ask('b');
    t.ask('b');
    await clock.advance(1000);
    expect(t.served).toEqual(['x', 'a']);
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ reason: 'aborted' });
    // b starts a fresh turn of two.
    await clock.advance(3000);
    expect(t.served).toEqual(['x', 'a', 'b', 'b', 'b']);
    fair.close();
  });

  it('polls the budget again when it answers, and after a failure 100 ms later', async () => {
    const budget = new ScriptedBudget();
    budget.answers = [{ ok: false, retryInMs: 250 }, new Error('store down')];
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(249);
    expect(budget.acquired).toBe(1);
    await clock.advance(1);
    expect(budget.acquired).toBe(2);
    expect(t.served).toEqual([]);
    await clock.advance(99);
    expect(budget.acquired).toBe(2);
    await clock.advance(1);
    expect(budget.acquired).toBe(3);
    expect(t.served).toEqual(['a']);
    fair.close();
  });

  it('replaces a later retry by an earlier one, and waits at least 1 ms', async () => {
    const budget = new ScriptedBudget();
    budget.answers = [
      { ok: false, retryInMs: 500 },
      { ok: false, retryInMs: 0 },
      { ok: false, retryInMs: 5000 },
    ];
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    expect(budget.acquired).toBe(1);
    // Another call pumps again: the budget now says 0 ms, which replaces the 500 ms timer (by 1 ms).
    t.ask('b');
    await clock.advance(0);
    expect(budget.acquired).toBe(2);
    await clock.advance(1);
    expect(budget.acquired).toBe(3);
    // Nothing is left of the 500 ms timer: the next poll is the 5000 ms one.
    await clock.advance(4999);
    expect(budget.acquired).toBe(3);
    expect(t.served).toEqual([]);
    await clock.advance(1);
    expect(budget.acquired).toBe(5);
    expect(t.served).toEqual(['a', 'b']);
    fair.close();
  });

  it('does not replace an earlier retry by a later one', async () => {
    const budget = new ScriptedBudget();
    budget.answers = [
      { ok: false, retryInMs: 100 },
      { ok: false, retryInMs: 900 },
    ];
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    t.ask('b');
    await clock.advance(0);
    expect(budget.acquired).toBe(2);
    await clock.advance(100);
    expect(budget.acquired).toBe(4);
    expect(t.served).toEqual(['a', 'b']);
    fair.close();
  });

  it('gives back a slot the budget granted when nobody is left to take it', async () => {
    const budget = new ScriptedBudget();
    let grant: (g: PartnerGrant) => void = () => undefined;
    budget.tryAcquire = async () => {
      budget.acquired += 1;
      return new Promise<PartnerGrant>((resolve) => {
        grant = resolve;
      });
    };
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a', false, 100);
    await clock.advance(100);
    expect(t.failures).toEqual([['a', 'wait-bound']]);
    grant({ ok: true, lease: 'late' });
    await clock.advance(0);
    expect(budget.released).toEqual(['late']);
    expect(fair.inFlight).toBe(0);
    fair.close();
  });

  it('releases the lease it was granted, once, and pumps the next waiter after it', async () => {
    const budget = new ScriptedBudget();
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const release = await fair.acquire({ caller: 'a', write: false, waitBoundMs: 1000 });
    expect(fair.inFlight).toBe(1);
    release();
    release();
    await clock.advance(0);
    expect(budget.released).toEqual(['s1']);
    expect(fair.inFlight).toBe(0);
    fair.close();
  });

  it('stops pumping and clears its retry timer when closed', async () => {
    const budget = new ScriptedBudget();
    budget.answers = [{ ok: false, retryInMs: 300 }];
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a');
    t.ask('w', true);
    await clock.advance(0);
    fair.close();
    await clock.advance(0);
    expect(t.failures).toEqual([
      ['w', 'closed'],
      ['a', 'closed'],
    ]);
    expect(fair.waiting).toBe(0);
    expect(fair.order).toEqual([]);
    await clock.advance(1000);
    expect(budget.acquired).toBe(1);
    expect(clock.pending).toBe(0);
  });

  it('clears the wait timer and the abort listener of a call it serves', async () => {
    const { fair, events } = memoryLimiter();
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    const release = await fair.acquire({ caller: 'a', write: false, waitBoundMs: 500, signal: controller.signal });
    expect(clock.pending).toBe(0);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    const seen = events.length;
    controller.abort();
    await clock.advance(1000);
    expect(events).toHaveLength(seen);
    release();
    fair.close();
  });

  it('refuses an aborted waiter and a waiter at close with their own messages', async () => {
    const { fair } = memoryLimiter();
    const t = tracker(fair);
    t.ask('a');
    await clock.advance(0);
    const controller = new AbortController();
    const aborted = fair.acquire({ caller: 'b', write: false, waitBoundMs: 60_000, signal: controller.signal });
    const closed = fair.acquire({ caller: 'c', write: true, waitBoundMs: 60_000 });
    await clock.advance(0);
    controller.abort();
    await expect(aborted).rejects.toThrow(new LimiterRefusal('aborted', 'aborted while waiting for a rate-limit slot'));
    fair.close();
    await expect(closed).rejects.toThrow('the client is closed');
    expect(clock.pending).toBe(0);
  });

  it('keeps a weighted caller mid-turn when a caller after it leaves', async () => {
    const { fair } = memoryLimiter({ weights: { a: 2 } });
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    const controller = new AbortController();
    t.ask('a');
    t.ask('a');
    t.ask('a');
    t.ask('b');
    const leaving = fair.acquire({ caller: 'c', write: false, waitBoundMs: 60_000, signal: controller.signal });
    await clock.advance(1000);
    expect(t.served).toEqual(['x', 'a']);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ reason: 'aborted' });
    await clock.advance(3000);
    // a's turn was two calls: one more, then b, then a again.
    expect(t.served).toEqual(['x', 'a', 'a', 'b', 'a']);
    fair.close();
  });

  it('counts, for a weighted caller, the turns its calls need, not its calls', async () => {
    const { fair } = memoryLimiter({ weights: { heavy: 2 } });
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    t.ask('flood');
    t.ask('flood');
    t.ask('flood');
    t.ask('heavy');
    await clock.advance(0);
    // heavy's second call fits in its first turn: one flood call and its own first one ahead.
    expect(await outcome(fair, { caller: 'heavy', write: false, waitBoundMs: 1999 })).toBe(
      'rate limit: a slot is about 2000 ms away, over the 1999 ms wait bound',
    );
    fair.close();
  });

  it('keeps the turn on its caller when a caller before it in the rotation leaves', async () => {
    const { fair } = memoryLimiter();
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    const controllers: AbortController[] = [];
    for (const caller of ['a', 'b', 'c', 'd', 'e']) {
      t.ask(caller);
      const controller = new AbortController();
      controllers.push(controller);
      fair.acquire({ caller, write: false, waitBoundMs: 60_000, signal: controller.signal }).catch(() => undefined);
    }
    await clock.advance(2000);
    expect(t.served).toEqual(['x', 'a', 'b']);
    expect(fair.order).toEqual(['c', 'd', 'e', 'a', 'b']);
    // b leaves (its second call): c keeps the turn.
    controllers[1]?.abort();
    await clock.advance(0);
    expect(fair.order).toEqual(['c', 'd', 'e', 'a']);
    await clock.advance(1000);
    expect(t.served).toEqual(['x', 'a', 'b', 'c']);
    fair.close();
  });

  it('lets a weighted caller finish its turn when a caller after it in the rotation leaves', async () => {
    const { fair } = memoryLimiter({ weights: { a: 2 } });
    const t = tracker(fair);
    t.ask('x');
    await clock.advance(0);
    t.ask('b');
    t.ask('a');
    t.ask('a');
    t.ask('a');
    const controller = new AbortController();
    const leaving = fair.acquire({ caller: 'c', write: false, waitBoundMs: 60_000, signal: controller.signal });
    t.ask('d');
    t.ask('d');
    await clock.advance(2000);
    expect(t.served).toEqual(['x', 'b', 'a']);
    expect(fair.order).toEqual(['a', 'c', 'd']);
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ reason: 'aborted' });
    await clock.advance(2000);
    // a had one call left in its turn of two; then d.
    expect(t.served).toEqual(['x', 'b', 'a', 'a', 'd']);
    fair.close();
  });

  it('runs one pump at a time: one budget grant per call served, none given back', async () => {
    const budget = new ScriptedBudget();
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const t = tracker(fair);
    t.ask('a');
    t.ask('b');
    t.ask('c', true);
    await clock.advance(0);
    expect(t.served).toEqual(['c:write', 'a', 'b']);
    expect(budget.acquired).toBe(3);
    expect(budget.released).toEqual([]);
    fair.close();
    t.releases[0]?.();
    await clock.advance(0);
    // Closed: the lease goes back, nothing more is asked of the budget.
    expect(budget.released).toEqual(['s1']);
    expect(budget.acquired).toBe(3);
  });

  it('serves the next waiter after a release even when giving the lease back fails', async () => {
    const budget = new ScriptedBudget();
    budget.answers = [
      { ok: true, lease: 'first' },
      { ok: false, retryInMs: 60_000 },
    ];
    budget.release = async (lease: string) => {
      budget.released.push(lease);
      throw new Error('store down');
    };
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 120_000, clock });
    const t = tracker(fair);
    t.ask('a');
    t.ask('b');
    await clock.advance(0);
    expect(t.served).toEqual(['a']);
    expect(budget.acquired).toBe(2);
    t.releases[0]?.();
    await clock.advance(0);
    expect(budget.released).toEqual(['first']);
    expect(budget.acquired).toBe(3);
    expect(t.served).toEqual(['a', 'b']);
    fair.close();
  });
});

describe('REAL_CLOCK', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs a timer after its delay, not before, unless cleared, and never holds the process open', () => {
    jest.useFakeTimers({ now: 0 });
    const fired: string[] = [];
    REAL_CLOCK.setTimeout(() => fired.push('kept'), 100);
    const cleared = REAL_CLOCK.setTimeout(() => fired.push('cleared'), 50);
    REAL_CLOCK.clearTimeout(cleared);
    jest.advanceTimersByTime(99);
    expect(fired).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(fired).toEqual(['kept']);
    expect(REAL_CLOCK.now()).toBe(performance.now());
    jest.useRealTimers();
    const handle = REAL_CLOCK.setTimeout(() => undefined, 60_000) as NodeJS.Timeout;
    expect(handle.hasRef()).toBe(false);
    REAL_CLOCK.clearTimeout(handle);
  });
});

describe('FairLimiter background priority', () => {
  it('serves a background call only once no write and no read waits, and refuses it when everyone waiting would pass its bound', async () => {
    const clock = new ManualClock();
    const budget = new MemoryPartnerBudget({ requestsPerSecond: 1, burst: 1, maxConcurrent: 100 }, () => clock.now());
    const fair = new FairLimiter({ budget, requestsPerSecond: 1, maxWaitMs: 60_000, clock });
    const served: string[] = [];
    const refused: string[] = [];
    const ask = (name: string, ticket: { caller: string; write: boolean; priority?: 'background' }, waitBoundMs = 60_000): void => {
      fair.acquire({ ...ticket, waitBoundMs }).then(
        () => served.push(name),
        (error: LimiterRefusal) => refused.push(`${name}:${error.reason}`),
      );
    };
    ask('first', { caller: 'ui', write: false });
    await clock.advance(0);
    ask('live', { caller: 'live', write: false, priority: 'background' });
    ask('read', { caller: 'ui', write: false });
    ask('write', { caller: 'ops', write: true });
    ask('other', { caller: 'batch', write: false });
    // Four wait; a fifth background call with a 3 s bound would be behind all of them.
    ask('late', { caller: 'live', write: false, priority: 'background' }, 3000);
    await clock.advance(0);
    expect(refused).toEqual(['late:wait-bound']);
    await clock.advance(4000);
    expect(served).toEqual(['first', 'write', 'read', 'other', 'live']);
    fair.close();
  });
});
