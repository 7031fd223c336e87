import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { Agent } from 'undici';
import { readPrivateKey, signClientAssertion, TokenProvider, type TokenProviderOptions } from '../../../src/upstream/auth.js';
import { NOOP_UPSTREAM_OBSERVER } from '../../../src/upstream/observer.js';
import { UpstreamAuthError, UpstreamBadResponseError, UpstreamTimeoutError, UpstreamUnavailableError } from '../../../src/upstream/errors.js';
import { type FakeUpstream, startFakeUpstream, testKeys, waitFor } from './fake-upstream.js';

describe('TokenProvider', () => {
  let fake: FakeUpstream;
  let agent: Agent;
  let clock: number;
  const never = new AbortController().signal;

  beforeEach(async () => {
    fake = await startFakeUpstream();
    agent = new Agent({ headersTimeout: 5000, bodyTimeout: 5000 });
    clock = 1_000_000;
  });

  afterEach(async () => {
    await agent.close();
    await fake.close();
  });

  function provider(extra: Partial<TokenProviderOptions> = {}): TokenProvider {
    return new TokenProvider({
      authUrl: `${fake.url}/`,
      clientId: 'client-1',
      privateKeyPem: testKeys().privateKeyPem,
      dispatcher: agent,
      requestTimeoutMs: 2000,
      now: () => clock,
      ...extra,
    });
  }

  it('sends a form-encoded token request with a fresh RS256 assertion each time', async () => {
    const tokens = provider();
    await tokens.token(never, 'test');
    tokens.clear();
    await tokens.token(never, 'test');
    const sent = fake.tokenRequests();
    expect(sent).toHaveLength(2);
    const publicKey = await importSPKI(testKeys().publicKeyPem, 'RS256');
    const jtis: string[] = [];
    for (const req of sent) {
      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(req.headers['cache-control']).toBe('no-cache');
      const form = new URLSearchParams(req.body);
      expect(form.get('grant_type')).toBe('client_credentials');
      expect(form.get('client_id')).toBe('client-1');
      expect(form.get('scope')).toBe('bmp.digital.api.full.access');
      expect(form.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      const assertion = form.get('client_assertion') ?? '';
      expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256', typ: 'JWT' });
      const { payload } = await jwtVerify(assertion, publicKey, {
        issuer: 'client-1',
        subject: 'client-1',
        audience: `${fake.url}/connect/token`,
      });
      expect(payload.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(payload.nbf).toBe(payload.iat);
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
      jtis.push(payload.jti ?? '');
    }
    expect(new Set(jtis).size).toBe(2);
  });

  it('caches the token and sends one token request however many callers wait', async () => {
    fake.onToken(() => ({ delayMs: 50, status: 200, body: JSON.stringify({ access_token: 'only', expires_in: 3600 }) }));
    const tokens = provider();
    const got = await Promise.all(Array.from({ length: 50 }, () => tokens.token(never, 'test')));
    expect(new Set(got)).toEqual(new Set(['only']));
    expect(await tokens.token(never, 'test')).toBe('only');
    expect(fake.tokenRequests()).toHaveLength(1);
    expect(tokens.stats()).toEqual({ tokenRequests: 1, tokenFailures: 0 });
  });

  it('renews in the background inside the renewal window while the old token serves', async () => {
    const tokens = provider();
    expect(await tokens.token(never, 'test')).toBe('tok-1');
    clock += (3600 - 301) * 1000; // just before the default 300 s window
    expect(await tokens.token(never, 'test')).toBe('tok-1');
    expect(fake.tokenRequests()).toHaveLength(1);
    clock += 2000; // inside the window
    expect(await tokens.token(never, 'test')).toBe('tok-1'); // served at once
    expect(await tokens.token(never, 'test')).toBe('tok-1'); // no second renewal while one is in flight
    await waitFor(() => fake.tokenRequests().length === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(await tokens.token(never, 'test')).toBe('tok-2');
    expect(fake.tokenRequests()).toHaveLength(2);
  });

  it('uses a window of 10 % of a short lifetime, and an explicit one capped at half the lifetime', async () => {
    fake.onToken((_req, i) => ({ status: 200, body: JSON.stringify({ access_token: `t${i}`, expires_in: 10 }) }));
    const tokens = provider();
    await tokens.token(never, 'test');
    clock += 8500; // 1.5 s left: outside a 1 s window
    await tokens.token(never, 'test');
    expect(fake.tokenRequests()).toHaveLength(1);
    clock += 700; // 0.8 s left
    await tokens.token(never, 'test');
    await waitFor(() => fake.tokenRequests().length === 2);

    const explicit = provider({ renewBeforeSeconds: 300 });
    await explicit.token(never, 'test');
    clock += 4000; // 6 s left, not yet at half of 10 s
    await explicit.token(never, 'test');
    expect(fake.tokenRequests()).toHaveLength(3);
    clock += 1500;
    await explicit.token(never, 'test');
    await waitFor(() => fake.tokenRequests().length === 4);
  });

  it('waits for a new token once the cached one expired', async () => {
    const tokens = provider();
    await tokens.token(never, 'test');
    clock += 3600 * 1000;
    expect(await tokens.token(never, 'test')).toBe('tok-2');
  });

  it('keeps serving the cached token while the token endpoint is down, and fails only after expiry', async () => {
    const tokens = provider();
    await tokens.token(never, 'test');
    fake.onToken(() => ({ status: 503, body: 'down' }));
    clock += 3500 * 1000;
    for (let i = 0; i < 5; i += 1) {
      expect(await tokens.token(never, 'test')).toBe('tok-1');
      await new Promise((r) => setTimeout(r, 20));
    }
    // One failed background attempt; the next waits out its back-off instead of hammering.
    expect(fake.tokenRequests()).toHaveLength(2);
    expect(tokens.stats().tokenFailures).toBe(1);
    clock += 200 * 1000;
    await expect(tokens.token(never, 'test')).rejects.toBeInstanceOf(UpstreamUnavailableError);
  });

  it('ends a token request that never answers at its own time limit with UPSTREAM_TIMEOUT', async () => {
    fake.onToken(() => ({ hang: true }));
    const tokens = provider({ requestTimeoutMs: 150 });
    await expect(tokens.token(never, 'test')).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      operation: 'token',
      message: 'token: the token endpoint did not answer in time',
    });
    expect(tokens.stats()).toEqual({ tokenRequests: 1, tokenFailures: 1 });
  });

  it('lets a caller stop waiting at its deadline without cancelling the shared request', async () => {
    fake.onToken(() => ({ delayMs: 300, status: 200, body: JSON.stringify({ access_token: 'shared', expires_in: 3600 }) }));
    const tokens = provider();
    const impatient = new AbortController();
    const first = tokens.token(impatient.signal, 'test');
    const second = tokens.token(never, 'test');
    setTimeout(() => impatient.abort(), 50);
    await expect(first).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(await second).toBe('shared');
    expect(fake.tokenRequests()).toHaveLength(1);
  });

  it('maps an OAuth error body to UPSTREAM_AUTH_FAILED without leaking the assertion', async () => {
    fake.onToken(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_client', error_description: 'Unknown client.' }) }));
    const tokens = provider();
    const error = await tokens.token(never, 'test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect((error as UpstreamAuthError).oauthError).toBe('invalid_client');
    expect((error as UpstreamAuthError).status).toBe(400);
    const assertion = new URLSearchParams(fake.tokenRequests()[0]?.body).get('client_assertion') ?? '';
    expect(assertion.length).toBeGreaterThan(100);
    expect(JSON.stringify(error) + String((error as Error).message) + String((error as Error).stack)).not.toContain(assertion.slice(-40));
  });

  it('refuses a 200 without access_token as UPSTREAM_BAD_RESPONSE', async () => {
    fake.onToken(() => ({ status: 200, body: JSON.stringify({ token_type: 'Bearer' }) }));
    await expect(provider().token(never, 'test')).rejects.toBeInstanceOf(UpstreamBadResponseError);
  });

  it('shares one renewal among callers rejected with the same token (401)', async () => {
    const tokens = provider();
    const old = await tokens.token(never, 'test');
    const renewed = await Promise.all(Array.from({ length: 20 }, () => tokens.renewAfterUnauthorized(old, never, 'test')));
    expect(new Set(renewed)).toEqual(new Set(['tok-2']));
    // A late caller still holding the old token gets the new one without another request.
    expect(await tokens.renewAfterUnauthorized(old, never, 'test')).toBe('tok-2');
    expect(fake.tokenRequests()).toHaveLength(2);
  });

  // The clock below is the provider's injected clock; a background renewal is observed through
  // stats().tokenRequests, which counts a request the moment it starts (synchronously, inside the
  // token() call that starts it), so "no renewal yet" is known without waiting for the network.
  /** A token() call answered from the cache settles within microtasks; one waiting for a request does not. */
  async function answersNow(tokens: TokenProvider): Promise<string> {
    const got = tokens.token(never, 'test');
    expect(await isPending(got)).toBe(false);
    return got;
  }

  describe('renewal window and expiry, to the millisecond', () => {
    const T0 = 1_000_000;

    async function renewedTo(tokens: TokenProvider, expected: string): Promise<void> {
      await waitForAsync(async () => (await tokens.token(never, 'test')) === expected);
    }

    it('starts the background renewal of a one-hour token exactly 300 s before its expiry', async () => {
      const tokens = provider();
      expect(await tokens.token(never, 'test')).toBe('tok-1');
      clock = T0 + 3_300_000 - 1;
      expect(await answersNow(tokens)).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(1);
      clock = T0 + 3_300_000;
      expect(await answersNow(tokens)).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(2);
      // A second caller while the renewal is in flight starts nothing and still gets the old token.
      expect(await answersNow(tokens)).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(2);
      await renewedTo(tokens, 'tok-2');
      expect(tokens.stats()).toEqual({ tokenRequests: 2, tokenFailures: 0 });
    });

    it('renews a 100 s token 10 s before its expiry (10 % of the lifetime)', async () => {
      fake.onToken((_req, i) => ({ status: 200, body: JSON.stringify({ access_token: `short-${i}`, expires_in: 100 }) }));
      const tokens = provider();
      await tokens.token(never, 'test');
      clock = T0 + 89_999;
      await answersNow(tokens);
      expect(tokens.stats().tokenRequests).toBe(1);
      clock = T0 + 90_000;
      await answersNow(tokens);
      expect(tokens.stats().tokenRequests).toBe(2);
      await renewedTo(tokens, 'short-1');
    });

    it('takes an explicit renewBeforeSeconds as given, and caps it at half the lifetime', async () => {
      fake.onToken((_req, i) => ({ status: 200, body: JSON.stringify({ access_token: `t${i}`, expires_in: 100 }) }));
      const twenty = provider({ renewBeforeSeconds: 20 });
      await twenty.token(never, 'test');
      clock = T0 + 79_999;
      await answersNow(twenty);
      expect(twenty.stats().tokenRequests).toBe(1);
      clock = T0 + 80_000;
      await answersNow(twenty);
      expect(twenty.stats().tokenRequests).toBe(2);
      await renewedTo(twenty, 't1');

      clock = T0;
      const capped = provider({ renewBeforeSeconds: 300 });
      await capped.token(never, 'test');
      clock = T0 + 49_999;
      await answersNow(capped);
      expect(capped.stats().tokenRequests).toBe(1);
      clock = T0 + 50_000;
      await answersNow(capped);
      expect(capped.stats().tokenRequests).toBe(2);
      await renewedTo(capped, 't3');
    });

    it('stops using a one-hour token 5 s before its expiry, counted from when it was asked for', async () => {
      fake.onToken((_req, i) => {
        // The answer takes 10 s on the provider's clock: the lifetime still runs from the request.
        if (i === 0) {
          clock += 10_000;
        }
        return { status: 200, body: JSON.stringify({ access_token: `hour-${i}`, expires_in: 3600 }) };
      });
      const tokens = provider({ renewBeforeSeconds: 1 }); // no background renewal before expiry
      expect(await tokens.token(never, 'test')).toBe('hour-0');
      clock = T0 + 3_595_000 - 1;
      expect(await answersNow(tokens)).toBe('hour-0');
      expect(tokens.stats().tokenRequests).toBe(1);
      clock = T0 + 3_595_000;
      expect(await tokens.token(never, 'test')).toBe('hour-1');
      expect(tokens.stats().tokenRequests).toBe(2);
    });

    it('stops using a 100 s token 2 s before its expiry (2 % of the lifetime)', async () => {
      fake.onToken((_req, i) => ({ status: 200, body: JSON.stringify({ access_token: `s${i}`, expires_in: 100 }) }));
      const tokens = provider({ renewBeforeSeconds: 1 });
      await tokens.token(never, 'test');
      clock = T0 + 97_999;
      expect(await answersNow(tokens)).toBe('s0');
      expect(tokens.stats().tokenRequests).toBe(1);
      clock = T0 + 98_000;
      expect(await tokens.token(never, 'test')).toBe('s1');
      expect(tokens.stats().tokenRequests).toBe(2);
    });

    it('makes callers wait for the request once the token expired, without serving the expired one', async () => {
      const gate = deferred();
      const tokens = provider();
      await tokens.token(never, 'test');
      fake.onToken(async () => {
        await gate.promise;
        return { status: 200, body: JSON.stringify({ access_token: 'after-expiry', expires_in: 3600 }) };
      });
      clock = T0 + 3_595_000;
      const waiting = [tokens.token(never, 'test'), tokens.token(never, 'test')];
      expect(await isPending(waiting[0]!)).toBe(true);
      expect(tokens.stats().tokenRequests).toBe(2);
      gate.resolve();
      expect(await Promise.all(waiting)).toEqual(['after-expiry', 'after-expiry']);
      expect(fake.tokenRequests()).toHaveLength(2);
    });
  });

  describe('back-off after a failed background renewal', () => {
    const T0 = 1_000_000;

    async function failedOnce(tokens: TokenProvider): Promise<void> {
      await waitFor(() => tokens.stats().tokenFailures === 1);
    }

    it('waits 5 s before the next attempt when much of the lifetime remains', async () => {
      const tokens = provider();
      await tokens.token(never, 'test');
      fake.onToken(() => ({ status: 503, body: 'down' }));
      clock = T0 + 3_300_000; // window start; 295 s of validity left, a quarter of which exceeds 5 s
      expect(await tokens.token(never, 'test')).toBe('tok-1');
      await failedOnce(tokens);
      clock += 4_999;
      expect(await tokens.token(never, 'test')).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(2);
      clock += 1;
      expect(await tokens.token(never, 'test')).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(3);
      await waitFor(() => tokens.stats().tokenFailures === 2);
    });

    it('waits a quarter of the remaining validity when that is shorter than 5 s', async () => {
      fake.onToken((_req, i) => (i === 0 ? { status: 200, body: JSON.stringify({ access_token: 'short', expires_in: 100 }) } : { status: 503, body: '' }));
      const tokens = provider();
      await tokens.token(never, 'test');
      clock = T0 + 90_000; // window start; 8 s of validity left: retry after 2 s
      await tokens.token(never, 'test');
      await failedOnce(tokens);
      clock += 1_999;
      await tokens.token(never, 'test');
      expect(tokens.stats().tokenRequests).toBe(2);
      clock += 1;
      await tokens.token(never, 'test');
      expect(tokens.stats().tokenRequests).toBe(3);
      await waitFor(() => tokens.stats().tokenFailures === 2);
    });

    it('forgets the back-off once a token request succeeds', async () => {
      // 100 s token; its background renewal fails at T0+90 s (back-off until T0+92 s); a 401 then
      // brings a 1 s token whose own window opens at T0+90.9 s, inside the old back-off.
      fake.onToken((_req, i) => {
        if (i === 0) {
          return { status: 200, body: JSON.stringify({ access_token: 'first', expires_in: 100 }) };
        }
        if (i === 1) {
          return { status: 503, body: '' };
        }
        return { status: 200, body: JSON.stringify({ access_token: `brief-${i}`, expires_in: 1 }) };
      });
      const tokens = provider();
      await tokens.token(never, 'test');
      clock = T0 + 90_000;
      await tokens.token(never, 'test');
      await failedOnce(tokens);
      expect(await tokens.renewAfterUnauthorized('first', never, 'test')).toBe('brief-2');
      expect(tokens.stats().tokenRequests).toBe(3);
      clock = T0 + 90_899;
      expect(await answersNow(tokens)).toBe('brief-2');
      expect(tokens.stats().tokenRequests).toBe(3);
      clock = T0 + 90_900;
      expect(await answersNow(tokens)).toBe('brief-2');
      expect(tokens.stats().tokenRequests).toBe(4);
      await waitFor(() => fake.tokenRequests().length === 4);
    });
  });

  describe('after a 401', () => {
    it('drops the rejected token at once: other callers wait for the renewal instead of reusing it', async () => {
      const tokens = provider();
      const rejected = await tokens.token(never, 'test');
      const gate = deferred();
      fake.onToken(async () => {
        await gate.promise;
        return { status: 200, body: JSON.stringify({ access_token: 'fresh', expires_in: 3600 }) };
      });
      const renewal = tokens.renewAfterUnauthorized(rejected, never, 'test');
      const other = tokens.token(never, 'test');
      expect(await isPending(other)).toBe(true);
      gate.resolve();
      expect(await renewal).toBe('fresh');
      expect(await other).toBe('fresh');
      expect(tokens.stats().tokenRequests).toBe(2);
    });

    it('does not fall back to the rejected token when the renewal fails', async () => {
      const tokens = provider();
      const rejected = await tokens.token(never, 'test');
      fake.onToken(() => ({ status: 503, body: '' }));
      await expect(tokens.renewAfterUnauthorized(rejected, never, 'test')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
      fake.onToken(() => ({ status: 200, body: JSON.stringify({ access_token: 'next', expires_in: 3600 }) }));
      expect(await tokens.token(never, 'test')).toBe('next');
      expect(tokens.stats()).toEqual({ tokenRequests: 3, tokenFailures: 1 });
    });

    it('hands a caller holding an older token the current one while it is valid, and renews once it expired', async () => {
      const tokens = provider({ renewBeforeSeconds: 1 });
      await tokens.token(never, 'test'); // tok-1, usable until T0 + 3595 s
      clock = 1_000_000 + 3_595_000 - 1;
      expect(await tokens.renewAfterUnauthorized('an-older-token', never, 'test')).toBe('tok-1');
      expect(tokens.stats().tokenRequests).toBe(1);
      clock += 1;
      expect(await tokens.renewAfterUnauthorized('an-older-token', never, 'test')).toBe('tok-2');
      expect(tokens.stats().tokenRequests).toBe(2);
    });

    it('fetches a token when none is cached yet', async () => {
      const tokens = provider();
      expect(await tokens.renewAfterUnauthorized('whatever', never, 'test')).toBe('tok-1');
      expect(fake.tokenRequests()).toHaveLength(1);
    });
  });

  describe('every answer of the token endpoint', () => {
    const rejections: Array<[string, number, Record<string, string>, string, Record<string, unknown>]> = [
      [
        '400 with an OAuth error and description',
        400,
        {},
        JSON.stringify({ error: 'invalid_client', error_description: 'Unknown client.' }),
        {
          code: 'UPSTREAM_AUTH_FAILED',
          status: 400,
          oauthError: 'invalid_client',
          message: 'token: the token endpoint refused the client (invalid_client): Unknown client.',
        },
      ],
      ['401 without a body', 401, {}, '', { code: 'UPSTREAM_AUTH_FAILED', status: 401, message: 'token: the token endpoint refused the client (HTTP 401)' }],
      [
        '403 with an OAuth error only',
        403,
        {},
        JSON.stringify({ error: 'unauthorized_client' }),
        {
          code: 'UPSTREAM_AUTH_FAILED',
          status: 403,
          oauthError: 'unauthorized_client',
          message: 'token: the token endpoint refused the client (unauthorized_client)',
        },
      ],
      [
        '400 with non-string OAuth fields',
        400,
        {},
        JSON.stringify({ error: 42, error_description: ['x'] }),
        { code: 'UPSTREAM_AUTH_FAILED', status: 400, message: 'token: the token endpoint refused the client (HTTP 400)' },
      ],
      ['408', 408, {}, '', { code: 'UPSTREAM_TIMEOUT', status: 408, message: 'token: the token endpoint timed out (HTTP 408)' }],
      ['504', 504, {}, 'gateway timeout', { code: 'UPSTREAM_TIMEOUT', status: 504, message: 'token: the token endpoint timed out (HTTP 504)' }],
      [
        '429 with Retry-After in seconds',
        429,
        { 'retry-after': '7' },
        '',
        { code: 'UPSTREAM_RATE_LIMITED', status: 429, local: false, retryAfterSeconds: 7, message: 'token: the token endpoint is rate limiting' },
      ],
      [
        '429 with a fractional Retry-After',
        429,
        { 'retry-after': '1.5' },
        '',
        { code: 'UPSTREAM_RATE_LIMITED', status: 429, local: false, retryAfterSeconds: 1.5 },
      ],
      ['429 without Retry-After', 429, {}, '', { code: 'UPSTREAM_RATE_LIMITED', status: 429, local: false }],
      ['500', 500, {}, '<html>oops</html>', { code: 'UPSTREAM_UNAVAILABLE', status: 500, message: 'token: the token endpoint is unavailable (HTTP 500)' }],
      ['502', 502, {}, '', { code: 'UPSTREAM_UNAVAILABLE', status: 502, message: 'token: the token endpoint is unavailable (HTTP 502)' }],
      ['503', 503, {}, 'down', { code: 'UPSTREAM_UNAVAILABLE', status: 503, message: 'token: the token endpoint is unavailable (HTTP 503)' }],
      ['404', 404, {}, '', { code: 'UPSTREAM_BAD_RESPONSE', status: 404, message: 'token: unexpected HTTP 404 from the token endpoint' }],
      ['499', 499, {}, '', { code: 'UPSTREAM_BAD_RESPONSE', status: 499, message: 'token: unexpected HTTP 499 from the token endpoint' }],
      [
        '302',
        302,
        { location: '/elsewhere' },
        '',
        { code: 'UPSTREAM_BAD_RESPONSE', status: 302, message: 'token: unexpected HTTP 302 from the token endpoint' },
      ],
      [
        '201 with a token',
        201,
        {},
        JSON.stringify({ access_token: 'x', expires_in: 3600 }),
        { code: 'UPSTREAM_BAD_RESPONSE', status: 201, message: 'token: unexpected HTTP 201 from the token endpoint' },
      ],
    ];

    it.each(rejections)('maps %s to its typed error, counting one failure', async (_name, status, headers, body, expected) => {
      fake.onToken(() => ({ status, headers, body }));
      const tokens = provider();
      const error = (await tokens.token(never, 'test').catch((e: unknown) => e)) as Record<string, unknown>;
      expect(error).toMatchObject({ operation: 'token', ...expected });
      for (const optional of ['oauthError', 'retryAfterSeconds']) {
        expect(error[optional]).toBe(expected[optional]);
      }
      expect(tokens.stats()).toEqual({ tokenRequests: 1, tokenFailures: 1 });
    });

    it('quotes at most 200 characters of an OAuth error_description', async () => {
      const description = 'd'.repeat(199) + 'LAST' + 'x'.repeat(100);
      fake.onToken(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: description }) }));
      const error = (await provider()
        .token(never, 'test')
        .catch((e: unknown) => e)) as Error;
      expect(error.message).toBe(`token: the token endpoint refused the client (invalid_grant): ${'d'.repeat(199)}L`);
    });

    it.each([
      ['an empty access_token', { access_token: '', expires_in: 3600 }],
      ['a numeric access_token', { access_token: 12345, expires_in: 3600 }],
      ['no expires_in', { access_token: 'x' }],
      ['expires_in 0', { access_token: 'x', expires_in: 0 }],
      ['a negative expires_in', { access_token: 'x', expires_in: -1 }],
      ['a non-numeric expires_in', { access_token: 'x', expires_in: 'soon' }],
      ['an infinite expires_in', { access_token: 'x', expires_in: '1e999' }],
    ])('refuses a 200 with %s as UPSTREAM_BAD_RESPONSE', async (_name, body) => {
      fake.onToken(() => ({ status: 200, body: JSON.stringify(body) }));
      await expect(provider().token(never, 'test')).rejects.toMatchObject({
        code: 'UPSTREAM_BAD_RESPONSE',
        status: 200,
        message: 'token: the token endpoint answered 200 without access_token and expires_in',
      });
    });

    it.each([
      ['not JSON', 'access_token=x'],
      ['a JSON array', '[]'],
      ['JSON null', 'null'],
    ])('refuses a 200 whose body is %s', async (_name, body) => {
      fake.onToken(() => ({ status: 200, body }));
      await expect(provider().token(never, 'test')).rejects.toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', status: 200 });
    });

    it('accepts expires_in sent as a numeric string', async () => {
      fake.onToken(() => ({ status: 200, body: JSON.stringify({ access_token: 'stringy', expires_in: '100' }) }));
      const tokens = provider({ renewBeforeSeconds: 1 });
      expect(await tokens.token(never, 'test')).toBe('stringy');
      clock += 97_999;
      expect(await tokens.token(never, 'test')).toBe('stringy');
      expect(tokens.stats().tokenRequests).toBe(1);
    });

    it('maps a refused connection to UPSTREAM_UNAVAILABLE', async () => {
      const closed = await startFakeUpstream();
      const url = closed.url;
      await closed.close();
      const tokens = provider({ authUrl: url });
      await expect(tokens.token(never, 'test')).rejects.toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        operation: 'token',
        message: 'token: the upstream could not be reached (ECONNREFUSED)',
      });
    });

    it('tries again on the next call after a failed request (a failure is not cached)', async () => {
      fake.onToken((_req, i) => (i === 0 ? { status: 503, body: '' } : { status: 200, body: JSON.stringify({ access_token: 'second', expires_in: 3600 }) }));
      const tokens = provider();
      await expect(tokens.token(never, 'test')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(await tokens.token(never, 'test')).toBe('second');
      expect(tokens.stats()).toEqual({ tokenRequests: 2, tokenFailures: 1 });
    });
  });

  it('tells the observer how long each token request took, within the time measured around it', async () => {
    const events: Array<{ outcome: string; durationMs: number }> = [];
    const observer = { ...NOOP_UPSTREAM_OBSERVER, tokenRenewal: (event: { outcome: string; durationMs: number }) => events.push(event) };
    fake.onToken((_req, i) => (i === 0 ? { status: 200, body: JSON.stringify({ access_token: 'a', expires_in: 3600 }) } : { status: 503, body: '' }));
    const tokens = provider({ observer });
    const before = performance.now();
    await tokens.token(never, 'test');
    tokens.clear();
    await tokens.token(never, 'test').catch(() => undefined);
    const elapsed = performance.now() - before;
    expect(events.map((e) => e.outcome)).toEqual(['ok', 'UPSTREAM_UNAVAILABLE']);
    for (const event of events) {
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
      expect(event.durationMs).toBeLessThanOrEqual(elapsed);
    }
  });

  describe('request details', () => {
    it('sends the configured scope, accepts JSON, and trims every trailing slash of the auth URL', async () => {
      const tokens = provider({ authUrl: `${fake.url}///`, scope: 'custom.scope' });
      await tokens.token(never, 'test');
      const [req] = fake.tokenRequests();
      expect(req?.path).toBe('/connect/token');
      expect(req?.headers.accept).toBe('application/json');
      expect(new URLSearchParams(req?.body).get('scope')).toBe('custom.scope');
    });

    it('signs an assertion valid from the given second for 60 s', async () => {
      const assertion = await signClientAssertion({
        clientId: 'c',
        tokenUrl: 'https://auth.example/connect/token',
        key: readPrivateKey(testKeys().privateKeyPem),
        nowSeconds: 1_700_000_000,
      });
      expect(decodeJwt(assertion)).toMatchObject({
        iss: 'c',
        sub: 'c',
        aud: 'https://auth.example/connect/token',
        iat: 1_700_000_000,
        nbf: 1_700_000_000,
        exp: 1_700_000_060,
      });
    });

    it('signs with the current second by default', async () => {
      const before = Math.floor(Date.now() / 1000);
      const assertion = await signClientAssertion({
        clientId: 'c',
        tokenUrl: 'https://auth.example/connect/token',
        key: readPrivateKey(testKeys().privateKeyPem),
      });
      const after = Math.floor(Date.now() / 1000);
      const { iat } = decodeJwt(assertion);
      expect(Number.isInteger(iat)).toBe(true);
      expect(iat).toBeGreaterThanOrEqual(before);
      expect(iat).toBeLessThanOrEqual(after);
    });
  });

  describe('deadlines and close()', () => {
    it('refuses at once a caller whose deadline already passed', async () => {
      const tokens = provider();
      const passed = AbortSignal.abort();
      const got = tokens.token(passed, 'ConsultarParcelas');
      await expect(got).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        operation: 'ConsultarParcelas',
        message: 'ConsultarParcelas: deadline passed while waiting for a token',
      });
    });

    it("names the caller's operation when its deadline passes while waiting, and leaves no listener behind", async () => {
      const gate = deferred();
      fake.onToken(async () => {
        await gate.promise;
        return { status: 200, body: JSON.stringify({ access_token: 'late', expires_in: 3600 }) };
      });
      const tokens = provider();
      const impatient = new AbortController();
      const patient = new AbortController();
      const first = tokens.token(impatient.signal, 'IncluirManual');
      const second = tokens.token(patient.signal, 'ConsultarParcelas');
      expect(getEventListeners(impatient.signal, 'abort')).toHaveLength(1);
      impatient.abort();
      await expect(first).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        operation: 'IncluirManual',
        message: 'IncluirManual: deadline passed while waiting for a token',
      });
      expect(getEventListeners(impatient.signal, 'abort')).toHaveLength(0);
      gate.resolve();
      expect(await second).toBe('late');
      expect(getEventListeners(patient.signal, 'abort')).toHaveLength(0);
    });

    it('removes its abort listener when the token request fails', async () => {
      fake.onToken(() => ({ status: 503, body: '' }));
      const tokens = provider();
      const caller = new AbortController();
      await expect(tokens.token(caller.signal, 'test')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    });

    it('close() aborts the token request in flight with UPSTREAM_UNAVAILABLE, and refuses later ones', async () => {
      fake.onToken(() => ({ hang: true }));
      const tokens = provider({ requestTimeoutMs: 20_000 });
      const waiting = tokens.token(never, 'test');
      await waitFor(() => fake.tokenRequests().length === 1);
      tokens.close();
      await expect(waiting).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', operation: 'token', message: 'token: the client was closed' });
      await expect(tokens.token(never, 'test')).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'token: the client was closed' });
      expect(tokens.stats()).toEqual({ tokenRequests: 2, tokenFailures: 2 });
      expect(fake.tokenRequests()).toHaveLength(1);
    });
  });
});

describe('readPrivateKey', () => {
  const { privateKeyPem } = testKeys();

  it('reads PEM text, PEM with literal \\n sequences, and a file path', () => {
    expect(readPrivateKey(privateKeyPem).asymmetricKeyType).toBe('rsa');
    expect(readPrivateKey(privateKeyPem.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('rsa');
    const dir = mkdtempSync(join(tmpdir(), 'upstream-key-'));
    try {
      const path = join(dir, 'key.pem');
      writeFileSync(path, privateKeyPem);
      expect(readPrivateKey(path).asymmetricKeyType).toBe('rsa');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a PKCS#1 key too', () => {
    const pkcs1 = createPrivateKey(privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(readPrivateKey(pkcs1).asymmetricKeyType).toBe('rsa');
  });

  it('refuses a broken key without quoting it', () => {
    const broken = privateKeyPem.slice(0, 200) + 'garbage-----END PRIVATE KEY-----';
    const error = (() => {
      try {
        readPrivateKey(broken);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect(error?.message).not.toContain(privateKeyPem.slice(40, 80));
    expect(() => readPrivateKey('/nonexistent/key.pem')).toThrow(UpstreamAuthError);
  });

  it('says which rule refused the key, as a token failure', () => {
    const refusal = (pem: string): unknown => {
      try {
        readPrivateKey(pem);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(refusal('/nonexistent/key.pem')).toMatchObject({
      code: 'UPSTREAM_AUTH_FAILED',
      operation: 'token',
      message: 'the private key is neither PEM text nor a readable file (ENOENT)',
    });
    expect(refusal(privateKeyPem.slice(0, 200) + 'garbage-----END PRIVATE KEY-----')).toMatchObject({
      code: 'UPSTREAM_AUTH_FAILED',
      operation: 'token',
      message: 'the private key could not be parsed as a PEM private key',
    });
    expect(refusal(ec)).toMatchObject({ code: 'UPSTREAM_AUTH_FAILED', operation: 'token', message: 'the private key must be RSA, not ec' });
  });

  it('reads a path given with surrounding blanks (as from an env file)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'upstream-key-'));
    try {
      const path = join(dir, 'key.pem');
      writeFileSync(path, privateKeyPem);
      expect(readPrivateKey(`  ${path}\n`).asymmetricKeyType).toBe('rsa');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function waitForAsync(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) {
      throw new Error('condition not met in time');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** True when `promise` is still unsettled after every pending microtask and I/O callback ran. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const settled = promise.then(
    () => 'settled',
    () => 'settled',
  );
  const state = await Promise.race([settled, new Promise<string>((r) => setImmediate(() => r('pending')))]);
  return state === 'pending';
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
