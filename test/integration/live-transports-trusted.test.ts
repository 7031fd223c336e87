/**
 * Trusted documents over the live transports: a graphql-ws `subscribe` and a graphql-sse request pass
 * the same gate as an HTTP request. By id (`documentId` or Apollo's `extensions.persistedQuery`, with
 * the empty `query` both protocols require) a manifest document runs; with TRUSTED_DOCUMENTS=require
 * an ad-hoc document is refused with PERSISTED_DOCUMENT_REQUIRED (the router's `federation` scope
 * exempt), an unknown id with PERSISTED_DOCUMENT_NOT_FOUND; `log` runs it and logs its hash once.
 */
import { type Client, createClient as createWsClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { createLogger } from '../../src/server/logger.js';
import { PERSISTED_DOCUMENTS } from '../../src/server/trusted-documents.manifest.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEYS = { ops: 'ops-key-0123456789abcdef', router: 'router-key-0123456789abcdef' };
const API_KEYS = `ops:${KEYS.ops}:proposals.all,router:${KEYS.router}:federation`;

const idOf = (name: string, type: string, needle = ''): string => {
  const found = Object.entries(PERSISTED_DOCUMENTS).filter(([, body]) => body.startsWith(`${type} ${name}`) && body.includes(needle));
  expect(found.length).toBeGreaterThan(0);
  return (found[0] as [string, string])[0];
};
const PROPOSAL_CHANGED = idOf('ProposalChanged', 'subscription');
const MY_PROPOSALS = idOf('MyProposals', 'query', 'scopes');
const AD_HOC_SUBSCRIPTION = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId initial } }';
const AD_HOC_QUERY = '{ creditViewer { callerId } }';
const UNKNOWN = `sha256:${'0'.repeat(64)}`;
const apollo = (id: string): Record<string, unknown> => ({ persistedQuery: { version: 1, sha256Hash: id.slice('sha256:'.length) } });

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface First {
  data?: Data;
  codes: unknown[];
}

/** The first answer of an operation over graphql-ws (its first `next`, or its `error`), then the operation ended. */
function overWs(client: Client, payload: Record<string, unknown>): Promise<First> {
  return new Promise((resolve) => {
    let stop: () => void = () => undefined;
    stop = client.subscribe<Data>(payload as never, {
      next: (value) => {
        resolve({ data: value.data as Data, codes: (value.errors ?? []).map((error) => error.extensions?.['code']) });
        stop();
      },
      error: (errors) => resolve({ codes: (errors as Array<{ extensions?: Record<string, unknown> }>).map((error) => error.extensions?.['code']) }),
      complete: () => undefined,
    });
  });
}

/** The first answer of an operation over graphql-sse (its first `next` event, or the refusal's JSON), then the stream cut. */
async function overSse(graph: TestGraph, key: string, body: Record<string, unknown>, method: 'POST' | 'GET' = 'POST'): Promise<First & { status: number }> {
  const abort = new AbortController();
  const search = new URLSearchParams(Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
  const response = await fetch(method === 'GET' ? `${graph.url}?${search.toString()}` : graph.url, {
    method,
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${key}` },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
    signal: abort.signal,
  });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const json = (await response.json()) as { data?: Data; errors?: Array<{ extensions?: Record<string, unknown> }> };
    return { status: response.status, codes: (json.errors ?? []).map((error) => error.extensions?.['code']) };
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const block = text.split('\n\n').find((part) => part.startsWith('event: next'));
    if (block !== undefined) {
      abort.abort();
      const answer = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { data?: Data; errors?: Array<{ extensions?: Record<string, unknown> }> };
      return { status: response.status, data: answer.data as Data, codes: (answer.errors ?? []).map((error) => error.extensions?.['code']) };
    }
    const { value, done } = await reader.read();
    if (done) {
      throw new Error(`the SSE stream ended without an answer: ${text}`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

function wsClient(graph: TestGraph, key: string): Client {
  return createWsClient({
    url: graph.url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${key}` },
  });
}

describe('trusted documents over WebSocket and SSE, required', () => {
  let graph: TestGraph;
  let id: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: API_KEYS, TRUSTED_DOCUMENTS: 'require', LIVE_POLL_INTERVAL_MS: '600000' } });
    id = graph.sandbox.demo[0]?.id as string;
  });
  afterEach(async () => Promise.all(clients.splice(0).map((client) => client.dispose())));
  afterAll(async () => graph.close());
  const ws = (key: string): Client => {
    const client = wsClient(graph, key);
    clients.push(client);
    return client;
  };

  it('runs a subscription by documentId and by its Apollo hash over a WebSocket, and refuses it ad hoc', async () => {
    const client = ws(KEYS.ops);
    const byId = await overWs(client, { query: '', documentId: PROPOSAL_CHANGED, variables: { id } });
    expect(byId).toEqual({ data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
    const byHash = await overWs(client, { query: '', extensions: apollo(PROPOSAL_CHANGED), variables: { id } });
    expect(byHash).toEqual({ data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
    expect(await overWs(client, { query: AD_HOC_SUBSCRIPTION, variables: { id } })).toEqual({ codes: ['PERSISTED_DOCUMENT_REQUIRED'] });
    expect(await overWs(client, { query: AD_HOC_QUERY })).toEqual({ codes: ['PERSISTED_DOCUMENT_REQUIRED'] });
    expect(await overWs(client, { query: '', documentId: UNKNOWN })).toEqual({ codes: ['PERSISTED_DOCUMENT_NOT_FOUND'] });
    expect(await overWs(client, { query: '', extensions: apollo(UNKNOWN) })).toEqual({ codes: ['PERSISTED_DOCUMENT_NOT_FOUND'] });
    // A query by id over the socket: answered by the HTTP pipeline with the manifest's text.
    const query = await overWs(client, { query: '', documentId: MY_PROPOSALS, variables: { first: 1 } });
    expect(query.codes).toEqual([]);
    expect(query.data?.creditViewer.callerId).toBe('ops');
  });

  it('runs a subscription by id over SSE (POST and GET), and refuses it ad hoc with 400', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const byId = await overSse(graph, KEYS.ops, { query: '', documentId: PROPOSAL_CHANGED, variables: { id } }, method);
      expect(byId).toEqual({ status: 200, data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
      const byHash = await overSse(graph, KEYS.ops, { query: '', extensions: apollo(PROPOSAL_CHANGED), variables: { id } }, method);
      expect(byHash).toEqual({ status: 200, data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
      expect(await overSse(graph, KEYS.ops, { query: AD_HOC_SUBSCRIPTION, variables: { id } }, method)).toEqual({
        status: 400,
        codes: ['PERSISTED_DOCUMENT_REQUIRED'],
      });
      expect(await overSse(graph, KEYS.ops, { query: '', documentId: UNKNOWN }, method)).toEqual({ status: 400, codes: ['PERSISTED_DOCUMENT_NOT_FOUND'] });
    }
    expect(await overSse(graph, KEYS.ops, { query: AD_HOC_QUERY })).toEqual({ status: 400, codes: ['PERSISTED_DOCUMENT_REQUIRED'] });
    const query = await overSse(graph, KEYS.ops, { query: '', documentId: MY_PROPOSALS, variables: { first: 1 } });
    expect(query.codes).toEqual([]);
    expect(query.data?.creditViewer.callerId).toBe('ops');
  });

  it('runs ad-hoc documents from the router (federation scope) on both transports', async () => {
    expect(await overWs(ws(KEYS.router), { query: AD_HOC_QUERY })).toEqual({ data: { creditViewer: { callerId: 'router' } }, codes: [] });
    expect(await overSse(graph, KEYS.router, { query: AD_HOC_QUERY })).toEqual({ status: 200, data: { creditViewer: { callerId: 'router' } }, codes: [] });
  });
});

for (const mode of ['log', 'off'] as const) {
  describe(`trusted documents over WebSocket and SSE, ${mode}`, () => {
    let graph: TestGraph;
    const lines: string[] = [];
    beforeAll(async () => {
      graph = await startTestGraph({
        env: { GRAPHQL_API_KEYS: API_KEYS, TRUSTED_DOCUMENTS: mode, LIVE_POLL_INTERVAL_MS: '600000' },
        logger: createLogger('debug', (line) => lines.push(line)),
      });
    });
    afterAll(async () => graph.close());

    it(`runs ad-hoc and by-id subscriptions on both transports${mode === 'log' ? ', logging the unknown document once, without its text' : ', logging nothing'}`, async () => {
      const id = graph.sandbox.demo[0]?.id as string;
      const client = wsClient(graph, KEYS.ops);
      try {
        for (const payload of [
          { query: AD_HOC_SUBSCRIPTION, variables: { id } },
          { query: '', documentId: PROPOSAL_CHANGED, variables: { id } },
        ]) {
          const ws = await overWs(client, payload);
          expect(ws).toEqual({ data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
          const sse = await overSse(graph, KEYS.ops, payload);
          expect(sse).toEqual({ status: 200, data: { proposalChanged: expect.objectContaining({ proposalId: id, initial: true }) }, codes: [] });
        }
        expect(await overWs(client, { query: '', documentId: UNKNOWN })).toEqual({ codes: ['PERSISTED_DOCUMENT_NOT_FOUND'] });
      } finally {
        await client.dispose();
      }
      const logged = lines.filter((line) => line.includes('untrusted document'));
      expect(logged).toHaveLength(mode === 'log' ? 1 : 0);
      for (const line of logged) {
        expect(line).toMatch(/"documentHash":"sha256:[0-9a-f]{64}"/);
        expect(line).not.toContain('proposalChanged');
        expect(line).not.toContain(id);
      }
    });
  });
}
