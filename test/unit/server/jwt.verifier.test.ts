import { exportJWK, generateKeyPair, type CryptoKey, type JWK, SignJWT } from 'jose';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  createJwtVerifier,
  JWKS_CACHE_MAX_AGE_MS,
  JWT_ALGORITHMS,
  JWT_CLOCK_TOLERANCE_SECONDS,
  JwksUnavailableError,
  type JwtVerifier,
} from '../../../src/server/jwt.js';

type Mode = 'keys' | 'status-500' | 'not-json' | 'not-a-jwks' | 'hang';

/** A JWKS on loopback: what it answers, and how many times it was asked. */
async function jwksServer(keys: JWK[]) {
  const state = { mode: 'keys' as Mode, hits: 0 };
  const hanging: ServerResponse[] = [];
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    state.hits += 1;
    switch (state.mode) {
      case 'keys':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
        return;
      case 'status-500':
        res.writeHead(500).end('{}');
        return;
      case 'not-json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
        return;
      case 'not-a-jwks':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys": 1}');
        return;
      case 'hang':
        hanging.push(res);
        return;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
  const close = async (): Promise<void> => {
    for (const res of hanging) {
      res.destroy();
    }
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { state, url, close };
}

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'credit-graph';

describe('createJwtVerifier', () => {
  let privateKey: CryptoKey;
  let jwks: Awaited<ReturnType<typeof jwksServer>>;
  let verifier: JwtVerifier;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    jwks = await jwksServer([jwk]);
  });

  afterAll(async () => {
    await jwks.close();
  });

  beforeEach(() => {
    jwks.state.mode = 'keys';
    jwks.state.hits = 0;
    verifier = createJwtVerifier({ jwksUrl: jwks.url, issuer: ISSUER, audience: AUDIENCE, timeoutMs: 2000, cooldownMs: 0 });
  });

  const nowSeconds = (): number => Math.floor(Date.now() / 1000);

  function token(
    claims: Record<string, unknown> = {},
    options: { kid?: string; exp?: number | null; iss?: string; aud?: string; sub?: string | null; iat?: number } = {},
  ): Promise<string> {
    let jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? 'k1' })
      .setIssuer(options.iss ?? ISSUER)
      .setAudience(options.aud ?? AUDIENCE)
      .setIssuedAt(options.iat);
    if (options.sub !== null) {
      jwt = jwt.setSubject(options.sub ?? 'mobile-app');
    }
    if (options.exp !== null) {
      jwt = jwt.setExpirationTime(options.exp ?? nowSeconds() + 60);
    }
    return jwt.sign(privateKey);
  }

  it('names the caller of a valid token, with its known scopes', async () => {
    await expect(verifier.verify(await token({ scope: 'registry.read openid', scp: ['federation'] }))).resolves.toEqual({
      callerId: 'mobile-app',
      scopes: ['registry.read', 'federation'],
      expiresAt: expect.any(Number),
    });
  });

  it.each([
    ['another issuer', { iss: 'https://other.test' }],
    ['another audience', { aud: 'another-graph' }],
    ['no sub', { sub: null }],
    ['no exp', { exp: null }],
    ['expired past the tolerance', { exp: Math.floor(Date.now() / 1000) - 30 }],
    ['a sub with a space', { sub: 'mobile app' }],
    ['a sub of 65 characters', { sub: 'a'.repeat(65) }],
    ['an empty sub', { sub: '' }],
    ['an unknown key', { kid: 'k-unknown' }],
  ])('refuses a token with %s (undefined, not an outage)', async (_name, options) => {
    await expect(verifier.verify(await token({}, options))).resolves.toBeUndefined();
  });

  it('accepts a sub of 64 characters of the caller-id alphabet', async () => {
    const sub = `Ab9._-${'x'.repeat(58)}`;
    await expect(verifier.verify(await token({}, { sub }))).resolves.toEqual({ callerId: sub, scopes: [], expiresAt: expect.any(Number) });
  });

  it(`tolerates ${JWT_CLOCK_TOLERANCE_SECONDS} s of clock skew on exp, and no more`, async () => {
    expect(JWT_CLOCK_TOLERANCE_SECONDS).toBe(5);
    const exp = nowSeconds() - 3;
    // Good until jose would refuse it: exp plus the tolerance (what a subscription opened with it lasts until).
    await expect(verifier.verify(await token({}, { exp }))).resolves.toEqual({ callerId: 'mobile-app', scopes: [], expiresAt: (exp + 5) * 1000 });
    await expect(verifier.verify(await token({}, { exp: nowSeconds() - 8 }))).resolves.toBeUndefined();
  });

  it(`refuses a token issued in the future beyond the ${JWT_CLOCK_TOLERANCE_SECONDS} s tolerance, and accepts one within it`, async () => {
    await expect(verifier.verify(await token({}, { iat: nowSeconds() + 600, exp: nowSeconds() + 900 }))).resolves.toBeUndefined();
    await expect(verifier.verify(await token({}, { iat: nowSeconds() + 8 }))).resolves.toBeUndefined();
    await expect(verifier.verify(await token({}, { iat: nowSeconds() + 3 }))).resolves.toEqual({
      callerId: 'mobile-app',
      scopes: [],
      expiresAt: expect.any(Number),
    });
    await expect(verifier.verify(await token({}, { iat: nowSeconds() - 3600 }))).resolves.toEqual({
      callerId: 'mobile-app',
      scopes: [],
      expiresAt: expect.any(Number),
    });
  });

  it('refuses an HMAC token signed with anything, whatever its claims', async () => {
    const secret = new TextEncoder().encode('a-shared-secret-of-enough-length-32b');
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('x')
      .setExpirationTime('1m')
      .sign(secret);
    await expect(verifier.verify(hmac)).resolves.toBeUndefined();
    expect(JWT_ALGORITHMS).toEqual(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519']);
  });

  it('fetches the keys again for an unknown kid once the cooldown allows, and caches them ten minutes', async () => {
    expect(JWKS_CACHE_MAX_AGE_MS).toBe(600_000);
    await verifier.verify(await token());
    expect(jwks.state.hits).toBe(1);
    await verifier.verify(await token());
    expect(jwks.state.hits).toBe(1);
    // cooldownMs 0: an unknown kid may refetch at once.
    await verifier.verify(await token({}, { kid: 'k-unknown' }));
    expect(jwks.state.hits).toBe(2);
    const slow = createJwtVerifier({ jwksUrl: jwks.url, issuer: ISSUER, audience: AUDIENCE, timeoutMs: 2000, cooldownMs: 60_000 });
    await slow.verify(await token());
    await slow.verify(await token({}, { kid: 'k-unknown' }));
    expect(jwks.state.hits).toBe(3);
  });

  it.each([
    ['a 500', 'status-500', 'bad-response'],
    ['a body that is not JSON', 'not-json', 'bad-response'],
    ['JSON that is not a JWKS', 'not-a-jwks', 'bad-response'],
  ] as const)('takes %s from the JWKS as an outage (%s), not as a bad token', async (_name, mode, reason) => {
    jwks.state.mode = mode;
    const refused = verifier.verify(await token());
    await expect(refused).rejects.toBeInstanceOf(JwksUnavailableError);
    await expect(refused).rejects.toMatchObject({
      reason,
      code: 'AUTH_UNAVAILABLE',
      name: 'JwksUnavailableError',
      message: `the JWKS could not be fetched (${reason})`,
    });
  });

  it('takes a JWKS that does not answer within timeoutMs as an outage (timeout)', async () => {
    jwks.state.mode = 'hang';
    const quick = createJwtVerifier({ jwksUrl: jwks.url, issuer: ISSUER, audience: AUDIENCE, timeoutMs: 50, cooldownMs: 0 });
    await expect(quick.verify(await token())).rejects.toMatchObject({ reason: 'timeout', message: 'the JWKS could not be fetched (timeout)' });
  });

  it('takes a JWKS nobody listens on as an outage (unreachable)', async () => {
    const closed = await jwksServer([]);
    await closed.close();
    const nowhere = createJwtVerifier({ jwksUrl: closed.url, issuer: ISSUER, audience: AUDIENCE, timeoutMs: 2000, cooldownMs: 0 });
    await expect(nowhere.verify(await token())).rejects.toMatchObject({ reason: 'unreachable' });
  });
});
