import { type IncomingMessage, type ServerResponse } from 'node:http';

/** Largest request body the sandbox reads (the contract publishes no limit; documented in README). */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Thrown by {@link readBody} when the body is larger than the limit. */
export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE';
}

/** Thrown by {@link readBody} when the client aborts while sending. */
export class BodyAbortedError extends Error {
  readonly code = 'BODY_ABORTED';
}

/**
 * Reads the whole request body up to `limit` bytes. Past the limit it stops buffering, keeps
 * draining (so the client can read the answer) and rejects with {@link BodyTooLargeError}.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new BodyTooLargeError(`body of ${declared} bytes exceeds ${limit}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    req.on('data', (chunk: Buffer) => {
      if (settled) {
        return;
      }
      size += chunk.length;
      if (size > limit) {
        settled = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(`body exceeds ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!settled) {
        settled = true;
        resolve(Buffer.concat(chunks, size));
      }
    });
    req.on('error', (err) => {
      if (!settled) {
        settled = true;
        reject(err);
      }
    });
    req.on('aborted', () => {
      if (!settled) {
        settled = true;
        reject(new BodyAbortedError('client aborted the request'));
      }
    });
  });
}

/** Writes a JSON answer (unless the socket is already gone). */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
  headers: Record<string, string> = {},
): void {
  sendText(res, status, JSON.stringify(body), contentType, headers);
}

/** Writes a pre-serialized answer (unless the socket is already gone). */
export function sendText(res: ServerResponse, status: number, text: string, contentType: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed || res.writableEnded) {
    return;
  }
  const payload = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(payload.length), ...headers });
  res.end(payload);
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** JSON media types the operations accept (facts: application/json, text/json, application/*+json). */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type === 'text/json' || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/** Whether a parsed JSON value nests arrays/objects deeper than `max` (checked without deep recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v !== null && typeof v === 'object') {
      if (depth >= max) {
        return true;
      }
      for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) {
        stack.push([child, depth + 1]);
      }
    }
  }
  return false;
}
