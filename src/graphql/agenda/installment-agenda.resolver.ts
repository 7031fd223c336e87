import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { agendaInstallmentNeeds } from '../runtime/needs.js';
import { Installment } from '../installment/installment.type.js';
import { agendaItemOf, mapAgendaInstallment, mapLedgerEntry, mapPixCharge } from './agenda.mapper.js';
import { AgendaInstallment, LedgerEntry, PixCharge } from './agenda.type.js';

/** The fields of `Installment` the receivables agenda holds as its own objects (Pix charges, ledger entries, the deprecated `agenda`). */
@Resolver((_of) => Installment)
export class InstallmentAgendaResolver {
  @FieldResolver((_returns) => [PixCharge], {
    description: 'Pix charges for this installment; empty until the proposal is disbursed. Upstream: parcelas[].pix (ConsultarDetalhes, trazerBoleto).',
  })
  pix(@Root() installment: Installment): PixCharge[] {
    return installment.agendaPix.map((p, index) => mapPixCharge(p, installment.proposalId, installment.number, index));
  }

  @FieldResolver((_returns) => [LedgerEntry], {
    description:
      'Ledger entries of this installment (payments, surcharges), oldest first; empty until the proposal is disbursed. Upstream: parcelas[].lancamentos (ConsultarDetalhes, trazerAgendaDetalhada).',
  })
  entries(@Root() installment: Installment): LedgerEntry[] {
    return installment.agendaEntries.map((e, index) => mapLedgerEntry(e, installment.proposalId, installment.number, index));
  }

  @FieldResolver((_returns) => AgendaInstallment, {
    nullable: true,
    deprecationReason:
      'Use the fields of Installment itself (balance, paidAmount, boletos, pix, entries): one object per installment. Removed after 2027-03-01.',
    description:
      "This installment's receivables-agenda data (balance, boletos, Pix, entries); null until the proposal is disbursed. All installments of one proposal asked together share ONE call carrying their numbers. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas).",
  })
  async agenda(@Root() installment: Installment, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<AgendaInstallment | null> {
    const needs = agendaInstallmentNeeds(info, info.fieldNodes);
    const detail = await ctx.loaders.agendaByProposal.load(installment.proposalId, { numbers: [installment.number], ...needs });
    const item = detail ? agendaItemOf(detail, installment.number) : undefined;
    return item ? mapAgendaInstallment(item, installment.proposalId) : null;
  }
}
