import { AGENDA_CODES, declareUserErrors } from '../common/user-error-table.js';
import { type MutationDeclaration } from '../runtime/partner-writes.js';
import { paymentProbe } from './payment.probe.js';

/** registerInstallmentPayment and registerInstallmentPayments: their user errors, and their partner writes' fields in their input. */
export const PAYMENT: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'payment',
    mutations: ['registerInstallmentPayment', 'registerInstallmentPayments'],
    typeName: 'PaymentUserError',
    enumName: 'PaymentErrorCode',
    entries: [
      ...AGENDA_CODES,
      {
        code: 'AMOUNT_NOT_POSITIVE',
        upstream: ['C0202/V0001'],
        meaning: 'The payment amount must be greater than zero (after rounding to the cent).',
        pt: 'O valor do pagamento deve ser maior que zero (após arredondar para centavos).',
      },
      {
        code: 'OVER_BALANCE',
        upstream: ['C0202/V0002'],
        meaning: 'The payment plus the discount exceeds the installment balance.',
        pt: 'O pagamento mais o desconto excede o saldo da parcela.',
      },
      { code: 'NEGATIVE_DISCOUNT', upstream: ['C0202/V0003'], meaning: 'The discount must not be negative.', pt: 'O desconto não pode ser negativo.' },
      { code: 'PAYMENT_DATE_IN_FUTURE', upstream: ['C0202/V0004'], meaning: 'The payment date is in the future.', pt: 'A data do pagamento está no futuro.' },
    ],
  }),
  writes: {
    IncluirLancamentoParcela: {
      probe: paymentProbe,
      fieldPaths: {
        'dto.nroParcela': 'payment.installmentNumber',
        'dtoLancamentoParcela.vlrPagamento': 'payment.amount',
        'dtoLancamentoParcela.vlrDesconto': 'payment.discount',
        'dtoLancamentoParcela.dtPagamento': 'payment.paidAt',
        'dtoLancamentoParcela.permiteDescapitalizacao': 'payment.allowDecapitalization',
        'dtoLancamentoParcela.descricaoLancamento': 'payment.description',
      },
    },
    IncluirLancamentoMultiplasParcelas: {
      probe: paymentProbe,
      fieldPaths: {
        dtoLancamentoParcelas: 'payments',
        'dtoLancamentoParcelas[].nroParcela': 'payments[].installmentNumber',
        'dtoLancamentoParcelas[].vlrPagamento': 'payments[].amount',
        'dtoLancamentoParcelas[].vlrDesconto': 'payments[].discount',
        'dtoLancamentoParcelas[].dtPagamento': 'payments[].paidAt',
        'dtoLancamentoParcelas[].permiteDescapitalizacao': 'payments[].allowDecapitalization',
        'dtoLancamentoParcelas[].descricaoLancamento': 'payments[].description',
      },
    },
  },
};
