import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { Node } from '../common/node.js';
import { AccountType, FgtsCancellationEventType, PaymentEntrySituation } from '../common/codes.type.js';
import { ProposalSituation } from './proposal-situation.type.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** A payment entry of a proposal (ConsultaProposta `PropostaLancamentos` item). */
@ObjectType({
  // Plain properties (no middleware, no auth checker): graphql-js reads them itself, without type-graphql's wrapper per field.
  simpleResolvers: true,
  implements: Node,
  description: 'A payment (disbursement) entry of a proposal. Upstream: an item of PropostaLancamentos (ConsultaProposta).',
})
export class PaymentEntry implements Node {
  @Field((_type) => ID, {
    description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the place of the entry in its list, which only grows).',
  })
  id: string;

  @Field((_type) => String, { nullable: true, description: 'Entry field identifier. Upstream: CampoID.' })
  fieldId: string | null;

  @Field((_type) => String, { nullable: true, description: 'Description of the entry field. Upstream: DescricaoCampo.' })
  fieldDescription: string | null;

  @Field((_type) => DecimalScalar, { description: 'Amount of the transaction. Upstream: VlrTransacao.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Expected payment date. Upstream: DtPrevPagto.' })
  expectedPaymentDate: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Payment date. Upstream: DtPagamento.' })
  paidAt: Date | null;

  @Field((_type) => Int, { description: 'Raw code of situation. Upstream: Situacao.' })
  situationCode: number | null;

  @Field((_type) => PaymentEntrySituation.values, { description: 'Where the payment stands (pending, paid, returned). Upstream: Situacao.' })
  get situation(): PaymentEntrySituation | null {
    return PaymentEntrySituation.of(this.situationCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Digitable line of the boleto paid by this entry. Upstream: LinhaDigitavel.' })
  digitableLine: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Due date of that boleto. Upstream: DtVenctoBoleto.' })
  boletoDueDate: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount of that boleto. Upstream: VlrBoleto.' })
  boletoAmount: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Bank code of the payee account. Upstream: CodigoBanco.' })
  bankCode: number | null;

  @Field((_type) => String, { nullable: true, description: 'Bank number of the payee account. Upstream: NumeroBanco.' })
  bankNumber: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Raw code of accountType. Upstream: TipoConta.' })
  accountTypeCode: number | null;

  @Field((_type) => AccountType.values, { nullable: true, description: 'Kind of the payee account; null when the partner did not say. Upstream: TipoConta.' })
  get accountType(): AccountType | null {
    return AccountType.of(this.accountTypeCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Branch. Upstream: Agencia.' })
  branch: string | null;

  @Field((_type) => String, { nullable: true, description: 'Branch check digit. Upstream: AgenciaDig.' })
  branchDigit: string | null;

  @Field((_type) => String, { nullable: true, description: 'Account number. Upstream: Conta.' })
  account: string | null;

  @Field((_type) => String, { nullable: true, description: 'Account check digit. Upstream: ContaDig.' })
  accountDigit: string | null;

  @Field((_type) => String, { nullable: true, description: 'CPF or CNPJ of the payee. Upstream: DocumentoFederal.' })
  payeeDocument: string | null;

  @Field((_type) => String, { nullable: true, description: 'Name of the payee. Upstream: NomePagamento.' })
  payeeName: string | null;

  @Field((_type) => String, { nullable: true, description: 'Text returned by the payment. Upstream: TextoRetornoPagamento.' })
  paymentReturnText: string | null;

  @Field((_type) => String, { nullable: true, description: 'Bank authentication. Upstream: AutenticacaoBancaria.' })
  bankAuthentication: string | null;

  @Field((_type) => String, { nullable: true, description: 'Bank control. Upstream: ControleBancario.' })
  bankControl: string | null;

  @Field((_type) => String, { nullable: true, description: 'Description of the occurrence. Upstream: DescricaoOcorrencia.' })
  occurrenceDescription: string | null;
}

/** An FGTS cancellation event (ConsultaProposta `CancelamentoFGTS` item). */
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description:
    'An event of the cancellation of an FGTS proposal, with the boleto / Pix the client uses to return the money. Upstream: an item of CancelamentoFGTS (ConsultaProposta).',
})
export class FgtsCancellation implements Node {
  @Field((_type) => ID, {
    description: 'Stable, opaque id (Node). Upstream: none (minted by the graph from the proposal and the place of the event in its list, which only grows).',
  })
  id: string;

  @Field((_type) => Int, { description: 'Raw code of eventType. Upstream: TipoEvento.' })
  eventTypeCode: number | null;

  @Field((_type) => FgtsCancellationEventType.values, {
    description: 'Kind of event (cancelled before or after the money was released). Upstream: TipoEvento.',
  })
  get eventType(): FgtsCancellationEventType | null {
    return FgtsCancellationEventType.of(this.eventTypeCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Event name. Upstream: NomeEvento.' })
  eventName: string | null;

  @Field((_type) => DateTimeScalar, { description: 'When the event happened. Upstream: DtEvento.' })
  occurredAt: Date | null;

  @Field((_type) => String, { nullable: true, description: 'Details. Upstream: Detalhes.' })
  details: string | null;

  @Field((_type) => String, { nullable: true, description: 'Event context. Upstream: ContextoEvento.' })
  context: string | null;

  @Field((_type) => String, { nullable: true, description: 'Barcode of the return boleto (44 digits). Upstream: NumCodigoBarras.' })
  barcode: string | null;

  @Field((_type) => String, { nullable: true, description: 'Digitable line of the return boleto (47 digits). Upstream: NumLinhaDigitavel.' })
  digitableLine: string | null;

  @Field((_type) => String, { nullable: true, description: 'Pix "copia e cola" (EMV BR Code) to return the money. Upstream: PixCopiaCola.' })
  pixCopyPaste: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount of the return boleto. Upstream: VlrBoleto.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Due date of the return boleto. Upstream: DtVencimento.' })
  dueDate: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Number of the return boleto. Upstream: NumeroBoleto.' })
  boletoNumber: number | null;

  @Field((_type) => String, { nullable: true, description: 'URL to print the return boleto. Upstream: UrlImpressaoBoleto.' })
  printUrl: string | null;
}

/**
 * A credit proposal. Core fields come from /FGTS/ConsultaProposta (one call, only when a core field
 * is selected); `installments`, `agenda`, `boletos` and `client` each cost their own call, only when
 * selected, and run in parallel with the core call.
 */
@Directive('@key(fields: "id")')
@ObjectType({
  simpleResolvers: true,
  implements: Node,
  description:
    'A credit proposal: its terms and situation, its client, its installments, agenda and boletos, and what was written on it through the graph. ' +
    'Upstream: FGTS/ConsultaProposta (the core record), Proposta/ConsultarParcelas (installments), AgendaRecebivel/ConsultarDetalhes (agenda, client), ' +
    'AgendaRecebivel/ConsultarBoletos (boletos). Each group of fields costs its one call, only when selected; independent calls run in parallel.',
})
export class Proposal implements Node {
  @Field((_type) => ID, {
    description:
      'Proposal UUID: its Node id, its federation key and the argument of Query.proposal. Upstream: Codigo (ConsultaProposta) / codigoProposta (request locators).',
  })
  id: string;

  /** The query reads this proposal's agenda anyway: fields other reads also hold are taken from it. Not a GraphQL field. */
  agendaRead?: boolean;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description:
      "When this proposal's data was read, so its age: a shared cached answer keeps the time of its partner read; extensions.stale says when an answer past its freshness was served. Null when the selection needed no read of the proposal. Upstream: not a partner field, the time of the read this comes from (FGTS/ConsultaProposta, or AgendaRecebivel/ConsultarDetalhes when the agenda carried every selected core field).",
  })
  fetchedAt: Date | null;

  @Field((_type) => Int, {
    description:
      'Proposal number, taken from whichever read the query already makes. Upstream: codigoProposta of the installments (ConsultarParcelas), numeroProposta (ConsultarDetalhes), CodigoProposta (ConsultaProposta, when numeric), numero (IncluirManual).',
  })
  number: number | null;

  @Field((_type) => String, {
    nullable: true,
    description:
      "Operation code given by the partner system, when the graph knows it: the proposal was looked up by it or created through this graph; otherwise null. A caller without proposals.all sees its own code; the partner holds it in that caller's namespace (see createProposal's operationCode), and a proposals.all caller sees the code as the partner holds it. Selected with no other field it costs nothing for a proposal created through the graph; otherwise the proposal still costs the one ConsultaProposta that confirms it exists. Upstream: codigoOperacao / CodigoOperacao, kept in the ledger (ConsultaProposta does not return it, so no read brings it).",
  })
  operationCode: string | null;

  @Field((_type) => DateTimeScalar, { description: 'When the proposal was included. Upstream: DtInclusao.' })
  createdAt: Date | null;

  @Field((_type) => ProposalSituation, { description: 'Situation of the proposal. Upstream: Situacao.' })
  situation: ProposalSituation | null;

  @Field((_type) => Int, { description: 'Raw situation code. Upstream: Situacao.' })
  situationCode: number | null;

  @Field((_type) => DecimalScalar, { description: 'Amount financed. Upstream: VlrFinanciado.' })
  financedAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Credit opening fee (TAC). Upstream: VlrTAC.' })
  tacAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Insurance. Upstream: VlrSeguro.' })
  insuranceAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'IOF tax. Upstream: VlrIOF.' })
  iofAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Other expenses. Upstream: VlrOutrasDespesas.' })
  otherExpensesAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Other services. Upstream: VlrOutrosServicos.' })
  otherServicesAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Total credit. Upstream: VlrTotalCredito.' })
  totalCreditAmount: string | null;

  @Field((_type) => DecimalScalar, { description: 'Total debt (sum of the installments). Upstream: VlrTotalDivida.' })
  totalDebtAmount: string | null;

  @Field((_type) => Int, { description: 'Number of installments. Upstream: QtdeParcelas.' })
  installmentCount: number | null;

  @Field((_type) => DecimalScalar, { description: 'Monthly total effective cost (CET), percent. Upstream: PercCETMensal.' })
  monthlyCet: string | null;

  @Field((_type) => DecimalScalar, { description: 'Annual total effective cost (CET), percent. Upstream: PercCETAnual.' })
  annualCet: string | null;

  @Field((_type) => DecimalScalar, { description: 'Monthly interest rate, percent. Upstream: PercJurosMensal.' })
  monthlyInterestRate: string | null;

  @Field((_type) => DecimalScalar, { description: 'Annual interest rate, percent. Upstream: PercJurosAnual.' })
  annualInterestRate: string | null;

  @Field((_type) => String, { description: 'Proposal code as the FGTS record spells it. Upstream: CodigoProposta.' })
  proposalCode: string | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'Credit note (CCB) number; a string because the partner announced alphanumeric values. Upstream: NumeroCCB.',
  })
  ccbNumber: string | null;

  @Field((_type) => String, { nullable: true, description: 'Why the proposal was rejected. Upstream: MotivoRejeicao.' })
  rejectionReason: string | null;

  @Field((_type) => String, { nullable: true, description: 'Why the proposal is pending. Upstream: MotivoPendencia.' })
  pendingReason: string | null;

  @Field((_type) => String, { nullable: true, description: 'Why the proposal was cancelled. Upstream: MotivoCancelamento.' })
  cancellationReason: string | null;

  @Field((_type) => String, { nullable: true, description: 'Text returned by the disbursement payment. Upstream: TextoRetornoPagamento.' })
  paymentReturnText: string | null;

  @Field((_type) => String, { nullable: true, description: 'Bank authentication of the disbursement. Upstream: AutenticacaoBancaria.' })
  bankAuthentication: string | null;

  @Field((_type) => String, { nullable: true, description: 'Bank control of the disbursement. Upstream: ControleBancario.' })
  bankControl: string | null;

  @Field((_type) => String, { nullable: true, description: 'Protocol status at the federal paying agent. Upstream: StatusProtocoloAgente.' })
  agentProtocolStatus: string | null;

  @Field((_type) => [PaymentEntry], { description: 'Payment (disbursement) entries. Upstream: PropostaLancamentos.' })
  paymentEntries: PaymentEntry[];

  @Field((_type) => [FgtsCancellation], { description: 'FGTS cancellation events. Upstream: CancelamentoFGTS.' })
  fgtsCancellations: FgtsCancellation[];
}
