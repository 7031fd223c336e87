import { startTestGraph, type TestGraph } from '../helpers/graph.js';

/**
 * Federated traces (`extensions.ftv1`): a gateway asks a subgraph for one with the header
 * `apollo-federation-include-trace: ftv1`; every other request is answered without one, and without
 * building one.
 */
const KEY = 'tracer-key-0123456789abcdef';
const QUERY = 'query Traced($id: ID!) { proposal(id: $id) { id installments { number } } }';

describe('federated traces', () => {
  let graph: TestGraph;
  let disbursed: string;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: `tracer:${KEY}:proposals.all` } });
    disbursed = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
  });
  afterAll(async () => {
    await graph.close();
  });

  const post = async (headers: Record<string, string>): Promise<{ status: number; body: { data?: unknown; extensions?: Record<string, unknown> } }> => {
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}`, ...headers },
      body: JSON.stringify({ query: QUERY, variables: { id: disbursed } }),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; extensions?: Record<string, unknown> } };
  };

  it('answers the trace of the fields it resolved to a request that asks for ftv1', async () => {
    const { status, body } = await post({ 'apollo-federation-include-trace': 'ftv1' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ proposal: { id: disbursed, installments: expect.any(Array) as unknown } });
    const trace = body.extensions?.['ftv1'];
    expect(typeof trace).toBe('string');
    // The protobuf trace names each resolved field: its bytes hold the response names.
    const bytes = Buffer.from(trace as string, 'base64');
    expect(bytes.includes('proposal')).toBe(true);
    expect(bytes.includes('installments')).toBe(true);
  });

  it('answers no trace without the header, or with another value', async () => {
    const variants: Record<string, string>[] = [{}, { 'apollo-federation-include-trace': 'ftv2' }];
    for (const headers of variants) {
      const { status, body } = await post(headers);
      expect(status).toBe(200);
      expect(body.data).toEqual({ proposal: { id: disbursed, installments: expect.any(Array) as unknown } });
      expect(Object.keys(body.extensions ?? {}).sort()).toEqual(['cost', 'requestId']);
    }
  });
});
