import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type DocumentNode, type GraphQLFormattedError, print } from 'graphql';
import { loadConfig } from '../../src/config/index.js';
import { type DemoProposal, type SandboxOptions, type Sandbox } from '../../src/sandbox/server.js';
import { type WriteSettings } from '../../src/graphql/runtime/context.js';
import { type Ledger } from '../../src/ledger/index.js';
import { type App, createApp, listen } from '../../src/server/app.js';
import { openTestLedger, type TestLedgerDatabase } from './ledger.js';
import { type CreditGraphDeps } from '../../src/server/graph.js';
import { type Logger } from '../../src/server/logger.js';
import { type Metrics } from '../../src/server/metrics.js';
import { ALL_SCOPES, ANONYMOUS_CALLER } from '../../src/server/types.js';
import { upstreamClientOptions } from '../../src/server/upstream.js';
import { GLOBAL_TAG } from '../../src/upstream/cache.js';
import {
  createSharedState,
  createUpstreamClient,
  DEFAULT_SCOPE,
  type SharedState,
  type UpstreamClient,
  type UpstreamClientOptions,
} from '../../src/upstream/index.js';
import { type SandboxAdmin, startTestSandbox, type TestClient } from './sandbox.js';

/** Options of {@link startTestGraph}. */
/**
 * The read-cache policies of test apps: a proposal's reads stay fresh for 10 minutes, not the default
 * 5 s. Tests count partner calls across several requests, and on a loaded machine a wave of requests
 * can outlast 5 s of wall clock, so a background refresh would add a call the test did not cause.
 * Expiry itself is pinned with a fake clock in test/unit/upstream/reads.test.ts.
 */
export const TEST_READ_POLICIES = ['ConsultaProposta', 'ConsultarParcelas', 'ConsultarDetalhes', 'ConsultarBoletos']
  .map((op) => `${op}=600/600/3600`)
  .join(',');

export interface TestGraphOptions {
  /** Environment the graph's config is read from (default: development, silent logs). */
  env?: Record<string, string>;
  /** Options of the test sandbox; `demo` defaults to true (demo data owned by the test client). */
  sandbox?: SandboxOptions & { demo?: boolean };
  /** Overrides of the upstream client's options (retry, timeouts, rate limit...). */
  upstream?: Partial<Omit<UpstreamClientOptions, 'baseUrl' | 'environmentUrl' | 'authUrl' | 'clientId' | 'privateKeyPem'>>;
  /** Logger of the app (default silent). */
  logger?: Logger;
  /** The ledger (another graph replica shares its database); default a fresh test ledger, closed with the graph. */
  ledger?: Ledger;
  /** Write settings of the app (tests shorten waits). */
  writes?: WriteSettings;
  /** Where the upstream client sends operations instead of the sandbox's origin (e.g. a lossy proxy to it); the environment address follows. */
  upstreamBaseUrl?: string;
  /** Start over this sandbox instead of a new one (a second replica); the first graph closes it. */
  reuseSandbox?: { sandbox: Sandbox; admin: SandboxAdmin; client: TestClient };
  /** The app's metrics (as main.ts passes them: the circuit and ledger gauges are fed only then); default a fresh registry with neither. */
  metrics?: Metrics;
  /** The access record's store and journal (default: memory, no journal). */
  access?: CreditGraphDeps['access'];
  /** The shared state (read cache, marks, budgets) the test holds, e.g. to empty the read cache between runs; the test closes it. */
  state?: CreditGraphDeps['state'];
  /** The upload store (a test's clock, or a database that fails on demand); default: the one over the ledger's database. */
  uploads?: CreditGraphDeps['uploads'];
}

/** The answer of one GraphQL request over HTTP. */
export interface GraphResponse<TData> {
  status: number;
  headers: Headers;
  data?: TData | null;
  errors?: GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

/** A running credit graph on port 0 over a test sandbox. */
export interface TestGraph {
  /** `http://127.0.0.1:PORT/graphql`. */
  url: string;
  /** `http://127.0.0.1:PORT` (health at `${baseUrl}/health`). */
  baseUrl: string;
  sandbox: Sandbox;
  admin: SandboxAdmin;
  /** The sandbox client the graph authenticates as (owns the demo data). */
  testClient: TestClient;
  /** The upstream client the graph uses. */
  client: UpstreamClient;
  app: App;
  /** The graph's operations ledger. */
  ledger: Ledger;
  /** Posts one operation as JSON (`content-type: application/json`, so CSRF prevention lets it through). */
  execute<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables> | DocumentNode | string,
    variables?: TVariables,
    headers?: Record<string, string>,
  ): Promise<GraphResponse<TData>>;
  /** Stops the graph, the upstream client and the sandbox. */
  close(): Promise<void>;
}

/** Generous limits: tests count upstream calls, they must not wait on the limiter. */
const TEST_RATE_LIMIT = { requestsPerSecond: 10_000, burst: 10_000, maxConcurrent: 128, maxWaitMs: 5000 };

/** A shared state a test holds and passes to {@link startTestGraph} as `state`. */
export interface TestSharedState extends SharedState {
  /** Empties the read cache (every entry, as a cache past its freshness would be); the marks are kept. */
  forget(): Promise<void>;
}

/** The shared state in this process's memory, as a graph without REDIS_URL builds it; the test closes it. */
export async function testSharedState(): Promise<TestSharedState> {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  const state = await createSharedState({
    clientId: 'test',
    partner: { requestsPerSecond: TEST_RATE_LIMIT.requestsPerSecond, burst: TEST_RATE_LIMIT.burst, maxConcurrent: TEST_RATE_LIMIT.maxConcurrent },
    leaseMs: 10_000,
    callerBudgets: config.sharing.callerBudgets,
  });
  return Object.assign(state, { forget: () => state.readStore.invalidate([GLOBAL_TAG]) });
}

/**
 * Starts a sandbox (test/helpers/sandbox.ts), an upstream client authenticated as its test client and
 * the real app listening on 127.0.0.1:0. Everything is closed by `close()`.
 */
export async function startTestGraph(options: TestGraphOptions = {}): Promise<TestGraph> {
  const { demo = true, ...sandboxOptions } = options.sandbox ?? {};
  const started = options.reuseSandbox ? { ...options.reuseSandbox, close: async () => undefined } : await startTestSandbox({ ...sandboxOptions, demo });
  const ownLedger = options.ledger === undefined ? await openTestLedger() : undefined;
  const ledger = options.ledger ?? (ownLedger as TestLedgerDatabase).ledger;
  let client: UpstreamClient | undefined;
  let app: App | undefined;
  try {
    // No background reconciler unless a test asks for one: its partner reads would blur call counts.
    // Proposal reads stay fresh for 10 minutes unless a test sets READ_CACHE_POLICIES (see TEST_READ_POLICIES).
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      LEDGER_RECONCILE_INTERVAL_MS: '0',
      READ_CACHE_POLICIES: TEST_READ_POLICIES,
      ...options.env,
    });
    client = createUpstreamClient({
      ...upstreamClientOptions(
        {
          baseUrl: options.upstreamBaseUrl ?? started.sandbox.baseUrl,
          // The environment address (CancelarProposta) goes the same way, under the same path.
          environmentUrl:
            options.upstreamBaseUrl === undefined
              ? started.sandbox.environmentUrl
              : `${options.upstreamBaseUrl}${new URL(started.sandbox.environmentUrl).pathname}`,
          authUrl: started.sandbox.authUrl,
          clientId: started.client.clientId,
          privateKeyPem: started.client.privateKeyPem,
        },
        config.upstreamLimits,
      ),
      rateLimit: TEST_RATE_LIMIT,
      ...options.upstream,
    });
    app = await createApp(config, {
      upstream: client,
      ledger,
      ...(options.writes === undefined ? {} : { writes: options.writes }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
      ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
      ...(options.access === undefined ? {} : { access: options.access }),
      ...(options.state === undefined ? {} : { state: options.state }),
      ...(options.uploads === undefined ? {} : { uploads: options.uploads }),
    });
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const running = app;
    const upstream = client;
    return {
      url: server.graphqlUrl,
      baseUrl: server.url,
      sandbox: started.sandbox,
      admin: started.admin,
      testClient: started.client,
      client: upstream,
      app: running,
      execute: (document, variables, headers) => executeGraphQL(server.graphqlUrl, document, variables, headers),
      ledger,
      async close() {
        await running.close(1000);
        await upstream.close();
        await started.close();
        await ownLedger?.close();
      },
    };
  } catch (error) {
    await app?.close(0);
    await client?.close();
    await started.close();
    await ownLedger?.close();
    throw error;
  }
}

/** Posts one GraphQL operation to `url` as JSON and returns status, data and errors. */
export async function executeGraphQL<TData, TVariables>(
  url: string,
  document: TypedDocumentNode<TData, TVariables> | DocumentNode | string,
  variables?: TVariables,
  headers: Record<string, string> = {},
): Promise<GraphResponse<TData>> {
  const query = typeof document === 'string' ? document : print(document);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, ...(variables === undefined ? {} : { variables }) }),
  });
  const text = await response.text();
  let json: { data?: TData | null; errors?: GraphQLFormattedError[]; extensions?: Record<string, unknown> };
  try {
    json = JSON.parse(text) as typeof json;
  } catch (_error) {
    throw new Error(`the graph answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  return {
    status: response.status,
    headers: response.headers,
    ...('data' in json ? { data: json.data } : {}),
    ...(json.errors === undefined ? {} : { errors: json.errors }),
    ...(json.extensions === undefined ? {} : { extensions: json.extensions }),
  };
}

/** `GET /_sandbox/calls`. */
export interface Calls {
  total: number;
  operations: Record<string, number>;
  maxInFlight: number;
}

/** A GraphQL answer as a client sees it (the HTTP status aside). */
export interface GraphResult<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: Array<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
}

/** Per-request options of `run`: who calls with which scopes (default `anonymous` with every scope), and which ledger (default the harness's). */
export interface RunOptions {
  callerId?: string;
  scopes?: readonly string[];
  /** Another replica's ledger: the request goes to an app over it (same partner client and sandbox). */
  ledger?: Ledger;
}

/** The credit graph (createApp) over a test sandbox, requests injected into fastify, each as the caller a test names. */
export interface GraphHarness {
  sandbox: Sandbox;
  /** The sandbox client the graph authenticates as (owns the demo data). */
  testClient: TestClient;
  upstream: UpstreamClient;
  /** The harness's ledger database (fresh per harness). */
  ledger: TestLedgerDatabase;
  demo(label: string): DemoProposal;
  /** Posts one operation (a generated typed document or text) as `options`' caller, authenticated by a JWT. */
  run<TData = Record<string, unknown>, TVariables = Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables> | DocumentNode | string,
    variables?: TVariables,
    options?: RunOptions,
  ): Promise<GraphResult<TData>>;
  calls(): Promise<Calls>;
  resetCalls(): Promise<void>;
  admin(method: string, path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

const ISSUER = 'https://callers.test/';
const AUDIENCE = 'credit-graph-tests';

/** A JWKS on loopback with one signing key, and tokens of it for any caller and scopes. */
async function startCallerTokens(): Promise<{ url: string; token(callerId: string, scopes: readonly string[]): Promise<string>; close(): Promise<void> }> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'tests', alg: 'ES256', use: 'sig' };
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tokens = new Map<string, Promise<string>>();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
    token(callerId, scopes) {
      const key = `${callerId} ${scopes.join(' ')}`;
      let token = tokens.get(key);
      if (token === undefined) {
        const now = Math.floor(Date.now() / 1000);
        token = new SignJWT({ scope: scopes.join(' ') })
          .setProtectedHeader({ alg: 'ES256', kid: 'tests', typ: 'JWT' })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setSubject(callerId)
          .setIssuedAt(now - 60)
          .setExpirationTime(now + 3600)
          .sign(privateKey);
        tokens.set(key, token);
      }
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts a sandbox (demo data owned by its test client), the upstream client authenticated as that
 * client, and the app as main.ts builds it (createApp), callers authenticated by JWT so each request
 * may name its caller and scopes. Requests are injected into fastify: no socket.
 */
export async function startGraphHarness(options: { now?: Date; deadlineMs?: number } = {}): Promise<GraphHarness> {
  const started = await startTestSandbox({ demo: true, ...(options.now ? { now: options.now } : {}) });
  const callers = await startCallerTokens();
  const ledger = await openTestLedger();
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    // Every read goes to the partner: these suites count the calls each request makes by itself.
    READ_CACHE: 'off',
    GRAPHQL_JWKS_URL: callers.url,
    GRAPHQL_JWT_ISSUER: ISSUER,
    GRAPHQL_JWT_AUDIENCE: AUDIENCE,
  });
  // The client's own defaults (hedging on), not the config's: these suites pin the client's behaviour.
  const upstream = createUpstreamClient({
    baseUrl: started.sandbox.baseUrl,
    environmentUrl: started.sandbox.environmentUrl,
    authUrl: started.sandbox.authUrl,
    clientId: started.client.clientId,
    privateKeyPem: started.client.privateKeyPem,
    scope: DEFAULT_SCOPE,
    rateLimit: TEST_RATE_LIMIT,
    retry: { maxAttempts: 1 },
    ...(options.deadlineMs ? { timeouts: { deadlineMs: options.deadlineMs } } : {}),
  });
  const apps = new Map<Ledger, Promise<App>>();
  const appOver = (over: Ledger): Promise<App> => {
    let app = apps.get(over);
    if (app === undefined) {
      app = createApp(config, { upstream, ledger: over });
      apps.set(over, app);
    }
    return app;
  };
  const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${started.sandbox.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    sandbox: started.sandbox,
    testClient: started.client,
    upstream,
    ledger,
    demo(label: string): DemoProposal {
      const found = started.sandbox.demo.find((d) => d.label === label);
      if (!found) {
        throw new Error(`no demo proposal labelled ${label}`);
      }
      return found;
    },
    async run<TData, TVariables>(document: TypedDocumentNode<TData, TVariables> | DocumentNode | string, variables?: TVariables, run: RunOptions = {}) {
      const app = await appOver(run.ledger ?? ledger.ledger);
      const token = await callers.token(run.callerId ?? ANONYMOUS_CALLER, run.scopes ?? ALL_SCOPES);
      const query = typeof document === 'string' ? document : print(document);
      const response = await app.http.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ query, ...(variables === undefined ? {} : { variables }) }),
      });
      const json = response.json<GraphResult<TData> & { extensions?: unknown }>();
      return { ...('data' in json ? { data: json.data } : {}), ...(json.errors === undefined ? {} : { errors: json.errors }) };
    },
    calls: async () => (await admin('GET', '/_sandbox/calls')) as Calls,
    resetCalls: async () => {
      await admin('DELETE', '/_sandbox/calls');
    },
    admin,
    async close() {
      for (const app of apps.values()) {
        await (await app).close(1000);
      }
      await upstream.close();
      await started.close();
      await callers.close();
      await ledger.close();
    },
  };
}
