import { createLogger } from '../../src/server/logger.js';
import { InstallmentsOnlyDocument } from '../helpers/__generated__/graphql.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const INSTALLMENTS = InstallmentsOnlyDocument;

describe('the credit graph served by the app', () => {
  describe('in development', () => {
    let graph: TestGraph;
    const logs: string[] = [];

    beforeAll(async () => {
      graph = await startTestGraph({
        env: { READ_CACHE: 'off' },
        logger: createLogger('debug', (line) => logs.push(line)),
        upstream: { retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 } },
      });
    });

    afterAll(async () => {
      await graph.close();
    });

    afterEach(async () => {
      await graph.admin.clearFaults();
    });

    it('serves a demo proposal through the real app, the upstream client and the sandbox', async () => {
      const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
      await graph.admin.resetCalls();
      const response = await graph.execute(INSTALLMENTS, { id: disbursed?.id ?? '' });
      expect(response.status).toBe(200);
      expect(response.errors).toBeUndefined();
      expect(response.data?.proposal?.id).toBe(disbursed?.id);
      expect(response.data?.proposal?.installments?.length).toBeGreaterThanOrEqual(6);
      expect(response.data?.proposal?.installments?.[0]).toMatchObject({ number: 1, amount: expect.stringMatching(/^\d+\.\d{2}$/) });
      expect((await graph.admin.calls()).operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
    });

    it('answers introspection of the credit graph', async () => {
      const response = await graph.execute<{ __type: { name: string; fields: Array<{ name: string }> } }>(
        '{ __type(name: "Proposal") { name fields { name } } }',
      );
      expect(response.data?.__type.fields.map((field) => field.name)).toEqual(expect.arrayContaining(['id', 'installments', 'agenda', 'boletos']));
    });

    it('passes an upstream failure through with its stable code and no internals', async () => {
      const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
      await graph.admin.setFaults({ failNext: 10, errorStatus: 503, operations: ['/Proposta/ConsultarParcelas'] });
      const response = await graph.execute(INSTALLMENTS, { id: disbursed?.id ?? '' });
      expect(response.errors?.[0]?.extensions?.['code']).toBe('UPSTREAM_UNAVAILABLE');
      const text = JSON.stringify(response.errors);
      expect(text).not.toContain(graph.sandbox.url);
      expect(text).not.toMatch(/stacktrace|at .*\.ts:\d+/);
    });

    it('logs no personal data from the request, even at debug level', async () => {
      logs.length = 0;
      const document = '39053344705';
      await graph.execute('query ($document: String!) { person(document: $document) { document name } }', { document });
      await graph.execute('{ person(document: "52998224725") { name } }');
      expect(logs.length).toBeGreaterThan(0);
      const all = logs.join('\n');
      expect(all).not.toContain(document);
      expect(all).not.toContain('52998224725');
    });

    it('reports ready once serving', async () => {
      const response = await fetch(`${graph.baseUrl}/ready`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ready' });
    });
  });

  describe('in production', () => {
    let graph: TestGraph;

    beforeAll(async () => {
      graph = await startTestGraph({ env: { READ_CACHE: 'off', NODE_ENV: 'production', GRAPHQL_AUTH: 'none' } });
    });

    afterAll(async () => {
      await graph.close();
    });

    it('refuses introspection but answers queries', async () => {
      const introspection = await graph.execute('{ __schema { types { name } } }');
      expect(introspection.status).toBe(400);
      expect(introspection.errors?.map((error) => error.extensions)).toEqual([{ code: 'INTROSPECTION_DISABLED' }]);
      const inFragment = await graph.execute('{ ...T } fragment T on Query { __type(name: "Proposal") { name } }');
      expect(inFragment.errors?.map((error) => error.extensions)).toEqual([{ code: 'INTROSPECTION_DISABLED' }]);
      const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
      const response = await graph.execute(INSTALLMENTS, { id: disbursed?.id ?? '' });
      expect(response.errors).toBeUndefined();
      expect(response.data?.proposal?.id).toBe(disbursed?.id);
    });

    it('serves no landing page', async () => {
      const page = await fetch(graph.url, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toContain('embeddable-sandbox');
    });
  });
});
