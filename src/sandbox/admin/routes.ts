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
  /** The path as documented (`/_sandbox/proposals/{codigo}/situacao`), for the admin OpenAPI document. */
  template: string;
  /** One line per method: what it does (README, "Admin API", has the details). */
  summaries: Partial<Record<AdminMethod, string>>;
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
    fgts: {
      fiduciaryInProgress: a?.fiduciaryInProgress ?? false,
      notBefore: a?.notBefore?.toISOString() ?? null,
      pendingAnniversaryPayment: a?.pendingAnniversaryPayment ?? false,
    },
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
  if (
    (emailNotification !== undefined && typeof emailNotification !== 'boolean') ||
    (chatNotification !== undefined && typeof chatNotification !== 'boolean')
  ) {
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
  if (
    (fiduciaryInProgress !== undefined && typeof fiduciaryInProgress !== 'boolean') ||
    (pendingAnniversaryPayment !== undefined && typeof pendingAnniversaryPayment !== 'boolean')
  ) {
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
    template: '/_sandbox/reset',
    summaries: { POST: 'Clears every state (proposals, calls, faults, clock, replay cache and setting, analysis delay, tokens) and re-creates the demo data.' },
    methods: {
      POST: async ({ state }) => {
        await state.reset();
        return { status: 200, body: { ok: true, demo: state.demo } };
      },
    },
  },
  {
    path: /^\/_sandbox\/clients$/,
    template: '/_sandbox/clients',
    summaries: { POST: 'Registers or replaces a client: {clientId, publicKeyPem, emailNotification?, chatNotification?}.' },
    methods: { POST: registerClient },
  },
  {
    path: /^\/_sandbox\/calls$/,
    template: '/_sandbox/calls',
    summaries: { GET: 'Calls per operation path, total, most in flight at once, token requests.', DELETE: 'Zeroes the call counters.' },
    methods: {
      GET: ({ state }) => ({ status: 200, body: state.calls }),
      DELETE: ({ state }) => {
        state.resetCalls();
        return { status: 200, body: state.calls };
      },
    },
  },
  {
    path: /^\/_sandbox\/proposals$/,
    template: '/_sandbox/proposals',
    summaries: { GET: 'Every proposal: codigo, numero, codigoOperacao, situacao, ownerClientId.' },
    methods: { GET: ({ state }) => ({ status: 200, body: [...state.store.proposals.values()].map(summary) }) },
  },
  {
    path: /^\/_sandbox\/proposals\/([^/]+)\/situacao$/,
    template: '/_sandbox/proposals/{codigo}/situacao',
    summaries: { POST: 'Moves a proposal at once: {situacao: 0..11} (9 disburses and opens the agenda; ends a pending credit analysis).' },
    methods: { POST: moveSituation },
  },
  {
    path: /^\/_sandbox\/proposals\/([^/]+)\/fgts$/,
    template: '/_sandbox/proposals/{codigo}/fgts',
    summaries: { GET: "The FGTS paying agent's conditions of a proposal.", POST: 'Sets them: {fiduciaryInProgress?, notBefore?, pendingAnniversaryPayment?}.' },
    methods: { GET: ({ state, params }) => ({ status: 200, body: fgtsAgentView(proposalOf(state, params[0])) }), POST: setFgtsAgent },
  },
  {
    path: /^\/_sandbox\/proposals\/([^/]+)\/signers$/,
    template: '/_sandbox/proposals/{codigo}/signers',
    summaries: { GET: 'The signers of a proposal with signed, signedAt and signedFromIp.' },
    methods: { GET: signers },
  },
  {
    path: /^\/_sandbox\/clock$/,
    template: '/_sandbox/clock',
    summaries: { GET: 'The business clock: {now}.', POST: 'Pins or moves it: {now?, advanceDays?, advanceSeconds?}.' },
    methods: { GET: ({ state }) => clockView(state), POST: moveClock },
  },
  {
    path: /^\/_sandbox\/analysis$/,
    template: '/_sandbox/analysis',
    summaries: { GET: 'The credit analysis delay of new proposals: {delayMs}.', PUT: 'Sets it for proposals created afterwards: {delayMs}.' },
    methods: { GET: ({ state }) => ({ status: 200, body: { delayMs: state.analysisDelayMs } }), PUT: setAnalysis },
  },
  {
    path: /^\/_sandbox\/idempotency$/,
    template: '/_sandbox/idempotency',
    summaries: {
      GET: 'Whether writes replay by IdempotencyKey: {replay} (default true).',
      PUT: '{replay: false} treats every write as new whatever its key, like a partner that ignores IdempotencyKey; {replay: true} turns replay back on.',
    },
    methods: { GET: ({ state }) => ({ status: 200, body: { replay: state.replay.enabled } }), PUT: setReplay },
  },
  {
    path: /^\/_sandbox\/faults$/,
    template: '/_sandbox/faults',
    summaries: {
      GET: 'The fault settings.',
      PUT: 'Replaces them: {latencyMs?, errorRate?, errorStatus?, retryAfterSeconds?, failNext?, timeoutRate?, hangNext?, operations?, seed?}; unknown paths or fields: 400 naming the valid ones.',
      DELETE: 'Clears them.',
    },
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
    template: '/_sandbox/tokens/revoke',
    summaries: { POST: 'Every token issued so far answers 401.' },
    methods: {
      POST: ({ state }) => {
        state.tokens.revokeAll();
        return { status: 200, body: { revoked: true } };
      },
    },
  },
  {
    path: /^\/_sandbox\/token-endpoint$/,
    template: '/_sandbox/token-endpoint',
    summaries: { GET: 'Whether the token endpoint is down: {down}.', PUT: 'Takes it down or up: {down}.' },
    methods: { GET: ({ state }) => ({ status: 200, body: { down: state.tokenEndpointDown } }), PUT: setTokenEndpoint },
  },
  {
    path: /^\/_sandbox\/admin\/openapi\.json$/,
    template: '/_sandbox/admin/openapi.json',
    summaries: { GET: 'This document: the admin API.' },
    methods: { GET: ({ state }) => ({ status: 200, body: buildAdminOpenApi(state.url) }) },
  },
  {
    path: /^\/_sandbox\/openapi\.json$/,
    template: '/_sandbox/openapi.json',
    summaries: { GET: 'The OpenAPI document of the 18 operations and the token endpoint.' },
    methods: { GET: ({ state }) => ({ status: 200, body: buildOpenApi(state.url) }) },
  },
];

/** The `{error}` answer of every admin refusal. */
const ADMIN_ERROR = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };

/**
 * The admin API as an OpenAPI 3 document (`GET /_sandbox/admin/openapi.json`), built from the route
 * table so it cannot drift from what is served. Bodies are described in the summaries and the README.
 */
export function buildAdminOpenApi(url: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const route of ADMIN_ROUTES) {
    const parameters = route.template.includes('{codigo}')
      ? [{ name: 'codigo', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }]
      : undefined;
    paths[route.template] = Object.fromEntries(
      Object.keys(route.methods).map((method) => [
        method.toLowerCase(),
        {
          summary: route.summaries[method as AdminMethod] ?? '',
          ...(parameters ? { parameters } : {}),
          ...(method === 'POST' || method === 'PUT'
            ? { requestBody: { required: false, content: { 'application/json': { schema: { type: 'object' } } } } }
            : {}),
          responses: {
            '200': { description: 'JSON answer', content: { 'application/json': { schema: { type: 'object' } } } },
            '400': { description: '{error}: an invalid body', content: { 'application/json': { schema: ADMIN_ERROR } } },
            '404': { description: '{error}: unknown path or proposal', content: { 'application/json': { schema: ADMIN_ERROR } } },
            '405': {
              description: '{error}: the method is not served; the message names those that are',
              content: { 'application/json': { schema: ADMIN_ERROR } },
            },
          },
        },
      ]),
    );
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Sandbox admin API', version: '1.0', description: 'No authentication: a development tool. See src/sandbox/README.md, "Admin API".' },
    servers: [{ url }],
    paths,
  };
}
