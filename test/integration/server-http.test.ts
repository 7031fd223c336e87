import { GraphQLError, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { connect } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import { loadConfig } from '../../src/config/index.js';
import { createApp, type Listening, listen } from '../../src/server/app.js';
import { createLogger } from '../../src/server/logger.js';

/** Called when a `slow` resolver starts: lets a test act once a request is surely in flight. */
const slowStarted: Array<() => void> = [];

/** Requests held in a `parked` field or `heldWrite` mutation until the test lets them go. */
const held = {
  count: 0,
  changed: [] as Array<() => void>,
  release: (): void => undefined,
  gate: Promise.resolve(),
  reset(): void {
    this.count = 0;
    this.gate = new Promise<void>((resolve) => {
      this.release = resolve;
    });
  },
  async hold(): Promise<string> {
    this.count += 1;
    this.changed.splice(0).forEach((notify) => notify());
    await this.gate;
    return 'released';
  },
  /** Resolves once `n` requests are held. */
  until(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        if (this.count >= n) {
          resolve();
        } else {
          this.changed.push(check);
        }
      };
      check();
    });
  },
};

/** A trivial graph that exercises the server around it, not the credit graph. */
function trivialSchema(): GraphQLSchema {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        hello: { type: GraphQLString, resolve: () => 'world' },
        parked: { type: GraphQLString, resolve: () => held.hold() },
        whoami: { type: GraphQLString, resolve: (_root, _args, context: { callerId: string; requestId: string }) => context.callerId },
        requestId: { type: GraphQLString, resolve: (_root, _args, context: { callerId: string; requestId: string }) => context.requestId },
        slow: {
          type: GraphQLString,
          resolve: async () => {
            slowStarted.splice(0).forEach((notify) => notify());
            await sleep(300);
            return 'late';
          },
        },
        boom: {
          type: GraphQLString,
          resolve: () => {
            throw new TypeError('cannot read person 123.456.789-09 of maria@example.com');
          },
        },
        uncoded: {
          type: GraphQLString,
          resolve: () => {
            throw new GraphQLError('upstream said: client 12345678909 unknown');
          },
        },
        known: {
          type: GraphQLString,
          resolve: () => {
            throw new GraphQLError('The upstream did not answer in time.', { extensions: { code: 'UPSTREAM_TIMEOUT', retryable: true } });
          },
        },
      },
    }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { heldWrite: { type: GraphQLString, resolve: () => held.hold() } } }),
  });
}

/** A listening app: its URLs and its graceful stop. */
type HttpServer = Listening & { close(graceMs?: number): Promise<void> };

interface Started {
  http: HttpServer;
  logs: string[];
}

const opened: HttpServer[] = [];

async function start(env: Record<string, string> = {}, readinessProblem?: () => string | undefined): Promise<Started> {
  const logs: string[] = [];
  const config = loadConfig({ NODE_ENV: 'development', GRAPHQL_MAX_BODY_BYTES: '4096', ...env });
  const app = await createApp(config, {
    graph: { schema: trivialSchema(), context: async ({ callerId, requestId }) => ({ callerId, requestId }), errorCodes: ['UPSTREAM_TIMEOUT'] },
    logger: createLogger('debug', (line) => logs.push(line)),
    readinessChecks: readinessProblem === undefined ? [] : [{ name: 'upstream', check: async () => readinessProblem() }],
  });
  const http: HttpServer = { ...(await listen(app, { port: 0, host: '127.0.0.1' })), close: (graceMs) => app.close(graceMs) };
  opened.push(http);
  return { http, logs };
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((server) => server.close()));
});

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: withoutRequestId(response, (await response.json()) as Record<string, unknown>) };
}

/**
 * The answer without its `extensions.requestId`, once checked: every answer carries the id it was
 * given in `x-request-id` (answers that carry no other extension then compare exactly).
 */
function withoutRequestId(response: Response, json: Record<string, unknown>): Record<string, unknown> {
  const { requestId, ...extensions } = (json['extensions'] ?? {}) as Record<string, unknown>;
  expect(typeof requestId).toBe('string');
  expect(requestId).toBe(response.headers.get('x-request-id'));
  const { extensions: _extensions, ...rest } = json;
  return Object.keys(extensions).length === 0 ? rest : { ...rest, extensions };
}

const INTROSPECTION = '{ __schema { queryType { name } } }';

describe('the HTTP server', () => {
  describe('development', () => {
    it('serves the offline GraphiQL page on GET /graphql to a browser, and Apollo Sandbox with ?explorer=apollo', async () => {
      const { http } = await start();
      const response = await fetch(http.graphqlUrl, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
      expect(await response.text()).toContain('<script src="/explorer/graphiql.min.js"></script>');
      const apollo = await fetch(`${http.graphqlUrl}?explorer=apollo`, { headers: { accept: 'text/html' } });
      expect(apollo.status).toBe(200);
      expect(await apollo.text()).toContain('embeddable-sandbox');
    });

    it('answers introspection', async () => {
      const { http } = await start();
      const { status, json } = await post(http.graphqlUrl, { query: INTROSPECTION });
      expect(status).toBe(200);
      expect(json).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    });

    it('lets Apollo Sandbox on studio.apollographql.com through CORS, preflight included', async () => {
      const { http } = await start();
      const preflight = await fetch(http.graphqlUrl, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://studio.apollographql.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,apollo-require-preflight',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://studio.apollographql.com');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,apollo-require-preflight');
      const { headers } = await post(http.graphqlUrl, { query: '{ hello }' }, { origin: 'https://studio.apollographql.com' });
      expect(headers.get('access-control-allow-origin')).toBe('https://studio.apollographql.com');
    });

    it('gives no CORS grant to other origins', async () => {
      const { http } = await start();
      const preflight = await fetch(http.graphqlUrl, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const { headers } = await post(http.graphqlUrl, { query: '{ hello }' }, { origin: 'https://evil.example.com' });
      expect(headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('production', () => {
    it('refuses introspection and serves no landing page', async () => {
      const { http } = await start({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
      const { json } = await post(http.graphqlUrl, { query: INTROSPECTION });
      expect(json['data']).toBeUndefined();
      expect(json['errors']).toEqual([{ message: expect.any(String), locations: [{ line: 1, column: 3 }], extensions: { code: 'INTROSPECTION_DISABLED' } }]);
      // __typename is not introspection of the schema: still answered.
      expect((await post(http.graphqlUrl, { query: '{ __typename }' })).json).toEqual({ data: { __typename: 'Query' } });
      const page = await fetch(http.graphqlUrl, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
      expect(await page.text()).not.toContain('embeddable-sandbox');
    });

    it('answers introspection when GRAPHQL_INTROSPECTION=true', async () => {
      const { http } = await start({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none', GRAPHQL_INTROSPECTION: 'true' });
      const { json } = await post(http.graphqlUrl, { query: INTROSPECTION });
      expect(json).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    });

    it('suggests no field names for a typo, as introspection is off', async () => {
      const { http } = await start({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
      const { json } = await post(http.graphqlUrl, { query: '{ helo }' });
      const errors = json['errors'] as Array<{ message: string; extensions: { code: string } }>;
      expect(errors).toHaveLength(1);
      expect(errors[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(errors[0]?.message).toBe('Cannot query field "helo" on type "Query".');
    });

    it('keeps suggestions in development, where the schema is open anyway', async () => {
      const { http } = await start();
      const { json } = await post(http.graphqlUrl, { query: '{ helo }' });
      expect((json['errors'] as Array<{ message: string }>)[0]?.message).toBe('Cannot query field "helo" on type "Query". Did you mean "hello"?');
    });

    it('still answers ordinary queries', async () => {
      const { http } = await start({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
      expect((await post(http.graphqlUrl, { query: '{ hello }' })).json).toEqual({ data: { hello: 'world' } });
    });

    it('marks every GraphQL answer Cache-Control: no-store, errors included', async () => {
      const { http } = await start({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none' });
      for (const query of ['{ hello }', '{ known }', '{ nope }', '{ hello']) {
        expect((await post(http.graphqlUrl, { query })).headers.get('cache-control')).toBe('no-store');
      }
    });
  });

  describe('CSRF prevention', () => {
    it('refuses a GET query without a preflight-forcing header', async () => {
      const { http } = await start();
      const response = await fetch(`${http.graphqlUrl}?query=${encodeURIComponent('{ hello }')}`);
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('world');
    });

    it('refuses a simple POST (text/plain) without a preflight-forcing header', async () => {
      const { http } = await start();
      const response = await fetch(http.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: '{ hello }' }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).not.toContain('world');
    });

    it('accepts a GET query carrying apollo-require-preflight', async () => {
      const { http } = await start();
      const response = await fetch(`${http.graphqlUrl}?query=${encodeURIComponent('{ hello }')}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(response.status).toBe(200);
      expect(withoutRequestId(response, (await response.json()) as Record<string, unknown>)).toEqual({ data: { hello: 'world' } });
    });
  });

  describe('error masking', () => {
    it('masks an unexpected error as INTERNAL_SERVER_ERROR without internals and logs it without personal data', async () => {
      const { http, logs } = await start({ LOG_LEVEL: 'debug' });
      const { json } = await post(http.graphqlUrl, { query: '{ hello boom }' });
      expect(json['data']).toEqual({ hello: 'world', boom: null });
      expect(json['errors']).toEqual([
        { message: 'Internal server error', locations: [{ line: 1, column: 9 }], path: ['boom'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
      const logged = logs.filter((line) => line.includes('masked'));
      expect(logged.length).toBeGreaterThan(0);
      const masked = JSON.parse(logged[0] ?? '{}') as Record<string, unknown>;
      expect(masked).toMatchObject({ level: 'error', errorClass: 'TypeError', path: 'boom' });
      const all = logs.join('\n');
      expect(all).not.toContain('123.456.789-09');
      expect(all).not.toContain('maria@example.com');
    });

    it('masks a GraphQLError without a known code', async () => {
      const { http, logs } = await start();
      const { json } = await post(http.graphqlUrl, { query: '{ uncoded }' });
      expect(json['errors']).toEqual([
        { message: 'Internal server error', locations: [{ line: 1, column: 3 }], path: ['uncoded'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      ]);
      expect(logs.join('\n')).not.toContain('12345678909');
    });

    it('passes an error with a known code through, without a stack trace', async () => {
      const { http } = await start();
      const { json } = await post(http.graphqlUrl, { query: '{ known }' });
      expect(json['errors']).toEqual([
        {
          message: 'The upstream did not answer in time.',
          locations: [{ line: 1, column: 3 }],
          path: ['known'],
          extensions: { code: 'UPSTREAM_TIMEOUT', retryable: true },
        },
      ]);
    });

    it('logs each request with method, path, status and duration, never its query string', async () => {
      const { http, logs } = await start({ LOG_LEVEL: 'info' });
      await fetch(`${http.graphqlUrl}?query=${encodeURIComponent('{ hello }')}&variables=${encodeURIComponent('{"cpf":"39053344705"}')}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      await fetch(`${http.url}/customers/39053344705`);
      const lines = logs.filter((line) => line.includes('http request')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([
        expect.objectContaining({ method: 'GET', path: '/graphql', status: 200, durationMs: expect.any(Number) }),
        expect.objectContaining({ method: 'GET', path: '(other)', status: 404 }),
      ]);
      expect(logs.join('\n')).not.toContain('39053344705');
    });

    it('keeps the codes of request errors (parse, validation)', async () => {
      const { http } = await start();
      const parse = await post(http.graphqlUrl, { query: '{ hello' });
      expect(parse.status).toBe(400);
      expect((parse.json['errors'] as Array<{ extensions: { code: string } }>)[0]?.extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      const validation = await post(http.graphqlUrl, { query: '{ nope }' });
      expect((validation.json['errors'] as Array<{ extensions: { code: string } }>)[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });
  });

  describe('caller authentication', () => {
    const KEYS = { GRAPHQL_API_KEYS: 'web-app:web-app-key-0123456789,batch:batch-key-0123456789' };

    it('runs every request as anonymous when no API keys are configured', async () => {
      const { http } = await start();
      expect((await post(http.graphqlUrl, { query: '{ whoami }' })).json).toEqual({ data: { whoami: 'anonymous' } });
    });

    it('runs a request as the caller whose key it carries', async () => {
      const { http } = await start(KEYS);
      const web = await post(http.graphqlUrl, { query: '{ whoami }' }, { authorization: 'Bearer web-app-key-0123456789' });
      expect(web.json).toEqual({ data: { whoami: 'web-app' } });
      const batch = await post(http.graphqlUrl, { query: '{ whoami }' }, { authorization: 'bearer batch-key-0123456789' });
      expect(batch.json).toEqual({ data: { whoami: 'batch' } });
    });

    it('refuses a request without a key or with an unknown one with 401 UNAUTHENTICATED', async () => {
      const { http } = await start(KEYS);
      const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer nope-nope-nope-nope' }, { authorization: 'Basic d2ViOmFwcA==' }];
      for (const headers of attempts) {
        const { status, headers: answer, json } = await post(http.graphqlUrl, { query: '{ hello }' }, headers);
        expect(status).toBe(401);
        expect(answer.get('www-authenticate')).toBe('Bearer');
        expect(json).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
      }
      const get = await fetch(`${http.graphqlUrl}?query=${encodeURIComponent('{ hello }')}`, { headers: { 'apollo-require-preflight': 'true' } });
      expect(get.status).toBe(401);
    });

    it('still serves the landing page without a key', async () => {
      const { http } = await start(KEYS);
      const page = await fetch(http.graphqlUrl, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('GraphiQL');
      const apollo = await fetch(`${http.graphqlUrl}?explorer=apollo`, { headers: { accept: 'text/html' } });
      expect(await apollo.text()).toContain('embeddable-sandbox');
    });
  });

  describe('limits and routes', () => {
    it('refuses a body over GRAPHQL_MAX_BODY_BYTES with 413', async () => {
      const { http } = await start();
      const { status, json } = await post(http.graphqlUrl, { query: '{ hello }', variables: { pad: 'x'.repeat(5000) } });
      expect(status).toBe(413);
      expect(json).toMatchObject({ errors: [{ extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
    });

    it('refuses a body that is not UTF-8 with 415', async () => {
      const { http } = await start();
      const response = await fetch(http.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=iso-8859-1' },
        body: JSON.stringify({ query: '{ hello }' }),
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] });
    });

    it('refuses malformed JSON with 400', async () => {
      const { http } = await start();
      const response = await fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    });

    it('answers 400 to a request target that is not a valid URL, logs it, and keeps serving', async () => {
      const { http, logs } = await start();
      const { port } = new URL(http.url);
      const statusLine = await new Promise<string>((resolve, reject) => {
        let received = '';
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write('GET //:99999 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
        });
        socket.on('data', (chunk: Buffer) => {
          received += chunk.toString('latin1');
        });
        socket.on('error', reject);
        socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
      });
      expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
      expect(logs.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
        expect.objectContaining({ message: 'http request', path: '(other)', status: 400 }),
      );
      const { status } = await post(http.graphqlUrl, { query: '{ hello }' });
      expect(status).toBe(200);
    });

    it('answers 404 elsewhere and 405 for other methods', async () => {
      const { http } = await start();
      const missing = await fetch(`${http.url}/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ errors: [{ extensions: { code: 'ROUTE_NOT_FOUND' } }] });
      const put = await fetch(http.graphqlUrl, { method: 'PUT', body: '{}' });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toContain('POST');
    });
  });

  describe('compressed request bodies', () => {
    const send = (url: string, body: Buffer, encoding: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: new Uint8Array(body) });

    it('decodes a gzip, x-gzip or deflate body', async () => {
      const { http } = await start();
      const body = Buffer.from(JSON.stringify({ query: '{ hello }' }));
      for (const [encoding, encoded] of [
        ['gzip', gzipSync(body)],
        ['x-gzip', gzipSync(body)],
        ['deflate', deflateSync(body)],
        ['GZIP', gzipSync(body)],
      ] as const) {
        const response = await send(http.graphqlUrl, encoded, encoding);
        expect({ encoding, status: response.status, json: withoutRequestId(response, (await response.json()) as Record<string, unknown>) }).toEqual({
          encoding,
          status: 200,
          json: { data: { hello: 'world' } },
        });
      }
    });

    it('applies GRAPHQL_MAX_BODY_BYTES to the decoded body: a small gzip that inflates past it is a 413', async () => {
      const { http } = await start();
      const body = Buffer.from(JSON.stringify({ query: '{ hello }', variables: { pad: 'x'.repeat(1_000_000) } }));
      const encoded = gzipSync(body);
      expect(encoded.length).toBeLessThan(4096);
      const response = await send(http.graphqlUrl, encoded, 'gzip');
      expect(response.status).toBe(413);
      expect(withoutRequestId(response, (await response.json()) as Record<string, unknown>)).toEqual({
        errors: [{ message: 'The request body is larger than 4096 bytes once decoded.', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
      expect((await post(http.graphqlUrl, { query: '{ hello }' })).status).toBe(200);
    });

    it('refuses an unknown or stacked content coding with 415 and names the ones it takes', async () => {
      const { http } = await start();
      for (const encoding of ['br', 'zstd', 'gzip, gzip', 'compress']) {
        const response = await send(http.graphqlUrl, Buffer.from(JSON.stringify({ query: '{ hello }' })), encoding);
        expect({
          encoding,
          status: response.status,
          acceptEncoding: response.headers.get('accept-encoding'),
          json: withoutRequestId(response, (await response.json()) as Record<string, unknown>),
        }).toEqual({
          encoding,
          status: 415,
          acceptEncoding: 'gzip, deflate',
          json: { errors: [{ message: expect.any(String), extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }] },
        });
      }
    });

    it('answers 400 BAD_REQUEST to a body that is not the gzip or deflate it claims', async () => {
      const { http } = await start();
      const truncated = gzipSync(Buffer.from(JSON.stringify({ query: '{ hello }' }))).subarray(0, 12);
      for (const [encoding, body] of [
        ['gzip', Buffer.from('{"query":"{ hello }"}')],
        ['deflate', Buffer.from('not deflate')],
        ['gzip', truncated],
      ] as const) {
        const response = await send(http.graphqlUrl, body, encoding);
        expect({
          encoding,
          status: response.status,
          code: ((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code,
        }).toEqual({
          encoding,
          status: 400,
          code: 'BAD_REQUEST',
        });
      }
    });
  });

  describe('refusals in the media type the client accepts', () => {
    const GRAPHQL_RESPONSE = 'application/graphql-response+json; charset=utf-8';
    const JSON_RESPONSE = 'application/json; charset=utf-8';
    const KEYS = { GRAPHQL_API_KEYS: 'web-app:web-app-key-0123456789' };

    it('answers every refusal made before GraphQL as application/graphql-response+json when Accept prefers it, with the same status and code', async () => {
      const { http } = await start(KEYS);
      const accept = 'application/graphql-response+json, application/json;q=0.9';
      const auth = { authorization: 'Bearer web-app-key-0123456789', accept };
      const refusals: Array<{ name: string; request: () => Promise<Response>; status: number; code: string }> = [
        {
          name: 'no key',
          request: () => fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: '{"query":"{ hello }"}' }),
          status: 401,
          code: 'UNAUTHENTICATED',
        },
        {
          name: 'too large',
          request: () =>
            fetch(http.graphqlUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...auth },
              body: JSON.stringify({ query: '{ hello }', variables: { pad: 'x'.repeat(5000) } }),
            }),
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
        },
        {
          name: 'bad JSON',
          request: () => fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: '{"query":' }),
          status: 400,
          code: 'BAD_REQUEST',
        },
        {
          name: 'not UTF-8',
          request: () => fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=latin1', ...auth }, body: '{}' }),
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        },
        {
          name: 'unknown coding',
          request: () =>
            fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'br', ...auth }, body: '{}' }),
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        },
        { name: 'method', request: () => fetch(http.graphqlUrl, { method: 'PUT', headers: auth, body: '{}' }), status: 405, code: 'METHOD_NOT_ALLOWED' },
        { name: 'route', request: () => fetch(`${http.url}/nope`, { headers: { accept } }), status: 404, code: 'ROUTE_NOT_FOUND' },
      ];
      for (const { name, request, status, code } of refusals) {
        const response = await request();
        expect({
          name,
          status: response.status,
          type: response.headers.get('content-type'),
          json: withoutRequestId(response, (await response.json()) as Record<string, unknown>),
        }).toEqual({
          name,
          status,
          type: GRAPHQL_RESPONSE,
          json: { errors: [{ message: expect.any(String), extensions: { code } }] },
        });
      }
    });

    it('keeps application/json without an Accept header, for */*, and when application/json is preferred or listed first', async () => {
      const { http } = await start(KEYS);
      for (const accept of [
        undefined,
        '*/*',
        'application/json',
        'application/json, application/graphql-response+json',
        'application/graphql-response+json;q=0.5, application/json',
        'application/graphql-response+json;q=0, */*',
        'text/html',
      ]) {
        const response = await fetch(http.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(accept === undefined ? {} : { accept }) },
          body: '{"query":"{ hello }"}',
        });
        expect({ accept, status: response.status, type: response.headers.get('content-type') }).toEqual({ accept, status: 401, type: JSON_RESPONSE });
      }
      for (const accept of [
        'application/graphql-response+json',
        'application/*;q=0.5, application/graphql-response+json',
        'application/graphql-response+json, application/json',
      ]) {
        const response = await fetch(http.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept },
          body: '{"query":"{ hello }"}',
        });
        expect({ accept, type: response.headers.get('content-type') }).toEqual({ accept, type: GRAPHQL_RESPONSE });
      }
    });
  });

  describe('request ids', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

    it("echoes the caller's well-formed x-request-id in the header, in extensions.requestId, to the graph and on the access line", async () => {
      const { http, logs } = await start({ LOG_LEVEL: 'info' });
      const response = await fetch(http.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'web-app.checkout:42_A-b' },
        body: JSON.stringify({ query: '{ requestId }' }),
      });
      expect(response.headers.get('x-request-id')).toBe('web-app.checkout:42_A-b');
      expect(response.headers.get('x-fapi-interaction-id')).toBeNull();
      // The graph's context gets the same id (GraphRequest.requestId).
      expect(await response.json()).toEqual({ data: { requestId: 'web-app.checkout:42_A-b' }, extensions: { requestId: 'web-app.checkout:42_A-b' } });
      const lines = logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line['message'] === 'http request');
      expect(lines).toEqual([expect.objectContaining({ requestId: 'web-app.checkout:42_A-b', path: '/graphql', status: 200 })]);
    });

    it('takes an x-fapi-interaction-id (a UUID) over x-request-id and echoes it under both names', async () => {
      const { http } = await start();
      const fapi = '0b6f2c3e-8d4a-4f1b-9c2d-7e5a1b3c4d5e';
      const response = await fetch(http.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fapi-interaction-id': fapi, 'x-request-id': 'other' },
        body: JSON.stringify({ query: '{ hello }' }),
      });
      expect(response.headers.get('x-fapi-interaction-id')).toBe(fapi);
      expect(response.headers.get('x-request-id')).toBe(fapi);
      expect(((await response.json()) as { extensions: unknown }).extensions).toEqual({ requestId: fapi });
    });

    it('replaces a malformed id with a generated UUID, under both names when the fapi one was sent', async () => {
      const { http } = await start();
      const malformed: Array<Record<string, string>> = [
        { 'x-request-id': 'x'.repeat(129) },
        { 'x-request-id': 'has space' },
        { 'x-request-id': '' },
        { 'x-request-id': 'cpf=390.533.447-05;drop' },
        { 'x-fapi-interaction-id': 'not-a-uuid' },
      ];
      for (const headers of malformed) {
        const response = await fetch(http.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: '{"query":"{ hello }"}',
        });
        const id = response.headers.get('x-request-id') ?? '';
        expect({ headers, id: UUID.test(id) }).toEqual({ headers, id: true });
        expect(((await response.json()) as { extensions: unknown }).extensions).toEqual({ requestId: id });
        expect(response.headers.get('x-fapi-interaction-id')).toBe('x-fapi-interaction-id' in headers ? id : null);
      }
    });

    it('gives every answer an id, refusals and probes included, and a different one to each request', async () => {
      const { http } = await start();
      const answers = await Promise.all([fetch(`${http.url}/health`), fetch(`${http.url}/nope`), fetch(http.graphqlUrl, { method: 'PUT' })]);
      const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
      expect(ids.map((id) => UUID.test(id))).toEqual([true, true, true]);
      expect(new Set(ids).size).toBe(3);
      expect(((await (answers[1] as Response).json()) as { extensions: unknown }).extensions).toEqual({ requestId: ids[1] });
    });
  });

  describe('admission control', () => {
    it("refuses queries past the limit less the mutations' reserve with 503 OVERLOADED at once, admits mutations into the reserve, never counts probes", async () => {
      held.reset();
      // 4 slots: 3 for queries, 1 kept for mutations.
      const { http } = await start({ MAX_REQUESTS_IN_FLIGHT: '4' });
      const queries = [1, 2, 3].map(() => post(http.graphqlUrl, { query: '{ parked }' }));
      await held.until(3);
      const refusedAt = performance.now();
      const overloaded = await fetch(http.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
        body: '{"query":"{ hello }"}',
      });
      const refusalMs = performance.now() - refusedAt;
      expect({ status: overloaded.status, retryAfter: overloaded.headers.get('retry-after'), type: overloaded.headers.get('content-type') }).toEqual({
        status: 503,
        retryAfter: '1',
        type: 'application/graphql-response+json; charset=utf-8',
      });
      expect(withoutRequestId(overloaded, (await overloaded.json()) as Record<string, unknown>)).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'OVERLOADED' } }],
      });
      // Answered without waiting for the held requests (they hold until released).
      expect(refusalMs).toBeLessThan(1000);
      for (const path of ['/health', '/ready', '/metrics']) {
        expect({ path, status: (await fetch(`${http.url}${path}`)).status }).toEqual({ path, status: 200 });
      }
      const write = post(http.graphqlUrl, { query: 'mutation { heldWrite }' });
      await held.until(4);
      const secondWrite = await post(http.graphqlUrl, { query: 'mutation { heldWrite }' });
      expect({ status: secondWrite.status, json: secondWrite.json }).toEqual({
        status: 503,
        json: { errors: [{ message: expect.any(String), extensions: { code: 'OVERLOADED' } }] },
      });
      // Every slot taken: refused before its body is read (a body that would be 400 BAD_REQUEST is never parsed).
      const unread = await fetch(http.graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": not json' });
      expect({
        status: unread.status,
        code: ((await unread.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code,
      }).toEqual({
        status: 503,
        code: 'OVERLOADED',
      });
      held.release();
      expect((await Promise.all(queries)).map((answer) => answer.json)).toEqual([1, 2, 3].map(() => ({ data: { parked: 'released' } })));
      expect((await write).json).toEqual({ data: { heldWrite: 'released' } });
      // Every slot is given back.
      const again = await Promise.all([1, 2, 3].map(() => post(http.graphqlUrl, { query: '{ hello }' })));
      expect(again.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(held.count).toBe(4);
    });
  });

  describe('health', () => {
    it('answers GET /health with status ok', async () => {
      const { http } = await start();
      const response = await fetch(`${http.url}/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('answers GET /ready with 200 when every check passes', async () => {
      const { http } = await start({}, () => undefined);
      const ready = await fetch(`${http.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { server: 'ok', upstream: 'ok' } });
    });

    it('reports a failing readiness check with 503', async () => {
      const { http } = await start({}, () => 'UPSTREAM_AUTH_FAILED');
      const ready = await fetch(`${http.url}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', checks: { server: 'ok', upstream: 'UPSTREAM_AUTH_FAILED' } });
    });
  });

  describe('graceful stop', () => {
    it('finishes a request in flight, then refuses new connections', async () => {
      const { http } = await start();
      const inFlight = new Promise<void>((resolve) => slowStarted.push(resolve));
      const pending = post(http.graphqlUrl, { query: '{ slow }' });
      // Close once the request is being served (a fixed pause could close it as an idle connection on a loaded machine).
      await inFlight;
      const closing = http.close();
      expect((await pending).json).toEqual({ data: { slow: 'late' } });
      await closing;
      await expect(fetch(`${http.url}/health`)).rejects.toThrow();
    });
  });
});
