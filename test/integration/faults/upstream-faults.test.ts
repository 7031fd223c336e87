/**
 * The upstream client against the sandbox's fault injection. Counts come from the sandbox
 * (GET /_sandbox/calls), so each test proves what actually reached the upstream.
 */
import { randomUUID } from 'node:crypto';
import {
  consultarParcelas,
  createUpstreamClient,
  incluirManual,
  type UpstreamClient,
  type UpstreamClientOptions,
  UpstreamRateLimitedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../src/upstream/index.js';
import { callOperation, getToken, type SandboxAdmin, startTestSandbox } from '../../helpers/sandbox.js';
import { type CallStats, type SandboxOptions } from '../../../src/sandbox/server.js';

const PARCELAS = '/Proposta/ConsultarParcelas';
const INCLUIR = '/Proposta/IncluirManual';

type Started = Awaited<ReturnType<typeof startTestSandbox>>;

function optionsFor(started: Started, extra: Partial<UpstreamClientOptions> = {}): UpstreamClientOptions {
  return {
    baseUrl: started.sandbox.baseUrl,
    environmentUrl: started.sandbox.environmentUrl,
    authUrl: started.sandbox.authUrl,
    clientId: started.client.clientId,
    privateKeyPem: started.client.privateKeyPem,
    scope: 'bmp.digital.api.full.access',
    timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000, deadlineMs: 5000 },
    retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100 },
    ...extra,
  };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A valid CPF from a counter (check digits computed). */
function cpf(n: number): string {
  const base = String(200_000_000 + n)
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (d: number[]): number => {
    const r = (d.reduce((acc, x, i) => acc + x * (d.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base);
  return [...base, d1, digit([...base, d1])].join('');
}

/** What a suite of this file works with: its sandbox, a proposal in it, and upstream clients closed after each test. */
interface FaultSandbox {
  readonly started: Started;
  readonly admin: SandboxAdmin;
  /** A proposal created (for the client `cpf(cpfSeed)`) before the suite's tests. */
  readonly proposalId: string;
  /** An upstream client of the sandbox's test client; closed after the test. */
  client(extra?: Partial<UpstreamClientOptions>): UpstreamClient;
}

/**
 * Registers the hooks both suites share: a sandbox started with `options` and a proposal created in
 * it before all tests; after each, the test's clients closed, faults cleared, the token endpoint up
 * and the call counter reset; the sandbox closed after all.
 */
function faultSandbox(options: SandboxOptions, cpfSeed: number): FaultSandbox {
  let started: Started | undefined;
  let proposalId = '';
  const clients: UpstreamClient[] = [];
  const running = (): Started => {
    if (started === undefined) {
      throw new Error('the sandbox is not started');
    }
    return started;
  };
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => {
    const c = createUpstreamClient(optionsFor(running(), extra));
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    started = await startTestSandbox(options);
    const created = await incluirManual(
      client(),
      { dto: { documentoCliente: cpf(cpfSeed), tipoContrato: 'CP', vlrSolicitado: 3000, prazo: 6 } },
      { idempotencyKey: randomUUID() },
    );
    proposalId = created.codigo as string;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await running().admin.clearFaults();
    await running().admin.setTokenEndpointDown(false);
    await running().admin.resetCalls();
  });

  afterAll(async () => {
    await started?.close();
  });

  return {
    get started() {
      return running();
    },
    get admin() {
      return running().admin;
    },
    get proposalId() {
      return proposalId;
    },
    client,
  };
}

describe('upstream client under sandbox faults', () => {
  const env = faultSandbox({}, 1);
  const client = env.client;

  const read = (c: UpstreamClient, deadlineMs?: number): Promise<unknown> =>
    consultarParcelas(c, { dto: { codigoProposta: env.proposalId } }, deadlineMs === undefined ? {} : { deadlineMs });

  describe('deadline', () => {
    it('ends a slow response at the deadline with UPSTREAM_TIMEOUT, without retrying', async () => {
      const c = client();
      await read(c); // token fetched outside the measured call
      await env.admin.resetCalls();
      await env.admin.setFaults({ latencyMs: 2000, operations: [PARCELAS] });
      const t0 = performance.now();
      const error = await read(c, 300).catch((e: unknown) => e);
      const elapsed = performance.now() - t0;
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(1900);
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(1);
    });

    it('ends a hang at the deadline with UPSTREAM_TIMEOUT, read or write', async () => {
      const c = client();
      await read(c);
      await env.admin.resetCalls();
      await env.admin.setFaults({ hangNext: 2 });
      const t0 = performance.now();
      const [r, w] = await Promise.all([
        read(c, 250).catch((e: unknown) => e),
        incluirManual(c, { dto: { documentoCliente: cpf(2), tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 3 } }, { deadlineMs: 250 }).catch(
          (e: unknown) => e,
        ),
      ]);
      expect(r).toBeInstanceOf(UpstreamTimeoutError);
      expect(w).toBeInstanceOf(UpstreamTimeoutError);
      expect(performance.now() - t0).toBeLessThan(2500);
      const calls = await env.admin.calls();
      expect(calls.operations[PARCELAS]).toBe(1);
      expect(calls.operations[INCLUIR]).toBe(1);
    });

    it('ends a call at the deadline when the token endpoint is slow, sending nothing', async () => {
      await env.admin.setFaults({ latencyMs: 2000, operations: ['/connect/token'] });
      const c = client();
      const error = await read(c, 300).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      const calls = await env.admin.calls();
      expect(calls.tokenRequests).toBe(1);
      expect(calls.total).toBe(0);
    });
  });

  describe('retries', () => {
    it('retries a read on 503 and succeeds: exactly three calls reach the sandbox', async () => {
      const c = client();
      await env.admin.setFaults({ failNext: 2, errorStatus: 503, operations: [PARCELAS] });
      await expect(read(c)).resolves.toMatchObject({ hasError: false });
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(3);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, successes: 1, attempts: 3, retries: 2 });
    });

    it('retries a read on 500 too', async () => {
      const c = client();
      await env.admin.setFaults({ failNext: 1, errorStatus: 500, operations: [PARCELAS] });
      await expect(read(c)).resolves.toMatchObject({ hasError: false });
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(2);
    });

    it('gives up after maxAttempts with UPSTREAM_UNAVAILABLE', async () => {
      const c = client();
      await env.admin.setFaults({ errorRate: 1, errorStatus: 502, operations: [PARCELAS] });
      const error = await read(c).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect((error as UpstreamUnavailableError).status).toBe(502);
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(3);
    });

    it('waits for Retry-After before retrying a 429', async () => {
      const c = client();
      await read(c);
      await env.admin.resetCalls();
      await env.admin.setFaults({ failNext: 1, errorStatus: 429, retryAfterSeconds: 1, operations: [PARCELAS] });
      const t0 = performance.now();
      await expect(read(c)).resolves.toMatchObject({ hasError: false });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(990);
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(2);
    });

    it('retries a write on 503 with the same IdempotencyKey: the sandbox replays that key', async () => {
      const c = client();
      const key = randomUUID();
      const body = { dto: { documentoCliente: cpf(3), tipoContrato: 'CP', vlrSolicitado: 1500, prazo: 4 } };
      const before = (await env.admin.proposals()).length;
      await env.admin.setFaults({ failNext: 1, errorStatus: 503, operations: [INCLUIR] });
      const created = await incluirManual(c, body, { idempotencyKey: key });
      expect((await env.admin.calls()).operations[INCLUIR]).toBe(2);
      // The key of the successful attempt is the caller's: a replay of it answers the same proposal.
      const token = await getToken(env.started.sandbox, env.started.client);
      const replay = await callOperation(env.started.sandbox, token, INCLUIR, body, { IdempotencyKey: key });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.json.codigo).toBe(created.codigo);
      const again = await incluirManual(c, body, { idempotencyKey: key });
      expect(again.codigo).toBe(created.codigo);
      expect((await env.admin.proposals()).length).toBe(before + 1);
    });

    it('does not retry a write on 500: the upstream may have processed it', async () => {
      const c = client();
      await env.admin.setFaults({ failNext: 1, errorStatus: 500, operations: [INCLUIR] });
      const error = await incluirManual(c, { dto: { documentoCliente: cpf(4), tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 2 } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect((await env.admin.calls()).operations[INCLUIR]).toBe(1);
    });
  });

  describe('tokens', () => {
    it('recovers from a revoked token with exactly one renewal', async () => {
      const c = client();
      await read(c);
      await env.admin.revokeTokens();
      await env.admin.resetCalls();
      await expect(read(c)).resolves.toMatchObject({ hasError: false });
      const calls = await env.admin.calls();
      expect(calls.tokenRequests).toBe(1);
      expect(calls.operations[PARCELAS]).toBe(2);
      expect(c.stats().operations.ConsultarParcelas?.authReplays).toBe(1);
    });

    it('shares one renewal among concurrent calls rejected with the revoked token', async () => {
      const c = client();
      await read(c);
      await env.admin.revokeTokens();
      await env.admin.resetCalls();
      await Promise.all(Array.from({ length: 10 }, () => read(c)));
      const calls = await env.admin.calls();
      expect(calls.tokenRequests).toBe(1);
      expect(calls.operations[PARCELAS]).toBe(20);
    });

    it('fails with UPSTREAM_UNAVAILABLE when no token is cached and the token endpoint is down', async () => {
      await env.admin.setTokenEndpointDown(true);
      const error = await read(client()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect((error as UpstreamUnavailableError).operation).toBe('token');
      expect((await env.admin.calls()).total).toBe(0);
    });
  });

  describe('rate limit', () => {
    it('spreads a burst within the wait bound instead of refusing it', async () => {
      const c = client({ rateLimit: { requestsPerSecond: 5, burst: 2, maxConcurrent: 10, maxWaitMs: 1000 } });
      await c.request('CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 2 } }); // token, one bucket token
      await sleep(450); // bucket refilled to 2
      await env.admin.resetCalls();
      const t0 = performance.now();
      const done: number[] = [];
      await Promise.all(Array.from({ length: 4 }, () => read(c).then(() => done.push(performance.now() - t0))));
      done.sort((a, b) => a - b);
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(4);
      // At most the burst in the first window, then one per 200 ms (lower bounds: load only delays).
      expect(done.filter((t) => t < 180).length).toBeLessThanOrEqual(2);
      expect(done[2]).toBeGreaterThanOrEqual(180);
      expect(done[3]).toBeGreaterThanOrEqual(380);
    });

    it('refuses, unsent, what would wait beyond the bound with UPSTREAM_RATE_LIMITED', async () => {
      const c = client({ rateLimit: { requestsPerSecond: 5, burst: 2, maxConcurrent: 10, maxWaitMs: 500 } });
      await c.request('CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 2 } });
      await sleep(450);
      await env.admin.resetCalls();
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => read(c)));
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      // Burst 2, then slots at 200 and 400 ms; the 600 ms one is over the 500 ms bound.
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
      expect(refused).toHaveLength(6);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(UpstreamRateLimitedError);
        expect(r.reason).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', local: true });
      }
      expect((await env.admin.calls()).operations[PARCELAS]).toBe(4);
      expect(c.stats().operations.ConsultarParcelas?.errorsByCode.UPSTREAM_RATE_LIMITED).toBe(6);
    });

    it('caps the calls in flight at maxConcurrent', async () => {
      const c = client({ rateLimit: { requestsPerSecond: 1000, burst: 100, maxConcurrent: 3, maxWaitMs: 5000 } });
      await read(c);
      await env.admin.resetCalls();
      await env.admin.setFaults({ latencyMs: 80, operations: [PARCELAS] });
      await Promise.all(Array.from({ length: 9 }, () => read(c)));
      const calls = await env.admin.calls();
      expect(calls.operations[PARCELAS]).toBe(9);
      expect(calls.maxInFlight).toBe(3);
    });
  });
});

/**
 * The client's token cache runs on a clock the test moves, so the token's life passes in no time and
 * a loaded machine cannot make a burst outlive it. The sandbox's tokens live a minute of real time:
 * every token the client holds stays valid upstream while the test runs.
 */
describe('upstream client at token expiry (the client clock moves through a 60 s token life)', () => {
  const env = faultSandbox({ tokenTtlSeconds: 60 }, 10);
  const TOKEN_LIFE_MS = 60_000;
  const clock = { now: 1_000_000 };
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => env.client({ clock: () => clock.now, ...extra });

  const read = (c: UpstreamClient): Promise<unknown> => consultarParcelas(c, { dto: { codigoProposta: env.proposalId } });

  /** One read, `elapsedMs` of the token's life gone by the client's clock, then 100 concurrent reads that must all succeed: the sandbox's counts of the burst. */
  async function burstAfter(c: UpstreamClient, elapsedMs: number): Promise<CallStats> {
    await read(c);
    clock.now += elapsedMs;
    await env.admin.resetCalls();
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => read(c)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    return env.admin.calls();
  }

  it('sends exactly one token request for 100 concurrent calls after the token expired', async () => {
    const calls = await burstAfter(client(), TOKEN_LIFE_MS + 100);
    expect(calls.tokenRequests).toBe(1);
    expect(calls.operations[PARCELAS]).toBe(100);
  });

  it('renews in the background inside the window while 100 concurrent calls use the old token', async () => {
    // Renewal 30 s before expiry; 40 s gone: inside the window, the old token still valid.
    const c = client({ tokenRenewBeforeSeconds: 30 });
    const calls = await burstAfter(c, 40_000);
    // The renewal runs in the background: wait (bounded) for it before reading the counts.
    await until(async () => (await env.admin.calls()).tokenRequests >= 1);
    expect((await env.admin.calls()).tokenRequests).toBe(1);
    // Nobody waited for the renewal and nothing was refused: one call per caller.
    expect(calls.operations[PARCELAS]).toBe(100);
    expect(c.stats().operations.ConsultarParcelas?.authReplays).toBe(0);
  });

  it('keeps serving the cached token while the token endpoint is down: no failed call', async () => {
    const c = client({ tokenRenewBeforeSeconds: 30 });
    await read(c);
    await env.admin.setTokenEndpointDown(true);
    clock.now += 31_000; // renewal window open, token still valid for ~28 s
    await env.admin.resetCalls();
    for (let i = 0; i < 5; i += 1) {
      await expect(read(c)).resolves.toMatchObject({ hasError: false });
    }
    // The renewal runs in the background: wait (bounded) until it has failed before reading counts.
    await until(() => c.stats().tokenFailures >= 1);
    const calls = await env.admin.calls();
    expect(calls.operations[PARCELAS]).toBe(5);
    // A background renewal was attempted and failed; no read triggered another attempt meanwhile.
    expect(calls.tokenRequests).toBe(1);
    expect(c.stats().operations.ConsultarParcelas?.errors).toBe(0);
    expect(c.stats().tokenFailures).toBe(calls.tokenRequests);
    // The endpoint comes back before the old token expires: the next renewal (at most 5 s later) succeeds in the background.
    await env.admin.setTokenEndpointDown(false);
    clock.now += 5_000;
    await read(c);
    await until(async () => (await env.admin.calls()).tokenRequests >= 2);
    expect((await env.admin.calls()).tokenRequests).toBe(2);
    clock.now += 25_000; // the first token has expired by the client's clock; the renewed one serves without a 401
    await expect(read(c)).resolves.toMatchObject({ hasError: false });
    expect((await env.admin.calls()).tokenRequests).toBe(2);
    expect(c.stats().operations.ConsultarParcelas?.authReplays).toBe(0);
    expect(c.stats().operations.ConsultarParcelas?.errors).toBe(0);
  });
});

/** Polls `condition` until it holds, failing after `timeoutMs` (background work has no completion hook). */
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
