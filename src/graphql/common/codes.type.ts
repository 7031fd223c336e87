import { defineCodeEnum } from './code-enum.js';

// The partner publishes only some of these tables (docs/partner/facts.md); the others are the sandbox's
// (src/sandbox/README.md, "Code tables"), marked there as inferred. Any other code reads as UNKNOWN.

/** Installment `situacao` (ConsultarParcelas and the agenda). */
export const InstallmentSituation = defineCodeEnum('InstallmentSituation', {
  description: 'Where an installment stands. The partner does not publish this table; the values follow its known use.',
  codeField: 'situationCode',
  upstream: 'situacao (an installment of Proposta/ConsultarParcelas or AgendaRecebivel/ConsultarDetalhes)',
  values: {
    OPEN: { code: 0, description: 'Not paid yet' },
    SETTLED: { code: 1, description: 'Paid in full' },
    PARTIALLY_PAID: { code: 2, description: 'Part of it paid; balance shows what is left' },
    CANCELLED: { code: 3, description: 'Cancelled with its agenda' },
  },
});
export type InstallmentSituation = keyof typeof InstallmentSituation.values;

/** Agenda `situacaoAgenda`. */
export const AgendaSituation = defineCodeEnum('AgendaSituation', {
  description: 'Where a receivables agenda stands. The partner does not publish this table; the values follow its known use.',
  codeField: 'situationCode',
  upstream: 'situacaoAgenda (AgendaRecebivel/ConsultarDetalhes)',
  values: {
    ACTIVE: { code: 1, description: 'Open: installments are being paid' },
    SETTLED: { code: 2, description: 'Every installment paid' },
    CANCELLED: { code: 3, description: 'Cancelled (for instance with its proposal)' },
  },
});
export type AgendaSituation = keyof typeof AgendaSituation.values;

/** Boleto `operacaoBoletoRegistro`. */
export const BoletoRegistrationOperation = defineCodeEnum('BoletoRegistrationOperation', {
  description: 'What was last asked of the bank for a boleto. The partner does not publish this table; the values follow its known use.',
  codeField: 'registrationOperationCode',
  upstream: 'operacaoBoletoRegistro',
  values: {
    REGISTER: { code: 1, description: 'Register the boleto at the bank' },
    WRITE_OFF: { code: 2, description: 'Write the boleto off at the bank' },
  },
});
export type BoletoRegistrationOperation = keyof typeof BoletoRegistrationOperation.values;

/** Boleto `situacaoBoletoRegistro`. */
export const BoletoRegistrationSituation = defineCodeEnum('BoletoRegistrationSituation', {
  description: 'Where the bank registration of a boleto stands. The partner does not publish this table; the values follow its known use.',
  codeField: 'registrationSituationCode',
  upstream: 'situacaoBoletoRegistro',
  values: {
    PENDING: { code: 0, description: 'Sent to the bank, not confirmed yet' },
    REGISTERED: { code: 1, description: 'Registered: it can be paid' },
    WRITTEN_OFF: { code: 3, description: 'Written off: it can no longer be paid' },
  },
});
export type BoletoRegistrationSituation = keyof typeof BoletoRegistrationSituation.values;

/** Payment entry `Situacao` (PropostaLancamentos). */
export const PaymentEntrySituation = defineCodeEnum('PaymentEntrySituation', {
  description: 'Where a disbursement payment stands. The partner does not publish this table; the values follow its known use.',
  codeField: 'situationCode',
  upstream: 'Situacao (an item of PropostaLancamentos)',
  values: {
    PENDING: { code: 0, description: 'Not paid yet' },
    PAID: { code: 1, description: 'Paid to the account' },
    RETURNED: { code: 2, description: 'Returned by the bank (for instance wrong account data)' },
  },
});
export type PaymentEntrySituation = keyof typeof PaymentEntrySituation.values;

/** Bank account `tipoConta`. */
export const AccountType = defineCodeEnum('AccountType', {
  description: 'Kind of bank account. The partner does not publish this table; only the checking account code is known.',
  codeField: 'accountTypeCode',
  upstream: 'tipoConta / TipoConta',
  values: {
    CHECKING: { code: 1, description: 'Checking account' },
  },
});
export type AccountType = keyof typeof AccountType.values;

/** CancelamentoFGTS `TipoEvento`. */
export const FgtsCancellationEventType = defineCodeEnum('FgtsCancellationEventType', {
  description: 'Kind of FGTS cancellation event.',
  codeField: 'eventTypeCode',
  upstream: 'TipoEvento (an item of CancelamentoFGTS)',
  values: {
    CANCELLED_BEFORE_DISBURSEMENT: { code: 1, description: 'Cancelled before the money was released: nothing to return' },
    CANCELLED_AFTER_DISBURSEMENT: { code: 2, description: 'Cancelled after the money was released: the client returns it with the boleto or Pix of the event' },
  },
});
export type FgtsCancellationEventType = keyof typeof FgtsCancellationEventType.values;

/** Document `tipoDocumento` (the codes a public client uses, docs/partner/facts.md; 1 to 66 exist). */
export const DocumentType = defineCodeEnum('DocumentType', {
  description: 'Kind of document attached to a proposal. Codes 1 to 66 exist; these are the ones the partner names for public clients.',
  codeField: 'typeCode',
  upstream: 'tipoDocumento',
  values: {
    PHOTO_ID: { code: 1, description: 'Identity document with photo' },
    RG: { code: 4, description: 'Identity card (RG)' },
    CPF: { code: 5, description: 'CPF card' },
    PROOF_OF_ADDRESS: { code: 6, description: 'Proof of address' },
    PROOF_OF_INCOME: { code: 7, description: 'Proof of income' },
    DRIVERS_LICENCE: { code: 8, description: "Driver's licence" },
    ARTICLES_OF_ASSOCIATION: { code: 13, description: 'Articles of association' },
    CNPJ_CARD: { code: 14, description: 'CNPJ card' },
    BANK_STATEMENT: { code: 15, description: 'Bank statement' },
    CCB: { code: 22, description: 'Credit note (CCB); enters automatic analysis' },
    INCOME_TAX_RETURN: { code: 26, description: 'Income-tax return' },
    INVOICE: { code: 50, description: 'Invoice' },
    CONTRACT: { code: 63, description: 'Contract' },
  },
});
export type DocumentType = keyof typeof DocumentType.values;

/** `tipoPessoa` of a registry record (the inputs take PersonType, which has no UNKNOWN to send). */
export const RegisteredPersonType = defineCodeEnum('RegisteredPersonType', {
  description: 'Whether a registry record is about an individual or a company.',
  codeField: 'personTypeCode',
  upstream: 'tipoPessoa',
  values: {
    INDIVIDUAL: { code: 1, description: 'An individual (pessoa física, CPF)' },
    COMPANY: { code: 2, description: 'A legal entity (pessoa jurídica, CNPJ)' },
  },
});
export type RegisteredPersonType = keyof typeof RegisteredPersonType.values;
