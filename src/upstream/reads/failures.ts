/**
 * Which partner failures a read may outlive, and the envelope failures the read cache keeps (a
 * business answer such as "unknown proposal" is as cacheable as data) in a form that survives JSON.
 */
import { type CachedFailure } from '../cache.js';
import {
  UpstreamCircuitOpenError,
  type UpstreamEnvelopeError,
  UpstreamForbiddenError,
  type UpstreamMessage,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../errors.js';

/** Errors after which a stale answer may still be served (the partner did not give a business answer). */
export function transient(error: unknown): boolean {
  return (
    error instanceof UpstreamUnavailableError ||
    error instanceof UpstreamTimeoutError ||
    error instanceof UpstreamRateLimitedError ||
    error instanceof UpstreamCircuitOpenError
  );
}

/** An envelope failure as the cache stores it. */
export function toFailure(error: UpstreamEnvelopeError): CachedFailure {
  return {
    code: error.code as CachedFailure['code'],
    message: error.message,
    operation: error.operation,
    ...(error.status === undefined ? {} : { status: error.status }),
    items: error.items,
    ...(error.upstreamMessage === undefined ? {} : { upstreamMessage: error.upstreamMessage }),
  };
}

/**
 * A stored envelope failure back in its error class, without a stack trace: it is served to every
 * read of its key, where a stack would only name the cache's line, and capturing one is most of the
 * cost of a read answered from the cache with a failure.
 */
export function fromFailure(failure: CachedFailure): UpstreamEnvelopeError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return storedFailure(failure);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

function storedFailure(failure: CachedFailure): UpstreamEnvelopeError {
  const init = {
    operation: failure.operation,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    items: failure.items as UpstreamMessage[],
    ...(failure.upstreamMessage === undefined ? {} : { upstreamMessage: failure.upstreamMessage }),
  };
  switch (failure.code) {
    case 'UPSTREAM_NOT_FOUND':
      return new UpstreamNotFoundError(failure.message, init);
    case 'UPSTREAM_FORBIDDEN':
      return new UpstreamForbiddenError(failure.message, init);
    default:
      return new UpstreamRejectedError(failure.message, init);
  }
}
