/**
 * One GraphQL over SSE request served by graphql-sse's handler (`createHandler`, its documented
 * server core), in place of its fastify adapter, which awaited each write while the handler kept
 * pulling events into a queue of its own: a stream whose client did not read grew that queue without
 * bound. Here each message is written at once through the stream's {@link SendBuffer}, so the
 * handler's queue stays empty and what waits is the response's own buffer, measured; a client that
 * lets it fill has its stream ended (the connection is cut: a stream that is not read takes no last
 * event either).
 */
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Handler } from 'graphql-sse';
import { SendBuffer, type SendBufferLimits, type SendBufferStats } from './send-buffer.js';

/** What {@link serveSse} needs besides the request. */
export interface SseOptions {
  sendBuffer: SendBufferLimits;
  stats: SendBufferStats;
  /** Told when the stream is cut for a full send buffer. */
  onSlowConsumer(): void;
}

/** Serves `request` with `handler`; resolves once the answer has ended. */
export async function serveSse(
  handler: Handler<FastifyRequest, { reply: FastifyReply }>,
  request: FastifyRequest,
  reply: FastifyReply,
  options: SseOptions,
): Promise<void> {
  const raw = reply.raw;
  const [body, init] = await handler({
    method: request.method,
    url: request.url,
    headers: {
      get(key) {
        const header = reply.getHeader(key) ?? request.headers[key];
        return header === undefined ? null : Array.isArray(header) ? header.join('\n') : String(header);
      },
    },
    // Parsed (and bounded) by the front door's JSON parser; a GET has none.
    body: (request.body ?? null) as Record<PropertyKey, unknown> | string | null,
    raw: request,
    context: { reply },
  });
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(reply.getHeaders())) {
    headers[key] = Array.isArray(value) ? value.join('\n') : String(value);
  }
  raw.writeHead(init.status, init.statusText, { ...headers, ...init.headers });
  if (body === null || typeof body === 'string') {
    await new Promise<void>((resolve) => raw.end(body ?? undefined, () => resolve()));
    return;
  }
  const buffer = new SendBuffer(options.sendBuffer, () => raw.writableLength, options.stats);
  const messages = body[Symbol.asyncIterator]();
  // Ended without waiting for the handler's own clean-up: a stream cut here is not waited on.
  const stop = (): void => void messages.return?.(undefined).catch(() => undefined);
  raw.once('close', stop);
  try {
    for (let next = await messages.next(); next.done !== true; next = await messages.next()) {
      if (raw.destroyed) {
        stop();
        break;
      }
      if (!buffer.admit(Buffer.byteLength(next.value))) {
        options.onSlowConsumer();
        raw.destroy();
        stop();
        break;
      }
      raw.write(next.value, () => buffer.flushed());
      buffer.observe();
    }
  } finally {
    raw.off('close', stop);
  }
  // `writable` stays true on a destroyed response, whose end() would never call back.
  if (!raw.destroyed) {
    await new Promise<void>((resolve) => raw.end(() => resolve()));
  }
}
