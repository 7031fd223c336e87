import { Field, ObjectType } from 'type-graphql';
import { Proposal } from '../proposal/proposal.type.js';

/** The caller of the request, and what it owns. */
@ObjectType({ description: 'The caller of this request (an API key\'s caller id or a JWT\'s sub), its scopes and its proposals. Upstream: none (the graph\'s callers and ledger).' })
export class Viewer {
  @Field(_type => String, { description: 'The caller id (anonymous in development with no callers configured). Upstream: none.' })
  callerId: string;

  @Field(_type => [String], { description: 'The caller\'s scopes, sorted (proposals.all, registry.read, federation). Upstream: none.' })
  scopes: string[];
}

/** Where a page of a connection ends. */
@ObjectType({ description: 'Where a page of a connection ends (Relay cursor connections).' })
export class PageInfo {
  @Field(_type => Boolean, { description: 'Whether more items follow: ask again with after = endCursor. Upstream: none (the graph\'s ledger).' })
  hasNextPage: boolean;

  @Field(_type => String, {
    nullable: true,
    description: 'Opaque cursor to continue after this page (null when nothing was read). With a situation filter it may point past the last edge: the proposals examined after it did not match. Upstream: none (the graph\'s ledger).',
  })
  endCursor: string | null;
}

/** One proposal of a connection. */
@ObjectType({ description: 'A proposal in a connection, with its opaque cursor.' })
export class ProposalEdge {
  @Field(_type => String, { description: 'Opaque cursor of this proposal: pass it as after to continue from here. Stable across replicas and restarts. Upstream: none (the graph\'s ledger).' })
  cursor: string;

  @Field(_type => Proposal, { description: 'The proposal; its live fields resolve lazily from the partner, only when selected (id and the ledger read-back fields cost nothing). Upstream: as Proposal.' })
  node: Proposal;
}

/** A page of proposals, newest first. */
@ObjectType({ description: 'A page of proposals, newest first (Relay cursor connection). Upstream: none for the list itself (the graph\'s ledger); the nodes\' live fields as Proposal.' })
export class ProposalConnection {
  @Field(_type => [ProposalEdge], { description: 'The proposals of this page, newest first. Upstream: none (the graph\'s ledger).' })
  edges: ProposalEdge[];

  @Field(_type => PageInfo, { description: 'Whether more follow and where to continue. Upstream: none (the graph\'s ledger).' })
  pageInfo: PageInfo;
}
