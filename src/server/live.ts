/**
 * The subscription transports, on the graph's own port and path (`/graphql`):
 *
 * - GraphQL over WebSocket (`graphql-ws`, subprotocol `graphql-transport-ws`: what Apollo Router
 *   and Hive Gateway speak to subgraphs): the upgrade of `/graphql`; credentials in
 *   `connectionParams.authorization` (or the upgrade request's `Authorization` header), checked
 *   by the same code as HTTP requests; ping/pong heartbeats; a connection with no subscription for
 *   the idle timeout is closed (1000); a stopping replica closes every socket with 1001.
 * - GraphQL over SSE (`graphql-sse`, distinct connections mode: one subscription per request with
 *   `Accept: text/event-stream`): the request's `Authorization` header; a comment line as
 *   heartbeat; a stopping replica ends every stream.
 *
 * Only subscriptions travel here (queries and mutations stay on HTTP POST/GET, with their cost
 * accounting); the watch logic is graphql/live's, reached through `subscribe`. Each transport's
 * libraries (ws and graphql-ws; graphql-sse) are loaded by its first request, not at start.
 */
import { type BaseContext } from '@apollo/server';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  getOperationAST,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  parse,
  validate,
} from 'graphql';
import { type ExecutionResult as SseExecutionResult, type Handler as SseHandler, type RequestParams } from 'graphql-sse';
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Duplex } from 'node:stream';
import { type WebSocketServer, type WebSocket } from 'ws';
import { type LiveStats } from '../graphql/live/live.hub.js';
import { mapEvents } from '../graphql/live/live.machinery.js';
import { type Caller, type GraphRequest } from './app.js';
import { HttpError } from './errors.js';
import { type DocumentGuard } from './guard.js';
import { type Logger } from './logger.js';

/** Settings of the transports (config `live`). */
export interface LiveTransportSettings {
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: open subscriptions on one WebSocket. */
  maxPerConnection: number;
  /** LIVE_HEARTBEAT_MS: WebSocket ping (a socket whose pong does not come back by the next ping is dropped) and SSE comment interval. */
  heartbeatMs: number;
  /** LIVE_IDLE_TIMEOUT_MS: a WebSocket with no subscription for this long is closed (also the wait for connection_init). */
  idleTimeoutMs: number;
}

/** What the graph gives the transports. */
export interface LiveGraph {
  /** graphql/live's subscribe (a fresh context per event). */
  subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult>;
  /** Ends the watches (after the transports closed their streams). */
  close(): Promise<void>;
  /** The watches' counters (polls, claims lost to other replicas...). */
  stats(): LiveStats;
}

/** What the transports need of the app. */
export interface LiveTransportDeps {
  schema: GraphQLSchema;
  guard: DocumentGuard;
  graph: LiveGraph;
  context(request: GraphRequest): Promise<BaseContext>;
  authenticate(authorization: string | undefined): Promise<Caller | undefined>;
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
  settings: LiveTransportSettings;
  maxBodyBytes: number;
  logger: Logger;
}

/** The transports of one app. */
export interface LiveTransport {
  /** Serves the graphql-ws upgrade of `path` on `server`. */
  attach(server: Server, path: string): void;
  /** Whether a request to the GraphQL path is a GraphQL over SSE one. */
  acceptsSse(req: IncomingMessage): boolean;
  /** Serves a GraphQL over SSE request (never throws past an {@link HttpError}). */
  handleSse(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Open WebSocket connections, SSE streams and subscriptions of this replica. */
  stats(): { sockets: number; sseStreams: number; subscriptions: number; watches: LiveStats };
  /** Ends every stream (sockets 1001, SSE streams ended), then the watches. */
  close(): Promise<void>;
}

/** Code of a WebSocket closed because it carried no subscription for the idle timeout. */
export const IDLE_CLOSE_CODE = 1000;
/** Code of a WebSocket closed by a stopping replica (clients reconnect elsewhere). */
export const GOING_AWAY_CLOSE_CODE = 1001;

interface SocketExtra {
  caller?: Caller;
  active?: Set<string>;
  idle?: NodeJS.Timeout;
}

function refused(message: string, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** Builds the transports. */
export function createLiveTransport(deps: LiveTransportDeps): LiveTransport {
  const { settings } = deps;
  const sseStreams = new Set<{ res: ServerResponse; end: () => void }>();
  let wss: WebSocketServer | undefined;
  let dispose: (() => Promise<void> | void) | undefined;
  let subscriptions = 0;
  let closing = false;

  /** The document of a subscription request, or the errors refusing it (same guard as HTTP, then graphql-js validation). */
  const prepare = (query: unknown, operationName: string | null | undefined): { document: DocumentNode } | { errors: GraphQLError[] } => {
    if (typeof query !== 'string') {
      return { errors: [refused('A subscription needs a query.', 'BAD_REQUEST')] };
    }
    const inspected = deps.guard.document(query);
    if (inspected !== undefined && !('kind' in inspected)) {
      return { errors: [refused(inspected.error.message, String(inspected.error.extensions?.code ?? 'BAD_REQUEST'), inspected.error.extensions ?? {})] };
    }
    let document: DocumentNode;
    try {
      document = inspected ?? parse(query);
    } catch (error) {
      return { errors: [refused(error instanceof GraphQLError ? error.message : 'Syntax error.', 'GRAPHQL_PARSE_FAILED')] };
    }
    const invalid = validate(deps.schema, document);
    if (invalid.length > 0) {
      return { errors: invalid.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) };
    }
    const operation = getOperationAST(document, operationName ?? undefined);
    if (operation?.operation !== 'subscription') {
      return { errors: [refused('Only subscriptions travel over WebSocket and SSE; send queries and mutations with HTTP POST.', 'BAD_REQUEST')] };
    }
    return { document };
  };

  const format = (result: ExecutionResult): FormattedExecutionResult => ({
    ...(result.data === undefined ? {} : { data: result.data }),
    ...(result.errors === undefined ? {} : { errors: result.errors.map((error) => deps.formatError(error.toJSON(), error)) }),
  });

  const counted = async (args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> => {
    const result = await deps.graph.subscribe(args);
    if (!(Symbol.asyncIterator in result)) {
      return result;
    }
    subscriptions += 1;
    return mapEvents(
      result,
      (value) => value,
      () => {
        subscriptions -= 1;
      },
    );
  };

  const idleAfter = (socket: WebSocket, extra: SocketExtra): void => {
    clearTimeout(extra.idle);
    extra.idle = setTimeout(() => socket.close(IDLE_CLOSE_CODE, 'Idle: no subscription'), settings.idleTimeoutMs);
    extra.idle.unref();
  };

  /** The graphql-ws server, made (and its libraries loaded) by the first WebSocket upgrade. */
  const createWebSocketServer = async (): Promise<WebSocketServer> => {
    const [{ WebSocketServer }, { useServer }] = await Promise.all([import('ws'), import('graphql-ws/use/ws')]);
    const created = new WebSocketServer({ noServer: true, maxPayload: deps.maxBodyBytes });
    const disposable = useServer<Record<string, unknown> | undefined, SocketExtra & Record<PropertyKey, unknown>>(
      {
        schema: deps.schema,
        connectionInitWaitTimeout: settings.idleTimeoutMs,
        onConnect: async (ctx) => {
          const fromParams = ctx.connectionParams?.authorization;
          const authorization = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers.authorization;
          let caller: Caller | undefined;
          try {
            caller = await deps.authenticate(authorization);
          } catch (error) {
            deps.logger.warn('subscription connection refused: callers cannot be checked', { code: error instanceof HttpError ? error.code : undefined });
            return false;
          }
          if (caller === undefined) {
            // graphql-ws closes with 4403 Forbidden.
            return false;
          }
          ctx.extra.caller = caller;
          ctx.extra.active = new Set();
          idleAfter(ctx.extra.socket, ctx.extra);
          return true;
        },
        onSubscribe: async (ctx, id, payload) => {
          const active = ctx.extra.active as Set<string>;
          if (active.size >= settings.maxPerConnection) {
            return [
              refused(`At most ${settings.maxPerConnection} subscriptions are open on one connection; end one first.`, 'SUBSCRIPTION_LIMIT_REACHED', {
                limit: settings.maxPerConnection,
                scope: 'connection',
              }),
            ];
          }
          const prepared = prepare(payload.query, payload.operationName);
          if ('errors' in prepared) {
            return prepared.errors;
          }
          active.add(id);
          clearTimeout(ctx.extra.idle);
          const caller = ctx.extra.caller as Caller;
          return {
            schema: deps.schema,
            document: prepared.document,
            operationName: payload.operationName ?? null,
            variableValues: payload.variables ?? null,
            contextValue: await deps.context({ callerId: caller.callerId, scopes: caller.scopes, fresh: false }),
          };
        },
        subscribe: (args) => counted(args),
        execute: (args) => counted(args),
        onNext: (_ctx, _id, _payload, _args, result) => format(result),
        onError: (_ctx, _id, _payload, errors) => errors.map((error) => deps.formatError(error.toJSON(), error)),
        onComplete: (ctx, id) => {
          const active = ctx.extra.active;
          active?.delete(id);
          if (active !== undefined && active.size === 0 && !closing) {
            idleAfter(ctx.extra.socket, ctx.extra);
          }
        },
        onClose: (ctx) => clearTimeout(ctx.extra.idle),
      },
      created,
      settings.heartbeatMs,
    );
    dispose = () => disposable.dispose();
    wss = created;
    return created;
  };

  type SseContext = { caller: Caller; res: ServerResponse };
  const createSse = async (): Promise<SseHandler<IncomingMessage, SseContext>> => {
    const { createHandler } = await import('graphql-sse');
    return createHandler<IncomingMessage, SseContext, BaseContext & Record<PropertyKey, unknown>>({
      schema: deps.schema,
      onSubscribe: async (req, params: RequestParams) => {
        const prepared = prepare(params.query, params.operationName);
        if ('errors' in prepared) {
          return [
            JSON.stringify({ errors: prepared.errors.map((error) => deps.formatError(error.toJSON(), error)) }),
            { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json; charset=utf-8' } },
          ];
        }
        const caller = req.context.caller;
        return {
          schema: deps.schema,
          document: prepared.document,
          operationName: params.operationName ?? null,
          variableValues: params.variables ?? null,
          contextValue: (await deps.context({ callerId: caller.callerId, scopes: caller.scopes, fresh: false })) as BaseContext & Record<PropertyKey, unknown>,
        };
      },
      subscribe: (args) => counted(args),
      execute: (args) => counted(args),
      onNext: (_ctx, _req, result) => format(result as ExecutionResult) as SseExecutionResult,
    });
  };
  let sse: Promise<SseHandler<IncomingMessage, SseContext>> | undefined;

  return {
    attach(server, path) {
      const notFound = (socket: Duplex): void => {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      };
      let loading: Promise<WebSocketServer> | undefined;
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
        if (pathname !== path || closing) {
          notFound(socket);
          return;
        }
        // Until ws takes the socket over, an error on it (a client gone while ws loads) only ends it.
        const dropped = (): void => {
          socket.destroy();
        };
        socket.once('error', dropped);
        loading ??= createWebSocketServer().catch((error: unknown) => {
          loading = undefined;
          throw error;
        });
        loading.then(
          (wsServer) => {
            socket.off('error', dropped);
            if (closing || socket.destroyed) {
              notFound(socket);
              return;
            }
            wsServer.handleUpgrade(req, socket, head, (ws) => wsServer.emit('connection', ws, req));
          },
          (error: unknown) => {
            deps.logger.warn('WebSocket transport not available', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
            socket.destroy();
          },
        );
      });
    },

    acceptsSse(req) {
      return (req.headers.accept ?? '').includes('text/event-stream');
    },

    async handleSse(req, res) {
      if (closing) {
        throw new HttpError(503, 'SERVER_STOPPING', 'This replica is stopping; subscribe again (another replica will answer).');
      }
      const caller = await deps.authenticate(req.headers.authorization);
      if (caller === undefined) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const body = method === 'POST' ? await readText(req, deps.maxBodyBytes) : null;
      sse ??= createSse();
      const handler = await sse;
      const [stream, init] = await handler({
        method,
        url: req.url ?? '/',
        headers: {
          get: (key) => {
            const value = req.headers[key.toLowerCase()];
            return Array.isArray(value) ? value.join(', ') : value;
          },
        },
        body,
        raw: req,
        context: { caller, res },
      });
      res.statusCode = init.status;
      for (const [key, value] of Object.entries(init.headers ?? {})) {
        res.setHeader(key, value);
      }
      if (stream === null || typeof stream === 'string') {
        res.end(stream ?? undefined);
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.flushHeaders();
      const heartbeat = setInterval(() => res.write(':\n\n'), settings.heartbeatMs);
      heartbeat.unref();
      const entry = { res, end: () => void stream.return(undefined) };
      sseStreams.add(entry);
      res.once('close', entry.end);
      try {
        for await (const chunk of stream) {
          res.write(chunk);
        }
      } finally {
        clearInterval(heartbeat);
        sseStreams.delete(entry);
        res.end();
      }
    },

    stats() {
      return { sockets: wss?.clients.size ?? 0, sseStreams: sseStreams.size, subscriptions, watches: deps.graph.stats() };
    },

    async close() {
      if (closing) {
        return;
      }
      closing = true;
      // Clients resubscribe elsewhere: sockets close 1001 (graphql-ws's dispose), SSE streams end.
      for (const entry of sseStreams) {
        entry.end();
        entry.res.end();
      }
      await dispose?.();
      await deps.graph.close();
    },
  };
}

/** A request body as text within `limit` bytes (413 past it). */
async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
