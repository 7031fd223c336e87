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

/** A stored envelope failure back in its error class. */
export function fromFailure(failure: CachedFailure): UpstreamEnvelopeError {
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
