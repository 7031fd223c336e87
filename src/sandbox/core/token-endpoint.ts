import { type IncomingMessage, type ServerResponse } from 'node:http';
import { BodyTooLargeError, mediaType, readBody, sendJson } from '../http.js';
import { type FaultEffects } from './fault-effects.js';
import { type SandboxState } from './state.js';

/** Largest token-endpoint form body. */
const MAX_TOKEN_BODY_BYTES = 64 * 1024;

/** `POST /connect/token`: faults (when listed), the admin's "down" switch, the form, then the token service. */
export async function handleTokenRequest(state: SandboxState, effects: FaultEffects, req: IncomingMessage, res: ServerResponse): Promise<void> {
  state.calls.tokenRequests += 1;
  const decision = state.faults.decide('/connect/token');
  if (await effects.apply(req, res, decision, (status) => ({ error: 'temporarily_unavailable', error_description: `Injected fault (HTTP ${status}).` }))) {
    return;
  }
  const headers = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
  if (state.tokenEndpointDown) {
    req.resume();
    sendJson(res, 503, { error: 'temporarily_unavailable', error_description: 'The token endpoint is down (sandbox admin).' }, undefined, headers);
    return;
  }
  if (req.method !== 'POST') {
    req.resume();
    sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST.' }, undefined, { ...headers, Allow: 'POST' });
    return;
  }
  if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
    req.resume();
    sendJson(res, 400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded.' }, undefined, headers);
    return;
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_TOKEN_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      sendJson(res, 413, { error: 'invalid_request', error_description: 'The form is too large.' }, undefined, { ...headers, Connection: 'close' });
    }
    return;
  }
  const audiences = [`${state.url}/connect/token`];
  const host = req.headers.host;
  if (host) {
    audiences.push(`http://${host}/connect/token`);
  }
  const answer = await state.tokens.issue(new URLSearchParams(raw.toString('utf8')), audiences);
  if (answer.status !== 200) {
    state.log(`sandbox: token request refused: ${String(answer.body.error)}`);
  }
  sendJson(res, answer.status, answer.body, undefined, headers);
}
