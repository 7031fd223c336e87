/**
 * The one assembly of the service: `createApp(config, deps)` builds the credit graph, Apollo Server
 * (the one GraphQL request pipeline) and the fastify front door around them, and listens on nothing.
 * `main.ts` listens; tests build the same app the same way.
 */
import { type ApolloServer, type BaseContext } from '@apollo/server';
import fastifyWebsocket from '@fastify/websocket';
import { handleProtocols } from 'graphql-ws';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
  type RawServerDefault,
  type RouteGenericInterface,
  type RouteHandlerMethod,
} from 'fastify';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, isIP, type ListenOptions, type Server } from 'node:net';
import { type Config } from '../config/index.js';
import { SERVER_ERROR_CODES } from '../shared/error-codes.js';
import { closeAcceptors, openAcceptors, SHARES_PORTS } from './acceptors.js';
import { type Admission, createAdmission } from './admission.js';
import { apolloRequestHandler, createApolloServer, searchOf } from './apollo.js';
import { type CallerAuthenticator, createCallerAuthenticator, wantsFreshData } from './callers.js';
import { registerAuditExport } from './audit-export.js';
import { createFormatError, HttpError } from './errors.js';
import { createExplorer, type ExplorerOptions } from './explorer.js';
import { createFrontDoor, GRAPHQL_PATH, refuse, sendExplorerPage } from './front-door.js';
import { assembleCreditGraph, type CreditGraphDeps } from './graph.js';
import { createDocumentGuard, type DocumentGuard } from './guard.js';
import { createReadiness, type Readiness, type ReadinessCheck } from './health.js';
import { createLiveTransport, type LiveTransport } from './live.js';
import { createOperationRunner } from './live/operations.js';
import { type Logger, requestLogContext, silentLogger } from './logger.js';
import { createMetrics, type Metrics } from './metrics.js';
import { type Tracing } from './tracing.js';
import { registerUploadRoute } from './uploads.js';
import { createTrustedDocumentGate, type TrustedDocumentGate } from './trusted-documents-gate.js';
import { PERSISTED_DOCUMENTS } from './trusted-documents.manifest.js';
import { ANONYMOUS_CALLER, type Caller, type GraphBinding } from './types.js';

export { GRAPHQL_PATH, METRICS_PATH } from './front-door.js';

/** What the app is built with besides its config; the caller owns (and closes) what it passes in. */
export interface AppDependencies extends Partial<CreditGraphDeps> {
  /**
   * Another graph than the credit graph (tests of the front door alone); without it, `upstream` is
   * required and the credit graph is served over it.
   */
  graph?: GraphBinding;
  logger?: Logger;
  /** Extra readiness checks for GET /ready (besides the server's, the partner token's and the ledger's). */
  readinessChecks?: readonly ReadinessCheck[];
  /** Prometheus metrics served on GET /metrics (default: a fresh registry without process metrics). */
  metrics?: Metrics;
  /** OpenTelemetry tracing; absent when OTEL_EXPORTER_OTLP_ENDPOINT is not set. */
  tracing?: Tracing;
  /** What the development explorer (GraphiQL) is pre-filled with, e.g. the demo ids. */
  explorer?: ExplorerOptions;
}

/** The service minus the listening socket. */
export interface App {
  readonly config: Config;
  /** The fastify instance: `listen` it, or `inject` requests into it. */
  readonly http: FastifyInstance;
  readonly logger: Logger;
  readonly readiness: Readiness;
  /** What GET /metrics serves. */
  readonly metrics: Metrics;
  /** The subscription transports (graphql-ws, graphql-sse), when the graph serves subscriptions. */
  readonly live?: LiveTransport;
  /** The listening sockets beside the HTTP server's own (`listen` opens them, `close` closes them with it). */
  readonly acceptors: Server[];
  /**
   * Stops in order: GET /ready reports unavailable and subscriptions end; no new connection is
   * accepted; requests in flight finish for up to `graceMs` (default the config's
   * SHUTDOWN_GRACE_MS), then what is left is dropped; Apollo Server stops; writes still running
   * finish or are left in doubt in the ledger by the same deadline; then the stores close.
   */
  close(graceMs?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller of a GraphQL request (set by the GraphQL route before Apollo Server runs). */
    caller: Caller | null;
  }
}

/** Builds the app: the graph, Apollo Server (started) and the fastify front door with every route. Listens on nothing. */
export async function createApp(config: Config, deps: AppDependencies): Promise<App> {
  const logger = deps.logger ?? silentLogger;
  const metrics = deps.metrics ?? createMetrics();
  const assembled =
    deps.graph !== undefined
      ? { graph: deps.graph, readinessChecks: [], onStop: undefined, uploads: undefined }
      : await assembleCreditGraph(config, { ...deps, upstream: required(deps.upstream) }, logger);
  const graph: GraphBinding = assembled.graph as GraphBinding;
  const formatError = createFormatError([...SERVER_ERROR_CODES, ...graph.errorCodes], logger, graph.normalizeError);
  const guard = createDocumentGuard(graph.schema, graph.validationRules ?? [], config.documentLimits, { introspection: config.introspection });
  // The manifest is the credit graph's own operations: a graph a test injects starts with none.
  const trusted = createTrustedDocumentGate(config.trustedDocuments, graph.schema, deps.graph === undefined ? PERSISTED_DOCUMENTS : {}, logger);
  const apollo = createApolloServer(config, { graph, formatError, logger, metrics, tracing: deps.tracing });
  const authenticate = createCallerAuthenticator(config, logger);
  let stopping = false;
  const readiness = createReadiness([
    { name: 'server', check: async () => (stopping ? 'not serving' : undefined) },
    ...assembled.readinessChecks,
    ...(deps.readinessChecks ?? []),
  ]);
  const explorer = config.landingPage ? createExplorer(deps.explorer) : undefined;
  const http = await createFrontDoor(config, { logger, metrics, readiness, explorer, stopping: () => stopping });
  const admission = createAdmission(config.maxRequestsInFlight, { targetDelayMs: config.admissionTargetDelayMs });
  const live =
    graph.subscriptions === undefined
      ? undefined
      : createLiveTransport({
          schema: graph.schema,
          guard,
          trusted,
          maxTokens: config.documentLimits.maxTokens,
          graph: graph.subscriptions,
          context: graph.context,
          // Queries and mutations over the sockets: the HTTP pipeline's guard, admission and Apollo Server.
          operations: createOperationRunner({ apollo: apollo as ApolloServer<BaseContext>, graph, guard, admission, metrics, logger }),
          authenticate,
          formatError,
          purposeOf,
          settings: config.live,
          metrics: metrics.live,
          logger,
        });
  try {
    await apollo.start();
    http.decorateRequest('caller', null);
    metrics.observeAdmission?.(() => admission);
    http.addHook('onClose', (_instance, done) => {
      admission.close();
      done();
    });
    const graphql = graphqlHandler(apollo, graph, { config, admission, guard, trusted, metrics, authenticate, tracing: deps.tracing, explorer, live, logger });
    // Every slot taken: refused before the body is read or the caller authenticated (SSE streams and WebSocket upgrades are the live transport's).
    const refuseEarly: onRequestHookHandler = (request, reply, done) => {
      if (request.headers.upgrade === undefined && live?.acceptsSse(request) !== true && admission.refusesEarly()) {
        overloaded(request, reply, metrics);
        return;
      }
      done();
    };
    if (live === undefined) {
      http.get(GRAPHQL_PATH, { onRequest: refuseEarly }, graphql);
    } else {
      await http.register(fastifyWebsocket, { options: { maxPayload: config.maxBodyBytes, handleProtocols } });
      http.route({ method: 'GET', url: GRAPHQL_PATH, onRequest: refuseEarly, handler: graphql, wsHandler: live.webSocket });
    }
    http.post(GRAPHQL_PATH, { onRequest: refuseEarly }, graphql);
    if (assembled.uploads !== undefined) {
      await registerUploadRoute(http, { store: assembled.uploads, authenticate, admission });
    }
    registerAuditExport(http, { graph, authenticate, purposeOf: (request) => purposeOf(request.headers[PURPOSE_HEADER]) });
    await http.ready();
  } catch (error) {
    admission.close();
    await apollo.stop().catch(() => undefined);
    await assembled.onStop?.(Date.now());
    throw error;
  }

  let closing: Promise<void> | undefined;
  const acceptors: Server[] = [];
  return {
    config,
    http,
    logger,
    readiness,
    metrics,
    acceptors,
    ...(live === undefined ? {} : { live }),
    close(graceMs = config.shutdownGraceMs) {
      closing ??= (async () => {
        stopping = true;
        const deadline = Date.now() + graceMs;
        // Subscriptions first: their streams would hold the server open until the grace ends.
        await live?.close();
        // Connections idle between requests close as soon as they are; busy ones when their answer is out, or at the deadline.
        const idle = setInterval(() => http.server.closeIdleConnections(), 20);
        const cut = setTimeout(() => http.server.closeAllConnections(), graceMs);
        try {
          // Every listening socket stops at once; each resolves once the connections it took have closed.
          await Promise.all([http.close(), closeAcceptors(acceptors)]);
        } finally {
          clearInterval(idle);
          clearTimeout(cut);
        }
        // Only now: Apollo's stop and the graph's close end what requests in flight still used (the read layer, the ledger).
        await apollo.stop();
        await graph.close?.();
        await assembled.onStop?.(deadline);
      })();
      return closing;
    },
  };
}

/** Where a listening app is: `http://host:port` (loopback shown as 127.0.0.1) and its GraphQL URL. */
export interface Listening {
  url: string;
  graphqlUrl: string;
}

/**
 * Connections the kernel holds for the graph before it accepts them (capped by net.core.somaxconn).
 * Node's 511 overflows when a load past capacity opens connections faster than a busy loop accepts
 * them; the client's SYN is then dropped and retried after 1, 3, 7 s, which no admission can shorten.
 */
const LISTEN_BACKLOG = 4096;

/** Listens on `port`/`host`; on failure the app is closed again. */
export async function listen(app: App, options: { port: number; host: string }): Promise<Listening> {
  // On a host name (`localhost`) fastify binds each of its addresses with servers of its own: one socket then.
  const count = SHARES_PORTS && isIP(options.host) !== 0 ? app.config.listenAcceptors : 1;
  try {
    // fastify hands its listen options to node's server.listen (its documented contract), reusePort included.
    const listenOptions: ListenOptions = { port: options.port, host: options.host, backlog: LISTEN_BACKLOG, ...(count > 1 ? { reusePort: true } : {}) };
    await app.http.listen(listenOptions);
    const port = (app.http.server.address() as AddressInfo).port;
    app.acceptors.push(...(await openAcceptors(app.http.server, { port, host: options.host, backlog: LISTEN_BACKLOG, count })));
  } catch (error) {
    await app.close(0);
    throw error;
  }
  const address = app.http.server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  const url = `http://${shownHost}:${address.port}`;
  return { url, graphqlUrl: `${url}${GRAPHQL_PATH}` };
}

function required<T>(value: T | undefined): T {
  if (value === undefined) {
    throw new TypeError('createApp needs an upstream client (or a graph).');
  }
  return value;
}

/** The GraphQL route's answers are Apollo Server's JSON text. */
interface GraphQLRoute extends RouteGenericInterface {
  Reply: string;
}

interface GraphQLRouteDeps {
  config: Config;
  admission: Admission;
  guard: DocumentGuard;
  trusted: TrustedDocumentGate;
  metrics: Metrics;
  authenticate: CallerAuthenticator;
  tracing: Tracing | undefined;
  explorer: ReturnType<typeof createExplorer> | undefined;
  live: LiveTransport | undefined;
  logger: Logger;
}

/**
 * The GraphQL route: SSE subscriptions to their transport, the explorer to a browser, then the
 * caller, the document guard and Apollo Server, each request inside its log context (its id on
 * every line) and, with tracing, its span.
 */
function graphqlHandler(
  apollo: ApolloServer<BaseContext>,
  graph: GraphBinding,
  deps: GraphQLRouteDeps,
): RouteHandlerMethod<RawServerDefault, IncomingMessage, ServerResponse, GraphQLRoute> {
  const execute = apolloRequestHandler(apollo, async (request) =>
    graph.context({
      callerId: request.caller?.callerId ?? ANONYMOUS_CALLER,
      scopes: request.caller?.scopes ?? [],
      fresh: wantsFreshData(request.headers['cache-control']),
      acceptLanguage: request.headers['accept-language'],
      requestId: request.id,
      ...purposeOf(request.headers[PURPOSE_HEADER]),
    }),
  );
  const serve = async (request: FastifyRequest<GraphQLRoute>, reply: FastifyReply<GraphQLRoute>): Promise<string | void> => {
    if (deps.live?.acceptsSse(request) === true) {
      // Returned, not awaited: an open stream holds no suspended frame of this function.
      return deps.live.handleSse(request, reply);
    }
    const search = searchOf(request.url);
    if (request.method === 'GET' && deps.explorer !== undefined && (request.headers.accept ?? '').includes('text/html') && search === '') {
      await sendExplorerPage(deps.explorer, reply);
      return;
    }
    let caller = await deps.authenticate(request.headers.authorization);
    if (caller === undefined) {
      // A bare GET (no query, no persisted-query extension) executes nothing: it may fetch the landing page.
      if (request.method !== 'GET' || (search !== '' && search !== '?explorer=apollo')) {
        void reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
      }
      caller = { callerId: ANONYMOUS_CALLER, scopes: [] };
    }
    request.caller = caller;
    const trust = deps.trusted.decide(request, caller.scopes);
    if (trust.kind === 'refuse') {
      deps.metrics.graphqlOperation(undefined, undefined, 'refused', 0);
      if (trust.allow !== undefined) {
        void reply.header('allow', trust.allow);
      }
      refuse(request, reply, trust.status, trust.code, trust.message);
      return;
    }
    const executedSearch = trust.search === undefined ? search : `?${trust.search}`;
    const operation = { method: request.method, query: request.query, body: request.body };
    const refused = deps.guard.check(operation);
    if (refused !== undefined) {
      deps.metrics.graphqlOperation(refused.operationName, refused.operationType, 'refused', 0);
      if (refused.operationType === 'subscription') {
        // A client mistake, not a fault of the graph: info, never an error with a stack.
        deps.logger.info('subscription refused', { code: refused.error.extensions?.code });
      }
      refuse(request, reply, refused.status, '', '', refused.error);
      return;
    }
    const release = deps.admission.admit(deps.guard.isMutation(operation));
    if (release === undefined) {
      overloaded(request, reply, deps.metrics);
      return;
    }
    reply.raw.once('close', release);
    return execute(request, reply, executedSearch);
  };
  return function graphqlRoute(request, reply) {
    const run = (): Promise<string | void> => requestLogContext.run({ requestId: request.id }, () => serve(request, reply));
    return deps.tracing === undefined ? run() : deps.tracing.inRequestSpan(run, () => reply.statusCode);
  };
}

/** The answer to a request past the admission bound: 503 OVERLOADED, retry in a second. */
function overloaded(request: FastifyRequest, reply: FastifyReply, metrics: Metrics): void {
  metrics.graphqlOperation(undefined, undefined, 'refused', 0);
  void reply.header('retry-after', '1');
  refuse(request, reply, 503, 'OVERLOADED', 'The graph is serving as many requests as it can; retry in a moment.');
}

/** The header a caller states its purpose in, kept on the access records of the request. */
export const PURPOSE_HEADER = 'x-purpose';

/** A well-formed purpose (printable text, at most 200 characters, trimmed); anything else is ignored, never echoed. */
export function purposeOf(header: string | string[] | undefined): { purpose?: string } {
  const text = typeof header === 'string' ? header.trim() : undefined;
  return text !== undefined && text !== '' && text.length <= 200 && /^[\p{L}\p{N}\p{P}\p{Zs}]+$/u.test(text) ? { purpose: text } : {};
}
