/**
 * What the upstream layer reports about itself, for metrics, traces and logs kept outside it.
 *
 * The upstream client (and its cache, coalescing, budget and limiter) calls an `UpstreamObserver`
 * passed in its options; `server/` turns the events into Prometheus metrics, OpenTelemetry spans and
 * warn lines. Events carry operation names, codes, counts and durations only: never a request or
 * response body, a token, a key or a document number. A caller id is an API key's configured name
 * (or a JWT `sub`), not personal data.
 */
import { type UpstreamErrorCode } from './errors.js';

/** How one upstream call ended: `ok`, or the code of the `UpstreamError` it rejected with. */
export type UpstreamOutcome = 'ok' | UpstreamErrorCode;

/** One finished call of `UpstreamClient.request` (its retries and 401 replay included). */
export interface UpstreamCallEvent {
  /** Operation name, e.g. `ConsultarParcelas`. */
  operation: string;
  outcome: UpstreamOutcome;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** Whether the operation writes (inclusion, signature, payment, ...). */
  write: boolean;
  /** Wall-clock start, in milliseconds since the epoch (spans are recorded after the fact). */
  startedAtMs: number;
  /** Whole duration of the call, waits and retries included. */
  durationMs: number;
  /**
   * True when the failure is one of the partner's normal "nothing here" answers (no agenda before
   * disbursement, an unknown record on a read): logged at debug, not as a warning.
   */
  expected?: true;
}

/** One token request to the token endpoint (first token, early renewal or renewal after a 401). */
export interface TokenRenewalEvent {
  outcome: UpstreamOutcome;
  startedAtMs: number;
  durationMs: number;
}

/** What a read cache did for one partner request. */
export type CacheOutcome = 'hit' | 'miss' | 'stale' | 'coalesced';

/** One look-up in the shared read cache (or the in-flight coalescing in front of it). */
export interface CacheEvent {
  operation: string;
  outcome: CacheOutcome;
}

/** The depth of the partner limiter's queue, reported whenever it changes. */
export interface LimiterQueueEvent {
  /** Calls waiting for a slot. */
  waiting: number;
  /** Calls holding a slot. */
  inFlight?: number;
}

/** A request refused or delayed because its caller spent its own budget. */
export interface ThrottledEvent {
  callerId: string;
  /** Which budget refused it, e.g. `caller` (per-caller budget) or `partner` (the shared partner budget). */
  budget: string;
}

/**
 * Receiver of upstream events. Every method must return quickly and never throw (the client wraps
 * each call with {@link safeObserver} all the same, so a broken observer cannot fail a call).
 */
export interface UpstreamObserver {
  call(event: UpstreamCallEvent): void;
  tokenRenewal(event: TokenRenewalEvent): void;
  cache(event: CacheEvent): void;
  limiterQueue(event: LimiterQueueEvent): void;
  throttled(event: ThrottledEvent): void;
}

function noop(): void {}

/** The default observer: ignores everything. */
export const NOOP_UPSTREAM_OBSERVER: UpstreamObserver = Object.freeze({
  call: noop,
  tokenRenewal: noop,
  cache: noop,
  limiterQueue: noop,
  throttled: noop,
});

const METHODS = ['call', 'tokenRenewal', 'cache', 'limiterQueue', 'throttled'] as const;

/**
 * `observer` with missing methods filled by no-ops and each method guarded: an exception thrown by an
 * observer is swallowed, so observability can never change what a call returns.
 */
export function safeObserver(observer: Partial<UpstreamObserver> | undefined): UpstreamObserver {
  if (observer === undefined || observer === NOOP_UPSTREAM_OBSERVER) {
    return NOOP_UPSTREAM_OBSERVER;
  }
  const safe = { ...NOOP_UPSTREAM_OBSERVER } as Record<(typeof METHODS)[number], (event: never) => void>;
  for (const method of METHODS) {
    const handler = observer[method] as ((event: never) => void) | undefined;
    if (handler !== undefined) {
      safe[method] = (event: never) => {
        try {
          handler.call(observer, event);
        } catch {
          // Observability must not turn a successful partner call into a failed one.
        }
      };
    }
  }
  return safe as UpstreamObserver;
}

/** One observer forwarding every event to each of `observers` in order. */
export function combineObservers(...observers: ReadonlyArray<Partial<UpstreamObserver> | undefined>): UpstreamObserver {
  const present = observers.filter((observer): observer is Partial<UpstreamObserver> => observer !== undefined).map(safeObserver);
  if (present.length === 0) {
    return NOOP_UPSTREAM_OBSERVER;
  }
  if (present.length === 1) {
    return present[0] as UpstreamObserver;
  }
  return {
    call: (event) => present.forEach((observer) => observer.call(event)),
    tokenRenewal: (event) => present.forEach((observer) => observer.tokenRenewal(event)),
    cache: (event) => present.forEach((observer) => observer.cache(event)),
    limiterQueue: (event) => present.forEach((observer) => observer.limiterQueue(event)),
    throttled: (event) => present.forEach((observer) => observer.throttled(event)),
  };
}
