import { randomUUID } from 'node:crypto';
import { DEVELOPMENT_PERSON_ID_SECRET } from '../../src/config/index.js';
import { createPersonIds } from '../../src/graphql/common/person-id.js';
import { keyed } from '../helpers/keys.js';
import { exportSPKI, generateKeyPair } from 'jose';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on Proposal { id situation installments { number } }
    ... on Person { id document name }
  }
}`;

/** The ids the test graph issues (it runs with the development PERSON_ID_SECRET). */
const personIds = createPersonIds(DEVELOPMENT_PERSON_ID_SECRET);
const CARLA = '39053344705';

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
    const ids = ['approved', 'under-review', 'disbursed', 'fgts-disbursed', 'ceded'].map((label) => h.demo(label).id);
    const representations = Array.from({ length: 50 }, (_, i) => ({ __typename: 'Proposal', id: ids[i % 5] }));
    const result = await h.run(ENTITIES, { representations });
    expect(result.errors).toBeUndefined();
    const entities = result.data?._entities as Array<{ id: string; situation: string; installments: unknown[] }>;
    expect(entities).toHaveLength(50);
    expect(entities.map((e) => e.id)).toEqual(representations.map((r) => r.id));
    expect(entities[2]?.situation).toBe('DISBURSED');
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 5, '/Proposta/ConsultarParcelas': 5 });
  });

  it('answers null for an unknown proposal and resolves a Person by its opaque id', async () => {
    const id = personIds.encode(CARLA);
    const result = await h.run(ENTITIES, {
      representations: [
        { __typename: 'Proposal', id: randomUUID() },
        { __typename: 'Person', id },
      ],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?._entities).toEqual([null, { __typename: 'Person', id, document: CARLA, name: 'Carla Demo Paga' }]);
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1, '/Proposta/ConsultarParcelas': 1, '/Pessoa/ConsultarPessoa': 1 });
  });

  it('gives the document behind a Person id only to a caller holding registry.read, in _entities as in node(id:)', async () => {
    const id = personIds.encode(CARLA);
    const proposal = h.demo('approved').id;
    const representations = [
      { __typename: 'Person', id },
      { __typename: 'Proposal', id: proposal },
    ];
    const query = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { document } ... on Proposal { id } } }`;
    const router = await h.run(query, { representations }, { callerId: 'router', scopes: ['federation', 'proposals.all'] });
    expect(router.data?._entities).toEqual([null, { id: proposal }]);
    expect(router.errors?.map((error) => ({ path: error.path, code: error.extensions?.['code'], scope: error.extensions?.['scope'] }))).toEqual([
      { path: ['_entities', 0], code: 'INSUFFICIENT_SCOPE', scope: 'registry.read' },
    ]);
    expect(JSON.stringify(router)).not.toContain(CARLA);
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });

    const node = await h.run(
      `query($id: ID!) { node(id: $id) { ... on Person { document } } }`,
      { id },
      { callerId: 'router', scopes: ['federation', 'proposals.all'] },
    );
    expect(node.data).toEqual({ node: null });
    expect(node.errors?.map((error) => error.extensions?.['code'])).toEqual(['INSUFFICIENT_SCOPE']);

    const allowed = await h.run(query, { representations }, { callerId: 'router', scopes: ['federation', 'proposals.all', 'registry.read'] });
    expect(allowed.errors).toBeUndefined();
    expect(allowed.data?._entities).toEqual([{ document: CARLA }, { id: proposal }]);
  });

  it('issues Person.id without a call, the same for the same person, never containing the document', async () => {
    const result = await h.run('query ($d: String!) { person(document: $d) { id } }', { d: '390.533.447-05' });
    expect(result.errors).toBeUndefined();
    const id = (result.data?.person as { id: string }).id;
    expect(id).toBe(personIds.encode(CARLA));
    expect(id).not.toContain(CARLA);
    expect(personIds.decode(id)).toBe(CARLA);
    expect((await h.calls()).total).toBe(0);
  });

  describe('validates representations like root arguments, before any partner call', () => {
    const refusal = (index: number, message: string) => ({
      path: ['_entities', index],
      extensions: {
        code: 'BAD_USER_INPUT',
        userErrors: [{ code: 'INVALID_INPUT', field: ['representations', String(index), 'id'], message, upstreamCode: null }],
      },
    });
    const PERSON_MESSAGE = 'id must be a person id this graph issued (Person.id), unchanged';
    const valid = personIds.encode(CARLA);
    // One character of the sealed part changed: the authentication tag no longer verifies.
    const tampered = `${valid.slice(0, 10)}${valid.charAt(10) === 'A' ? 'B' : 'A'}${valid.slice(11)}`;

    it.each([
      ['a tampered id', tampered],
      ['an id issued under another secret', createPersonIds('another deployment, another secret, 32+ chars').encode(CARLA)],
      ['a CPF instead of an id', CARLA],
      ['a number', 42],
      ['no id', undefined],
      ['an empty id', ''],
    ])('refuses a Person representation with %s: BAD_USER_INPUT, 0 calls', async (_name, id) => {
      const result = await h.run(ENTITIES, { representations: [{ __typename: 'Person', ...(id === undefined ? {} : { id }) }] });
      expect(result.data?._entities).toEqual([null]);
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]).toMatchObject(refusal(0, PERSON_MESSAGE));
      expect(result.errors?.[0]?.message).toBe(`Invalid input: ${PERSON_MESSAGE}`);
      expect((await h.calls()).total).toBe(0);
    });

    it.each([
      ['not a UUID', 'proposal-1'],
      ['a number', 100003],
    ])('refuses a Proposal representation whose id is %s: BAD_USER_INPUT, 0 calls', async (_name, id) => {
      const result = await h.run(ENTITIES, { representations: [{ __typename: 'Proposal', id }] });
      expect(result.data?._entities).toEqual([null]);
      expect(result.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
      expect(result.errors?.[0]).toMatchObject(refusal(0, 'id must be a proposal id (a UUID)'));
      expect((await h.calls()).total).toBe(0);
    });

    it('resolves the valid representations of a request that also carries a malformed one', async () => {
      const proposal = h.demo('approved').id;
      const result = await h.run(ENTITIES, {
        representations: [
          { __typename: 'Person', id: valid },
          { __typename: 'Person', id: tampered },
          { __typename: 'Proposal', id: proposal },
        ],
      });
      expect(result.data?._entities).toEqual([
        { __typename: 'Person', id: valid, document: CARLA, name: 'Carla Demo Paga' },
        null,
        { __typename: 'Proposal', id: proposal, situation: 'APPROVED', installments: expect.any(Array) },
      ]);
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]).toMatchObject(refusal(1, PERSON_MESSAGE));
      expect((await h.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1, '/FGTS/ConsultaProposta': 1, '/Proposta/ConsultarParcelas': 1 });
    });
  });

  describe('an _entities batch carrying a type this subgraph does not resolve', () => {
    const unknownType = (index: number, message: string) => ({
      path: ['_entities', index],
      message,
      extensions: { code: 'UNKNOWN_ENTITY_TYPE', entityTypes: ['Person', 'Proposal'] },
    });

    it('fails only that item with UNKNOWN_ENTITY_TYPE at _entities.N and resolves the others', async () => {
      const proposal = h.demo('approved').id;
      const person = personIds.encode(CARLA);
      const result = await h.run(ENTITIES, {
        representations: [
          { __typename: 'Proposal', id: proposal },
          { __typename: 'Offer', id: 'offer-1' },
          { __typename: 'Person', id: person },
          { id: 'no-typename' },
        ],
      });
      expect(result.data?._entities).toEqual([
        { __typename: 'Proposal', id: proposal, situation: 'APPROVED', installments: expect.any(Array) },
        null,
        { __typename: 'Person', id: person, document: CARLA, name: 'Carla Demo Paga' },
        null,
      ]);
      expect(result.errors).toEqual([
        expect.objectContaining(unknownType(1, 'This subgraph resolves no entity of type "Offer"; its entities are Person, Proposal.')),
        expect.objectContaining(unknownType(3, "A representation needs a __typename; this subgraph's entities are Person, Proposal.")),
      ]);
      expect((await h.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1, '/FGTS/ConsultaProposta': 1, '/Proposta/ConsultarParcelas': 1 });
    });

    it('answers a batch of unknown types alone with one typed error per item and no partner call', async () => {
      const result = await h.run(ENTITIES, { representations: [{ __typename: 'Installment', id: 'x' }, { __typename: 'PageInfo' }] });
      expect(result.data?._entities).toEqual([null, null]);
      expect(result.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([
        [['_entities', 0], 'UNKNOWN_ENTITY_TYPE'],
        [['_entities', 1], 'UNKNOWN_ENTITY_TYPE'],
      ]);
      expect((await h.calls()).total).toBe(0);
    });
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
    expect((result.data?._service as { sdl: string }).sdl).toMatch(/type Proposal implements Node\s+@key\(fields: "id"\)/);
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
    expect(result.errors?.[0]).toMatchObject({
      path: ['proposal', 'agenda'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE', upstreamOperation: 'ConsultarDetalhes', retryable: true },
    });
  });

  it('answers a read whose first call hangs from its hedge, the second call sent before the deadline', async () => {
    const { id } = h.demo('approved');
    await h.admin('PUT', '/_sandbox/faults', { hangNext: 1, operations: ['/FGTS/ConsultaProposta'] });
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
    expect(result).toEqual({ data: { proposal: { situation: 'APPROVED' } } });
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
  });

  it('reports a partner that does not answer (the read and its hedge both hang) as UPSTREAM_TIMEOUT', async () => {
    const { id } = h.demo('approved');
    await h.admin('PUT', '/_sandbox/faults', { hangNext: 2, operations: ['/FGTS/ConsultaProposta'] });
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
      keyed(
        `mutation { createProposal(input: { clientDocument: "52998224725", contractType: "CP", requestedAmount: "1000", monthlyInterestRate: "2", installments: 3 }) { proposal { id } userErrors { code } } }`,
      ),
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
    await h.admin('POST', '/_sandbox/clients', { clientId: h.testClient.clientId, publicKeyPem: await exportSPKI(publicKey) });
    await h.admin('POST', '/_sandbox/tokens/revoke');
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { situation } }`, { id });
    expect(result.data).toEqual({ proposal: null });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_AUTH_FAILED', retryable: false });
  });
});
