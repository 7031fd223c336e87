/**
 * The partner's circuit breaker, after Envoy's outlier detection: consecutive failed calls (a
 * timeout, a 5xx, an unreachable partner) within a window open it; while open every call fails fast,
 * unsent, with `UPSTREAM_CIRCUIT_OPEN`; after a cool-down one call is let through as a probe
 * (half-open): its success closes the breaker, its failure opens it for another cool-down. Answers
 * that prove the partner alive (data, a business rejection, a 429) close it and end the streak.
 */

/** Where the breaker stands. */
export type BreakerState = 'closed' | 'open' | 'half-open';

/** Options of the breaker (`UpstreamClientOptions.breaker`). */
export interface BreakerOptions {
  /** Consecutive failed calls that open the breaker (default 5). */
  failureThreshold?: number;
  /** A failure further than this from the previous one starts a new streak (default 30 000 ms). */
  windowMs?: number;
  /** How long the breaker stays open before one probe call is let through (default 15 000 ms). */
  coolDownMs?: number;
  /** Clock in ms (default `performance.now`), so tests move through the cool-down without waiting. */
  now?: () => number;
}

/** What a call found the partner to be: down (`failure`), alive (`success`), or nothing said (`neutral`: cancelled, unsent). */
export type BreakerVerdict = 'success' | 'failure' | 'neutral';

/** A call the breaker let through; settle it once with its verdict. */
export interface BreakerTicket {
  /** This call is the half-open probe. */
  readonly probe: boolean;
}

/** The breaker's state and counters, for readiness and metrics. */
export interface BreakerSnapshot {
  state: BreakerState;
  /** Failed calls in the current streak. */
  consecutiveFailures: number;
  /** Times it opened since start. */
  opened: number;
  /** Calls refused while it was open (never sent). */
  rejected: number;
  /** While open: milliseconds until a probe is let through. */
  retryInMs?: number;
}

export const BREAKER_DEFAULTS = { failureThreshold: 5, windowMs: 30_000, coolDownMs: 15_000 } as const;

/** One breaker per upstream client. */
export class CircuitBreaker {
  private readonly threshold: number;
  private readonly windowMs: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;
  private streak = 0;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private openedAt: number | undefined;
  private probing = false;
  private openedCount = 0;
  private rejectedCount = 0;

  constructor(options: BreakerOptions = {}) {
    this.threshold = Math.max(1, options.failureThreshold ?? BREAKER_DEFAULTS.failureThreshold);
    this.windowMs = Math.max(0, options.windowMs ?? BREAKER_DEFAULTS.windowMs);
    this.coolDownMs = Math.max(0, options.coolDownMs ?? BREAKER_DEFAULTS.coolDownMs);
    this.now = options.now ?? (() => performance.now());
  }

  /** Where it stands now: open turns half-open once the cool-down has passed. */
  state(): BreakerState {
    if (this.openedAt === undefined) {
      return 'closed';
    }
    return this.now() - this.openedAt >= this.coolDownMs ? 'half-open' : 'open';
  }

  /**
   * Lets a call through (a ticket to settle), or refuses it: `retryInMs` is how long until a probe
   * may go (0 while another call is the probe).
   */
  admit(): BreakerTicket | { refused: true; retryInMs: number } {
    const state = this.state();
    if (state === 'closed') {
      return { probe: false };
    }
    if (state === 'half-open' && !this.probing) {
      this.probing = true;
      return { probe: true };
    }
    this.rejectedCount += 1;
    return { refused: true, retryInMs: state === 'open' ? this.coolDownMs - (this.now() - (this.openedAt ?? 0)) : 0 };
  }

  /** Records what a call let through found. */
  settle(ticket: BreakerTicket, verdict: BreakerVerdict): void {
    if (ticket.probe) {
      this.probing = false;
    }
    if (verdict === 'success') {
      this.streak = 0;
      this.openedAt = undefined;
      return;
    }
    if (verdict === 'neutral') {
      return;
    }
    const now = this.now();
    if (ticket.probe) {
      this.open(now);
      return;
    }
    if (now - this.lastFailureAt > this.windowMs) {
      this.streak = 0;
    }
    this.lastFailureAt = now;
    this.streak += 1;
    if (this.streak >= this.threshold && this.openedAt === undefined) {
      this.open(now);
    }
  }

  snapshot(): BreakerSnapshot {
    const state = this.state();
    return {
      state,
      consecutiveFailures: this.streak,
      opened: this.openedCount,
      rejected: this.rejectedCount,
      ...(state === 'open' ? { retryInMs: this.coolDownMs - (this.now() - (this.openedAt ?? 0)) } : {}),
    };
  }

  private open(now: number): void {
    this.openedAt = now;
    this.openedCount += 1;
  }
}
