import { type Parcela } from '../../upstream/types.js';
import { optionalMoney, toDateTime } from '../scalars.js';
import { Installment } from './installment.type.js';

/** Maps a ConsultarParcelas `parcelas` item of proposal `proposalId`. */
export function mapInstallment(item: Parcela, proposalId: string): Installment {
  return Object.assign(new Installment(), {
    proposalId,
    id: item.codigo ?? null,
    number: item.nroParcela ?? 0,
    amount: optionalMoney(item.vlrParcela),
    dueDate: toDateTime(item.dtVencimento),
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
  return items
    .filter(item => typeof item.nroParcela === 'number')
    .map(item => mapInstallment(item, proposalId))
    .sort((a, b) => a.number - b.number);
}
