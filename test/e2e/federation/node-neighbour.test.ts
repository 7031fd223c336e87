/**
 * A neighbour subgraph with its own Relay `Node` interface and `Query.node`, extending our `Proposal`
 * by its key: the supergraph composes with Apollo's composition and with The Guild's, and Hive
 * Gateway serves it. Both `Query.node` fields are `@shareable`; each subgraph answers only the ids it
 * minted (null for another's), and a client asks for a neighbour's object through the neighbour's
 * own entry point or through our entities, never through a `node` the router may route either way.
 */
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { composeServices as composeApollo } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices as composeGuild, compositionHasErrors } from '@theguild/federation-composition';
import { type DocumentNode, type GraphQLFormattedError, Kind, parse, visit } from 'graphql';
import { renderSchema } from '../../../src/graphql/emit-schema.js';
import { startTestGraph, type TestGraph } from '../../helpers/graph.js';
import { quiet } from './risk-subgraph.js';

/** Another team's subgraph: Relay from top to bottom, with its own Node and node(id:). */
const OFFERS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])

  interface Node {
    id: ID!
  }

  type Offer implements Node @key(fields: "id") {
    id: ID!
    title: String!
  }

  "Our Proposal, extended by its key with the offers made on it."
  type Proposal implements Node @key(fields: "id") {
    id: ID!
    offers: [Offer!]!
  }

  type Query {
    node(id: ID!): Node @shareable
    offer(id: ID!): Offer
  }
`;

/** The neighbour mints ids with its own prefix; its node(id:) answers those alone. */
const OFFER_PREFIX = 'offers:Offer:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function startOffersSubgraph(): Promise<{ url: string; server: ApolloServer }> {
  const offer = (id: string) => (id.startsWith(OFFER_PREFIX) ? { __typename: 'Offer', id, title: `Offer ${id.slice(OFFER_PREFIX.length)}` } : null);
  // A shared node(id:) may be asked for any id and its answer merged with ours: the neighbour types
  // the ids of the entities it knows as stubs (our Proposal ids are UUIDs), null for the rest.
  const node = (id: string) => offer(id) ?? (UUID.test(id) ? { __typename: 'Proposal', id } : null);
  const server = new ApolloServer({
    logger: quiet,
    schema: buildSubgraphSchema({
      typeDefs: parse(OFFERS_SDL),
      resolvers: {
        Query: {
          node: (_root: unknown, args: { id: string }) => node(args.id),
          offer: (_root: unknown, args: { id: string }) => offer(args.id),
        },
        Node: { __resolveType: (value: { __typename: string }) => value.__typename },
        Offer: { __resolveReference: (reference: { id: string }) => offer(reference.id) },
        Proposal: {
          __resolveReference: (reference: { id: string }) => reference,
          offers: (proposal: { id: string }) => [offer(`${OFFER_PREFIX}${proposal.id.slice(0, 8)}`)],
        },
      },
    }),
  });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return { url, server };
}

function withoutShareableNode(document: DocumentNode): DocumentNode {
  return visit(document, {
    FieldDefinition: (field) =>
      field.name.value === 'node' || field.name.value === 'nodes'
        ? { ...field, directives: field.directives?.filter((directive) => directive.name.value !== 'shareable') }
        : undefined,
  });
}

function fieldsOf(supergraphSdl: string, typeName: string): string[] {
  const type = parse(supergraphSdl).definitions.find(
    (definition) =>
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.INTERFACE_TYPE_DEFINITION) && definition.name.value === typeName,
  );
  return type !== undefined && 'fields' in type ? (type.fields ?? []).map((field) => field.name.value).sort() : [];
}

describe('a neighbour subgraph with its own Relay Node and Query.node, extending Proposal', () => {
  let credit: DocumentNode;

  beforeAll(async () => {
    credit = parse(await renderSchema());
  });

  it('composes with Apollo composition: one Node interface, a shared Query.node, Proposal.offers from the neighbour', () => {
    const composition = composeApollo([
      { name: 'credit', typeDefs: credit, url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ]);
    expect(composition.errors?.map((error) => error.message)).toBeUndefined();
    expect(fieldsOf(composition.supergraphSdl ?? '', 'Node')).toEqual(['id']);
    expect(fieldsOf(composition.supergraphSdl ?? '', 'Proposal')).toContain('offers');
  });

  it("composes with The Guild's composition beside the same neighbour", () => {
    const composition = composeGuild([
      { name: 'credit', typeDefs: credit, url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ]);
    expect(compositionHasErrors(composition) ? composition.errors.map((error) => error.message) : []).toEqual([]);
    expect(compositionHasErrors(composition) ? [] : fieldsOf(composition.supergraphSdl, 'Proposal')).toContain('offers');
  });

  it('would not compose without our @shareable on node: both compositions refuse the field', () => {
    const services = [
      { name: 'credit', typeDefs: withoutShareableNode(credit), url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ];
    expect(composeApollo(services).errors?.map((error) => error.extensions['code'])).toContain('INVALID_FIELD_SHARING');
    const guild = composeGuild(services);
    expect(compositionHasErrors(guild) ? guild.errors.map((error) => error.extensions['code']) : []).toContain('INVALID_FIELD_SHARING');
  });

  describe('through Hive Gateway', () => {
    let graph: TestGraph;
    let offers: Awaited<ReturnType<typeof startOffersSubgraph>>;
    let gateway: GatewayRuntime;

    beforeAll(async () => {
      graph = await startTestGraph({ env: { READ_CACHE: 'off' } });
      offers = await startOffersSubgraph();
      const composition = composeGuild([
        { name: 'credit', typeDefs: credit, url: graph.url },
        { name: 'offers', typeDefs: parse(OFFERS_SDL), url: offers.url },
      ]);
      if (compositionHasErrors(composition)) {
        throw new Error(`composition failed: ${composition.errors.map((error) => error.message).join('; ')}`);
      }
      gateway = createGatewayRuntime({ supergraph: composition.supergraphSdl, logging: false });
    });

    afterAll(async () => {
      await gateway?.dispose();
      await offers?.server.stop();
      await graph?.close();
    });

    async function viaHive<TData>(query: string, variables: Record<string, unknown> = {}): Promise<{ data?: TData | null; errors?: GraphQLFormattedError[] }> {
      const response = await gateway.fetch('http://gateway.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: TData | null; errors?: GraphQLFormattedError[] };
    }

    it('joins our Proposal with the offers the neighbour adds by its key, with one ConsultaProposta', async () => {
      const approved = graph.sandbox.demo.find((proposal) => proposal.label === 'approved');
      await graph.admin.resetCalls();
      const response = await viaHive('query ($id: ID!) { proposal(id: $id) { id number offers { id title } } }', { id: approved?.id });
      expect(response.errors).toBeUndefined();
      const suffix = approved?.id.slice(0, 8) ?? '';
      expect(response.data).toEqual({
        proposal: { id: approved?.id, number: approved?.number, offers: [{ id: `${OFFER_PREFIX}${suffix}`, title: `Offer ${suffix}` }] },
      });
      expect((await graph.admin.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    });

    it('answers node(id:) with one of our ids as our Node, fields joined from the neighbour', async () => {
      const approved = graph.sandbox.demo.find((proposal) => proposal.label === 'approved');
      const response = await viaHive('query ($id: ID!) { node(id: $id) { id ... on Proposal { number offers { title } } } }', { id: approved?.id });
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({ node: { id: approved?.id, number: approved?.number, offers: [{ title: `Offer ${approved?.id.slice(0, 8) ?? ''}` }] } });
    });

    it("answers node(id:) with the neighbour's id from the neighbour, at no partner call", async () => {
      await graph.admin.resetCalls();
      const response = await viaHive('{ node(id: "offers:Offer:7") { __typename id ... on Offer { title } } }');
      expect(response).toEqual({ data: { node: { __typename: 'Offer', id: 'offers:Offer:7', title: 'Offer 7' } } });
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it('answers nodes(ids:), ours alone, for ids only this subgraph can type (an installment)', async () => {
      const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
      const direct = await graph.execute<{ proposal: { installments: Array<{ id: string; number: number }> } }>(
        'query ($id: ID!) { proposal(id: $id) { installments { id number } } }',
        {
          id: disbursed?.id,
        },
      );
      const first = direct.data?.proposal.installments[0];
      const response = await viaHive('query ($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Installment { number } } }', { ids: [first?.id] });
      expect(response).toEqual({ data: { nodes: [{ __typename: 'Installment', id: first?.id, number: 1 }] } });
    });
  });
});
