import { ApolloServer, type ApolloServerPlugin, type BaseContext, HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { type GraphQLSchema, type ValidationRule } from 'graphql';
import { hash, timingSafeEqual } from 'node:crypto';
import { CALLER_SCOPES, type Config } from '../config/index.js';
import { createFormatError, HttpError } from './errors.js';
import { SERVER_ERROR_CODES } from '../shared/error-codes.js';
import { createExplorer, type Explorer, type ExplorerOptions } from './explorer.js';
import { createDocumentGuard, type GuardRefusal, refusalContentType } from './guard.js';
import { createReadiness, type Readiness, type ReadinessCheck } from './health.js';
import { createJwtVerifier, JwksUnavailableError, type JwtVerifier, looksLikeJwt } from './jwt.js';
import { type Logger, silentLogger } from './logger.js';
import { createMetrics, type Metrics } from './metrics.js';
import { operationMetricsPlugin } from './observability.js';
import { createLiveTransport, type LiveGraph, type LiveTransport } from './live.js';
import { createFastPath } from './fast-path.js';
import { type Tracing } from './tracing.js';

/** What the app serves: a schema, a per-request context factory and the error codes the graph owns. */
export interface GraphBinding<TContext extends BaseContext = BaseContext> {
  schema: GraphQLSchema;
  /** Called once per HTTP request with the authenticated caller: loaders live here, never shared between requests. */
  context: (request: GraphRequest) => Promise<TContext>;
  /** The graph's own Apollo Server plugins (e.g. `extensions.cost`). */
  plugins?: readonly ApolloServerPlugin<TContext>[];
  /** Called once when the app stops, after Apollo Server (e.g. to close shared cache connections). */
  close?: () => Promise<void>;
  /**
   * Query-shape rules (e.g. depth and alias limits) checked by the document guard before Apollo
   * Server parses and validates the document (graphql's own validation has rules that grow with the
   * square of the fields). Their errors reach the client with their own `extensions.code` (Apollo
   * Server's `validationRules` would recode them all GRAPHQL_VALIDATION_FAILED) and the HTTP status
   * of `extensions.http` (default 400).
   */
  validationRules?: readonly ValidationRule[];
  /** `extensions.code` values the graph puts on errors meant for clients; anything else is masked. */
  errorCodes: Iterable<string>;
  /** The graph's mapping of a thrown error to the error a client sees (e.g. upstream errors to coded GraphQLErrors). */
  normalizeError?: (error: unknown) => unknown;
  /** Subscriptions (graphql/live): served over graphql-ws and graphql-sse (server/live.ts) when present. */
  subscriptions?: LiveGraph;
}

/** What the app tells the graph about one request. */
export interface GraphRequest {
  /** The authenticated caller. */
  callerId: string;
  /** The caller's scopes (proposals.all, registry.read, federation); none when absent. */
  scopes?: readonly string[];
  /**
   * The client asked for fresh data (`Cache-Control: no-cache` on the GraphQL request): no answer
   * of the shared read cache is served to this request.
   */
  fresh: boolean;
  /** The request's `Accept-Language` header (the language of userErrors messages), when sent. */
  acceptLanguage?: string | undefined;
  /** The request's id (the caller's well-formed `x-request-id`, else generated); absent: the graph generates one. */
  requestId?: string;
}

/** Whether a request asks for fresh data: a `Cache-Control` header with `no-cache` (or `no-store`, or `max-age=0`). */
export function wantsFreshData(cacheControl: string | undefined): boolean {
  return cacheControl !== undefined && /(^|[\s,])(no-cache|no-store|max-age\s*=\s*0)(?=$|[\s,])/i.test(cacheControl);
}

/** Collaborators of {@link createApp}; the caller owns (and closes) what it passes in. */
export interface AppDependencies<TContext extends BaseContext = BaseContext> {
  graph: GraphBinding<TContext>;
  logger?: Logger;
  /** Extra readiness checks for GET /ready (e.g. "an upstream token can be obtained"). */
  readinessChecks?: readonly ReadinessCheck[];
  /** Runs once Apollo Server has stopped (closes what the app opened, e.g. the ledger); `deadline` (epoch ms) ends the graceful stop. */
  onStop?: (deadline?: number) => Promise<void>;
  /** Prometheus metrics served on GET /metrics (default: a fresh registry without process metrics). */
  metrics?: Metrics;
  /** OpenTelemetry tracing; absent when OTEL_EXPORTER_OTLP_ENDPOINT is not set. */
  tracing?: Tracing;
  /** What the development explorer (GraphiQL) is pre-filled with, e.g. the demo ids. */
  explorer?: ExplorerOptions;
}

/** The whole service minus the listening socket: Apollo Server, readiness and the settings the HTTP adapter needs. */
export interface App {
  readonly config: Config;
  readonly logger: Logger;
  readonly readiness: Readiness;
  /** What GET /metrics serves. */
  readonly metrics: Metrics;
  /** The offline explorer served on GET /graphql to browsers; undefined where the landing page is off (production). */
  readonly explorer: Explorer | undefined;
  /** The subscription transports (graphql-ws, graphql-sse), when the graph serves subscriptions. */
  readonly live?: LiveTransport;
  /**
   * The caller (and its scopes) a request's `Authorization` header authenticates: `anonymous` with
   * every scope when no caller authentication is configured; undefined when it is and the header
   * carries no valid API key or JWT. Throws an {@link HttpError} `AUTH_UNAVAILABLE` (503) when a JWT
   * cannot be checked because the JWKS cannot be fetched.
   */
  authenticateCaller(authorization: string | undefined): Promise<Caller | undefined>;
  /** Runs one GraphQL HTTP request through Apollo Server (CSRF prevention, landing page, introspection rules) as `callerId` with `scopes`. */
  executeGraphQL(request: HTTPGraphQLRequest, callerId: string, scopes?: readonly string[]): Promise<HTTPGraphQLResponse>;
  /** Starts Apollo Server (schema checks, plugins). Call once before serving. */
  start(): Promise<void>;
  /**
   * Stops Apollo Server; GET /ready reports unavailable from the first call on. `deadline` (epoch ms,
   * default: the app's own grace period) is when work still in flight (writes) stops being waited for.
   */
  stop(deadline?: number): Promise<void>;
}

/**
 * Builds the app around a graph without listening: Apollo Server 5 with CSRF prevention on, errors
 * masked unless they carry a known code, introspection and the Apollo Sandbox landing page as the
 * config says (both on in development; in production the landing page is off and introspection is
 * off unless GRAPHQL_INTROSPECTION=true).
 */
export function createApp<TContext extends BaseContext>(config: Config, deps: AppDependencies<TContext>): App {
  const logger = deps.logger ?? silentLogger;
  const metrics = deps.metrics ?? createMetrics();
  const tracing = deps.tracing;
  const jwt = config.jwt === undefined ? undefined : createJwtVerifier(config.jwt);
  const formatError = createFormatError([...SERVER_ERROR_CODES, ...deps.graph.errorCodes], logger, deps.graph.normalizeError);
  const guard = createDocumentGuard(deps.graph.schema, deps.graph.validationRules ?? [], config.documentLimits, { introspection: config.introspection });
  // The plugins that act per request: Apollo Server runs them, and so does the plain-query path.
  const requestPlugins: ApolloServerPlugin<TContext>[] = [
    noStorePlugin(),
    requestLogPlugin(logger),
    operationMetricsPlugin<TContext>(metrics),
    ...(tracing === undefined ? [] : [tracing.plugin<TContext>()]),
    ...(deps.graph.plugins ?? []),
  ];
  const server = new ApolloServer<TContext>({
    schema: deps.graph.schema,
    introspection: config.introspection,
    // Where introspection is off, "Did you mean …?" suggestions would reveal the schema all the same.
    hideSchemaDetailsFromClientErrors: !config.introspection,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // The guard parsed the document already with this limit; Apollo's own parse is bounded the same way.
    parseOptions: { maxTokens: config.documentLimits.maxTokens },
    includeStacktraceInErrorResponses: false,
    // main.ts owns SIGINT/SIGTERM (an ordered stop). Apollo's own handlers (on unless NODE_ENV=test)
    // stop the server and re-raise the signal, which main.ts then took for a second signal and exited
    // at once, skipping the graceful stop.
    stopOnTerminationSignals: false,
    formatError,
    logger: apolloLogger(logger),
    plugins: [
      config.landingPage
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false, footer: false })
        : ApolloServerPluginLandingPageDisabled(),
      // Federated traces go to the gateway (and on to Apollo Studio): error messages stay out of them.
      ApolloServerPluginInlineTrace({ includeErrors: { masked: true }, __onlyIfSchemaIsSubgraph: true }),
      // Per-field cache hints cost a wrapped resolver and a policy object per field and could only conclude no-store.
      ApolloServerPluginCacheControlDisabled(),
      ...requestPlugins,
    ],
  });
  let started = false;
  let stopping = false;
  const fastPath = !config.fastPath
    ? undefined
    : createFastPath<TContext>({
        schema: deps.graph.schema,
        plugins: requestPlugins,
        formatError,
        document: (query) => guard.passed(query),
        serving: () => started && !stopping,
        logger: apolloLogger(logger),
      });
  const readiness = createReadiness([
    { name: 'server', check: async () => (started && !stopping ? undefined : 'not serving') },
    ...(deps.readinessChecks ?? []),
  ]);

  const execute = async (httpGraphQLRequest: HTTPGraphQLRequest, callerId: string, scopes?: readonly string[]): Promise<HTTPGraphQLResponse> => {
    const refused = guard.check(httpGraphQLRequest);
    if (refused !== undefined) {
      metrics.graphqlOperation(refused.operationName, refused.operationType, 'refused', 0);
      if (refused.operationType === 'subscription') {
        // A client mistake, not a fault of the graph: info, never an error with a stack.
        logger.info('subscription refused', { code: refused.error.extensions?.code });
      }
      return refusalResponse(refused, refusalContentType(httpGraphQLRequest.headers.get('accept')));
    }
    const context = (): Promise<TContext> =>
      deps.graph.context({
        callerId,
        fresh: wantsFreshData(httpGraphQLRequest.headers.get('cache-control')),
        ...(scopes === undefined ? {} : { scopes }),
        acceptLanguage: httpGraphQLRequest.headers.get('accept-language'),
      });
    const fast = await fastPath?.run(httpGraphQLRequest, context);
    metrics.graphqlPath(fast === undefined ? 'apollo' : 'fast');
    return fast ?? server.executeHTTPGraphQLRequest({ httpGraphQLRequest, context });
  };

  const authenticateCaller = async (authorization: string | undefined): Promise<Caller | undefined> => {
    try {
      return await authenticate(config.apiCallers, jwt, authorization);
    } catch (error) {
      if (error instanceof JwksUnavailableError) {
        // The reason only: never the token, its claims or the JWKS answer.
        logger.warn('caller token not checked: the JWKS could not be fetched', { code: error.code, reason: error.reason });
        throw new HttpError(503, 'AUTH_UNAVAILABLE', 'Caller tokens cannot be checked right now (the signing keys could not be fetched); retry later.');
      }
      throw error;
    }
  };
  // The same credentials and the same check as HTTP requests (connection_init / the SSE request's Authorization).
  const live =
    deps.graph.subscriptions === undefined
      ? undefined
      : createLiveTransport({
          schema: deps.graph.schema,
          guard,
          graph: deps.graph.subscriptions,
          context: deps.graph.context,
          authenticate: authenticateCaller,
          formatError,
          settings: config.live,
          maxBodyBytes: config.maxBodyBytes,
          logger,
        });

  return {
    config,
    logger,
    readiness,
    metrics,
    explorer: config.landingPage ? createExplorer(deps.explorer) : undefined,
    ...(live === undefined ? {} : { live }),
    authenticateCaller,
    executeGraphQL: (request, callerId, scopes) =>
      tracing === undefined ? execute(request, callerId, scopes) : tracing.inRequestSpan(() => execute(request, callerId, scopes)),
    async start() {
      await server.start();
      started = true;
    },
    async stop(deadline?: number) {
      stopping = true;
      await live?.close();
      if (started) {
        await server.stop();
      }
      await deps.graph.close?.();
      await deps.onStop?.(deadline);
    },
  };
}

/** Caller id used when no caller authentication (API keys or JWTs) is configured. */
export const ANONYMOUS_CALLER = 'anonymous';

/** Every scope: what the anonymous caller of an unauthenticated (development) graph holds. */
export const ALL_SCOPES: readonly string[] = CALLER_SCOPES;

/** An authenticated caller. */
export interface Caller {
  callerId: string;
  scopes: readonly string[];
}

async function authenticate(callers: Config['apiCallers'], jwt: JwtVerifier | undefined, authorization: string | undefined): Promise<Caller | undefined> {
  if (callers.length === 0 && jwt === undefined) {
    return { callerId: ANONYMOUS_CALLER, scopes: ALL_SCOPES };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined) {
    return undefined;
  }
  const token = match[1];
  if (jwt !== undefined && looksLikeJwt(token)) {
    // A JWT is checked only as a JWT: it never falls back to the API keys.
    return jwt.verify(token);
  }
  const known = authenticatedKeys.get(callers)?.get(token);
  if (known !== undefined) {
    return known;
  }
  const digest = hash('sha256', token, 'buffer');
  // Compare digests in constant time; every caller is checked so timing does not tell which one matched.
  let found: Caller | undefined;
  for (const caller of callers) {
    if (timingSafeEqual(digest, caller.keySha256)) {
      found = { callerId: caller.callerId, scopes: caller.scopes };
    }
  }
  if (found !== undefined) {
    // One digest per key per process. Only keys that matched are kept: at most one entry per caller
    // configured, so a flood of wrong keys cannot grow the map (each is hashed and refused).
    let keys = authenticatedKeys.get(callers);
    if (keys === undefined) {
      keys = new Map();
      authenticatedKeys.set(callers, keys);
    }
    keys.set(token, found);
  }
  return found;
}

/** API keys that authenticated, per configured caller list, with the caller each one is. */
const authenticatedKeys = new WeakMap<Config['apiCallers'], Map<string, Caller>>();

function apolloLogger(logger: Logger): ApolloServer['logger'] {
  const text = (message: unknown): string => (message instanceof Error ? message.name : String(message));
  return {
    debug: (message) => logger.debug(text(message)),
    // Apollo's info lines are start-up chatter (e.g. "Enabling inline tracing"): debug for us.
    info: (message) => logger.debug(text(message)),
    warn: (message) => logger.warn(text(message)),
    error: (message) => logger.error(text(message)),
  };
}

/**
 * `Cache-Control: no-store` on every GraphQL response unless something already set the header: what
 * Apollo's default cache-control plugin answers for this graph, whose schema has no `@cacheControl`
 * hints (default max age 0, so every executed operation is uncacheable). That plugin is replaced
 * because it computes a cache policy for every resolved field (Apollo wraps each resolver for it),
 * a visible share of the CPU of a query over hundreds of installments. A graph that adds cache hints
 * must bring `ApolloServerPluginCacheControl` back.
 */
function noStorePlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (!response.http.headers.has('cache-control')) {
            response.http.headers.set('cache-control', 'no-store');
          }
        },
      };
    },
  };
}

/** One debug line per operation: its name, kind, duration and error count (never variables). */
function requestLogPlugin<TContext extends BaseContext>(logger: Logger): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      // Nothing to time or keep for a line that would not be written (info and above: every request).
      if (!logger.isEnabled('debug')) {
        return undefined;
      }
      const startedAt = performance.now();
      return {
        async willSendResponse({ operationName, operation, errors }) {
          logger.debug('graphql operation', {
            operationName: operationName ?? undefined,
            operation: operation?.operation,
            durationMs: Math.round(performance.now() - startedAt),
            errors: errors?.length ?? 0,
          });
        },
      };
    },
  };
}

/** The answer to a request the document guard refused: its status and one error, in the media type the client accepts, never cached. */
function refusalResponse(refused: GuardRefusal, contentType: string): HTTPGraphQLResponse {
  return {
    status: refused.status,
    headers: new HeaderMap([
      ['content-type', contentType],
      ['cache-control', 'no-store'],
    ]),
    body: { kind: 'complete', string: JSON.stringify({ errors: [refused.error] }) },
  };
}
