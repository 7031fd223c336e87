/**
 * One socket for everything, one guard for every transport: queries and mutations over graphql-ws
 * and graphql-sse are answered by the HTTP pipeline (the same data, cost, request id, idempotency and
 * refusals as an HTTP POST), Apollo Client with a WebSocket as its only link runs the reference back
 * office's operations, and documents are refused alike on all three transports, whatever their size.
 */
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { type DocumentNode, print } from 'graphql';
import { type Client, createClient as createWsClient } from 'graphql-ws';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import * as backOffice from '../../examples/back-office/src/gql/graphql.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEYS = { ops: 'ops-key-0123456789abcdef', alice: 'alice-key-0123456789abcdef' };
const ENV = {
  GRAPHQL_API_KEYS: `ops:${KEYS.ops}:proposals.all,alice:${KEYS.alice}`,
  LIVE_POLL_INTERVAL_MS: '100',
  LIVE_MAX_BACKOFF_MS: '400',
  GRAPHQL_MAX_BODY_BYTES: String(1024 * 1024),
  // Each answer over a socket is compared with the same query over HTTP right after it: both read the partner, so a
  // change made at the sandbox (the disbursement below) cannot leave one of them on a cached answer still in its fresh window.
  READ_CACHE: 'off',
};

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Answer {
  data?: Data | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

const INPUT = {
  clientDocument: '529.982.247-25',
  clientName: 'Cliente Teste',
  contractType: 'CP',
  requestedAmount: '1200.00',
  monthlyInterestRate: '2.5',
  installments: 6,
};

/** `value` without the `__typename` fields Apollo Client adds to every selection. */
function withoutTypename(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(withoutTypename);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '__typename')
        .map(([key, inner]) => [key, withoutTypename(inner)]),
    );
  }
  return value;
}

function wsClient(graph: TestGraph, key: string): Client {
  return createWsClient({
    url: graph.url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    connectionParams: { authorization: `Bearer ${key}` },
    onNonLazyError: () => undefined,
  });
}

/** Every message an operation gets over `client` until it completes or fails: `next` payloads, or the `error` message's errors. */
function once(client: Client, query: string, variables: Record<string, unknown> = {}): Promise<{ next: Answer[]; error?: Answer['errors'] }> {
  return new Promise((resolve) => {
    const next: Answer[] = [];
    client.subscribe<Data>(
      { query, variables },
      {
        next: (value) => void next.push(value as Answer),
        error: (error) => resolve({ next, error: error as Answer['errors'] }),
        complete: () => resolve({ next }),
      },
    );
  });
}

/**
 * One operation over GraphQL over SSE (distinct connections mode, as graphql-sse's client sends it):
 * the `next` events of a stream answer, or the JSON body (and status) of a refusal.
 */
async function overSse(
  graph: TestGraph,
  key: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ status: number; next: Answer[]; refusal?: Answer }> {
  const response = await fetch(graph.url, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return { status: response.status, next: [], refusal: JSON.parse(text) as Answer };
  }
  const next = text
    .split('\n\n')
    .filter((block) => block.startsWith('event: next'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Answer);
  return { status: response.status, next };
}

/** The codes of an answer's errors. */
const codes = (errors: Answer['errors'] | undefined): unknown[] => (errors ?? []).map((error) => error.extensions?.['code']);

describe('the live transports', () => {
  let graph: TestGraph;
  const clients: Client[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({ env: ENV });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  afterAll(async () => {
    await graph.close();
  });

  describe('one socket for everything', () => {
    it("runs the back office's operations with Apollo Client over a WebSocket alone, answering as HTTP does", async () => {
      const ws = wsClient(graph, KEYS.alice);
      clients.push(ws);
      const apollo = new ApolloClient({ link: new GraphQLWsLink(ws), cache: new InMemoryCache() });
      const documents = Object.entries(backOffice).filter(([name]) => name.endsWith('Document')) as Array<[string, DocumentNode]>;
      const ran: string[] = [];
      const byName = new Map(documents);
      const mutate = async (name: string, variables: Record<string, unknown>): Promise<Data> => {
        const result = await apollo.mutate({ mutation: byName.get(name) as DocumentNode, variables });
        expect(result.error).toBeUndefined();
        ran.push(name);
        return result.data as Data;
      };
      const query = async (name: string, variables: Record<string, unknown>): Promise<Data> => {
        const result = await apollo.query({ query: byName.get(name) as DocumentNode, variables, fetchPolicy: 'no-cache' });
        expect(result.error).toBeUndefined();
        ran.push(name);
        // The same operation over HTTP answers the same data.
        const http = await graph.execute(print(byName.get(name) as DocumentNode), variables, { authorization: `Bearer ${KEYS.alice}` });
        expect(http.errors).toBeUndefined();
        expect(withoutTypename(result.data)).toEqual(http.data);
        return result.data as Data;
      };

      const created = (await mutate('CreateProposalDocument', { idempotencyKey: randomUUID(), input: INPUT })).createProposal;
      expect(created.userErrors).toEqual([]);
      const id = created.proposal.id as string;
      await graph.admin.setSituation(id, 9);
      const detail = (await query('ProposalDetailDocument', { id })).proposal;
      expect(detail).toMatchObject({ id, installmentCount: 6 });
      const paid = (
        await mutate('RegisterPaymentDocument', {
          idempotencyKey: randomUUID(),
          input: { proposalId: id, payment: { installmentNumber: 1, amount: '100.00' } },
        })
      ).registerInstallmentPayment;
      expect(paid.userErrors).toEqual([]);
      expect(paid.paidInstallments.map((installment: Data) => [installment.number, installment.paidAmount])).toEqual([[1, '100.00']]);
      const boletos = (await mutate('GenerateBoletoDocument', { idempotencyKey: randomUUID(), input: { proposalId: id, installments: [{ number: 2 }] } }))
        .generateBoletos;
      expect(boletos.userErrors).toEqual([]);
      expect(boletos.boletos.map((boleto: Data) => boleto.installmentNumbers)).toEqual([[2]]);
      const list = (await query('MyProposalsDocument', { first: 10 })).creditViewer;
      expect(list.callerId).toBe('alice');
      expect(list.proposals.edges.map((edge: Data) => edge.node.id)).toContain(id);
      // Every query and mutation of the back office ran (its subscription streams over the same link).
      const operations = documents.filter(([, document]) =>
        document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation !== 'subscription'),
      );
      expect([...new Set(ran)].sort()).toEqual(operations.map(([name]) => name).sort());
    });

    it('answers a query over graphql-ws and graphql-sse with the body an HTTP POST gets: data, cost and a request id of its own', async () => {
      const id = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id as string;
      const query = 'query Few($id: ID!) { proposal(id: $id) { id situation installments { number amount } } }';
      const http = await graph.execute(query, { id }, { authorization: `Bearer ${KEYS.ops}` });
      const ws = wsClient(graph, KEYS.ops);
      clients.push(ws);
      const overWs = await once(ws, query, { id });
      const sse = await overSse(graph, KEYS.ops, query, { id });
      for (const { next } of [overWs, sse]) {
        expect(next).toHaveLength(1);
        expect(next[0]?.data).toEqual(http.data);
        expect(next[0]?.errors).toBeUndefined();
        const extensions = next[0]?.extensions as { requestId: string; cost: { estimatedUpstreamCalls: number } };
        expect(extensions.cost.estimatedUpstreamCalls).toBe((http.extensions?.['cost'] as { estimatedUpstreamCalls: number }).estimatedUpstreamCalls);
        expect(extensions.requestId).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
        expect(extensions.requestId).not.toBe(http.extensions?.['requestId']);
      }
    });

    it('keeps a mutation idempotent across transports: the same key over WebSocket, SSE and HTTP makes one proposal', async () => {
      const key = randomUUID();
      const mutation =
        'mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } } }';
      await graph.admin.resetCalls();
      const ws = wsClient(graph, KEYS.alice);
      clients.push(ws);
      const first = (await once(ws, mutation, { key, input: INPUT })).next[0]?.data?.['createProposal'] as Data;
      const second = (await overSse(graph, KEYS.alice, mutation, { key, input: INPUT })).next[0]?.data?.['createProposal'] as Data;
      const third = (await graph.execute<Data>(mutation, { key, input: INPUT }, { authorization: `Bearer ${KEYS.alice}` })).data?.['createProposal'] as Data;
      expect(first.userErrors).toEqual([]);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      // One write reached the partner, whichever transport retried it.
      const writes = Object.entries((await graph.admin.calls()).operations).filter(([operation]) => /Inclu/.test(operation));
      expect(writes.map(([, count]) => count)).toEqual([1]);
    });

    it('refuses over the sockets what HTTP refuses, with the same codes: shape limits, bounded variables, unknown directives', async () => {
      const aliases = `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(' ')} }`;
      const ids = Array.from({ length: 51 }, () => randomUUID());
      const cases: Array<[string, string, Record<string, unknown>]> = [
        ['aliases', aliases, {}],
        ['ids', 'query($ids: [ID!]!) { proposals(ids: $ids) { id } }', { ids }],
        ['unknown directive', '{ __typename @unknownDirective }', {}],
      ];
      const ws = wsClient(graph, KEYS.ops);
      clients.push(ws);
      for (const [, query, variables] of cases) {
        const http = await graph.execute(query, variables, { authorization: `Bearer ${KEYS.ops}` });
        expect(codes(http.errors)).not.toEqual([]);
        expect(codes(http.errors)).not.toContain('INTERNAL_SERVER_ERROR');
        const overWs = await once(ws, query, variables);
        const sse = await overSse(graph, KEYS.ops, query, variables);
        // A query refused by the guard or by Apollo Server: the HTTP body's errors, as the one answer.
        expect(codes(overWs.next[0]?.errors ?? overWs.error)).toEqual(codes(http.errors));
        expect(codes(sse.next[0]?.errors ?? sse.refusal?.errors)).toEqual(codes(http.errors));
      }
    });
  });

  describe('one guard for every transport', () => {
    const subscription = (selection: string): string => `subscription($id: ID!) { proposalChanged(id: $id) { ${selection} } }`;

    it('refuses a subscription over the token limit, even far over it, with GRAPHQL_PARSE_FAILED (it never runs)', async () => {
      const id = graph.sandbox.demo[0]?.id as string;
      const aliases = Array.from({ length: 1700 }, (_, i) => `a${i}: proposalId`).join(' ');
      const ws = wsClient(graph, KEYS.ops);
      clients.push(ws);
      const overWs = await once(ws, subscription(aliases), { id });
      expect(codes(overWs.error)).toEqual(['GRAPHQL_PARSE_FAILED']);
      expect(overWs.next).toEqual([]);
      const sse = await overSse(graph, KEYS.ops, subscription(aliases), { id });
      expect(sse.next).toEqual([]);
      expect({ status: sse.status, codes: codes(sse.refusal?.errors) }).toEqual({ status: 400, codes: ['GRAPHQL_PARSE_FAILED'] });
    });

    it('refuses a subscription past the alias limit with TOO_MANY_ALIASES, and unknown directives as client errors, on both sockets', async () => {
      const id = graph.sandbox.demo[0]?.id as string;
      const ws = wsClient(graph, KEYS.ops);
      clients.push(ws);
      const documents: Array<[string, string]> = [
        [subscription(Array.from({ length: 40 }, (_, i) => `a${i}: proposalId`).join(' ')), 'TOO_MANY_ALIASES'],
        [subscription('proposalId @unknownDirective'), 'GRAPHQL_VALIDATION_FAILED'],
        [subscription(`proposalId ${'@unknownDirective '.repeat(1500)}`), 'TOO_MANY_DIRECTIVES'],
      ];
      for (const [document, code] of documents) {
        expect(codes((await once(ws, document, { id })).error)).toContain(code);
        const sse = await overSse(graph, KEYS.ops, document, { id });
        expect({ status: sse.status, codes: codes(sse.refusal?.errors).slice(0, 1) }).toEqual({ status: 400, codes: [code] });
      }
      const http = await graph.execute(`{ __typename ${'@unknownDirective '.repeat(1500)}}`, {}, { authorization: `Bearer ${KEYS.ops}` });
      expect(codes(http.errors)).toEqual(['TOO_MANY_DIRECTIVES']);
    });

    it('answers an SSE request whose body is over the body limit 413, as an HTTP POST', async () => {
      const body = JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(2 * 1024 * 1024) } });
      const response = await fetch(graph.url, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${KEYS.ops}` },
        body,
      });
      expect(response.status).toBe(413);
      expect(codes(((await response.json()) as Answer).errors)).toEqual(['PAYLOAD_TOO_LARGE']);
    });

    it('closes a WebSocket whose message holds too large a JSON value (4400) before parsing it', async () => {
      const socket = new WebSocket(graph.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${KEYS.ops}`, padding: Array.from({ length: 20_000 }, () => 0) } }),
      );
      expect(await closed).toBe(4400);
    });
  });
});
