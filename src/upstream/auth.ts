/**
 * OAuth 2.0 client credentials with a signed client assertion (private_key_jwt), as the contract's
 * "Authentication" section and docs/partner/facts.md describe it.
 *
 * - Every token request signs a fresh RS256 assertion (new `jti`, ~60 s lifetime, `aud` the token URL).
 * - The token is cached. Once inside the renewal window it is renewed in the background while the
 *   old token keeps serving; callers wait only when no valid token is cached.
 * - Single flight: one token request at a time, however many callers wait for it.
 * - After a 401 the client asks for `renewAfterUnauthorized(rejectedToken)`: callers that saw the same
 *   rejected token share one renewal.
 * - The private key and the tokens never appear in errors or messages.
 */
import { type KeyObject, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { type Dispatcher, request } from 'undici';
import {
  type UpstreamError,
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  isUpstreamError,
} from './errors.js';
import { NOOP_UPSTREAM_OBSERVER, type UpstreamObserver } from './observer.js';
import { classifyTransportError, parseRetryAfter } from './transport.js';
import { parsePrivateKey, PrivateKeyError } from '../shared/private-key.js';
import { DEFAULT_SCOPE } from '../shared/settings.js';

/** Lifetime of a client assertion, in seconds (public clients use about 60 s). */
export const ASSERTION_LIFETIME_SECONDS = 60;
export { DEFAULT_SCOPE };

/**
 * Reads an RSA private key given as PEM text (PKCS#8 or PKCS#1; literal `\n` sequences from
 * environment variables are accepted) or as a path to a PEM file. Errors never quote the key.
 */
export function readPrivateKey(pemOrPath: string): KeyObject {
  try {
    return parsePrivateKey(pemOrPath);
  } catch (error) {
    throw error instanceof PrivateKeyError ? new UpstreamAuthError(error.message, { operation: 'token' }) : error;
  }
}

/** Signs one client assertion. Exported for tests of its header and claims. */
export async function signClientAssertion(input: { clientId: string; tokenUrl: string; key: KeyObject; nowSeconds?: number }): Promise<string> {
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuer(input.clientId)
    .setSubject(input.clientId)
    .setAudience(input.tokenUrl)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + ASSERTION_LIFETIME_SECONDS)
    .sign(input.key);
}

export interface TokenProviderOptions {
  authUrl: string;
  clientId: string;
  /** PEM text or a path to a PEM file. */
  privateKeyPem: string;
  scope?: string;
  dispatcher: Dispatcher;
  /** Time limit of one token request. */
  requestTimeoutMs: number;
  /** Renew this many seconds before expiry (capped at half the lifetime). Default: min(300, 10 % of expires_in). */
  renewBeforeSeconds?: number;
  /** Monotonic-enough clock in ms, for tests. */
  now?: () => number;
  /** Told of every token request and its outcome. */
  observer?: UpstreamObserver;
}

interface CachedToken {
  token: string;
  /** After this instant the token is not used any more. */
  expiresAt: number;
  /** From this instant a background renewal starts. */
  renewAt: number;
}

/** Counters of the token endpoint. */
export interface TokenStats {
  tokenRequests: number;
  tokenFailures: number;
}

/** Caches and renews the access token. One per client. */
export class TokenProvider {
  private readonly tokenUrl: string;
  private readonly key: KeyObject;
  private readonly now: () => number;
  private cached: CachedToken | undefined;
  private inflight: Promise<CachedToken> | undefined;
  private nextBackgroundAttempt = 0;
  private readonly counters: TokenStats = { tokenRequests: 0, tokenFailures: 0 };
  private readonly closing = new AbortController();

  constructor(private readonly options: TokenProviderOptions) {
    this.tokenUrl = `${options.authUrl.replace(/\/+$/, '')}/connect/token`;
    this.key = readPrivateKey(options.privateKeyPem);
    this.now = options.now ?? Date.now;
  }

  stats(): TokenStats {
    return { ...this.counters };
  }

  /**
   * A valid access token. Uses the cached one while it is valid (starting a background renewal
   * inside the renewal window); otherwise waits for the single in-flight token request.
   */
  async token(signal: AbortSignal, operation: string): Promise<string> {
    const now = this.now();
    const cached = this.cached;
    if (cached !== undefined && now < cached.expiresAt) {
      if (now >= cached.renewAt && this.inflight === undefined && now >= this.nextBackgroundAttempt) {
        this.renewInBackground(cached);
      }
      return cached.token;
    }
    return (await this.waitFor(this.fetchShared(), signal, operation)).token;
  }

  /**
   * A token other than `rejected`, after the upstream answered 401 to it. Callers holding the same
   * rejected token share one renewal; a caller whose token was already replaced gets the new one.
   */
  async renewAfterUnauthorized(rejected: string, signal: AbortSignal, operation: string): Promise<string> {
    const cached = this.cached;
    if (cached !== undefined && cached.token !== rejected && this.now() < cached.expiresAt) {
      return cached.token;
    }
    if (cached !== undefined && cached.token === rejected) {
      this.cached = undefined;
    }
    return (await this.waitFor(this.fetchShared(), signal, operation)).token;
  }

  /** Cancels a token request in flight (the client is closing). */
  close(): void {
    this.closing.abort();
  }

  /** Forgets the cached token (tests, key rotation). */
  clear(): void {
    this.cached = undefined;
  }

  private renewInBackground(current: CachedToken): void {
    this.fetchShared().catch(() => {
      // The old token still serves; try again after a quarter of its remaining life (at most 5 s).
      const remaining = Math.max(0, current.expiresAt - this.now());
      this.nextBackgroundAttempt = this.now() + Math.min(5000, remaining / 4);
    });
  }

  private fetchShared(): Promise<CachedToken> {
    if (this.inflight === undefined) {
      const observer = this.options.observer ?? NOOP_UPSTREAM_OBSERVER;
      const startedAtMs = Date.now();
      const started = performance.now();
      const flight = this.fetchToken().then(
        (token) => {
          this.cached = token;
          this.nextBackgroundAttempt = 0;
          observer.tokenRenewal({ outcome: 'ok', startedAtMs, durationMs: performance.now() - started });
          return token;
        },
        (error: unknown) => {
          this.counters.tokenFailures += 1;
          observer.tokenRenewal({
            outcome: isUpstreamError(error) ? error.code : 'UPSTREAM_AUTH_FAILED',
            startedAtMs,
            durationMs: performance.now() - started,
          });
          throw error;
        },
      );
      this.inflight = flight;
      const clear = (): void => {
        if (this.inflight === flight) {
          this.inflight = undefined;
        }
      };
      flight.then(clear, clear);
    }
    return this.inflight;
  }

  /** Lets a caller stop waiting at its own deadline without cancelling the shared request. */
  private waitFor<T>(promise: Promise<T>, signal: AbortSignal, operation: string): Promise<T> {
    if (signal.aborted) {
      return Promise.reject(new UpstreamTimeoutError(`${operation}: deadline passed while waiting for a token`, { operation }));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => {
        reject(new UpstreamTimeoutError(`${operation}: deadline passed while waiting for a token`, { operation }));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(isUpstreamError(error) ? error : new UpstreamAuthError('token: the token request failed', { operation, cause: error }));
        },
      );
    });
  }

  private async fetchToken(): Promise<CachedToken> {
    const operation = 'token';
    this.counters.tokenRequests += 1;
    const assertion = await signClientAssertion({ clientId: this.options.clientId, tokenUrl: this.tokenUrl, key: this.key });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.options.clientId,
      scope: this.options.scope ?? DEFAULT_SCOPE,
      client_assertion: assertion,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    });
    const started = this.now();
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    try {
      const res = await request(this.tokenUrl, {
        method: 'POST',
        dispatcher: this.options.dispatcher,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'cache-control': 'no-cache',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.any([AbortSignal.timeout(this.options.requestTimeoutMs), this.closing.signal]),
      });
      status = res.statusCode;
      headers = res.headers;
      text = await res.body.text();
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      if (this.closing.signal.aborted) {
        throw new UpstreamUnavailableError('token: the client was closed', { operation });
      }
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new UpstreamTimeoutError('token: the token endpoint did not answer in time', { operation });
      }
      throw classifyTransportError(error, operation).error;
    }
    return this.readTokenResponse(status, headers, text, started);
  }

  private readTokenResponse(status: number, headers: Record<string, string | string[] | undefined>, text: string, started: number): CachedToken {
    const operation = 'token';
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        body = parsed as Record<string, unknown>;
      }
    } catch {
      body = undefined;
    }
    if (status === 200) {
      const token = body?.access_token;
      const expiresIn = Number(body?.expires_in);
      if (typeof token !== 'string' || token === '' || !Number.isFinite(expiresIn) || expiresIn <= 0) {
        throw new UpstreamBadResponseError('token: the token endpoint answered 200 without access_token and expires_in', {
          operation,
          status,
        });
      }
      return this.schedule(token, expiresIn, started);
    }
    if (status === 400 || status === 401 || status === 403) {
      const oauthError = typeof body?.error === 'string' ? body.error : undefined;
      const description = typeof body?.error_description === 'string' ? `: ${body.error_description.slice(0, 200)}` : '';
      return fail(
        new UpstreamAuthError(`token: the token endpoint refused the client (${oauthError ?? `HTTP ${status}`})${description}`, {
          operation,
          status,
          ...(oauthError === undefined ? {} : { oauthError }),
        }),
      );
    }
    if (status === 408 || status === 504) {
      return fail(new UpstreamTimeoutError(`token: the token endpoint timed out (HTTP ${status})`, { operation, status }));
    }
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(headers['retry-after']);
      return fail(
        new UpstreamRateLimitedError('token: the token endpoint is rate limiting', {
          operation,
          status,
          local: false,
          ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: retryAfterMs / 1000 }),
        }),
      );
    }
    if (status >= 500) {
      return fail(new UpstreamUnavailableError(`token: the token endpoint is unavailable (HTTP ${status})`, { operation, status }));
    }
    return fail(new UpstreamBadResponseError(`token: unexpected HTTP ${status} from the token endpoint`, { operation, status }));
  }

  private schedule(token: string, expiresInSeconds: number, started: number): CachedToken {
    const ttlMs = expiresInSeconds * 1000;
    const renewBeforeMs =
      this.options.renewBeforeSeconds === undefined ? Math.min(300_000, ttlMs * 0.1) : Math.min(this.options.renewBeforeSeconds * 1000, ttlMs / 2);
    // Counted from when we asked, so the token is never used past its real expiry; a small margin
    // (at most 5 s, 2 % of the lifetime) absorbs clock drift between us and the upstream.
    const expiresAt = started + ttlMs - Math.min(5000, ttlMs * 0.02);
    return { token, expiresAt, renewAt: Math.min(expiresAt, started + ttlMs - renewBeforeMs) };
  }
}

function fail(error: UpstreamError): never {
  throw error;
}
