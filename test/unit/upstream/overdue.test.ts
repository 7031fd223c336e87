/**
 * Hung partner calls cannot starve the others: a call past `overdue.afterMs` gives its slot back and
 * waits in a bounded overdue pool; with that pool full and every slot taken, a new call is refused at
 * once (`overdue-full`) instead of queueing. Deterministic: 61 reads 100 ms apart, every call whose
 * index is 0, 1 or 2 modulo 10 hangs until its 10 s deadline (30 %), the others answer in 200 ms.
 */
import { MemoryPartnerBudget } from '../../../src/upstream/budget.js';
import { type LimiterRefusal, type OverdueStats } from '../../../src/upstream/limiter.js';
import { FairLimiter } from '../../../src/upstream/scheduler.js';
import { ManualClock } from './manual-clock.js';

const CALLS = 61;
const SLOTS = 4;
const DEADLINE_MS = 10_000;
const ANSWER_MS = 200;
const hangs = (index: number): boolean => index % 10 < 3;

interface Tally {
  answered: number;
  hungServed: number;
  refused: Record<string, number>;
  maxOverdue: number;
  stats?: OverdueStats;
}

async function run(overdue: { afterMs: number; maxCalls: number } | undefined): Promise<Tally> {
  const clock = new ManualClock();
  const budget = new MemoryPartnerBudget({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: SLOTS }, () => clock.now());
  const limiter = new FairLimiter({
    budget,
    requestsPerSecond: 1000,
    burst: 1000,
    maxWaitMs: 5000,
    clock,
    slots: SLOTS,
    ...(overdue === undefined ? {} : { overdue }),
  });
  const tally: Tally = { answered: 0, hungServed: 0, refused: {}, maxOverdue: 0 };
  for (let index = 0; index < CALLS; index += 1) {
    const started = clock.now();
    limiter.acquire({ caller: `dashboard-${index}`, write: false, waitBoundMs: DEADLINE_MS }).then(
      (release) => {
        if (hangs(index)) {
          tally.hungServed += 1;
          // The client gives up at its deadline: only then does the slot (or the overdue place) come back.
          clock.setTimeout(release, DEADLINE_MS - (clock.now() - started));
        } else {
          clock.setTimeout(() => {
            tally.answered += 1;
            release();
          }, ANSWER_MS);
        }
      },
      (error: LimiterRefusal) => {
        tally.refused[error.reason] = (tally.refused[error.reason] ?? 0) + 1;
      },
    );
    await clock.advance(100);
    tally.maxOverdue = Math.max(tally.maxOverdue, limiter.overdue);
  }
  await clock.advance(30_000);
  expect(limiter.inFlight).toBe(0);
  expect(limiter.overdue).toBe(0);
  const stats = limiter.overdueStats();
  return stats === undefined ? tally : { ...tally, stats };
}

describe('FairLimiter with hung calls (30 % hang)', () => {
  // 19 of the 61 calls hang, 42 answer when served.
  it('without an overdue pool, hung calls hold every slot: 7 of the 42 answering reads succeed', async () => {
    expect(await run(undefined)).toEqual({ answered: 7, hungServed: 8, refused: { 'wait-bound': 46 }, maxOverdue: 0 });
  });

  it('with an overdue pool of 16 after 500 ms, hung calls give their slots back: all 42 succeed', async () => {
    expect(await run({ afterMs: 500, maxCalls: 16 })).toEqual({
      answered: 42,
      hungServed: 19,
      refused: {},
      maxOverdue: 16,
      // Each of the 19 hung calls moved once (16 at most at a time); nothing left in the pool at the end.
      stats: { calls: 0, moves: 19, refusals: 0, afterMs: 500 },
    });
  });

  it('with the overdue pool full and every slot held by a hung call, new calls are refused at once (overdue-full) rather than queued', async () => {
    expect(await run({ afterMs: 500, maxCalls: 4 })).toEqual({
      answered: 14,
      hungServed: 8,
      refused: { 'overdue-full': 35, 'wait-bound': 4 },
      maxOverdue: 4,
      // 7 of the 8 hung calls moved (the 8th reached its deadline still holding its slot, the pool full);
      // the 35 refusals for a full pool are counted as such.
      stats: { calls: 0, moves: 7, refusals: 35, afterMs: 500 },
    });
  });
});
