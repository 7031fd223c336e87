/**
 * The live transports, on the graph's own port and path (`/graphql`): graphql-ws over its server
 * core (server/live/websocket.ts says why not its fastify adapter), GraphQL over SSE served by
 * server/live/sse.ts (which says why not graphql-sse's handler):
 *
 * - GraphQL over WebSocket (`graphql-ws` on `@fastify/websocket`, subprotocol
 *   `graphql-transport-ws`: what Apollo Router and Hive Gateway speak to subgraphs): credentials in
 *   `connectionParams.authorization` (or the upgrade request's `Authorization` header), checked by
 *   the same code as HTTP requests, within LIVE_CONNECTION_INIT_TIMEOUT_MS (4408), and at most
 *   LIVE_MAX_UNAUTHENTICATED_SOCKETS sockets wait for it (1013 past it); ping/pong heartbeats; a
 *   connection with no subscription and no operation for the idle timeout is closed (1000); a
 *   stopping replica closes every socket with 1001.
 * - GraphQL over SSE (graphql-sse's protocol, distinct connections mode: one operation per request
 *   with `Accept: text/event-stream`; served by server/live/sse.ts): the request's `Authorization`
 *   header; a comment line as heartbeat, one timer for every open stream; a stopping replica ends
 *   every stream.
 *
 * Both carry every operation: subscriptions stream from graph/live (`subscribe`); queries and
 * mutations are answered by the HTTP pipeline (server/live/operations.ts). Documents pass the same
 * trusted documents gate (server/live/trusted.ts) and guard as HTTP's, parsed with the same token limit. A subscription's stream ends with TOKEN_EXPIRED
 * when its JWT expires (and the socket takes no new operation); each stream's send buffer is bounded
 * (server/live/send-buffer.ts).
 */
import { type BaseContext } from '@apollo/server';
import { type WebsocketHandler } from '@fastify/websocket';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationTypeNode,
} from 'graphql';
import { makeServer } from 'graphql-ws';
import { randomUUID } from 'node:crypto';
import { type ServerResponse } from 'node:http';
import { type WebSocket } from 'ws';
import { serializedEvent } from '../graphql/live/subscribe.js';
import { type LiveStats } from '../graphql/live/watches.js';
import { type CallerAuthenticator, wantsFreshData } from './callers.js';
import { HttpError } from './errors.js';
import { type DocumentGuard } from './guard.js';
import { type Logger } from './logger.js';
import { type LiveMetrics, type LiveTransportName } from './metrics.js';
import { expired, type Prepared, prepareDocument, refused, tokenExpired, validateSubscription } from './live/documents.js';
import { type OperationRunner, type SocketOperation } from './live/operations.js';
import { type SendBufferStats } from './live/send-buffer.js';
import { type SseAnswer, type SseParams, serveSse, sseParams } from './live/sse.js';
import { LiveStreams, type StreamOwner } from './live/streams.js';
import { trustedQuery, trustSseRequest } from './live/trusted.js';
import { openWebSocket, type SocketBase } from './live/websocket.js';
import { type TrustedDocumentGate } from './trusted-documents-gate.js';
import { type Caller, type GraphRequest, type LiveGraph } from './types.js';

export { BAD_MESSAGE_CLOSE_CODE, SLOW_CONSUMER_CLOSE_CODE } from './live/websocket.js';

/** Settings of the transports (config `live`). */
export interface LiveTransportSettings {
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: open subscriptions on one WebSocket. */
  maxPerConnection: number;
  /** LIVE_HEARTBEAT_MS: WebSocket ping (a socket whose pong does not come back by the next ping is dropped) and SSE comment interval. */
  heartbeatMs: number;
  /** LIVE_IDLE_TIMEOUT_MS: a WebSocket with no subscription and no operation for this long is closed. */
  idleTimeoutMs: number;
  /** LIVE_CONNECTION_INIT_TIMEOUT_MS: the wait for an accepted `connection_init`. */
  connectionInitTimeoutMs: number;
  /** LIVE_MAX_UNAUTHENTICATED_SOCKETS: sockets waiting for their `connection_init` to be accepted. */
  maxUnauthenticatedSockets: number;
  /** LIVE_SEND_BUFFER_BYTES and LIVE_SEND_BUFFER_EVENTS: what may wait to be sent to one socket or stream. */
  sendBufferBytes: number;
  sendBufferEvents: number;
}

/** What the transports need of the app. */
export interface LiveTransportDeps {
  schema: GraphQLSchema;
  guard: DocumentGuard;
  trusted: TrustedDocumentGate;
  /** The token limit of a document's parse (GRAPHQL_MAX_TOKENS), as Apollo Server parses. */
  maxTokens: number;
  graph: LiveGraph;
  context(request: GraphRequest): Promise<BaseContext>;
  /** Queries and mutations, answered as over HTTP. */
  operations: OperationRunner;
  authenticate: CallerAuthenticator;
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
  /** The request's well-formed `x-purpose`, if any (as the HTTP route reads it). */
  purposeOf(header: string | string[] | undefined): { purpose?: string };
  settings: LiveTransportSettings;
  metrics: LiveMetrics;
  logger: Logger;
}

/** What the transports have open and have measured. */
export interface LiveTransportStats {
  sockets: number;
  unauthenticatedSockets: number;
  sseStreams: number;
  subscriptions: number;
  sendBuffers: SendBufferStats;
  watches: LiveStats;
}

/** The transports of one app. */
export interface LiveTransport {
  /** The graphql-ws handler of the GraphQL path's WebSocket upgrade (`@fastify/websocket`'s `wsHandler`). */
  readonly webSocket: WebsocketHandler;
  /** Whether a request to the GraphQL path is a GraphQL over SSE one. */
  acceptsSse(request: FastifyRequest): boolean;
  /** Serves a GraphQL over SSE request (refusals are thrown as {@link HttpError}s). */
  handleSse(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  stats(): LiveTransportStats;
  /** Ends every stream (sockets 1001, SSE streams ended), then the watches. */
  close(): Promise<void>;
}

/** Code of a WebSocket closed because it carried no subscription and no operation for the idle timeout. */
export const IDLE_CLOSE_CODE = 1000;
/** Code of a WebSocket closed by a stopping replica (clients reconnect elsewhere). */
export const GOING_AWAY_CLOSE_CODE = 1001;
/** Code of a WebSocket closed at once because LIVE_MAX_UNAUTHENTICATED_SOCKETS others wait for their `connection_init`. */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;
interface SocketExtra extends SocketBase {
  owner: StreamOwner;
  active: Set<string>;
  idle?: NodeJS.Timeout;
  expiry?: NodeJS.Timeout;
  /** Counts the socket out of the unauthenticated ones (once). */
  authenticated(): void;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Builds the transports. */
export function createLiveTransport(deps: LiveTransportDeps): LiveTransport {
  const { settings } = deps;
  const sseStreams = new Set<ServerResponse>();
  const sockets = new Set<WebSocket>();
  const streams = new LiveStreams(deps.graph, deps.metrics);
  const active = streams.active;
  const sendBuffers: SendBufferStats = { peakBufferedBytes: 0, overflows: 0 };
  const sendBuffer = { maxBytes: settings.sendBufferBytes, maxEvents: settings.sendBufferEvents };
  /** Queries and mutations, by the stand-in context graphql-ws carries them with to `execute`. */
  const socketOperations = new WeakMap<object, SocketOperation>();
  /** Answers already in their JSON form (the HTTP pipeline's), sent as they are. */
  const formatted = new WeakSet<object>();
  let unauthenticated = 0;
  let closing = false;
  deps.metrics.observe(() => ({ active, unauthenticatedSockets: unauthenticated }));

  const prepare = (query: unknown, operationName: string | null | undefined): Prepared => prepareDocument(deps.guard, deps.maxTokens, query, operationName);
  const invalid = (document: DocumentNode): GraphQLError[] => validateSubscription(deps.schema, document);

  const format = (result: ExecutionResult | FormattedExecutionResult): FormattedExecutionResult => {
    if (formatted.has(result)) {
      return result as FormattedExecutionResult;
    }
    const { errors } = result as ExecutionResult;
    return {
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(errors === undefined ? {} : { errors: errors.map((error) => deps.formatError(error.toJSON(), error)) }),
    };
  };

  /** An SSE event's JSON: an event without errors as its cohort serialized it once (graph/live), others formatted here. */
  const serialize = (result: ExecutionResult): string => serializedEvent(result) ?? JSON.stringify(format(result));

  const refusal = (transport: LiveTransportName, errors: readonly GraphQLError[]): void => streams.refused(transport, errors);

  const answer = async (operation: SocketOperation): Promise<ExecutionResult> => {
    const result = await deps.operations(operation);
    formatted.add(result);
    return result as ExecutionResult;
  };

  /** Queries and mutations to the HTTP pipeline, subscriptions to graph/live. */
  const run = async (args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> => {
    const operation = socketOperations.get(args.contextValue as object);
    return operation === undefined ? streams.subscribe(args) : answer(operation);
  };

  const idleAfter = (extra: SocketExtra): void => {
    clearTimeout(extra.idle);
    extra.idle = setTimeout(() => extra.socket.close(IDLE_CLOSE_CODE, 'Idle: no subscription'), settings.idleTimeoutMs);
    extra.idle.unref();
  };

  const connectionHeaders = (request: { headers: Record<string, string | string[] | undefined> }) => ({
    acceptLanguage: header(request.headers['accept-language']),
    fresh: wantsFreshData(header(request.headers['cache-control'])),
    ...deps.purposeOf(request.headers['x-purpose']),
  });

  const graphqlWs = makeServer<Record<string, unknown> | undefined, SocketExtra>({
    schema: deps.schema,
    connectionInitWaitTimeout: settings.connectionInitTimeoutMs,
    onConnect: async (ctx) => {
      const fromParams = ctx.connectionParams?.['authorization'];
      const authorization = typeof fromParams === 'string' ? fromParams : ctx.extra.request.headers.authorization;
      let caller: Caller | undefined;
      try {
        caller = await deps.authenticate(authorization);
      } catch (error) {
        deps.logger.warn('WebSocket connection refused: callers cannot be checked', { code: error instanceof HttpError ? error.code : undefined });
        return false;
      }
      if (caller === undefined) {
        // graphql-ws closes with 4403 Forbidden.
        return false;
      }
      const extra = ctx.extra;
      extra.authenticated();
      extra.owner.caller = caller;
      extra.expiry = streams.expireAt(extra.owner, caller);
      idleAfter(extra);
      return true;
    },
    onSubscribe: async (ctx, id, payload) => {
      const extra = ctx.extra;
      const caller = extra.owner.caller as Caller;
      const trusted = trustedQuery(deps.trusted, payload, caller.scopes);
      const checked = 'errors' in trusted ? trusted : prepare(trusted.query, payload.operationName);
      const prepared: Prepared = expired(caller) ? { errors: [tokenExpired()], operation: checked.operation } : checked;
      if ('errors' in prepared) {
        if (prepared.operation !== 'query' && prepared.operation !== 'mutation') {
          refusal('websocket', prepared.errors);
        }
        return prepared.errors;
      }
      if (prepared.operation !== 'subscription') {
        if (extra.active.size === 0) {
          idleAfter(extra);
        }
        const stand = {};
        socketOperations.set(stand, {
          caller,
          query: (trusted as { query: string }).query,
          operationName: payload.operationName,
          variables: payload.variables,
          extensions: payload.extensions,
          requestId: randomUUID(),
          transport: 'websocket',
          ...connectionHeaders(extra.request),
        });
        return { schema: deps.schema, document: prepared.document, operationName: payload.operationName ?? null, contextValue: stand };
      }
      if (extra.active.size >= settings.maxPerConnection) {
        const errors = [
          refused(`At most ${settings.maxPerConnection} subscriptions are open on one connection; end one first.`, 'SUBSCRIPTION_LIMIT_REACHED', {
            limit: settings.maxPerConnection,
            scope: 'connection',
          }),
        ];
        refusal('websocket', errors);
        return errors;
      }
      const errors = invalid(prepared.document);
      if (errors.length > 0) {
        refusal('websocket', errors);
        return errors;
      }
      extra.active.add(id);
      clearTimeout(extra.idle);
      const { acceptLanguage } = connectionHeaders(extra.request);
      const contextValue = await deps.context({ callerId: caller.callerId, scopes: caller.scopes, fresh: false, acceptLanguage, requestId: randomUUID() });
      streams.own(contextValue, extra.owner);
      return {
        schema: deps.schema,
        document: prepared.document,
        operationName: payload.operationName ?? null,
        variableValues: payload.variables ?? null,
        contextValue,
      };
    },
    subscribe: run,
    execute: run,
    onNext: (_ctx, _id, _payload, _args, result) => format(result),
    onError: (_ctx, _id, _payload, errors) => errors.map((error) => deps.formatError(error.toJSON(), error)),
    onComplete: (ctx, id) => {
      const extra = ctx.extra;
      if (extra.active.delete(id) && extra.active.size === 0 && !closing) {
        idleAfter(extra);
      }
    },
    onClose: (ctx) => {
      clearTimeout(ctx.extra.idle);
      clearTimeout(ctx.extra.expiry);
    },
  });

  /** What a GraphQL over SSE request's operation comes to (the same checks and refusals as over WebSocket). */
  const sseAnswer = async (request: FastifyRequest, owner: StreamOwner & { caller: Caller }, params: SseParams): Promise<SseAnswer> => {
    const prepared = prepare(params.query, params.operationName);
    const errors = 'errors' in prepared ? prepared.errors : prepared.operation === 'subscription' ? invalid(prepared.document) : [];
    if (errors.length > 0) {
      if (prepared.operation !== 'query' && prepared.operation !== 'mutation') {
        refusal('sse', errors);
      }
      return {
        status: 400,
        body: JSON.stringify({ errors: errors.map((error) => deps.formatError(error.toJSON(), error)), extensions: { requestId: request.id } }),
      };
    }
    const { document, operation } = prepared as { document: DocumentNode; operation: OperationTypeNode };
    const headers = connectionHeaders(request.raw);
    if (operation !== 'subscription') {
      const result = await answer({
        caller: owner.caller,
        query: params.query,
        operationName: params.operationName,
        variables: params.variables,
        extensions: params.extensions,
        requestId: request.id,
        transport: 'sse',
        ...headers,
      });
      return { result };
    }
    const contextValue = await deps.context({
      callerId: owner.caller.callerId,
      scopes: owner.caller.scopes,
      fresh: false,
      acceptLanguage: headers.acceptLanguage,
      requestId: request.id,
    });
    const args = { schema: deps.schema, document, operationName: params.operationName ?? null, variableValues: params.variables ?? null, contextValue };
    const result = await streams.subscribe(args, owner);
    return Symbol.asyncIterator in result ? { events: result } : { result };
  };

  /** One comment line to every SSE stream whose buffer is empty (a stream that is not read gets no more than its events). */
  let sseHeartbeat: NodeJS.Timeout | undefined;
  const heartbeatSse = (): void => {
    for (const raw of sseStreams) {
      if (raw.headersSent && !raw.destroyed && !raw.writableEnded && raw.writableLength === 0) {
        raw.write(':\n\n');
      }
    }
  };

  return {
    webSocket(socket, request) {
      if (closing) {
        socket.close(GOING_AWAY_CLOSE_CODE, 'Going away');
        return;
      }
      if (unauthenticated >= settings.maxUnauthenticatedSockets) {
        socket.close(TRY_AGAIN_LATER_CLOSE_CODE, 'Too many connections waiting to authenticate');
        return;
      }
      unauthenticated += 1;
      let waiting = true;
      const authenticated = (): void => {
        if (waiting) {
          waiting = false;
          unauthenticated -= 1;
        }
      };
      const owner: StreamOwner = { transport: 'websocket', streams: new Set() };
      sockets.add(socket);
      socket.once('close', () => {
        authenticated();
        sockets.delete(socket);
      });
      openWebSocket<SocketExtra>(
        graphqlWs,
        { socket, request: request.raw, owner, active: new Set(), authenticated },
        {
          heartbeatMs: settings.heartbeatMs,
          sendBuffer,
          stats: sendBuffers,
          logger: deps.logger,
          onSlowConsumer: () => streams.endAll(owner, 'slow_consumer'),
        },
      );
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
      const get = request.method === 'GET';
      const fields = get ? request.query : request.body;
      const params = sseParams(get, fields);
      if ('problem' in params) {
        throw new HttpError(400, 'BAD_REQUEST', params.problem);
      }
      // sseParams found `fields` an object.
      const trusted = trustSseRequest(deps.trusted, fields as Record<string, unknown>, request, reply, caller.scopes);
      if (trusted === 'refused') {
        return;
      }
      params.query = trusted.query ?? params.query;
      // Read: a stream open for hours keeps its request, not the body it was asked with.
      request.body = undefined;
      const owner: StreamOwner & { caller: Caller } = { transport: 'sse', streams: new Set(), caller };
      const answered = await sseAnswer(request, owner, params);
      // The answer is written here, not by fastify.
      reply.hijack();
      const raw = reply.raw;
      const expiry = streams.expireAt(owner, caller);
      sseStreams.add(raw);
      if (sseHeartbeat === undefined) {
        sseHeartbeat = setInterval(heartbeatSse, settings.heartbeatMs);
        sseHeartbeat.unref();
      }
      const ended = (): void => {
        clearTimeout(expiry);
        sseStreams.delete(raw);
        if (sseStreams.size === 0) {
          clearInterval(sseHeartbeat);
          sseHeartbeat = undefined;
        }
      };
      // Chained, not awaited: an open stream holds no suspended frame of this function.
      return serveSse(raw, answered, {
        headers: reply.getHeaders(),
        serialize,
        sendBuffer,
        stats: sendBuffers,
        onSlowConsumer: () => streams.endAll(owner, 'slow_consumer'),
      }).then(ended, (error: unknown) => {
        ended();
        // The answer is under way: a stream cut by a stop or by its client has no one to tell.
        if (!closing && !raw.destroyed) {
          deps.logger.warn('SSE stream failed', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
        }
        raw.destroy();
      });
    },

    stats() {
      return {
        sockets: sockets.size,
        unauthenticatedSockets: unauthenticated,
        sseStreams: sseStreams.size,
        subscriptions: active.websocket + active.sse,
        sendBuffers: { ...sendBuffers },
        watches: deps.graph.stats(),
      };
    },

    async close() {
      if (closing) {
        return;
      }
      closing = true;
      streams.stopping = true;
      // Clients resubscribe elsewhere: sockets close 1001; SSE streams end with their watches, or are cut.
      for (const socket of sockets) {
        socket.close(GOING_AWAY_CLOSE_CODE, 'Server is going away');
      }
      await deps.graph.close();
      for (const raw of sseStreams) {
        raw.destroy();
      }
    },
  };
}
