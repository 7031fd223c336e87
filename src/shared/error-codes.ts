/**
 * The registry of every `extensions.code` a client of the graph can receive, by who answers it.
 * `docs/errors.md` documents each code once; test/unit/graphql/runtime/errors-doc.test.ts reads
 * {@link ERROR_CODES} and fails when the table and this registry disagree. A new code is added
 * here first: the layers type their codes by these lists, so a code outside them does not compile.
 */
import { ApolloServerErrorCode, ApolloServerValidationErrorCode } from '@apollo/server/errors';

/** Upstream failures whose code the graph passes on to the client unchanged (graphql/runtime/errors.ts). */
const PASSED_THROUGH = [
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_CIRCUIT_OPEN',
  'UPSTREAM_RATE_LIMITED',
  'UPSTREAM_AUTH_FAILED',
  'UPSTREAM_BAD_RESPONSE',
  'UPSTREAM_REJECTED',
  'UPSTREAM_CALL_BUDGET_EXCEEDED',
] as const;

/**
 * Codes of the upstream client's error family (upstream/errors.ts). Not client codes themselves: the
 * graph maps each one (UPSTREAM_NOT_FOUND and UPSTREAM_FORBIDDEN become NOT_FOUND and FORBIDDEN).
 */
export const UPSTREAM_ERROR_CODES = [...PASSED_THROUGH, 'UPSTREAM_NOT_FOUND', 'UPSTREAM_FORBIDDEN'] as const;

/** A stable code of the upstream error family. */
export type UpstreamErrorCode = (typeof UPSTREAM_ERROR_CODES)[number];

/** Codes the graph (graphql/) puts on the errors of a GraphQL answer. */
export const GRAPH_ERROR_CODES = [
  ...PASSED_THROUGH,
  'NOT_FOUND',
  'FORBIDDEN',
  'BAD_USER_INPUT',
  'THROTTLED',
  'QUERY_TOO_DEEP',
  'TOO_MANY_ALIASES',
  'TOO_MANY_SELECTIONS',
  'INTERNAL_SERVER_ERROR',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'IDEMPOTENCY_KEY_IN_USE',
  'OUTCOME_UNKNOWN',
  'LEDGER_UNAVAILABLE',
  'PROPOSAL_UNKNOWN_TO_PARTNER',
  'UNAUTHENTICATED',
  'INSUFFICIENT_SCOPE',
  'SUBSCRIPTION_LIMIT_REACHED',
  'EVENT_TOO_LARGE',
  'SERVER_STOPPING',
  'UNKNOWN_ENTITY_TYPE',
] as const;

/** A stable `extensions.code` of the graph. */
export type GraphErrorCode = (typeof GRAPH_ERROR_CODES)[number];

/** Codes the HTTP adapter (server/) answers itself, before Apollo Server sees the request. */
export const HTTP_ERROR_CODES = [
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'AUTH_UNAVAILABLE',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'SERVER_STOPPING',
  'OVERLOADED',
  'UPLOAD_STORE_FULL',
  'UPLOAD_QUOTA_EXCEEDED',
  'LEDGER_UNAVAILABLE',
] as const;

/** A code the HTTP adapter answers with. */
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/**
 * Codes the document guard (server/guard.ts) answers with. A token limit is Apollo's
 * GRAPHQL_PARSE_FAILED, refused introspection Apollo's INTROSPECTION_DISABLED: both are in
 * {@link SERVER_ERROR_CODES}.
 */
export const GUARD_ERROR_CODES = ['QUERY_TOO_LARGE', 'TOKEN_TOO_LONG', 'TOO_MANY_DIRECTIVES', 'SUBSCRIPTIONS_NOT_SUPPORTED'] as const;

/** A code the document guard answers with. */
export type GuardErrorCode = (typeof GUARD_ERROR_CODES)[number];

/** Codes the trusted documents gate (server/trusted-documents-gate.ts) refuses a request with. */
export const TRUSTED_DOCUMENT_ERROR_CODES = ['PERSISTED_DOCUMENT_NOT_FOUND', 'PERSISTED_DOCUMENT_REQUIRED'] as const;

/** Codes the subscription transports (server/live) end a stream or refuse an operation with. */
export const LIVE_ERROR_CODES = ['TOKEN_EXPIRED'] as const;

/** A code of the subscription transports. */
export type LiveErrorCode = (typeof LIVE_ERROR_CODES)[number];

/**
 * Codes the server puts on errors meant for clients: Apollo Server itself (with graphql-js
 * validation and type-graphql argument validation) and the document guard in front of it, whose
 * refusals the subscription transports format like any GraphQL error (a code missing here is
 * masked as INTERNAL_SERVER_ERROR and logged as the graph's fault). INTERNAL_SERVER_ERROR is not
 * among them: it is what Apollo gives any error without a code, and such errors are masked.
 */
export const SERVER_ERROR_CODES: readonly string[] = [
  ...Object.values(ApolloServerErrorCode).filter((code) => code !== ApolloServerErrorCode.INTERNAL_SERVER_ERROR),
  ...Object.values(ApolloServerValidationErrorCode),
  ...GUARD_ERROR_CODES,
  ...LIVE_ERROR_CODES,
  ...TRUSTED_DOCUMENT_ERROR_CODES,
];

/** Every code a client can receive, each once: exactly the codes docs/errors.md lists. */
export const ERROR_CODES: readonly string[] = [...new Set<string>([...GRAPH_ERROR_CODES, ...HTTP_ERROR_CODES, ...SERVER_ERROR_CODES, ...GUARD_ERROR_CODES])];
