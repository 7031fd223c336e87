/**
 * The one chokepoint to the upstream: `request(operation, body, options)`.
 *
 * Per call: a deadline (AbortSignal) covering every wait; a token from `auth.ts`; a rate-limit and
 * concurrency slot; the POST with `Authorization`, `IdempotencyKey` and `Content-Type`; the body
 * always read to its end; the envelope parsed whatever the content type; failures turned into the
 * `UpstreamError` family. Reads retry on 408/429/5xx/connection errors with jittered exponential
 * backoff honouring Retry-After, inside the deadline. Writes reuse one IdempotencyKey across their
 * attempts and retry only where the upstream cannot have processed the request (429, 502, 503,
 * connection refused). A 401 renews the token once and replays once. A read whose response headers
 * have not come after `hedge.afterMs` is sent once more (a hedge); the first answer wins and the
 * other attempt is cancelled. A circuit breaker refuses calls at once, unsent, while the partner
 * keeps failing (`breaker.ts`).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as undiciRequest } from 'undici';
import { TokenProvider, DEFAULT_SCOPE } from './auth.js';
import { type BreakerOptions, type BreakerSnapshot, type BreakerTicket, type BreakerVerdict, CircuitBreaker } from './breaker.js';
import {
  type UpstreamError,
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamCircuitOpenError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  isUpstreamError,
} from './errors.js';
import { type CallLimiter, LimiterRefusal, RateLimiter } from './limiter.js';
import { safeObserver, type UpstreamObserver } from './observer.js';
import { OPERATIONS, type OperationName, type OperationSpec } from './operations.js';
import { type AttemptOutcome, interpretResponse } from './response.js';
import { OperationRecorder, type UpstreamStats } from './stats.js';
import { classifyTransportError } from './transport.js';

export { type OperationName } from './operations.js';

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
  rateLimit?: { requestsPerSecond: number; burst?: number; maxConcurrent: number; maxWaitMs: number };
  /**
   * The limiter every HTTP attempt waits for, in place of the plain one `rateLimit` builds (e.g. the
   * fair, shared limiter of `scheduler.ts`). The client closes it.
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

const DEFAULTS = {
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

/** What one call went through, for its breaker verdict and its hedge. */
interface CallProgress {
  recorder: OperationRecorder;
  options: CallOptions;
  /** HTTP attempts sent. */
  sent: number;
  /** The call's deadline or caller ended an attempt's wait for a limiter slot. */
  endedQueued: boolean;
  /** A hedge was sent (at most one per call). */
  hedged: boolean;
}

/**
 * What the typed operations need of a client: its `request`. The graph passes a per-request wrapper
 * of the shared client (to count and cap the calls of one GraphQL request).
 */
export type UpstreamCaller = Pick<UpstreamClient, 'request'>;

/** The upstream client. Build it with `createUpstreamClient`. */
export class UpstreamClient {
  private readonly agent: Agent;
  private readonly auth: TokenProvider;
  private readonly limiter: CallLimiter | undefined;
  private readonly baseUrl: string;
  private readonly environmentUrl: string;
  private readonly deadlineMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly random: () => number;
  private readonly recorders = new Map<string, OperationRecorder>();
  private readonly active = new Set<AbortController>();
  private readonly observer: UpstreamObserver;
  private readonly hedgeAfterMs: number | undefined;
  private readonly breaker: CircuitBreaker | undefined;
  private closed = false;
  /** The upstream client id this client authenticates as (part of every shared cache key). */
  readonly clientId: string;

  constructor(options: UpstreamClientOptions) {
    this.clientId = options.clientId;
    const t = options.timeouts ?? {};
    this.deadlineMs = t.deadlineMs ?? DEFAULTS.deadlineMs;
    this.observer = safeObserver(options.observer);
    this.agent = new Agent({
      connect: { timeout: t.connectMs ?? DEFAULTS.connectMs },
      headersTimeout: t.headersMs ?? DEFAULTS.headersMs,
      bodyTimeout: t.bodyMs ?? DEFAULTS.bodyMs,
      keepAliveTimeout: 4000,
      connections: options.rateLimit ? Math.max(1, options.rateLimit.maxConcurrent) : 64,
      maxResponseSize: options.maxResponseBytes ?? 32 * 1024 * 1024,
    });
    this.auth = new TokenProvider({
      authUrl: options.authUrl,
      clientId: options.clientId,
      privateKeyPem: options.privateKeyPem,
      scope: options.scope || DEFAULT_SCOPE,
      dispatcher: this.agent,
      requestTimeoutMs: this.deadlineMs,
      observer: this.observer,
      ...(options.clock === undefined ? {} : { now: options.clock }),
      ...(options.tokenRenewBeforeSeconds === undefined ? {} : { renewBeforeSeconds: options.tokenRenewBeforeSeconds }),
    });
    this.limiter = options.limiter ?? (options.rateLimit ? new RateLimiter(options.rateLimit) : undefined);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.environmentUrl = options.environmentUrl.replace(/\/+$/, '');
    this.maxAttempts = Math.max(1, options.retry?.maxAttempts ?? DEFAULTS.maxAttempts);
    this.baseDelayMs = options.retry?.baseDelayMs ?? DEFAULTS.baseDelayMs;
    this.maxDelayMs = options.retry?.maxDelayMs ?? DEFAULTS.maxDelayMs;
    this.random = options.random ?? Math.random;
    this.hedgeAfterMs = options.hedge === false ? undefined : Math.max(1, options.hedge?.afterMs ?? Math.round(this.deadlineMs * DEFAULTS.hedgeFraction));
    this.breaker = options.breaker === false ? undefined : new CircuitBreaker(options.breaker);
  }

  /**
   * Calls one operation and resolves with the whole success body (envelope fields included, the
   * upstream's spelling kept). Rejects only with `UpstreamError` subclasses.
   */
  async request<T>(operation: OperationName, body: object, options: CallOptions = {}): Promise<T> {
    const spec: OperationSpec | undefined = OPERATIONS[operation];
    if (spec === undefined) {
      throw new UpstreamBadResponseError(`unknown upstream operation ${String(operation)}`, { operation: String(operation) });
    }
    const recorder = this.recorder(operation);
    recorder.calls += 1;
    const started = performance.now();
    const startedAtMs = Date.now();
    const deadlineMs = Math.max(1, options.deadlineMs ?? this.deadlineMs);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deadlineMs);
    const onCallerAbort = (): void => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    if (options.signal?.aborted) {
      controller.abort();
    }
    this.active.add(controller);
    const progress: CallProgress = { recorder, options, sent: 0, endedQueued: false, hedged: false };
    let ticket: BreakerTicket | undefined;
    try {
      if (this.closed) {
        throw new UpstreamUnavailableError(`${operation}: the upstream client is closed`, { operation });
      }
      ticket = this.admit(operation);
      const data = await this.run(operation, spec, body, options.idempotencyKey ?? randomUUID(), controller.signal, started + deadlineMs, progress);
      this.breaker?.settle(ticket, 'success');
      const durationMs = performance.now() - started;
      recorder.record(durationMs);
      this.observer.call({ operation, outcome: 'ok', write: spec.write, startedAtMs, durationMs });
      return data as T;
    } catch (thrown) {
      const error = this.typed(thrown, operation, controller.signal, options.signal);
      if (ticket !== undefined) {
        this.breaker?.settle(ticket, this.verdict(error, progress, options.signal));
      }
      const durationMs = performance.now() - started;
      recorder.record(durationMs, error.code);
      this.observer.call({
        operation,
        outcome: error.code,
        write: spec.write,
        startedAtMs,
        durationMs,
        ...(error.status === undefined ? {} : { status: error.status }),
      });
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
      this.active.delete(controller);
    }
  }

  /**
   * Proves that an access token can be had, without calling any operation: resolves at once while
   * the cached token is valid (starting the usual early renewal inside its renewal window), otherwise
   * waits for the single token request. Rejects only with `UpstreamError` subclasses (never quoting
   * the key or a token), within the client's deadline. For readiness probes.
   */
  async checkAuth(): Promise<void> {
    if (this.closed) {
      throw new UpstreamUnavailableError('token: the upstream client is closed', { operation: 'token' });
    }
    const signal = AbortSignal.timeout(this.deadlineMs);
    try {
      await this.auth.token(signal, 'token');
    } catch (thrown) {
      throw this.typed(thrown, 'token', signal, undefined);
    }
  }

  /** Counters and latencies per operation, and token endpoint counters. */
  stats(): UpstreamStats {
    const operations: UpstreamStats['operations'] = {};
    for (const [name, recorder] of this.recorders) {
      operations[name] = recorder.snapshot();
    }
    return { operations, ...this.auth.stats() };
  }

  /** The circuit breaker's state and counters (`closed` with zero counters when it is turned off). */
  breakerState(): BreakerSnapshot {
    return this.breaker?.snapshot() ?? { state: 'closed', consecutiveFailures: 0, opened: 0, rejected: 0 };
  }

  /** Zeroes the per-operation statistics (token counters are kept). */
  resetStats(): void {
    this.recorders.clear();
  }

  /** Cancels calls in flight, refuses new ones and closes the connection pools. */
  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.limiter?.close();
    this.auth.close();
    for (const controller of this.active) {
      controller.abort();
    }
    await this.agent.close();
  }

  /** A breaker ticket for the call, or its refusal as UPSTREAM_CIRCUIT_OPEN (nothing sent). */
  private admit(operation: string): BreakerTicket {
    const admitted = this.breaker?.admit() ?? { probe: false };
    if ('refused' in admitted) {
      throw new UpstreamCircuitOpenError(`${operation}: the partner keeps failing; the circuit is open and the call was not sent`, {
        operation,
        retryAfterSeconds: Math.ceil(Math.max(0, admitted.retryInMs) / 1000),
      });
    }
    return admitted;
  }

  /**
   * What a failed call says of the partner: down (a timeout or 5xx/unreachable after something was
   * sent or while getting a token), alive (any other answer), or nothing (the caller cancelled, the
   * client closed, the deadline passed while queued in our own limiter, our limiter refused).
   */
  private verdict(error: UpstreamError, progress: CallProgress, callerSignal: AbortSignal | undefined): BreakerVerdict {
    if (callerSignal?.aborted || this.closed) {
      return 'neutral';
    }
    if (error.code === 'UPSTREAM_TIMEOUT' || error.code === 'UPSTREAM_UNAVAILABLE') {
      return progress.sent === 0 && progress.endedQueued ? 'neutral' : 'failure';
    }
    if (error instanceof UpstreamRateLimitedError && error.local) {
      return 'neutral';
    }
    return 'success';
  }

  private recorder(operation: string): OperationRecorder {
    let recorder = this.recorders.get(operation);
    if (recorder === undefined) {
      recorder = new OperationRecorder();
      this.recorders.set(operation, recorder);
    }
    return recorder;
  }

  private async run(
    operation: OperationName,
    spec: OperationSpec,
    body: object,
    idempotencyKey: string,
    signal: AbortSignal,
    deadline: number,
    progress: CallProgress,
  ): Promise<Record<string, unknown>> {
    const recorder = progress.recorder;
    const url = `${spec.base === 'environment' ? this.environmentUrl : this.baseUrl}${spec.path}`;
    const payload = JSON.stringify(body);
    let token = await this.auth.token(signal, operation);
    let attempt = 0;
    let replayedAfter401 = false;
    for (;;) {
      attempt += 1;
      const outcome = await this.exchange(operation, spec, url, payload, token, idempotencyKey, signal, deadline, progress);
      if (outcome.ok) {
        return outcome.data;
      }
      if (outcome.error.status === 401) {
        if (replayedAfter401) {
          throw new UpstreamAuthError(`${operation}: the upstream refused a freshly renewed token (HTTP 401)`, { operation, status: 401 });
        }
        replayedAfter401 = true;
        recorder.authReplays += 1;
        token = await this.auth.renewAfterUnauthorized(token, signal, operation);
        attempt -= 1;
        continue;
      }
      const retryable = outcome.retry === 'any' || (outcome.retry === 'read' && !spec.write);
      if (!retryable || attempt >= this.maxAttempts) {
        throw outcome.error;
      }
      const delay = this.backoff(attempt, outcome.retryAfterMs);
      if (performance.now() + delay >= deadline) {
        throw outcome.error;
      }
      await sleep(delay, signal);
      recorder.retries += 1;
      token = await this.auth.token(signal, operation);
    }
  }

  private backoff(attempt: number, retryAfterMs: number | undefined): number {
    return backoffDelay(attempt, retryAfterMs, { baseDelayMs: this.baseDelayMs, maxDelayMs: this.maxDelayMs, random: this.random });
  }

  /**
   * One exchange with the partner: a single attempt, or for a read not yet hedged, an attempt and,
   * when its response headers have not come after `hedgeAfterMs` (and the deadline is still ahead),
   * a second one. The first answer wins and the other attempt is cancelled; a retryable failure of
   * one waits for the other's answer. Rejects only when the call's signal ends (or the limiter fails).
   */
  private exchange(
    operation: OperationName,
    spec: OperationSpec,
    url: string,
    payload: string,
    token: string,
    idempotencyKey: string,
    signal: AbortSignal,
    deadline: number,
    progress: CallProgress,
  ): Promise<AttemptOutcome> {
    const send = (attemptSignal: AbortSignal, events: AttemptEvents): Promise<AttemptOutcome> =>
      this.attempt(operation, spec, url, payload, token, idempotencyKey, attemptSignal, deadline, progress, events);
    const hedgeAfterMs = this.hedgeAfterMs;
    if (spec.write || hedgeAfterMs === undefined || progress.hedged) {
      return send(signal, {});
    }
    return new Promise<AttemptOutcome>((resolve, reject) => {
      const controllers: AbortController[] = [];
      let running = 0;
      let done = false;
      let failed: AttemptOutcome | undefined;
      let timer: NodeJS.Timeout | undefined;
      const finish = (settle: () => void, winner?: AbortController): void => {
        done = true;
        clearTimeout(timer);
        for (const controller of controllers) {
          if (controller !== winner) {
            controller.abort();
          }
        }
        settle();
      };
      const launch = (hedge: boolean): void => {
        const own = new AbortController();
        controllers.push(own);
        running += 1;
        const events: AttemptEvents = hedge
          ? {}
          : {
              sent: () => {
                timer = setTimeout(() => {
                  if (!done && performance.now() < deadline) {
                    progress.hedged = true;
                    progress.recorder.hedges += 1;
                    launch(true);
                  }
                }, hedgeAfterMs);
              },
              headers: () => clearTimeout(timer),
            };
        send(AbortSignal.any([signal, own.signal]), events).then(
          (outcome) => {
            running -= 1;
            if (done) {
              return;
            }
            // A retryable failure of one attempt waits for the other's answer.
            if (!outcome.ok && outcome.retry !== 'none' && running > 0) {
              failed = outcome;
              return;
            }
            // An answer of the hedge wins; when both failed, the later failure is no win.
            if (hedge && (outcome.ok || outcome.retry === 'none')) {
              progress.recorder.hedgeWins += 1;
            }
            finish(() => resolve(outcome), own);
          },
          (error: unknown) => {
            running -= 1;
            if (done) {
              return;
            }
            if (signal.aborted || running === 0) {
              finish(() => (failed !== undefined && !signal.aborted ? resolve(failed) : reject(error)));
            }
          },
        );
      };
      launch(false);
    });
  }

  private async attempt(
    operation: OperationName,
    spec: OperationSpec,
    url: string,
    payload: string,
    token: string,
    idempotencyKey: string,
    signal: AbortSignal,
    deadline: number,
    progress: CallProgress,
    events: AttemptEvents,
  ): Promise<AttemptOutcome> {
    const options = progress.options;
    let release: () => void = noop;
    if (this.limiter !== undefined) {
      try {
        release = await this.limiter.acquire({
          caller: options.caller ?? 'anonymous',
          write: spec.write,
          ...(options.priority === undefined ? {} : { priority: options.priority }),
          signal,
          waitBoundMs: Math.max(0, deadline - performance.now()),
        });
      } catch (error) {
        if (error instanceof LimiterRefusal && error.reason === 'wait-bound') {
          throw new UpstreamRateLimitedError(`${operation}: ${error.message}; not sent`, { operation, local: true });
        }
        progress.endedQueued ||= signal.aborted;
        throw error;
      }
    }
    try {
      progress.recorder.attempts += 1;
      progress.sent += 1;
      options.onAttempt?.();
      events.sent?.();
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const res = await undiciRequest(url, {
          method: 'POST',
          dispatcher: this.agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/plain, */*',
            IdempotencyKey: idempotencyKey,
          },
          body: payload,
          signal,
        });
        events.headers?.();
        status = res.statusCode;
        headers = res.headers;
        // Always read to the end: an unread body keeps the connection from being reused.
        text = await res.body.text();
      } catch (error) {
        if (signal.aborted) {
          throw error;
        }
        return { ok: false, ...classifyTransportError(error, operation) };
      }
      return interpretResponse(operation, spec, status, headers, text);
    } finally {
      release();
    }
  }

  private typed(thrown: unknown, operation: string, deadlineSignal: AbortSignal, callerSignal: AbortSignal | undefined): UpstreamError {
    if (isUpstreamError(thrown)) {
      return thrown;
    }
    if (callerSignal?.aborted) {
      return new UpstreamTimeoutError(`${operation}: cancelled by the caller`, { operation, cause: thrown });
    }
    if (this.closed) {
      return new UpstreamUnavailableError(`${operation}: the upstream client was closed`, { operation, cause: thrown });
    }
    if (deadlineSignal.aborted) {
      return new UpstreamTimeoutError(`${operation}: the call deadline passed`, { operation, cause: thrown });
    }
    return new UpstreamUnavailableError(`${operation}: unexpected client failure`, { operation, cause: thrown });
  }
}

/** Builds an upstream client (the key is read at once; nothing is requested until the first call). */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  return new UpstreamClient(options);
}

/**
 * The wait after failed attempt `attempt` (1-based): equal-jitter exponential backoff, never shorter
 * than Retry-After. Pure, so its arithmetic is tested without waiting.
 */
export function backoffDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  policy: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = cap / 2 + policy.random() * (cap / 2);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** Told when an attempt was sent and when its response headers came (the hedge's clock). */
interface AttemptEvents {
  sent?: () => void;
  headers?: () => void;
}

function noop(): void {}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
