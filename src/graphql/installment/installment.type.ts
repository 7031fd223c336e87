import { Field, ID, Int, ObjectType } from 'type-graphql';
import { InstallmentSituation } from '../common/codes.type.js';
import { AgendaInstallment } from '../agenda/agenda.type.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** An installment of a proposal (Proposta/ConsultarParcelas `parcelas` item). */
@ObjectType({ description: 'An installment of a proposal. Upstream: an item of parcelas (Proposta/ConsultarParcelas).' })
export class Installment {
  /** The proposal this installment belongs to; not a GraphQL field, used to reach its agenda. */
  proposalId: string;

  @Field(_type => DateTimeScalar, {
    nullable: true,
    description:
      'When the partner answered the read this comes from (Proposta/ConsultarParcelas, or AgendaRecebivel/ConsultarDetalhes when the agenda already carried every selected field). A shared cached answer keeps the time of its partner read, so this is its age; extensions.stale says when an answer past its freshness was served. Upstream: not a partner field, the time of that read.',
  })
  fetchedAt: Date | null;

  @Field(_type => ID, { description: 'Installment UUID. Upstream: codigo.' })
  id: string | null;

  @Field(_type => Int, { description: 'Installment number, from 1. Upstream: nroParcela.' })
  number: number;

  @Field(_type => DecimalScalar, { description: 'Installment amount. Upstream: vlrParcela.' })
  amount: string | null;

  @Field(_type => CalendarDateScalar, { description: 'Due date. Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field(_type => Int, { description: 'Raw code of situation. Upstream: situacao.' })
  situationCode: number | null;

  @Field(_type => InstallmentSituation.values, { description: 'Where the installment stands (open, settled, partially paid, cancelled); null when the partner did not say. Upstream: situacao.' })
  get situation(): InstallmentSituation | null {
    return InstallmentSituation.of(this.situationCode);
  }

  @Field(_type => String, { nullable: true, description: 'Digitable line of the installment boleto. Upstream: linhaDigitavel.' })
  digitableLine: string | null;

  @Field(_type => DateTimeScalar, { nullable: true, description: 'Payment date. Upstream: dtPagamento.' })
  paidAt: Date | null;

  @Field(_type => String, { nullable: true, description: 'Bank "nosso número" of the installment boleto. Upstream: nossoNumero.' })
  ourNumber: string | null;

  @Field(_type => String, { nullable: true, description: 'Check digit of the "nosso número". Upstream: nossoNumeroDv.' })
  ourNumberDigit: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Interest part of the installment. Upstream: vlrJuros.' })
  interestAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Late-payment interest. Upstream: vlrJurosMora.' })
  lateInterestAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Discount. Upstream: vlrDesconto.' })
  discountAmount: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Amount paid. Upstream: vlrPago.' })
  paidAmount: string | null;

  @Field(_type => AgendaInstallment, {
    nullable: true,
    description:
      "This installment's receivables-agenda data (balance, boletos, Pix, entries); null until the proposal is disbursed. All installments of one proposal asked together share ONE call carrying their numbers. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas).",
  })
  agenda?: AgendaInstallment | null;
}
