import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { agendaDetailNeeds } from '../runtime/needs.js';
import { Proposal } from '../proposal/proposal.type.js';
import { mapAgendaDetail } from './agenda.mapper.js';
import { AgendaDetail } from './agenda.type.js';

/** `Proposal.agenda`: the agenda noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalAgendaResolver {
  @FieldResolver((_returns) => AgendaDetail, {
    nullable: true,
    description:
      "The receivables agenda: the totals of what was financed and paid since disbursement; null until the proposal is disbursed. Upstream: AgendaRecebivel/ConsultarDetalhes. One call per proposal, shared with client and the installments' agenda fields.",
  })
  async agenda(@Root() proposal: Proposal, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<AgendaDetail | null> {
    const detail = await ctx.loaders.agendaByProposal.load(proposal.id, agendaDetailNeeds(info, info.fieldNodes));
    return detail ? mapAgendaDetail(detail, proposal.id) : null;
  }
}
