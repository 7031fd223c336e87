/** Apollo Server as this graph runs it: the one GraphQL request pipeline, with its plugins. */
import { ApolloServer, type ApolloServerPlugin, type BaseContext, type GraphQLRequestListener, HeaderMap } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type GraphQLFormattedError } from 'graphql';
import Negotiator from 'negotiator';
import { type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { type Config } from '../config/index.js';
import { localizedErrorsPlugin } from './error-messages.js';
import { type Logger } from './logger.js';
import { type Metrics } from './metrics.js';
import { operationMetricsPlugin } from './observability.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { type Tracing } from './tracing.js';
import { type GraphBinding } from './types.js';

/** What {@link createApolloServer} needs besides the config. */
export interface ApolloServerDeps<TContext extends BaseContext> {
  graph: GraphBinding<TContext>;
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  logger: Logger;
  metrics: Metrics;
  tracing?: Tracing | undefined;
}

/**
 * Apollo Server 5 with CSRF prevention on, no batching, errors masked unless they carry a known
 * code, introspection and the Apollo Sandbox landing page as the config says (both on in
 * development; in production the landing page is off and introspection is off unless
 * GRAPHQL_INTROSPECTION=true).
 */
export function createApolloServer<TContext extends BaseContext>(config: Config, deps: ApolloServerDeps<TContext>): ApolloServer<TContext> {
  return new ApolloServer<TContext>({
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
    formatError: deps.formatError,
    logger: apolloLogger(deps.logger),
    plugins: [
      config.landingPage
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false, footer: false })
        : ApolloServerPluginLandingPageDisabled(),
      // Federated traces go to the gateway (and on to Apollo Studio): error messages stay out of them.
      onlyWhenTraceAsked(ApolloServerPluginInlineTrace({ includeErrors: { masked: true }, __onlyIfSchemaIsSubgraph: true })),
      // Per-field cache hints cost a wrapped resolver and a policy object per field and could only conclude no-store.
      ApolloServerPluginCacheControlDisabled(),
      answerPlugin<TContext>(),
      localizedErrorsPlugin<TContext>(),
      requestLogPlugin<TContext>(deps.logger),
      operationMetricsPlugin<TContext>(deps.metrics),
      ...(deps.tracing === undefined ? [] : [deps.tracing.plugin<TContext>()]),
      ...(deps.graph.plugins ?? []),
    ],
  });
}

/** The header a gateway sends to ask a subgraph for its federated trace (`extensions.ftv1`). */
const TRACE_HEADER = 'apollo-federation-include-trace';

/**
 * Apollo Server's inline-trace plugin, its hooks started only for a request that asks for a trace.
 * The plugin builds a trace tree (protobuf objects) for every request before it reads the header,
 * and drops it unless the header says `ftv1`; every other request now skips it. The plugin object
 * is otherwise the same (its internal id kept, so Apollo Server adds no inline-trace plugin of its own).
 */
function onlyWhenTraceAsked<TContext extends BaseContext>(plugin: ApolloServerPlugin<TContext>): ApolloServerPlugin<TContext> {
  return {
    ...plugin,
    async requestDidStart(requestContext) {
      if (requestContext.request.http?.headers.get(TRACE_HEADER) !== 'ftv1') {
        return undefined;
      }
      return plugin.requestDidStart?.(requestContext);
    },
  };
}

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
 * Every GraphQL answer carries the request's id in `extensions.requestId` (the front door put the
 * id it settled on in the request's `x-request-id` header), and `Cache-Control: no-store` unless
 * something already set the header: what Apollo's default cache-control plugin answers for this
 * graph, whose schema has no `@cacheControl` hints. That plugin is replaced because it computes a
 * cache policy for every resolved field (Apollo wraps each resolver for it); a graph that adds cache
 * hints must bring `ApolloServerPluginCacheControl` back. The answer's `Content-Type` is set here too,
 * negotiated as Apollo Server negotiates it but once per distinct `Accept` header (see
 * {@link answerContentType}).
 */
function answerPlugin<TContext extends BaseContext>(): ApolloServerPlugin<TContext> {
  const listener: GraphQLRequestListener<TContext> = {
    async willSendResponse({ request, response }) {
      const headers = response.http.headers;
      if (!headers.has('cache-control')) {
        headers.set('cache-control', 'no-store');
      }
      if (response.body.kind === 'single') {
        if (!headers.has('content-type')) {
          const type = answerContentType(request.http?.headers.get('accept'));
          if (type !== undefined) {
            headers.set('content-type', type);
          }
        }
        const requestId = request.http?.headers.get(REQUEST_ID_HEADER);
        if (requestId !== undefined) {
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, requestId };
        }
      }
    },
  };
  return {
    // The listener keeps nothing of one request: the same one serves all of them.
    async requestDidStart() {
      return listener;
    },
  };
}

/**
 * The media types Apollo Server answers a single (not incremental) result in, in its order: with
 * equal preferences (or no Accept header) the first.
 */
const ANSWER_MEDIA_TYPES = [
  'application/json; charset=utf-8',
  'application/graphql-response+json; charset=utf-8',
  'application/json; callbackSpec=1.0; charset=utf-8',
];

/**
 * The `Content-Type` of a single GraphQL answer to a request with this `Accept` header, as Apollo
 * Server's own negotiation (which runs for every answer whose content type is not set yet) chooses
 * it; undefined where it accepts none of them, so that Apollo Server answers its 406 itself. In the
 * bundle `npm start` runs, the choice for a header seen lately is remembered, as Apollo Server's own
 * negotiations are (scripts/remembering-negotiator.mjs).
 */
export function answerContentType(accept: string | undefined): string | undefined {
  return accept ? new Negotiator({ headers: { accept } }).mediaType(ANSWER_MEDIA_TYPES) : ANSWER_MEDIA_TYPES[0];
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

/**
 * A request of the GraphQL route through Apollo Server's integration API (`executeHTTPGraphQLRequest`,
 * as Apollo's guide to building integrations writes one), its answer onto fastify's reply: the
 * complete JSON text returned for fastify to send, an incremental (`@defer`) answer streamed.
 * `search` is the request's query string as the route settled it (`?` included, or empty): the route
 * has it already, where a generic integration parses the URL and looks up the host and protocol for
 * every request.
 */
export function apolloRequestHandler<TContext extends BaseContext>(
  apollo: ApolloServer<TContext>,
  context: (request: FastifyRequest, reply: FastifyReply) => Promise<TContext>,
): (request: FastifyRequest, reply: FastifyReply, search: string) => Promise<string | void> {
  apollo.assertStarted('apolloRequestHandler()');
  return async (request, reply, search) => {
    const { headers, status, body } = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: request.method, headers: headerMap(request.headers), search, body: request.body },
      context: () => context(request, reply),
    });
    for (const [name, value] of headers) {
      void reply.header(name, value);
    }
    void reply.code(status ?? 200);
    if (body.kind === 'complete') {
      return body.string;
    }
    return reply.send(Readable.from(body.asyncIterator));
  };
}

/** Node's parsed request headers (names in lower case already) as Apollo Server's map; repeated ones joined, empty ones left out. */
function headerMap(headers: IncomingHttpHeaders): HeaderMap {
  const map = new HeaderMap();
  for (const name in headers) {
    const value = headers[name];
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text !== undefined && text !== '') {
      map.set(name, text);
    }
  }
  return map;
}

/** The query string of a request URL, `?` included (empty without one; a fragment, which no client should send, left out). */
export function searchOf(url: string): string {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  if (query < 0 || (fragment >= 0 && fragment < query)) {
    return '';
  }
  return fragment < 0 ? url.slice(query) : url.slice(query, fragment);
}
