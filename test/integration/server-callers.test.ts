import { DEVELOPMENT_PERSON_ID_SECRET } from '../../src/config/index.js';
import { createPersonIds } from '../../src/graphql/common/person-id.js';
import { exportJWK, generateKeyPair, type JWK, type CryptoKey, SignJWT } from 'jose';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { keyed } from '../helpers/keys.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { createLogger } from '../../src/server/logger.js';

/** Carla's Person.id as the test graph (development PERSON_ID_SECRET) issues it: the entity key. */
const CARLA_ID = createPersonIds(DEVELOPMENT_PERSON_ID_SECRET).encode('39053344705');

const ISSUER = 'https://id.example.test/';
const AUDIENCE = 'credit-graph';
const API_KEY = 'office-key-0123456789';

/** A JWKS served on loopback by node:http: the keys it publishes, how often it was fetched, whether it answers. */
interface JwksServer {
  url: string;
  keys: JWK[];
  fetches: number;
  /** `up`: answers the key set; `hang`: accepts and never answers; `error`: answers 500. */
  mode: 'up' | 'hang' | 'error';
  close(): Promise<void>;
}

async function startJwks(): Promise<JwksServer> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const state = { keys: [] as JWK[], fetches: 0, mode: 'up' as JwksServer['mode'] };
  const server: Server = createServer((req, res) => {
    state.fetches += 1;
    if (state.mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (state.mode === 'error' || req.url !== '/.well-known/jwks.json') {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    close: async () => {
      for (const res of hanging) {
        res.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as JwksServer;
}

interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string, alg = 'ES256'): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

interface TokenOptions {
  sub?: string;
  claims?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
}

function token(key: SigningKey, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(options.claims ?? {})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(options.sub ?? 'web-team')
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .sign(key.privateKey);
}

const bearer = (credential: string): Record<string, string> => ({ authorization: `Bearer ${credential}` });

const PERSON = '{ person(document: "39053344705") { document name } }';
const CREATE = `mutation { createProposal(input: { clientDocument: "52998224725", contractType: "CP", requestedAmount: "1000", monthlyInterestRate: "2", installments: 3 }) { proposal { id } userErrors { code } } }`;

describe('callers authenticated by JWT (GRAPHQL_JWKS_URL) beside API keys', () => {
  let jwks: JwksServer;
  let graph: TestGraph;
  let first: SigningKey;
  const logs: string[] = [];

  beforeAll(async () => {
    jwks = await startJwks();
    first = await signingKey('key-1');
    jwks.keys = [first.jwk];
    graph = await startTestGraph({
      env: {
        READ_CACHE: 'off',
        GRAPHQL_API_KEYS: `office:${API_KEY}:registry.read`,
        GRAPHQL_JWKS_URL: jwks.url,
        GRAPHQL_JWT_ISSUER: ISSUER,
        GRAPHQL_JWT_AUDIENCE: AUDIENCE,
        GRAPHQL_JWKS_COOLDOWN_MS: '0',
      },
      logger: createLogger('debug', (line) => logs.push(line)),
    });
  });

  afterAll(async () => {
    await graph.close();
    await jwks.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  it('runs a request as the JWT sub with the scopes of its scope claim', async () => {
    const response = await graph.execute(PERSON, undefined, bearer(await token(first, { claims: { scope: 'openid registry.read' } })));
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ person: { document: '39053344705', name: 'Carla Demo Paga' } });
    expect((await graph.admin.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1 });
  });

  it('shows the JWT caller and its known scopes as the viewer', async () => {
    const claims = { scope: 'openid federation', scp: ['registry.read', 'admin'] };
    const response = await graph.execute('{ creditViewer { callerId scopes } }', undefined, bearer(await token(first, { sub: 'ops.team_1', claims })));
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ creditViewer: { callerId: 'ops.team_1', scopes: ['federation', 'registry.read'] } });
  });

  it('makes the JWT sub the owner of what it creates', async () => {
    const response = await graph.execute<{ createProposal: { proposal: { id: string } | null; userErrors: unknown[] } }>(
      keyed(CREATE),
      undefined,
      bearer(await token(first, { sub: 'web-team' })),
    );
    expect(response.data?.createProposal.userErrors).toEqual([]);
    const id = response.data?.createProposal.proposal?.id ?? '';
    expect([...(await graph.ledger.ownersOf([id])).entries()]).toEqual([[id, 'web-team']]);
  });

  it('still accepts the API keys', async () => {
    const response = await graph.execute(PERSON, undefined, bearer(API_KEY));
    expect(response.data).toEqual({ person: { document: '39053344705', name: 'Carla Demo Paga' } });
  });

  it('reads scopes from scp as a string or an array and ignores unknown ones', async () => {
    const granted = [{ scp: 'registry.read' }, { scp: ['registry.read', 'admin'] }, { scope: 'admin', scp: ['registry.read'] }];
    for (const claims of granted) {
      const response = await graph.execute(PERSON, undefined, bearer(await token(first, { claims })));
      expect(response.errors).toBeUndefined();
    }
    const refused = [{}, { scope: 'admin registry.reads' }, { scp: [7, { 'registry.read': true }] }, { scope: ['registry.read'] }];
    for (const claims of refused) {
      await graph.admin.resetCalls();
      const response = await graph.execute(PERSON, undefined, bearer(await token(first, { claims })));
      expect(response.data).toEqual({ person: null });
      expect(response.errors?.map((error) => error.extensions?.['code'])).toEqual(['INSUFFICIENT_SCOPE']);
      expect((await graph.admin.calls()).total).toBe(0);
    }
  });

  it('refuses expired tokens, a wrong issuer or audience, an unknown key, a forged signature and an unusable sub with the 401 a bad key gets', async () => {
    const stranger = await signingKey('key-1');
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      expired: await token(first, { expiresAt: now - 60 }),
      issuer: await token(first, { issuer: 'https://evil.example.test/' }),
      audience: await token(first, { audience: 'another-graph' }),
      unknownKid: await token(await signingKey('key-unknown')),
      forged: await token(stranger),
      sub: await token(first, { sub: 'user|with spaces' }),
      hmac: await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject('x')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('0123456789abcdef0123456789abcdef')),
      none: `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-1' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', iss: ISSUER, aud: AUDIENCE, exp: now + 300 })).toString('base64url')}.`,
    };
    const reference = await graph.execute('{ __typename }', undefined, bearer('not-a-key-0123456789'));
    expect(reference.status).toBe(401);
    logs.length = 0;
    for (const [name, credential] of Object.entries(bad)) {
      const response = await graph.execute('{ __typename }', undefined, bearer(credential));
      expect({ name, status: response.status, body: { data: response.data, errors: response.errors } }).toEqual({
        name,
        status: 401,
        body: { data: reference.data, errors: reference.errors },
      });
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(logs.join('\n')).not.toContain(credential.split('.')[1] ?? credential);
    }
    expect(reference.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(logs)).not.toMatch(/evil\.example|another-graph|web-team/);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('accepts a new key once it appears in the JWKS (rotation), fetching the set again for the unknown kid', async () => {
    const second = await signingKey('key-2', 'RS256');
    const fetchesBefore = jwks.fetches;
    const early = await graph.execute('{ __typename }', undefined, bearer(await token(second)));
    expect(early.status).toBe(401);
    jwks.keys = [first.jwk, second.jwk];
    const rotated = await graph.execute('{ __typename }', undefined, bearer(await token(second)));
    expect(rotated.status).toBe(200);
    expect(rotated.data).toEqual({ __typename: 'Query' });
    expect(jwks.fetches).toBe(fetchesBefore + 2);
    // A known kid is verified from the fetched set: no further fetch.
    await graph.execute('{ __typename }', undefined, bearer(await token(first)));
    expect(jwks.fetches).toBe(fetchesBefore + 2);
  });
});

describe('callers authenticated by JWT when the JWKS cannot be fetched', () => {
  let jwks: JwksServer;
  let key: SigningKey;

  beforeAll(async () => {
    jwks = await startJwks();
    key = await signingKey('key-1');
    jwks.keys = [key.jwk];
  });

  afterAll(async () => {
    await jwks.close();
  });

  const graphOver = (url: string): Promise<TestGraph> =>
    startTestGraph({
      env: { GRAPHQL_JWKS_URL: url, GRAPHQL_JWT_ISSUER: ISSUER, GRAPHQL_JWT_AUDIENCE: AUDIENCE, GRAPHQL_JWKS_TIMEOUT_MS: '300', GRAPHQL_JWKS_COOLDOWN_MS: '0' },
    });

  const expectUnavailable = async (graph: TestGraph): Promise<void> => {
    const startedAt = Date.now();
    const response = await graph.execute('{ __typename }', undefined, bearer(await token(key)));
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(response.status).toBe(503);
    expect(response.errors?.map((error) => error.extensions?.['code'])).toEqual(['AUTH_UNAVAILABLE']);
    expect(JSON.stringify(response.errors)).not.toContain('127.0.0.1');
  };

  it('answers 503 AUTH_UNAVAILABLE when nothing listens at the JWKS URL', async () => {
    const down = await startJwks();
    const url = down.url;
    await down.close();
    const graph = await graphOver(url);
    try {
      await expectUnavailable(graph);
    } finally {
      await graph.close();
    }
  });

  it('answers 503 AUTH_UNAVAILABLE within the fetch timeout when the JWKS never answers, and 503 on a 500', async () => {
    const graph = await graphOver(jwks.url);
    try {
      jwks.mode = 'hang';
      await expectUnavailable(graph);
      jwks.mode = 'error';
      await expectUnavailable(graph);
      jwks.mode = 'up';
      const response = await graph.execute('{ __typename }', undefined, bearer(await token(key)));
      expect(response.status).toBe(200);
    } finally {
      jwks.mode = 'up';
      await graph.close();
    }
  });
});

describe('scopes', () => {
  const KEYS = {
    GRAPHQL_API_KEYS: [`plain:plain-key-0123456789`, `registry:registry-key-0123456789:registry.read`, `router:router-key-0123456789:federation`].join(','),
  };
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off', ...KEYS } });
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  const as = (key: string): Record<string, string> => bearer(`${key}-key-0123456789`);

  it('refuses the person, registration and bureau look-ups without registry.read, before any partner call', async () => {
    const lookups = [
      ['person', PERSON],
      ['registrationRecord', '{ registrationRecord(document: "39053344705") { document } }'],
      ['bureauReport', '{ bureauReport(document: "39053344705") { document } }'],
    ] as const;
    for (const [field, query] of lookups) {
      for (const caller of ['plain', 'router']) {
        const response = await graph.execute(query, undefined, as(caller));
        expect(response.data).toEqual({ [field]: null });
        expect(response.errors).toEqual([
          {
            message: 'This field needs the registry.read scope.',
            locations: expect.any(Array),
            path: [field],
            extensions: { code: 'INSUFFICIENT_SCOPE', scope: 'registry.read' },
          },
        ]);
      }
    }
    expect((await graph.admin.calls()).total).toBe(0);
    const allowed = await graph.execute(PERSON, undefined, as('registry'));
    expect(allowed.data).toEqual({ person: { document: '39053344705', name: 'Carla Demo Paga' } });
    expect((await graph.admin.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1 });
  });

  it('refuses _service and _entities without the federation scope, with no data and no partner call', async () => {
    const entities = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Person { document name } } }';
    const variables = { r: [{ __typename: 'Person', id: CARLA_ID }] };
    for (const caller of ['plain', 'registry']) {
      const service = await graph.execute('{ _service { sdl } }', undefined, as(caller));
      expect(service.data).toBeNull();
      expect(service.errors?.map((error) => error.extensions)).toEqual([{ code: 'INSUFFICIENT_SCOPE', scope: 'federation' }]);
      const resolved = await graph.execute(entities, variables, as(caller));
      expect(resolved.data).toBeNull();
      expect(resolved.errors?.map((error) => error.extensions)).toEqual([{ code: 'INSUFFICIENT_SCOPE', scope: 'federation' }]);
    }
    expect((await graph.admin.calls()).total).toBe(0);
    const sdl = await graph.execute<{ _service: { sdl: string } }>('{ _service { sdl } }', undefined, as('router'));
    expect(sdl.data?._service.sdl).toContain('@requiresScopes(scopes: [["registry.read"]])');
  });

  it('resolves _entities as the forwarded caller: a router without registry.read gets neither the document nor the person record, and the partner is not called', async () => {
    const entities = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Person { document name details { document } } } }';
    const response = await graph.execute(entities, { r: [{ __typename: 'Person', id: CARLA_ID }] }, as('router'));
    expect(response.data).toEqual({ _entities: [null] });
    expect(response.errors?.map((error) => `${error.path?.join('.')} ${String(error.extensions?.['code'])}`)).toEqual(['_entities.0 INSUFFICIENT_SCOPE']);
    expect(JSON.stringify(response)).not.toContain('39053344705');
    expect((await graph.admin.calls()).total).toBe(0);
    const documentOnly = await graph.execute(
      'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Person { document } } }',
      { r: [{ __typename: 'Person', id: CARLA_ID }] },
      as('router'),
    );
    expect(documentOnly.data).toEqual({ _entities: [null] });
    expect(documentOnly.errors?.map((error) => error.extensions?.['code'])).toEqual(['INSUFFICIENT_SCOPE']);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('in production too, gives the SDL only to the federation scope (introspection off)', async () => {
    const production = await startTestGraph({
      env: { NODE_ENV: 'production', ...KEYS },
      reuseSandbox: { sandbox: graph.sandbox, admin: graph.admin, client: graph.testClient },
    });
    try {
      const ordinary = await production.execute('{ _service { sdl } }', undefined, as('registry'));
      expect(ordinary.data).toBeNull();
      expect(ordinary.errors?.map((error) => error.extensions?.['code'])).toEqual(['INSUFFICIENT_SCOPE']);
      expect(JSON.stringify(ordinary)).not.toContain('type Proposal');
      const router = await production.execute<{ _service: { sdl: string } }>('{ _service { sdl } }', undefined, as('router'));
      expect(router.data?._service.sdl).toMatch(/type Proposal implements Node\s+@key\(fields: "id"\)/);
    } finally {
      await production.close();
    }
  });

  it('gives the anonymous development caller every scope', async () => {
    const open = await startTestGraph({ reuseSandbox: { sandbox: graph.sandbox, admin: graph.admin, client: graph.testClient } });
    try {
      const response = await open.execute('{ _service { sdl } }');
      expect(response.errors).toBeUndefined();
      const person = await open.execute(PERSON);
      expect(person.data).toEqual({ person: { document: '39053344705', name: 'Carla Demo Paga' } });
    } finally {
      await open.close();
    }
  });
});
