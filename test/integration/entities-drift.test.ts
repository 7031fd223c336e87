import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

/**
 * What a router sends when its supergraph still names a type this subgraph no longer has: its entity
 * fetch selects by type, so the whole document fails validation here and no representation resolves.
 */
const DRIFTED_FETCH = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    ... on Proposal { id situation }
    ... on RetiredEntity { id }
  }
}`;

describe('_entities under schema drift between the router and this subgraph', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => h.resetCalls());

  it('fails the whole fetch with GRAPHQL_VALIDATION_FAILED, the good representations too, at no partner call', async () => {
    const representations = [
      { __typename: 'Proposal', id: h.demo('approved').id },
      { __typename: 'RetiredEntity', id: 'x' },
    ];
    const result = await h.run(DRIFTED_FETCH, { representations }, { callerId: 'router', scopes: ['federation', 'proposals.all'] });
    expect(result.data).toBeUndefined();
    expect(result.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['GRAPHQL_VALIDATION_FAILED', 'Unknown type "RetiredEntity".']]);
    expect((await h.calls()).total).toBe(0);
  });

  it('answers the same representations per item once the document validates (the unknown type alone fails)', async () => {
    const id = h.demo('approved').id;
    const result = await h.run(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Proposal { id } } }`,
      {
        representations: [
          { __typename: 'Proposal', id },
          { __typename: 'RetiredEntity', id: 'x' },
        ],
      },
      { callerId: 'router', scopes: ['federation', 'proposals.all'] },
    );
    expect(result.data?._entities).toEqual([{ id }, null]);
    expect(result.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([['UNKNOWN_ENTITY_TYPE', ['_entities', 1]]]);
  });
});
