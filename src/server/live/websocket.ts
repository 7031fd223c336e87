/**
 * One WebSocket handed to graphql-ws's server (`makeServer(...).opened`, its documented entry for a
 * transport of one's own), in place of its `@fastify/websocket` adapter, which awaits each write
 * and so let a subscriber that does not read pile events up out of sight. Here:
 *
 * - every message is bounded before graphql-ws parses it (`jsonBoundsExceeded`, as HTTP bodies);
 *   one that is not is closed with 4400, as graphql-ws closes an invalid message;
 * - every write goes through the socket's {@link SendBuffer}: a subscriber that lets it fill is
 *   closed with {@link SLOW_CONSUMER_CLOSE_CODE}, then cut if it does not take the close frame;
 * - ping/pong heartbeats: a socket whose pong does not come back by the next ping is cut;
 * - the messages sent in one turn of the event loop leave in one write.
 */
import { type IncomingMessage } from 'node:http';
import { type Server } from 'graphql-ws';
import { type WebSocket } from 'ws';
import { jsonBoundsExceeded } from '../../graphql/runtime/json-bounds.js';
import { type Logger } from '../logger.js';
import { SendBuffer, type SendBufferLimits, type SendBufferStats } from './send-buffer.js';

/** Close code of a WebSocket whose send buffer filled (a subscriber that does not read): reconnect and read faster. */
export const SLOW_CONSUMER_CLOSE_CODE = 4413;
/** Close code of a message that is not a bounded JSON value (graphql-ws's own code for an invalid message). */
export const BAD_MESSAGE_CLOSE_CODE = 4400;
/** Close code of a fault of the server (graphql-ws's InternalServerError). */
const INTERNAL_ERROR_CLOSE_CODE = 4500;
/** How long a closed slow consumer has to take its close frame before its socket is cut (and its buffer freed). */
const SLOW_CLOSE_WAIT_MS = 1000;

/** What {@link openWebSocket} needs besides the socket. */
export interface WebSocketOptions {
  heartbeatMs: number;
  sendBuffer: SendBufferLimits;
  stats: SendBufferStats;
  logger: Logger;
  /** Told when the socket is closed for a full send buffer (before it closes). */
  onSlowConsumer(): void;
}

/** What graphql-ws's context carries of each socket (`ctx.extra`). */
export interface SocketBase {
  socket: WebSocket;
  request: IncomingMessage;
}

/** Serves graphql-ws's protocol on `socket` through `server`; `extra` becomes the socket's `ctx.extra`. */
export function openWebSocket<E extends SocketBase>(server: Server<E>, extra: E, options: WebSocketOptions): void {
  const { socket } = extra;
  const buffer = new SendBuffer(options.sendBuffer, () => socket.bufferedAmount, options.stats);
  let slow = false;
  const disconnectSlow = (): void => {
    if (slow) {
      return;
    }
    slow = true;
    options.onSlowConsumer();
    socket.close(SLOW_CONSUMER_CLOSE_CODE, 'Send buffer full: read faster');
    // A client that does not read will not take the close frame either: its buffer is let go.
    setTimeout(() => socket.terminate(), SLOW_CLOSE_WAIT_MS).unref();
  };
  socket.once('error', () => socket.terminate());
  let pongWait: NodeJS.Timeout | undefined;
  const ping = setInterval(() => {
    if (socket.readyState === socket.OPEN) {
      pongWait = setTimeout(() => socket.terminate(), options.heartbeatMs);
      pongWait.unref();
      socket.once('pong', () => clearTimeout(pongWait));
      socket.ping();
    }
  }, options.heartbeatMs);
  ping.unref();
  // The messages of one turn of the event loop (a cohort's event to each of the socket's
  // subscriptions) leave in one write: corked at the first, uncorked once the turn's callbacks ran.
  const raw = extra.request.socket;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    raw.uncork();
  };
  const closed = server.opened(
    {
      protocol: socket.protocol,
      send(data) {
        if (socket.readyState !== socket.OPEN || slow) {
          return;
        }
        if (!buffer.admit(Buffer.byteLength(data))) {
          disconnectSlow();
          return;
        }
        if (!corked) {
          corked = true;
          raw.cork();
          process.nextTick(uncork);
        }
        socket.send(data, () => buffer.flushed());
        buffer.observe();
      },
      close: (code, reason) => socket.close(code, reason),
      onMessage(handle) {
        socket.on('message', (data) => {
          const text = String(data);
          if (jsonBoundsExceeded(text) !== undefined) {
            socket.close(BAD_MESSAGE_CLOSE_CODE, 'Message holds too large a JSON value');
            return;
          }
          handle(text).catch((error: unknown) => {
            options.logger.error('WebSocket message handling failed', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
            socket.close(INTERNAL_ERROR_CLOSE_CODE, 'Internal server error');
          });
        });
      },
    },
    extra,
  );
  socket.once('close', (code, reason) => {
    clearInterval(ping);
    clearTimeout(pongWait);
    void closed(code, String(reason));
  });
}
