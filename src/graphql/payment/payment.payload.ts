import { Field, ObjectType } from 'type-graphql';
import { AgendaInstallment } from '../agenda/agenda.type.js';
import { UpstreamParameter } from '../common/parameter.type.js';
import { UserError } from '../common/user-error.type.js';
import { Proposal } from '../proposal/proposal.type.js';

/** Result of `registerInstallmentPayment` and `registerInstallmentPayments`. */
@ObjectType({ description: 'Result of a payment registration. Upstream: parametros of IncluirLancamentoParcela / IncluirLancamentoMultiplasParcelas.' })
export class RegisterInstallmentPaymentPayload {
  @Field(_type => Proposal, { nullable: true, description: 'The proposal after the payment, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.' })
  proposal: Proposal | null;

  @Field(_type => [AgendaInstallment], {
    description: 'The paid installments as the agenda shows them after the payment (balance, entries), read fresh when selected. Upstream: AgendaRecebivel/ConsultarDetalhes (nroParcelas).',
  })
  installments: AgendaInstallment[];

  @Field(_type => [UpstreamParameter], { description: 'What the partner answered (nroParcela, vlrSaldoParcela, situacaoParcela, situacaoAgenda...). Upstream: parametros.' })
  parameters: UpstreamParameter[];

  @Field(_type => [UserError], { description: 'Why nothing was registered; empty on success. Upstream: messages.' })
  userErrors: UserError[];
}
