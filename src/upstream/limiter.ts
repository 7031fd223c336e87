/**
 * What the upstream client asks of a limiter before each HTTP attempt. The upstream is scarce
 * (about one request per second in production); the one implementation is the fair limiter of
 * `scheduler.ts` over a partner budget (`budget.ts`): a token bucket (requests per second with a
 * burst), a cap on calls in flight, and a bounded wait. A call whose wait would exceed the bound is
 * refused before anything is sent.
 */

/** The client's `rateLimit` option: the partner budget of one process and its wait bound. */
export interface RateLimitOptions {
  requestsPerSecond: number;
  /** Bucket size; default max(1, ceil(requestsPerSecond)). */
  burst?: number;
  maxConcurrent: number;
  /** Longest a call may wait for a slot. */
  maxWaitMs: number;
  /** Hung calls moved out of the slots (default: never moved). */
  overdue?: OverdueOptions;
}

/**
 * Calls that outlive their expected latency: after `afterMs` a call gives its slot back to the
 * others and waits on in a pool of at most `maxCalls` overdue calls (its answer still counts: a write
 * is never abandoned). While that pool is full and every slot is held by a call past `afterMs`, a new call is refused at once
 * (`overdue-full`) instead of queueing behind calls that may never answer.
 */
export interface OverdueOptions {
  /** The threshold, or with `latency` its floor. */
  afterMs: number;
  maxCalls: number;
  /** The threshold from the partner's measured latency: `factor` x the p99 of answers in `windowMs`, within [`afterMs`, `maxAfterMs`] (overdue.ts). */
  latency?: { factor: number; maxAfterMs: number; windowMs: number };
}

/** What a limiter's overdue pool did, for the metrics. */
export interface OverdueStats {
  /** Calls in the pool now. */
  calls: number;
  /** Calls moved into the pool since the limiter started. */
  moves: number;
  /** Calls refused at once because the pool was full (`overdue-full`). */
  refusals: number;
  /** The threshold now, in milliseconds. */
  afterMs: number;
}

/** One call asking the limiter for a slot. */
export interface CallTicket {
  /** Whose call it is: fair limiters queue per caller. */
  caller: string;
  /** Writes go before reads. */
  write: boolean;
  /** `background`: served only while no write and no other read waits (fair limiters). */
  priority?: 'background';
  signal?: AbortSignal;
  /** Longest the call may wait (its remaining deadline); the limiter's own bound may be shorter. */
  waitBoundMs: number;
}

/** What the upstream client waits on before each HTTP attempt. `acquire` resolves with the slot's release. */
export interface CallLimiter {
  /** The release takes whether the partner answered (an answer's latency may tune the overdue threshold). */
  acquire(ticket: CallTicket): Promise<(answered?: boolean) => void>;
  /** The overdue pool's counts, when the limiter has one. */
  overdueStats?(): OverdueStats | undefined;
  /** Refuses every waiting call and every later one. */
  close(): void;
}

/** Why the limiter refused a call. */
export class LimiterRefusal extends Error {
  constructor(
    readonly reason: 'wait-bound' | 'overdue-full' | 'aborted' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'LimiterRefusal';
  }
}
