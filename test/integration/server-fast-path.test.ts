import { startTestGraph, type TestGraph } from '../helpers/graph.js';

/** One request as a client sends it: a JSON body (or raw text) and headers. */
interface Probe {
  name: string;
  body: unknown;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  search?: string;
  /** Whether the plain-query path answers it (otherwise Apollo Server does, on both graphs). */
  fast: boolean;
  /** The HTTP status both answer with. */
  status: number;
}

/** What a client can see of an answer, without the headers that differ by nature (date, request id). */
interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const INSTALLMENTS = 'query InstallmentsOnly($id: ID!) { proposal(id: $id) { installments { number amount dueDate } } }';
const DASHBOARD = `query Dashboard($id: ID!) {
  proposal(id: $id) { id number situation financedAmount installments { number amount dueDate } agenda { installments { number balance } } boletos { number amount dueDate } }
}`;

async function send(graph: TestGraph, probe: Probe): Promise<Seen> {
  const response = await fetch(`${graph.url}${probe.search ?? ''}`, {
    method: probe.method ?? 'POST',
    headers: { authorization: 'Bearer unused', ...(probe.method === 'GET' ? {} : { 'content-type': 'application/json' }), ...probe.headers },
    ...(probe.method === 'GET' ? {} : { body: typeof probe.body === 'string' ? probe.body : JSON.stringify(probe.body) }),
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (key !== 'date' && key !== 'x-request-id' && key !== 'keep-alive' && key !== 'connection') {
      headers[key] = value;
    }
  });
  let body = await response.text();
  // A federated trace holds the request's timings; its presence is compared, not its bytes.
  let timed = /"ftv1":"/.test(body);
  body = body.replace(/"ftv1":"[A-Za-z0-9+/=]+"/, '"ftv1":"(trace)"');
  // A retry hint counts seconds from the moment each graph's bucket was read: the two graphs' buckets
  // are milliseconds apart, which can round to different whole seconds. The hint must be the same in
  // the header and the error; its value is compared as a whole number of seconds, not exactly.
  const hint = /"retryAfterSeconds":(\d+)/.exec(body)?.[1];
  if (hint !== undefined) {
    expect(headers['retry-after']).toBe(hint);
    expect(Number(hint)).toBeGreaterThan(0);
    headers['retry-after'] = '(seconds)';
    body = body.replace(/"retryAfterSeconds":\d+/, '"retryAfterSeconds":"(seconds)"').replace(/retry in \d+ s\./, 'retry in (seconds) s.');
    timed = true;
  }
  if (timed) {
    delete headers['content-length'];
  }
  return { status: response.status, headers, body };
}

async function pathCounts(graph: TestGraph): Promise<{ fast: number; apollo: number }> {
  const text = await graph.app.metrics.text();
  const count = (path: string): number => Number(new RegExp(`credit_graph_graphql_requests_total\\{path="${path}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { fast: count('fast'), apollo: count('apollo') };
}

describe('the plain-query path (server/fast-path.ts)', () => {
  let fast: TestGraph;
  let apollo: TestGraph;

  beforeAll(async () => {
    // No read cache: both graphs make the same partner calls; a small, nearly static caller budget:
    // both refuse the same requests with the same figures.
    const env = { READ_CACHE: 'off', CALLER_BUDGETS: '*=10/0.0001' };
    fast = await startTestGraph({ env });
    apollo = await startTestGraph({
      env: { ...env, GRAPHQL_FAST_PATH: 'false' },
      reuseSandbox: { sandbox: fast.sandbox, admin: fast.admin, client: fast.testClient },
    });
  });

  afterAll(async () => {
    await apollo?.close();
    await fast?.close();
  });

  it("answers every request exactly as Apollo Server's pipeline does, and serves the plain queries itself", async () => {
    const id = (label: string): string => fast.sandbox.demo.find((proposal) => proposal.label === label)?.id ?? '';
    const probes: Probe[] = [
      { name: 'a query with variables', body: { query: INSTALLMENTS, variables: { id: id('disbursed') } }, fast: true, status: 200 },
      { name: 'the same text again', body: { query: INSTALLMENTS, variables: { id: id('disbursed') } }, fast: true, status: 200 },
      { name: 'an unknown proposal', body: { query: INSTALLMENTS, variables: { id: '00000000-0000-4000-8000-000000000000' } }, fast: true, status: 200 },
      { name: 'a bare __typename', body: { query: '{ __typename }' }, fast: true, status: 200 },
      {
        name: 'the GraphQL response media type',
        body: { query: '{ __typename }' },
        headers: { accept: 'application/graphql-response+json' },
        fast: true,
        status: 200,
      },
      {
        name: 'a weighted Accept header',
        body: { query: '{ __typename }' },
        headers: { accept: 'text/html;q=0.9, application/json;q=0.8' },
        fast: true,
        status: 200,
      },
      {
        name: 'client extensions (Apollo Client 4 sends its name)',
        body: { query: '{ __typename }', extensions: { clientLibrary: { name: 'x' } } },
        fast: true,
        status: 200,
      },
      {
        name: 'one operation of two, by name',
        body: { query: `${INSTALLMENTS} query Typename { __typename }`, operationName: 'Typename' },
        fast: true,
        status: 200,
      },
      { name: 'a dashboard that fits the budget', body: { query: DASHBOARD, variables: { id: id('approved') } }, fast: true, status: 200 },
      { name: 'a dashboard past what is left (429, Retry-After)', body: { query: DASHBOARD, variables: { id: id('approved') } }, fast: true, status: 429 },
      {
        name: 'more than the budget can ever hold (429)',
        body: {
          query: 'query($ids: [ID!]!) { proposals(ids: $ids) { installments { number } boletos { number } } }',
          variables: { ids: ['a', 'b', 'c', 'd', 'e', 'f'] },
        },
        fast: true,
        status: 429,
      },
      { name: 'no acceptable media type (406)', body: { query: '{ __typename }' }, headers: { accept: 'text/plain' }, fast: false, status: 406 },
      { name: 'variables that do not coerce (400)', body: { query: INSTALLMENTS, variables: { id: { not: 'an id' } } }, fast: false, status: 400 },
      { name: 'a missing variable (400)', body: { query: INSTALLMENTS }, fast: false, status: 400 },
      { name: 'an invalid document (400)', body: { query: '{ proposal(id: "x") { noSuchField } }' }, fast: false, status: 400 },
      { name: 'a syntax error (400)', body: { query: '{ proposal(' }, fast: false, status: 400 },
      { name: 'an unknown operation name', body: { query: INSTALLMENTS, operationName: 'Other', variables: { id: 'x' } }, fast: false, status: 400 },
      { name: 'a persisted query', body: { extensions: { persistedQuery: { version: 1, sha256Hash: 'ab' } } }, fast: false, status: 200 },
      { name: 'variables as a string (400)', body: { query: INSTALLMENTS, variables: '{"id":"x"}' }, fast: false, status: 400 },
      {
        name: 'a mutation',
        body: {
          query:
            'mutation { cancelFgtsProposal(idempotencyKey: "fast-path-1", input: { proposalId: "00000000-0000-4000-8000-000000000000" }) { userErrors { code } } }',
        },
        fast: false,
        status: 200,
      },
      {
        name: 'a federated trace request',
        body: { query: '{ __typename }' },
        headers: { 'apollo-federation-include-trace': 'ftv1' },
        fast: false,
        status: 200,
      },
      {
        name: 'a GET',
        body: undefined,
        headers: { 'apollo-require-preflight': 'true' },
        method: 'GET',
        search: `?query=${encodeURIComponent('{ __typename }')}`,
        fast: false,
        status: 200,
      },
      { name: 'a text body (CSRF)', body: '{"query":"{ __typename }"}', headers: { 'content-type': 'text/plain' }, fast: false, status: 400 },
    ];
    const before = await pathCounts(fast);
    for (const probe of probes) {
      const [mine, theirs] = [await send(fast, probe), await send(apollo, probe)];
      expect({ probe: probe.name, ...mine }).toEqual({ probe: probe.name, ...theirs });
      expect({ probe: probe.name, status: mine.status }).toEqual({ probe: probe.name, status: probe.status });
    }
    const after = await pathCounts(fast);
    // Requests refused by the document guard or the HTTP adapter before execution count on neither path.
    expect(after.fast - before.fast).toBe(probes.filter((probe) => probe.fast).length);
    expect((await pathCounts(apollo)).fast).toBe(0);
  });

  it('keeps the stable code of a partner outage, as Apollo Server does', async () => {
    const id = fast.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id ?? '';
    await fast.admin.setFaults({ failNext: 20, errorStatus: 503, operations: ['/Proposta/ConsultarParcelas'] });
    try {
      const probe: Probe = {
        name: 'an upstream outage',
        body: { query: '{ __typename a: proposal(id: "' + id + '") { installments { number } } }' },
        fast: true,
        status: 200,
      };
      const [mine, theirs] = [await send(fast, probe), await send(apollo, probe)];
      expect(mine).toEqual(theirs);
      expect(JSON.parse(mine.body).errors[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await fast.admin.clearFaults();
    }
  });
});
