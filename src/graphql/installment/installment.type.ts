import { Field, ID, Int, ObjectType } from 'type-graphql';
import { InstallmentSituation } from '../common/codes.type.js';
import { Node } from '../common/node.js';
import { AgendaInstallment } from '../agenda/agenda.type.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** An installment of a proposal (Proposta/ConsultarParcelas `parcelas` item). */
@ObjectType({ implements: Node, description: 'An installment of a proposal. Upstream: an item of parcelas (Proposta/ConsultarParcelas).' })
export class Installment implements Node {
  /** The proposal this installment belongs to; not a GraphQL field, used to reach its agenda. */
  proposalId: string;

  @Field(_type => DateTimeScalar, {
    nullable: true,
    description:
      'When the partner answered the read this comes from (Proposta/ConsultarParcelas, or AgendaRecebivel/ConsultarDetalhes when the agenda already carried every selected field). A shared cached answer keeps the time of its partner read, so this is its age; extensions.stale says when an answer past its freshness was served. Upstream: not a partner field, the time of that read.',
  })
  fetchedAt: Date | null;

  @Field(_type => ID, { description: 'Stable, opaque id (Node), the same for the installment in every answer. Upstream: none (minted by the graph from the proposal and the installment number).' })
  id: string;

  @Field(_type => ID, { nullable: true, description: "The partner's own id of the installment (a UUID); null when the partner did not say. Upstream: codigo." })
  upstreamId: string | null;

  @Field(_type => Int, { description: 'Installment number, from 1. Upstream: nroParcela.' })
  number: number;

  @Field(_type => DecimalScalar, { description: 'Amount due for this installment, in BRL. Upstream: vlrParcela.' })
  amount: string | null;

  @Field(_type => CalendarDateScalar, { description: 'Day the payment is due (a calendar day: show it as is, no zone). Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field(_type => Int, { description: 'Raw code of situation. Upstream: situacao.' })
  situationCode: number | null;

  @Field(_type => InstallmentSituation.values, { description: 'Where the installment stands (open, settled, partially paid, cancelled). Upstream: situacao.' })
  get situation(): InstallmentSituation | null {
    return InstallmentSituation.of(this.situationCode);
  }

  @Field(_type => String, { nullable: true, description: 'The 47-digit digitable line of the latest boleto issued for this installment, to pay it at a bank; null while no boleto was issued. Upstream: linhaDigitavel.' })
  digitableLine: string | null;

  @Field(_type => DateTimeScalar, { nullable: true, description: 'When the installment was paid in full; null until then. Upstream: dtPagamento.' })
  paidAt: Date | null;

  @Field(_type => String, { nullable: true, description: 'Bank "nosso número" of the installment boleto. Upstream: nossoNumero.' })
  ourNumber: string | null;

  @Field(_type => String, { nullable: true, description: 'Check digit of the "nosso número". Upstream: nossoNumeroDv.' })
  ourNumberDigit: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Interest included in the amount, in BRL; null when the partner did not say. Upstream: vlrJuros.' })
  interestAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Late-payment interest charged so far, in BRL; null when the partner did not say. Upstream: vlrJurosMora.' })
  lateInterestAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Discount. Upstream: vlrDesconto.' })
  discountAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Amount paid so far, in BRL; null when the partner did not say. Upstream: vlrPago.' })
  paidAmount: string | null;

  @Field(_type => AgendaInstallment, {
    nullable: true,
    description:
      "This installment's receivables-agenda data (balance, boletos, Pix, entries); null until the proposal is disbursed. All installments of one proposal asked together share ONE call carrying their numbers. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas).",
  })
  agenda?: AgendaInstallment | null;
}
