import { type CallerBudgetConfig, type CallerBudgetLimits } from '../shared/settings.js';
/**
 * Budgets of partner calls. Two kinds of state, each one small interface with a memory and a Redis
 * implementation (`redis.ts`) and one shared test suite:
 *
 * - {@link CallerBudgets}: each caller's leaky bucket (as Shopify's GraphQL Admin API:
 *   `maximumAvailable`, `currentlyAvailable`, `restoreRate` per second). A request whose estimated
 *   cost exceeds what its caller has left is refused before any call; what it really cost is spent
 *   after it (it may leave the bucket in debt, repaid by the restore rate).
 * - {@link PartnerBudget}: the partner's own limit for one upstream client id, a token bucket (calls
 *   per second with a burst) and a cap on calls in flight, taken one call at a time.
 */

/** A caller's bucket as `extensions.cost.throttleStatus` shows it. */
export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  /** Calls restored per second. */
  restoreRate: number;
}

/** Per-caller leaky buckets of partner calls. */
export interface CallerBudgets {
  /** The caller's bucket now (restored up to now). */
  status(callerId: string): Promise<ThrottleStatus>;
  /** Takes `calls` (may go below zero: those calls were already admitted) and answers the bucket after. */
  spend(callerId: string, calls: number): Promise<ThrottleStatus>;
  /**
   * Takes `calls` only if the bucket holds them, in one step (no other request can take the same
   * calls between the check and the charge), and answers whether it did with the bucket after.
   */
  admit(callerId: string, calls: number): Promise<{ admitted: boolean; status: ThrottleStatus }>;
  /** Gives back `calls` charged but not made (up to the bucket's maximum) and answers the bucket after. */
  refund(callerId: string, calls: number): Promise<ThrottleStatus>;
  close(): Promise<void>;
}

export { type CallerBudgetConfig, type CallerBudgetLimits };

/** The limits that apply to `callerId`. */
export function limitsOf(config: CallerBudgetConfig, callerId: string): CallerBudgetLimits {
  return config.byCaller?.[callerId] ?? config.defaults;
}

/** Seconds until a bucket in `status` holds `needed` calls (0 when it already does; Infinity when it never can). */
export function secondsUntilAvailable(status: ThrottleStatus, needed: number): number {
  if (status.currentlyAvailable >= needed) {
    return 0;
  }
  if (needed > status.maximumAvailable || status.restoreRate <= 0) {
    return Number.POSITIVE_INFINITY;
  }
  return (needed - status.currentlyAvailable) / status.restoreRate;
}

/** Per-caller buckets held by this process. */
export class MemoryCallerBudgets implements CallerBudgets {
  private readonly buckets = new Map<string, { available: number; at: number }>();

  constructor(
    private readonly config: CallerBudgetConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async status(callerId: string): Promise<ThrottleStatus> {
    return this.take(callerId, 0, false).status;
  }

  async spend(callerId: string, calls: number): Promise<ThrottleStatus> {
    return this.take(callerId, Math.max(0, calls), false).status;
  }

  async admit(callerId: string, calls: number): Promise<{ admitted: boolean; status: ThrottleStatus }> {
    return this.take(callerId, Math.max(0, calls), true);
  }

  async refund(callerId: string, calls: number): Promise<ThrottleStatus> {
    return this.take(callerId, -Math.max(0, calls), false).status;
  }

  async close(): Promise<void> {
    this.buckets.clear();
  }

  private take(callerId: string, calls: number, onlyIfHeld: boolean): { admitted: boolean; status: ThrottleStatus } {
    const limits = limitsOf(this.config, callerId);
    const now = this.now();
    const bucket = this.buckets.get(callerId) ?? { available: limits.maximumAvailable, at: now };
    const restored = Math.min(limits.maximumAvailable, bucket.available + (Math.max(0, now - bucket.at) / 1000) * limits.restoreRate);
    const admitted = !onlyIfHeld || restored >= calls;
    const available = Math.min(limits.maximumAvailable, restored - (admitted ? calls : 0));
    this.buckets.set(callerId, { available, at: now });
    return { admitted, status: { maximumAvailable: limits.maximumAvailable, currentlyAvailable: round(available), restoreRate: limits.restoreRate } };
  }
}

/** Two decimals: a bucket shows what a client can act on, not float noise. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The partner's limit for one upstream client id. */
export interface PartnerLimits {
  /** Sustained calls per second. */
  requestsPerSecond: number;
  /** Calls allowed at once above the sustained rate (bucket size). */
  burst: number;
  /** Calls in flight at once. */
  maxConcurrent: number;
}

/** The outcome of {@link PartnerBudget.tryAcquire}. */
export type PartnerGrant = { ok: true; lease: string } | { ok: false; retryInMs: number };

/** The partner's call budget, shared by every replica using the same store. */
export interface PartnerBudget {
  /** Takes one token and one in-flight slot now, or says how long until one may be free. */
  tryAcquire(): Promise<PartnerGrant>;
  /** Gives the in-flight slot of `lease` back. */
  release(lease: string): Promise<void>;
  close(): Promise<void>;
}

/** The partner budget held by this process (the embedded default, and the fallback when Redis is down). */
export class MemoryPartnerBudget implements PartnerBudget {
  private tokens: number;
  private last: number;
  private readonly leases = new Set<string>();
  private next = 0;

  constructor(
    private readonly limits: PartnerLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.last = now();
  }

  /** Calls holding an in-flight slot. */
  get inFlight(): number {
    return this.leases.size;
  }

  async tryAcquire(): Promise<PartnerGrant> {
    const now = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + (Math.max(0, now - this.last) / 1000) * this.limits.requestsPerSecond);
    this.last = now;
    if (this.leases.size >= this.limits.maxConcurrent) {
      // A slot frees when a call ends: the limiter is told then; this is only a fallback poll.
      return { ok: false, retryInMs: 50 };
    }
    if (this.tokens < 1) {
      return { ok: false, retryInMs: Math.max(1, Math.ceil(((1 - this.tokens) / this.limits.requestsPerSecond) * 1000)) };
    }
    this.tokens -= 1;
    this.next += 1;
    const lease = `m${this.next}`;
    this.leases.add(lease);
    return { ok: true, lease };
  }

  async release(lease: string): Promise<void> {
    this.leases.delete(lease);
  }

  async close(): Promise<void> {
    this.leases.clear();
  }
}
