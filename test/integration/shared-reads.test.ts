import { keyed } from '../helpers/keys.js';
import { startTestGraph, type GraphResponse, type TestGraph } from '../helpers/graph.js';

/**
 * The proposal dashboard: core record (monthlyInterestRate only the core record carries),
 * installments (folded into the agenda), the agenda's balances, boletos: 3 partner reads.
 */
const DASHBOARD = `query Dashboard($id: ID!) {
  proposal(id: $id) {
    id situation financedAmount monthlyInterestRate
    installments { number amount dueDate }
    agenda { installments { number balance } }
    boletos { number amount }
  }
}`;

interface Cost {
  estimatedUpstreamCalls: number;
  upstreamCalls: number;
  cacheHits: number;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

const costOf = (response: GraphResponse<unknown>): Cost => response.extensions?.['cost'] as Cost;

describe('shared reads through the app', () => {
  let graph: TestGraph;
  let disbursed: string;

  beforeAll(async () => {
    graph = await startTestGraph();
    disbursed = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  it('sends 40 concurrent identical dashboards to the partner once, and says so in extensions.cost', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => graph.execute(DASHBOARD, { id: disbursed })));
    expect(responses.every((r) => r.errors === undefined && r.status === 200)).toBe(true);
    const calls = await graph.admin.calls();
    expect(calls.operations).toEqual({
      '/FGTS/ConsultaProposta': 1,
      '/AgendaRecebivel/ConsultarDetalhes': 1,
      '/AgendaRecebivel/ConsultarBoletos': 1,
    });
    const costs = responses.map(costOf);
    // Every partner call is counted by exactly one request; every other read is a cache hit.
    expect(costs.reduce((n, c) => n + c.upstreamCalls, 0)).toBe(calls.total);
    expect(costs.reduce((n, c) => n + c.cacheHits, 0)).toBe(40 * 3 - calls.total);
    // The estimate is the upper bound: installments may need ConsultarParcelas when there is no agenda.
    expect(costs.every((c) => c.estimatedUpstreamCalls === 4 && c.upstreamCalls + c.cacheHits === 3)).toBe(true);

    // A second wave right after: all from the cache.
    await graph.admin.resetCalls();
    const again = await Promise.all(Array.from({ length: 40 }, () => graph.execute(DASHBOARD, { id: disbursed })));
    expect((await graph.admin.calls()).total).toBe(0);
    expect(again.map(costOf).every((c) => c.upstreamCalls === 0 && c.cacheHits === 3)).toBe(true);
    expect(again[0]?.data).toEqual(responses[0]?.data);
  });

  it('shows a payment through the graph at once in the next read (no stale balance)', async () => {
    const before = await graph.execute<{ proposal: { agenda: { installments: Array<{ number: number; balance: string }> } } }>(DASHBOARD, { id: disbursed });
    const balance = before.data?.proposal.agenda.installments.find((i) => i.number === 2)?.balance ?? '';
    await graph.admin.resetCalls();
    const paid = await graph.execute(
      keyed(
        `mutation($id: ID!) { registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 2, amount: "10.00" } }) { userErrors { code } } }`,
      ),
      { id: disbursed },
    );
    expect(paid.data).toEqual({ registerInstallmentPayment: { userErrors: [] } });
    const after = await graph.execute<{ proposal: { agenda: { installments: Array<{ number: number; balance: string }> } } }>(DASHBOARD, { id: disbursed });
    expect(after.data?.proposal.agenda.installments.find((i) => i.number === 2)?.balance).toBe((Number(balance) - 10).toFixed(2));
    // The payment touched the agenda and the boletos (and installments); the core record stayed cached.
    // The agenda is read twice: by the write before it is sent (past the cache, recorded for in-doubt
    // resolution, docs/in-doubt.md) and by the next query (its cached copy was invalidated).
    expect((await graph.admin.calls()).operations).toEqual({
      '/AgendaRecebivel/IncluirLancamentoParcela': 1,
      '/AgendaRecebivel/ConsultarDetalhes': 2,
      '/AgendaRecebivel/ConsultarBoletos': 1,
    });
    expect(costOf(after)).toMatchObject({ upstreamCalls: 2, cacheHits: 1 });
  });

  it('reads fresh data for a request sent with Cache-Control: no-cache', async () => {
    await graph.execute(DASHBOARD, { id: disbursed });
    await graph.admin.resetCalls();
    const fresh = await graph.execute(DASHBOARD, { id: disbursed }, { 'cache-control': 'no-cache' });
    expect(fresh.errors).toBeUndefined();
    expect(costOf(fresh)).toMatchObject({ upstreamCalls: 3, cacheHits: 0 });
    expect((await graph.admin.calls()).total).toBe(3);
  });
});

describe('stale-if-error through the app', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    // Installments are never fresh: every read asks the partner, and a failed read falls back.
    graph = await startTestGraph({ env: { READ_CACHE_POLICIES: 'ConsultarParcelas=0/0/300' }, upstream: { retry: { maxAttempts: 1 } } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it('serves the last good answer, marked stale in extensions, when the partner answers 503', async () => {
    const id = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
    const query = 'query($id: ID!) { proposal(id: $id) { installments { number amount } } }';
    const good = await graph.execute(query, { id });
    expect(good.extensions?.['stale']).toBeUndefined();
    await graph.admin.setFaults({ failNext: 1, errorStatus: 503, operations: ['/Proposta/ConsultarParcelas'] });
    await graph.admin.resetCalls();
    const stale = await graph.execute(query, { id });
    expect(stale.errors).toBeUndefined();
    expect(stale.data).toEqual(good.data);
    expect(stale.extensions?.['stale']).toEqual({ reads: 1, oldestFetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(costOf(stale)).toMatchObject({ upstreamCalls: 1, cacheHits: 1 });
    expect((await graph.admin.calls()).total).toBe(1);
  });
});

describe('per-caller budgets through the app', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    // 6 calls, restored at one per 100 s: the test's whole run happens on one bucket.
    graph = await startTestGraph({ env: { CALLER_BUDGETS: '*=6/0.01' } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it('charges what a request cost the partner and refuses, before any call, one estimated above what is left', async () => {
    // approved has no agenda: its dashboard costs the whole estimate (core, agenda, installments, boletos).
    const first = graph.sandbox.demo.find((p) => p.label === 'approved')?.id ?? '';
    const second = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
    const spent = await graph.execute(DASHBOARD, { id: first });
    expect(spent.errors).toBeUndefined();
    expect(costOf(spent)).toEqual({
      estimatedUpstreamCalls: 4,
      upstreamCalls: 4,
      cacheHits: 0,
      throttleStatus: { maximumAvailable: 6, currentlyAvailable: expect.closeTo(2, 1), restoreRate: 0.01 },
    });
    await graph.admin.resetCalls();
    const refused = await graph.execute(DASHBOARD, { id: second });
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'THROTTLED', retryAfterSeconds: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.errors?.[0]?.extensions?.['retryAfterSeconds']);
    expect(costOf(refused)).toMatchObject({ estimatedUpstreamCalls: 4, upstreamCalls: 0, cacheHits: 0 });
    expect((await graph.admin.calls()).total).toBe(0);
    // A query that fits what is left still runs.
    const small = await graph.execute('query($id: ID!) { proposal(id: $id) { installments { number } } }', { id: second });
    expect(small.errors).toBeUndefined();
    expect(costOf(small)).toMatchObject({ estimatedUpstreamCalls: 1, upstreamCalls: 1 });
  });

  it('refuses for good an operation costing more than the bucket can ever hold, without a retry hint', async () => {
    const ids = graph.sandbox.demo.map((p) => p.id).slice(0, 4);
    const refused = await graph.execute('query($ids: [ID!]!) { proposals(ids: $ids) { installments { number } boletos { number } } }', { ids });
    expect(refused.errors?.[0]?.extensions?.['code']).toBe('THROTTLED');
    expect(refused.errors?.[0]?.extensions?.['retryAfterSeconds']).toBeUndefined();
    expect(costOf(refused).estimatedUpstreamCalls).toBe(8);
  });
});
