/**
 * Classification of undici and socket failures into the error family, shared by the token endpoint
 * and the operations.
 */
import { boundedMemo } from '../shared/memo.js';
import { type UpstreamError, UpstreamBadResponseError, UpstreamTimeoutError, UpstreamUnavailableError } from './errors.js';

/** How a failure may be retried: by any operation (nothing reached the upstream), by reads only, or not at all. */
export type Retryable = 'any' | 'read' | 'none';

export interface ClassifiedFailure {
  error: UpstreamError;
  retry: Retryable;
  /** Milliseconds the upstream asked us to wait (Retry-After). */
  retryAfterMs?: number;
}

/** Errors that prove the request never reached the upstream. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function errorCode(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') {
    return undefined;
  }
  const e = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') {
    return e.code;
  }
  // Happy-eyeballs connects fail with an AggregateError whose members carry the code.
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    return errorCode(e.errors[0]);
  }
  if (e.cause !== undefined && e.cause !== error) {
    return errorCode(e.cause);
  }
  return undefined;
}

/** Turns a thrown transport error (not an abort) into a typed failure. */
export function classifyTransportError(error: unknown, operation: string): ClassifiedFailure {
  const code = errorCode(error) ?? 'UNKNOWN';
  const init = { operation, cause: error };
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return { error: new UpstreamTimeoutError(`${operation}: connecting to the upstream timed out`, init), retry: 'any' };
    case 'UND_ERR_HEADERS_TIMEOUT':
      return { error: new UpstreamTimeoutError(`${operation}: the upstream sent no response headers in time`, init), retry: 'read' };
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return { error: new UpstreamBadResponseError(`${operation}: the upstream response exceeds the size limit`, init), retry: 'none' };
    case 'UND_ERR_BODY_TIMEOUT':
      return { error: new UpstreamTimeoutError(`${operation}: the upstream response body stalled`, init), retry: 'read' };
    default:
      return {
        error: new UpstreamUnavailableError(`${operation}: the upstream could not be reached (${code})`, init),
        retry: NOT_SENT.has(code) ? 'any' : 'read',
      };
  }
}

/** Parses Retry-After (delta seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') {
    return undefined;
  }
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    return Math.round(Number(trimmed) * 1000);
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) {
    return undefined;
  }
  return Math.max(0, date - now);
}

/** Where a request goes, as undici's dispatchers take it: the URL's origin and its path with the query. */
export interface RequestTarget {
  origin: string;
  path: string;
}

/**
 * The {@link RequestTarget} of `url`, as undici's `request(url)` derives it on every call (a URL
 * parse): the partner's few URLs are parsed once.
 */
export function requestTarget(url: string): RequestTarget {
  return targetOf(url);
}

/** URLs whose target is remembered (a client has a few dozen; several clients in tests). */
const targetOf = boundedMemo(256, (url: string): RequestTarget => {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname };
});
