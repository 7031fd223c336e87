import { nodeId } from '../common/node.js';
import { onlyDigits } from '../../shared/documents.js';
import {
  fetchedAtOf,
  type CancelamentoFGTS,
  type CancelarPropostaRequest,
  type ConsultaPropostaResponse,
  type ConsultarDetalhesResponse,
  type IncluirManualRequest,
  type PropostaLancamento,
} from '../../upstream/index.js';
import { toUpstreamCalendarDate, toUpstreamNumber } from '../common/validation.js';
import { optionalDecimal, optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import { type CancelFgtsProposalInput, type CreateProposalInput, type ProposalChargesInput } from './proposal.input.js';
import { ProposalSituation } from './proposal-situation.type.js';
import { FgtsCancellation, PaymentEntry, Proposal } from './proposal.type.js';

const SITUATIONS: ReadonlyMap<number, ProposalSituation> = new Map([
  [0, ProposalSituation.DRAFT],
  [1, ProposalSituation.UNDER_REVIEW],
  [2, ProposalSituation.APPROVED],
  [3, ProposalSituation.REJECTED],
  [4, ProposalSituation.CANCELLED],
  [5, ProposalSituation.PENDING],
  [6, ProposalSituation.FINALIZED],
  [7, ProposalSituation.VERIFIED],
  [8, ProposalSituation.RELEASED_FOR_PAYMENT],
  [9, ProposalSituation.DISBURSED],
  [10, ProposalSituation.CEDED],
  [11, ProposalSituation.PENDING_PAYMENT],
]);

/** The enum value of an upstream situation code; `UNKNOWN` for codes not in the published table. */
export function toProposalSituation(code: number | null | undefined): ProposalSituation | null {
  if (code === null || code === undefined) {
    return null;
  }
  return SITUATIONS.get(code) ?? ProposalSituation.UNKNOWN;
}

/** What the graph knows of a proposal before (or without) reading its record. */
export interface ProposalIdentity {
  id: string;
  number?: number | null;
  operationCode?: string | null;
}

/** A proposal of which only the identity is known; other groups of fields load when selected. */
export function proposalReference(identity: ProposalIdentity): Proposal {
  return Object.assign(new Proposal(), {
    id: identity.id,
    number: identity.number ?? null,
    operationCode: identity.operationCode ?? null,
    fetchedAt: null,
  });
}

function numericCode(text: string | null | undefined): number | null {
  return text !== undefined && text !== null && /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * Core fields the agenda of a disbursed proposal also carries (ConsultarDetalhes numeroProposta,
 * situacaoProposta, vlrFinanciado): a selection of only these needs no ConsultaProposta when the
 * agenda is read anyway.
 */
export const CORE_FIELDS_IN_AGENDA: ReadonlySet<string> = new Set(['number', 'situation', 'situationCode', 'financedAmount', 'fetchedAt']);

/** A proposal from its agenda alone: only the fields in {@link CORE_FIELDS_IN_AGENDA}. */
export function mapProposalFromAgenda(detail: ConsultarDetalhesResponse, identity: ProposalIdentity): Proposal {
  return Object.assign(new Proposal(), {
    id: identity.id,
    fetchedAt: fetchedAtOf(detail) ?? null,
    number: identity.number ?? detail.numeroProposta ?? null,
    operationCode: identity.operationCode ?? null,
    situation: toProposalSituation(detail.situacaoProposta),
    situationCode: detail.situacaoProposta ?? null,
    financedAmount: optionalMoney(detail.vlrFinanciado),
  });
}

/** The proposal number of a ConsultaProposta record (its CodigoProposta, when numeric). */
export function proposalNumberOf(record: ConsultaPropostaResponse): number | null {
  return numericCode(record.CodigoProposta);
}

/** Maps the /FGTS/ConsultaProposta record onto `Proposal`, field by field. */
export function mapProposal(record: ConsultaPropostaResponse, identity: ProposalIdentity): Proposal {
  return Object.assign(new Proposal(), {
    id: record.Codigo ?? identity.id,
    fetchedAt: fetchedAtOf(record) ?? null,
    number: identity.number ?? numericCode(record.CodigoProposta),
    operationCode: identity.operationCode ?? null,
    createdAt: toDateTime(record.DtInclusao),
    situation: toProposalSituation(record.Situacao),
    situationCode: record.Situacao ?? null,
    financedAmount: optionalMoney(record.VlrFinanciado),
    tacAmount: optionalMoney(record.VlrTAC),
    insuranceAmount: optionalMoney(record.VlrSeguro),
    iofAmount: optionalMoney(record.VlrIOF),
    otherExpensesAmount: optionalMoney(record.VlrOutrasDespesas),
    otherServicesAmount: optionalMoney(record.VlrOutrosServicos),
    totalCreditAmount: optionalMoney(record.VlrTotalCredito),
    totalDebtAmount: optionalMoney(record.VlrTotalDivida),
    installmentCount: record.QtdeParcelas ?? null,
    monthlyCet: optionalDecimal(record.PercCETMensal),
    annualCet: optionalDecimal(record.PercCETAnual),
    monthlyInterestRate: optionalDecimal(record.PercJurosMensal),
    annualInterestRate: optionalDecimal(record.PercJurosAnual),
    proposalCode: record.CodigoProposta ?? null,
    ccbNumber: record.NumeroCCB === undefined || record.NumeroCCB === null ? null : String(record.NumeroCCB),
    rejectionReason: record.MotivoRejeicao ?? null,
    pendingReason: record.MotivoPendencia ?? null,
    cancellationReason: record.MotivoCancelamento ?? null,
    paymentReturnText: record.TextoRetornoPagamento ?? null,
    bankAuthentication: record.AutenticacaoBancaria ?? null,
    bankControl: record.ControleBancario ?? null,
    agentProtocolStatus: record.StatusProtocoloAgente ?? null,
    paymentEntries: (record.PropostaLancamentos ?? []).map((item, index) => mapPaymentEntry(item, record.Codigo ?? identity.id, index)),
    fgtsCancellations: (record.CancelamentoFGTS ?? []).map((item, index) => mapFgtsCancellation(item, record.Codigo ?? identity.id, index)),
  });
}

/** Maps the `index`th `PropostaLancamentos` item of proposal `proposalId`. */
export function mapPaymentEntry(item: PropostaLancamento, proposalId: string, index: number): PaymentEntry {
  return Object.assign(new PaymentEntry(), {
    id: nodeId('PaymentEntry', proposalId, index),
    fieldId: item.CampoID ?? null,
    fieldDescription: item.DescricaoCampo ?? null,
    amount: optionalMoney(item.VlrTransacao),
    expectedPaymentDate: toCalendarDate(item.DtPrevPagto),
    paidAt: toDateTime(item.DtPagamento),
    situationCode: item.Situacao ?? null,
    digitableLine: item.LinhaDigitavel ?? null,
    boletoDueDate: toCalendarDate(item.DtVenctoBoleto),
    boletoAmount: optionalMoney(item.VlrBoleto),
    bankCode: item.CodigoBanco ?? null,
    bankNumber: item.NumeroBanco ?? null,
    accountTypeCode: item.TipoConta ?? null,
    branch: item.Agencia ?? null,
    branchDigit: item.AgenciaDig ?? null,
    account: item.Conta ?? null,
    accountDigit: item.ContaDig ?? null,
    payeeDocument: item.DocumentoFederal ?? null,
    payeeName: item.NomePagamento ?? null,
    paymentReturnText: item.TextoRetornoPagamento ?? null,
    bankAuthentication: item.AutenticacaoBancaria ?? null,
    bankControl: item.ControleBancario ?? null,
    occurrenceDescription: item.DescricaoOcorrencia ?? null,
  });
}

/** Maps the `index`th `CancelamentoFGTS` item of proposal `proposalId`. */
export function mapFgtsCancellation(item: CancelamentoFGTS, proposalId: string, index: number): FgtsCancellation {
  return Object.assign(new FgtsCancellation(), {
    id: nodeId('FgtsCancellation', proposalId, index),
    eventTypeCode: item.TipoEvento ?? null,
    eventName: item.NomeEvento ?? null,
    occurredAt: toDateTime(item.DtEvento),
    details: item.Detalhes ?? null,
    context: item.ContextoEvento ?? null,
    barcode: item.NumCodigoBarras ?? null,
    digitableLine: item.NumLinhaDigitavel ?? null,
    pixCopyPaste: item.PixCopiaCola ?? null,
    amount: optionalMoney(item.VlrBoleto),
    dueDate: toCalendarDate(item.DtVencimento),
    boletoNumber: item.NumeroBoleto ?? null,
    printUrl: item.UrlImpressaoBoleto ?? null,
  });
}

/** The upstream fields of the shared optional terms, as IncluirManual and CalcularValoresProposta take them (absent when not given). */
export function chargesRequest(input: ProposalChargesInput): {
  nroDiasAcrescimo?: number;
  vlrTAC?: number;
  vlrSeguro?: number;
  vlrOutrasDespesas?: number;
  vlrOutrosServicos?: number;
} {
  return {
    ...(input.extraDays != null ? { nroDiasAcrescimo: input.extraDays } : {}),
    ...(input.tacAmount ? { vlrTAC: toUpstreamNumber(input.tacAmount) } : {}),
    ...(input.insuranceAmount ? { vlrSeguro: toUpstreamNumber(input.insuranceAmount) } : {}),
    ...(input.otherExpensesAmount ? { vlrOutrasDespesas: toUpstreamNumber(input.otherExpensesAmount) } : {}),
    ...(input.otherServicesAmount ? { vlrOutrosServicos: toUpstreamNumber(input.otherServicesAmount) } : {}),
  };
}

/** The IncluirManual request for a validated `CreateProposalInput`. */
export function createProposalRequest(input: CreateProposalInput): IncluirManualRequest {
  const account = input.paymentAccount;
  const parametros = [
    ...(input.clientName ? [{ nome: 'nomeCliente', valor: input.clientName }] : []),
    ...(input.parameters ?? []).map((p) => ({ nome: p.name, valor: p.value })),
  ];
  return {
    dto: {
      documentoCliente: onlyDigits(input.clientDocument),
      tipoContrato: input.contractType,
      vlrSolicitado: toUpstreamNumber(input.requestedAmount),
      percJurosNegociado: toUpstreamNumber(input.monthlyInterestRate),
      prazo: input.installments,
      formatoCalculo: input.calculationFormat,
      ...(input.operationCode ? { codigoOperacao: input.operationCode } : {}),
      ...(input.firstDueDate ? { dtPrimeiroVencto: toUpstreamCalendarDate(input.firstDueDate) } : {}),
      ...(input.ccbNumber ? { numeroCCB: Number(input.ccbNumber) } : {}),
      ...chargesRequest(input),
      ...(input.promoterDocument ? { documentoPromotor: onlyDigits(input.promoterDocument) } : {}),
      ...(input.sellerNotes ? { observacoesVendedor: input.sellerNotes } : {}),
      ...(account
        ? {
            propostaContaPagamentoDTO: {
              codigoBanco: account.bankCode,
              ...(account.accountTypeCode != null ? { tipoConta: account.accountTypeCode } : {}),
              agencia: account.branch,
              ...(account.branchDigit ? { agenciaDig: account.branchDigit } : {}),
              conta: account.account,
              ...(account.accountDigit ? { contaDig: account.accountDigit } : {}),
              ...(account.bankNumber ? { numeroBanco: account.bankNumber } : {}),
              ...(account.holderDocument ? { documentoFederalPagamento: onlyDigits(account.holderDocument) } : {}),
              ...(account.holderName ? { nomePagamento: account.holderName } : {}),
            },
          }
        : {}),
    },
    ...(parametros.length > 0 ? { parametros } : {}),
  };
}

/**
 * The CancelarProposta body for a validated input. The contract does not show its fields; these are
 * the FGTS locator's PascalCase names plus DocumentoFederal and Motivo, at the top level, as the
 * sandbox reads them (src/sandbox/routes/fgts.ts).
 */
export function cancelFgtsRequest(input: CancelFgtsProposalInput): CancelarPropostaRequest {
  return {
    CodigoProposta: input.proposalId,
    ...(input.clientDocument ? { DocumentoFederal: onlyDigits(input.clientDocument) } : {}),
    ...(input.reason ? { Motivo: input.reason } : {}),
  };
}
