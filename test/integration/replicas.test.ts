/**
 * Two replicas of the app on one Redis and one sandbox, built as `npm start` builds them
 * (`connectUpstream`): one partner budget, one read cache, fair turns between callers.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/index.js';
import { createApp, type Listening, listen } from '../../src/server/app.js';
import { type ConnectedUpstream, connectUpstream } from '../../src/server/upstream.js';
import { type Ledger } from '../../src/ledger/index.js';
import { executeGraphQL, type GraphResponse, TEST_READ_POLICIES } from '../helpers/graph.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { keyed } from '../helpers/keys.js';
import { type SandboxAdmin, startTestSandbox } from '../helpers/sandbox.js';
import { describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';

const KEYS = { ui: 'ui-key-0123456789abcdef', flood: 'flood-key-0123456789abcdef' };

interface Replica {
  url: string;
  upstream: ConnectedUpstream;
  ask<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, caller?: keyof typeof KEYS): Promise<GraphResponse<T>>;
  close(): Promise<void>;
}

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;

async function replica(sandbox: Sandbox, env: Record<string, string>, ledger: Ledger): Promise<Replica> {
  // Both are back offices (every proposal): the demo proposals and the random ids probed below were
  // not created through the graph, so a caller without proposals.all would get null with no partner call.
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    GRAPHQL_API_KEYS: `ui:${KEYS.ui}:proposals.all,flood:${KEYS.flood}:proposals.all`,
    ...env,
  });
  const upstream = await connectUpstream(config, {
    baseUrl: sandbox.sandbox.baseUrl,
    environmentUrl: sandbox.sandbox.environmentUrl,
    authUrl: sandbox.sandbox.authUrl,
    clientId: sandbox.client.clientId,
    privateKeyPem: sandbox.client.privateKeyPem,
  });
  const app = await createApp(config, { upstream: upstream.client, state: upstream.state, ledger });
  const http: Listening = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: http.graphqlUrl,
    upstream,
    ask: (query, variables, caller = 'ui') => executeGraphQL(http.graphqlUrl, query, variables, { authorization: `Bearer ${KEYS[caller]}` }),
    close: async () => {
      await app.close(1000);
      await upstream.close();
    },
  };
}

/** Waits (bounded) until `condition` holds: states, not sleeps. */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting until ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const DASHBOARD = `query Dashboard($id: ID!) {
  proposal(id: $id) { id situation installments { number amount } agenda { installments { number balance } } boletos { number } }
}`;
const PROBE = 'query Probe($id: ID!) { proposal(id: $id) { id situation } }';
const costOf = (r: GraphResponse<unknown>) => r.extensions?.['cost'] as { upstreamCalls: number; cacheHits: number };

describeWithRedis('two replicas on one Redis', () => {
  let sandbox: Sandbox;
  let admin: SandboxAdmin;
  /** Both replicas' operations ledger: one database, as in production. */
  let ledgers: TestLedgerDatabase;
  const prefixes: string[] = [];
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true });

  const pair = async (env: Record<string, string> = {}): Promise<[Replica, Replica]> => {
    const prefix = redisTestPrefix('replicas');
    prefixes.push(prefix);
    // Proposal reads stay fresh for 10 minutes unless a test says otherwise (TEST_READ_POLICIES), and a
    // slow Redis command is waited for: past REDIS_COMMAND_TIMEOUT_MS a replica falls back to its own
    // memory by design, and on a loaded machine (two suites at once) the default 1 s was exceeded, each
    // fallback adding a partner call these tests would count. The fallback has its own tests.
    const shared = { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, READ_CACHE_POLICIES: TEST_READ_POLICIES, REDIS_COMMAND_TIMEOUT_MS: '30000', ...env };
    return [await replica(sandbox, shared, await ledgers.open()), await replica(sandbox, shared, await ledgers.open())];
  };

  beforeAll(async () => {
    await redis.connect();
    sandbox = await startTestSandbox({ demo: true });
    admin = sandbox.admin;
    ledgers = await openTestLedger();
  });

  afterAll(async () => {
    await sandbox.close();
    await ledgers.close();
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    }
    redis.disconnect();
  });

  it('serves a read made on one replica to the other without a partner call', async () => {
    const [a, b] = await pair();
    try {
      const id = sandbox.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
      await admin.resetCalls();
      const first = await a.ask(DASHBOARD, { id });
      expect(first.errors).toBeUndefined();
      // Folded: the agenda carries the core fields and the installments; boletos are their own read.
      expect((await admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
      await admin.resetCalls();
      const second = await b.ask(DASHBOARD, { id });
      expect(second.data).toEqual(first.data);
      expect((await admin.calls()).total).toBe(0);
      expect(costOf(second)).toMatchObject({ upstreamCalls: 0, cacheHits: 2 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('sends identical dashboards arriving at both replicas at once to the partner once (one replica claims, the other waits)', async () => {
    const [a, b] = await pair();
    try {
      const id = sandbox.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
      await admin.resetCalls();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).ask(DASHBOARD, { id })));
      expect(answers.filter((r) => r.errors !== undefined)).toEqual([]);
      expect(new Set(answers.map((r) => JSON.stringify(r.data))).size).toBe(1);
      expect((await admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
      // What the answers say they cost is what the partner saw: 2 calls, every other read shared.
      expect(answers.reduce((sum, r) => sum + costOf(r).upstreamCalls, 0)).toBe(2);
      expect(answers.reduce((sum, r) => sum + costOf(r).cacheHits, 0)).toBe(40 * 2 - 2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('serves the last good answer held in Redis to the other replica when the partner fails (stale-if-error)', async () => {
    // Installments are never fresh: every read asks the partner, and a failed read falls back.
    const [a, b] = await pair({ READ_CACHE_POLICIES: 'ConsultarParcelas=0/0/300' });
    try {
      const id = sandbox.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
      const query = 'query($id: ID!) { proposal(id: $id) { installments { number amount } } }';
      const good = await a.ask(query, { id });
      expect(good.errors).toBeUndefined();
      expect(good.extensions?.['stale']).toBeUndefined();
      await admin.setFaults({ failNext: 20, errorStatus: 503, operations: ['/Proposta/ConsultarParcelas'] });
      await admin.resetCalls();
      const stale = await b.ask(query, { id });
      await admin.clearFaults();
      expect(stale.errors).toBeUndefined();
      expect(stale.data).toEqual(good.data);
      expect(stale.extensions?.['stale']).toEqual({ reads: 1, oldestFetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      const seen = await admin.calls();
      expect(seen.operations).toEqual({ '/Proposta/ConsultarParcelas': seen.total });
      expect(costOf(stale)).toMatchObject({ upstreamCalls: seen.total, cacheHits: 1 });
    } finally {
      await admin.clearFaults();
      await a.close();
      await b.close();
    }
  });

  it('shows a payment made through one replica at once in the next read on the other', async () => {
    const [a, b] = await pair();
    try {
      const id = sandbox.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
      const balance = async (r: Replica) =>
        (
          await r.ask<{ proposal: { agenda: { installments: Array<{ number: number; balance: string }> } } }>(DASHBOARD, { id })
        ).data?.proposal.agenda.installments.find((i) => i.number === 3)?.balance ?? '';
      const before = await balance(b);
      const paid = await a.ask(
        keyed(
          `mutation($id: ID!) { registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 3, amount: "1.00" } }) { userErrors { code } } }`,
        ),
        { id },
      );
      expect(paid.data).toEqual({ registerInstallmentPayment: { userErrors: [] } });
      expect(await balance(b)).toBe((Number(before) - 1).toFixed(2));
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('spends one partner budget between both replicas: burst 3 in all, not 3 each', async () => {
    // One call per 1000 s after the burst: whatever is not in the burst waits out its bound, unsent.
    const [a, b] = await pair({ UPSTREAM_RATE_LIMIT_RPS: '0.001', UPSTREAM_RATE_LIMIT_BURST: '3', UPSTREAM_RATE_LIMIT_MAX_WAIT_MS: '1000' });
    try {
      await admin.resetCalls();
      const answers = await Promise.all(Array.from({ length: 8 }, (_x, i) => (i % 2 === 0 ? a : b).ask(PROBE, { id: randomUUID() })));
      const ok = answers.filter((r) => r.errors === undefined);
      const limited = answers.filter((r) => r.errors?.[0]?.extensions?.['code'] === 'UPSTREAM_RATE_LIMITED');
      expect(ok).toHaveLength(3);
      expect(limited).toHaveLength(5);
      expect((await admin.calls()).total).toBe(3);
      expect(answers.reduce((n, r) => n + costOf(r).upstreamCalls, 0)).toBe(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('caps the calls in flight across both replicas', async () => {
    const [a, b] = await pair({ UPSTREAM_MAX_CONCURRENT: '2' });
    try {
      await admin.setFaults({ latencyMs: 100 });
      await admin.resetCalls();
      const answers = await Promise.all(Array.from({ length: 10 }, (_x, i) => (i % 2 === 0 ? a : b).ask(PROBE, { id: randomUUID() })));
      expect(answers.every((r) => r.errors === undefined)).toBe(true);
      const calls = await admin.calls();
      expect(calls.total).toBe(10);
      expect(calls.maxInFlight).toBeLessThanOrEqual(2);
    } finally {
      await admin.setFaults({ latencyMs: 0 });
      await a.close();
      await b.close();
    }
  });

  it('serves a normal caller in turn while another floods the queue', async () => {
    const [a, b] = await pair({ UPSTREAM_RATE_LIMIT_RPS: '2', UPSTREAM_RATE_LIMIT_BURST: '1', UPSTREAM_RATE_LIMIT_MAX_WAIT_MS: '60000' });
    try {
      await admin.resetCalls();
      const flood = Array.from({ length: 8 }, () => a.ask(PROBE, { id: randomUUID() }, 'flood'));
      await until(() => a.upstream.limiter.waitingOf('flood') === 7, 'seven flood calls wait');
      const normal = a.ask(PROBE, { id: randomUUID() }, 'ui');
      await until(() => a.upstream.limiter.waitingOf('ui') === 1, 'the normal call waits');
      // One flood call ahead of it (the turn already running), not the seven queued.
      expect(a.upstream.limiter.order).toEqual(['flood', 'ui']);
      const answer = await normal;
      expect(answer.errors).toBeUndefined();
      // Served third: the first flood call, one more flood turn, then its own.
      expect((await admin.calls()).total).toBeLessThanOrEqual(3);
      expect(a.upstream.limiter.waitingOf('flood')).toBeGreaterThanOrEqual(5);
      await Promise.all(flood);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
