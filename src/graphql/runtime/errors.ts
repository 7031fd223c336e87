import { GraphQLError } from 'graphql';
import { LedgerUnavailableError } from '../../ledger/index.js';
import { type GraphErrorCode } from '../../shared/error-codes.js';
import { DEFAULT_LOCALE, type Locale } from '../common/locale.js';
import {
  UpstreamCallBudgetError,
  UpstreamCircuitOpenError,
  UpstreamEnvelopeError,
  UpstreamError,
  UpstreamRateLimitedError,
  type UpstreamErrorCode,
} from '../../upstream/index.js';

/** What each upstream failure becomes: the code and a fixed message (no upstream text, no personal data). */
interface Mapped {
  code: GraphErrorCode;
  message: string;
  retryable: boolean;
}

/**
 * The one mapping from upstream error codes to graph error codes. Exhaustive: a new
 * `UpstreamErrorCode` fails to compile here until it is mapped.
 */
export function mapUpstreamCode(code: UpstreamErrorCode): Mapped {
  switch (code) {
    case 'UPSTREAM_TIMEOUT':
      return { code: 'UPSTREAM_TIMEOUT', message: 'The credit partner did not answer in time.', retryable: true };
    case 'UPSTREAM_UNAVAILABLE':
      return { code: 'UPSTREAM_UNAVAILABLE', message: 'The credit partner is unavailable.', retryable: true };
    case 'UPSTREAM_CIRCUIT_OPEN':
      return { code: 'UPSTREAM_CIRCUIT_OPEN', message: 'The credit partner keeps failing; the call was not sent. Retry later.', retryable: true };
    case 'UPSTREAM_RATE_LIMITED':
      return { code: 'UPSTREAM_RATE_LIMITED', message: 'Too many calls to the credit partner; retry later.', retryable: true };
    case 'UPSTREAM_AUTH_FAILED':
      return { code: 'UPSTREAM_AUTH_FAILED', message: 'The graph could not authenticate with the credit partner.', retryable: false };
    case 'UPSTREAM_BAD_RESPONSE':
      return { code: 'UPSTREAM_BAD_RESPONSE', message: 'The credit partner sent an answer the graph cannot read.', retryable: false };
    case 'UPSTREAM_NOT_FOUND':
      return { code: 'NOT_FOUND', message: 'The credit partner does not know this record.', retryable: false };
    case 'UPSTREAM_FORBIDDEN':
      return { code: 'FORBIDDEN', message: 'This record belongs to another integration.', retryable: false };
    case 'UPSTREAM_REJECTED':
      return { code: 'UPSTREAM_REJECTED', message: 'The credit partner rejected the request.', retryable: false };
    case 'UPSTREAM_CALL_BUDGET_EXCEEDED':
      return {
        code: 'UPSTREAM_CALL_BUDGET_EXCEEDED',
        message: 'This request already made the upstream calls one request may make; ask for less in one query.',
        retryable: false,
      };
    default:
      return assertNever(code);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unmapped upstream error code: ${String(value)}`);
}

/**
 * Turns any error into the `GraphQLError` a client sees. `GraphQLError`s pass through; an
 * `UpstreamError` becomes its mapped code with the upstream operation and, for rejections, the
 * catalogue codes (`C0112/V0001`), never the upstream's free text; anything else is left for
 * `formatError` to mask.
 */
export function toGraphQLError(error: unknown): GraphQLError | Error {
  if (error instanceof GraphQLError) {
    if (isArgumentRefusal(error)) {
      return new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: 'BAD_USER_INPUT' satisfies GraphErrorCode } });
    }
    return isRequestRefusal(error)
      ? new GraphQLError(requestRefusalMessage(error.message), { extensions: { code: 'BAD_REQUEST' satisfies GraphErrorCode } })
      : error;
  }
  if (error instanceof LedgerUnavailableError) {
    return new GraphQLError('The graph cannot reach its operations ledger; nothing was sent to the credit partner.', {
      originalError: error,
      extensions: { code: 'LEDGER_UNAVAILABLE' satisfies GraphErrorCode, retryable: true },
    });
  }
  if (error instanceof UpstreamCallBudgetError) {
    // Never sent: no upstream operation, status or codes to report; the budget is.
    const mapped = mapUpstreamCode(error.code);
    return new GraphQLError(`This request already made the ${error.maxCalls} upstream calls one request may make; ask for less in one query.`, {
      originalError: error,
      extensions: { code: mapped.code, maxUpstreamCalls: error.maxCalls, retryable: mapped.retryable },
    });
  }
  if (error instanceof UpstreamError) {
    const mapped = mapUpstreamCode(error.code);
    const upstreamCodes = upstreamCodesOf(error);
    return new GraphQLError(mapped.message, {
      originalError: error,
      extensions: {
        code: mapped.code,
        retryable: mapped.retryable,
        upstreamOperation: error.operation,
        ...(error.status !== undefined ? { upstreamStatus: error.status } : {}),
        ...(upstreamCodes.length > 0 ? { upstreamCodes } : {}),
        ...((error instanceof UpstreamRateLimitedError || error instanceof UpstreamCircuitOpenError) && error.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.retryAfterSeconds }
          : {}),
      },
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * graphql-js's refusal of a field's arguments as the client sent them (an explicit null for a
 * non-null argument, a variable without a value), thrown with no code while the field executes: the
 * client's mistake, for that field only, not a fault of the graph. Its wording is graphql-js 16's
 * `getArgumentValues` (execution/values.js), the one place that throws it.
 */
function isArgumentRefusal(error: GraphQLError): boolean {
  return error.extensions['code'] === undefined && error.originalError === undefined && ARGUMENT_REFUSAL.test(error.message);
}

const ARGUMENT_REFUSAL =
  /^Argument "[^"]+" (?:of (?:non-null|required) type "[^"]+" (?:must not be null|was not provided)|has invalid value |of type "[^"]+" was provided the variable )/;

/**
 * Apollo Server's refusal of the request itself (an automatic persisted query whose hash does not
 * match its text, or whose version is not 1): a GraphQLError with a 4xx HTTP status and no code,
 * which Apollo Server 5 would answer as INTERNAL_SERVER_ERROR. The client's mistake: BAD_REQUEST.
 */
function isRequestRefusal(error: GraphQLError): boolean {
  if (error.extensions['code'] !== undefined || error.originalError !== undefined) {
    return false;
  }
  const status = (error.extensions['http'] as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The graph's words for Apollo Server's persisted-query refusals (its own text otherwise). */
function requestRefusalMessage(message: string): string {
  switch (message) {
    case 'provided sha does not match query':
      return 'The persisted query hash (extensions.persistedQuery.sha256Hash) is not the SHA-256 of the query text.';
    case 'Unsupported persisted query version':
      return 'Only version 1 of automatic persisted queries (extensions.persistedQuery.version) is supported.';
    default:
      return message;
  }
}

/** The catalogue codes (`code/detail`) an upstream error carries, if any. */
export function upstreamCodesOf(error: UpstreamError): string[] {
  if (!(error instanceof UpstreamEnvelopeError)) {
    return [];
  }
  return error.items.filter((i) => i.code).map((i) => catalogueCode(i.code, i.detail));
}

/** `C0112/V0001`, or the bare code when the item has no detail. */
export function catalogueCode(code: string | undefined, detail: string | undefined): string {
  if (!code) {
    return '';
  }
  return detail ? `${code}/${detail}` : code;
}

/** One item of `extensions.userErrors`: the shape of a mutation's `UserError`. */
export interface UserErrorItem {
  code: string;
  field: readonly string[] | null;
  message: string;
  upstreamCode: string | null;
}

/**
 * The `BAD_USER_INPUT` error of a query's arguments the graph refuses before any upstream call:
 * one error for all of them, its `extensions.userErrors` in the mutations' `UserError` shape.
 */
export function badUserInput(userErrors: readonly UserErrorItem[], locale: Locale = DEFAULT_LOCALE): GraphQLError {
  if (locale === 'pt-BR') {
    // The items' English texts are class-validator's; a Portuguese reader gets the generic one, with the path.
    const message =
      userErrors.length === 1
        ? 'Entrada inválida: veja extensions.userErrors.'
        : `Entrada inválida (${userErrors.length} problemas): veja extensions.userErrors.`;
    const items = userErrors.map(({ code, field, upstreamCode }) => ({ code, field, message: INVALID_INPUT_PT, upstreamCode }));
    return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' satisfies GraphErrorCode, userErrors: items } });
  }
  const message =
    userErrors.length === 1 ? `Invalid input: ${userErrors[0]?.message ?? ''}` : `Invalid input (${userErrors.length} problems): see extensions.userErrors.`;
  const items = userErrors.map(({ code, field, message: text, upstreamCode }) => ({ code, field, message: text, upstreamCode }));
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' satisfies GraphErrorCode, userErrors: items } });
}

/** The Portuguese text of an input the graph refused, as a mutation's INVALID_INPUT user error says it. */
const INVALID_INPUT_PT = 'Valor inválido no campo indicado.';

/** Another request with the same caller and idempotencyKey is still being processed; nothing was sent. */
export function idempotencyKeyInUse(): GraphQLError {
  return new GraphQLError('Another request with this idempotencyKey is still in progress; retry with the same key.', {
    extensions: { code: 'IDEMPOTENCY_KEY_IN_USE' satisfies GraphErrorCode, retryable: true },
  });
}

/** The write's answer was lost and the partner has not (yet) told whether it happened. */
export function outcomeUnknown(operation: string): GraphQLError {
  return new GraphQLError('The outcome of this write is not known yet; retry with the same idempotencyKey (never a new one) to learn it.', {
    extensions: { code: 'OUTCOME_UNKNOWN' satisfies GraphErrorCode, retryable: true, upstreamOperation: operation },
  });
}

/** The caller lacks a scope this field needs. */
export function insufficientScope(scope: string): GraphQLError {
  return new GraphQLError(`This field needs the ${scope} scope.`, { extensions: { code: 'INSUFFICIENT_SCOPE' satisfies GraphErrorCode, scope } });
}
