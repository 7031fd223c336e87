/**
 * Reading a request body for the HTTP adapter (http.ts): the size limit on the wire and once decoded,
 * gzip and deflate content codings, the UTF-8 charset, JSON parsing, and draining a refused body so
 * the client reads its answer instead of a reset.
 */
import { type IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';
import { HttpError } from './errors.js';

/** Media types whose bodies are parsed as JSON; any other body goes on as text (Apollo decides about it). */
const JSON_TYPE = /^application\/(json|[\w.+-]+\+json)$/i;

/**
 * Bytes of an oversized body read and thrown away after its 413 was sent, so that the client can
 * finish sending and read the answer (closing with unread data makes the kernel reset the
 * connection, and the client sees a reset instead of the 413). Past this the connection is dropped.
 */
const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;

/** A request body's content coding this server decodes. */
export type ContentCoding = 'identity' | 'gzip' | 'deflate';

/** The content coding a `Content-Encoding` header names; undefined for any other (or for more than one). */
export function contentCoding(header: string | undefined): ContentCoding | undefined {
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

const decoders: Record<Exclude<ContentCoding, 'identity'>, (input: InputType, options: ZlibOptions) => Promise<Buffer>> = {
  gzip: promisify<InputType, ZlibOptions, Buffer>(gunzip),
  // HTTP's deflate is the zlib format (RFC 9110 8.4.1.2).
  deflate: promisify<InputType, ZlibOptions, Buffer>(inflate),
};

/**
 * Decodes a gzip or deflate body within `limit` bytes of output: zlib stops inflating as soon as its
 * output passes `maxOutputLength`, so a body that inflates to gigabytes (a zip bomb) costs at most
 * `limit` bytes and a 413, like a plain body over the limit.
 */
async function decode(raw: Buffer, coding: Exclude<ContentCoding, 'identity'>, limit: number): Promise<Buffer> {
  try {
    return await decoders[coding](raw, { maxOutputLength: limit });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes once decoded.`);
    }
    throw new HttpError(400, 'BAD_REQUEST', `The request body is not valid ${coding} data.`);
  }
}

/**
 * Reads the body within `limit` bytes, on the wire and, for a gzip or deflate body, once decoded.
 * JSON content types are parsed (a syntax error is a 400); anything else is passed on as text so
 * that Apollo Server's CSRF prevention and content-type checks decide about it.
 */
export async function readBody(req: IncomingMessage, limit: number, coding: ContentCoding): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);
  }
  const contentType = req.headers['content-type'] ?? '';
  const [mime = '', ...params] = contentType.split(';').map((part) => part.trim());
  const charset = params
    .find((param) => param.toLowerCase().startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be UTF-8.');
  }
  const raw = await collect(req, limit);
  const text = (coding === 'identity' ? raw : await decode(raw, coding, limit)).toString('utf8');
  if (!JSON_TYPE.test(mime)) {
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (_error) {
    throw new HttpError(400, 'BAD_REQUEST', 'The request body is not valid JSON.');
  }
}

/**
 * The body within `limit` bytes. Past the limit it rejects with a 413 at once but keeps reading (and
 * discarding) what the client still sends: a `for await` loop left early would destroy the socket,
 * and the client would see a reset instead of the answer.
 */
function collect(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        chunks.length = 0;
        reject(new HttpError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
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
