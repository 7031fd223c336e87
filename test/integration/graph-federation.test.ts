import { randomUUID } from 'node:crypto';
import { keyed } from '../helpers/keys.js';
import { exportSPKI, generateKeyPair } from 'jose';
import { type GraphHarness, startGraphHarness } from './graph-harness.js';

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on Proposal { id situation installments { number } }
    ... on Person { document name }
  }
}`;

describe('the credit graph as a federation subgraph', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetCalls();
  });

  it('resolves 50 Proposal representations of 5 proposals with the calls of 5 proposals', async () => {
    const ids = ['approved', 'under-review', 'disbursed', 'fgts-disbursed', 'ceded'].map(label => h.demo(label).id);
    const representations = Array.from({ length: 50 }, (_, i) => ({ __typename: 'Proposal', id: ids[i % 5] }));
    const result = await h.run(ENTITIES, { representations });
    expect(result.errors).toBeUndefined();
    const entities = result.data?._entities as Array<{ id: string; situation: string; installments: unknown[] }>;
    expect(entities).toHaveLength(50);
    expect(entities.map(e => e.id)).toEqual(representations.map(r => r.id));
    expect(entities[2]?.situation).toBe('DISBURSED');
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 5, '/Proposta/ConsultarParcelas': 5 });
  });

  it('answers null for an unknown proposal and resolves a Person by document', async () => {
    const result = await h.run(ENTITIES, {
      representations: [
        { __typename: 'Proposal', id: randomUUID() },
        { __typename: 'Person', document: '39053344705' },
      ],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?._entities).toEqual([null, { __typename: 'Person', document: '39053344705', name: 'Carla Demo Paga' }]);
  });

  it('confirms a Proposal reference selecting only id with one ConsultaProposta per distinct id: null when unknown', async () => {
    const known = h.demo('approved').id;
    const unknown = randomUUID();
    const result = await h.run(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Proposal { id } } }`, {
      r: [
        { __typename: 'Proposal', id: known },
        { __typename: 'Proposal', id: unknown },
        { __typename: 'Proposal', id: known },
      ],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?._entities).toEqual([{ id: known }, null, { id: known }]);
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
  });

  it('publishes its SDL through _service', async () => {
    const result = await h.run(`{ _service { sdl } }`);
    expect((result.data?._service as { sdl: string }).sdl).toMatch(/type Proposal\s+@key\(fields: "id"\)/);
    expect((await h.calls()).total).toBe(0);
  });
});

describe('the credit graph when the partner fails', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness({ deadlineMs: 400 });
  });
  afterAll(async () => {
    await h.admin('DELETE', '/_sandbox/faults');
    await h.close();
  });
  beforeEach(async () => {
    await h.admin('DELETE', '/_sandbox/faults');
    await h.resetCalls();
  });

  it('reports an unavailable agenda as UPSTREAM_UNAVAILABLE at its path and keeps the rest of the proposal', async () => {
    const { id } = h.demo('disbursed');
    await h.admin('PUT', '/_sandbox/faults', { failNext: 1, errorStatus: 503, operations: ['/AgendaRecebivel/ConsultarDetalhes'] });
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation agenda { totalPaid } } }`, { id });
    expect(result.data).toEqual({ proposal: { situation: 'DISBURSED', agenda: null } });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toMatchObject({ path: ['proposal', 'agenda'], extensions: { code: 'UPSTREAM_UNAVAILABLE', upstreamOperation: 'ConsultarDetalhes', retryable: true } });
  });

  it('reports a partner that does not answer as UPSTREAM_TIMEOUT', async () => {
    const { id } = h.demo('approved');
    await h.admin('PUT', '/_sandbox/faults', { hangNext: 1, operations: ['/FGTS/ConsultaProposta'] });
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
    expect(result.data).toEqual({ proposal: null });
    expect(result.errors?.[0]).toMatchObject({ path: ['proposal'], extensions: { code: 'UPSTREAM_TIMEOUT' } });
  });

  it('reports a rate-limited partner as UPSTREAM_RATE_LIMITED with its Retry-After', async () => {
    const { id } = h.demo('approved');
    await h.admin('PUT', '/_sandbox/faults', { failNext: 1, errorStatus: 429, retryAfterSeconds: 3, operations: ['/FGTS/ConsultaProposta'] });
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 3 });
  });

  it('reports a transport failure of a mutation as a GraphQL error, not as userErrors', async () => {
    await h.admin('PUT', '/_sandbox/faults', { failNext: 1, errorStatus: 503, operations: ['/Proposta/IncluirManual'] });
    const result = await h.run(
      keyed(`mutation { createProposal(input: { clientDocument: "52998224725", contractType: "CP", requestedAmount: "1000", monthlyInterestRate: "2", installments: 3 }) { proposal { id } userErrors { code } } }`),
    );
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstreamOperation: 'IncluirManual' });
  });

  it('reports a token endpoint that is down as UPSTREAM_UNAVAILABLE of the token operation', async () => {
    const { id } = h.demo('approved');
    await h.admin('POST', '/_sandbox/tokens/revoke');
    await h.admin('PUT', '/_sandbox/token-endpoint', { down: true });
    try {
      const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstreamOperation: 'token' });
    } finally {
      await h.admin('PUT', '/_sandbox/token-endpoint', { down: false });
    }
  });

  // Last: it replaces the registered key of the harness client.
  it('reports credentials the partner refuses as UPSTREAM_AUTH_FAILED', async () => {
    const { id } = h.demo('approved');
    const { publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    await h.admin('POST', '/_sandbox/clients', { clientId: 'graph-integration', publicKeyPem: await exportSPKI(publicKey) });
    await h.admin('POST', '/_sandbox/tokens/revoke');
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
    expect(result.data).toEqual({ proposal: null });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_AUTH_FAILED', retryable: false });
  });
});
