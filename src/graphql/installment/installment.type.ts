import { Field, ID, Int, ObjectType } from 'type-graphql';
import { InstallmentSituation } from '../common/codes.type.js';
import { Node } from '../common/node.js';
import { type AgendaBoleto as UpstreamAgendaBoleto, type AgendaLancamento, type AgendaPix } from '../../upstream/index.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/**
 * An installment of a proposal: one node, whatever partner read holds its fields (ConsultarParcelas
 * `parcelas` item, ConsultarDetalhes `parcelas` item); folding reads only what the selection needs
 * (installment.loader.ts). Its fields of other nouns are resolved in their folders: `boletos` in
 * boleto/, `pix`, `entries` and the deprecated `agenda` in agenda/.
 */
@ObjectType({
  // Plain properties (no middleware, no auth checker): graphql-js reads them itself, without type-graphql's wrapper per field.
  simpleResolvers: true,
  implements: Node,
  description:
    'An installment of a proposal, with what the receivables agenda knows of it (balance, boletos, Pix charges, ledger entries): the same object, with the same id, in Proposal.installments and in the payloads of payments and boleto generations. Each field comes from whichever partner read holds it, and the query makes only the reads its selection needs: fields both reads hold cost the one the query makes anyway. Upstream: an item of parcelas (Proposta/ConsultarParcelas) and of parcelas (AgendaRecebivel/ConsultarDetalhes).',
})
export class Installment implements Node {
  /** The proposal this installment belongs to; not a GraphQL field, used to reach its agenda. */
  proposalId: string;

  /** The agenda's boletos of this installment when the agenda was read (with trazerBoleto); not a field. */
  agendaBoletos: readonly UpstreamAgendaBoleto[];

  /** The agenda's Pix charges of this installment when the agenda was read; not a field (Installment.pix: agenda/). */
  agendaPix: readonly AgendaPix[];

  /** The agenda's ledger entries of this installment when the agenda was read; not a field (Installment.entries: agenda/). */
  agendaEntries: readonly AgendaLancamento[];

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description:
      "When this installment's data was read, so its age: a shared cached answer keeps the time of its partner read; extensions.stale says when an answer past its freshness was served. Upstream: not a partner field, the time of the read this comes from (Proposta/ConsultarParcelas, or AgendaRecebivel/ConsultarDetalhes when the agenda alone carried every selected field).",
  })
  fetchedAt: Date | null;

  @Field((_type) => ID, {
    description:
      'Stable, opaque id (Node), the same for the installment in every answer. Upstream: none (minted by the graph from the proposal and the installment number).',
  })
  id: string;

  @Field((_type) => ID, {
    nullable: true,
    description:
      "The partner's own id of the installment (a UUID); null when the partner did not say. Upstream: codigo (ConsultarParcelas) / codigoParcela (ConsultarDetalhes).",
  })
  upstreamId: string | null;

  @Field((_type) => Int, { description: 'Installment number, from 1. Upstream: nroParcela.' })
  number: number;

  @Field((_type) => DecimalScalar, { description: 'Amount due for this installment, in BRL. Upstream: vlrParcela.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, {
    description:
      'Day the payment is due now, after any extension (a calendar day: show it as is, no zone). Upstream: dtVencimento (ConsultarParcelas) / dtVencimentoAtual (ConsultarDetalhes).',
  })
  dueDate: string | null;

  @Field((_type) => Int, { description: 'Raw code of situation. Upstream: situacao (ConsultarParcelas or ConsultarDetalhes).' })
  situationCode: number | null;

  @Field((_type) => InstallmentSituation.values, {
    description: 'Where the installment stands (open, settled, partially paid, cancelled). Upstream: situacao (ConsultarParcelas or ConsultarDetalhes).',
  })
  get situation(): InstallmentSituation | null {
    return InstallmentSituation.of(this.situationCode);
  }

  @Field((_type) => String, {
    nullable: true,
    description:
      'The 47-digit digitable line of the latest boleto issued for this installment, to pay it at a bank; null while no boleto was issued. Upstream: linhaDigitavel.',
  })
  digitableLine: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the installment was paid in full; null until then. Upstream: dtPagamento.' })
  paidAt: Date | null;

  @Field((_type) => String, { nullable: true, description: 'Bank "nosso número" of the installment boleto. Upstream: nossoNumero.' })
  ourNumber: string | null;

  @Field((_type) => String, { nullable: true, description: 'Check digit of the "nosso número". Upstream: nossoNumeroDv.' })
  ourNumberDigit: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Interest included in the amount, in BRL; null when the partner did not say. Upstream: vlrJuros.',
  })
  interestAmount: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Late-payment interest charged so far, in BRL; null when the partner did not say. Upstream: vlrJurosMora.',
  })
  lateInterestAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Discount granted, in BRL. Upstream: vlrDesconto (ConsultarParcelas or ConsultarDetalhes).' })
  discountAmount: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Amount paid so far, in BRL; null when the partner did not say. Upstream: vlrPago (ConsultarParcelas) / vlrTotalPago (ConsultarDetalhes).',
  })
  paidAmount: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Balance still owed, in BRL; null until the proposal is disbursed (no agenda yet). Upstream: vlrSaldoAtual (ConsultarDetalhes).',
  })
  balance: string | null;

  @Field((_type) => CalendarDateScalar, {
    nullable: true,
    description: 'Due date first agreed, before any extension; null until the proposal is disbursed. Upstream: dtVencimento (ConsultarDetalhes).',
  })
  originalDueDate: string | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'Payment order number; null until the proposal is disbursed or when the partner did not say. Upstream: nroOrdemPagamento (ConsultarDetalhes).',
  })
  paymentOrderNumber: string | null;
}
