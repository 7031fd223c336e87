import { SandboxFailure, message } from '../envelope.js';

/**
 * Catalogue codes of the receivables operations (AgendaRecebivel/*). The upstream publishes no
 * catalogue for them, so the sandbox defines these in the contract's style (code + detail, mapped onto
 * `code` / `context`); listed in src/sandbox/README.md, section "Receivables". Business failures
 * answer HTTP 200 with `hasError: true`, like the upstream's business failures.
 */
export const ReceivablesCode = {
  /** The proposal has no receivables agenda (it was never disbursed). */
  NoAgenda: ['C0200', 'V0001'],
  /** The agenda is cancelled: nothing can be posted or charged on it. */
  AgendaCancelled: ['C0200', 'V0002'],
  /** The agenda is settled: every installment is paid. */
  AgendaSettled: ['C0200', 'V0003'],
  /** An installment number the agenda does not have. */
  InstallmentNotFound: ['C0201', 'V0001'],
  /** The installment is already settled. */
  InstallmentSettled: ['C0201', 'V0002'],
  /** No installment was listed (or nroParcela is missing). */
  InstallmentsMissing: ['C0201', 'V0003'],
  /** The same installment is listed twice in one request. */
  InstallmentRepeated: ['C0201', 'V0004'],
  /** vlrPagamento must be greater than zero. */
  PaymentNotPositive: ['C0202', 'V0001'],
  /** vlrPagamento plus vlrDesconto exceeds the installment's balance. */
  PaymentOverBalance: ['C0202', 'V0002'],
  /** vlrDesconto must not be negative. */
  DiscountNegative: ['C0202', 'V0003'],
  /** dtPagamento is after the sandbox clock's today. */
  PaymentInFuture: ['C0202', 'V0004'],
  /** dtVencimento of a boleto is before today. */
  BoletoDueInPast: ['C0203', 'V0001'],
  /** tipoRegistro other than 1 (online) or 2 (offline). */
  BoletoRegistrationType: ['C0203', 'V0002'],
  /** dtExpiracao before dtVencimento. */
  BoletoExpiryBeforeDue: ['C0203', 'V0003'],
  /** The boleto amount (vlrBoleto, or the balances less vlrDesconto) is not positive, or above 99,999,999.99. */
  BoletoAmountNotPositive: ['C0203', 'V0004'],
  /** vlrBoleto exceeds the balances of the installments it covers. */
  BoletoAmountOverBalance: ['C0203', 'V0005'],
} as const satisfies Record<string, readonly [string, string]>;

export type ReceivablesFailure = keyof typeof ReceivablesCode;

/** Throws the receivables failure `which` (HTTP 200, hasError). */
export function failReceivables(which: ReceivablesFailure, description: string, field = ''): never {
  const [code, context] = ReceivablesCode[which];
  throw new SandboxFailure(message(code, context, description, field));
}
