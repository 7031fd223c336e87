import { type IncomingMessage } from 'node:http';
import { type SandboxState } from '../core/state.js';
import { FaultSettingsError, parseFaultSettings } from '../faults.js';
import { moveToSituation } from '../lifecycle/transitions.js';
import { Situation, type Proposal, type SituationCode } from '../model/types.js';
import { buildOpenApi } from '../openapi.js';
import { utcIso } from '../routes/input.js';
import { AdminError } from './http.js';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One admin request: the state, the path's captured parts and its JSON body on demand. */
export interface AdminRequest {
  state: SandboxState;
  req: IncomingMessage;
  params: string[];
  body(): Promise<Record<string, unknown>>;
}

export interface AdminAnswer {
  status: number;
  body?: unknown;
}

type AdminHandler = (r: AdminRequest) => Promise<AdminAnswer> | AdminAnswer;

/** A path of the admin API and the handler of each method it serves (in the order a 405 names them). */
export interface AdminRoute {
  path: RegExp;
  methods: Partial<Record<AdminMethod, AdminHandler>>;
}

/** Business-clock bounds (ms): boleto due-date factors start in 2000; ISO years have four digits. */
const CLOCK_RANGE = [Date.UTC(2001, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59)] as const;
/** Longest credit analysis the admin API sets: 30 days. */
const MAX_ANALYSIS_DELAY_MS = 30 * 86_400_000;
const VALID_SITUATIONS = new Set<number>(Object.values(Situation));
const FGTS_AGENT_FIELDS = new Set(['fiduciaryInProgress', 'notBefore', 'pendingAnniversaryPayment']);

function summary(p: Proposal): Record<string, unknown> {
  return { codigo: p.id, numero: p.number, codigoOperacao: p.operationCode, situacao: p.situation, ownerClientId: p.ownerClientId };
}

function fgtsAgentView(p: Proposal): Record<string, unknown> {
  const a = p.fgtsAgent;
  return {
    ...summary(p),
    fgts: { fiduciaryInProgress: a?.fiduciaryInProgress ?? false, notBefore: a?.notBefore?.toISOString() ?? null, pendingAnniversaryPayment: a?.pendingAnniversaryPayment ?? false },
  };
}

/** The proposal a path names (its codigo, URL-encoded, any case), or 404. */
function proposalOf(state: SandboxState, raw: string | undefined): Proposal {
  let id: string;
  try {
    id = decodeURIComponent(raw ?? '').toLowerCase();
  } catch {
    throw new AdminError(404, 'unknown proposal');
  }
  const proposal = state.store.proposals.get(id);
  if (!proposal) {
    throw new AdminError(404, 'unknown proposal');
  }
  return proposal;
}

function clockView(state: SandboxState): AdminAnswer {
  return { status: 200, body: { now: state.clock.now().toISOString() } };
}

/** POST /_sandbox/clock: everything is checked before anything changes, and the result must stay in CLOCK_RANGE. */
async function moveClock({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const b = await body();
  let now: Date | undefined;
  if (b.now !== undefined) {
    now = typeof b.now === 'string' ? new Date(utcIso(b.now)) : new Date(Number.NaN);
    if (Number.isNaN(now.getTime())) {
      throw new AdminError(400, 'now must be an ISO 8601 date-time');
    }
  }
  for (const field of ['advanceDays', 'advanceSeconds']) {
    const value = b[field];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new AdminError(400, `${field} must be a number`);
    }
  }
  // In whole milliseconds, so that advancing by an analysis delay reaches its end exactly.
  const ms = Math.round(((b.advanceDays as number | undefined) ?? 0) * 86_400_000 + ((b.advanceSeconds as number | undefined) ?? 0) * 1000);
  const target = (now ?? state.clock.now()).getTime() + ms;
  if (!(target >= CLOCK_RANGE[0] && target <= CLOCK_RANGE[1])) {
    throw new AdminError(400, 'the clock must stay between 2001-01-01T00:00:00Z and 9999-12-31T23:59:59Z');
  }
  if (now) {
    state.clock.set(now);
  }
  if (ms !== 0) {
    state.clock.advanceMs(ms);
  }
  return clockView(state);
}

async function registerClient({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const { clientId, publicKeyPem, emailNotification, chatNotification } = await body();
  if (typeof clientId !== 'string' || clientId.trim() === '' || typeof publicKeyPem !== 'string') {
    throw new AdminError(400, 'clientId and publicKeyPem (strings) are required');
  }
  if ((emailNotification !== undefined && typeof emailNotification !== 'boolean') || (chatNotification !== undefined && typeof chatNotification !== 'boolean')) {
    throw new AdminError(400, 'emailNotification and chatNotification must be booleans');
  }
  try {
    await state.tokens.registerClient(clientId, publicKeyPem, { emailNotification, chatNotification });
  } catch {
    throw new AdminError(400, 'publicKeyPem is not an RSA public key in SPKI PEM form');
  }
  return { status: 201, body: { clientId, ...state.tokens.settings(clientId) } };
}

async function moveSituation({ state, params, body }: AdminRequest): Promise<AdminAnswer> {
  const { situacao } = await body();
  if (typeof situacao !== 'number' || !VALID_SITUATIONS.has(situacao)) {
    throw new AdminError(400, 'situacao must be one of 0..11');
  }
  return state.exclusive(() => {
    const proposal = proposalOf(state, params[0]);
    moveToSituation(state.context(proposal.ownerClientId), proposal, situacao as SituationCode);
    return { status: 200, body: summary(proposal) };
  });
}

/**
 * POST `/_sandbox/proposals/{codigo}/fgts`: the paying agent's conditions that make
 * CancelarProposta answer messages 5, 10 and 13. Changes only the fields it names
 * (`notBefore: null` clears the date); unknown fields are refused.
 */
async function setFgtsAgent({ state, params, body }: AdminRequest): Promise<AdminAnswer> {
  const b = await body();
  const unknown = Object.keys(b).filter((k) => !FGTS_AGENT_FIELDS.has(k));
  if (unknown.length > 0) {
    throw new AdminError(400, `unknown fields: ${unknown.join(', ').slice(0, 200)}; expected fiduciaryInProgress, notBefore, pendingAnniversaryPayment`);
  }
  const { fiduciaryInProgress, notBefore, pendingAnniversaryPayment } = b;
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
  return state.exclusive(() => {
    const proposal = proposalOf(state, params[0]);
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

/** GET `/_sandbox/proposals/{codigo}/signers`: who signs, and when and from where each signed. */
function signers({ state, params }: AdminRequest): AdminAnswer {
  const proposal = proposalOf(state, params[0]);
  return {
    status: 200,
    body: {
      ...summary(proposal),
      signers: proposal.signers.map((s) => ({
        name: s.name,
        document: s.document,
        email: s.email,
        role: s.role,
        signed: s.signed,
        signedAt: s.signedAt?.toISOString() ?? null,
        signedFromIp: s.signedFromIp ?? null,
      })),
    },
  };
}

async function setAnalysis({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const { delayMs } = await body();
  if (typeof delayMs !== 'number' || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_ANALYSIS_DELAY_MS) {
    throw new AdminError(400, `delayMs must be an integer from 0 to ${MAX_ANALYSIS_DELAY_MS}`);
  }
  state.analysisDelayMs = delayMs;
  return { status: 200, body: { delayMs } };
}

async function setReplay({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const { replay } = await body();
  if (typeof replay !== 'boolean') {
    throw new AdminError(400, 'replay must be a boolean');
  }
  state.replay.enabled = replay;
  return { status: 200, body: { replay } };
}

async function setFaults({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const b = await body();
  try {
    state.faults.set(parseFaultSettings(b, [...state.routes.keys(), '/connect/token']));
  } catch (err) {
    if (err instanceof FaultSettingsError) {
      throw new AdminError(400, err.message);
    }
    throw err;
  }
  return { status: 200, body: state.faults.get() };
}

async function setTokenEndpoint({ state, body }: AdminRequest): Promise<AdminAnswer> {
  const { down } = await body();
  if (typeof down !== 'boolean') {
    throw new AdminError(400, 'down must be a boolean');
  }
  state.tokenEndpointDown = down;
  return { status: 200, body: { down } };
}

/** The admin API (README, "Admin API"), one row per path. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    path: /^\/_sandbox\/reset$/,
    methods: {
      POST: async ({ state }) => {
        await state.reset();
        return { status: 200, body: { ok: true, demo: state.demo } };
      },
    },
  },
  { path: /^\/_sandbox\/clients$/, methods: { POST: registerClient } },
  {
    path: /^\/_sandbox\/calls$/,
    methods: {
      GET: ({ state }) => ({ status: 200, body: state.calls }),
      DELETE: ({ state }) => {
        state.resetCalls();
        return { status: 200, body: state.calls };
      },
    },
  },
  { path: /^\/_sandbox\/proposals$/, methods: { GET: ({ state }) => ({ status: 200, body: [...state.store.proposals.values()].map(summary) }) } },
  { path: /^\/_sandbox\/proposals\/([^/]+)\/situacao$/, methods: { POST: moveSituation } },
  {
    path: /^\/_sandbox\/proposals\/([^/]+)\/fgts$/,
    methods: { GET: ({ state, params }) => ({ status: 200, body: fgtsAgentView(proposalOf(state, params[0])) }), POST: setFgtsAgent },
  },
  { path: /^\/_sandbox\/proposals\/([^/]+)\/signers$/, methods: { GET: signers } },
  { path: /^\/_sandbox\/clock$/, methods: { GET: ({ state }) => clockView(state), POST: moveClock } },
  { path: /^\/_sandbox\/analysis$/, methods: { GET: ({ state }) => ({ status: 200, body: { delayMs: state.analysisDelayMs } }), PUT: setAnalysis } },
  { path: /^\/_sandbox\/idempotency$/, methods: { GET: ({ state }) => ({ status: 200, body: { replay: state.replay.enabled } }), PUT: setReplay } },
  {
    path: /^\/_sandbox\/faults$/,
    methods: {
      GET: ({ state }) => ({ status: 200, body: state.faults.get() }),
      PUT: setFaults,
      DELETE: ({ state }) => {
        state.faults.clear();
        return { status: 200, body: state.faults.get() };
      },
    },
  },
  {
    path: /^\/_sandbox\/tokens\/revoke$/,
    methods: {
      POST: ({ state }) => {
        state.tokens.revokeAll();
        return { status: 200, body: { revoked: true } };
      },
    },
  },
  { path: /^\/_sandbox\/token-endpoint$/, methods: { GET: ({ state }) => ({ status: 200, body: { down: state.tokenEndpointDown } }), PUT: setTokenEndpoint } },
  { path: /^\/_sandbox\/openapi\.json$/, methods: { GET: ({ state }) => ({ status: 200, body: buildOpenApi(state.url) }) } },
];
