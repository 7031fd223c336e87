import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { Agent } from 'undici';
import { readPrivateKey, TokenProvider, type TokenProviderOptions } from '../../../src/upstream/auth.js';
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../src/upstream/errors.js';
import { type FakeUpstream, startFakeUpstream, testKeys } from './fake-upstream.js';

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

  it('ends a slow token request at its own time limit with UPSTREAM_TIMEOUT', async () => {
    fake.onToken(() => ({ delayMs: 1000, status: 200, body: JSON.stringify({ access_token: 'late', expires_in: 3600 }) }));
    const tokens = provider({ requestTimeoutMs: 150 });
    const started = Date.now();
    await expect(tokens.token(never, 'test')).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(Date.now() - started).toBeLessThan(900);
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
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) {
      throw new Error('condition not met in time');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}
