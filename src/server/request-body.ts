/**
 * Request bodies, as fastify hooks and parsers: gzip and deflate content codings decoded within the
 * body limit (a body that inflates past it is refused with 413 having inflated at most the limit),
 * UTF-8 only, JSON parsed, any other media type passed on as text (Apollo Server's CSRF prevention
 * and content-type checks decide about it), and a refused body drained before its answer.
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { HttpError } from './errors.js';
import { jsonBoundsExceeded } from '../graphql/runtime/json-bounds.js';

/**
 * Bytes of an oversized body read and thrown away after its 413, so that the client can finish
 * sending and read the answer (closing with unread data makes the kernel reset the connection, and
 * the client sees a reset instead of the 413). Past this the connection is dropped.
 */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/** Media types whose bodies are parsed as JSON. */
const JSON_TYPE = /^application\/(json|[\w.+-]+\+json)\s*(;|$)/i;

/** A request body's content coding this server decodes. */
type ContentCoding = 'identity' | 'gzip' | 'deflate';

/** The content coding a `Content-Encoding` header names; undefined for any other (or for more than one). */
function contentCoding(header: string | undefined): ContentCoding | undefined {
  const coding = (header ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') {
    return 'identity';
  }
  // RFC 9110 8.4.1.3: x-gzip is gzip.
  if (coding === 'gzip' || coding === 'x-gzip') {
    return 'gzip';
  }
  return coding === 'deflate' ? 'deflate' : undefined;
}

/** Passes decoded bytes on until `limit`; past it, fails with a 413 and stops the inflater. */
class DecodedLimit extends Transform {
  private size = 0;
  /** Bytes received on the wire: fastify checks them against Content-Length (its documented contract for a stream a preParsing hook returns). */
  receivedEncodedLength = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${this.limit} bytes once decoded.`));
      return;
    }
    callback(null, chunk);
  }
}

/** Decoding, parsing and the body limit on `app` (`limit`: fastify's `bodyLimit`, counted once decoded). */
export function requestBodies(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const coding = contentCoding(request.headers['content-encoding']);
    if (coding === undefined) {
      // RFC 7694: a 415 for a content coding names the ones the server takes.
      void reply.header('accept-encoding', 'gzip, deflate');
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', "The request body's Content-Encoding is not supported: send identity, gzip or deflate.");
    }
    if (coding === 'identity') {
      return payload;
    }
    // HTTP's deflate is the zlib format (RFC 9110 8.4.1.2).
    const inflater = coding === 'gzip' ? createGunzip() : createInflate();
    // A route's own limit (POST /uploads) when it has one.
    const decoded = new DecodedLimit(request.routeOptions.bodyLimit ?? limit);
    inflater.once('error', () => decoded.destroy(new HttpError(400, 'BAD_REQUEST', `The request body is not valid ${coding} data.`)));
    payload.on('data', (chunk: Buffer) => {
      decoded.receivedEncodedLength += chunk.length;
    });
    decoded.once('close', () => {
      payload.unpipe(inflater);
      inflater.destroy();
    });
    return payload.pipe(inflater).pipe(decoded);
  });
  const utf8 = (request: FastifyRequest): void => {
    const charset = /;\s*charset="?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be UTF-8.');
    }
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, text, done) => {
    utf8(request);
    // Bounded before it is built: V8 takes seconds to parse and walk a million members.
    const exceeded = jsonBoundsExceeded(text as string);
    if (exceeded !== undefined) {
      done(new HttpError(400, 'BAD_REQUEST', `The request body holds too large a JSON value: ${exceeded}.`), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text as string) as unknown);
    } catch (_error) {
      done(new HttpError(400, 'BAD_REQUEST', 'The request body is not valid JSON.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, text, done) => {
    utf8(request);
    done(null, text);
  });
}

/**
 * Reads and drops the rest of a refused body (up to {@link DISCARD_LIMIT_BYTES}), keeping the
 * connection usable. Resolves `true` once the body has ended, `false` when the client sent more than
 * the discard limit or went away (the socket is then destroyed and there is no one to answer).
 */
export function discardBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete) {
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    let discarded = 0;
    req.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_LIMIT_BYTES) {
        req.socket.destroy();
        resolve(false);
      }
    });
    req.once('end', () => resolve(true));
    req.once('close', () => resolve(req.complete));
    req.resume();
  });
}
