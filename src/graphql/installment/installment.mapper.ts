import { fetchedAtOf, type AgendaParcela, type ConsultarDetalhesResponse, type Parcela } from '../../upstream/index.js';
import { nodeId } from '../common/node.js';
import { optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import { Installment } from './installment.type.js';

/** Maps a ConsultarParcelas `parcelas` item of proposal `proposalId`. */
export function mapInstallment(item: Parcela, proposalId: string, fetchedAt: Date | null = null): Installment {
  return Object.assign(new Installment(), {
    proposalId,
    fetchedAt,
    id: nodeId('Installment', proposalId, item.nroParcela ?? 0),
    upstreamId: item.codigo ?? null,
    number: item.nroParcela ?? 0,
    amount: optionalMoney(item.vlrParcela),
    dueDate: toCalendarDate(item.dtVencimento),
    situationCode: item.situacao ?? null,
    digitableLine: item.linhaDigitavel ?? null,
    paidAt: toDateTime(item.dtPagamento),
    ourNumber: item.nossoNumero ?? null,
    ourNumberDigit: item.nossoNumeroDv ?? null,
    interestAmount: optionalMoney(item.vlrJuros),
    lateInterestAmount: optionalMoney(item.vlrJurosMora),
    discountAmount: optionalMoney(item.vlrDesconto),
    paidAmount: optionalMoney(item.vlrPago),
  });
}

/** Maps the installments, in installment-number order; items without a number are dropped. */
export function mapInstallments(items: readonly Parcela[], proposalId: string): Installment[] {
  const fetchedAt = fetchedAtOf(items) ?? null;
  return items
    .filter(item => typeof item.nroParcela === 'number')
    .map(item => mapInstallment(item, proposalId, fetchedAt))
    .sort((a, b) => a.number - b.number);
}

/**
 * Fields of `Installment` the agenda of a disbursed proposal also carries (ConsultarDetalhes
 * `parcelas`: codigoParcela, nroParcela, vlrParcela, dtVencimentoAtual/dtVencimento), so a selection
 * of only these needs no ConsultarParcelas when the agenda is read anyway.
 */
export const INSTALLMENT_FIELDS_IN_AGENDA: ReadonlySet<string> = new Set(['__typename', 'id', 'upstreamId', 'number', 'amount', 'dueDate', 'agenda', 'fetchedAt']);

/** One agenda item as an installment: only the fields in {@link INSTALLMENT_FIELDS_IN_AGENDA}, the others null. */
function installmentFromAgenda(item: AgendaParcela, proposalId: string, fetchedAt: Date | null): Installment {
  return Object.assign(new Installment(), {
    proposalId,
    fetchedAt,
    id: nodeId('Installment', proposalId, item.nroParcela ?? 0),
    upstreamId: item.codigoParcela ?? null,
    number: item.nroParcela ?? 0,
    amount: optionalMoney(item.vlrParcela),
    // ConsultarParcelas answers the current due date (an extension moves it); the agenda keeps both.
    dueDate: toCalendarDate(item.dtVencimentoAtual ?? item.dtVencimento),
    situationCode: null,
    digitableLine: null,
    paidAt: null,
    ourNumber: null,
    ourNumberDigit: null,
    interestAmount: null,
    lateInterestAmount: null,
    discountAmount: null,
    paidAmount: null,
  });
}

/** The installments of a disbursed proposal from its agenda (folded: no ConsultarParcelas), in number order. */
export function mapInstallmentsFromAgenda(detail: ConsultarDetalhesResponse, proposalId: string): Installment[] {
  const fetchedAt = fetchedAtOf(detail) ?? null;
  return (detail.parcelas ?? [])
    .filter(item => typeof item.nroParcela === 'number')
    .map(item => installmentFromAgenda(item, proposalId, fetchedAt))
    .sort((a, b) => a.number - b.number);
}
