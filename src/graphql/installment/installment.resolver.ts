import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root, type ResolverInterface } from 'type-graphql';
import { agendaItemOf, mapAgendaInstallment } from '../agenda/agenda.mapper.js';
import { agendaInstallmentNeeds } from '../agenda/agenda.reference.js';
import { type AgendaInstallment } from '../agenda/agenda.type.js';
import { mergeBoleto } from '../boleto/boleto.mapper.js';
import { boletoNeeds, recordsByNumber } from '../boleto/boleto.reference.js';
import { type Boleto } from '../boleto/boleto.type.js';
import { type GraphContext } from '../runtime/context.js';
import { Installment } from './installment.type.js';

/** Fields of `Installment` that need another upstream read. */
@Resolver(_of => Installment)
export class InstallmentResolver implements ResolverInterface<Installment> {
  @FieldResolver()
  async boletos(@Root() installment: Installment, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Boleto[]> {
    const items = installment.agendaBoletos.filter(item => typeof item.numeroBoleto === 'number');
    if (items.length === 0) {
      return [];
    }
    // Fields only ConsultarBoletos holds: its one read per proposal (started with the proposal's reads).
    const records = boletoNeeds(info, info.fieldNodes).record
      ? recordsByNumber(await ctx.loaders.boletosByProposal.load({ proposalId: installment.proposalId, includeCancelled: false }))
      : undefined;
    return items
      .map(item => {
        const number = item.numeroBoleto as number;
        return mergeBoleto(installment.proposalId, number, records?.byNumber.get(number), item, records?.fetchedAt ?? installment.fetchedAt, installment.number);
      })
      .sort((a, b) => a.number - b.number);
  }

  @FieldResolver()
  async agenda(@Root() installment: Installment, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<AgendaInstallment | null> {
    const needs = agendaInstallmentNeeds(info, info.fieldNodes);
    const detail = await ctx.loaders.agendaByProposal.load(installment.proposalId, { numbers: [installment.number], ...needs });
    const item = detail ? agendaItemOf(detail, installment.number) : undefined;
    return item ? mapAgendaInstallment(item, installment.proposalId) : null;
  }
}
