/**
 * What one HTTP answer of the partner means: data, or a classified failure of the `UpstreamError`
 * family (status, envelope, catalogue codes). Pure: `client.ts` calls it once per attempt, and unit
 * tests drive it directly.
 */
import { type CatalogueCode, isCatalogueCode, PROPOSAL_NOT_FOUND, PROPOSAL_OF_ANOTHER_INTEGRATION } from './catalogue.js';
import { parseBody, readEnvelope } from './envelope.js';
import {
  type UpstreamMessage,
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from './errors.js';
import { type OperationSpec } from './operations.js';
import { type ClassifiedFailure, parseRetryAfter } from './transport.js';

/** One attempt's outcome: the envelope's data, or a failure with what may be retried. */
export type AttemptOutcome = { ok: true; data: Record<string, unknown> } | ({ ok: false } & ClassifiedFailure);

/** The error of a failed envelope: not found, forbidden or rejected, with every message item. */
export function envelopeError(
  operation: string,
  status: number,
  failure: { msg?: string; items: UpstreamMessage[] },
): UpstreamNotFoundError | UpstreamForbiddenError | UpstreamRejectedError {
  const init = { operation, status, items: failure.items, ...(failure.msg === undefined ? {} : { upstreamMessage: failure.msg }) };
  const has = (known: CatalogueCode): boolean => failure.items.some((i) => isCatalogueCode(i, known.code, known.detail));
  // Descriptions may name people; messages carry codes and our meanings only.
  const summary = failure.items.map((i) => `${i.code}/${i.detail}${i.meaning ? ` ${i.meaning}` : ''}`).join('; ') || 'no message items';
  if (has(PROPOSAL_NOT_FOUND)) {
    return new UpstreamNotFoundError(`${operation}: proposal not found (${summary})`, init);
  }
  if (has(PROPOSAL_OF_ANOTHER_INTEGRATION)) {
    return new UpstreamForbiddenError(`${operation}: the proposal belongs to another integration (${summary})`, init);
  }
  return new UpstreamRejectedError(`${operation}: the upstream rejected the request (${summary})`, init);
}

/**
 * Turns one HTTP answer into data or a classified failure. Pure: unit tests drive it directly.
 * A 401 comes back as an `UpstreamAuthError` with status 401 (the caller renews and replays once).
 */
export function interpretResponse(
  operation: string,
  spec: Pick<OperationSpec, 'parsesJson'>,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  text: string,
): AttemptOutcome {
  const init = { operation, status };
  if (status === 401) {
    return { ok: false, error: new UpstreamAuthError(`${operation}: the upstream refused the token (HTTP 401)`, init), retry: 'none' };
  }
  if (status === 408 || status === 504) {
    return { ok: false, error: new UpstreamTimeoutError(`${operation}: the upstream timed out (HTTP ${status})`, init), retry: 'read' };
  }
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(headers['retry-after']);
    return {
      ok: false,
      error: new UpstreamRateLimitedError(`${operation}: the upstream is rate limiting (HTTP 429)`, {
        ...init,
        local: false,
        ...(retryAfterMs === undefined ? {} : { retryAfterSeconds: retryAfterMs / 1000 }),
      }),
      retry: 'any',
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  if (status >= 500) {
    const retryAfterMs = parseRetryAfter(headers['retry-after']);
    return {
      ok: false,
      error: new UpstreamUnavailableError(`${operation}: the upstream is unavailable (HTTP ${status})`, init),
      // 502/503 come from gateways before the service: safe to repeat with the same key.
      retry: status === 502 || status === 503 ? 'any' : 'read',
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  const parsed = parseBody(text);
  if (status >= 200 && status < 300) {
    if (parsed.kind === 'invalid') {
      return { ok: false, error: new UpstreamBadResponseError(`${operation}: ${parsed.reason} (HTTP ${status})`, init), retry: 'none' };
    }
    const envelope = readEnvelope(parsed.value);
    if (!envelope.ok) {
      return { ok: false, error: envelopeError(operation, status, envelope.error), retry: 'none' };
    }
    if (spec.parsesJson) {
      const json = parseJsonField(operation, status, envelope.data);
      if (json instanceof UpstreamBadResponseError) {
        return { ok: false, error: json, retry: 'none' };
      }
      return { ok: true, data: json };
    }
    return { ok: true, data: envelope.data };
  }
  if (status >= 400 && status < 500 && parsed.kind === 'object') {
    const envelope = readEnvelope(parsed.value, status === 400);
    if (!envelope.ok) {
      return { ok: false, error: envelopeError(operation, status, envelope.error), retry: 'none' };
    }
  }
  if (status === 403) {
    return { ok: false, error: new UpstreamAuthError(`${operation}: the upstream refused access (HTTP 403)`, init), retry: 'none' };
  }
  const reason = parsed.kind === 'invalid' ? `; ${parsed.reason}` : '';
  return { ok: false, error: new UpstreamBadResponseError(`${operation}: unexpected HTTP ${status}${reason}`, init), retry: 'none' };
}

/** Parses the `json` string of the person and bureau look-ups in place of the string. */
function parseJsonField(operation: string, status: number, data: Record<string, unknown>): Record<string, unknown> | UpstreamBadResponseError {
  const raw = data.json;
  if (typeof raw !== 'string') {
    return data;
  }
  const trimmed = raw.trim();
  if (trimmed === '') {
    const { json: _json, ...rest } = data;
    return rest;
  }
  try {
    return { ...data, json: JSON.parse(trimmed) as unknown };
  } catch {
    return new UpstreamBadResponseError(`${operation}: the json field is not valid JSON`, { operation, status });
  }
}
