/**
 * A small harness for the graph integration tests: a real sandbox on port 0, the real upstream
 * client authenticated as a registered test client, and the built subgraph schema executed with
 * `graphql()` and a fresh per-request context. (Independent of the server so the graph can be
 * tested without HTTP; test/helpers/graph.ts runs the same app over HTTP.)
 */
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { type TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type DocumentNode, type ExecutionResult, type GraphQLSchema, graphql, print } from 'graphql';
import { PROBE_FAMILIES } from '../../src/graphql/probes.js';
import { createContext } from '../../src/graphql/runtime/context.js';
import { toGraphQLError } from '../../src/graphql/runtime/errors.js';
import { GRAPH_ERROR_CODES, SERVER_ERROR_CODES } from '../../src/shared/error-codes.js';
import { buildCreditGraphSchema } from '../../src/graphql/schema.js';
import { createSandbox, type DemoProposal, type Sandbox } from '../../src/sandbox/server.js';
import { createFormatError } from '../../src/server/errors.js';
import { silentLogger } from '../../src/server/logger.js';
import { createUpstreamClient, DEFAULT_SCOPE, type UpstreamClient } from '../../src/upstream/index.js';
import { type Ledger } from '../../src/ledger/index.js';
import { ALL_SCOPES } from '../../src/server/types.js';
import { openTestLedger, type TestLedgerDatabase } from './ledger.js';

/** `GET /_sandbox/calls`. */
export interface Calls {
  total: number;
  operations: Record<string, number>;
  maxInFlight: number;
}

/** A JSON-shaped GraphQL result, errors formatted as a client would see them. */
export interface GraphResult<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: Array<{ message: string; path?: ReadonlyArray<string | number>; extensions?: Record<string, unknown> }>;
}

/** Per-request options of `run`: who calls with which scopes (default every scope), and which ledger (default the harness's). */
export interface RunOptions {
  callerId?: string;
  scopes?: readonly string[];
  ledger?: Ledger;
}

export interface GraphHarness {
  sandbox: Sandbox;
  upstream: UpstreamClient;
  /** The harness's ledger database (fresh per harness). */
  ledger: TestLedgerDatabase;
  demo(label: string): DemoProposal;
  /** Runs one operation (a generated typed document or text) in a fresh request context (fresh loaders). */
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

let schemaPromise: Promise<GraphQLSchema> | undefined;
let keysPromise: Promise<{ privateKeyPem: string; publicKeyPem: string }> | undefined;

function keys(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  keysPromise ??= (async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
  })();
  return keysPromise;
}

/** Starts the sandbox (demo data owned by the test client) and the upstream client. */
export async function startGraphHarness(options: { now?: Date; deadlineMs?: number } = {}): Promise<GraphHarness> {
  const clientId = 'graph-integration';
  const { privateKeyPem, publicKeyPem } = await keys();
  const sandbox = await createSandbox({ clients: [{ clientId, publicKeyPem }], demoOwner: clientId, ...(options.now ? { now: options.now } : {}) });
  const upstream = createUpstreamClient({
    baseUrl: sandbox.baseUrl,
    environmentUrl: sandbox.environmentUrl,
    authUrl: sandbox.authUrl,
    clientId,
    privateKeyPem,
    scope: DEFAULT_SCOPE,
    rateLimit: { requestsPerSecond: 10_000, burst: 10_000, maxConcurrent: 128, maxWaitMs: 5000 },
    retry: { maxAttempts: 1 },
    ...(options.deadlineMs ? { timeouts: { deadlineMs: options.deadlineMs } } : {}),
  });
  const ledger = await openTestLedger();
  schemaPromise ??= buildCreditGraphSchema();
  const schema = await schemaPromise;
  // The formatError the server installs (server/app.ts), so these tests see what clients see.
  const formatError = createFormatError([...SERVER_ERROR_CODES, ...GRAPH_ERROR_CODES], silentLogger, toGraphQLError);
  const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    sandbox,
    upstream,
    ledger,
    demo(label: string): DemoProposal {
      const found = sandbox.demo.find((d) => d.label === label);
      if (!found) {
        throw new Error(`no demo proposal labelled ${label}`);
      }
      return found;
    },
    async run<TData, TVariables>(document: TypedDocumentNode<TData, TVariables> | DocumentNode | string, variables?: TVariables, options: RunOptions = {}) {
      const contextValue = createContext({
        upstream,
        callerId: options.callerId ?? 'anonymous',
        scopes: options.scopes ?? ALL_SCOPES,
        ledger: options.ledger ?? ledger.ledger,
        probes: PROBE_FAMILIES,
      });
      const source = typeof document === 'string' ? document : print(document);
      const variableValues = variables as Record<string, unknown> | undefined;
      const result: ExecutionResult = await graphql({ schema, source, contextValue, ...(variableValues ? { variableValues } : {}) });
      const json = JSON.parse(JSON.stringify(result)) as GraphResult<TData>;
      if (result.errors) {
        json.errors = result.errors.map((e) => formatError(e.toJSON(), e) as NonNullable<GraphResult['errors']>[number]);
      }
      return json;
    },
    calls: async () => (await admin('GET', '/_sandbox/calls')) as Calls,
    resetCalls: async () => {
      await admin('DELETE', '/_sandbox/calls');
    },
    admin,
    async close() {
      await upstream.close();
      await sandbox.close();
      await ledger.close();
    },
  };
}
