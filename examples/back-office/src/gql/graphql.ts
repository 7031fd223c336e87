/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Where a receivables agenda stands. The partner does not publish this table; the values follow its known use. Upstream: situacaoAgenda (AgendaRecebivel/ConsultarDetalhes). */
export type AgendaSituation =
  /** Open: installments are being paid (code 1). */
  | 'ACTIVE'
  /** Cancelled (for instance with its proposal) (code 3). */
  | 'CANCELLED'
  /** Every installment paid (code 2). */
  | 'SETTLED'
  /** A code this graph does not know yet; read situationCode for the raw value. */
  | 'UNKNOWN';

/** Why generateBoletos or generateSingleBoleto did not do what was asked; stable, clients switch on it. messageKey is "boleto.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type BoletoErrorCode =
  /** The proposal's receivables agenda is cancelled. messageKey: boleto.agendaCancelled. */
  | 'AGENDA_CANCELLED'
  /** The proposal's receivables agenda is settled. messageKey: boleto.agendaSettled. */
  | 'AGENDA_SETTLED'
  /** The boleto amount must be greater than zero. messageKey: boleto.amountNotPositive. */
  | 'AMOUNT_NOT_POSITIVE'
  /** The boleto due date is in the past. messageKey: boleto.dueDateInPast. */
  | 'DUE_DATE_IN_PAST'
  /** An installment was listed twice. messageKey: boleto.duplicateInstallment. */
  | 'DUPLICATE_INSTALLMENT'
  /** The boleto expiry date is before its due date. messageKey: boleto.expiryBeforeDueDate. */
  | 'EXPIRY_BEFORE_DUE_DATE'
  /** The proposal belongs to another integration. messageKey: boleto.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: boleto.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The installment is already settled. messageKey: boleto.installmentSettled. */
  | 'INSTALLMENT_SETTLED'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: boleto.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: boleto.invalidInput. */
  | 'INVALID_INPUT'
  /** The registration type must be 1 or 2. messageKey: boleto.invalidRegistrationType. */
  | 'INVALID_REGISTRATION_TYPE'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: boleto.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** The credit partner does not know this proposal. messageKey: boleto.notFound. */
  | 'NOT_FOUND'
  /** No installment was listed. messageKey: boleto.noInstallment. */
  | 'NO_INSTALLMENT'
  /** The boleto amount exceeds the balances of its installments. messageKey: boleto.overBalance. */
  | 'OVER_BALANCE'
  /** The proposal has no receivables agenda yet: it was never disbursed. messageKey: boleto.proposalNotDisbursed. */
  | 'PROPOSAL_NOT_DISBURSED'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: boleto.rejected. */
  | 'REJECTED'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: boleto.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES'
  /** The proposal has no installment with this number. messageKey: boleto.unknownInstallment. */
  | 'UNKNOWN_INSTALLMENT';

/** An installment to issue a boleto for. Upstream: an item of dtoGerarMultiplosBoletos.parcelas. */
export type BoletoInstallmentInput = {
  /** Whether early payment may remove future interest. Upstream: permiteDescapitalizacao. */
  allowDecapitalization?: boolean | null | undefined;
  /** Discount. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto. */
  discount?: string | null | undefined;
  /** Due date of the boleto (default: the installment current due date). Upstream: dtVencimento. */
  dueDate?: string | null | undefined;
  /** When the boleto stops being payable (default: the partner rule). Upstream: dtExpiracao. */
  expiresAt?: string | null | undefined;
  /** Installment number. Upstream: nroParcela. */
  number: number;
};

/** How the boleto is registered at the bank (not boleto versus Pix). Upstream: tipoRegistro (1 online, 2 offline). */
export type BoletoRegistrationType =
  /** Registered offline. Upstream: tipoRegistro = 2. */
  | 'OFFLINE'
  /** Registered online. Upstream: tipoRegistro = 1. */
  | 'ONLINE';

/** Why createProposal did not do what was asked; stable, clients switch on it. messageKey is "createProposal.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type CreateProposalErrorCode =
  /** The amount must be given and greater than zero. messageKey: createProposal.amountMissing. */
  | 'AMOUNT_MISSING'
  /** The client must be given. messageKey: createProposal.clientMissing. */
  | 'CLIENT_MISSING'
  /** The client must be an individual for this contract type. messageKey: createProposal.clientMustBeIndividual. */
  | 'CLIENT_MUST_BE_INDIVIDUAL'
  /** The proposal belongs to another integration. messageKey: createProposal.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: createProposal.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The number of installments must be given. messageKey: createProposal.installmentsMissing. */
  | 'INSTALLMENTS_MISSING'
  /** Invalid calculation format. messageKey: createProposal.invalidCalculationFormat. */
  | 'INVALID_CALCULATION_FORMAT'
  /** The client document is not a valid CPF or CNPJ. messageKey: createProposal.invalidClientDocument. */
  | 'INVALID_CLIENT_DOCUMENT'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: createProposal.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: createProposal.invalidInput. */
  | 'INVALID_INPUT'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: createProposal.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** The credit partner does not know this proposal. messageKey: createProposal.notFound. */
  | 'NOT_FOUND'
  /** The operation code is already used by another proposal. messageKey: createProposal.operationCodeInUse. */
  | 'OPERATION_CODE_IN_USE'
  /** The operation type must be given. messageKey: createProposal.operationTypeMissing. */
  | 'OPERATION_TYPE_MISSING'
  /** The partner code (EPCodigo) was not given. messageKey: createProposal.partnerCodeMissing. */
  | 'PARTNER_CODE_MISSING'
  /** Promoter not found. messageKey: createProposal.promoterNotFound. */
  | 'PROMOTER_NOT_FOUND'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: createProposal.rejected. */
  | 'REJECTED'
  /** Seller not found. messageKey: createProposal.sellerNotFound. */
  | 'SELLER_NOT_FOUND'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: createProposal.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES';

/** A proposal to include manually. Upstream: dto of Proposta/IncluirManual. */
export type CreateProposalInput = {
  /** Calculation format code (partner-defined; T0665/D0022 when unknown to the partner). Upstream: formatoCalculo. */
  calculationFormat?: number;
  /** Credit note (CCB) number, digits. Upstream: numeroCCB. */
  ccbNumber?: string | null | undefined;
  /** CPF or CNPJ of the client; wrong check digits are refused (T0665/D0002), before any call. Upstream: documentoCliente. */
  clientDocument: string;
  /** Client name, sent as the parameter nomeCliente. Upstream: parametros[nomeCliente]. */
  clientName?: string | null | undefined;
  /** Contract (operation) type, e.g. "CP", "CDC-PF", "FGTS" (T0665/D0019 when empty). Upstream: tipoContrato. */
  contractType: string;
  /** Days added to (or, negative, taken from) the first due date. Upstream: nroDiasAcrescimo. */
  extraDays?: number | null | undefined;
  /** First due date, when fixed by you. Upstream: dtPrimeiroVencto. */
  firstDueDate?: string | null | undefined;
  /** Number of installments, 1 to 480 (T0665/D0021 when below 1). Upstream: prazo. */
  installments: number;
  /** Insurance. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSeguro. */
  insuranceAmount?: string | null | undefined;
  /** Negotiated interest, percent a month (2.5 = 2.5 %). At most 4 decimal places. Upstream: percJurosNegociado. */
  monthlyInterestRate: string;
  /** Your operation code for this proposal; unique among your proposals (reused: REJECTED, upstream S0005). Without proposals.all the partner receives it in your own namespace, <16 hex characters keyed from your caller id>-<code>, so a code another caller holds is as free as one nobody holds; you see and look up your own code. With proposals.all it is sent as given. Upstream: codigoOperacao. */
  operationCode?: string | null | undefined;
  /** Other expenses. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrasDespesas. */
  otherExpensesAmount?: string | null | undefined;
  /** Other services. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrosServicos. */
  otherServicesAmount?: string | null | undefined;
  /** Extra name/value parameters passed through. Upstream: parametros. */
  parameters?: Array<ParameterInput> | null | undefined;
  /** Account the disbursement is paid to. Upstream: propostaContaPagamentoDTO. */
  paymentAccount?: PaymentAccountInput | null | undefined;
  /** CPF or CNPJ of the promoter (T0665/D0018 when invalid). Upstream: documentoPromotor. */
  promoterDocument?: string | null | undefined;
  /** Amount requested (T0665/D0020 when not positive). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSolicitado. */
  requestedAmount: string;
  /** Notes of the seller. Upstream: observacoesVendedor. */
  sellerNotes?: string | null | undefined;
  /** Credit opening fee (TAC). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrTAC. */
  tacAmount?: string | null | undefined;
};

/** Direction of a list's order. */
export type CreditOrderDirection =
  /** Smallest (oldest) first. */
  | 'ASC'
  /** Largest (newest) first. */
  | 'DESC';

/** One boleto per listed installment. Upstream: AgendaRecebivel/GerarMultiplosBoletos. */
export type GenerateBoletosInput = {
  /** Text printed on the boletos. Upstream: descricaoBoleto. */
  description?: string | null | undefined;
  /** Installments, at least one (C0201/V0003 when empty), at most 120. Upstream: parcelas. */
  installments: Array<BoletoInstallmentInput>;
  /** Notify the client. Upstream: notificarCliente. */
  notifyClient?: boolean;
  /** Id of the proposal whose installments get boletos. Upstream: dto.codigoProposta. */
  proposalId: string | number;
  /** Registration type. Upstream: tipoRegistro. */
  registrationType?: BoletoRegistrationType;
};

/** Where a value came from: what was sent through the graph (kept in its ledger, not confirmed by the partner yet), or what the partner shows. */
export type InformationSource =
  /** As the partner shows it. */
  | 'PARTNER'
  /** Sent through the graph when the proposal was created, from its ledger; the partner has not shown it yet. */
  | 'SUBMITTED';

/** A payment entry for one installment. Upstream: dtoLancamentoParcela (or an item of dtoLancamentoParcelas). */
export type InstallmentPaymentInput = {
  /** Whether early payment may remove future interest. Upstream: permiteDescapitalizacao. */
  allowDecapitalization?: boolean | null | undefined;
  /** Amount paid, greater than zero (C0202/V0001 otherwise). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrPagamento. */
  amount: string;
  /** Description of the entry. Upstream: descricaoLancamento. */
  description?: string | null | undefined;
  /** Discount granted. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto. */
  discount?: string | null | undefined;
  /** Installment number. Upstream: nroParcela. */
  installmentNumber: number;
  /** When it was paid (default: now at the partner). Upstream: dtPagamento. */
  paidAt?: string | null | undefined;
};

/** Where an installment stands. The partner does not publish this table; the values follow its known use. Upstream: situacao (an installment of Proposta/ConsultarParcelas or AgendaRecebivel/ConsultarDetalhes). */
export type InstallmentSituation =
  /** Cancelled with its agenda (code 3). */
  | 'CANCELLED'
  /** Not paid yet (code 0). */
  | 'OPEN'
  /** Part of it paid; balance shows what is left (code 2). */
  | 'PARTIALLY_PAID'
  /** Paid in full (code 1). */
  | 'SETTLED'
  /** A code this graph does not know yet; read situationCode for the raw value. */
  | 'UNKNOWN';

/** A name/value pair sent to the partner with a write, e.g. nomeCliente. Upstream: an item of parametros { nome, valor }. */
export type ParameterInput = {
  /** Parameter name. Upstream: nome. */
  name: string;
  /** Parameter value. Upstream: valor. */
  value: string;
};

/** Bank account the disbursement is paid to. Upstream: propostaContaPagamentoDTO. */
export type PaymentAccountInput = {
  /** Account number. Upstream: conta. */
  account: string;
  /** Account check digit. Upstream: contaDig. */
  accountDigit?: string | null | undefined;
  /** Raw account type code (partner-defined). Upstream: tipoConta. */
  accountTypeCode?: number | null | undefined;
  /** Bank code (e.g. 1, 341). Upstream: codigoBanco. */
  bankCode: number;
  /** Bank number (ISPB / compensation). Upstream: numeroBanco. */
  bankNumber?: string | null | undefined;
  /** Branch. Upstream: agencia. */
  branch: string;
  /** Branch check digit. Upstream: agenciaDig. */
  branchDigit?: string | null | undefined;
  /** CPF or CNPJ of the account holder. Upstream: documentoFederalPagamento. */
  holderDocument?: string | null | undefined;
  /** Name of the account holder. Upstream: nomePagamento. */
  holderName?: string | null | undefined;
};

/** Why registerInstallmentPayment or registerInstallmentPayments did not do what was asked; stable, clients switch on it. messageKey is "payment.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type PaymentErrorCode =
  /** The proposal's receivables agenda is cancelled. messageKey: payment.agendaCancelled. */
  | 'AGENDA_CANCELLED'
  /** The proposal's receivables agenda is settled. messageKey: payment.agendaSettled. */
  | 'AGENDA_SETTLED'
  /** The payment amount must be greater than zero (after rounding to the cent). messageKey: payment.amountNotPositive. */
  | 'AMOUNT_NOT_POSITIVE'
  /** An installment was listed twice. messageKey: payment.duplicateInstallment. */
  | 'DUPLICATE_INSTALLMENT'
  /** The proposal belongs to another integration. messageKey: payment.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: payment.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The installment is already settled. messageKey: payment.installmentSettled. */
  | 'INSTALLMENT_SETTLED'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: payment.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: payment.invalidInput. */
  | 'INVALID_INPUT'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: payment.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** The discount must not be negative. messageKey: payment.negativeDiscount. */
  | 'NEGATIVE_DISCOUNT'
  /** The credit partner does not know this proposal. messageKey: payment.notFound. */
  | 'NOT_FOUND'
  /** No installment was listed. messageKey: payment.noInstallment. */
  | 'NO_INSTALLMENT'
  /** The payment plus the discount exceeds the installment balance. messageKey: payment.overBalance. */
  | 'OVER_BALANCE'
  /** The payment date is in the future. messageKey: payment.paymentDateInFuture. */
  | 'PAYMENT_DATE_IN_FUTURE'
  /** The proposal has no receivables agenda yet: it was never disbursed. messageKey: payment.proposalNotDisbursed. */
  | 'PROPOSAL_NOT_DISBURSED'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: payment.rejected. */
  | 'REJECTED'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: payment.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES'
  /** The proposal has no installment with this number. messageKey: payment.unknownInstallment. */
  | 'UNKNOWN_INSTALLMENT';

/** The order of a list of proposals. A cursor continues only the order it was issued in. */
export type ProposalOrder = {
  /** Which way: DESC newest first (the default), ASC oldest first. Upstream: none (the graph's ledger sorts). */
  direction?: CreditOrderDirection | null | undefined;
  /** What to sort by. Upstream: none (the graph's ledger sorts). */
  field?: ProposalOrderField | null | undefined;
};

/** What a list of proposals can be sorted by. */
export type ProposalOrderField =
  /** When the graph recorded the proposal's creation (ties by id). Upstream: none (the graph's ledger). */
  | 'CREATED_AT';

/** A part of a proposal a subscription reports changes of. */
export type ProposalPart =
  /** Its receivables agenda: totals, installments, payments. Upstream: AgendaRecebivel/ConsultarDetalhes. */
  | 'AGENDA'
  /** Its boletos. Upstream: AgendaRecebivel/ConsultarBoletos. */
  | 'BOLETOS'
  /** Its signers, after a signature write through the graph. Upstream: the graph's ledger. */
  | 'SIGNERS'
  /** Its situation (under review, approved, rejected, finalized, disbursed...). Upstream: Situacao / situacaoProposta. */
  | 'SITUATION';

/** Situation of a proposal. Upstream: Situacao (ConsultaProposta) or situacaoProposta (ConsultarDetalhes); the raw integer is in situationCode. */
export type ProposalSituation =
  /** Approved; signers can be invited. Upstream: Situacao / situacaoProposta = 2. */
  | 'APPROVED'
  /** Cancelled. Upstream: Situacao / situacaoProposta = 4. */
  | 'CANCELLED'
  /** Ceded (assigned to a fund); cannot be cancelled. Upstream: Situacao / situacaoProposta = 10. */
  | 'CEDED'
  /** Paid (disbursed); the receivables agenda exists. Upstream: Situacao / situacaoProposta = 9. */
  | 'DISBURSED'
  /** In draft. Upstream: Situacao / situacaoProposta = 0. */
  | 'DRAFT'
  /** Finalized, all signatures in. Upstream: Situacao / situacaoProposta = 6. */
  | 'FINALIZED'
  /** Pending, the partner must act. Upstream: Situacao / situacaoProposta = 5. */
  | 'PENDING'
  /** Pending payment (bank data problem). Upstream: Situacao / situacaoProposta = 11. */
  | 'PENDING_PAYMENT'
  /** Rejected. Upstream: Situacao / situacaoProposta = 3. */
  | 'REJECTED'
  /** Released for payment. Upstream: Situacao / situacaoProposta = 8. */
  | 'RELEASED_FOR_PAYMENT'
  /** Under review. Upstream: Situacao / situacaoProposta = 1. */
  | 'UNDER_REVIEW'
  /** A code this graph does not know yet; read situationCode. Upstream: any other Situacao / situacaoProposta value. */
  | 'UNKNOWN'
  /** Verified (formalization). Upstream: Situacao / situacaoProposta = 7. */
  | 'VERIFIED';

/** A payment of one installment of a disbursed proposal. Upstream: AgendaRecebivel/IncluirLancamentoParcela. */
export type RegisterInstallmentPaymentInput = {
  /** The payment. Upstream: dto.nroParcela and dtoLancamentoParcela. */
  payment: InstallmentPaymentInput;
  /** Id of the proposal whose installment was paid. Upstream: dto.codigoProposta. */
  proposalId: string | number;
};

/** Signing status of a signer as far as the graph knows: the partner has no read of signatures, so it comes from the ledger of writes made through the graph, refined by the proposal situation when the same query reads it anyway. Upstream: none (ledger), situacao of FGTS/ConsultaProposta or ConsultarDetalhes when already read. */
export type SigningStatus =
  /** Invited through inviteSigners and not known to have signed: the partner has not told the graph (the proposal situation, when read by the same query, is not FINALIZED or later). Upstream: Proposta/IncluirAssinaturaCCB recorded in the ledger. */
  | 'INVITED'
  /** Signed: registered through registerSignedSigners (signedAt is the time given), or invited and the proposal situation read by the same query is FINALIZED or later, which the partner sets once every signature is in (signedAt then null). Upstream: Proposta/IncluirAssinaturaCCBFinalizada recorded in the ledger, or Situacao 6 to 11. */
  | 'SIGNED';

export type ProposalChangedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type ProposalChangedSubscription = { proposalChanged: { proposalId: string, changed: Array<ProposalPart>, initial: boolean, proposal: { id: string, situation: ProposalSituation, situationCode: number, rejectionReason: string | null } | null } | null };

export type ViewerProposalEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ViewerProposalEventsSubscription = { viewerProposalEvents: { proposalId: string, changed: Array<ProposalPart>, initial: boolean, proposal: { id: string, situation: ProposalSituation, situationCode: number, rejectionReason: string | null } | null } | null };

export type InstallmentRowFragment = { id: string, number: number, amount: string, dueDate: string, situation: InstallmentSituation, paidAmount: string | null, balance: string | null, boletos: Array<{ id: string, number: number, digitableLine: string }> };

export type BoletoRowFragment = { id: string, number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string };

export type AgendaTotalsFragment = { id: string, situation: AgendaSituation, totalPaid: string | null, settledAt: string | null };

export type ProposalDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type ProposalDetailQuery = { proposal: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, situationCode: number, rejectionReason: string | null, financedAmount: string, monthlyInterestRate: string, installmentCount: number, createdAt: string, clientSource: InformationSource | null, client: { id: string, name: string | null, document: string } | null, installments: Array<{ id: string, number: number, amount: string, dueDate: string, situation: InstallmentSituation, paidAmount: string | null, balance: string | null, boletos: Array<{ id: string, number: number, digitableLine: string }> }> | null, agenda: { id: string, situation: AgendaSituation, totalPaid: string | null, settledAt: string | null } | null, boletos: Array<{ id: string, number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string }> | null, signers: Array<{ id: string, name: string, email: string, status: SigningStatus, signedAt: string | null }> } | null };

export type RegisterPaymentMutationVariables = Exact<{
  input: RegisterInstallmentPaymentInput;
  idempotencyKey: string;
}>;


export type RegisterPaymentMutation = { registerInstallmentPayment: { paidInstallments: Array<{ id: string, number: number, amount: string, dueDate: string, situation: InstallmentSituation, paidAmount: string | null, balance: string | null, boletos: Array<{ id: string, number: number, digitableLine: string }> }>, proposal: { id: string, agenda: { id: string, situation: AgendaSituation, totalPaid: string | null, settledAt: string | null } | null } | null, userErrors: Array<{ code: PaymentErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type GenerateBoletoMutationVariables = Exact<{
  input: GenerateBoletosInput;
  idempotencyKey: string;
}>;


export type GenerateBoletoMutation = { generateBoletos: { boletos: Array<{ id: string, number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string }>, installments: Array<{ id: string, boletos: Array<{ id: string, number: number, digitableLine: string }> }>, proposal: { id: string, boletos: Array<{ id: string, number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string }> | null } | null, userErrors: Array<{ code: BoletoErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type ProposalRowFragment = { id: string, number: number, operationCode: string | null, situation: ProposalSituation, financedAmount: string, installmentCount: number, createdAt: string };

export type MyProposalsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  situation?: ProposalSituation | null | undefined;
  orderBy?: ProposalOrder | null | undefined;
}>;


export type MyProposalsQuery = { creditViewer: { callerId: string, proposals: { totalCount: number | null, edges: Array<{ cursor: string, node: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, financedAmount: string, installmentCount: number, createdAt: string } | null }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } } };

export type CreateProposalMutationVariables = Exact<{
  input: CreateProposalInput;
  idempotencyKey: string;
}>;


export type CreateProposalMutation = { createProposal: { proposal: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, financedAmount: string, installmentCount: number, createdAt: string } | null, userErrors: Array<{ code: CreateProposalErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export const InstallmentRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstallmentRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Installment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]}}]} as unknown as DocumentNode<InstallmentRowFragment, unknown>;
export const BoletoRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoletoRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Boleto"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]} as unknown as DocumentNode<BoletoRowFragment, unknown>;
export const AgendaTotalsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgendaTotals"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AgendaDetail"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}},{"kind":"Field","name":{"kind":"Name","value":"settledAt"}}]}}]} as unknown as DocumentNode<AgendaTotalsFragment, unknown>;
export const ProposalRowFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"installmentCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<ProposalRowFragment, unknown>;
export const ProposalChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProposalChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"initial"}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalChangedSubscription, ProposalChangedSubscriptionVariables>;
export const ViewerProposalEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ViewerProposalEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewerProposalEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"initial"}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}}]}}]}}]}}]} as unknown as DocumentNode<ViewerProposalEventsSubscription, ViewerProposalEventsSubscriptionVariables>;
export const ProposalDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"rejectionReason"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyInterestRate"}},{"kind":"Field","name":{"kind":"Name","value":"installmentCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"document"}}]}},{"kind":"Field","name":{"kind":"Name","value":"clientSource"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstallmentRow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgendaTotals"}}]}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoletoRow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"signers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"signedAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstallmentRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Installment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgendaTotals"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AgendaDetail"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}},{"kind":"Field","name":{"kind":"Name","value":"settledAt"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoletoRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Boleto"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]} as unknown as DocumentNode<ProposalDetailQuery, ProposalDetailQueryVariables>;
export const RegisterPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInstallmentPaymentInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerInstallmentPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paidInstallments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"InstallmentRow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AgendaTotals"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"InstallmentRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Installment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AgendaTotals"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AgendaDetail"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}},{"kind":"Field","name":{"kind":"Name","value":"settledAt"}}]}}]} as unknown as DocumentNode<RegisterPaymentMutation, RegisterPaymentMutationVariables>;
export const GenerateBoletoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GenerateBoleto"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateBoletosInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateBoletos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoletoRow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BoletoRow"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BoletoRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Boleto"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}}]} as unknown as DocumentNode<GenerateBoletoMutation, GenerateBoletoMutationVariables>;
export const MyProposalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyProposals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"situation"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalSituation"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditViewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"callerId"}},{"kind":"Field","name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"situation"},"value":{"kind":"Variable","name":{"kind":"Name","value":"situation"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposalRow"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"installmentCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<MyProposalsQuery, MyProposalsQueryVariables>;
export const CreateProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProposalInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ProposalRow"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ProposalRow"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Proposal"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"installmentCount"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]} as unknown as DocumentNode<CreateProposalMutation, CreateProposalMutationVariables>;