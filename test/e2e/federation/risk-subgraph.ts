import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';

/**
 * A second subgraph owned by another team, composed with ours by every gateway test: it extends
 * Proposal with a risk score computed from our financedAmount (@requires), lists proposals by id (so
 * the gateway must resolve them as entities in our subgraph), and extends Person with a watch-list flag,
 * keyed by our opaque Person.id: the risk team never holds a CPF.
 */
export const RISK_SDL = `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@external", "@requires"])

  scalar Decimal

  type Proposal @key(fields: "id") {
    id: ID!
    financedAmount: Decimal! @external
    "Risk score, one point per 100 of financed amount (capped at 999)."
    riskScore: Int @requires(fields: "financedAmount")
    "Whether the risk team reviewed this proposal."
    reviewed: Boolean!
  }

  type Person @key(fields: "id") {
    id: ID!
    watchlisted: Boolean!
  }

  type Query {
    riskReview(ids: [ID!]!): [Proposal!]!
    watchlist: [Person!]!
    "Persons by whatever ids the caller gives (a way to send our subgraph any representation)."
    persons(ids: [ID!]!): [Person]!
  }
`;

/** The risk team's score of a financed amount. */
export const riskScore = (financedAmount: string | null | undefined): number | null =>
  financedAmount === null || financedAmount === undefined ? null : Math.min(999, Math.floor(Number(financedAmount) / 100));

/** A logger that says nothing. */
export const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The risk subgraph listening on 127.0.0.1:0, its watch list holding `watchlist`'s person ids. */
export async function startRiskSubgraph(watchlist: string[]): Promise<{ url: string; server: ApolloServer }> {
  const server = new ApolloServer({
    logger: quiet,
    schema: buildSubgraphSchema({
      typeDefs: parse(RISK_SDL),
      resolvers: {
        Query: {
          riskReview: (_root: unknown, args: { ids: string[] }) => args.ids.map((id) => ({ id })),
          watchlist: () => watchlist.map((id) => ({ id })),
          persons: (_root: unknown, args: { ids: string[] }) => args.ids.map((id) => ({ id })),
        },
        Proposal: {
          __resolveReference: (reference: { id: string; financedAmount?: string | null }) => reference,
          riskScore: (proposal: { financedAmount?: string | null }) => riskScore(proposal.financedAmount),
          reviewed: () => true,
        },
        Person: {
          __resolveReference: (reference: { id: string }) => reference,
          watchlisted: (person: { id: string }) => watchlist.includes(person.id),
        },
      },
    }),
  });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return { url, server };
}

/** The Person ids our graph issues for `documents` (selecting only `id` costs no partner call). */
export async function personIdsOf(
  graph: { execute: <T>(query: string, variables: Record<string, unknown>) => Promise<{ data?: T | null }> },
  documents: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const document of documents) {
    const answer = await graph.execute<{ person: { id: string } | null }>('query ($document: String!) { person(document: $document) { id } }', { document });
    const id = answer.data?.person?.id;
    if (id === undefined) {
      throw new Error('the graph issued no Person.id');
    }
    ids.push(id);
  }
  return ids;
}
