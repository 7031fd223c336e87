/**
 * The upstream client's error family. Every failure the client reports is one of these classes, each
 * with a stable SCREAMING_SNAKE `code` (like undici's `UND_ERR_*`). Messages never carry tokens,
 * assertions or keys.
 */
import { UPSTREAM_ERROR_CODES, type UpstreamErrorCode } from '../shared/error-codes.js';
import { isCatalogueCode, NO_AGENDA } from './catalogue.js';

// The codes are registered with every other error code, in src/shared/error-codes.ts.
export { UPSTREAM_ERROR_CODES, type UpstreamErrorCode };

/** One message item of an upstream error envelope, with our English meaning. */
export interface UpstreamMessage {
  /** Catalogue code, e.g. `C0060` (or `400` for CancelarProposta's numbered messages). */
  code: string;
  /** Catalogue detail code: the envelope's `context`, e.g. `V0002`. */
  detail: string;
  /** The request field the upstream blames, `''` when none. */
  field: string;
  /** The upstream's own (Portuguese) description. */
  description: string;
  /** English meaning from the catalogue; `undefined` for a code the contract does not list. */
  meaning: string | undefined;
  /** The upstream's messageType when sent. */
  messageType?: number;
}

/** Fields common to every upstream error. */
export interface UpstreamErrorInit {
  /** The operation name (e.g. `ConsultarParcelas`), or `token` for the token endpoint. */
  operation: string;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  cause?: unknown;
}

/** Base of the family. Never thrown itself. */
export abstract class UpstreamError extends Error {
  abstract readonly code: UpstreamErrorCode;
  readonly operation: string;
  readonly status?: number;
  /**
   * What the call that failed sent, set by the client as the error leaves it: HTTP attempts sent,
   * and how many of them ended without a complete answer (a timeout, a reset, a cancelled wait),
   * each of which the partner may have processed. Absent on errors that did not come out of a call.
   */
  attempts?: { sent: number; unanswered: number };

  constructor(message: string, init: UpstreamErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.operation = init.operation;
    if (init.status !== undefined) {
      this.status = init.status;
    }
  }
}

/** The deadline passed (or HTTP 408/504, or a connect/header/body timeout). */
export class UpstreamTimeoutError extends UpstreamError {
  readonly code = 'UPSTREAM_TIMEOUT' as const;
}

/** The upstream answered 5xx or could not be reached. */
export class UpstreamUnavailableError extends UpstreamError {
  readonly code = 'UPSTREAM_UNAVAILABLE' as const;
}

/**
 * The partner is failing (consecutive timeouts or 5xx opened the circuit breaker): the call was
 * refused at once and never sent. Retry after `retryAfterSeconds`.
 */
export class UpstreamCircuitOpenError extends UpstreamError {
  readonly code = 'UPSTREAM_CIRCUIT_OPEN' as const;
  /** Seconds until the breaker lets a probe call through (0 while a probe is in flight). */
  readonly retryAfterSeconds: number;

  constructor(message: string, init: UpstreamErrorInit & { retryAfterSeconds: number }) {
    super(message, init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** HTTP 429 from the upstream, or our own limiter refused to wait longer (then nothing was sent). */
export class UpstreamRateLimitedError extends UpstreamError {
  readonly code = 'UPSTREAM_RATE_LIMITED' as const;
  /** True when our limiter refused the call: the request never left the process. */
  readonly local: boolean;
  /** Seconds the upstream asked to wait (Retry-After), when given. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, init: UpstreamErrorInit & { local: boolean; retryAfterSeconds?: number }) {
    super(message, init);
    this.local = init.local;
    if (init.retryAfterSeconds !== undefined) {
      this.retryAfterSeconds = init.retryAfterSeconds;
    }
  }
}

/** The token endpoint refused us (OAuth error), or the upstream kept answering 401 after one renewal. */
export class UpstreamAuthError extends UpstreamError {
  readonly code = 'UPSTREAM_AUTH_FAILED' as const;
  /** The OAuth `error` field (`invalid_client`, ...) when the token endpoint sent one. */
  readonly oauthError?: string;

  constructor(message: string, init: UpstreamErrorInit & { oauthError?: string }) {
    super(message, init);
    if (init.oauthError !== undefined) {
      this.oauthError = init.oauthError;
    }
  }
}

/** The answer could not be understood: not JSON, not an object, an unexpected status. */
export class UpstreamBadResponseError extends UpstreamError {
  readonly code = 'UPSTREAM_BAD_RESPONSE' as const;
}

/**
 * The caller's request had already started every upstream call it may make (`maxCalls`): this one
 * was refused before the client, and never sent. Thrown by a per-request budget in the call chain
 * (the graph's `budgetedUpstream`), so a call still rejects only with an `UpstreamError`.
 */
export class UpstreamCallBudgetError extends UpstreamError {
  readonly code = 'UPSTREAM_CALL_BUDGET_EXCEEDED' as const;
  /** The calls one request may start. */
  readonly maxCalls: number;

  constructor(message: string, init: UpstreamErrorInit & { maxCalls: number }) {
    super(message, init);
    this.maxCalls = init.maxCalls;
  }
}

/** Base of the three envelope failures; carries every message item. */
export abstract class UpstreamEnvelopeError extends UpstreamError {
  readonly items: UpstreamMessage[];
  /** The envelope's `msg`. */
  readonly upstreamMessage?: string;

  constructor(message: string, init: UpstreamErrorInit & { items: UpstreamMessage[]; upstreamMessage?: string }) {
    super(message, init);
    this.items = init.items;
    if (init.upstreamMessage !== undefined) {
      this.upstreamMessage = init.upstreamMessage;
    }
  }
}

/** C0112/V0001: the proposal does not exist. */
export class UpstreamNotFoundError extends UpstreamEnvelopeError {
  readonly code = 'UPSTREAM_NOT_FOUND' as const;
}

/** C0112/V0002: the proposal belongs to another integration. */
export class UpstreamForbiddenError extends UpstreamEnvelopeError {
  readonly code = 'UPSTREAM_FORBIDDEN' as const;
}

/** Any other `hasError` envelope (HTTP 200 or 400): a business or validation rejection. */
export class UpstreamRejectedError extends UpstreamEnvelopeError {
  readonly code = 'UPSTREAM_REJECTED' as const;
}

/** True for any error of the family. */
export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}

/**
 * Whether an upstream error is the "no receivables agenda yet" answer ({@link NO_AGENDA} on every
 * message item): for an agenda or boleto read, nothing yet rather than failure.
 */
export function isNoAgenda(error: unknown): boolean {
  return error instanceof UpstreamRejectedError && error.items.length > 0 && error.items.every((i) => isCatalogueCode(i, NO_AGENDA.code, NO_AGENDA.detail));
}

/**
 * Whether a failed call is one of the partner's normal "nothing here" answers, which the graph
 * answers as null: no receivables agenda before disbursement (any operation), or a record a read asks
 * for that the partner does not know. Not a failure of the partner or of the graph, so not worth a
 * warning (the call's outcome and metrics keep its code).
 */
export function isExpectedAnswer(error: unknown, write: boolean): boolean {
  return isNoAgenda(error) || (!write && error instanceof UpstreamNotFoundError);
}
