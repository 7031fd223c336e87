/**
 * GraphQL over SSE in graphql-sse's distinct connections mode (its PROTOCOL.md: one operation per
 * request, a GET's query string or a POST's JSON body, answered with `next` events and one
 * `complete`), each message framed as the library's `print` frames it. Served here rather than by its
 * `createHandler`, which keeps beside every open stream a message queue with a generator of its
 * own, a pinger, the pump that moves the operation's events into that queue, and validates a
 * document the transport has already validated: here the operation's events are pulled straight
 * into the response (bench/README.md, "Live fan-out", measures what an open stream holds).
 *
 * Each message is written at once through the stream's {@link SendBuffer}: what waits is the
 * response's own buffer, measured; a client that lets it fill has its stream ended (the connection
 * is cut: a stream that is not read takes no last event either).
 */
import { type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { type ExecutionResult } from 'graphql';
import { SendBuffer, type SendBufferLimits, type SendBufferStats } from './send-buffer.js';

/** An operation's fields as the protocol carries them. */
export interface SseParams {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A GET's JSON-valued parameter (`variables`, `extensions`), or `null` when absent. */
function jsonParameter(value: unknown): unknown {
  if (value === undefined || value === '') {
    return null;
  }
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

/**
 * The operation `fields` carry (a POST's body, a GET's query string, already parsed by the front
 * door), with graphql-sse's rules: a query string, variables and extensions objects when present;
 * or why they carry none. A query left out is empty (a trusted document's id may stand for it).
 */
export function sseParams(get: boolean, fields: unknown): SseParams | { problem: string } {
  if (!isRecord(fields)) {
    return { problem: 'The request carries no operation: send a JSON object body, or GET parameters.' };
  }
  const text = fields.query ?? '';
  if (typeof text !== 'string') {
    return { problem: 'The query must be a string.' };
  }
  let variables: unknown;
  let extensions: unknown;
  try {
    variables = get ? jsonParameter(fields.variables) : (fields.variables ?? null);
    extensions = get ? jsonParameter(fields.extensions) : (fields.extensions ?? null);
  } catch {
    return { problem: 'The variables or extensions parameter is not JSON.' };
  }
  if (variables !== null && !isRecord(variables)) {
    return { problem: 'The variables must be an object.' };
  }
  if (extensions !== null && !isRecord(extensions)) {
    return { problem: 'The extensions must be an object.' };
  }
  const operationName = typeof fields.operationName === 'string' && fields.operationName !== '' ? fields.operationName : undefined;
  return {
    query: text,
    ...(operationName === undefined ? {} : { operationName }),
    ...(variables === null ? {} : { variables }),
    ...(extensions === null ? {} : { extensions }),
  };
}

/** What an operation comes to: a refusal (a JSON answer), one result, or a subscription's events. */
export type SseAnswer = { status: number; body: string } | { result: ExecutionResult } | { events: AsyncGenerator<ExecutionResult> };

/** What {@link serveSse} needs besides the answer. */
export interface SseOptions {
  /** The response's headers so far (the front door's), to which the stream's own are added. */
  headers: Readonly<Record<string, string | number | string[] | undefined>>;
  /** A result's JSON as the client gets it (errors formatted). */
  serialize(result: ExecutionResult): string;
  sendBuffer: SendBufferLimits;
  stats: SendBufferStats;
  /** Told when the stream is cut for a full send buffer. */
  onSlowConsumer(): void;
}

/** The protocol's messages (as graphql-sse's `print` frames them). */
const COMPLETE = 'event: complete\ndata:\n\n';
const nextMessage = (json: string): string => `event: next\ndata: ${json}\n\n`;

/** Writes `answer` on `raw`; resolves once the answer has ended, rejects when its events fail. */
export function serveSse(raw: ServerResponse, answer: SseAnswer, options: SseOptions): Promise<void> {
  if ('body' in answer) {
    raw.writeHead(answer.status, { ...options.headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } as OutgoingHttpHeaders);
    return new Promise<void>((resolve) => raw.end(answer.body, () => resolve()));
  }
  raw.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  } as OutgoingHttpHeaders);
  // Sent on its own, the head is written as the very string the response keeps: flattened then, it
  // holds one string instead of a tree of its pieces for as long as the stream is open.
  raw.flushHeaders();
  // A comment first: some browsers show no stream until its first bytes come.
  raw.write(':\n\n');
  if ('result' in answer) {
    raw.write(nextMessage(options.serialize(answer.result)));
    return end(raw);
  }
  return stream(raw, answer.events, options).then(() => end(raw));
}

/** Ends `raw` with the `complete` message; at once when it is destroyed (`writable` stays true on a destroyed response, whose end() would never call back). */
function end(raw: ServerResponse): Promise<void> {
  return raw.destroyed ? Promise.resolve() : new Promise<void>((resolve) => raw.end(COMPLETE, () => resolve()));
}

/**
 * Writes each of `events` as it comes; the response's close ends them. Pulled by callbacks rather
 * than an async function's loop: an open stream waits on one pending `next()`, not on a suspended
 * frame with its registers.
 */
function stream(raw: ServerResponse, events: AsyncGenerator<ExecutionResult>, options: SseOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const buffer = new SendBuffer(options.sendBuffer, () => raw.writableLength, options.stats);
    // Ended without waiting for the events' own clean-up: a stream cut here is not waited on.
    const stop = (): void => void events.return(undefined).catch(() => undefined);
    const done = (): void => {
      raw.off('close', stop);
      resolve();
    };
    const failed = (error: unknown): void => {
      raw.off('close', stop);
      reject(error);
    };
    const write = (next: IteratorResult<ExecutionResult>): void => {
      if (next.done === true) {
        done();
        return;
      }
      if (raw.destroyed) {
        stop();
        done();
        return;
      }
      const message = nextMessage(options.serialize(next.value));
      if (!buffer.admit(Buffer.byteLength(message))) {
        options.onSlowConsumer();
        raw.destroy();
        stop();
        done();
        return;
      }
      raw.write(message, () => buffer.flushed());
      buffer.observe();
      events.next().then(write, failed);
    };
    if (raw.destroyed) {
      // Gone while the operation was prepared: its 'close' came already.
      stop();
      resolve();
      return;
    }
    raw.once('close', stop);
    events.next().then(write, failed);
  });
}
