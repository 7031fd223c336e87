import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../common/page-info.type.js';
import { Proposal } from '../proposal/proposal.type.js';

/**
 * The caller of the request, and what it owns. Named for this domain (`CreditViewer`, at
 * `Query.creditViewer`): company graphs have their own `Viewer` and `Query.viewer` (docs/federation.md).
 */
@ObjectType('CreditViewer', {
  description:
    "The caller of this request (an API key's caller id or a JWT's sub), its scopes and its proposals. Upstream: none (the graph's callers and ledger).",
})
export class Viewer {
  @Field((_type) => String, { description: 'The caller id (anonymous in development with no callers configured). Upstream: none.' })
  callerId: string;

  @Field((_type) => [String], { description: "The caller's scopes, sorted (proposals.all, registry.read, federation). Upstream: none." })
  scopes: string[];
}

/** One proposal of a connection. */
@ObjectType({ description: 'A proposal in a connection, with its opaque cursor.' })
export class ProposalEdge {
  @Field((_type) => String, {
    description:
      "Opaque cursor of this proposal: pass it as after to continue from here. Stable across replicas and restarts. Upstream: none (the graph's ledger).",
  })
  cursor: string;

  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The proposal. Its live fields are read from the partner only when selected (id and the ledger read-back fields cost nothing). Null, with the error PROPOSAL_UNKNOWN_TO_PARTNER at this path, when the graph recorded the proposal but the partner no longer knows it (a development sandbox reset without the ledger); the other items of the page answer as usual. Upstream: as Proposal.',
  })
  node: Proposal | null;
}

/** A page of proposals, in the list's order. */
@ObjectType({
  description:
    "A page of proposals, in the list's order (Relay cursor connection). Upstream: none for the list itself (the graph's ledger); the nodes' live fields as Proposal.",
})
export class ProposalConnection {
  @Field((_type) => [ProposalEdge], { description: "The proposals of this page with their cursors, in the list's order. Upstream: none (the graph's ledger)." })
  edges: ProposalEdge[];

  @Field((_type) => [Proposal], {
    nullable: 'items',
    description:
      'The proposals of this page, the same as edges { node }, for clients that need no cursor per item; an item is null (with the error PROPOSAL_UNKNOWN_TO_PARTNER) where its edge node is. Upstream: as Proposal.',
  })
  nodes: Array<Proposal | null>;

  @Field((_type) => Int, {
    nullable: true,
    description:
      "How many proposals the list holds in all pages: one count on the graph's ledger, made only when selected. Null with a situation filter: situations live at the partner, and counting them would read every proposal. Upstream: none.",
  })
  totalCount: number | null;

  @Field((_type) => PageInfo, { description: "Whether more follow and where to continue. Upstream: none (the graph's ledger)." })
  pageInfo: PageInfo;
}
