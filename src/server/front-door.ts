/**
 * The front door: the fastify instance every request enters by, with what applies to all of them as
 * hooks and plugins (request ids, security headers, CORS, request bodies, the access line, typed
 * refusals) and the routes that are not GraphQL (health, readiness, metrics, the explorer).
 */
import fastifyCors from '@fastify/cors';
import { fastify, LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type GraphQLFormattedError } from 'graphql';
import { type Config } from '../config/index.js';
import { HttpError } from './errors.js';
import { EXPLORER_ASSET_PATH, type Explorer } from './explorer.js';
import { refusalContentType } from './guard.js';
import { HEALTH_BODY, type Readiness } from './health.js';
import { type Logger } from './logger.js';
import { metricsAuthorized, type Metrics } from './metrics.js';
import { discardBody, requestBodies } from './request-body.js';
import { FAPI_INTERACTION_ID_HEADER, REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { type HttpErrorCode } from '../shared/error-codes.js';

/** Path of the GraphQL endpoint (and of the explorers in development). */
export const GRAPHQL_PATH = '/graphql';
/** Path of the Prometheus metrics. */
export const METRICS_PATH = '/metrics';

const PROBE_PATHS = new Set(['/health', '/ready', METRICS_PATH]);

/** What the front door serves besides GraphQL. */
export interface FrontDoorDeps {
  logger: Logger;
  metrics: Metrics;
  readiness: Readiness;
  explorer: Explorer | undefined;
  /** Whether the app is stopping: new requests are then refused with 503 SERVER_STOPPING. */
  stopping: () => boolean;
}

/**
 * Sends a refusal: `{ errors: [error], extensions: { requestId } }` in the media type the client
 * accepts, never cached. `error` is `{ message, extensions: { code } }` unless given whole.
 */
export function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  error?: GraphQLFormattedError,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', refusalContentType(request.headers.accept))
    .header('cache-control', 'no-store')
    .send(JSON.stringify({ errors: [error ?? { message, extensions: { code } }], extensions: { requestId: request.id } }));
}

/** The fastify instance with the hooks, plugins and routes every request goes through; GraphQL's routes are added by the app. */
export async function createFrontDoor(config: Config, deps: FrontDoorDeps): Promise<FastifyInstance> {
  const app = fastify({
    // Lines are ours (the access line below, through the same pino streams).
    logger: false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.maxBodyBytes,
    genReqId: requestIdOf,
    requestTimeout: 60_000,
    keepAliveTimeout: 5000,
    // The app's stop decides: requests still arriving while it waits for those in flight get a typed 503.
    return503OnClosing: false,
  });
  app.server.headersTimeout = 30_000;

  // Callback hooks, not async ones: no promise per request for work that never waits.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
    // HSTS when the request came over TLS (directly or, as a proxy in front says, X-Forwarded-Proto: https).
    const forwarded = request.headers['x-forwarded-proto'];
    const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
    if (proto === 'https' || request.protocol === 'https') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (request.headers[FAPI_INTERACTION_ID_HEADER] !== undefined) {
      void reply.header(FAPI_INTERACTION_ID_HEADER, request.id);
    }
    // What the graph and Apollo Server read the id from: the one settled on, never the caller's malformed one.
    request.headers[REQUEST_ID_HEADER] = request.id;
    if (request.url !== GRAPHQL_PATH && !URL.canParse(request.url, 'http://localhost')) {
      // e.g. `//:99999`, which node's HTTP parser lets through.
      done(new HttpError(400, 'BAD_REQUEST', 'The request target is not a valid URL path.'));
      return;
    }
    if (deps.stopping() && !PROBE_PATHS.has(request.url)) {
      done(new HttpError(503, 'SERVER_STOPPING', 'This replica is stopping; retry (another replica will answer).'));
      return;
    }
    done();
  });
  await app.register(fastifyCors, {
    origin: config.corsOrigins.includes('*') ? '*' : [...config.corsOrigins],
    methods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    // A bare OPTIONS is answered 204 like a preflight, without CORS grants.
    strictPreflight: false,
  });
  requestBodies(app, config.maxBodyBytes);

  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    const route = url === undefined ? '(other)' : url.startsWith(EXPLORER_ASSET_PATH) ? EXPLORER_ASSET_PATH : url;
    const seconds = reply.elapsedTime / 1000;
    deps.metrics.httpRequest(route, request.method, reply.statusCode, seconds);
    // Every field is ours (a route from a fixed set, a number, an id of a checked shape): no redaction pass needed.
    deps.logger.safe(PROBE_PATHS.has(route) ? 'debug' : 'info', 'http request', {
      requestId: request.id,
      method: request.method,
      path: route,
      status: reply.statusCode,
      durationMs: Math.round(seconds * 1000),
    });
    done();
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const refusal = refusalOf(error, config.maxBodyBytes);
    if (refusal === undefined) {
      deps.logger.error('http request failed', { requestId: request.id, errorClass: error instanceof Error ? error.constructor.name : typeof error });
      return refuse(request, reply, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
    }
    // Answered once the client has sent the rest: since Node 22 the server closes a `Connection:
    // close` socket as soon as the answer is written, and the unread body then makes the kernel reset
    // it, so the client would see EPIPE instead of the 413.
    if (refusal.status === 413 && !(await discardBody(request.raw))) {
      return reply.hijack();
    }
    return refuse(request, reply, refusal.status, refusal.code, refusal.message);
  });
  app.setNotFoundHandler(async (request, reply) => refuse(request, reply, 404, 'ROUTE_NOT_FOUND', `Nothing here; the graph is at ${GRAPHQL_PATH}.`));

  const methodNotAllowed = (allow: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('allow', allow);
    return refuse(request, reply, 405, 'METHOD_NOT_ALLOWED', `Use ${allow}.`);
  };
  const OTHER_METHODS = ['PUT', 'DELETE', 'PATCH'] as const;
  app.route({ method: [...OTHER_METHODS], url: GRAPHQL_PATH, handler: methodNotAllowed('GET, POST, OPTIONS') });
  for (const path of PROBE_PATHS) {
    app.route({ method: ['POST', ...OTHER_METHODS], url: path, handler: methodNotAllowed('GET, HEAD') });
  }

  app.get('/health', async (_request, reply) => reply.header('cache-control', 'no-store').send(HEALTH_BODY));
  app.get('/ready', async (_request, reply) => {
    const report = await deps.readiness.report();
    return reply
      .code(report.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(report);
  });
  app.get(METRICS_PATH, async (request, reply) => {
    if (config.metricsToken !== undefined && !metricsAuthorized(config.metricsToken, request.headers.authorization)) {
      void reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
    }
    const text = await deps.metrics.text();
    return reply.header('content-type', deps.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
  const explorer = deps.explorer;
  if (explorer !== undefined) {
    app.get(`${EXPLORER_ASSET_PATH}*`, async (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      const asset = await explorer.asset(name).catch(() => undefined);
      if (asset === undefined) {
        throw new HttpError(404, 'ROUTE_NOT_FOUND', 'No such explorer file (is GraphiQL installed? run npm ci).');
      }
      return reply.header('content-type', asset.contentType).header('cache-control', 'no-cache').send(asset.body);
    });
  }
  return app;
}

/** The offline explorer's page, for a browser's GET of the GraphQL path. */
export async function sendExplorerPage(explorer: Explorer, reply: FastifyReply): Promise<FastifyReply> {
  const html = await explorer.page();
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', explorer.contentSecurityPolicy)
    .header('cache-control', 'no-store')
    .send(html);
}

/** The typed refusal an error stands for; undefined for a fault of ours (a 500). */
function refusalOf(error: FastifyError, limit: number): { status: number; code: HttpErrorCode; message: string } | undefined {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than ${limit} bytes.` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body has a media type the graph does not read.' };
    default:
      // Fastify's other client errors (a malformed Content-Length, a body on a GET...).
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? { status: 400, code: 'BAD_REQUEST', message: 'The request is malformed.' }
        : undefined;
  }
}
