import { type IncomingMessage, type ServerResponse } from 'node:http';
import { SandboxFailure } from './envelope.js';
import { FaultSettingsError, parseFaultSettings } from './faults.js';
import { BodyTooLargeError, readBody, sendJson } from './http.js';
import { Situation, type SituationCode } from './model/types.js';
import { moveToSituation } from './model/transitions.js';
import { buildOpenApi } from './openapi.js';
import { type SandboxCore } from './server.js';

/** Largest admin body (client keys are the biggest thing sent here). */
const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

class AdminError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(text);
  }
}

const VALID_SITUATIONS = new Set<number>(Object.values(Situation));

async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
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

function methodNotAllowed(allowed: string): never {
  throw new AdminError(405, `method not allowed; use ${allowed}`);
}

/**
 * The admin API under `/_sandbox/` (no auth; JSON in and out). Errors answer `{ error }` with a 4xx.
 */
export async function handleAdmin(core: SandboxCore, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  try {
    const { status, body } = await route(core, req, path);
    if (status === 204) {
      req.resume();
      res.writeHead(204);
      res.end();
      return;
    }
    sendJson(res, status, body);
  } catch (err) {
    req.resume();
    if (err instanceof AdminError) {
      sendJson(res, err.status, { error: err.message });
      return;
    }
    if (err instanceof SandboxFailure) {
      sendJson(res, 400, { error: err.items.map((i) => `${i.code}/${i.context}: ${i.description}`).join('; ') });
      return;
    }
    throw err;
  }
}

async function route(core: SandboxCore, req: IncomingMessage, path: string): Promise<{ status: number; body?: unknown }> {
  const method = req.method ?? 'GET';
  const situacaoMatch = /^\/_sandbox\/proposals\/([^/]+)\/situacao$/.exec(path);
  if (situacaoMatch) {
    if (method !== 'POST') {
      methodNotAllowed('POST');
    }
    const body = await jsonBody(req);
    const situacao = body.situacao;
    if (typeof situacao !== 'number' || !VALID_SITUATIONS.has(situacao)) {
      throw new AdminError(400, 'situacao must be one of 0..11');
    }
    let id: string;
    try {
      id = decodeURIComponent(situacaoMatch[1] ?? '').toLowerCase();
    } catch {
      throw new AdminError(404, 'unknown proposal');
    }
    return core.exclusive(() => {
      const proposal = core.store.proposals.get(id);
      if (!proposal) {
        throw new AdminError(404, 'unknown proposal');
      }
      moveToSituation(core.context(proposal.ownerClientId), proposal, situacao as SituationCode);
      return { status: 200, body: summary(proposal) };
    });
  }
  switch (path) {
    case '/_sandbox/reset':
      if (method !== 'POST') {
        methodNotAllowed('POST');
      }
      req.resume();
      await core.reset();
      return { status: 200, body: { ok: true, demo: core.demo } };
    case '/_sandbox/clients': {
      if (method !== 'POST') {
        methodNotAllowed('POST');
      }
      const body = await jsonBody(req);
      const { clientId, publicKeyPem, emailNotification, chatNotification } = body;
      if (typeof clientId !== 'string' || clientId.trim() === '' || typeof publicKeyPem !== 'string') {
        throw new AdminError(400, 'clientId and publicKeyPem (strings) are required');
      }
      if ((emailNotification !== undefined && typeof emailNotification !== 'boolean') || (chatNotification !== undefined && typeof chatNotification !== 'boolean')) {
        throw new AdminError(400, 'emailNotification and chatNotification must be booleans');
      }
      try {
        await core.tokens.registerClient(clientId, publicKeyPem, { emailNotification, chatNotification });
      } catch {
        throw new AdminError(400, 'publicKeyPem is not an RSA public key in SPKI PEM form');
      }
      return { status: 201, body: { clientId, ...core.tokens.settings(clientId) } };
    }
    case '/_sandbox/calls':
      if (method === 'GET') {
        return { status: 200, body: core.calls };
      }
      if (method === 'DELETE') {
        core.resetCalls();
        return { status: 200, body: core.calls };
      }
      return methodNotAllowed('GET, DELETE');
    case '/_sandbox/proposals':
      if (method !== 'GET') {
        methodNotAllowed('GET');
      }
      return { status: 200, body: [...core.store.proposals.values()].map(summary) };
    case '/_sandbox/clock': {
      if (method === 'GET') {
        return { status: 200, body: { now: core.clock.now().toISOString() } };
      }
      if (method !== 'POST') {
        methodNotAllowed('GET, POST');
      }
      const body = await jsonBody(req);
      if (body.now !== undefined) {
        const now = typeof body.now === 'string' ? new Date(body.now) : new Date(Number.NaN);
        if (Number.isNaN(now.getTime())) {
          throw new AdminError(400, 'now must be an ISO 8601 date-time');
        }
        core.clock.set(now);
      }
      if (body.advanceDays !== undefined) {
        if (typeof body.advanceDays !== 'number' || !Number.isFinite(body.advanceDays)) {
          throw new AdminError(400, 'advanceDays must be a number');
        }
        core.clock.advanceDays(body.advanceDays);
      }
      return { status: 200, body: { now: core.clock.now().toISOString() } };
    }
    case '/_sandbox/faults': {
      if (method === 'GET') {
        return { status: 200, body: core.faults.get() };
      }
      if (method === 'DELETE') {
        core.faults.clear();
        return { status: 200, body: core.faults.get() };
      }
      if (method !== 'PUT') {
        methodNotAllowed('GET, PUT, DELETE');
      }
      const body = await jsonBody(req);
      try {
        core.faults.set(parseFaultSettings(body));
      } catch (err) {
        if (err instanceof FaultSettingsError) {
          throw new AdminError(400, err.message);
        }
        throw err;
      }
      return { status: 200, body: core.faults.get() };
    }
    case '/_sandbox/tokens/revoke':
      if (method !== 'POST') {
        methodNotAllowed('POST');
      }
      req.resume();
      core.tokens.revokeAll();
      return { status: 200, body: { revoked: true } };
    case '/_sandbox/token-endpoint': {
      if (method === 'GET') {
        return { status: 200, body: { down: core.tokenEndpointDown } };
      }
      if (method !== 'PUT') {
        methodNotAllowed('GET, PUT');
      }
      const body = await jsonBody(req);
      if (typeof body.down !== 'boolean') {
        throw new AdminError(400, 'down must be a boolean');
      }
      core.tokenEndpointDown = body.down;
      return { status: 200, body: { down: core.tokenEndpointDown } };
    }
    case '/_sandbox/openapi.json':
      if (method !== 'GET') {
        methodNotAllowed('GET');
      }
      return { status: 200, body: buildOpenApi(core.url) };
    default:
      throw new AdminError(404, `unknown admin path ${path.slice(0, 200)}`);
  }
}

function summary(p: { id: string; number: number; operationCode: string; situation: number; ownerClientId: string }): Record<string, unknown> {
  return { codigo: p.id, numero: p.number, codigoOperacao: p.operationCode, situacao: p.situation, ownerClientId: p.ownerClientId };
}
