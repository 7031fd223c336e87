import { randomUUID } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, SignJWT } from 'jose';
import { createSandbox, type CallStats, type Sandbox, type SandboxOptions } from '../../src/sandbox/server.js';
import { type FaultSettings } from '../../src/sandbox/faults.js';

/** A sandbox client with its RSA key pair (PEM). */
export interface TestClient {
  clientId: string;
  privateKeyPem: string;
  publicKeyPem: string;
}

let keyPair: Promise<{ privateKeyPem: string; publicKeyPem: string }> | undefined;

/** One RSA 2048 key pair per process (generation is the slow part). */
function sharedKeyPair(): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  keyPair ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
  })();
  return keyPair;
}

/** A test client (RSA 2048 via jose; the key pair is generated once per process and shared). */
export async function generateTestClient(clientId = 'test-client'): Promise<TestClient> {
  return { clientId, ...(await sharedKeyPair()) };
}

async function adminFetch(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    throw new Error(`admin ${method} ${path} -> ${res.status}: ${text}`);
  }
  return text === '' ? undefined : JSON.parse(text);
}

/** Proposal summary of GET /_sandbox/proposals. */
export interface AdminProposal {
  codigo: string;
  numero: number;
  codigoOperacao: string;
  situacao: number;
  ownerClientId: string;
}

/** Answer of GET /_sandbox/proposals/{codigo}/signers. */
export interface AdminSigners extends AdminProposal {
  signers: { name: string; document: string; email: string; role: string; signed: boolean; signedAt: string | null; signedFromIp: string | null }[];
}

/** Body of POST /_sandbox/proposals/{codigo}/fgts. */
export interface FgtsAgentSettings {
  fiduciaryInProgress?: boolean;
  /** ISO 8601 date or date-time; null clears it. */
  notBefore?: string | null;
  pendingAnniversaryPayment?: boolean;
}

/** Answer of GET/POST /_sandbox/proposals/{codigo}/fgts. */
export interface AdminFgtsAgent extends AdminProposal {
  fgts: { fiduciaryInProgress: boolean; notBefore: string | null; pendingAnniversaryPayment: boolean };
}

/** Typed helpers over the sandbox admin API. */
export class SandboxAdmin {
  constructor(private readonly sandbox: Sandbox) {}
  calls(): Promise<CallStats> {
    return adminFetch(this.sandbox, 'GET', 'calls') as Promise<CallStats>;
  }
  async resetCalls(): Promise<void> {
    await adminFetch(this.sandbox, 'DELETE', 'calls');
  }
  async reset(): Promise<void> {
    await adminFetch(this.sandbox, 'POST', 'reset');
  }
  async setFaults(faults: FaultSettings): Promise<void> {
    await adminFetch(this.sandbox, 'PUT', 'faults', faults);
  }
  async clearFaults(): Promise<void> {
    await adminFetch(this.sandbox, 'DELETE', 'faults');
  }
  async setSituation(id: string, situacao: number): Promise<void> {
    await adminFetch(this.sandbox, 'POST', `proposals/${encodeURIComponent(id)}/situacao`, { situacao });
  }
  async advanceSeconds(seconds: number): Promise<string> {
    return ((await adminFetch(this.sandbox, 'POST', 'clock', { advanceSeconds: seconds })) as { now: string }).now;
  }
  /** The credit analysis delay of new proposals (`GET /_sandbox/analysis`). */
  async analysisDelayMs(): Promise<number> {
    return ((await adminFetch(this.sandbox, 'GET', 'analysis')) as { delayMs: number }).delayMs;
  }
  async setAnalysisDelayMs(delayMs: number): Promise<void> {
    await adminFetch(this.sandbox, 'PUT', 'analysis', { delayMs });
  }
  /**
   * Lets the credit analysis of the proposals created so far conclude: moves the sandbox clock on by
   * the analysis delay (approved, or rejected by the README's rule, at the next request).
   */
  async concludeAnalyses(): Promise<string> {
    return this.advanceSeconds((await this.analysisDelayMs()) / 1000);
  }
  /** Partner-side IdempotencyKey replay (`PUT /_sandbox/idempotency`); off, every write runs as new. */
  async setReplay(replay: boolean): Promise<void> {
    await adminFetch(this.sandbox, 'PUT', 'idempotency', { replay });
  }
  async replay(): Promise<boolean> {
    return ((await adminFetch(this.sandbox, 'GET', 'idempotency')) as { replay: boolean }).replay;
  }
  async advanceDays(days: number): Promise<string> {
    return ((await adminFetch(this.sandbox, 'POST', 'clock', { advanceDays: days })) as { now: string }).now;
  }
  async setNow(iso: string): Promise<string> {
    return ((await adminFetch(this.sandbox, 'POST', 'clock', { now: iso })) as { now: string }).now;
  }
  async now(): Promise<string> {
    return ((await adminFetch(this.sandbox, 'GET', 'clock')) as { now: string }).now;
  }
  async revokeTokens(): Promise<void> {
    await adminFetch(this.sandbox, 'POST', 'tokens/revoke');
  }
  async setTokenEndpointDown(down: boolean): Promise<void> {
    await adminFetch(this.sandbox, 'PUT', 'token-endpoint', { down });
  }
  async registerClient(clientId: string, publicKeyPem: string, settings: { emailNotification?: boolean; chatNotification?: boolean } = {}): Promise<void> {
    await adminFetch(this.sandbox, 'POST', 'clients', { clientId, publicKeyPem, ...settings });
  }
  /**
   * Sets the FGTS paying agent's conditions of a proposal (only the fields given change;
   * `notBefore: null` clears the date): CancelarProposta then answers message 5, 10 or 13.
   */
  setFgtsAgent(id: string, state: FgtsAgentSettings): Promise<AdminFgtsAgent> {
    return adminFetch(this.sandbox, 'POST', `proposals/${encodeURIComponent(id)}/fgts`, state) as Promise<AdminFgtsAgent>;
  }
  fgtsAgent(id: string): Promise<AdminFgtsAgent> {
    return adminFetch(this.sandbox, 'GET', `proposals/${encodeURIComponent(id)}/fgts`) as Promise<AdminFgtsAgent>;
  }
  /** Who signs a proposal, and when and from which IP each signed (`GET /_sandbox/proposals/{codigo}/signers`). */
  signers(id: string): Promise<AdminSigners> {
    return adminFetch(this.sandbox, 'GET', `proposals/${encodeURIComponent(id)}/signers`) as Promise<AdminSigners>;
  }
  proposals(): Promise<AdminProposal[]> {
    return adminFetch(this.sandbox, 'GET', 'proposals') as Promise<AdminProposal[]>;
  }
}

/**
 * Starts a sandbox on port 0 with a registered test client (demo data owned by it when `demo`).
 * `close()` stops it.
 */
export async function startTestSandbox(options: SandboxOptions & { demo?: boolean } = {}): Promise<{
  sandbox: Sandbox;
  client: TestClient;
  admin: SandboxAdmin;
  close(): Promise<void>;
}> {
  const { demo, ...rest } = options;
  const client = await generateTestClient();
  const sandbox = await createSandbox({
    ...rest,
    clients: [...(rest.clients ?? []), { clientId: client.clientId, publicKeyPem: client.publicKeyPem }],
    demoOwner: demo ? client.clientId : rest.demoOwner,
  });
  return { sandbox, client, admin: new SandboxAdmin(sandbox), close: () => sandbox.close() };
}

/** A started test sandbox: the sandbox, its registered client, the admin API; `close()` stops it. */
export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>;

/** A sandbox shared by a describe block's tests, with the client's token for the current test. */
export interface SandboxFixture extends TestSandbox {
  /** A bearer token of the test client, fresh for each test. */
  token: string;
}

/**
 * One sandbox for the enclosing describe block: started before its tests, reset to its demo data (and
 * a fresh token fetched) before each, stopped after them. `reset: false` keeps what earlier tests
 * made. The fields are there once the block's tests run.
 */
export function sandboxFixture(options: Parameters<typeof startTestSandbox>[0] = {}, { reset = true }: { reset?: boolean } = {}): SandboxFixture {
  const fixture = {} as SandboxFixture;
  beforeAll(async () => {
    Object.assign(fixture, await startTestSandbox(options));
  });
  afterAll(async () => {
    await fixture.close?.();
  });
  beforeEach(async () => {
    if (reset) {
      await fixture.admin.reset();
    }
    fixture.token = await getToken(fixture.sandbox, fixture.client);
  });
  return fixture;
}

/** Claims of a client assertion, overridable for negative tests. */
export interface AssertionOverrides {
  iss?: string;
  sub?: string;
  aud?: string;
  jti?: string;
  iat?: number;
  nbf?: number;
  exp?: number;
  alg?: string;
}

/** Signs a client assertion (RS256, 60 s) for `client` against `sandbox`'s token URL. */
export async function signAssertion(sandbox: Sandbox, client: TestClient, overrides: AssertionOverrides = {}): Promise<string> {
  const key = await importPKCS8(client.privateKeyPem, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: overrides.alg ?? 'RS256', typ: 'JWT' })
    .setJti(overrides.jti ?? randomUUID())
    .setIssuer(overrides.iss ?? client.clientId)
    .setSubject(overrides.sub ?? client.clientId)
    .setAudience(overrides.aud ?? `${sandbox.authUrl}/connect/token`)
    .setIssuedAt(overrides.iat ?? now)
    .setNotBefore(overrides.nbf ?? now)
    .setExpirationTime(overrides.exp ?? now + 60)
    .sign(key);
}

/** Posts a token request form; answers status and parsed JSON. */
export async function requestToken(sandbox: Sandbox, form: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${sandbox.authUrl}/connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Cache-Control': 'no-cache' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The standard token form for `client` with a fresh assertion. */
export async function tokenForm(sandbox: Sandbox, client: TestClient, overrides: AssertionOverrides = {}): Promise<Record<string, string>> {
  return {
    grant_type: 'client_credentials',
    client_id: client.clientId,
    scope: 'bmp.digital.api.full.access',
    client_assertion: await signAssertion(sandbox, client, overrides),
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  };
}

/** Signs an assertion, calls /connect/token and answers the access token (throws on refusal). */
export async function getToken(sandbox: Sandbox, client: TestClient): Promise<string> {
  const { status, json } = await requestToken(sandbox, await tokenForm(sandbox, client));
  if (status !== 200 || typeof json.access_token !== 'string') {
    throw new Error(`token request refused: ${status} ${JSON.stringify(json)}`);
  }
  return json.access_token;
}

/** Response of {@link callOperation}: status, headers and the body parsed as JSON (null when not JSON). */
export interface OperationResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests index into envelopes freely
  json: any;
}

/**
 * Calls an operation path (CancelarProposta's `/FGTS/CancelarProposta` goes to the environment URL)
 * with a bearer token and a fresh IdempotencyKey unless `headers` sets one. A `string` body is sent
 * as is; anything else is JSON-encoded.
 */
export async function callOperation(
  sandbox: Sandbox,
  token: string | undefined,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<OperationResponse> {
  const base = path === '/FGTS/CancelarProposta' ? sandbox.environmentUrl : sandbox.baseUrl;
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      IdempotencyKey: randomUUID(),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json };
}
