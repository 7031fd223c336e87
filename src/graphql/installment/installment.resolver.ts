import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root, type ResolverInterface } from 'type-graphql';
import { agendaItemOf, mapAgendaInstallment } from '../agenda/agenda.mapper.js';
import { agendaInstallmentNeeds } from '../agenda/agenda.reference.js';
import { type AgendaInstallment } from '../agenda/agenda.type.js';
import { type GraphContext } from '../runtime/context.js';
import { Installment } from './installment.type.js';

/** Fields of `Installment` that need another upstream read. */
@Resolver(_of => Installment)
export class InstallmentResolver implements ResolverInterface<Installment> {
  @FieldResolver()
  async agenda(@Root() installment: Installment, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<AgendaInstallment | null> {
    const needs = agendaInstallmentNeeds(info, info.fieldNodes);
    const detail = await ctx.loaders.agendaByProposal.load(installment.proposalId, { numbers: [installment.number], ...needs });
    const item = detail ? agendaItemOf(detail, installment.number) : undefined;
    return item ? mapAgendaInstallment(item, installment.proposalId) : null;
  }
}
