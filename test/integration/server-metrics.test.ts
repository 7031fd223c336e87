import { startTestGraph, type TestGraph } from '../helpers/graph.js';

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-for-the-test-0123456789';
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { METRICS_TOKEN: token } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it('answers 401 UNAUTHENTICATED without the token or with another, and the metrics with it', async () => {
    const attempts: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong-token-of-the-same-sort-0123' }, { authorization: token }];
    for (const headers of attempts) {
      const refused = await fetch(`${graph.baseUrl}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await refused.json()) as { errors: Array<{ extensions: { code: string } }> };
      expect(body.errors.map((error) => error.extensions.code)).toEqual(['UNAUTHENTICATED']);
    }
    const served = await fetch(`${graph.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('credit_graph_http_requests_total');
  });

  it('leaves /health open', async () => {
    expect((await fetch(`${graph.baseUrl}/health`)).status).toBe(200);
  });

  it('never turns a client-chosen operation name longer than 64 characters into a label', async () => {
    const name = `Op${'x'.repeat(5_000)}`;
    await graph.execute(`query ${name} { __typename }`);
    const text = await (await fetch(`${graph.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(text).not.toContain('x'.repeat(65));
    expect(text).toMatch(/credit_graph_graphql_operations_total\{operation_name="\(other\)",operation_type="query",outcome="success"\} 1/);
  });
});
