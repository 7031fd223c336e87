import { Field, ObjectType } from 'type-graphql';
import { AgendaInstallment } from './agenda.type.js';
import { Installment } from '../installment/installment.type.js';
import { UpstreamParameter } from '../common/parameter.type.js';
import { type PresentedUserError } from '../common/user-error-table.js';
import { PAYMENT } from './payment.errors.js';
import { Proposal } from '../proposal/proposal.type.js';

/** Result of `registerInstallmentPayment` and `registerInstallmentPayments`. */
@ObjectType({ description: 'Result of a payment registration. Upstream: parametros of IncluirLancamentoParcela / IncluirLancamentoMultiplasParcelas.' })
export class RegisterInstallmentPaymentPayload {
  @Field((_type) => Proposal, {
    nullable: true,
    description: 'The proposal after the payment, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => [Installment], {
    description:
      "The paid installments after the payment (balance, paidAmount, situation, entries...), read fresh when selected: the same Installment objects as Proposal.installments, so a client cache shows the payment at once. Fields both reads hold come from the agenda; one ConsultarDetalhes (nroParcelas), shared with the proposal's agenda when both are selected, plus one ConsultarParcelas only for fields only it holds (paidAt...). Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas), Proposta/ConsultarParcelas.",
  })
  paidInstallments: Installment[];

  @Field((_type) => [AgendaInstallment], {
    deprecationReason: 'Use paidInstallments: the same Installment objects as Proposal.installments. Removed after 2027-03-01.',
    description:
      'The paid installments as the agenda shows them after the payment (balance, entries), read fresh when selected. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas).',
  })
  installments: AgendaInstallment[];

  @Field((_type) => [UpstreamParameter], {
    description: 'What the partner answered (nroParcela, vlrSaldoParcela, situacaoParcela, situacaoAgenda...). Upstream: parametros.',
  })
  parameters: UpstreamParameter[];

  @Field((_type) => [PAYMENT.errors.Type], { description: 'Why nothing was registered; empty on success. Upstream: messages.' })
  userErrors: PresentedUserError[];
}
