import {
  fetchedAtOf,
  type AgendaBoleto as UpstreamAgendaBoleto,
  type AgendaLancamento,
  type AgendaParcela,
  type AgendaPix,
  type ConsultarDetalhesResponse,
} from '../../upstream/index.js';
import { AnswerMemo } from '../common/answer-memo.js';
import { nodeId } from '../common/node.js';
import { mapQrCode } from '../common/qr-code.type.js';
import { toProposalSituation } from '../proposal/proposal.mapper.js';
import { optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import { AgendaBoleto, AgendaDetail, AgendaInstallment, LedgerEntry, PixCharge } from './agenda.type.js';

/** Maps a `parcelas[].boletos` item of installment `installment` of proposal `proposalId`. */
export function mapAgendaBoleto(item: UpstreamAgendaBoleto, proposalId: string, installment: number): AgendaBoleto {
  return Object.assign(new AgendaBoleto(), {
    id: nodeId('AgendaBoleto', proposalId, installment, item.numeroBoleto ?? 0),
    number: item.numeroBoleto ?? null,
    settlesInstallment: item.liquidacao ?? null,
    creditedAt: toDateTime(item.dtCredito),
    expiresAt: toDateTime(item.dtExpiracao),
    digitableLine: item.linhaDigitavel ?? null,
    registrationOperationCode: item.operacaoBoletoRegistro ?? null,
    registrationSituationCode: item.situacaoBoletoRegistro ?? null,
    registrationDescription: item.descricaoBoletoRegistro ?? null,
    printUrl: item.urlImpressao ?? null,
    qrCode: mapQrCode(item.qrCode),
  });
}

/** Maps the `index`th `parcelas[].pix` item of installment `installment` of proposal `proposalId`. */
export function mapPixCharge(item: AgendaPix, proposalId: string, installment: number, index: number): PixCharge {
  return Object.assign(new PixCharge(), {
    id: nodeId('PixCharge', proposalId, installment, index),
    settlesInstallment: item.liquidacao ?? null,
    creditedAt: toDateTime(item.dtCredito),
    dueDate: toCalendarDate(item.dtVencimento),
    expiresAt: toDateTime(item.dtExpiracao),
    emv: item.emv ?? null,
    imageBase64: item.imagem ?? null,
  });
}

/** Maps the `index`th `parcelas[].lancamentos` item of installment `installment` of proposal `proposalId`. */
export function mapLedgerEntry(item: AgendaLancamento, proposalId: string, installment: number, index: number): LedgerEntry {
  return Object.assign(new LedgerEntry(), {
    id: nodeId('LedgerEntry', proposalId, installment, index),
    dueDate: toCalendarDate(item.dtVencimento),
    postedAt: toDateTime(item.dtLancamento),
    installmentAmount: optionalMoney(item.vlrParcela),
    fineAmount: optionalMoney(item.vlrMulta),
    interestAmount: optionalMoney(item.vlrJuros),
    lateInterestAmount: optionalMoney(item.vlrMora),
    iofAmount: optionalMoney(item.vlrIOF),
    feesAmount: optionalMoney(item.vlrTarifas),
    rebateAmount: optionalMoney(item.vlrAbatimento),
    updatedInstallmentAmount: optionalMoney(item.vlrParcelaAtualizado),
    paymentAmount: optionalMoney(item.vlrPagamento),
    balanceAmount: optionalMoney(item.vlrSaldoParcela),
    discountAmount: optionalMoney(item.vlrDesconto),
    reportToFund: item.informarFundo ?? null,
    viaBoleto: item.viaBoleto ?? null,
    description: item.descLancamento ?? null,
  });
}

/** Maps a ConsultarDetalhes `parcelas` item of proposal `proposalId`. */
export function mapAgendaInstallment(item: AgendaParcela, proposalId: string): AgendaInstallment {
  const number = item.nroParcela ?? 0;
  return Object.assign(new AgendaInstallment(), {
    id: nodeId('AgendaInstallment', proposalId, number),
    upstreamId: item.codigoParcela ?? null,
    number: item.nroParcela ?? 0,
    situationCode: item.situacao ?? null,
    dueDate: toCalendarDate(item.dtVencimento),
    currentDueDate: toCalendarDate(item.dtVencimentoAtual),
    amount: optionalMoney(item.vlrParcela),
    balance: optionalMoney(item.vlrSaldoAtual),
    totalPaid: optionalMoney(item.vlrTotalPago),
    discountAmount: optionalMoney(item.vlrDesconto),
    paymentOrderNumber: item.nroOrdemPagamento ?? null,
    boletos: (item.boletos ?? []).map((b) => mapAgendaBoleto(b, proposalId, number)),
    pix: (item.pix ?? []).map((p, index) => mapPixCharge(p, proposalId, number, index)),
    entries: (item.lancamentos ?? []).map((e, index) => mapLedgerEntry(e, proposalId, number, index)),
  });
}

/** `parcelas` items of ConsultarDetalhes answers by installment number, indexed once per answer. */
const itemsByNumber = new WeakMap<ConsultarDetalhesResponse, ReadonlyMap<number, AgendaParcela>>();

/**
 * The `parcelas` item of installment `number` in a ConsultarDetalhes answer (the first, should the
 * upstream repeat a number), or undefined. The answer is indexed on first use, so N installments
 * sharing one answer cost N lookups, not N scans of it.
 */
export function agendaItemOf(detail: ConsultarDetalhesResponse, number: number): AgendaParcela | undefined {
  let index = itemsByNumber.get(detail);
  if (index === undefined) {
    const byNumber = new Map<number, AgendaParcela>();
    for (const item of detail.parcelas ?? []) {
      if (typeof item.nroParcela === 'number' && !byNumber.has(item.nroParcela)) {
        byNumber.set(item.nroParcela, item);
      }
    }
    index = byNumber;
    itemsByNumber.set(detail, index);
  }
  return index.get(number);
}

/** Maps the ConsultarDetalhes answer of proposal `proposalId` onto `AgendaDetail` (installments in number order). */
export function mapAgendaDetail(detail: ConsultarDetalhesResponse, proposalId: string): AgendaDetail {
  const fetchedAt = fetchedAtOf(detail) ?? null;
  return mappedDetails.get(detail, undefined, `${proposalId}|${fetchedAt === null ? '' : fetchedAt.getTime()}`, () =>
    buildAgendaDetail(detail, proposalId, fetchedAt),
  );
}

/** Agendas mapped from the same cached answer (read cache hits), by answer: built once, not per request. */
const mappedDetails = new AnswerMemo<AgendaDetail>();

function buildAgendaDetail(detail: ConsultarDetalhesResponse, proposalId: string, fetchedAt: Date | null): AgendaDetail {
  return Object.assign(new AgendaDetail(), {
    id: nodeId('AgendaDetail', proposalId),
    fetchedAt,
    allInstallments: Object.freeze(
      (detail.parcelas ?? [])
        .filter((p) => typeof p.nroParcela === 'number')
        .map((item) => mapAgendaInstallment(item, proposalId))
        .sort((a, b) => a.number - b.number),
    ),
    proposalNumber: detail.numeroProposta ?? null,
    createdAt: toDateTime(detail.dtInclusao),
    cancelledAt: toDateTime(detail.dtCancelamento),
    settledAt: toDateTime(detail.dtLiquidacao),
    situationCode: detail.situacaoAgenda ?? null,
    situationDescription: detail.descricaoSituacaoAgenda ?? null,
    clientDocument: detail.documentoFederalCliente ?? null,
    clientName: detail.nomeCliente ?? null,
    companyName: detail.nomeEmpresa ?? null,
    merchantCode: detail.ecCliente ?? null,
    contractTypeDescription: detail.descricaoTipoContrato ?? null,
    financedAmount: optionalMoney(detail.vlrFinanciado),
    approxDailyRetention: optionalMoney(detail.vlrRetencaoDiarioAprox),
    totalPaid: optionalMoney(detail.vlrTotalPago),
    installmentCount: detail.qtdeParcelas ?? null,
    proposalSituation: toProposalSituation(detail.situacaoProposta),
    proposalSituationCode: detail.situacaoProposta ?? null,
  });
}
