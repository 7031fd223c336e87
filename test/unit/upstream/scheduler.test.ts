import { MemoryPartnerBudget } from '../../../src/upstream/budget.js';
import { LimiterRefusal } from '../../../src/upstream/limiter.js';
import { FairLimiter, type SchedulerClock } from '../../../src/upstream/scheduler.js';

/** Time that moves only when the test says so; timers fire in order as it passes them. */
class ManualClock implements SchedulerClock {
  private t = 0;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private ids = 0;

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    this.ids += 1;
    this.timers.push({ at: this.t + ms, fn, id: this.ids });
    return this.ids;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Moves time forward by `ms`, firing due timers (and letting promises settle) on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) {
        break;
      }
      this.timers = this.timers.filter((timer) => timer !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) {
    await Promise.resolve();
  }
}

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
    return { budget, limiter: new FairLimiter({ budget, requestsPerSecond: options.rps ?? 1, maxWaitMs: options.maxWaitMs ?? 60_000, clock, ...(options.weights ? { weights: options.weights } : {}) }) };
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
