import { type IncomingMessage, type ServerResponse } from 'node:http';
import { SandboxFailure } from './envelope.js';
import { FaultSettingsError, parseFaultSettings } from './faults.js';
import { BodyTooLargeError, readBody, sendJson } from './http.js';
import { Situation, type Proposal, type SituationCode } from './model/types.js';
import { moveToSituation } from './model/transitions.js';
import { buildOpenApi } from './openapi.js';
import { utcIso } from './routes/input.js';
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

/** Business-clock bounds (ms): boleto due-date factors start in 2000; ISO years have four digits. */
const CLOCK_RANGE = [Date.UTC(2001, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59)] as const;

/** Longest credit analysis the admin API sets: 30 days. */
const MAX_ANALYSIS_DELAY_MS = 30 * 86_400_000;

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
  const fgtsMatch = /^\/_sandbox\/proposals\/([^/]+)\/fgts$/.exec(path);
  if (fgtsMatch) {
    return fgtsAgent(core, req, method, fgtsMatch[1] ?? '');
  }
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
      // Everything is checked before anything changes, and the result must stay in CLOCK_RANGE
      // (outside it dates stop having ISO forms or boleto due-date factors).
      let now: Date | undefined;
      if (body.now !== undefined) {
        now = typeof body.now === 'string' ? new Date(utcIso(body.now)) : new Date(Number.NaN);
        if (Number.isNaN(now.getTime())) {
          throw new AdminError(400, 'now must be an ISO 8601 date-time');
        }
      }
      for (const field of ['advanceDays', 'advanceSeconds']) {
        const value = body[field];
        if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
          throw new AdminError(400, `${field} must be a number`);
        }
      }
      // In whole milliseconds, so that advancing by an analysis delay reaches its end exactly.
      const ms = Math.round(((body.advanceDays as number | undefined) ?? 0) * 86_400_000 + ((body.advanceSeconds as number | undefined) ?? 0) * 1000);
      const target = (now ?? core.clock.now()).getTime() + ms;
      if (!(target >= CLOCK_RANGE[0] && target <= CLOCK_RANGE[1])) {
        throw new AdminError(400, 'the clock must stay between 2001-01-01T00:00:00Z and 9999-12-31T23:59:59Z');
      }
      if (now) {
        core.clock.set(now);
      }
      if (ms !== 0) {
        core.clock.advanceMs(ms);
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
        core.faults.set(parseFaultSettings(body, [...core.routes.keys(), '/connect/token']));
      } catch (err) {
        if (err instanceof FaultSettingsError) {
          throw new AdminError(400, err.message);
        }
        throw err;
      }
      return { status: 200, body: core.faults.get() };
    }
    case '/_sandbox/analysis': {
      if (method === 'GET') {
        return { status: 200, body: { delayMs: core.analysisDelayMs } };
      }
      if (method !== 'PUT') {
        methodNotAllowed('GET, PUT');
      }
      const body = await jsonBody(req);
      const delayMs = body.delayMs;
      if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_ANALYSIS_DELAY_MS) {
        throw new AdminError(400, `delayMs must be an integer from 0 to ${MAX_ANALYSIS_DELAY_MS}`);
      }
      core.analysisDelayMs = delayMs;
      return { status: 200, body: { delayMs } };
    }
    case '/_sandbox/idempotency': {
      if (method === 'GET') {
        return { status: 200, body: { replay: core.replayEnabled } };
      }
      if (method !== 'PUT') {
        methodNotAllowed('GET, PUT');
      }
      const body = await jsonBody(req);
      if (typeof body.replay !== 'boolean') {
        throw new AdminError(400, 'replay must be a boolean');
      }
      core.replayEnabled = body.replay;
      return { status: 200, body: { replay: core.replayEnabled } };
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

const FGTS_AGENT_FIELDS = new Set(['fiduciaryInProgress', 'notBefore', 'pendingAnniversaryPayment']);

function fgtsAgentView(p: Proposal): Record<string, unknown> {
  const a = p.fgtsAgent;
  return {
    ...summary(p),
    fgts: { fiduciaryInProgress: a?.fiduciaryInProgress ?? false, notBefore: a?.notBefore?.toISOString() ?? null, pendingAnniversaryPayment: a?.pendingAnniversaryPayment ?? false },
  };
}

/**
 * GET / POST `/_sandbox/proposals/{codigo}/fgts`: the paying agent's conditions that make
 * CancelarProposta answer messages 5, 10 and 13. POST changes only the fields it names
 * (`notBefore: null` clears the date); unknown fields are refused.
 */
async function fgtsAgent(core: SandboxCore, req: IncomingMessage, method: string, rawId: string): Promise<{ status: number; body?: unknown }> {
  if (method !== 'GET' && method !== 'POST') {
    methodNotAllowed('GET, POST');
  }
  const body = method === 'POST' ? await jsonBody(req) : (req.resume(), {});
  const unknown = Object.keys(body).filter((k) => !FGTS_AGENT_FIELDS.has(k));
  if (unknown.length > 0) {
    throw new AdminError(400, `unknown fields: ${unknown.join(', ').slice(0, 200)}; expected fiduciaryInProgress, notBefore, pendingAnniversaryPayment`);
  }
  const { fiduciaryInProgress, notBefore, pendingAnniversaryPayment } = body;
  if ((fiduciaryInProgress !== undefined && typeof fiduciaryInProgress !== 'boolean') || (pendingAnniversaryPayment !== undefined && typeof pendingAnniversaryPayment !== 'boolean')) {
    throw new AdminError(400, 'fiduciaryInProgress and pendingAnniversaryPayment must be booleans');
  }
  let date: Date | null | undefined;
  if (notBefore === null) {
    date = null;
  } else if (notBefore !== undefined) {
    date = typeof notBefore === 'string' && /^\d{4}-\d{2}-\d{2}/.test(notBefore) ? new Date(utcIso(notBefore)) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime())) {
      throw new AdminError(400, 'notBefore must be an ISO 8601 date or date-time, or null');
    }
  }
  let id: string;
  try {
    id = decodeURIComponent(rawId).toLowerCase();
  } catch {
    throw new AdminError(404, 'unknown proposal');
  }
  return core.exclusive(() => {
    const proposal = core.store.proposals.get(id);
    if (!proposal) {
      throw new AdminError(404, 'unknown proposal');
    }
    if (method === 'GET') {
      return { status: 200, body: fgtsAgentView(proposal) };
    }
    if (!proposal.isFgts) {
      throw new AdminError(400, 'not an FGTS proposal (tipoContrato FGTS)');
    }
    const current = proposal.fgtsAgent ?? { fiduciaryInProgress: false, pendingAnniversaryPayment: false };
    proposal.fgtsAgent = {
      fiduciaryInProgress: fiduciaryInProgress ?? current.fiduciaryInProgress,
      pendingAnniversaryPayment: pendingAnniversaryPayment ?? current.pendingAnniversaryPayment,
      notBefore: date === undefined ? current.notBefore : (date ?? undefined),
    };
    return { status: 200, body: fgtsAgentView(proposal) };
  });
}

function summary(p: { id: string; number: number; operationCode: string; situation: number; ownerClientId: string }): Record<string, unknown> {
  return { codigo: p.id, numero: p.number, codigoOperacao: p.operationCode, situacao: p.situation, ownerClientId: p.ownerClientId };
}
