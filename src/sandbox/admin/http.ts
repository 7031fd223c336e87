import { type IncomingMessage } from 'node:http';
import { BodyTooLargeError, readBody } from '../http.js';

/** Largest admin body (client keys are the biggest thing sent here). */
const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

/** An admin refusal: answered `{error}` with its status. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(text);
  }
}

/** The admin request's JSON object body (an empty body is `{}`). */
export async function readAdminBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_ADMIN_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      throw new AdminError(413, 'body too large');
    }
    throw err;
  }
  const text = raw.toString('utf8').trim();
  if (text === '') {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AdminError(400, 'body is not valid JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AdminError(400, 'body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
