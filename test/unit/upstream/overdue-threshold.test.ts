/**
 * The overdue threshold from the partner's measured latency (upstream/overdue.ts): `factor` x the p99
 * of the answers in the window, within [floor, ceiling]; the floor until 20 answers are in.
 */
import { MemoryPartnerBudget } from '../../../src/upstream/budget.js';
import { type OverdueOptions } from '../../../src/upstream/limiter.js';
import { MAX_SAMPLES, MIN_SAMPLES, OverdueBook } from '../../../src/upstream/overdue.js';
import { FairLimiter } from '../../../src/upstream/scheduler.js';
import { ManualClock } from './manual-clock.js';

const MEASURED: OverdueOptions = { afterMs: 1000, maxCalls: 16, latency: { factor: 3, maxAfterMs: 5000, windowMs: 60_000 } };

describe('OverdueBook', () => {
  let now = 0;
  const book = (options: OverdueOptions): OverdueBook => new OverdueBook(options, () => now);
  beforeEach(() => {
    now = 0;
  });

  it('equals 3 x the p99 of a sort of the last 256 answers after every answer, over long runs of varied latencies', () => {
    const measured = book(MEASURED);
    const kept: number[] = [];
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let index = 0; index < 3000; index += 1) {
      // Mostly steady answers, bursts of slow ones, and repeated values (ties with the p99).
      const ms = random() < 0.03 ? 900 + Math.floor(random() * 700) : 200 + Math.floor(random() * 40);
      measured.answered(ms);
      kept.push(ms);
      if (kept.length > MAX_SAMPLES) {
        kept.shift();
      }
      if (kept.length >= MIN_SAMPLES) {
        const sorted = [...kept].sort((a, b) => a - b);
        const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1] as number;
        expect(measured.afterMs).toBe(Math.min(5000, Math.max(1000, Math.ceil(3 * p99))));
      }
    }
  });

  it('keeps the fixed threshold without the latency option, whatever the answers', () => {
    const fixed = book({ afterMs: 1000, maxCalls: 16 });
    for (let index = 0; index < 50; index += 1) {
      fixed.answered(4000);
    }
    expect(fixed.afterMs).toBe(1000);
  });

  it('stays at the floor until 20 answers are in, then follows 3 x the p99 up to the ceiling', () => {
    const measured = book(MEASURED);
    for (let index = 0; index < MIN_SAMPLES - 1; index += 1) {
      measured.answered(700);
    }
    expect(measured.afterMs).toBe(1000);
    measured.answered(700);
    expect(measured.afterMs).toBe(2100);
    for (let index = 0; index < 20; index += 1) {
      measured.answered(3000);
    }
    expect(measured.afterMs).toBe(5000);
  });

  it('takes the 99th percentile: 98 answers of 200 ms and 2 of 900 ms give 2700 ms; all fast ones give the floor', () => {
    const measured = book(MEASURED);
    for (let index = 0; index < 98; index += 1) {
      measured.answered(200);
    }
    measured.answered(900);
    measured.answered(900);
    expect(measured.afterMs).toBe(2700);
    const fast = book(MEASURED);
    for (let index = 0; index < 100; index += 1) {
      fast.answered(50);
    }
    expect(fast.afterMs).toBe(1000);
  });

  it('takes the 99th percentile in any order of arrival: of 256 answers of 400 to 655 ms, the 3rd slowest (653 ms) gives 1959 ms', () => {
    const measured = book(MEASURED);
    // 400..655 ms, each once, in an order that is neither ascending nor descending.
    for (let index = 0; index < MAX_SAMPLES; index += 1) {
      measured.answered(400 + ((index * 97) % MAX_SAMPLES));
    }
    expect(measured.afterMs).toBe(3 * 653);
    // A new slowest answer pushes the oldest out (400 ms) and moves the p99 to the old 2nd slowest.
    measured.answered(900);
    expect(measured.afterMs).toBe(3 * 654);
  });

  it('forgets answers older than the window, and keeps the last 256', () => {
    const measured = book(MEASURED);
    for (let index = 0; index < 30; index += 1) {
      measured.answered(1500);
    }
    expect(measured.afterMs).toBe(4500);
    now = 60_001;
    expect(measured.afterMs).toBe(1000);
    for (let index = 0; index < 40; index += 1) {
      measured.answered(1500);
    }
    for (let index = 0; index < MAX_SAMPLES; index += 1) {
      measured.answered(100);
    }
    expect(measured.afterMs).toBe(1000);
  });

  it('counts moves and refusals, and calls in the pool', () => {
    const measured = book(MEASURED);
    measured.moved();
    measured.moved();
    measured.refused();
    measured.calls -= 1;
    expect(measured.stats()).toEqual({ calls: 1, moves: 2, refusals: 1, afterMs: 1000 });
  });
});

describe('FairLimiter with a slow, healthy partner (every answer in 800 ms, 4 slots)', () => {
  /** 60 reads, 100 ms apart: how many moved to the overdue pool, and the most calls at the partner at once from 3.5 s on (the warm-up over). */
  async function run(overdue: OverdueOptions): Promise<{ answered: number; moves: number; maxAtPartner: number; afterMs: number }> {
    const clock = new ManualClock();
    const budget = new MemoryPartnerBudget({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 4 }, () => clock.now());
    const limiter = new FairLimiter({ budget, requestsPerSecond: 1000, burst: 1000, maxWaitMs: 30_000, clock, slots: 4, overdue });
    let atPartner = 0;
    let maxAtPartner = 0;
    let answered = 0;
    for (let index = 0; index < 60; index += 1) {
      void limiter.acquire({ caller: `dashboard-${index}`, write: false, waitBoundMs: 30_000 }).then((release) => {
        atPartner += 1;
        if (clock.now() >= 3500) {
          maxAtPartner = Math.max(maxAtPartner, atPartner);
        }
        clock.setTimeout(() => {
          atPartner -= 1;
          answered += 1;
          release(true);
        }, 800);
      });
      await clock.advance(100);
    }
    await clock.advance(60_000);
    const stats = limiter.overdueStats();
    return { answered, moves: stats?.moves ?? -1, maxAtPartner, afterMs: stats?.afterMs ?? -1 };
  }

  // A threshold under the partner's normal latency moves healthy calls: their slots go to more calls,
  // and the partner sees twice the 4 calls at once it was meant to see. The measured one moves the 27
  // calls sent before 20 answers were in (at the floor), then none (3 x 800 ms): 4 at the partner at most.
  it('a fixed 300 ms threshold moves every call and lets 8 at the partner at once; the measured one stops moving them after 20 answers', async () => {
    expect(await run({ afterMs: 300, maxCalls: 16 })).toEqual({ answered: 60, moves: 60, maxAtPartner: 8, afterMs: 300 });
    expect(await run({ afterMs: 300, maxCalls: 16, latency: { factor: 3, maxAfterMs: 5000, windowMs: 60_000 } })).toEqual({
      answered: 60,
      moves: 27,
      maxAtPartner: 4,
      afterMs: 2400,
    });
  });
});
