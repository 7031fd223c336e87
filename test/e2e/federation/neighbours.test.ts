/**
 * The credit subgraph beside the neighbours a company supergraph already has: each shape below is an
 * ordinary subgraph's (a forward-only PageInfo, its own Viewer and Query.viewer, its own
 * OrderDirection, its own UserError interface), in Federation 2 and 1, and the SDL must compose
 * beside each with Apollo's composition and with The Guild's.
 */
import { composeServices as composeApollo } from '@apollo/composition';
import { composeServices as composeGuild, compositionHasErrors } from '@theguild/federation-composition';
import { type DocumentNode, parse } from 'graphql';
import { renderSchema } from '../../../src/graphql/emit-schema.js';

const FED2 = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/** Neighbour shapes, by name: a Federation 2 SDL unless it has no `@link` (then Federation 1). */
const NEIGHBOURS: Record<string, string> = {
  'the full Relay PageInfo, @shareable (Federation 2)': `${FED2}
    type Query { offers(first: Int, after: String): OfferConnection! }
    type OfferConnection { edges: [OfferEdge!]! pageInfo: PageInfo! }
    type OfferEdge { cursor: String! node: Offer! }
    type Offer { id: ID! }
    type PageInfo @shareable { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }`,
  'a forward-only PageInfo, @shareable (Federation 2)': `${FED2}
    type Query { offers(first: Int, after: String): OfferConnection! }
    type OfferConnection { edges: [OfferEdge!]! pageInfo: PageInfo! }
    type OfferEdge { cursor: String! node: Offer! }
    type Offer { id: ID! }
    type PageInfo @shareable { hasNextPage: Boolean! endCursor: String }`,
  'a forward-only PageInfo, not @shareable (Federation 2)': `${FED2}
    type Query { offers(first: Int, after: String): OfferConnection! }
    type OfferConnection { edges: [OfferEdge!]! pageInfo: PageInfo! }
    type OfferEdge { cursor: String! node: Offer! }
    type Offer { id: ID! }
    type PageInfo { hasNextPage: Boolean! endCursor: String }`,
  'a forward-only PageInfo (Federation 1)': `
    type Query { offers(first: Int, after: String): OfferConnection! }
    type OfferConnection { edges: [OfferEdge!]! pageInfo: PageInfo! }
    type OfferEdge { cursor: String! node: Offer! }
    type Offer { id: ID! }
    type PageInfo { hasNextPage: Boolean! endCursor: String }`,
  'its own Viewer and Query.viewer (Federation 2)': `${FED2}
    type Query { viewer: Viewer }
    type Viewer { id: ID! email: String! locale: String }`,
  'its own Viewer and Query.viewer (Federation 1)': `
    type Query { viewer: Viewer }
    type Viewer { id: ID! email: String! }`,
  'its own OrderDirection enum (Federation 2)': `${FED2}
    type Query { invoices(direction: OrderDirection = ASCENDING): [Invoice!]! }
    type Invoice { id: ID! sortedBy: OrderDirection! }
    enum OrderDirection { ASCENDING DESCENDING }`,
  'its own OrderDirection enum (Federation 1)': `
    type Query { invoices(direction: OrderDirection): [Invoice!]! }
    type Invoice { id: ID! }
    enum OrderDirection { ASCENDING DESCENDING }`,
  'its own UserError interface (Federation 2)': `${FED2}
    type Query { me: String }
    type Mutation { updateProfile(name: String!): UpdateProfilePayload! }
    type UpdateProfilePayload { userErrors: [ProfileError!]! }
    interface UserError { message: String! path: [String!] }
    type ProfileError implements UserError { message: String! path: [String!] }`,
  'its own UserError interface (Federation 1)': `
    type Query { me: String }
    type Mutation { updateProfile(name: String!): UpdateProfilePayload! }
    type UpdateProfilePayload { userErrors: [ProfileError!]! }
    interface UserError { message: String! field: [String!] }
    type ProfileError implements UserError { message: String! field: [String!] }`,
};

describe('the credit subgraph beside ordinary neighbours', () => {
  it('names its page info, viewer, error interface and order enum for its domain', async () => {
    const sdl = await renderSchema();
    for (const name of ['CreditPageInfo', 'CreditViewer', 'CreditUserError', 'CreditOrderDirection']) {
      expect(sdl).toMatch(new RegExp(`^(type|interface|enum) ${name}\\b`, 'm'));
    }
    expect(sdl).not.toMatch(/^(type|interface|enum) (PageInfo|Viewer|UserError|OrderDirection)\b/m);
    expect(sdl).toMatch(/^ {2}creditViewer: CreditViewer!/m);
    expect(sdl).not.toMatch(/^ {2}viewer: /m);
  });

  let credit: DocumentNode;
  beforeAll(async () => {
    credit = parse(await renderSchema());
  });

  const services = (neighbour: string) => [
    { name: 'credit', typeDefs: credit, url: 'http://credit.invalid/graphql' },
    { name: 'neighbour', typeDefs: parse(neighbour), url: 'http://neighbour.invalid/graphql' },
  ];

  it.each(Object.entries(NEIGHBOURS))('composes with Apollo composition beside a neighbour with %s', (_name, sdl) => {
    expect(composeApollo(services(sdl)).errors?.map((error) => `${error.extensions['code']}: ${error.message}`)).toBeUndefined();
  });

  it.each(Object.entries(NEIGHBOURS))("composes with The Guild's composition beside a neighbour with %s", (_name, sdl) => {
    const composition = composeGuild(services(sdl));
    expect(compositionHasErrors(composition) ? composition.errors.map((error) => `${error.extensions['code']}: ${error.message}`) : []).toEqual([]);
  });
});
