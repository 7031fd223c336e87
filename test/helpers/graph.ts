import { type TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type DocumentNode, type GraphQLFormattedError, print } from 'graphql';
import { loadConfig } from '../../src/config/index.js';
import { type SandboxOptions, type Sandbox } from '../../src/sandbox/server.js';
import { type WriteSettings } from '../../src/graphql/runtime/context.js';
import { type Ledger } from '../../src/ledger/index.js';
import { type App, createApp, listen } from '../../src/server/app.js';
import { openTestLedger, type TestLedgerDatabase } from './ledger.js';
import { type CreditGraphDeps } from '../../src/server/graph.js';
import { type Logger } from '../../src/server/logger.js';
import { type Metrics } from '../../src/server/metrics.js';
import { upstreamClientOptions } from '../../src/server/upstream.js';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from '../../src/upstream/index.js';
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
