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
import { Agent } from 'undici';
import { ANONYMOUS_CALLER } from '../shared/callers.js';
import { TokenProvider, DEFAULT_SCOPE } from './auth.js';
import { type BreakerSnapshot, type BreakerTicket, type BreakerVerdict, CircuitBreaker } from './breaker.js';
import { type CallOptions, CLIENT_DEFAULTS, type UpstreamClientOptions } from './client.options.js';
import {
  type UpstreamError,
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamCircuitOpenError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  isExpectedAnswer,
  isUpstreamError,
} from './errors.js';
import { type AttemptEvents, hedgedExchange } from './hedge.js';
import { type CallLimiter, LimiterRefusal, type OverdueStats } from './limiter.js';
import { safeObserver, type UpstreamObserver } from './observer.js';
import { OPERATIONS, type OperationName, type OperationSpec } from './operations.js';
import { type AttemptOutcome, interpretResponse } from './response.js';
import { OperationRecorder, type UpstreamStats } from './stats.js';
import { backoffDelay, sleep } from './retry.js';
import { localLimiter } from './scheduler.js';
import { classifyTransportError, requestTarget, type RequestTarget } from './transport.js';

export { type OperationName } from './operations.js';
export { type CallOptions, type UpstreamClientOptions } from './client.options.js';
export { backoffDelay } from './retry.js';

/** One HTTP request of a call, as every attempt of it (retry or hedge) sends it. */
interface OutgoingRequest {
  operation: OperationName;
  spec: OperationSpec;
  target: RequestTarget;
  payload: string;
  token: string;
  idempotencyKey: string;
}

/** What one call went through, for its breaker verdict and its hedge. */
interface CallProgress {
  recorder: OperationRecorder;
  options: CallOptions;
  /** HTTP attempts sent. */
  sent: number;
  /** Attempts sent whose answer was not read to its end: the partner may have processed each. */
  unanswered: number;
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
    this.deadlineMs = t.deadlineMs ?? CLIENT_DEFAULTS.deadlineMs;
    this.observer = safeObserver(options.observer);
    this.agent = new Agent({
      connect: { timeout: t.connectMs ?? CLIENT_DEFAULTS.connectMs },
      headersTimeout: t.headersMs ?? CLIENT_DEFAULTS.headersMs,
      bodyTimeout: t.bodyMs ?? CLIENT_DEFAULTS.bodyMs,
      keepAliveTimeout: 4000,
      // One socket per slot, plus one per place of the overdue pool: an overdue call still holds its
      // socket, and a call given its slot must not queue behind it for one.
      connections: options.rateLimit ? Math.max(1, options.rateLimit.maxConcurrent) + (options.rateLimit.overdue?.maxCalls ?? 0) : 64,
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
    this.limiter = options.limiter ?? (options.rateLimit ? localLimiter(options.rateLimit) : undefined);
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.environmentUrl = options.environmentUrl.replace(/\/+$/, '');
    this.maxAttempts = Math.max(1, options.retry?.maxAttempts ?? CLIENT_DEFAULTS.maxAttempts);
    this.baseDelayMs = options.retry?.baseDelayMs ?? CLIENT_DEFAULTS.baseDelayMs;
    this.maxDelayMs = options.retry?.maxDelayMs ?? CLIENT_DEFAULTS.maxDelayMs;
    this.random = options.random ?? Math.random;
    this.hedgeAfterMs =
      options.hedge === false ? undefined : Math.max(1, options.hedge?.afterMs ?? Math.round(this.deadlineMs * CLIENT_DEFAULTS.hedgeFraction));
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
    const progress: CallProgress = { recorder, options, sent: 0, unanswered: 0, endedQueued: false, hedged: false };
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
      // Whether a write may have reached the partner is decided from this, not from the last failure alone.
      error.attempts ??= { sent: progress.sent, unanswered: progress.unanswered };
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
        ...(isExpectedAnswer(error, spec.write) ? { expected: true as const } : {}),
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

  /** The limiter's overdue pool (calls in it, moves, refusals, threshold), when it has one. */
  overdueStats(): OverdueStats | undefined {
    return this.limiter?.overdueStats?.();
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
    const target = requestTarget(`${spec.base === 'environment' ? this.environmentUrl : this.baseUrl}${spec.path}`);
    const payload = JSON.stringify(body);
    let token = await this.auth.token(signal, operation);
    let attempt = 0;
    let replayedAfter401 = false;
    for (;;) {
      attempt += 1;
      const outcome = await this.exchange({ operation, spec, target, payload, token, idempotencyKey }, signal, deadline, progress);
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
  private exchange(request: OutgoingRequest, signal: AbortSignal, deadline: number, progress: CallProgress): Promise<AttemptOutcome> {
    const send = (attemptSignal: AbortSignal, events: AttemptEvents): Promise<AttemptOutcome> =>
      this.attempt(request, attemptSignal, deadline, progress, events);
    const hedgeAfterMs = this.hedgeAfterMs;
    if (request.spec.write || hedgeAfterMs === undefined || progress.hedged) {
      return send(signal, {});
    }
    return hedgedExchange(send, signal, deadline, hedgeAfterMs, progress);
  }

  private async attempt(
    request: OutgoingRequest,
    signal: AbortSignal,
    deadline: number,
    progress: CallProgress,
    events: AttemptEvents,
  ): Promise<AttemptOutcome> {
    const { operation, spec, target, payload, token, idempotencyKey } = request;
    const options = progress.options;
    let release: (answered?: boolean) => void = noop;
    if (this.limiter !== undefined) {
      try {
        release = await this.limiter.acquire({
          caller: options.caller ?? ANONYMOUS_CALLER,
          write: spec.write,
          ...(options.priority === undefined ? {} : { priority: options.priority }),
          signal,
          waitBoundMs: Math.max(0, deadline - performance.now()),
        });
      } catch (error) {
        if (error instanceof LimiterRefusal && (error.reason === 'wait-bound' || error.reason === 'overdue-full')) {
          throw new UpstreamRateLimitedError(`${operation}: ${error.message}; not sent`, { operation, local: true });
        }
        progress.endedQueued ||= signal.aborted;
        throw error;
      }
    }
    let answered = false;
    try {
      progress.recorder.attempts += 1;
      progress.sent += 1;
      options.onAttempt?.();
      events.sent?.();
      let status: number;
      let headers: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const res = await this.agent.request({
          origin: target.origin,
          path: target.path,
          method: 'POST',
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
        answered = true;
      } catch (error) {
        if (signal.aborted) {
          throw error;
        }
        return { ok: false, ...classifyTransportError(error, operation) };
      }
      return interpretResponse(operation, spec, status, headers, text);
    } finally {
      if (!answered) {
        progress.unanswered += 1;
      }
      release(answered);
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

function noop(): void {}
