/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Why attachDocument did not do what was asked; stable, clients switch on it. messageKey is "attachDocument.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type AttachDocumentErrorCode =
  /** Send the document either inline (contentBase64) or as an upload (uploadId), not both. Graph rule: `oneDocumentSource`. messageKey: attachDocument.contentAndUpload. */
  | 'CONTENT_AND_UPLOAD'
  /** A document must be sent (contentBase64 or uploadId). Graph rule: `documentSourceGiven`. messageKey: attachDocument.documentMissing. */
  | 'DOCUMENT_MISSING'
  /** File extension not allowed; allowed: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip. Graph rule: `isAllowedExtension`. messageKey: attachDocument.extensionNotAllowed. */
  | 'EXTENSION_NOT_ALLOWED'
  /** The file name must be given. messageKey: attachDocument.fileNameMissing. */
  | 'FILE_NAME_MISSING'
  /** The file is larger than 10 MiB. Graph rule: `maxDecodedBytes`. messageKey: attachDocument.fileTooLarge. */
  | 'FILE_TOO_LARGE'
  /** The proposal belongs to another integration. messageKey: attachDocument.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: attachDocument.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Invalid document type. messageKey: attachDocument.invalidDocumentType. */
  | 'INVALID_DOCUMENT_TYPE'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: attachDocument.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: attachDocument.invalidInput. */
  | 'INVALID_INPUT'
  /** The document cannot be changed while it is in automatic analysis. messageKey: attachDocument.inAutomaticAnalysis. */
  | 'IN_AUTOMATIC_ANALYSIS'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: attachDocument.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** The credit partner does not know this proposal. messageKey: attachDocument.notFound. */
  | 'NOT_FOUND'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: attachDocument.rejected. */
  | 'REJECTED'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: attachDocument.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES'
  /** The document upload failed: the content is not valid base64. messageKey: attachDocument.uploadFailed. */
  | 'UPLOAD_FAILED'
  /** No upload of this caller has this uploadId: it is unknown, expired (UPLOAD_TTL_SECONDS), another caller's, or already attached with another idempotencyKey. Graph rule: `uploadFound`. messageKey: attachDocument.uploadNotFound. */
  | 'UPLOAD_NOT_FOUND';

/** A document to attach to a proposal (e.g. the CCB signed at an external certifier). Upstream: Proposta/IncluirDocumento (documento). */
export type AttachDocumentInput = {
  /** File content as base64 (C0068/V0002 when it is not base64), not empty (C0107/V0003), at most 10485760 bytes decoded (10 MiB), and the whole request within GRAPHQL_MAX_BODY_BYTES (1 MiB by default): larger documents go through POST /uploads and uploadId. Exactly one of contentBase64 and uploadId. Upstream: arquivo. */
  contentBase64?: string | null | undefined;
  /** Document type code, 1 to 66 (e.g. 22 = CCB, 5 = CPF, 6 = proof of address) (C0107/V0002 otherwise). Upstream: tipoDocumento. */
  documentTypeCode: number;
  /** File extension, one of txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip (C0107/V0001 otherwise). Upstream: extensao. */
  extension: string;
  /** File name, at most 255 characters (C0068/V0001 when empty). Upstream: nomeArquivo. */
  fileName: string;
  /** Id of the proposal to attach the document to. Upstream: dto.codigoProposta. */
  proposalId: string | number;
  /** The id POST /uploads answered for the file (its raw bytes, at most UPLOAD_MAX_BYTES), instead of contentBase64: usable on any replica by the caller that uploaded it until it expires (UPLOAD_TTL_SECONDS), with one idempotencyKey: the first attach binds the upload to its key, a retry with that key is the same write, another key is refused (UPLOAD_NOT_FOUND). Exactly one of contentBase64 and uploadId. Upstream: arquivo (the uploaded bytes as base64). */
  uploadId?: string | number | null | undefined;
  /** Until when the document is valid. Upstream: dtValidade. */
  validUntil?: string | null | undefined;
};

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

/** Why cancelFgtsProposal did not do what was asked; stable, clients switch on it. messageKey is "cancelFgtsProposal.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type CancelFgtsProposalErrorCode =
  /** The proposal is already cancelled. messageKey: cancelFgtsProposal.alreadyCancelled. */
  | 'ALREADY_CANCELLED'
  /** The cancellation is not allowed: more than 7 days after the disbursement, the proposal ceded or rejected, or not an FGTS proposal. messageKey: cancelFgtsProposal.cancellationNotAllowed. */
  | 'CANCELLATION_NOT_ALLOWED'
  /** A fiduciary operation is in progress; retry later. messageKey: cancelFgtsProposal.fiduciaryOperationInProgress. */
  | 'FIDUCIARY_OPERATION_IN_PROGRESS'
  /** The proposal belongs to another integration. messageKey: cancelFgtsProposal.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: cancelFgtsProposal.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The CPF is invalid or not the proposal client's. messageKey: cancelFgtsProposal.invalidCpf. */
  | 'INVALID_CPF'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: cancelFgtsProposal.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: cancelFgtsProposal.invalidInput. */
  | 'INVALID_INPUT'
  /** The proposal identifier is invalid. messageKey: cancelFgtsProposal.invalidRequestIdentifier. */
  | 'INVALID_REQUEST_IDENTIFIER'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: cancelFgtsProposal.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** The credit partner does not know this proposal. messageKey: cancelFgtsProposal.notFound. */
  | 'NOT_FOUND'
  /** The cancellation is not allowed before a given date. messageKey: cancelFgtsProposal.notYetAllowed. */
  | 'NOT_YET_ALLOWED'
  /** The cancellation is not allowed while an anniversary-withdrawal payment is pending. messageKey: cancelFgtsProposal.pendingAnniversaryPayment. */
  | 'PENDING_ANNIVERSARY_PAYMENT'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: cancelFgtsProposal.rejected. */
  | 'REJECTED'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: cancelFgtsProposal.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES';

/** An FGTS proposal to cancel (within 7 days of disbursement; not when ceded). Upstream: body of FGTS/CancelarProposta. */
export type CancelFgtsProposalInput = {
  /** CPF of the client, when the partner asks for it (message 4 when invalid). Upstream: DocumentoFederal. */
  clientDocument?: string | null | undefined;
  /** Proposal UUID. Upstream: CodigoProposta. */
  proposalId: string | number;
  /** Why the proposal is cancelled. Upstream: Motivo. */
  reason?: string | null | undefined;
};

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

/** One boleto covering the listed installments. Upstream: AgendaRecebivel/GerarUnicoBoleto. */
export type GenerateSingleBoletoInput = {
  /** Whether early payment may remove future interest. Upstream: permiteDescapitalizacao. */
  allowDecapitalization?: boolean | null | undefined;
  /** Amount (default: the balance of the installments less the discount). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrBoleto. */
  amount?: string | null | undefined;
  /** Text printed on the boleto. Upstream: descricaoBoleto. */
  description?: string | null | undefined;
  /** Discount. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto. */
  discount?: string | null | undefined;
  /** Due date (default: the earliest installment due date). Upstream: dtVencimento. */
  dueDate?: string | null | undefined;
  /** When the single boleto stops being payable (default: the partner rule). Upstream: dtExpiracao. */
  expiresAt?: string | null | undefined;
  /** Installment numbers the boleto covers, at least one (C0201/V0003 when empty). Upstream: dto.nroParcelas. */
  installmentNumbers: Array<number>;
  /** Id of the proposal whose installments the boleto covers. Upstream: dto.codigoProposta. */
  proposalId: string | number;
  /** Registration type. Upstream: tipoRegistro. */
  registrationType?: BoletoRegistrationType;
  /** Whether paying it settles the installments. Upstream: liquidacao. */
  settlesInstallments?: boolean | null | undefined;
};

/** Individual (CPF, avalistaPF) or legal entity (CNPJ, avalistaPJ). Upstream: which of avalistaPF / avalistaPJ was sent. */
export type GuarantorKind =
  /** A legal-entity guarantor (14-digit CNPJ). Upstream: avalista.avalistaPJ sent, documentoFederal a CNPJ. */
  | 'COMPANY'
  /** An individual guarantor (11-digit CPF). Upstream: avalista.avalistaPF sent, documentoFederal a CPF. */
  | 'INDIVIDUAL';

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

/** Signers to invite to an approved proposal. Upstream: Proposta/IncluirAssinaturaCCB. */
export type InviteSignersInput = {
  /** Id of the proposal whose credit note the signers sign. Upstream: dto.codigoProposta. */
  proposalId: string | number;
  /** At least one signer (C0060/V0001 when none), at most 20. Upstream: assinantes. */
  signers: Array<SignerInviteInput>;
};

/** Where a write recorded in the ledger stands. Upstream: none (the graph's ledger). */
export type OperationState =
  /** It never reached the partner (refused before sending); a retry with the same key sends it. */
  | 'FAILED'
  /** Sent (or about to be) and not answered yet. */
  | 'IN_PROGRESS'
  /** The partner refused it; the refusal is replayed to a retry with the same key. */
  | 'REJECTED'
  /** The partner accepted it (or it was found at the partner after its answer was lost). */
  | 'SUCCEEDED'
  /** Its answer was lost and the partner has not told yet whether it happened; a retry with the same key finds out first. */
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

/** Individual (PF) or legal entity (PJ); IOF rates differ. Upstream: tipoPessoa (1 PF, 2 PJ). */
export type PersonType =
  /** A legal entity (pessoa jurídica, CNPJ). Upstream: tipoPessoa = 2. */
  | 'COMPANY'
  /** An individual (pessoa física, CPF). Upstream: tipoPessoa = 1. */
  | 'INDIVIDUAL';

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

/** Payments of several installments of one proposal, applied all or none. Upstream: AgendaRecebivel/IncluirLancamentoMultiplasParcelas. */
export type RegisterInstallmentPaymentsInput = {
  /** The payments, at least one (C0201/V0003 when empty), at most 120. Upstream: dtoLancamentoParcelas. */
  payments: Array<InstallmentPaymentInput>;
  /** Id of the proposal whose installments were paid. Upstream: dto.codigoProposta. */
  proposalId: string | number;
};

/** Whether a registry record is about an individual or a company. Upstream: tipoPessoa. */
export type RegisteredPersonType =
  /** A legal entity (pessoa jurídica, CNPJ) (code 2). */
  | 'COMPANY'
  /** An individual (pessoa física, CPF) (code 1). */
  | 'INDIVIDUAL'
  /** A code this graph does not know yet; read personTypeCode for the raw value. */
  | 'UNKNOWN';

/** A signer invited to sign the credit note electronically. Upstream: an item of assinantes (IncluirAssinaturaCCB). */
export type SignerInviteInput = {
  /** Role of the signer (e.g. "Emitente", "Avalista"). Upstream: descricao. */
  description?: string | null | undefined;
  /** CPF or CNPJ of the signer (T0668/D0004 when invalid). Upstream: documento. */
  document: string;
  /** The signer's e-mail, where the signing invitation goes (T0668/D0001 when invalid). Upstream: email. */
  email: string;
  /** Your identifier for this signer. Upstream: codigoIdentificador. */
  identifierCode?: string | null | undefined;
  /** Mobile phone: 11 digits, area code plus a number starting with 6-9 (T0668/D0008..D0010). Upstream: telefoneCelular. */
  mobilePhone: string;
  /** Signer name (T0668/D0003 when empty). Upstream: nome. */
  name: string;
  /** Notify by chat message. Upstream: notificarPorChat. */
  notifyByChat?: boolean;
  /** Notify by e-mail. Upstream: notificarPorEmail. */
  notifyByEmail?: boolean;
  /** Notify by SMS. Upstream: notificarPorSMS. */
  notifyBySms?: boolean;
  /** Signing deadline. Upstream: dtLimiteAssinatura. */
  signingDeadline?: string | null | undefined;
};

/** Why inviteSigners or registerSignedSigners did not do what was asked; stable, clients switch on it. messageKey is "signers.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md. */
export type SignersErrorCode =
  /** Chat-message notification is not configured. messageKey: signers.chatNotificationOff. */
  | 'CHAT_NOTIFICATION_OFF'
  /** A signer with the same name and role, or the same e-mail or mobile, already exists. messageKey: signers.duplicateSigner. */
  | 'DUPLICATE_SIGNER'
  /** The signer e-mail must be given. messageKey: signers.emailMissing. */
  | 'EMAIL_MISSING'
  /** E-mail notification is not configured. messageKey: signers.emailNotificationOff. */
  | 'EMAIL_NOTIFICATION_OFF'
  /** The proposal belongs to another integration. messageKey: signers.forbidden. */
  | 'FORBIDDEN'
  /** This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request. messageKey: signers.idempotencyKeyReused. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The signer document must be a valid CPF or CNPJ. messageKey: signers.invalidDocument. */
  | 'INVALID_DOCUMENT'
  /** The signer e-mail is invalid. Graph rule: `isEmail`. messageKey: signers.invalidEmail. */
  | 'INVALID_EMAIL'
  /** idempotencyKey must have 1 to 255 characters. Graph rule: `idempotencyKeyLength`. messageKey: signers.invalidIdempotencyKey. */
  | 'INVALID_IDEMPOTENCY_KEY'
  /** The graph refused the input by a rule without a code of its own (the English message names the rule). messageKey: signers.invalidInput. */
  | 'INVALID_INPUT'
  /** The mobile phone must have 11 digits: area code, then a number starting with 6, 7, 8 or 9. messageKey: signers.invalidMobile. */
  | 'INVALID_MOBILE'
  /** The signer mobile phone must be given. messageKey: signers.mobileMissing. */
  | 'MOBILE_MISSING'
  /** The signer name must be given. messageKey: signers.nameMissing. */
  | 'NAME_MISSING'
  /** The amount must be zero or more. Graph rule: `isNonNegativeDecimal`. messageKey: signers.negativeAmount. */
  | 'NEGATIVE_AMOUNT'
  /** Signers cannot be added: the proposal must be approved. messageKey: signers.notApproved. */
  | 'NOT_APPROVED'
  /** The credit partner does not know this proposal. messageKey: signers.notFound. */
  | 'NOT_FOUND'
  /** No signers were sent. messageKey: signers.noSigners. */
  | 'NO_SIGNERS'
  /** The given phone is restricted from chat messages. messageKey: signers.phoneBarredFromChat. */
  | 'PHONE_BARRED_FROM_CHAT'
  /** The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known). messageKey: signers.rejected. */
  | 'REJECTED'
  /** Too many decimal places: amounts take at most 2, percentages at most 4. Graph rule: `maxDecimalPlaces`. messageKey: signers.tooManyDecimalPlaces. */
  | 'TOO_MANY_DECIMAL_PLACES'
  /** Signers cannot be added in the proposal's current situation. messageKey: signers.wrongSituation. */
  | 'WRONG_SITUATION';

/** Signing status of a signer as far as the graph knows: the partner has no read of signatures, so it comes from the ledger of writes made through the graph, refined by the proposal situation when the same query reads it anyway. Upstream: none (ledger), situacao of FGTS/ConsultaProposta or ConsultarDetalhes when already read. */
export type SigningStatus =
  /** Invited through inviteSigners and not known to have signed: the partner has not told the graph (the proposal situation, when read by the same query, is not FINALIZED or later). Upstream: Proposta/IncluirAssinaturaCCB recorded in the ledger. */
  | 'INVITED'
  /** Signed: registered through registerSignedSigners (signedAt is the time given), or invited and the proposal situation read by the same query is FINALIZED or later, which the partner sets once every signature is in (signedAt then null). Upstream: Proposta/IncluirAssinaturaCCBFinalizada recorded in the ledger, or Situacao 6 to 11. */
  | 'SIGNED';

/** The terms to simulate before creating a proposal. Upstream: dto of Proposta/CalcularValoresProposta. */
export type SimulateProposalInput = {
  /** Calculation format code (partner-defined). Upstream: formatoCalculo. */
  calculationFormat?: number;
  /** Days added to (or, negative, taken from) the first due date. Upstream: nroDiasAcrescimo. */
  extraDays?: number | null | undefined;
  /** Number of installments, 1 to 480 (T0665/D0021 when below 1). Upstream: prazo. */
  installments: number;
  /** Insurance. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSeguro. */
  insuranceAmount?: string | null | undefined;
  /** Negotiated interest, percent a month (2.5 = 2.5 %). At most 4 decimal places. Upstream: percJurosNegociado. */
  monthlyInterestRate: string;
  /** Other expenses. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrasDespesas. */
  otherExpensesAmount?: string | null | undefined;
  /** Other services. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrosServicos. */
  otherServicesAmount?: string | null | undefined;
  /** Individual or company (IOF rates differ). Upstream: tipoPessoa. */
  personType?: PersonType;
  /** Amount requested (T0665/D0020 when not positive). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSolicitado. */
  requestedAmount: string;
  /** Credit opening fee (TAC). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrTAC. */
  tacAmount?: string | null | undefined;
};

export type InstallmentsOnlyQueryVariables = Exact<{
  id: string | number;
}>;


export type InstallmentsOnlyQuery = { proposal: { id: string, installments: Array<{ number: number, amount: string, dueDate: string }> | null } | null };

export type CoreInstallmentsAgendaQueryVariables = Exact<{
  id: string | number;
}>;


export type CoreInstallmentsAgendaQuery = { proposal: { id: string, number: number, situation: ProposalSituation, situationCode: number, financedAmount: string, monthlyInterestRate: string, installments: Array<{ number: number, amount: string, balance: string | null, paidAmount: string | null, boletos: Array<{ number: number, digitableLine: string, qrCode: { emv: string | null } | null }>, pix: Array<{ emv: string }>, entries: Array<{ paymentAmount: string, description: string | null }> }> | null, agenda: { id: string, proposalNumber: number, totalPaid: string | null } | null } | null };

export type SameProposalTwiceQueryVariables = Exact<{
  id: string | number;
}>;


export type SameProposalTwiceQuery = { a: { situation: ProposalSituation, installments: Array<{ number: number }> | null } | null, b: { financedAmount: string, ccbNumber: string | null, installments: Array<{ amount: string, balance: string | null }> | null } | null };

export type ProposalsWithInstallmentAgendaQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type ProposalsWithInstallmentAgendaQuery = { proposals: Array<{ id: string, number: number, installments: Array<{ number: number, balance: string | null }> | null } | null> };

export type ProposalCoreQueryVariables = Exact<{
  id: string | number;
}>;


export type ProposalCoreQuery = { proposal: { id: string, situation: ProposalSituation, financedAmount: string } | null };

export type ProposalChangedSubscriptionVariables = Exact<{
  id: string | number;
}>;


export type ProposalChangedSubscription = { proposalChanged: { proposalId: string, changed: Array<ProposalPart>, initial: boolean, proposal: { id: string, situation: ProposalSituation, situationCode: number } | null } | null };

export type ViewerProposalEventsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ViewerProposalEventsSubscription = { viewerProposalEvents: { proposalId: string, changed: Array<ProposalPart>, initial: boolean, proposal: { id: string, situation: ProposalSituation } | null } | null };

export type CreateProposalMutationVariables = Exact<{
  input: CreateProposalInput;
  idempotencyKey: string;
}>;


export type CreateProposalMutation = { createProposal: { proposal: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, financedAmount: string, installments: Array<{ number: number, amount: string, dueDate: string }> | null } | null, userErrors: Array<{ code: CreateProposalErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type GenerateBoletosMutationVariables = Exact<{
  input: GenerateBoletosInput;
  idempotencyKey: string;
}>;


export type GenerateBoletosMutation = { generateBoletos: { boletos: Array<{ number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string, qrCode: { emv: string | null } | null }>, userErrors: Array<{ code: BoletoErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type GenerateSingleBoletoMutationVariables = Exact<{
  input: GenerateSingleBoletoInput;
  idempotencyKey: string;
}>;


export type GenerateSingleBoletoMutation = { generateSingleBoleto: { boletos: Array<{ number: number, installmentNumbers: Array<number>, amount: string, digitableLine: string }>, userErrors: Array<{ code: BoletoErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type RegisterInstallmentPaymentMutationVariables = Exact<{
  input: RegisterInstallmentPaymentInput;
  idempotencyKey: string;
}>;


export type RegisterInstallmentPaymentMutation = { registerInstallmentPayment: { paidInstallments: Array<{ id: string, number: number, situation: InstallmentSituation, balance: string | null, paidAmount: string | null, entries: Array<{ paymentAmount: string, balanceAmount: string }> }>, proposal: { id: string, agenda: { id: string, totalPaid: string | null } | null } | null, parameters: Array<{ name: string, value: string | null }>, userErrors: Array<{ code: PaymentErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type RegisterInstallmentPaymentsMutationVariables = Exact<{
  input: RegisterInstallmentPaymentsInput;
  idempotencyKey: string;
}>;


export type RegisterInstallmentPaymentsMutation = { registerInstallmentPayments: { paidInstallments: Array<{ id: string, number: number, balance: string | null }>, userErrors: Array<{ code: PaymentErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type InviteSignersMutationVariables = Exact<{
  input: InviteSignersInput;
  idempotencyKey: string;
}>;


export type InviteSignersMutation = { inviteSigners: { signingUrl: string | null, signerCount: number | null, pendingSignerCount: number | null, userErrors: Array<{ code: SignersErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type CancelFgtsProposalMutationVariables = Exact<{
  input: CancelFgtsProposalInput;
  idempotencyKey: string;
}>;


export type CancelFgtsProposalMutation = { cancelFgtsProposal: { returnBoleto: string | null, proposal: { id: string, situation: ProposalSituation } | null, userErrors: Array<{ code: CancelFgtsProposalErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type AttachDocumentMutationVariables = Exact<{
  input: AttachDocumentInput;
  idempotencyKey: string;
}>;


export type AttachDocumentMutation = { attachDocument: { document: { id: string, typeCode: number | null, fileName: string | null, extension: string | null } | null, userErrors: Array<{ code: AttachDocumentErrorCode, field: Array<string> | null, message: string, upstreamCode: string | null }> } };

export type ProposalWithAgendaQueryVariables = Exact<{
  id: string | number;
}>;


export type ProposalWithAgendaQuery = { proposal: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, situationCode: number, financedAmount: string, installments: Array<{ id: string, number: number, amount: string, dueDate: string, situation: InstallmentSituation, paidAmount: string | null, balance: string | null, boletos: Array<{ id: string, number: number, digitableLine: string }>, pix: Array<{ emv: string }>, entries: Array<{ postedAt: string, paymentAmount: string, description: string | null }> }> | null, agenda: { id: string, totalPaid: string | null } | null } | null };

export type ProposalWithInstallmentsAndAgendaQueryVariables = Exact<{
  id: string | number;
}>;


export type ProposalWithInstallmentsAndAgendaQuery = { proposal: { id: string, number: number, situation: ProposalSituation, situationCode: number, financedAmount: string, totalDebtAmount: string, monthlyInterestRate: string, installmentCount: number, clientSource: InformationSource | null, installments: Array<{ id: string, number: number, amount: string, dueDate: string, originalDueDate: string | null, situation: InstallmentSituation, paidAt: string | null, paidAmount: string | null, balance: string | null, boletos: Array<{ id: string, number: number, digitableLine: string, qrCode: { emv: string | null } | null }>, pix: Array<{ emv: string, dueDate: string }>, entries: Array<{ postedAt: string, paymentAmount: string, balanceAmount: string, description: string | null }> }> | null, agenda: { id: string, situationCode: number, totalPaid: string | null } | null, client: { document: string, name: string | null } | null } | null };

export type ProposalByOperationCodeQueryVariables = Exact<{
  operationCode: string;
}>;


export type ProposalByOperationCodeQuery = { proposalByOperationCode: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, financedAmount: string } | null };

export type ProposalBoletosQueryVariables = Exact<{
  id: string | number;
  includeCancelled?: boolean | null | undefined;
}>;


export type ProposalBoletosQuery = { proposal: { id: string, boletos: Array<{ number: number, installmentNumbers: Array<number>, amount: string, dueDate: string, digitableLine: string, printUrl: string | null, cancelledAt: string | null, qrCode: { emv: string | null, imageBase64: string | null } | null }> | null } | null };

export type FgtsProposalQueryVariables = Exact<{
  id: string | number;
}>;


export type FgtsProposalQuery = { proposal: { id: string, situation: ProposalSituation, agentProtocolStatus: string | null, paymentEntries: Array<{ fieldId: string | null, amount: string, paidAt: string | null, situationCode: number }>, fgtsCancellations: Array<{ eventName: string | null, occurredAt: string, amount: string | null, digitableLine: string | null, pixCopyPaste: string | null }> } | null };

export type SimulateProposalQueryVariables = Exact<{
  input: SimulateProposalInput;
}>;


export type SimulateProposalQuery = { simulateProposal: { installmentAmount: string | null, iofAmount: string | null, totalCreditAmount: string | null, totalDebtAmount: string | null, monthlyCet: string | null, annualCet: string | null } };

export type PersonAndReportsQueryVariables = Exact<{
  document: string;
}>;


export type PersonAndReportsQuery = { person: { document: string, name: string | null, details: { personType: RegisteredPersonType | null, emails: Array<{ address: string | null }>, phones: Array<{ areaCode: string | null, number: string | null }> } | null } | null, registrationRecord: { name: string | null, taxStatus: string | null, addresses: Array<{ city: string | null, state: string | null }> } | null, bureauReport: { score: number | null, riskBand: string | null, hasRestrictions: boolean | null, liabilities: { count: number | null, total: string | null } | null } | null };

export type MyProposalsQueryVariables = Exact<{
  first: number;
  after?: string | null | undefined;
  situation?: ProposalSituation | null | undefined;
  orderBy?: ProposalOrder | null | undefined;
}>;


export type MyProposalsQuery = { creditViewer: { callerId: string, scopes: Array<string>, proposals: { totalCount: number | null, edges: Array<{ cursor: string, node: { id: string, number: number, operationCode: string | null, situation: ProposalSituation, guarantors: Array<{ id: string, name: string, document: string, kind: GuarantorKind }>, signers: Array<{ name: string, document: string, status: SigningStatus, signedAt: string | null }>, documents: Array<{ typeCode: number | null, fileName: string | null, sizeBytes: number | null, sha256: string | null, attachedAt: string | null, attachedBy: string | null }>, operations: Array<{ operation: string, state: OperationState, callerId: string, requestedAt: string, finishedAt: string | null, idempotencyKey: string | null }> } | null }>, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null } } } };


export const InstallmentsOnlyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InstallmentsOnly"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}}]}}]}}]} as unknown as DocumentNode<InstallmentsOnlyQuery, InstallmentsOnlyQueryVariables>;
export const CoreInstallmentsAgendaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CoreInstallmentsAgenda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyInterestRate"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pix"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}}]}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentAmount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"proposalNumber"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}}]}}]}}]}}]} as unknown as DocumentNode<CoreInstallmentsAgendaQuery, CoreInstallmentsAgendaQueryVariables>;
export const SameProposalTwiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SameProposalTwice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"ccbNumber"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]}}]}}]} as unknown as DocumentNode<SameProposalTwiceQuery, SameProposalTwiceQueryVariables>;
export const ProposalsWithInstallmentAgendaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalsWithInstallmentAgenda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalsWithInstallmentAgendaQuery, ProposalsWithInstallmentAgendaQueryVariables>;
export const ProposalCoreDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalCore"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}}]}}]}}]} as unknown as DocumentNode<ProposalCoreQuery, ProposalCoreQueryVariables>;
export const ProposalChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ProposalChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"initial"}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalChangedSubscription, ProposalChangedSubscriptionVariables>;
export const ViewerProposalEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ViewerProposalEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewerProposalEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalId"}},{"kind":"Field","name":{"kind":"Name","value":"changed"}},{"kind":"Field","name":{"kind":"Name","value":"initial"}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}}]}}]}}]}}]} as unknown as DocumentNode<ViewerProposalEventsSubscription, ViewerProposalEventsSubscriptionVariables>;
export const CreateProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateProposalInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<CreateProposalMutation, CreateProposalMutationVariables>;
export const GenerateBoletosDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GenerateBoletos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateBoletosInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateBoletos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<GenerateBoletosMutation, GenerateBoletosMutationVariables>;
export const GenerateSingleBoletoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GenerateSingleBoleto"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GenerateSingleBoletoInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"generateSingleBoleto"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<GenerateSingleBoletoMutation, GenerateSingleBoletoMutationVariables>;
export const RegisterInstallmentPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterInstallmentPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInstallmentPaymentInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerInstallmentPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paidInstallments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paymentAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balanceAmount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<RegisterInstallmentPaymentMutation, RegisterInstallmentPaymentMutationVariables>;
export const RegisterInstallmentPaymentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegisterInstallmentPayments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"RegisterInstallmentPaymentsInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"registerInstallmentPayments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"paidInstallments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<RegisterInstallmentPaymentsMutation, RegisterInstallmentPaymentsMutationVariables>;
export const InviteSignersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InviteSigners"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"InviteSignersInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"inviteSigners"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signingUrl"}},{"kind":"Field","name":{"kind":"Name","value":"signerCount"}},{"kind":"Field","name":{"kind":"Name","value":"pendingSignerCount"}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<InviteSignersMutation, InviteSignersMutationVariables>;
export const CancelFgtsProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelFgtsProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CancelFgtsProposalInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelFgtsProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"returnBoleto"}},{"kind":"Field","name":{"kind":"Name","value":"proposal"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<CancelFgtsProposalMutation, CancelFgtsProposalMutationVariables>;
export const AttachDocumentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AttachDocument"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttachDocumentInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attachDocument"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}},{"kind":"Argument","name":{"kind":"Name","value":"idempotencyKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"idempotencyKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"typeCode"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"extension"}}]}},{"kind":"Field","name":{"kind":"Name","value":"userErrors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"upstreamCode"}}]}}]}}]}}]} as unknown as DocumentNode<AttachDocumentMutation, AttachDocumentMutationVariables>;
export const ProposalWithAgendaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalWithAgenda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pix"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}}]}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postedAt"}},{"kind":"Field","name":{"kind":"Name","value":"paymentAmount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalWithAgendaQuery, ProposalWithAgendaQueryVariables>;
export const ProposalWithInstallmentsAndAgendaDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalWithInstallmentsAndAgenda"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDebtAmount"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyInterestRate"}},{"kind":"Field","name":{"kind":"Name","value":"installmentCount"}},{"kind":"Field","name":{"kind":"Name","value":"installments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"originalDueDate"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pix"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"postedAt"}},{"kind":"Field","name":{"kind":"Name","value":"paymentAmount"}},{"kind":"Field","name":{"kind":"Name","value":"balanceAmount"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"agenda"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}},{"kind":"Field","name":{"kind":"Name","value":"totalPaid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"clientSource"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ProposalWithInstallmentsAndAgendaQuery, ProposalWithInstallmentsAndAgendaQueryVariables>;
export const ProposalByOperationCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalByOperationCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"operationCode"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposalByOperationCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"operationCode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"operationCode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"financedAmount"}}]}}]}}]} as unknown as DocumentNode<ProposalByOperationCodeQuery, ProposalByOperationCodeQueryVariables>;
export const ProposalBoletosDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ProposalBoletos"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeCancelled"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}},"defaultValue":{"kind":"BooleanValue","value":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"boletos"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeCancelled"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeCancelled"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"installmentNumbers"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}},{"kind":"Field","name":{"kind":"Name","value":"printUrl"}},{"kind":"Field","name":{"kind":"Name","value":"cancelledAt"}},{"kind":"Field","name":{"kind":"Name","value":"qrCode"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emv"}},{"kind":"Field","name":{"kind":"Name","value":"imageBase64"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ProposalBoletosQuery, ProposalBoletosQueryVariables>;
export const FgtsProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FgtsProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"proposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"agentProtocolStatus"}},{"kind":"Field","name":{"kind":"Name","value":"paymentEntries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fieldId"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"paidAt"}},{"kind":"Field","name":{"kind":"Name","value":"situationCode"}}]}},{"kind":"Field","name":{"kind":"Name","value":"fgtsCancellations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventName"}},{"kind":"Field","name":{"kind":"Name","value":"occurredAt"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"digitableLine"}},{"kind":"Field","name":{"kind":"Name","value":"pixCopyPaste"}}]}}]}}]}}]} as unknown as DocumentNode<FgtsProposalQuery, FgtsProposalQueryVariables>;
export const SimulateProposalDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SimulateProposal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SimulateProposalInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"simulateProposal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"installmentAmount"}},{"kind":"Field","name":{"kind":"Name","value":"iofAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalCreditAmount"}},{"kind":"Field","name":{"kind":"Name","value":"totalDebtAmount"}},{"kind":"Field","name":{"kind":"Name","value":"monthlyCet"}},{"kind":"Field","name":{"kind":"Name","value":"annualCet"}}]}}]}}]} as unknown as DocumentNode<SimulateProposalQuery, SimulateProposalQueryVariables>;
export const PersonAndReportsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PersonAndReports"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"document"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"person"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"document"},"value":{"kind":"Variable","name":{"kind":"Name","value":"document"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"personType"}},{"kind":"Field","name":{"kind":"Name","value":"emails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"address"}}]}},{"kind":"Field","name":{"kind":"Name","value":"phones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"areaCode"}},{"kind":"Field","name":{"kind":"Name","value":"number"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"registrationRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"document"},"value":{"kind":"Variable","name":{"kind":"Name","value":"document"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"taxStatus"}},{"kind":"Field","name":{"kind":"Name","value":"addresses"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"city"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"bureauReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"document"},"value":{"kind":"Variable","name":{"kind":"Name","value":"document"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"riskBand"}},{"kind":"Field","name":{"kind":"Name","value":"hasRestrictions"}},{"kind":"Field","name":{"kind":"Name","value":"liabilities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]}}]} as unknown as DocumentNode<PersonAndReportsQuery, PersonAndReportsQueryVariables>;
export const MyProposalsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyProposals"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"situation"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalSituation"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ProposalOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"creditViewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"callerId"}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"proposals"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"situation"},"value":{"kind":"Variable","name":{"kind":"Name","value":"situation"}}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderBy"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"number"}},{"kind":"Field","name":{"kind":"Name","value":"operationCode"}},{"kind":"Field","name":{"kind":"Name","value":"situation"}},{"kind":"Field","name":{"kind":"Name","value":"guarantors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}},{"kind":"Field","name":{"kind":"Name","value":"signers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"document"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"signedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"documents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"typeCode"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"sizeBytes"}},{"kind":"Field","name":{"kind":"Name","value":"sha256"}},{"kind":"Field","name":{"kind":"Name","value":"attachedAt"}},{"kind":"Field","name":{"kind":"Name","value":"attachedBy"}}]}},{"kind":"Field","name":{"kind":"Name","value":"operations"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"callerId"}},{"kind":"Field","name":{"kind":"Name","value":"requestedAt"}},{"kind":"Field","name":{"kind":"Name","value":"finishedAt"}},{"kind":"Field","name":{"kind":"Name","value":"idempotencyKey"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}}]}}]}}]}}]} as unknown as DocumentNode<MyProposalsQuery, MyProposalsQueryVariables>;