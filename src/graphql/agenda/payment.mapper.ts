import { type DtoLancamentoParcela } from '../../upstream/index.js';
import { toUpstreamDate, toUpstreamNumber } from '../common/validation.js';
import { type InstallmentPaymentInput } from './payment.input.js';

/** The upstream payment entry for a validated payment input (without its installment number). */
export function paymentEntryRequest(payment: InstallmentPaymentInput): DtoLancamentoParcela {
  return {
    vlrPagamento: toUpstreamNumber(payment.amount),
    vlrDesconto: toUpstreamNumber(payment.discount) ?? 0,
    ...(payment.paidAt ? { dtPagamento: toUpstreamDate(payment.paidAt) } : {}),
    ...(payment.allowDecapitalization != null ? { permiteDescapitalizacao: payment.allowDecapitalization } : {}),
    ...(payment.description ? { descricaoLancamento: payment.description } : {}),
  };
}
