import { type GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import { type OwnedProposal, type ProposalCursor } from '../../ledger/index.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { badUserInput } from '../runtime/errors.js';
import { proposalReference, toProposalSituation } from '../proposal/proposal.mapper.js';
import { resolveProposal } from '../proposal/proposal.reference.js';
import { type Proposal } from '../proposal/proposal.type.js';
import { ViewerProposalsArgs } from './viewer.input.js';
import { decodeCursor, encodeCursor } from './viewer.mapper.js';
import { PageInfo, ProposalConnection, ProposalEdge, Viewer } from './viewer.type.js';

/** Most proposals one `situation`-filtered page examines (each may cost one partner read). */
export const SITUATION_SCAN_LIMIT = 50;

/** The caller and its proposals. */
@Resolver(_of => Viewer)
export class ViewerResolver {
  @Query(_returns => Viewer, { description: 'The caller of this request: its id, its scopes and its proposals. Upstream: none (the graph\'s callers and ledger).' })
  viewer(@Ctx() ctx: GraphContext): Viewer {
    return Object.assign(new Viewer(), { callerId: ctx.callerId, scopes: [...ctx.scopes].sort() });
  }

  @FieldResolver(_returns => ProposalConnection, {
    description:
      "The caller's proposals, newest first (when their creation was recorded): those it created through the graph, or with proposals.all every proposal created through the graph by any caller (the partner cannot list proposals, so proposals created elsewhere, such as the sandbox's demo data, are not listed). A Relay connection with opaque cursors. The list comes from the graph's ledger at no partner call; each node's live fields resolve lazily from the partner as for Query.proposal (a page selecting only id costs nothing). Upstream: none for the list; the nodes' fields as Proposal.",
  })
  async proposals(@Root() _viewer: Viewer, @Args(_type => ViewerProposalsArgs) args: ViewerProposalsArgs, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<ProposalConnection> {
    let after: ProposalCursor | undefined;
    if (args.after != null) {
      after = decodeCursor(args.after);
      if (after === undefined) {
        throw badUserInput([{ code: 'INVALID_INPUT', field: ['after'], message: 'after is not a cursor of this list.', upstreamCode: null }]);
      }
    }
    const owner = ctx.ownership.seesAll ? null : ctx.callerId;
    const { first } = args;
    let rows: OwnedProposal[];
    let hasNextPage: boolean;
    let end: OwnedProposal | undefined;
    if (args.situation == null) {
      const read = await ctx.ledger.proposals(owner, first + 1, after);
      rows = read.slice(0, first);
      hasNextPage = read.length > first;
      end = rows.at(-1);
    } else {
      rows = [];
      let position = after;
      let examined = 0;
      let exhausted = false;
      while (rows.length < first && examined < SITUATION_SCAN_LIMIT) {
        const batch = await ctx.ledger.proposals(owner, Math.min(first - rows.length, SITUATION_SCAN_LIMIT - examined), position);
        // One read per proposal, batched by the loader and served from the shared cache when it can.
        const records = await Promise.all(batch.map(row => ctx.loaders.proposalById.load(row.proposalId)));
        batch.forEach((row, i) => {
          if (toProposalSituation(records[i]?.Situacao) === args.situation) {
            rows.push(row);
          }
        });
        examined += batch.length;
        end = batch.at(-1) ?? end;
        position = end;
        if (batch.length === 0) {
          exhausted = true;
          break;
        }
      }
      // More may follow unless the ledger ran out; one more ledger row (no partner call) says.
      hasNextPage = !exhausted && end !== undefined && (await ctx.ledger.proposals(owner, 1, end)).length > 0;
    }
    const nodes = selectedFields(info, selectedFields(info, info.fieldNodes, 'ProposalConnection').get('edges') ?? [], 'ProposalEdge').get('node') ?? [];
    const selection = selectedFields(info, nodes, 'Proposal');
    const edges = await Promise.all(
      rows.map(async row => {
        const identity = { id: row.proposalId, number: row.number, operationCode: row.operationCode };
        // On record in the ledger, so it exists: only the selected live fields are read.
        const node: Proposal = nodes.length === 0 ? proposalReference(identity) : ((await resolveProposal(ctx, identity, info, selection, { known: true })) ?? proposalReference(identity));
        return Object.assign(new ProposalEdge(), { cursor: encodeCursor(row), node });
      }),
    );
    const endCursor = end === undefined ? (args.after ?? null) : encodeCursor(end);
    return Object.assign(new ProposalConnection(), { edges, pageInfo: Object.assign(new PageInfo(), { hasNextPage, endCursor }) });
  }
}
