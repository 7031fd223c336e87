import { ApolloServerErrorCode, ApolloServerValidationErrorCode, unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { type Logger, redact, stackFrames } from './logger.js';

/** The code every masked error carries. */
export const INTERNAL_SERVER_ERROR = ApolloServerErrorCode.INTERNAL_SERVER_ERROR;

/** Message of every masked error: says nothing about the cause. */
export const MASKED_MESSAGE = 'Internal server error';

/**
 * Codes the server itself (Apollo Server, graphql-js validation through Apollo, type-graphql
 * argument validation) puts on errors meant for clients. INTERNAL_SERVER_ERROR is not among them:
 * it is what Apollo gives any error without a code, and such errors are masked.
 */
export const SERVER_ERROR_CODES: readonly string[] = [
  ...Object.values(ApolloServerErrorCode).filter((code) => code !== ApolloServerErrorCode.INTERNAL_SERVER_ERROR),
  ...Object.values(ApolloServerValidationErrorCode),
];

/** Errors the HTTP adapter answers itself, before Apollo Server sees the request. */
export type HttpErrorCode = 'PAYLOAD_TOO_LARGE' | 'BAD_REQUEST' | 'ROUTE_NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'UNSUPPORTED_MEDIA_TYPE' | 'UNAUTHENTICATED' | 'AUTH_UNAVAILABLE' | 'SERVER_STOPPING';

/** Every code the HTTP adapter answers with (docs/errors.md lists them beside the graph's). */
export const HTTP_ERROR_CODES: readonly HttpErrorCode[] = [
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'AUTH_UNAVAILABLE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
];

/** A request the HTTP adapter refuses, with its status and a stable code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Builds Apollo Server's `formatError`. The error a resolver threw is first passed through
 * `normalize` (the graph's own error mapping). Then a GraphQLError whose `extensions.code` is one of
 * `knownCodes` reaches the client as it is (without a stack trace); anything else — a plain Error, a
 * GraphQLError without a code or with an unknown one — becomes `INTERNAL_SERVER_ERROR` with a fixed
 * message, and is logged with its class name, code, path and stack frames; its message (which may
 * quote personal input) is logged only at debug level, redacted.
 */
export function createFormatError(
  knownCodes: Iterable<string>,
  logger: Logger,
  normalize: (error: unknown) => unknown = (error) => error,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  const known = new Set(knownCodes);
  known.delete(INTERNAL_SERVER_ERROR);
  return (formatted, error) => {
    const unwrapped = unwrapResolverError(error);
    const original = normalize(unwrapped);
    const code = original instanceof GraphQLError ? original.extensions['code'] : undefined;
    if (original instanceof GraphQLError && typeof code === 'string' && known.has(code)) {
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      if (original === unwrapped) {
        return { ...formatted, extensions: { ...extensions, code } };
      }
      // An error the graph's own mapping translated (e.g. an upstream error that escaped a loader).
      return { ...formatted, message: original.message, extensions: { ...extensions, ...original.extensions, code } };
    }
    const cause = original instanceof Error ? original : undefined;
    logger.error('masked an unexpected error', {
      errorClass: cause?.constructor.name ?? typeof original,
      errorCode: typeof code === 'string' ? code : codeOf(original),
      path: formatted.path?.join('.'),
      stack: cause === undefined ? undefined : stackFrames(cause),
    });
    if (cause !== undefined) {
      // Messages may quote input; only a redacted form, and only when debugging.
      logger.debug('masked error message', { path: formatted.path?.join('.'), errorMessage: redact(cause.message).slice(0, 300) });
    }
    return {
      message: MASKED_MESSAGE,
      ...(formatted.locations === undefined ? {} : { locations: formatted.locations }),
      ...(formatted.path === undefined ? {} : { path: formatted.path }),
      extensions: { code: INTERNAL_SERVER_ERROR },
    };
  };
}

function codeOf(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && 'code' in value) {
    const code = (value as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
