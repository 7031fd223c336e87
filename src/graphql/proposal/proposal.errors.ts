import { declareUserErrors } from '../common/user-error-table.js';
import { type MutationDeclaration } from '../runtime/partner-writes.js';
import { cancellationProbe } from './cancellation.probe.js';
import { createProbe } from './creation.probe.js';

/** createProposal: its user errors, and IncluirManual's fields in its input. */
export const CREATE_PROPOSAL: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'createProposal',
    mutations: ['createProposal'],
    typeName: 'CreateProposalUserError',
    enumName: 'CreateProposalErrorCode',
    entries: [
      {
        code: 'OPERATION_CODE_IN_USE',
        upstream: ['S0005/V0001'],
        meaning: 'The operation code is already used by another proposal.',
        pt: 'O código de operação já é usado por outra proposta.',
      },
      { code: 'CLIENT_MISSING', upstream: ['T0665/D0001'], meaning: 'The client must be given.', pt: 'O cliente deve ser informado.' },
      {
        code: 'INVALID_CLIENT_DOCUMENT',
        upstream: ['T0665/D0002'],
        meaning: 'The client document is not a valid CPF or CNPJ.',
        pt: 'O documento do cliente não é um CPF ou CNPJ válido.',
      },
      {
        code: 'PARTNER_CODE_MISSING',
        upstream: ['T0665/D0016'],
        meaning: 'The partner code (EPCodigo) was not given.',
        pt: 'O código do parceiro (EPCodigo) não foi informado.',
      },
      { code: 'SELLER_NOT_FOUND', upstream: ['T0665/D0017'], meaning: 'Seller not found.', pt: 'Vendedor não encontrado.' },
      { code: 'PROMOTER_NOT_FOUND', upstream: ['T0665/D0018'], meaning: 'Promoter not found.', pt: 'Promotora não encontrada.' },
      { code: 'OPERATION_TYPE_MISSING', upstream: ['T0665/D0019'], meaning: 'The operation type must be given.', pt: 'O tipo de operação deve ser informado.' },
      {
        code: 'AMOUNT_MISSING',
        upstream: ['T0665/D0020'],
        meaning: 'The amount must be given and greater than zero.',
        pt: 'O valor deve ser informado e maior que zero.',
      },
      {
        code: 'INSTALLMENTS_MISSING',
        upstream: ['T0665/D0021'],
        meaning: 'The number of installments must be given.',
        pt: 'A quantidade de parcelas deve ser informada.',
      },
      { code: 'INVALID_CALCULATION_FORMAT', upstream: ['T0665/D0022'], meaning: 'Invalid calculation format.', pt: 'Formato de cálculo inválido.' },
      {
        code: 'CLIENT_MUST_BE_INDIVIDUAL',
        upstream: ['T0665/D0023'],
        meaning: 'The client must be an individual for this contract type.',
        pt: 'O cliente deve ser pessoa física neste tipo de contrato.',
      },
    ],
  }),
  writes: {
    IncluirManual: {
      probe: createProbe,
      fieldPaths: {
        'dto.documentoCliente': 'clientDocument',
        'dto.tipoContrato': 'contractType',
        'dto.vlrSolicitado': 'requestedAmount',
        'dto.percJurosNegociado': 'monthlyInterestRate',
        'dto.prazo': 'installments',
        'dto.formatoCalculo': 'calculationFormat',
        'dto.codigoOperacao': 'operationCode',
        'dto.dtPrimeiroVencto': 'firstDueDate',
        'dto.numeroCCB': 'ccbNumber',
        'dto.documentoPromotor': 'promoterDocument',
        'dto.observacoesVendedor': 'sellerNotes',
        'dto.nroDiasAcrescimo': 'extraDays',
        'dto.vlrTAC': 'tacAmount',
        'dto.vlrSeguro': 'insuranceAmount',
        'dto.vlrOutrasDespesas': 'otherExpensesAmount',
        'dto.vlrOutrosServicos': 'otherServicesAmount',
        'dto.propostaContaPagamentoDTO': 'paymentAccount',
        'dto.propostaContaPagamentoDTO.codigoBanco': 'paymentAccount.bankCode',
        'dto.propostaContaPagamentoDTO.tipoConta': 'paymentAccount.accountTypeCode',
        'dto.propostaContaPagamentoDTO.agencia': 'paymentAccount.branch',
        'dto.propostaContaPagamentoDTO.agenciaDig': 'paymentAccount.branchDigit',
        'dto.propostaContaPagamentoDTO.conta': 'paymentAccount.account',
        'dto.propostaContaPagamentoDTO.contaDig': 'paymentAccount.accountDigit',
        'dto.propostaContaPagamentoDTO.numeroBanco': 'paymentAccount.bankNumber',
        'dto.propostaContaPagamentoDTO.documentoFederalPagamento': 'paymentAccount.holderDocument',
        'dto.propostaContaPagamentoDTO.nomePagamento': 'paymentAccount.holderName',
        'parametros.nomeCliente': 'clientName',
      },
    },
  },
};

/** cancelFgtsProposal: its user errors, and CancelarProposta's fields in its input. */
export const CANCEL_FGTS_PROPOSAL: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'cancelFgtsProposal',
    mutations: ['cancelFgtsProposal'],
    typeName: 'CancelFgtsProposalUserError',
    enumName: 'CancelFgtsProposalErrorCode',
    entries: [
      {
        code: 'INVALID_CPF',
        upstream: ['400/4'],
        meaning: "The CPF is invalid or not the proposal client's.",
        pt: 'O CPF é inválido ou não é o do cliente da proposta.',
      },
      {
        code: 'FIDUCIARY_OPERATION_IN_PROGRESS',
        upstream: ['400/5'],
        meaning: 'A fiduciary operation is in progress; retry later.',
        pt: 'Há uma operação fiduciária em andamento; tente mais tarde.',
      },
      {
        code: 'NOT_YET_ALLOWED',
        upstream: ['400/10'],
        meaning: 'The cancellation is not allowed before a given date.',
        pt: 'O cancelamento não é permitido antes de uma data.',
      },
      {
        code: 'PENDING_ANNIVERSARY_PAYMENT',
        upstream: ['400/13'],
        meaning: 'The cancellation is not allowed while an anniversary-withdrawal payment is pending.',
        pt: 'O cancelamento não é permitido enquanto houver pagamento de saque-aniversário pendente.',
      },
      { code: 'ALREADY_CANCELLED', upstream: ['400/27'], meaning: 'The proposal is already cancelled.', pt: 'A proposta já está cancelada.' },
      {
        code: 'CANCELLATION_NOT_ALLOWED',
        upstream: ['400/28'],
        meaning: 'The cancellation is not allowed: more than 7 days after the disbursement, the proposal ceded or rejected, or not an FGTS proposal.',
        pt: 'O cancelamento não é permitido: mais de 7 dias após o desembolso, proposta cedida ou rejeitada, ou proposta não FGTS.',
      },
      {
        code: 'INVALID_REQUEST_IDENTIFIER',
        upstream: ['400/38'],
        meaning: 'The proposal identifier is invalid.',
        pt: 'O identificador da proposta é inválido.',
      },
    ],
  }),
  writes: {
    CancelarProposta: {
      probe: cancellationProbe,
      fieldPaths: {
        DocumentoFederal: 'clientDocument',
        Motivo: 'reason',
      },
    },
  },
};
