/**
 * The subscription transports, on the graph's own port and path (`/graphql`), through their own
 * fastify adapters:
 *
 * - GraphQL over WebSocket (`graphql-ws` on `@fastify/websocket`, subprotocol
 *   `graphql-transport-ws`: what Apollo Router and Hive Gateway speak to subgraphs): the upgrade of
 *   `/graphql`; credentials in `connectionParams.authorization` (or the upgrade request's
 *   `Authorization` header), checked by the same code as HTTP requests; ping/pong heartbeats; a
 *   connection with no subscription for the idle timeout is closed (1000); a stopping replica closes
 *   every socket with 1001.
 * - GraphQL over SSE (`graphql-sse`'s fastify handler, distinct connections mode: one subscription
 *   per request with `Accept: text/event-stream`): the request's `Authorization` header; a comment
 *   line as heartbeat; a stopping replica ends every stream.
 *
 * Only subscriptions travel here (queries and mutations stay on HTTP POST/GET, with their cost
 * accounting); the watch logic is graphql/live's, reached through `subscribe`.
 */
import { type BaseContext } from '@apollo/server';
import { type WebsocketHandler } from '@fastify/websocket';
import { type FastifyReply, type FastifyRequest } from 'fastify';
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
import { type ExecutionResult as SseExecutionResult, type RequestParams } from 'graphql-sse';
import { createHandler as createSseHandler } from 'graphql-sse/lib/use/fastify';
import { makeHandler } from 'graphql-ws/use/@fastify/websocket';
import { type WebSocket } from 'ws';
import { type LiveStats } from '../graphql/live/live.hub.js';
import { mapEvents } from '../graphql/live/live.machinery.js';
import { type CallerAuthenticator } from './callers.js';
import { HttpError } from './errors.js';
import { type DocumentGuard } from './guard.js';
import { type Logger } from './logger.js';
import { type Caller, type GraphRequest, type LiveGraph } from './types.js';

/** Settings of the transports (config `live`). */
export interface LiveTransportSettings {
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: open subscriptions on one WebSocket. */
  maxPerConnection: number;
  /** LIVE_HEARTBEAT_MS: WebSocket ping (a socket whose pong does not come back by the next ping is dropped) and SSE comment interval. */
  heartbeatMs: number;
  /** LIVE_IDLE_TIMEOUT_MS: a WebSocket with no subscription for this long is closed (also the wait for connection_init). */
  idleTimeoutMs: number;
}

/** What the transports need of the app. */
export interface LiveTransportDeps {
  schema: GraphQLSchema;
  guard: DocumentGuard;
  graph: LiveGraph;
  context(request: GraphRequest): Promise<BaseContext>;
  authenticate: CallerAuthenticator;
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
  settings: LiveTransportSettings;
  logger: Logger;
}

/** The transports of one app. */
export interface LiveTransport {
  /** The graphql-ws handler of the GraphQL path's WebSocket upgrade (`@fastify/websocket`'s `wsHandler`). */
  readonly webSocket: WebsocketHandler;
  /** Whether a request to the GraphQL path is a GraphQL over SSE one. */
  acceptsSse(request: FastifyRequest): boolean;
  /** Serves a GraphQL over SSE request (refusals are thrown as {@link HttpError}s). */
  handleSse(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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

/** The SSE request's caller, authenticated before graphql-sse's handler runs. */
const sseCallers = new WeakMap<FastifyRequest, Caller>();

/** Builds the transports. */
export function createLiveTransport(deps: LiveTransportDeps): LiveTransport {
  const { settings } = deps;
  const sseStreams = new Set<FastifyReply>();
  const sockets = new Set<WebSocket>();
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

  const graphqlWs = makeHandler<Record<string, unknown> | undefined, SocketExtra & Record<PropertyKey, unknown>>(
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
          contextValue: await deps.context({ callerId: caller.callerId, scopes: caller.scopes, fresh: false, requestId: ctx.extra.request.id }),
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
    settings.heartbeatMs,
  );

  const sse = createSseHandler<BaseContext & Record<PropertyKey, unknown>>({
    schema: deps.schema,
    onSubscribe: async (req, params: RequestParams) => {
      const prepared = prepare(params.query, params.operationName);
      if ('errors' in prepared) {
        return [
          JSON.stringify({ errors: prepared.errors.map((error) => deps.formatError(error.toJSON(), error)) }),
          { status: 400, statusText: 'Bad Request', headers: { 'content-type': 'application/json; charset=utf-8' } },
        ];
      }
      const caller = sseCallers.get(req.raw) as Caller;
      return {
        schema: deps.schema,
        document: prepared.document,
        operationName: params.operationName ?? null,
        variableValues: params.variables ?? null,
        contextValue: (await deps.context({ callerId: caller.callerId, scopes: caller.scopes, fresh: false, requestId: req.raw.id })) as BaseContext &
          Record<PropertyKey, unknown>,
      };
    },
    subscribe: (args) => counted(args),
    execute: (args) => counted(args),
    onNext: (_ctx, _req, result) => format(result as ExecutionResult) as SseExecutionResult,
  });

  return {
    webSocket(socket, request) {
      if (closing) {
        socket.close(GOING_AWAY_CLOSE_CODE, 'Going away');
        return;
      }
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      graphqlWs.call(this, socket, request);
    },

    acceptsSse(request) {
      return (request.headers.accept ?? '').includes('text/event-stream');
    },

    async handleSse(request, reply) {
      if (closing) {
        throw new HttpError(503, 'SERVER_STOPPING', 'This replica is stopping; subscribe again (another replica will answer).');
      }
      const caller = await deps.authenticate(request.headers.authorization);
      if (caller === undefined) {
        void reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, 'UNAUTHENTICATED', 'A valid API key or token is required: send Authorization: Bearer <key or JWT>.');
      }
      sseCallers.set(request, caller);
      // graphql-sse writes the answer itself.
      reply.hijack();
      void reply.header('cache-control', 'no-store');
      const heartbeat = setInterval(() => {
        if (reply.raw.headersSent && !reply.raw.writableEnded) {
          reply.raw.write(':\n\n');
        }
      }, settings.heartbeatMs);
      heartbeat.unref();
      sseStreams.add(reply);
      try {
        await sse(request, reply);
      } catch (error) {
        // The answer is graphql-sse's own and under way: a stream cut by a stop or by its client has no one to tell.
        if (!closing && !reply.raw.destroyed) {
          deps.logger.warn('SSE stream failed', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
        }
        reply.raw.destroy();
      } finally {
        clearInterval(heartbeat);
        sseStreams.delete(reply);
      }
    },

    stats() {
      return { sockets: sockets.size, sseStreams: sseStreams.size, subscriptions, watches: deps.graph.stats() };
    },

    async close() {
      if (closing) {
        return;
      }
      closing = true;
      // Clients resubscribe elsewhere: sockets close 1001; SSE streams end with their watches, or are cut.
      for (const socket of sockets) {
        socket.close(GOING_AWAY_CLOSE_CODE, 'Server is going away');
      }
      await deps.graph.close();
      for (const reply of sseStreams) {
        reply.raw.destroy();
      }
    },
  };
}
