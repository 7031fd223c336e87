import { buildSchema } from 'graphql';
import { createLogger } from '../../src/server/logger.js';
import { createTrustedDocumentGate } from '../../src/server/trusted-documents-gate.js';
import { PERSISTED_DOCUMENTS } from '../../src/server/trusted-documents.manifest.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEYS = { alice: 'alice-key-0123456789abcdef', router: 'router-key-0123456789abcdef' };
const as = (caller: keyof typeof KEYS): Record<string, string> => ({ authorization: `Bearer ${KEYS[caller]}` });
const API_KEYS = `alice:${KEYS.alice}:proposals.all,router:${KEYS.router}:federation`;

const idOf = (name: string, type: string): string => {
  const found = Object.entries(PERSISTED_DOCUMENTS).filter(([, body]) => body.startsWith(`${type} ${name}(`) || body.startsWith(`${type} ${name} `));
  expect(found.length).toBeGreaterThan(0);
  return (found[0] as [string, string])[0];
};
const MY_PROPOSALS = idOf('MyProposals', 'query');
const REGISTER_PAYMENT = idOf('RegisterPayment', 'mutation');
const AD_HOC = '{ creditViewer { callerId } }';

async function post(graph: TestGraph, body: unknown, headers: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function get(graph: TestGraph, search: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return fetch(`${graph.url}?${new URLSearchParams(search).toString()}`, { headers: { 'apollo-require-preflight': 'true', ...headers } });
}

const codeOf = (json: Record<string, unknown>): unknown => (json.errors as { extensions?: { code?: string } }[] | undefined)?.[0]?.extensions?.code;

describe('trusted documents, required', () => {
  let graph: TestGraph;
  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: API_KEYS, TRUSTED_DOCUMENTS: 'require' } });
  });
  afterAll(async () => graph.close());

  it('refuses an ad-hoc query from a caller other than the router', async () => {
    const { status, json } = await post(graph, { query: AD_HOC }, as('alice'));
    expect(status).toBe(400);
    expect(codeOf(json)).toBe('PERSISTED_DOCUMENT_REQUIRED');
    expect(json.data).toBeUndefined();
  });

  it('runs a manifest document by id over POST, and by its Apollo persisted-query hash', async () => {
    const byId = await post(graph, { documentId: MY_PROPOSALS, variables: { first: 1 } }, as('alice'));
    expect(byId.status).toBe(200);
    expect(byId.json.errors).toBeUndefined();
    expect((byId.json.data as { creditViewer: { callerId: string } }).creditViewer.callerId).toBe('alice');
    const hash = MY_PROPOSALS.slice('sha256:'.length);
    const apollo = await post(graph, { extensions: { persistedQuery: { version: 1, sha256Hash: hash } }, variables: { first: 1 } }, as('alice'));
    expect(apollo.status).toBe(200);
    expect((apollo.json.data as { creditViewer: { callerId: string } }).creditViewer.callerId).toBe('alice');
  });

  it('runs a query by id over GET, and answers a mutation by GET 405 with Allow: POST', async () => {
    const query = await get(graph, { documentId: MY_PROPOSALS, variables: JSON.stringify({ first: 1 }) }, as('alice'));
    expect(query.status).toBe(200);
    expect(((await query.json()) as { data: { creditViewer: { callerId: string } } }).data.creditViewer.callerId).toBe('alice');
    const mutation = await get(graph, { documentId: REGISTER_PAYMENT }, as('alice'));
    expect(mutation.status).toBe(405);
    expect(mutation.headers.get('allow')).toBe('POST');
    expect(codeOf((await mutation.json()) as Record<string, unknown>)).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers an unknown documentId with PERSISTED_DOCUMENT_NOT_FOUND', async () => {
    const { status, json } = await post(graph, { documentId: `sha256:${'0'.repeat(64)}` }, as('alice'));
    expect(status).toBe(400);
    expect(codeOf(json)).toBe('PERSISTED_DOCUMENT_NOT_FOUND');
  });

  it('runs any document from the router (federation scope)', async () => {
    const { status, json } = await post(graph, { query: AD_HOC }, as('router'));
    expect(status).toBe(200);
    expect(json.data).toEqual({ creditViewer: { callerId: 'router' } });
  });
});

describe('trusted documents, logged', () => {
  let graph: TestGraph;
  const lines: string[] = [];
  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: API_KEYS, TRUSTED_DOCUMENTS: 'log' }, logger: createLogger('debug', (line) => lines.push(line)) });
  });
  afterAll(async () => graph.close());

  it('runs an unknown document and logs it once, without its text', async () => {
    const secret = '{ creditViewer { callerId scopes } }';
    for (let i = 0; i < 3; i += 1) {
      const { status, json } = await post(graph, { query: secret }, as('alice'));
      expect(status).toBe(200);
      expect(json.data).toEqual({ creditViewer: { callerId: 'alice', scopes: ['proposals.all'] } });
    }
    const logged = lines.filter((line) => line.includes('untrusted document'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/"documentHash":"sha256:[0-9a-f]{64}"/);
    expect(logged[0]).not.toContain('creditViewer');
  });
});

describe('the manifest at start', () => {
  it('stops the start on a manifest document that does not validate, naming it', () => {
    const schema = buildSchema('type Query { other: Int }');
    expect(() => createTrustedDocumentGate('require', schema, PERSISTED_DOCUMENTS, createLogger('silent'))).toThrow(
      /^trusted documents: \w+ \(sha256:[0-9a-f]{64}\) does not validate against the graph: Unknown type "AttachDocumentInput"\./,
    );
  });
});
