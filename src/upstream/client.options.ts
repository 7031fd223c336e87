/** The options of the upstream client and of each call (`client.ts`). */
import { type BreakerOptions } from './breaker.js';
import { type CallLimiter, type RateLimitOptions } from './limiter.js';
import { type UpstreamObserver } from './observer.js';

/** Options of `createUpstreamClient`. */
export interface UpstreamClientOptions {
  /** Address of the 17 base operations, e.g. `https://api.example/`. */
  baseUrl: string;
  /** Address serving `/FGTS/CancelarProposta`. */
  environmentUrl: string;
  /** Address of the token endpoint `${authUrl}/connect/token`. */
  authUrl: string;
  clientId: string;
  /** RSA private key as PEM text (a path to a PEM file is accepted too). Never logged. */
  privateKeyPem: string;
  /** Default `bmp.digital.api.full.access`. */
  scope: string;
  /** Explicit undici timeouts (its defaults are 300 s) and the per-call deadline (default 10000 ms). */
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number; deadlineMs?: number };
  /** Upstream rate limit and concurrency cap with a bounded wait; unlimited when absent. */
  rateLimit?: RateLimitOptions;
  /**
   * The limiter every HTTP attempt waits for, in place of the one `rateLimit` builds (the fair limiter
   * of `scheduler.ts` over this process's budget), e.g. the fair limiter over a budget shared by
   * replicas. The client closes it.
   */
  limiter?: CallLimiter;
  /** Attempts per call including the first (default 3); backoff base (100 ms) and cap (2000 ms). */
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  /** Renew the token this many seconds before expiry (default min(300, 10 % of expires_in); capped at half the lifetime). */
  tokenRenewBeforeSeconds?: number;
  /** Jitter source in [0, 1), for tests. */
  random?: () => number;
  /** Largest response body accepted (default 32 MiB); a larger one is UPSTREAM_BAD_RESPONSE. */
  maxResponseBytes?: number;
  /** Clock of the token cache (ms; default `Date.now`), so tests can move a token through its life without waiting. */
  clock?: () => number;
  /** Receives call, token, cache and limiter events (metrics, traces, logs); no-op when absent. */
  observer?: Partial<UpstreamObserver>;
  /**
   * Hedged reads: a read attempt with no response headers after `afterMs` (default a third of the
   * deadline) is sent once more, counted against the limiter like any call; the first answer wins
   * and the other is cancelled. Never for writes. `false` turns it off.
   */
  hedge?: { afterMs?: number } | false;
  /** The circuit breaker's thresholds (see `breaker.ts`); `false` turns it off. */
  breaker?: BreakerOptions | false;
}

/** Per-call options. */
export interface CallOptions {
  /** IdempotencyKey header; writes generate one UUID when absent and reuse it across retries. */
  idempotencyKey?: string;
  /** Overrides the client's deadline for this call. */
  deadlineMs?: number;
  /** Cancels the call (ends as UPSTREAM_TIMEOUT). */
  signal?: AbortSignal;
  /** On whose behalf the call is made: the fair limiter queues calls per caller (default `anonymous`). */
  caller?: string;
  /**
   * `background`: the call waits behind every other caller's reads and every write (live watchers'
   * polls), so it never delays a query or a write; default: the caller's fair turn.
   */
  priority?: 'background';
  /** Told each time an HTTP request is about to reach the upstream (first attempt, retries, 401 replay). */
  onAttempt?: () => void;
}

/** The client's defaults. */
export const CLIENT_DEFAULTS = {
  connectMs: 5000,
  headersMs: 10_000,
  bodyMs: 10_000,
  deadlineMs: 10_000,
  maxAttempts: 3,
  baseDelayMs: 100,
  maxDelayMs: 2000,
  /** Fraction of the deadline after which a read with no response headers is hedged. */
  hedgeFraction: 1 / 3,
} as const;
