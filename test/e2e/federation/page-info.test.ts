/**
 * `PageInfo` is a value type every Relay subgraph defines: ours is `@shareable`, so a supergraph with a
 * neighbour that brings its own Relay `PageInfo` composes, with Apollo's composition and with The
 * Guild's (Hive), and the merged type keeps all four Relay fields.
 */
import { composeServices as composeApollo } from '@apollo/composition';
import { composeServices as composeGuild, compositionHasErrors } from '@theguild/federation-composition';
import { type DocumentNode, Kind, parse, visit } from 'graphql';
import { renderSchema } from '../../../src/graphql/emit-schema.js';

/** A neighbour subgraph with its own Relay connection and PageInfo. */
const OFFERS_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@shareable"])

  type Query {
    offers(first: Int, after: String): OfferConnection!
  }

  type OfferConnection {
    edges: [OfferEdge!]!
    pageInfo: PageInfo!
  }

  type OfferEdge {
    cursor: String!
    node: Offer!
  }

  type Offer {
    id: ID!
  }

  type PageInfo @shareable {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
`;

function withoutShareable(document: DocumentNode): DocumentNode {
  return visit(document, { Directive: (node) => (node.name.value === 'shareable' ? null : undefined) });
}

function pageInfoFields(supergraphSdl: string): string[] {
  const type = parse(supergraphSdl).definitions.find((definition) => definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'PageInfo');
  return type?.kind === Kind.OBJECT_TYPE_DEFINITION ? (type.fields ?? []).map((field) => field.name.value).sort() : [];
}

describe('PageInfo in a supergraph', () => {
  let credit: DocumentNode;

  beforeAll(async () => {
    credit = parse(await renderSchema());
  });

  it('composes with Apollo composition beside a neighbour that defines its own Relay PageInfo', () => {
    const composition = composeApollo([
      { name: 'credit', typeDefs: credit, url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ]);
    expect(composition.errors?.map((error) => error.message)).toBeUndefined();
    expect(pageInfoFields(composition.supergraphSdl ?? '')).toEqual(['endCursor', 'hasNextPage', 'hasPreviousPage', 'startCursor']);
  });

  it("composes with The Guild's composition beside the same neighbour", () => {
    const composition = composeGuild([
      { name: 'credit', typeDefs: credit, url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ]);
    expect(compositionHasErrors(composition) ? composition.errors.map((error) => error.message) : []).toEqual([]);
    expect(compositionHasErrors(composition) ? [] : pageInfoFields(composition.supergraphSdl)).toEqual([
      'endCursor',
      'hasNextPage',
      'hasPreviousPage',
      'startCursor',
    ]);
  });

  it('would not compose without our @shareable: both compositions refuse the shared fields', () => {
    const services = [
      { name: 'credit', typeDefs: withoutShareable(credit), url: 'http://credit.invalid/graphql' },
      { name: 'offers', typeDefs: parse(OFFERS_SDL), url: 'http://offers.invalid/graphql' },
    ];
    expect(composeApollo(services).errors?.map((error) => error.extensions['code'])).toContain('INVALID_FIELD_SHARING');
    const guild = composeGuild(services);
    expect(compositionHasErrors(guild) ? guild.errors.map((error) => error.extensions['code']) : []).toContain('INVALID_FIELD_SHARING');
  });
});
