import { exportSPKI, generateKeyPair } from 'jose';
import {
  callOperation,
  generateTestClient,
  getToken,
  requestToken,
  startTestSandbox,
  tokenForm,
  type AssertionOverrides,
  type TestClient,
} from '../../helpers/sandbox.js';

type Started = Awaited<ReturnType<typeof startTestSandbox>>;

describe('sandbox token endpoint', () => {
  let t: Started;
  const now = (): number => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await startTestSandbox({ now: new Date('2026-03-10T12:00:00Z') });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.admin.reset();
  });

  it('issues a bearer token for a valid assertion', async () => {
    const { status, json } = await requestToken(t.sandbox, await tokenForm(t.sandbox, t.client));
    expect(status).toBe(200);
    expect(json).toEqual({ access_token: expect.any(String), expires_in: 3600, token_type: 'Bearer', scope: 'bmp.digital.api.full.access' });
    expect((await t.admin.calls()).tokenRequests).toBe(1);
  });

  it('grants the full-access scope when scope is left out', async () => {
    const form = await tokenForm(t.sandbox, t.client);
    delete form.scope;
    const { status, json } = await requestToken(t.sandbox, form);
    expect(status).toBe(200);
    expect(json.scope).toBe('bmp.digital.api.full.access');
  });

  const oauthCases: [string, (form: Record<string, string>) => void, number, string][] = [
    ['grant_type missing', (f) => delete f.grant_type, 400, 'invalid_request'],
    ['grant_type not client_credentials', (f) => (f.grant_type = 'password'), 400, 'unsupported_grant_type'],
    ['client_assertion_type wrong', (f) => (f.client_assertion_type = 'urn:other'), 400, 'invalid_request'],
    ['client_assertion missing', (f) => delete f.client_assertion, 400, 'invalid_request'],
    ['scope longer than 300 characters', (f) => (f.scope = `bmp.digital.api.full.access ${'x'.repeat(300)}`), 400, 'invalid_scope'],
    ['scope unknown', (f) => (f.scope = 'admin'), 400, 'invalid_scope'],
    ['client unknown', (f) => (f.client_id = 'nobody'), 400, 'invalid_client'],
    ['assertion not a JWT', (f) => (f.client_assertion = 'not-a-jwt'), 400, 'invalid_client'],
  ];
  it.each(oauthCases)('refuses a request with %s', async (_name, mutate, status, error) => {
    const form = await tokenForm(t.sandbox, t.client);
    mutate(form);
    const res = await requestToken(t.sandbox, form);
    expect(res.status).toBe(status);
    expect(res.json.error).toBe(error);
    expect(typeof res.json.error_description).toBe('string');
  });

  const claimCases: [string, AssertionOverrides][] = [
    ['iss not the client id', { iss: 'someone-else' }],
    ['sub not the client id', { sub: 'someone-else' }],
    ['aud not the token URL', { aud: 'http://elsewhere/connect/token' }],
    ['exp in the past beyond the skew', { exp: now() - 60, iat: now() - 120, nbf: now() - 120 }],
    ['exp more than five minutes ahead', { exp: now() + 900 }],
    ['nbf in the future beyond the skew', { nbf: now() + 120 }],
    ['iat in the future beyond the skew', { iat: now() + 120 }],
  ];
  it.each(claimCases)('refuses an assertion with %s (invalid_client)', async (_name, overrides) => {
    const form = await tokenForm(t.sandbox, t.client, overrides);
    const res = await requestToken(t.sandbox, form);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_client');
  });

  it('accepts exp and nbf within the 30 s skew', async () => {
    const res = await requestToken(t.sandbox, await tokenForm(t.sandbox, t.client, { exp: now() - 10, nbf: now() + 10, iat: now() - 20 }));
    expect(res.status).toBe(200);
  });

  it('refuses an assertion signed by another key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const { exportPKCS8 } = await import('jose');
    const impostor: TestClient = { ...t.client, privateKeyPem: await exportPKCS8(privateKey) };
    const res = await requestToken(t.sandbox, await tokenForm(t.sandbox, impostor));
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_client');
  });

  it('refuses a replayed jti', async () => {
    const form = await tokenForm(t.sandbox, t.client, { jti: 'fixed-jti' });
    expect((await requestToken(t.sandbox, form)).status).toBe(200);
    const replay = await requestToken(t.sandbox, form);
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe('invalid_client');
    expect(String(replay.json.error_description)).toMatch(/jti/);
  });

  it('refuses a form that is not form-encoded', async () => {
    const res = await fetch(`${t.sandbox.authUrl}/connect/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('answers 503 while the token endpoint is down', async () => {
    await t.admin.setTokenEndpointDown(true);
    const res = await requestToken(t.sandbox, await tokenForm(t.sandbox, t.client));
    expect(res.status).toBe(503);
    await t.admin.setTokenEndpointDown(false);
    expect((await requestToken(t.sandbox, await tokenForm(t.sandbox, t.client))).status).toBe(200);
  });

  it('registers a client through the admin API', async () => {
    const { publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const other = await generateTestClient('second-client');
    await t.admin.registerClient('second-client', other.publicKeyPem);
    expect((await requestToken(t.sandbox, await tokenForm(t.sandbox, other))).status).toBe(200);
    await t.admin.registerClient('second-client', await exportSPKI(publicKey));
    expect((await requestToken(t.sandbox, await tokenForm(t.sandbox, other))).json.error).toBe('invalid_client');
  });
});

describe('sandbox bearer authentication', () => {
  let t: Started;
  beforeAll(async () => {
    t = await startTestSandbox({ demo: true, tokenTtlSeconds: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  const read = (token: string | undefined, headers: Record<string, string> = {}) =>
    callOperation(t.sandbox, token, '/Proposta/ConsultarParcelas', { dto: { codigoProposta: t.sandbox.demo[0]?.id } }, headers);

  it('answers 401 with code "401" without a token', async () => {
    const res = await read(undefined);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ hasError: true, messages: [{ code: '401', context: 'V0001' }] });
  });

  it('answers 401 for an unknown token', async () => {
    const res = await read('made-up');
    expect(res.status).toBe(401);
    expect(res.json.messages[0]).toMatchObject({ code: '401', context: 'V0002' });
  });

  it('answers 401 for an expired token (tokenTtlSeconds 1)', async () => {
    const token = await getToken(t.sandbox, t.client);
    expect((await read(token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await read(token);
    expect(res.status).toBe(401);
    expect(res.json.messages[0]).toMatchObject({ code: '401', context: 'V0003' });
  });

  it('answers 401 for revoked tokens and accepts new ones', async () => {
    const token = await getToken(t.sandbox, t.client);
    await t.admin.revokeTokens();
    const res = await read(token);
    expect(res.status).toBe(401);
    expect(res.json.messages[0]).toMatchObject({ code: '401', context: 'V0004' });
    expect((await read(await getToken(t.sandbox, t.client))).status).toBe(200);
  });
});
