import { createHash } from 'node:crypto';
import { createLogger } from '../../src/server/logger.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

describe('client mistakes', () => {
  let graph: TestGraph;
  const lines: string[] = [];
  /** The error-level lines logged since the test began. */
  const errorLines = (): string[] => lines.filter((line) => (JSON.parse(line) as { level?: unknown }).level === 'error' || line.includes('"level":50'));
  beforeAll(async () => {
    graph = await startTestGraph({ logger: createLogger('debug', (line) => lines.push(line)) });
  });
  afterAll(async () => {
    await graph.close();
  });
  beforeEach(async () => {
    await graph.admin.resetCalls();
    lines.length = 0;
  });

  async function post(
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } }> {
    const response = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return {
      status: response.status,
      json: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> },
    };
  }

  describe('an explicit null for an argument with a default', () => {
    it('is the default page size of viewer.proposals, as a literal and as a variable', async () => {
      for (const [query, variables] of [
        ['{ creditViewer { proposals(first: null) { totalCount pageInfo { hasNextPage } } } }', undefined],
        ['query($first: Int) { creditViewer { proposals(first: $first) { totalCount pageInfo { hasNextPage } } } }', { first: null }],
      ] as const) {
        const { status, json } = await post({ query, variables });
        expect(status).toBe(200);
        expect(json.errors).toBeUndefined();
        expect(json.data).toEqual({ creditViewer: { proposals: { totalCount: 0, pageInfo: { hasNextPage: false } } } });
      }
      expect(errorLines()).toEqual([]);
    });

    it('is includeCancelled: false for boletos, at the same single partner call', async () => {
      const { id } = graph.sandbox.demo.find((p) => p.label === 'disbursed') ?? { id: '' };
      const query = 'query($id: ID!, $cancelled: Boolean) { proposal(id: $id) { boletos(includeCancelled: $cancelled) { number } } }';
      const withNull = await post({ query, variables: { id, cancelled: null } });
      const withFalse = await post({ query, variables: { id, cancelled: false } });
      expect(withNull.json.errors).toBeUndefined();
      expect(withNull.json.data).toEqual(withFalse.json.data);
      expect((withNull.json.data as { proposal: { boletos: unknown[] } }).proposal.boletos.length).toBeGreaterThan(0);
      expect((await graph.admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarBoletos': 1 });
    });

    it('is the default order of viewer.proposals, field by field', async () => {
      const query =
        'query($field: ProposalOrderField, $direction: CreditOrderDirection) { creditViewer { proposals(orderBy: { field: $field, direction: $direction }) { totalCount } } }';
      const { status, json } = await post({ query, variables: { field: null, direction: null } });
      expect(status).toBe(200);
      expect(json.errors).toBeUndefined();
      expect(json.data).toEqual({ creditViewer: { proposals: { totalCount: 0 } } });
    });

    it('inside a mutation input whose field cannot be null, is BAD_USER_INPUT at that mutation, before any call, not logged as an error', async () => {
      const query = `mutation($notify: Boolean) {
        generateBoletos(idempotencyKey: "k-null", input: { proposalId: "00000000-0000-4000-8000-000000000000", installments: [{ number: 1 }], notifyClient: $notify }) { userErrors { code } }
        ping: __typename
      }`;
      const { status, json } = await post({ query, variables: { notify: null } });
      expect(status).toBe(200);
      // The payload is non-null, so the mutation's null reaches data: the error names it.
      expect(json.data).toBeNull();
      expect(json.errors?.map((e) => [e.extensions?.['code'], e.message, (e as { path?: unknown }).path])).toEqual([
        [
          'BAD_USER_INPUT',
          'Argument "input" has invalid value {proposalId: "00000000-0000-4000-8000-000000000000", installments: [{number: 1}], notifyClient: $notify}.',
          ['generateBoletos'],
        ],
      ]);
      expect((await graph.admin.calls()).total).toBe(0);
      expect(errorLines()).toEqual([]);
    });
  });

  describe('automatic persisted queries', () => {
    const query = '{ __typename }';
    const hash = createHash('sha256').update(query).digest('hex');

    it('refuses a hash that is not the SHA-256 of the query as BAD_REQUEST, not logged as an error', async () => {
      const { status, json } = await post({
        query,
        extensions: { persistedQuery: { version: 1, sha256Hash: hash.replace(/^./, hash.startsWith('0') ? '1' : '0') } },
      });
      expect(status).toBe(400);
      expect(json.errors).toEqual([
        {
          message: 'The persisted query hash (extensions.persistedQuery.sha256Hash) is not the SHA-256 of the query text.',
          extensions: { code: 'BAD_REQUEST' },
        },
      ]);
      expect(errorLines()).toEqual([]);
    });

    it('refuses version 2 as BAD_REQUEST', async () => {
      const { status, json } = await post({ query, extensions: { persistedQuery: { version: 2, sha256Hash: hash } } });
      expect(status).toBe(400);
      expect(json.errors).toEqual([
        { message: 'Only version 1 of automatic persisted queries (extensions.persistedQuery.version) is supported.', extensions: { code: 'BAD_REQUEST' } },
      ]);
      expect(errorLines()).toEqual([]);
    });

    it('answers a matching hash as usual', async () => {
      const { status, json } = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
      expect(status).toBe(200);
      expect(json.data).toEqual({ __typename: 'Query' });
    });
  });

  describe('request-level messages', () => {
    const query =
      'query($amount: Decimal!) { simulateProposal(input: { requestedAmount: $amount, installments: 6, monthlyInterestRate: "1.99" }) { installmentAmount } }';

    it('follow Accept-Language: Brazilian Portuguese for pt-BR, with the same code and paths', async () => {
      const { json } = await post({ query, variables: { amount: '100,00' } }, { 'accept-language': 'pt-BR,pt;q=0.9' });
      expect(json.errors?.map((e) => [e.message, e.extensions])).toEqual([
        [
          'Entrada inválida: veja extensions.userErrors.',
          {
            code: 'BAD_USER_INPUT',
            userErrors: [{ code: 'INVALID_INPUT', field: ['input', 'requestedAmount'], message: 'Valor inválido no campo indicado.', upstreamCode: null }],
          },
        ],
      ]);
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it('translate graphql-js validation and parse messages for pt-BR through the table, keeping codes and locations', async () => {
      const pt = { 'accept-language': 'pt-BR' };
      const unknown = await post({ query: '{ proposal(id: "x") { situaton } }' }, pt);
      expect(unknown.json.errors?.map((e) => [e.message, e.extensions?.['code']])).toEqual([
        ['Não é possível consultar o campo "situaton" no tipo "Proposal". Você quis dizer "situation"?', 'GRAPHQL_VALIDATION_FAILED'],
      ]);
      const missing = await post({ query: 'query($id: ID!) { proposal(id: $id) { situation } }' }, pt);
      expect(missing.json.errors?.map((e) => [e.message, e.extensions?.['code']])).toEqual([
        ['A variável "$id", do tipo obrigatório "ID!", não foi informada.', 'BAD_USER_INPUT'],
      ]);
      const syntax = await post({ query: '{ proposal(id: "x") { situation }' }, pt);
      expect(syntax.json.errors?.map((e) => [e.message, e.extensions?.['code']])).toEqual([
        ['Erro de sintaxe: Expected Name, found <EOF>.', 'GRAPHQL_PARSE_FAILED'],
      ]);
      const english = await post({ query: '{ proposal(id: "x") { situaton } }' }, { 'accept-language': 'en' });
      expect(english.json.errors?.[0]?.message).toBe('Cannot query field "situaton" on type "Proposal". Did you mean "situation"?');
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it('give an ID graphql-js cannot read its field path in userErrors, every one of them, in both languages', async () => {
      const mutation =
        'mutation($input: RegisterInstallmentPaymentInput!) { registerInstallmentPayment(idempotencyKey: "id-coercion", input: $input) { userErrors { code } } }';
      const variables = { input: { proposalId: 1.5, payment: { installmentNumber: 2, amount: '10.00' } } };
      const english = await post({ query: mutation, variables });
      expect(english.json.errors?.map((e) => e.extensions)).toEqual([
        {
          code: 'BAD_USER_INPUT',
          userErrors: [{ code: 'INVALID_INPUT', field: ['input', 'proposalId'], message: 'ID cannot represent value: 1.5', upstreamCode: null }],
        },
      ]);
      const query = 'query($a: ID!, $b: ID!) { a: proposal(id: $a) { id } b: proposal(id: $b) { id } }';
      const pt = await post({ query, variables: { a: true, b: 2.5 } }, { 'accept-language': 'pt-BR' });
      expect(pt.json.errors?.map((e) => [e.message, e.extensions])).toEqual([
        [
          'A variável "$a" recebeu um valor inválido true; ID cannot represent value: true',
          { code: 'BAD_USER_INPUT', userErrors: [{ code: 'INVALID_INPUT', field: ['a'], message: 'Valor inválido no campo indicado.', upstreamCode: null }] },
        ],
        [
          'A variável "$b" recebeu um valor inválido 2.5; ID cannot represent value: 2.5',
          { code: 'BAD_USER_INPUT', userErrors: [{ code: 'INVALID_INPUT', field: ['b'], message: 'Valor inválido no campo indicado.', upstreamCode: null }] },
        ],
      ]);
      expect((await graph.admin.calls()).total).toBe(0);
      expect(errorLines()).toEqual([]);
    });

    it('are English otherwise', async () => {
      const { json } = await post({ query, variables: { amount: '100,00' } }, { 'accept-language': 'en-US' });
      expect(json.errors?.[0]?.message).toBe(
        'Invalid input: Decimal expects a plain decimal string such as "1234.56": a dot before the decimals, no spaces, no exponent',
      );
    });
  });
});
