import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import { type OwnedProposal, type ProposalCursor } from '../../ledger/index.js';
import { type GraphErrorCode } from '../../shared/error-codes.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { badUserInput } from '../runtime/errors.js';
import { proposalReference, toProposalSituation } from '../proposal/proposal.mapper.js';
import { resolveProposal } from '../proposal/proposal.reads.js';
import { type Proposal } from '../proposal/proposal.type.js';
import { OrderDirection, PageInfo } from '../common/page-info.type.js';
import { ViewerProposalsArgs } from './viewer.input.js';
import { DEFAULT_ORDER, decodeCursor, encodeCursor, type ListOrder } from './viewer.mapper.js';
import { ProposalConnection, ProposalEdge, Viewer } from './viewer.type.js';

/** Most proposals one `situation`-filtered page examines (each may cost one partner read). */
export const SITUATION_SCAN_LIMIT = 50;

/**
 * The error of a list item the ledger names and the partner does not know: a development sandbox
 * whose state was lost while the ledger's was kept. Logged once per item with what to do, without
 * personal data (the proposal id is the partner's opaque key).
 */
function unknownToPartner(ctx: GraphContext, row: OwnedProposal): GraphQLError {
  const error = new GraphQLError('The graph recorded this proposal, but the credit partner does not know it.', {
    extensions: { code: 'PROPOSAL_UNKNOWN_TO_PARTNER' satisfies GraphErrorCode, proposalId: row.proposalId, retryable: false },
  });
  ctx.logger.error(
    'the ledger names a proposal the partner does not know: the partner lost state the ledger kept; with the embedded sandbox, `npm run reset` resets both together',
    Object.assign(new Error('proposal unknown to the partner'), { code: 'PROPOSAL_UNKNOWN_TO_PARTNER' }),
  );
  return error;
}

/** The caller and its proposals. */
@Resolver((_of) => Viewer)
export class ViewerResolver {
  @Query((_returns) => Viewer, {
    description: "The caller of this request: its id, its scopes and its proposals. Upstream: none (the graph's callers and ledger).",
  })
  creditViewer(@Ctx() ctx: GraphContext): Viewer {
    return Object.assign(new Viewer(), { callerId: ctx.callerId, scopes: [...ctx.scopes].sort() });
  }

  @FieldResolver((_returns) => ProposalConnection, {
    description:
      "The caller's proposals, newest first (when their creation was recorded) unless orderBy says otherwise: those it created through the graph, or with proposals.all every proposal created through the graph by any caller (the partner cannot list proposals, so proposals created elsewhere are not listed; a development graph on its embedded sandbox records the demo proposals as the anonymous caller's at start, so they are). A Relay connection with opaque cursors, edges and nodes, totalCount and a complete pageInfo. The list comes from the graph's ledger at no partner call; each node's live fields resolve lazily from the partner as for Query.proposal (a page selecting only id costs nothing). Upstream: none for the list; the nodes' fields as Proposal.",
  })
  async proposals(
    @Root() _viewer: Viewer,
    @Args((_type) => ViewerProposalsArgs) args: ViewerProposalsArgs,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProposalConnection> {
    const order: ListOrder = { field: args.orderBy?.field ?? DEFAULT_ORDER.field, direction: args.orderBy?.direction ?? DEFAULT_ORDER.direction };
    let after: ProposalCursor | undefined;
    if (args.after != null) {
      const cursor = decodeCursor(args.after);
      if (cursor === undefined) {
        throw badUserInput([{ code: 'INVALID_INPUT', field: ['after'], message: 'after is not a cursor of this list.', upstreamCode: null }]);
      }
      if (cursor.order.field !== order.field || cursor.order.direction !== order.direction) {
        throw badUserInput([
          {
            code: 'INVALID_INPUT',
            field: ['after'],
            message: 'after is a cursor of this list in another order: ask with the orderBy it was issued in.',
            upstreamCode: null,
          },
        ]);
      }
      after = cursor.position;
    }
    const owner = ctx.ownership.seesAll ? null : ctx.callerId;
    const direction = order.direction === OrderDirection.ASC ? 'asc' : 'desc';
    const read = (limit: number, from: ProposalCursor | undefined): Promise<OwnedProposal[]> => ctx.ledger.proposals(owner, limit, from, { direction });
    const { first } = args;
    let rows: OwnedProposal[];
    let hasNextPage: boolean;
    let end: OwnedProposal | undefined;
    if (args.situation == null) {
      const page = await read(first + 1, after);
      rows = page.slice(0, first);
      hasNextPage = page.length > first;
      end = rows.at(-1);
    } else {
      rows = [];
      let position = after;
      let examined = 0;
      let exhausted = false;
      while (rows.length < first && examined < SITUATION_SCAN_LIMIT) {
        const batch = await read(Math.min(first - rows.length, SITUATION_SCAN_LIMIT - examined), position);
        // One read per proposal, batched by the loader and served from the shared cache when it can.
        const records = await Promise.all(batch.map((row) => ctx.loaders.proposalById.load(row.proposalId)));
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
      hasNextPage = !exhausted && end !== undefined && (await read(1, end)).length > 0;
    }
    const connection = selectedFields(info, info.fieldNodes, 'ProposalConnection');
    // The nodes' fields are selected under edges { node } and under nodes: each node is read once for both.
    const nodes = [...(selectedFields(info, connection.get('edges') ?? [], 'ProposalEdge').get('node') ?? []), ...(connection.get('nodes') ?? [])];
    const selection = selectedFields(info, nodes, 'Proposal');
    const edges = await Promise.all(
      rows.map(async (row) => {
        const identity = { id: row.proposalId, number: row.number, operationCode: ctx.operationCodes.fromPartner(row.operationCode) };
        // On record in the ledger, so it exists at the partner: only the selected live fields are read.
        // Where the partner says otherwise, the item alone answers why (a returned Error is raised at its path).
        const node: Proposal | GraphQLError =
          nodes.length === 0
            ? proposalReference(identity)
            : ((await resolveProposal(ctx, identity, info, selection, { known: true })) ?? unknownToPartner(ctx, row));
        return Object.assign(new ProposalEdge(), { cursor: encodeCursor(row, order), node: node as Proposal });
      }),
    );
    const pageInfo = selectedFields(info, connection.get('pageInfo') ?? [], 'CreditPageInfo');
    // Before the page there is the cursor's own proposal, or any before it in this order: one ledger row says (no partner call).
    const hasPreviousPage =
      after !== undefined &&
      pageInfo.has('hasPreviousPage') &&
      (await ctx.ledger.proposals(owner, 1, after, { direction: direction === 'asc' ? 'desc' : 'asc', inclusive: true })).length > 0;
    const totalCount = args.situation == null && connection.has('totalCount') ? await ctx.ledger.countProposals(owner) : null;
    return Object.assign(new ProposalConnection(), {
      edges,
      nodes: edges.map((edge) => edge.node),
      totalCount,
      pageInfo: Object.assign(new PageInfo(), {
        hasNextPage,
        hasPreviousPage,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: end === undefined ? (args.after ?? null) : encodeCursor(end, order),
      }),
    });
  }
}
