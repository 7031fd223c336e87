import { HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ANONYMOUS_CALLER, type App } from './app.js';
import { HttpError } from './errors.js';
import { HEALTH_BODY } from './health.js';

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
   * (default 10 s), then drops what is left and stops the app.
   */
  close(graceMs?: number): Promise<void>;
}

const JSON_TYPE = /^application\/(json|[\w.+-]+\+json)$/i;

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
        const stopping = app.stop();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const deadline = Date.now() + graceMs;
        while (inFlight.size > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        server.closeAllConnections();
        await closed;
        await stopping;
      })();
      return closing;
    },
  };
}

/** Handles one request; never throws (failures become JSON answers). */
export async function handle(app: App, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  const startedAt = performance.now();
  res.setHeader('X-Request-Id', requestId);
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
      case GRAPHQL_PATH:
        allow(method, ['GET', 'POST']);
        await graphql(app, req, res, method, url.search);
        return;
      default:
        throw new HttpError(404, 'ROUTE_NOT_FOUND', `Nothing here; the graph is at ${GRAPHQL_PATH}.`);
    }
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 405) {
        res.setHeader('Allow', url?.pathname === GRAPHQL_PATH ? 'GET, POST, OPTIONS' : 'GET, HEAD');
      }
      if (error.status === 413) {
        res.setHeader('Connection', 'close');
      }
      sendJson(res, error.status, { errors: [{ message: error.message, extensions: { code: error.code } }] });
      if (error.status === 413) {
        req.resume();
      }
      return;
    }
    app.logger.error('http request failed', {
      requestId,
      errorClass: error instanceof Error ? error.constructor.name : typeof error,
    });
    if (!res.headersSent) {
      sendJson(res, 500, { errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
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
      throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key is required: send Authorization: Bearer <key>.');
    }
    caller = { callerId: ANONYMOUS_CALLER, scopes: [] };
  }
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) {
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  const request: HTTPGraphQLRequest = {
    method,
    headers,
    search,
    body: method === 'POST' ? await readBody(req, app.config.maxBodyBytes) : undefined,
  };
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
 * Reads the body within `limit` bytes. JSON content types are parsed (a syntax error is a 400);
 * anything else is passed on as text so that Apollo Server's CSRF prevention and content-type
 * checks decide about it.
 */
async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
  }
  const contentType = req.headers['content-type'] ?? '';
  const [mime = '', ...params] = contentType.split(';').map((part) => part.trim());
  const charset = params.find((param) => param.toLowerCase().startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be UTF-8.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!JSON_TYPE.test(mime)) {
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (_error) {
    throw new HttpError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
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
  const fields = {
    requestId,
    method: req.method,
    path: path !== undefined && isKnownPath(path) ? path : '(other)',
    status: res.statusCode,
    durationMs: Math.round(performance.now() - startedAt),
  };
  if (path === '/health' || path === '/ready') {
    app.logger.debug('http request', fields);
  } else {
    app.logger.info('http request', fields);
  }
}

function isKnownPath(path: string): boolean {
  return path === GRAPHQL_PATH || path === '/health' || path === '/ready';
}

function allow(method: string, methods: readonly string[]): void {
  if (!methods.includes(method)) {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}.`);
  }
}

/**
 * The request target, parsed once per request; `undefined` when it is not a valid URL (e.g.
 * `//:99999`, which node's HTTP parser lets through), which is answered 400 instead of throwing.
 */
function requestTarget(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch (_error) {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
