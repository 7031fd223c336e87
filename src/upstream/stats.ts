/** Per-operation counters and latencies of the upstream client, for metrics and benchmarks. */
import { type UpstreamErrorCode } from './errors.js';

/** Upper bounds (ms) of the latency histogram buckets; the last bucket is unbounded. */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
const SAMPLE_LIMIT = 10_000;

export interface LatencySummary {
  count: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Cumulative-free bucket counts: `le` is the bucket's upper bound (`Infinity` for the last). */
  histogram: Array<{ le: number; count: number }>;
}

export interface OperationStats {
  /** Calls made through the client (one per `request`). */
  calls: number;
  successes: number;
  errors: number;
  errorsByCode: Partial<Record<UpstreamErrorCode, number>>;
  /** HTTP requests sent to the upstream (first attempts, retries and 401 replays). */
  attempts: number;
  /** Attempts beyond the first made because of a retryable failure (not counting 401 replays). */
  retries: number;
  /** Calls that renewed the token after a 401 and replayed once. */
  authReplays: number;
  /** Second attempts sent because a read's response headers were late (counted in `attempts` too). */
  hedges: number;
  /** Calls answered by their hedge rather than their first attempt. */
  hedgeWins: number;
  /** Latency of whole calls (including waits and retries). */
  latency: LatencySummary;
}

export interface UpstreamStats {
  operations: Record<string, OperationStats>;
  tokenRequests: number;
  tokenFailures: number;
}

/** Mutable accumulator behind `OperationStats`. */
export class OperationRecorder {
  calls = 0;
  successes = 0;
  errors = 0;
  attempts = 0;
  retries = 0;
  authReplays = 0;
  hedges = 0;
  hedgeWins = 0;
  private readonly errorsByCode: Partial<Record<UpstreamErrorCode, number>> = {};
  private readonly samples: number[] = [];
  private next = 0;
  private sum = 0;
  private count = 0;
  private max = 0;
  private readonly buckets = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);

  record(latencyMs: number, errorCode?: UpstreamErrorCode): void {
    if (errorCode === undefined) {
      this.successes += 1;
    } else {
      this.errors += 1;
      this.errorsByCode[errorCode] = (this.errorsByCode[errorCode] ?? 0) + 1;
    }
    this.count += 1;
    this.sum += latencyMs;
    this.max = Math.max(this.max, latencyMs);
    let bucket = LATENCY_BUCKETS_MS.findIndex((le) => latencyMs <= le);
    if (bucket < 0) {
      bucket = LATENCY_BUCKETS_MS.length;
    }
    this.buckets[bucket] = (this.buckets[bucket] ?? 0) + 1;
    if (this.samples.length < SAMPLE_LIMIT) {
      this.samples.push(latencyMs);
    } else {
      this.samples[this.next] = latencyMs;
      this.next = (this.next + 1) % SAMPLE_LIMIT;
    }
  }

  snapshot(): OperationStats {
    const sorted = [...this.samples].sort((a, b) => a - b);
    return {
      calls: this.calls,
      successes: this.successes,
      errors: this.errors,
      errorsByCode: { ...this.errorsByCode },
      attempts: this.attempts,
      retries: this.retries,
      authReplays: this.authReplays,
      hedges: this.hedges,
      hedgeWins: this.hedgeWins,
      latency: {
        count: this.count,
        meanMs: this.count === 0 ? 0 : this.sum / this.count,
        p50Ms: percentile(sorted, 0.5),
        p90Ms: percentile(sorted, 0.9),
        p99Ms: percentile(sorted, 0.99),
        maxMs: this.max,
        histogram: this.buckets.map((count, i) => ({ le: LATENCY_BUCKETS_MS[i] ?? Number.POSITIVE_INFINITY, count })),
      },
    };
  }
}

/** Nearest-rank percentile of an ascending list (0 when empty). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) {
    return 0;
  }
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
