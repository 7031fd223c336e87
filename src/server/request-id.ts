/**
 * Every answer's request id: the caller's own when it sends a well-formed one, generated otherwise.
 * An Open Finance client's `x-fapi-interaction-id` (a UUID) wins over `x-request-id` (1-128
 * characters of letters, digits and `._:-`); anything else is replaced by a fresh UUID, so a log line
 * never carries what a caller typed in a header it did not get right.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';

/** The request id's header, on the request (as the front door settled it) and on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** Open Finance Brasil's interaction id: echoed under its own name too when the caller sent it. */
export const FAPI_INTERACTION_ID_HEADER = 'x-fapi-interaction-id';

const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? undefined : value;
}

/** The id of `request`: fastify's `genReqId`. */
export function requestIdOf(request: IncomingMessage): string {
  const fapi = single(request.headers[FAPI_INTERACTION_ID_HEADER]);
  if (fapi !== undefined && UUID.test(fapi)) {
    return fapi;
  }
  const own = single(request.headers[REQUEST_ID_HEADER]);
  return own !== undefined && WELL_FORMED_REQUEST_ID.test(own) ? own : randomUUID();
}
