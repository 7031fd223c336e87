import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, FieldResolver, ID, Info, Resolver, Root, type SubscribeResolverData, Subscription } from 'type-graphql';
import { accessibleProposal, resolveProposal } from '../proposal/proposal.reads.js';
import { Proposal } from '../proposal/proposal.type.js';
import { type GraphContext } from '../runtime/context.js';
import { GRAPH_ERROR_CODES } from '../../shared/error-codes.js';
import { badUserInput } from '../runtime/errors.js';
import { selectedFields } from '../runtime/selection.js';
import { type LiveEvent, type LiveStream } from './watches.js';
import { machineryOf } from './subscribe.js';
import { ProposalChange, type ProposalPart } from './live.type.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hubOf(ctx: GraphContext) {
  const machinery = machineryOf(ctx);
  if (machinery === undefined) {
    throw new GraphQLError('Subscriptions are served over GraphQL over WebSocket (graphql-ws) or GraphQL over SSE (graphql-sse), not here.', {
      extensions: { code: 'SUBSCRIPTIONS_NOT_SUPPORTED' },
    });
  }
  return machinery.hub;
}

async function subscribeProposal(ctx: GraphContext, id: unknown): Promise<LiveStream> {
  const hub = hubOf(ctx);
  if (typeof id !== 'string' || !UUID.test(id)) {
    throw badUserInput([{ code: 'INVALID_INPUT', field: ['id'], message: 'id must be a proposal id (a UUID).', upstreamCode: null }]);
  }
  // Ownership as for queries, from the ledger, before any partner call.
  if ((await accessibleProposal(ctx, { id })) === null) {
    throw new GraphQLError('No proposal with this id is visible to the caller.', { extensions: { code: 'NOT_FOUND' } });
  }
  return hub.watchProposal(id, ctx.callerId, ctx.reads);
}

async function subscribeViewer(ctx: GraphContext): Promise<LiveStream> {
  const hub = hubOf(ctx);
  const owned = await ctx.ledger.proposals(ctx.callerId, hub.settings.viewerMaxProposals);
  return hub.watchViewer(
    owned.map((record) => record.proposalId),
    ctx.callerId,
    ctx.reads,
  );
}

/** The event a subscriber receives; a failed poll is an error event (the stream stays up). */
function toChange(event: LiveEvent): ProposalChange {
  if (event.kind === 'failure') {
    const code = (GRAPH_ERROR_CODES as readonly string[]).includes(event.code) ? event.code : 'UPSTREAM_UNAVAILABLE';
    throw new GraphQLError('The partner could not be read for this proposal; the subscription stays open and delivers the current state once it answers.', {
      extensions: { code, proposalId: event.proposalId, retryable: code !== 'NOT_FOUND' },
    });
  }
  return Object.assign(new ProposalChange(), {
    proposalId: event.proposalId,
    changed: event.parts as ProposalPart[],
    initial: event.initial,
    reads: event.reads,
  });
}

/** Live updates of proposals: subscriptions are watches (watches.ts), served over graphql-ws and graphql-sse. */
@Resolver((_of) => ProposalChange)
export class LiveResolver {
  @Subscription((_returns) => ProposalChange, {
    nullable: true,
    description:
      "Changes of one proposal as they happen: its situation (under review to approved or rejected, finalized, disbursed...), its agenda, its boletos, and the graph's own writes to it (at once). The first event is the current state. Same callers, scopes and ownership as Query.proposal: a proposal the caller may not see is refused with NOT_FOUND when subscribing, with no partner call. Over GraphQL over WebSocket (graphql-ws) or GraphQL over SSE (graphql-sse) on /graphql; never over plain HTTP POST/GET. The partner sends no events, so one watcher per proposal for the whole deployment polls it while anyone subscribes (LIVE_POLL_INTERVAL_MS, at the lowest priority of the partner budget); a failed poll is an error event (extensions.code, e.g. UPSTREAM_UNAVAILABLE) and the stream stays up. Upstream: FGTS/ConsultaProposta, AgendaRecebivel/ConsultarDetalhes, AgendaRecebivel/ConsultarBoletos (polled).",
    subscribe: ({ args, context }: SubscribeResolverData<unknown, Record<string, unknown>, GraphContext>) => subscribeProposal(context, args.id),
  })
  proposalChanged(
    @Root() event: LiveEvent,
    @Arg('id', (_type) => ID, { description: 'The proposal id (a UUID). Upstream: CodigoProposta.' }) _id: string,
  ): ProposalChange {
    return toChange(event);
  }

  @Subscription((_returns) => ProposalChange, {
    nullable: true,
    description:
      "Changes of the caller's own proposals (those it created through the graph, the newest LIVE_VIEWER_MAX_PROPOSALS, and those it creates while subscribed), one event per proposal change, the first event of each proposal its current state. Costs the partner what proposalChanged costs for each of them. Upstream: as proposalChanged.",
    subscribe: ({ context }: SubscribeResolverData<unknown, Record<string, unknown>, GraphContext>) => subscribeViewer(context),
  })
  viewerProposalEvents(@Root() event: LiveEvent): ProposalChange {
    return toChange(event);
  }

  @FieldResolver((_returns) => Proposal, { nullable: true })
  proposal(@Root() change: ProposalChange, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Proposal | null> {
    // Ownership was decided when subscribing; the event's context reads the watcher's answers first.
    return resolveProposal(ctx, { id: change.proposalId }, info, selectedFields(info, info.fieldNodes, 'Proposal'), { known: true });
  }
}
