import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Node } from '../common/node.js';
import { AgendaSituation, BoletoRegistrationOperation, BoletoRegistrationSituation, InstallmentSituation } from '../common/codes.type.js';
import { ProposalSituation } from '../proposal/proposal-situation.type.js';
import { QrCode } from '../common/qr-code.type.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** A boleto of an agenda installment (ConsultarDetalhes `parcelas[].boletos` item). Deprecated: Boleto holds these fields. */
@ObjectType({
  // Plain properties (no middleware, no auth checker): graphql-js reads them itself, without type-graphql's wrapper per field.
  simpleResolvers: true,
  implements: Node,
  description:
    'Deprecated with AgendaInstallment: use Boleto (Installment.boletos), which carries these fields under one id. A boleto issued for an agenda installment. Upstream: an item of parcelas[].boletos (AgendaRecebivel/ConsultarDetalhes).',
})
export class AgendaBoleto implements Node {
  @Field((_type) => ID, {
    description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal, the installment number and the boleto number).',
  })
  id: string;

  @Field((_type) => Int, { description: 'Boleto number. Upstream: numeroBoleto.' })
  number: number | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether paying it settles the installment. Upstream: liquidacao.' })
  settlesInstallment: boolean | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the payment was credited. Upstream: dtCredito.' })
  creditedAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When this agenda boleto can no longer be paid. Upstream: dtExpiracao.' })
  expiresAt: Date | null;

  @Field((_type) => String, { description: '47-digit digitable line. Upstream: linhaDigitavel.' })
  digitableLine: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Raw code of registrationOperation. Upstream: operacaoBoletoRegistro.' })
  registrationOperationCode: number | null;

  @Field((_type) => BoletoRegistrationOperation.values, {
    nullable: true,
    description: 'What was last asked of the bank for this boleto; null when the partner did not say. Upstream: operacaoBoletoRegistro.',
  })
  get registrationOperation(): BoletoRegistrationOperation | null {
    return BoletoRegistrationOperation.of(this.registrationOperationCode);
  }

  @Field((_type) => Int, { nullable: true, description: 'Raw code of registrationSituation. Upstream: situacaoBoletoRegistro.' })
  registrationSituationCode: number | null;

  @Field((_type) => BoletoRegistrationSituation.values, {
    nullable: true,
    description: 'Where the bank registration stands; null when the partner did not say. Upstream: situacaoBoletoRegistro.',
  })
  get registrationSituation(): BoletoRegistrationSituation | null {
    return BoletoRegistrationSituation.of(this.registrationSituationCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Registration status text. Upstream: descricaoBoletoRegistro.' })
  registrationDescription: string | null;

  @Field((_type) => String, { nullable: true, description: 'URL to print the boleto. Upstream: urlImpressao.' })
  printUrl: string | null;

  @Field((_type) => QrCode, { nullable: true, description: 'Pix QR code printed on the boleto. Upstream: qrCode.' })
  qrCode: QrCode | null;
}

/** A Pix charge of an agenda installment (ConsultarDetalhes `parcelas[].pix` item). */
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description: 'A Pix charge for an agenda installment. Upstream: an item of parcelas[].pix (AgendaRecebivel/ConsultarDetalhes).',
})
export class PixCharge implements Node {
  @Field((_type) => ID, {
    description:
      'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal, the installment number and the place of the charge in its list, which only grows).',
  })
  id: string;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether paying it settles the installment. Upstream: liquidacao.' })
  settlesInstallment: boolean | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the payment was credited. Upstream: dtCredito.' })
  creditedAt: Date | null;

  @Field((_type) => CalendarDateScalar, { description: 'Due date. Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the charge expires. Upstream: dtExpiracao.' })
  expiresAt: Date | null;

  @Field((_type) => String, { description: 'Pix "copia e cola" text (EMV BR Code). Upstream: emv.' })
  emv: string | null;

  @Field((_type) => String, { nullable: true, description: 'PNG image of the QR code, base64. Upstream: imagem.' })
  imageBase64: string | null;
}

/** A ledger entry of an agenda installment (ConsultarDetalhes `parcelas[].lancamentos` item). */
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description:
    'A ledger entry (payment, surcharge, rebate) of an agenda installment. Upstream: an item of parcelas[].lancamentos (AgendaRecebivel/ConsultarDetalhes).',
})
export class LedgerEntry implements Node {
  @Field((_type) => ID, {
    description:
      'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal, the installment number and the place of the entry in its list, which only grows).',
  })
  id: string;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Due date the entry refers to. Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field((_type) => DateTimeScalar, { description: 'When the entry was posted. Upstream: dtLancamento.' })
  postedAt: Date | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Installment amount. Upstream: vlrParcela.' })
  installmentAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Fine. Upstream: vlrMulta.' })
  fineAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Interest. Upstream: vlrJuros.' })
  interestAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Late-payment interest. Upstream: vlrMora.' })
  lateInterestAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'IOF. Upstream: vlrIOF.' })
  iofAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Fees. Upstream: vlrTarifas.' })
  feesAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Rebate. Upstream: vlrAbatimento.' })
  rebateAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Installment amount updated to the entry date. Upstream: vlrParcelaAtualizado.' })
  updatedInstallmentAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Amount paid. Upstream: vlrPagamento.' })
  paymentAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Installment balance after the entry. Upstream: vlrSaldoParcela.' })
  balanceAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Discount. Upstream: vlrDesconto.' })
  discountAmount: string | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether the entry is reported to the fund. Upstream: informarFundo.' })
  reportToFund: boolean | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether the payment came through a boleto. Upstream: viaBoleto.' })
  viaBoleto: boolean | null;

  @Field((_type) => String, { nullable: true, description: 'Entry description. Upstream: descLancamento.' })
  description: string | null;
}

/** An installment as the receivables agenda sees it (ConsultarDetalhes `parcelas` item). Deprecated: Installment holds these fields. */
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description:
    'Deprecated with the fields that return it (Installment.agenda, AgendaDetail.installments, RegisterInstallmentPaymentPayload.installments): use Installment, which carries these fields under one id. An installment in the receivables agenda, with its balance, boletos, Pix charges and ledger entries. Upstream: an item of parcelas (AgendaRecebivel/ConsultarDetalhes).',
})
export class AgendaInstallment implements Node {
  @Field((_type) => ID, {
    description:
      'Stable, opaque id (Node), the same for the installment in every answer. Upstream: none (minted by the graph from the proposal and the installment number).',
  })
  id: string;

  @Field((_type) => ID, {
    nullable: true,
    description: "The partner's own id of the installment (a UUID); null when the partner did not say. Upstream: codigoParcela.",
  })
  upstreamId: string | null;

  @Field((_type) => Int, { description: 'Installment number. Upstream: nroParcela.' })
  number: number;

  @Field((_type) => Int, { description: 'Raw code of situation. Upstream: situacao.' })
  situationCode: number | null;

  @Field((_type) => InstallmentSituation.values, {
    description: 'Where the installment stands (open, settled, partially paid, cancelled). Upstream: situacao.',
  })
  get situation(): InstallmentSituation | null {
    return InstallmentSituation.of(this.situationCode);
  }

  @Field((_type) => CalendarDateScalar, { description: 'Original due date. Upstream: dtVencimento.' })
  dueDate: string | null;

  @Field((_type) => CalendarDateScalar, { description: 'Current due date (after extensions). Upstream: dtVencimentoAtual.' })
  currentDueDate: string | null;

  @Field((_type) => DecimalScalar, { description: 'Installment amount. Upstream: vlrParcela.' })
  amount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Current balance still owed. Upstream: vlrSaldoAtual.' })
  balance: string | null;

  @Field((_type) => DecimalScalar, { description: 'Total paid so far. Upstream: vlrTotalPago.' })
  totalPaid: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Discount. Upstream: vlrDesconto.' })
  discountAmount: string | null;

  @Field((_type) => String, { nullable: true, description: 'Payment order number. Upstream: nroOrdemPagamento.' })
  paymentOrderNumber: string | null;

  @Field((_type) => [AgendaBoleto], { description: 'Boletos issued for this installment. Upstream: boletos.' })
  boletos: AgendaBoleto[];

  @Field((_type) => [PixCharge], { description: 'Pix charges for this installment. Upstream: pix.' })
  pix: PixCharge[];

  @Field((_type) => [LedgerEntry], { description: 'Ledger entries of this installment. Upstream: lancamentos.' })
  entries: LedgerEntry[];
}

/** The receivables agenda of a disbursed proposal (AgendaRecebivel/ConsultarDetalhes). */
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description:
    "The receivables agenda of a disbursed proposal: contract data and totals (a node, so a client cache updates them from a payment's payload); the per-installment detail is on Proposal.installments. Upstream: AgendaRecebivel/ConsultarDetalhes (one call per proposal, whatever is selected below).",
})
export class AgendaDetail implements Node {
  /** Every installment the upstream returned; `installments(numbers)` filters them. Not a GraphQL field. */
  allInstallments: AgendaInstallment[];

  @Field((_type) => ID, { description: "Stable, opaque id (Node): one agenda per proposal. Upstream: none (minted by the graph from the proposal's id)." })
  id: string;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description:
      'When this data was read, so its age: a shared cached answer keeps the time of its partner read; extensions.stale says when an answer past its freshness was served. Upstream: not a partner field, the time of the AgendaRecebivel/ConsultarDetalhes read.',
  })
  fetchedAt: Date | null;

  @Field((_type) => Int, { description: 'Proposal number. Upstream: numeroProposta.' })
  proposalNumber: number | null;

  @Field((_type) => DateTimeScalar, { description: 'When the agenda was created. Upstream: dtInclusao.' })
  createdAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the agenda was cancelled. Upstream: dtCancelamento.' })
  cancelledAt: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the agenda was settled. Upstream: dtLiquidacao.' })
  settledAt: Date | null;

  @Field((_type) => Int, { description: 'Raw code of situation. Upstream: situacaoAgenda.' })
  situationCode: number | null;

  @Field((_type) => AgendaSituation.values, { description: 'Where the agenda stands (active, settled, cancelled). Upstream: situacaoAgenda.' })
  get situation(): AgendaSituation | null {
    return AgendaSituation.of(this.situationCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Agenda situation text. Upstream: descricaoSituacaoAgenda.' })
  situationDescription: string | null;

  @Field((_type) => String, { description: 'CPF or CNPJ of the client. Upstream: documentoFederalCliente.' })
  clientDocument: string | null;

  @Field((_type) => String, { nullable: true, description: 'Client name. Upstream: nomeCliente.' })
  clientName: string | null;

  @Field((_type) => String, { nullable: true, description: 'Company name. Upstream: nomeEmpresa.' })
  companyName: string | null;

  @Field((_type) => String, { nullable: true, description: 'Client merchant code. Upstream: ecCliente.' })
  merchantCode: string | null;

  @Field((_type) => String, { nullable: true, description: 'Contract type text. Upstream: descricaoTipoContrato.' })
  contractTypeDescription: string | null;

  @Field((_type) => DecimalScalar, { description: 'Amount financed. Upstream: vlrFinanciado.' })
  financedAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Approximate daily retention. Upstream: vlrRetencaoDiarioAprox.' })
  approxDailyRetention: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Total paid. Upstream: vlrTotalPago.' })
  totalPaid: string | null;

  @Field((_type) => Int, { description: 'Number of installments. Upstream: qtdeParcelas.' })
  installmentCount: number | null;

  @Field((_type) => ProposalSituation, { description: 'Situation of the proposal. Upstream: situacaoProposta.' })
  proposalSituation: ProposalSituation | null;

  @Field((_type) => Int, { description: 'Raw situation code of the proposal. Upstream: situacaoProposta.' })
  proposalSituationCode: number | null;

  @Field((_type) => [AgendaInstallment], {
    deprecationReason:
      'Use Proposal.installments: one Installment per installment, with balance, paidAmount, boletos, pix and entries. Removed after 2027-03-01.',
    description: 'Installments of the agenda, by number, each with balance, boletos, Pix charges and ledger entries. No extra call. Upstream: parcelas.',
  })
  installments?: AgendaInstallment[];
}
