import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { boletoNeeds } from '../runtime/needs.js';
import { Installment } from '../installment/installment.type.js';
import { mergeBoleto } from './boleto.mapper.js';
import { recordsByNumber } from './boleto.loader.js';
import { Boleto } from './boleto.type.js';

/** `Installment.boletos`: the boleto noun resolves its own field of the installment. */
@Resolver((_of) => Installment)
export class InstallmentBoletosResolver {
  @FieldResolver((_returns) => [Boleto], {
    description:
      'The boletos in force for this installment, to pay it at a bank, by number (the same Boleto objects as Proposal.boletos); empty until the proposal is disbursed. Upstream: parcelas[].boletos of AgendaRecebivel/ConsultarDetalhes (trazerBoleto), completed from AgendaRecebivel/ConsultarBoletos. Fields only ConsultarBoletos holds (amount, dueDate...) add its one call per proposal.',
  })
  async boletos(@Root() installment: Installment, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Boleto[]> {
    const items = installment.agendaBoletos.filter((item) => typeof item.numeroBoleto === 'number');
    if (items.length === 0) {
      return [];
    }
    // Fields only ConsultarBoletos holds: its one read per proposal (started with the proposal's reads).
    const records = boletoNeeds(info, info.fieldNodes).record
      ? recordsByNumber(await ctx.loaders.boletosByProposal.load({ proposalId: installment.proposalId, includeCancelled: false }))
      : undefined;
    return items
      .map((item) => {
        const number = item.numeroBoleto as number;
        return mergeBoleto(
          installment.proposalId,
          number,
          records?.byNumber.get(number),
          item,
          records?.fetchedAt ?? installment.fetchedAt,
          installment.number,
        );
      })
      .sort((a, b) => a.number - b.number);
  }
}
