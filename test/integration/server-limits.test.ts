import { startTestGraph, type TestGraph } from '../helpers/graph.js';

function demoId(graph: TestGraph, label: string): string {
  const found = graph.sandbox.demo.find((proposal) => proposal.label === label);
  if (found === undefined) {
    throw new Error(`no demo proposal ${label}`);
  }
  return found.id;
}

/** One aliased `proposal { installments }` per id: one ConsultarParcelas per distinct id. */
function installmentsOf(ids: readonly string[]): string {
  return `{ ${ids.map((id, index) => `p${index}: proposal(id: "${id}") { installments { number } }`).join(' ')} }`;
}

async function ready(graph: TestGraph): Promise<{ status: number; text: string }> {
  const response = await fetch(`${graph.baseUrl}/ready`);
  return { status: response.status, text: await response.text() };
}

describe('GET /ready of the credit graph', () => {
  let graph: TestGraph;

  beforeEach(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off' } });
  });

  afterEach(async () => {
    await graph.close();
  });

  it('is 200 once an upstream token is obtained, with one token request and no operation call', async () => {
    const answer = await ready(graph);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ status: 'ready', checks: { server: 'ok', upstreamAuth: 'ok', ledger: 'ok' } });
    expect(graph.client.stats().tokenRequests).toBe(1);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('is 503 with the upstream code while the token endpoint is down and no token is cached, and recovers', async () => {
    await graph.admin.setTokenEndpointDown(true);
    const down = await ready(graph);
    expect(down.status).toBe(503);
    expect(JSON.parse(down.text)).toEqual({ status: 'unavailable', checks: { server: 'ok', upstreamAuth: 'UPSTREAM_UNAVAILABLE', ledger: 'ok' } });
    // Nothing about the key, the client or the upstream's address.
    const keyBody = graph.testClient.privateKeyPem.split('\n')[1] ?? 'unreachable';
    expect(keyBody.length).toBeGreaterThan(20);
    for (const secret of [keyBody, 'PRIVATE KEY', graph.testClient.clientId, graph.sandbox.url, 'temporarily_unavailable']) {
      expect(down.text).not.toContain(secret);
    }

    await graph.admin.setTokenEndpointDown(false);
    const up = await ready(graph);
    expect(up.status).toBe(200);
    expect(JSON.parse(up.text)).toEqual({ status: 'ready', checks: { server: 'ok', upstreamAuth: 'ok', ledger: 'ok' } });
  });

  it('needs no token request while the cached token is valid, even with the token endpoint down', async () => {
    await graph.client.checkAuth();
    await graph.admin.setTokenEndpointDown(true);
    await expect(graph.client.checkAuth()).resolves.toBeUndefined();
    expect(graph.client.stats()).toMatchObject({ tokenRequests: 1, tokenFailures: 0 });
  });
});

describe('the upstream call budget of one request', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off', GRAPHQL_MAX_UPSTREAM_CALLS: '3' } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it('makes exactly the budget of calls, fails only the field beyond it and serves the rest', async () => {
    const ids = ['approved', 'under-review', 'disbursed', 'ceded'].map((label) => demoId(graph, label));
    await graph.admin.resetCalls();
    const response = await graph.execute<Record<string, { installments: Array<{ number: number }> } | null>>(installmentsOf(ids));
    expect(response.status).toBe(200);
    expect(response.errors?.map((error) => ({ path: error.path, extensions: error.extensions }))).toEqual([
      { path: ['p3'], extensions: { code: 'UPSTREAM_CALL_BUDGET_EXCEEDED', maxUpstreamCalls: 3, retryable: false } },
    ]);
    expect(response.data?.['p3']).toBeNull();
    for (const alias of ['p0', 'p1', 'p2']) {
      expect(response.data?.[alias]?.installments.length).toBeGreaterThan(0);
    }
    expect(await graph.admin.calls()).toMatchObject({ total: 3, operations: { '/Proposta/ConsultarParcelas': 3 } });
  });

  it('gives every request its own budget', async () => {
    const ids = ['approved', 'under-review', 'disbursed'].map((label) => demoId(graph, label));
    await graph.admin.resetCalls();
    for (let round = 0; round < 2; round += 1) {
      expect((await graph.execute(installmentsOf(ids))).errors).toBeUndefined();
    }
    expect((await graph.admin.calls()).total).toBe(6);
  });

  it('counts a repeated key once (the loaders dedupe before the budget counts)', async () => {
    const id = demoId(graph, 'disbursed');
    await graph.admin.resetCalls();
    const response = await graph.execute(installmentsOf([id, id, id, id, id]));
    expect(response.errors).toBeUndefined();
    expect((await graph.admin.calls()).total).toBe(1);
  });
});

describe('query shape limits', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off', GRAPHQL_MAX_DEPTH: '3', GRAPHQL_MAX_ALIASES: '2' } });
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  it('serves an operation at the depth limit', async () => {
    const response = await graph.execute(`{ proposal(id: "${demoId(graph, 'disbursed')}") { installments { number } } }`);
    expect(response.errors).toBeUndefined();
    expect((await graph.admin.calls()).total).toBe(1);
  });

  it('refuses an operation one level deeper with 400 QUERY_TOO_DEEP before any upstream call', async () => {
    const response = await graph.execute(`{ proposal(id: "${demoId(graph, 'disbursed')}") { agenda { installments { number } } } }`);
    expect(response.status).toBe(400);
    expect(response.data).toBeUndefined();
    expect(response.errors?.map((error) => error.extensions)).toEqual([{ code: 'QUERY_TOO_DEEP', depth: 4, maxDepth: 3 }]);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('refuses the same too-deep document every time it is sent, and serves a passing one every time', async () => {
    const deep = `{ proposal(id: "${demoId(graph, 'disbursed')}") { agenda { installments { number } } } }`;
    const fine = `{ proposal(id: "${demoId(graph, 'disbursed')}") { installments { number } } }`;
    for (let round = 0; round < 2; round += 1) {
      const refused = await graph.execute(deep);
      expect(refused.status).toBe(400);
      expect(refused.errors?.map((error) => error.extensions?.['code'])).toEqual(['QUERY_TOO_DEEP']);
      expect((await graph.execute(fine)).errors).toBeUndefined();
    }
    expect((await graph.admin.calls()).total).toBe(2);
  });

  it('counts depth through fragments', async () => {
    const response = await graph.execute(
      `query { proposal(id: "${demoId(graph, 'disbursed')}") { ...Agenda } } fragment Agenda on Proposal { agenda { installments { number } } }`,
    );
    expect(response.errors?.map((error) => error.extensions?.['code'])).toEqual(['QUERY_TOO_DEEP']);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('serves two aliases and refuses a third with 400 TOO_MANY_ALIASES before any upstream call', async () => {
    const ids = ['approved', 'under-review', 'disbursed'].map((label) => demoId(graph, label));
    expect((await graph.execute(installmentsOf(ids.slice(0, 2)))).errors).toBeUndefined();
    expect((await graph.admin.calls()).total).toBe(2);
    await graph.admin.resetCalls();

    const response = await graph.execute(installmentsOf(ids));
    expect(response.status).toBe(400);
    expect(response.errors?.map((error) => error.extensions)).toEqual([{ code: 'TOO_MANY_ALIASES', aliases: 3, maxAliases: 2 }]);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('counts the aliases of a fragment at each spread', async () => {
    const [first, second] = ['approved', 'disbursed'].map((label) => demoId(graph, label));
    // One alias written out plus one in a fragment spread twice: 3, though the text shows 2.
    const response = await graph.execute(
      `query { proposal(id: "${first}") { ...N } p: proposal(id: "${second}") { ...N } } fragment N on Proposal { n: number }`,
    );
    expect(response.errors?.map((error) => error.extensions)).toEqual([{ code: 'TOO_MANY_ALIASES', aliases: 3, maxAliases: 2 }]);
    expect((await graph.admin.calls()).total).toBe(0);
  });
});
