import { AGENDA_CODES, declareUserErrors } from '../common/user-error-table.js';
import { type MutationDeclaration } from '../runtime/partner-writes.js';
import { boletoProbe } from './boleto.probe.js';

/** generateBoletos and generateSingleBoleto: their user errors, and their partner writes' fields in their input. */
export const BOLETO: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'boleto',
    mutations: ['generateBoletos', 'generateSingleBoleto'],
    typeName: 'BoletoUserError',
    enumName: 'BoletoErrorCode',
    entries: [
      ...AGENDA_CODES,
      {
        code: 'DUE_DATE_IN_PAST',
        upstream: ['C0203/V0001'],
        meaning: 'The boleto due date is in the past.',
        pt: 'A data de vencimento do boleto está no passado.',
      },
      {
        code: 'INVALID_REGISTRATION_TYPE',
        upstream: ['C0203/V0002'],
        meaning: 'The registration type must be 1 or 2.',
        pt: 'O tipo de registro deve ser 1 ou 2.',
      },
      {
        code: 'EXPIRY_BEFORE_DUE_DATE',
        upstream: ['C0203/V0003'],
        meaning: 'The boleto expiry date is before its due date.',
        pt: 'A data de expiração do boleto é anterior ao vencimento.',
      },
      {
        code: 'AMOUNT_NOT_POSITIVE',
        upstream: ['C0203/V0004'],
        meaning: 'The boleto amount must be greater than zero.',
        pt: 'O valor do boleto deve ser maior que zero.',
      },
      {
        code: 'OVER_BALANCE',
        upstream: ['C0203/V0005'],
        meaning: 'The boleto amount exceeds the balances of its installments.',
        pt: 'O valor do boleto excede os saldos das parcelas.',
      },
    ],
  }),
  writes: {
    GerarMultiplosBoletos: {
      probe: boletoProbe,
      fieldPaths: {
        'dtoGerarMultiplosBoletos.parcelas': 'installments',
        'dtoGerarMultiplosBoletos.parcelas[].nroParcela': 'installments[].number',
        'dtoGerarMultiplosBoletos.parcelas[].dtVencimento': 'installments[].dueDate',
        'dtoGerarMultiplosBoletos.parcelas[].dtExpiracao': 'installments[].expiresAt',
        'dtoGerarMultiplosBoletos.parcelas[].vlrDesconto': 'installments[].discount',
        'dtoGerarMultiplosBoletos.parcelas[].permiteDescapitalizacao': 'installments[].allowDecapitalization',
        'dtoGerarMultiplosBoletos.descricaoBoleto': 'description',
        'dtoGerarMultiplosBoletos.notificarCliente': 'notifyClient',
        'dtoGerarMultiplosBoletos.tipoRegistro': 'registrationType',
      },
    },
    GerarUnicoBoleto: {
      probe: boletoProbe,
      fieldPaths: {
        'dto.nroParcelas': 'installmentNumbers',
        'dtoGerarUnicoBoleto.tipoRegistro': 'registrationType',
        'dtoGerarUnicoBoleto.dtVencimento': 'dueDate',
        'dtoGerarUnicoBoleto.dtExpiracao': 'expiresAt',
        'dtoGerarUnicoBoleto.vlrBoleto': 'amount',
        'dtoGerarUnicoBoleto.vlrDesconto': 'discount',
        'dtoGerarUnicoBoleto.liquidacao': 'settlesInstallments',
        'dtoGerarUnicoBoleto.permiteDescapitalizacao': 'allowDecapitalization',
        'dtoGerarUnicoBoleto.descricaoBoleto': 'description',
      },
    },
  },
};
