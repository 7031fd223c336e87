/**
 * The overdue pool's bookkeeping for the fair limiter (scheduler.ts): how long a call may hold its
 * slot before it counts as overdue, and what the pool did (calls in it, moves into it, refusals
 * because it was full), for the metrics.
 *
 * The threshold follows the partner's measured latency: `factor` times the p99 of the calls answered
 * in the last `windowMs` (at most {@link MAX_SAMPLES} of them), never under `afterMs` (the floor)
 * nor over `maxAfterMs` (the ceiling). Until {@link MIN_SAMPLES} answers are in the window, or with
 * no `latency` option, the threshold is the floor. Only answered calls are measured: a call that
 * never answers (it hangs to its deadline) is a failure, not a latency, and would drag the threshold
 * to the ceiling exactly when the pool is needed.
 */
import { type OverdueOptions, type OverdueStats } from './limiter.js';

/** Answers kept for the p99. */
export const MAX_SAMPLES = 256;
/** Answers needed in the window before the measured latency moves the threshold off its floor. */
export const MIN_SAMPLES = 20;

/** Counts and threshold of one limiter's overdue pool. */
export class OverdueBook {
  /** Calls past the threshold that gave their slot back and still wait for their answer. */
  calls = 0;
  /** Calls past the threshold still holding their slot because the pool was full. */
  stuck = 0;
  private moves = 0;
  private refusals = 0;
  /** Answered calls' latencies and when they ended, oldest first. */
  private readonly samples: Array<{ at: number; ms: number }> = [];
  private cached: number | undefined;
  /** The p99 the cached threshold was computed from (before factor and bounds). */
  private p99: number | undefined;

  constructor(
    readonly options: OverdueOptions,
    private readonly now: () => number,
  ) {}

  /** Milliseconds a call may hold its slot now before it counts as overdue. */
  get afterMs(): number {
    const latency = this.options.latency;
    if (latency === undefined) {
      return this.options.afterMs;
    }
    this.expire();
    if (this.samples.length < MIN_SAMPLES) {
      return this.options.afterMs;
    }
    if (this.cached === undefined) {
      const p99 = percentile99(this.samples);
      const ceiling = Math.max(this.options.afterMs, latency.maxAfterMs);
      this.p99 = p99;
      this.cached = Math.min(ceiling, Math.max(this.options.afterMs, Math.ceil(latency.factor * p99)));
    }
    return this.cached;
  }

  /** One call answered after `ms` holding its slot or in the pool (measured only with `latency`). */
  answered(ms: number): void {
    if (this.options.latency === undefined) {
      return;
    }
    this.samples.push({ at: this.now(), ms });
    const dropped = this.samples.length > MAX_SAMPLES ? this.samples.shift() : undefined;
    // A full window that takes in and lets go of answers both faster than its p99 keeps the same few
    // slowest, so the same p99: the threshold stands (most answers, at a steady latency).
    if (dropped === undefined || this.p99 === undefined || ms >= this.p99 || dropped.ms >= this.p99) {
      this.cached = undefined;
    }
  }

  /** Whether the pool is full and every one of `slots` is held by a call past the threshold: a new call would queue behind hung calls. */
  full(slots: number): boolean {
    return this.calls >= this.options.maxCalls && this.stuck > 0 && this.stuck >= slots;
  }

  moved(): void {
    this.calls += 1;
    this.moves += 1;
  }

  refused(): void {
    this.refusals += 1;
  }

  stats(): OverdueStats {
    return { calls: this.calls, moves: this.moves, refusals: this.refusals, afterMs: this.afterMs };
  }

  private expire(): void {
    const windowMs = this.options.latency?.windowMs ?? Number.POSITIVE_INFINITY;
    const oldest = this.now() - windowMs;
    let drop = 0;
    while (drop < this.samples.length && (this.samples[drop] as { at: number }).at < oldest) {
      drop += 1;
    }
    if (drop > 0) {
      this.samples.splice(0, drop);
      this.cached = undefined;
    }
  }
}

/**
 * The p99 of the samples' latencies: the value a sort would put at index `ceil(n * 0.99) - 1`. Every
 * answered call invalidates the threshold, so the next call asked for it: sorting up to
 * {@link MAX_SAMPLES} numbers for each partner call cost more than the rest of the limiter. The
 * p99 is one of the largest few (the 3rd largest of 256), so only those are kept, in one pass.
 */
function percentile99(samples: ReadonlyArray<{ ms: number }>): number {
  const count = samples.length;
  // How many values rank above the p99 in ascending order: largest[fromTop] is the answer.
  const fromTop = count - Math.min(count, Math.ceil(count * 0.99));
  const largest: number[] = [];
  for (const { ms } of samples) {
    if (largest.length > fromTop && ms <= (largest[fromTop] as number)) {
      continue;
    }
    let at = largest.length;
    while (at > 0 && (largest[at - 1] as number) < ms) {
      at -= 1;
    }
    largest.splice(at, 0, ms);
    if (largest.length > fromTop + 1) {
      largest.pop();
    }
  }
  return largest[fromTop] as number;
}
