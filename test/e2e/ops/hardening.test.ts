import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { getIntrospectionQuery } from 'graphql';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ConfigError, loadConfig } from '../../../src/config/index.js';
import { checkProductionUpstream } from '../../../src/service.js';
import { createLogger } from '../../../src/server/logger.js';
import { startTestGraph, type TestGraph } from '../../helpers/graph.js';

/** Sends raw bytes and resolves with everything the server answered, or with the socket error. */
function rawExchange(port: number, write: (send: (chunk: string | Buffer) => boolean) => Promise<void>): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => {
      error = failure.code ?? failure.message;
    });
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('latin1'), ...(error === undefined ? {} : { error }) }));
    socket.on('connect', () => {
      void write((chunk) => socket.write(chunk)).then(() => socket.end());
    });
  });
}

describe('the surface hardened before validation', () => {
  let graph: TestGraph;
  const logs: string[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_MAX_BODY_BYTES: '65536', LOG_LEVEL: 'info' }, logger: createLogger('info', (line) => logs.push(line)) });
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    logs.length = 0;
    await graph.admin.resetCalls();
  });

  describe('document limits', () => {
    it('refuses a document over GRAPHQL_MAX_TOKENS with GRAPHQL_PARSE_FAILED, no upstream call, and keeps /health answering', async () => {
      // 1M tokens in 2 MB: the query size limit is raised so that the token limit is the one met.
      const big = await startTestGraph({ env: { GRAPHQL_MAX_BODY_BYTES: String(16 * 1024 * 1024), GRAPHQL_MAX_QUERY_BYTES: String(16 * 1024 * 1024) } });
      try {
        const query = `{ ${'a '.repeat(1_000_000)}}`;
        const refused = big.execute(query);
        const health = await fetch(`${big.baseUrl}/health`);
        expect(health.status).toBe(200);
        const response = await refused;
        expect(response.status).toBe(400);
        expect(response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
        expect(response.errors?.[0]?.message).toMatch(/5000 tokens/);
        expect((await big.admin.calls()).total).toBe(0);
      } finally {
        await big.close();
      }
    });

    it('refuses a 14 MB comment, a 14 MB block string and a 1M-token document with QUERY_TOO_LARGE before reading them, and keeps /health answering', async () => {
      const big = await startTestGraph({ env: { GRAPHQL_MAX_BODY_BYTES: String(16 * 1024 * 1024) } });
      try {
        const size = 14 * 1024 * 1024;
        for (const query of [`{ __typename } #${'x'.repeat(size)}`, `{ __typename(a: """${'x'.repeat(size)}""") }`, `{ ${'a '.repeat(1_000_000)}}`]) {
          const refused = big.execute(query);
          expect((await fetch(`${big.baseUrl}/health`)).status).toBe(200);
          const response = await refused;
          expect(response.status).toBe(400);
          expect(response.errors).toEqual([
            { message: expect.stringContaining('100000 bytes'), extensions: { code: 'QUERY_TOO_LARGE', maxQueryBytes: 100_000 } },
          ]);
        }
        expect((await big.admin.calls()).total).toBe(0);
      } finally {
        await big.close();
      }
    });

    it('refuses a comment, string or block string longer than GRAPHQL_MAX_TOKEN_LENGTH with TOKEN_TOO_LONG, and accepts one of exactly that length', async () => {
      const long = 'x'.repeat(10_001);
      for (const query of [
        `#${long}\n{ __typename }`,
        `{ __typename } #${long}`,
        `query($a: String = "${long}") { __typename }`,
        `query($a: String = """${long}""") { __typename }`,
      ]) {
        const response = await graph.execute(query);
        expect(response.status).toBe(400);
        expect(response.errors).toEqual([{ message: expect.any(String), extensions: { code: 'TOKEN_TOO_LONG', maxTokenLength: 10_000 } }]);
      }
      // The comment token is `#` and 9,999 characters.
      expect((await graph.execute(`{ __typename } #${'x'.repeat(9_999)}`)).errors).toBeUndefined();
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it.each([28, 40])(
      'refuses a fragment bomb of %i nested fragments, each spreading the previous one twice, with TOO_MANY_SELECTIONS and stays up',
      async (levels) => {
        const chain = ['fragment F0 on Proposal { id situationCode }'];
        for (let level = 1; level < levels; level += 1) {
          chain.push(`fragment F${level} on Proposal { ...F${level - 1} ...F${level - 1} }`);
        }
        const id = graph.sandbox.demo[0]?.id ?? '';
        const response = await graph.execute(`query Bomb { proposal(id: "${id}") { ...F${levels - 1} } } ${chain.join(' ')}`);
        expect(response.status).toBe(400);
        expect(response.errors).toEqual([
          { message: expect.any(String), locations: expect.any(Array), extensions: { code: 'TOO_MANY_SELECTIONS', maxSelections: 2000 } },
        ]);
        expect((await graph.admin.calls()).total).toBe(0);
        expect((await fetch(`${graph.baseUrl}/health`)).status).toBe(200);
        // The same fragments, spread once each below the limit, are answered.
        const fine = await graph.execute(`query Fine { proposal(id: "${id}") { ...F3 } } ${chain.slice(0, 4).join(' ')}`);
        expect(fine.errors).toBeUndefined();
        expect(fine.data).toEqual({ proposal: { id, situationCode: expect.any(Number) } });
      },
    );

    it('accepts the full introspection query that explorers and codegen send', async () => {
      const response = await graph.execute(
        getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, inputValueDeprecation: true }),
      );
      expect(response.errors).toBeUndefined();
      expect(response.status).toBe(200);
    });

    it('refuses introspection nested 2,000 levels deep (over the token limit) and 1,500 deep (QUERY_TOO_DEEP)', async () => {
      const nested = (levels: number): string => `{ __schema { types { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } } }`;
      const deepest = await graph.execute(nested(2000));
      expect(deepest.status).toBe(400);
      expect(deepest.errors?.[0]?.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
      const deep = await graph.execute(nested(1500));
      expect(deep.status).toBe(400);
      expect(deep.errors).toHaveLength(1);
      expect(deep.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_DEEP', depth: 1503, maxDepth: 20 });
    });

    it('refuses introspection just over 20 levels and accepts it at 20', async () => {
      const nested = (levels: number): string => `{ __schema { types { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } } }`;
      expect((await graph.execute(nested(17))).errors).toBeUndefined();
      expect((await graph.execute(nested(18))).errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_DEEP', depth: 21, maxDepth: 20 });
    });

    it('refuses a document with more than GRAPHQL_MAX_DIRECTIVES directives with TOO_MANY_DIRECTIVES', async () => {
      const fields = (count: number): string => '__typename @skip(if: false) @include(if: true) '.repeat(count);
      const query = `{ ${fields(25)} __typename @skip(if: false) }`;
      const response = await graph.execute(query);
      expect(response.status).toBe(400);
      expect(response.errors).toEqual([{ message: expect.stringContaining('50 directives'), extensions: { code: 'TOO_MANY_DIRECTIVES', maxDirectives: 50 } }]);
      expect((await graph.execute(`{ ${fields(25)} }`)).errors).toBeUndefined();
    });

    it('refuses a subscription with SUBSCRIPTIONS_NOT_SUPPORTED (400) and logs it at info, not as an error', async () => {
      const response = await graph.execute('subscription Watch { __typename }');
      expect(response.status).toBe(400);
      expect(response.errors).toEqual([{ message: expect.any(String), extensions: { code: 'SUBSCRIPTIONS_NOT_SUPPORTED' } }]);
      const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ level: 'info', message: 'subscription refused', code: 'SUBSCRIPTIONS_NOT_SUPPORTED' }));
      expect(lines.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    });

    it('refuses the depth and alias limits before graphql validation, with their own codes', async () => {
      const deep = `{ proposal(id: "x") { ${'installments { '.repeat(10)}number${' }'.repeat(10)} } }`;
      expect((await graph.execute(deep)).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_DEEP');
      const aliases = `{ ${Array.from({ length: 31 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
      expect((await graph.execute(aliases)).errors?.[0]?.extensions).toEqual({ code: 'TOO_MANY_ALIASES', aliases: 31, maxAliases: 30 });
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it("answers the guard's refusals (depth, aliases) as application/graphql-response+json when Accept prefers it", async () => {
      const accept = { accept: 'application/graphql-response+json,application/json;q=0.9' };
      const deep = `{ proposal(id: "x") { ${'installments { '.repeat(10)}number${' }'.repeat(10)} } }`;
      const aliases = `{ ${Array.from({ length: 31 }, (_, index) => `a${index}: __typename`).join(' ')} }`;
      for (const [query, code] of [
        [deep, 'QUERY_TOO_DEEP'],
        [aliases, 'TOO_MANY_ALIASES'],
      ] as const) {
        const answer = await graph.execute(query, {}, accept);
        expect({ status: answer.status, type: answer.headers.get('content-type'), code: answer.errors?.[0]?.extensions?.code }).toEqual({
          status: 400,
          type: 'application/graphql-response+json; charset=utf-8',
          code,
        });
        expect((await graph.execute(query)).headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
      expect((await graph.admin.calls()).total).toBe(0);
    });
  });

  describe('security headers', () => {
    it('sends nosniff, no-referrer and DENY on every answer, HSTS only where TLS is signalled', async () => {
      for (const path of ['/health', '/graphql', '/nowhere', '/metrics']) {
        const response = await fetch(`${graph.baseUrl}${path}`);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        expect(response.headers.get('strict-transport-security')).toBeNull();
      }
      const behindTls = await fetch(`${graph.baseUrl}/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(behindTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    });
  });

  describe('oversized bodies', () => {
    const port = (): number => Number(new URL(graph.baseUrl).port);
    const oversized = 'x'.repeat(200 * 1024);

    it('answers 413 to a declared Content-Length over the limit while the client keeps sending, 20 times without a reset', async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { answer, error } = await rawExchange(port(), async (send) => {
          send(`POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${oversized.length}\r\nConnection: close\r\n\r\n`);
          for (let offset = 0; offset < oversized.length; offset += 16 * 1024) {
            send(oversized.slice(offset, offset + 16 * 1024));
            await new Promise((resolve) => setImmediate(resolve));
          }
        });
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toContain('"PAYLOAD_TOO_LARGE"');
      }
    });

    it('answers 413 to a chunked body that grows over the limit, 20 times without a reset', async () => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const { answer, error } = await rawExchange(port(), async (send) => {
          send('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n');
          for (let offset = 0; offset < oversized.length; offset += 16 * 1024) {
            const chunk = oversized.slice(offset, offset + 16 * 1024);
            send(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
            await new Promise((resolve) => setImmediate(resolve));
          }
          send('0\r\n\r\n');
        });
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toContain('"PAYLOAD_TOO_LARGE"');
      }
    });

    it('answers 413 to a gzip bomb (50 MB of JSON in under 64 KiB) once the limit is decoded, and keeps serving', async () => {
      const body = new Uint8Array(gzipSync(Buffer.from(`{"query":"{ __typename }"${' '.repeat(50 * 1024 * 1024)}}`)));
      expect(body.length).toBeLessThan(65_536);
      const response = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        errors: [{ message: 'The request body is larger than 65536 bytes once decoded.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
        extensions: { requestId: response.headers.get('x-request-id') },
      });
      const small = await fetch(graph.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: new Uint8Array(gzipSync(Buffer.from('{"query":"{ __typename }"}'))),
      });
      expect(await small.json()).toMatchObject({ data: { __typename: 'Query' } });
    });

    it('answers 413 through fetch and keeps serving', async () => {
      const response = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: oversized }) });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
      expect((await graph.execute('{ __typename }')).data).toEqual({ __typename: 'Query' });
    });
  });
});

describe('Apollo Client against refusals made before GraphQL', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: 'web-app:web-app-key-0123456789', GRAPHQL_MAX_BODY_BYTES: '4096' } });
  });

  afterAll(async () => {
    await graph.close();
  });

  /** What a query through Apollo Client's HttpLink surfaces: the error codes it read, or the class of what it threw. */
  async function surfaced(headers: Record<string, string>, pad = 'x'): Promise<{ kind: string; codes: unknown[] }> {
    const client = new ApolloClient({ link: new HttpLink({ uri: graph.url, headers }), cache: new InMemoryCache() });
    try {
      // The variable is used: HttpLink sends only the variables the operation declares and uses.
      await client.query({
        query: gql`
          query Pad($pad: ID!) {
            proposal(id: $pad) {
              id
            }
          }
        `,
        variables: { pad },
        fetchPolicy: 'no-cache',
      });
      return { kind: 'data', codes: [] };
    } catch (error) {
      if (CombinedGraphQLErrors.is(error)) {
        return { kind: 'CombinedGraphQLErrors', codes: error.errors.map((item) => item.extensions?.['code']) };
      }
      return { kind: error instanceof Error ? error.name : typeof error, codes: [] };
    } finally {
      client.stop();
    }
  }

  it('reads extensions.code of a 401 and of a 413 as GraphQL errors through HttpLink', async () => {
    expect(await surfaced({})).toEqual({ kind: 'CombinedGraphQLErrors', codes: ['UNAUTHENTICATED'] });
    expect(await surfaced({ authorization: 'Bearer web-app-key-0123456789' }, 'x'.repeat(5000))).toEqual({
      kind: 'CombinedGraphQLErrors',
      codes: ['PAYLOAD_TOO_LARGE'],
    });
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('would surface a bare ServerError without the code had the answer been application/json (HttpLink asked with accept: application/json)', async () => {
    expect(await surfaced({ accept: 'application/json' })).toEqual({ kind: 'ServerError', codes: [] });
  });
});

describe('start-up in production', () => {
  it('refuses to start without the UPSTREAM_* settings, naming each and the demo opt-in', () => {
    const config = loadConfig({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
    let thrown: unknown;
    try {
      checkProductionUpstream(config);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    for (const name of [
      'UPSTREAM_BASE_URL',
      'UPSTREAM_ENVIRONMENT_URL',
      'UPSTREAM_AUTH_URL',
      'UPSTREAM_CLIENT_ID',
      'UPSTREAM_PRIVATE_KEY',
      'DEMO_SANDBOX=true',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('starts the demo sandbox in production only with DEMO_SANDBOX=true, and in development without it', () => {
    expect(() => checkProductionUpstream(loadConfig({ NODE_ENV: 'production', DEMO_SANDBOX: 'true', GRAPHQL_AUTH: 'none' }))).not.toThrow();
    expect(() => checkProductionUpstream(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => loadConfig({ DEMO_SANDBOX: 'maybe' })).toThrow(ConfigError);
  });
});
