import { HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ANONYMOUS_CALLER, type App } from './app.js';
import { contentCoding, discardBody, readBody } from './body.js';
import { HttpError } from './errors.js';
import { EXPLORER_ASSET_PATH } from './explorer.js';
import { refusalContentType } from './guard.js';
import { HEALTH_BODY } from './health.js';
import { requestLogContext } from './logger.js';
import { metricsAuthorized } from './metrics.js';

/** Path of the GraphQL endpoint (and of the Apollo Sandbox landing page in development). */
export const GRAPHQL_PATH = '/graphql';

/** A listening graph server. */
export interface HttpServer {
  /** `http://host:port` (loopback shown as 127.0.0.1). */
  readonly url: string;
  /** `${url}/graphql`. */
  readonly graphqlUrl: string;
  readonly server: Server;
  /**
   * Graceful stop: refuses new connections, lets requests in flight finish for up to `graceMs`
   * (default 10 s), then drops what is left and stops the app (which lets writes still running
   * finish or leaves them in doubt, then closes the ledger).
   */
  close(graceMs?: number): Promise<void>;
}

/** Path of the Prometheus metrics. */
export const METRICS_PATH = '/metrics';

/**
 * Starts `app` and serves it on `port`/`host` with node:http: `/graphql` through Apollo Server,
 * `GET /health`, `GET /ready`, CORS for the configured origins, a request body limit.
 */
export async function listen(app: App, options: { port: number; host: string }): Promise<HttpServer> {
  await app.start();
  const inFlight = new Set<ServerResponse>();
  const server = createServer({ requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5000 }, (req, res) => {
    inFlight.add(res);
    res.on('close', () => inFlight.delete(res));
    void handle(app, req, res);
  });
  app.live?.attach(server, GRAPHQL_PATH);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await app.stop();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  const url = `http://${shownHost}:${address.port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    graphqlUrl: `${url}${GRAPHQL_PATH}`,
    server,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        // Subscriptions first: their streams would hold the server open until the grace ends.
        await app.live?.close();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = Date.now() + graceMs;
        while (inFlight.size > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        server.closeAllConnections();
        await closed;
        // Only now: the app's stop closes what requests in flight still use (the read layer, the ledger).
        await app.stop(deadline);
      })();
      return closing;
    },
  };
}

/** Handles one request; never throws (failures become JSON answers). */
export function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  // Every line logged while serving this request carries its id.
  return requestLogContext.run({ requestId }, () => serve(app, req, res, requestId));
}

async function serve(app: App, req: IncomingMessage, res: ServerResponse, requestId: string): Promise<void> {
  const startedAt = performance.now();
  res.setHeader('X-Request-Id', requestId);
  securityHeaders(req, res);
  const url = requestTarget(req);
  res.once('finish', () => accessLog(app, req, res, url?.pathname, requestId, startedAt));
  try {
    if (url === undefined) {
      throw new HttpError(400, 'BAD_REQUEST', 'The request target is not a valid URL path.');
    }
    applyCors(app, req, res);
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS' && isKnownPath(url.pathname)) {
      res.statusCode = 204;
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    switch (url.pathname) {
      case '/health':
        allow(method, ['GET', 'HEAD']);
        sendJson(res, 200, HEALTH_BODY);
        return;
      case '/ready': {
        allow(method, ['GET', 'HEAD']);
        const report = await app.readiness.report();
        sendJson(res, report.status === 'ready' ? 200 : 503, report);
        return;
      }
      case METRICS_PATH:
        allow(method, ['GET', 'HEAD']);
        if (app.config.metricsToken !== undefined && !metricsAuthorized(app.config.metricsToken, req.headers.authorization)) {
          res.setHeader('WWW-Authenticate', 'Bearer');
          throw new HttpError(401, 'UNAUTHENTICATED', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.');
        }
        await sendMetrics(app, res);
        return;
      case GRAPHQL_PATH:
        allow(method, ['GET', 'POST']);
        if (app.live?.acceptsSse(req) === true) {
          await app.live.handleSse(req, res);
          return;
        }
        if (method === 'GET' && app.explorer !== undefined && wantsHtml(req)) {
          if (url.search === '') {
            await sendExplorerPage(app, res);
            return;
          }
          if (url.search === '?explorer=apollo') {
            // Apollo Server's own landing page: Apollo Sandbox, loaded from Apollo's CDN.
            await graphql(app, req, res, method, '');
            return;
          }
        }
        await graphql(app, req, res, method, url.search);
        return;
      default:
        if (url.pathname.startsWith(EXPLORER_ASSET_PATH) && app.explorer !== undefined) {
          allow(method, ['GET', 'HEAD']);
          await sendExplorerAsset(app, res, url.pathname.slice(EXPLORER_ASSET_PATH.length));
          return;
        }
        throw new HttpError(404, 'ROUTE_NOT_FOUND', `Nothing here; the graph is at ${GRAPHQL_PATH}.`);
    }
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 405) {
        res.setHeader('Allow', url?.pathname === GRAPHQL_PATH ? 'GET, POST, OPTIONS' : 'GET, HEAD');
      }
      if (error.status === 413) {
        // Answered once the client has sent the rest: since Node 22 the server closes a
        // `Connection: close` socket as soon as the answer is written, and the unread body then
        // makes the kernel reset it, so the client would see EPIPE instead of the 413.
        if (!(await discardBody(req))) {
          return;
        }
      }
      sendJson(res, error.status, { errors: [{ message: error.message, extensions: { code: error.code } }] }, refusalContentType(req.headers.accept));
      return;
    }
    app.logger.error('http request failed', {
      requestId,
      errorClass: error instanceof Error ? error.constructor.name : typeof error,
    });
    if (!res.headersSent) {
      sendJson(
        res,
        500,
        { errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
        refusalContentType(req.headers.accept),
      );
    } else {
      res.destroy();
    }
  }
}

async function graphql(app: App, req: IncomingMessage, res: ServerResponse, method: string, search: string): Promise<void> {
  let caller = await app.authenticateCaller(req.headers.authorization);
  if (caller === undefined) {
    // A bare GET (no query, no persisted-query extension) executes nothing: it may fetch the landing page.
    if (method !== 'GET' || search !== '') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
    }
    caller = { callerId: ANONYMOUS_CALLER, scopes: [] };
  }
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) {
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  let body: unknown;
  if (method === 'POST') {
    const coding = contentCoding(req.headers['content-encoding']);
    if (coding === undefined) {
      // RFC 7694: a 415 for a content coding names the ones the server takes.
      res.setHeader('Accept-Encoding', 'gzip, deflate');
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', "The request body's Content-Encoding is not supported: send identity, gzip or deflate.");
    }
    body = await readBody(req, app.config.maxBodyBytes, coding);
  }
  const request: HTTPGraphQLRequest = { method, headers, search, body };
  const response = await app.executeGraphQL(request, caller.callerId, caller.scopes);
  for (const [key, value] of response.headers) {
    res.setHeader(key, value);
  }
  res.statusCode = response.status ?? 200;
  if (response.body.kind === 'complete') {
    res.end(response.body.string);
    return;
  }
  for await (const chunk of response.body.asyncIterator) {
    res.write(chunk);
  }
  res.end();
}

/**
 * Headers on every answer: no MIME sniffing, no referrer, no framing, and HSTS when the request came
 * over TLS (directly or, as a proxy in front says with `X-Forwarded-Proto: https`).
 */
function securityHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  if (proto === 'https' || ('encrypted' in req.socket && req.socket.encrypted === true)) {
    res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
}

function wantsHtml(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}

async function sendExplorerPage(app: App, res: ServerResponse): Promise<void> {
  const explorer = app.explorer;
  if (explorer === undefined) {
    throw new HttpError(404, 'ROUTE_NOT_FOUND', 'No explorer here.');
  }
  const html = await explorer.page();
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', explorer.contentSecurityPolicy);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

async function sendExplorerAsset(app: App, res: ServerResponse, name: string): Promise<void> {
  const asset = await app.explorer?.asset(name).catch(() => undefined);
  if (asset === undefined) {
    throw new HttpError(404, 'ROUTE_NOT_FOUND', 'No such explorer file (is GraphiQL installed? run npm ci).');
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', asset.contentType);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Length', asset.body.length);
  res.end(res.req.method === 'HEAD' ? undefined : asset.body);
}

async function sendMetrics(app: App, res: ServerResponse): Promise<void> {
  const text = await app.metrics.text();
  res.statusCode = 200;
  res.setHeader('Content-Type', app.metrics.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

function applyCors(app: App, req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  const origins = app.config.corsOrigins;
  if (origin === undefined || !(origins.includes('*') || origins.includes(origin))) {
    return;
  }
  res.setHeader('Access-Control-Allow-Origin', origins.includes('*') ? '*' : origin);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    const requested = req.headers['access-control-request-headers'];
    if (requested !== undefined && /^[\w-]+(\s*,\s*[\w-]+)*$/.test(requested)) {
      res.setHeader('Access-Control-Allow-Headers', requested);
    }
    res.setHeader('Access-Control-Max-Age', '600');
  }
}

/**
 * One line per answered request: method, path (never the query string, which can carry variables),
 * status and duration. Health probes only at debug level.
 */
function accessLog(app: App, req: IncomingMessage, res: ServerResponse, path: string | undefined, requestId: string, startedAt: number): void {
  const route = path !== undefined && isKnownPath(path) ? path : path?.startsWith(EXPLORER_ASSET_PATH) ? EXPLORER_ASSET_PATH : '(other)';
  const seconds = (performance.now() - startedAt) / 1000;
  app.metrics.httpRequest(route, req.method ?? 'GET', res.statusCode, seconds);
  const fields = {
    requestId,
    method: req.method,
    path: route,
    status: res.statusCode,
    durationMs: Math.round(seconds * 1000),
  };
  // Every field is ours (a route from a fixed set, a number, a generated id): no redaction pass needed.
  app.logger.safe(path === '/health' || path === '/ready' || path === METRICS_PATH ? 'debug' : 'info', 'http request', fields);
}

function isKnownPath(path: string): boolean {
  return path === GRAPHQL_PATH || path === '/health' || path === '/ready' || path === METRICS_PATH;
}

function allow(method: string, methods: readonly string[]): void {
  if (!methods.includes(method)) {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}.`);
  }
}

const PLAIN_GRAPHQL_TARGET = Object.freeze({ pathname: GRAPHQL_PATH, search: '' });

/**
 * The request target, parsed once per request; `undefined` when it is not a valid URL (e.g.
 * `//:99999`, which node's HTTP parser lets through), which is answered 400 instead of throwing.
 */
function requestTarget(req: IncomingMessage): Pick<URL, 'pathname' | 'search'> | undefined {
  if (req.url === GRAPHQL_PATH) {
    // Nearly every request: nothing to normalize.
    return PLAIN_GRAPHQL_TARGET;
  }
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch (_error) {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
