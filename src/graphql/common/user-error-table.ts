import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { type Locale } from './locale.js';
import { MutationUserError, type UserError, UserErrorCode } from './user-error.type.js';

/**
 * THE table of mutation user errors: for each mutation (a family when two mutations share one payload),
 * its `code` enum, and for each code the partner catalogue codes and graph rules that lead to it
 * (docs/partner/contract.md "Errors", src/upstream/catalogue.ts, the sandbox's codes in
 * src/sandbox/README.md) with its meaning and its Brazilian Portuguese message. `messageKey` is
 * `<family>.<code in camelCase>`. docs/errors.md lists it and a test keeps the two in sync.
 */

/** One code of a mutation's enum. */
export interface UserErrorEntry {
  code: string;
  /** Partner catalogue codes ("code/detail") that mean this, for this mutation. */
  upstream?: readonly string[];
  /** Graph rules (class-validator constraint names, or the graph's own checks) that mean this. */
  rules?: readonly string[];
  /**
   * What the code means, in English (docs/errors.md). `null` for the generic codes. The English
   * `message` itself is the recorded text, unchanged from before per-mutation codes: the catalogue
   * meaning of the exact `upstreamCode` (more precise than a code that groups several), or the text
   * of the graph's rule naming the field and the limit.
   */
  meaning: string | null;
  /** The Brazilian Portuguese message. */
  pt: string;
}

const NOT_FOUND: UserErrorEntry = {
  code: 'NOT_FOUND',
  upstream: ['C0112/V0001'],
  meaning: 'The credit partner does not know this proposal.',
  pt: 'O parceiro de crédito não conhece esta proposta.',
};
const FORBIDDEN: UserErrorEntry = {
  code: 'FORBIDDEN',
  upstream: ['C0112/V0002'],
  meaning: 'The proposal belongs to another integration.',
  pt: 'A proposta pertence a outra integração.',
};
const IDEMPOTENCY_KEY_REUSED: UserErrorEntry = {
  code: 'IDEMPOTENCY_KEY_REUSED',
  upstream: ['I0001/V0001'],
  meaning: 'This idempotencyKey was already used with a different request; nothing was sent. Use a new key for a new request.',
  pt: 'Esta idempotencyKey já foi usada com outra requisição; nada foi enviado. Use uma nova chave para uma nova requisição.',
};
const INVALID_IDEMPOTENCY_KEY: UserErrorEntry = {
  code: 'INVALID_IDEMPOTENCY_KEY',
  rules: ['idempotencyKeyLength'],
  meaning: 'idempotencyKey must have 1 to 255 characters.',
  pt: 'A idempotencyKey deve ter de 1 a 255 caracteres.',
};
const TOO_MANY_DECIMAL_PLACES: UserErrorEntry = {
  code: 'TOO_MANY_DECIMAL_PLACES',
  rules: ['maxDecimalPlaces'],
  meaning: 'Too many decimal places: amounts take at most 2, percentages at most 4.',
  pt: 'Casas decimais demais: valores aceitam no máximo 2, percentuais no máximo 4.',
};
const NEGATIVE_AMOUNT: UserErrorEntry = {
  code: 'NEGATIVE_AMOUNT',
  rules: ['isNonNegativeDecimal'],
  meaning: 'The amount must be zero or more.',
  pt: 'O valor deve ser zero ou mais.',
};
const INVALID_INPUT: UserErrorEntry = { code: 'INVALID_INPUT', meaning: null, pt: 'Valor inválido no campo indicado.' };
const REJECTED: UserErrorEntry = { code: 'REJECTED', meaning: null, pt: 'O parceiro de crédito recusou a operação.' };

/** Codes every mutation has: the proposal, the key, the graph's generic rules, and the generic fallbacks last. */
const COMMON: readonly UserErrorEntry[] = [
  NOT_FOUND,
  FORBIDDEN,
  IDEMPOTENCY_KEY_REUSED,
  INVALID_IDEMPOTENCY_KEY,
  TOO_MANY_DECIMAL_PLACES,
  NEGATIVE_AMOUNT,
  INVALID_INPUT,
  REJECTED,
];

/** The receivables agenda's codes, shared by payments and boletos (sandbox-observed, src/upstream/catalogue.ts OBSERVED_CODES). */
const AGENDA: readonly UserErrorEntry[] = [
  {
    code: 'PROPOSAL_NOT_DISBURSED',
    upstream: ['C0200/V0001'],
    meaning: 'The proposal has no receivables agenda yet: it was never disbursed.',
    pt: 'A proposta ainda não tem agenda de recebíveis: ela não foi desembolsada.',
  },
  {
    code: 'AGENDA_CANCELLED',
    upstream: ['C0200/V0002'],
    meaning: "The proposal's receivables agenda is cancelled.",
    pt: 'A agenda de recebíveis da proposta está cancelada.',
  },
  {
    code: 'AGENDA_SETTLED',
    upstream: ['C0200/V0003'],
    meaning: "The proposal's receivables agenda is settled.",
    pt: 'A agenda de recebíveis da proposta está liquidada.',
  },
  {
    code: 'UNKNOWN_INSTALLMENT',
    upstream: ['C0201/V0001'],
    meaning: 'The proposal has no installment with this number.',
    pt: 'A proposta não tem parcela com este número.',
  },
  { code: 'INSTALLMENT_SETTLED', upstream: ['C0201/V0002'], meaning: 'The installment is already settled.', pt: 'A parcela já está liquidada.' },
  { code: 'NO_INSTALLMENT', upstream: ['C0201/V0003'], meaning: 'No installment was listed.', pt: 'Nenhuma parcela foi informada.' },
  { code: 'DUPLICATE_INSTALLMENT', upstream: ['C0201/V0004'], meaning: 'An installment was listed twice.', pt: 'Uma parcela foi informada duas vezes.' },
];

/** One mutation's (or family's) user errors. */
export interface UserErrorFamily {
  /** The prefix of its messageKeys. */
  key: string;
  /** The mutations that answer it. */
  mutations: readonly string[];
  /** Its GraphQL object type and enum names. */
  typeName: string;
  enumName: string;
  /** Its own codes, before the common ones. */
  entries: readonly UserErrorEntry[];
}

/** Every mutation family, with its own codes. */
export const USER_ERROR_FAMILIES = {
  createProposal: {
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
  },
  cancelFgtsProposal: {
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
  },
  signers: {
    key: 'signers',
    mutations: ['inviteSigners', 'registerSignedSigners'],
    typeName: 'SignersUserError',
    enumName: 'SignersErrorCode',
    entries: [
      { code: 'NO_SIGNERS', upstream: ['C0060/V0001'], meaning: 'No signers were sent.', pt: 'Nenhum assinante foi enviado.' },
      {
        code: 'WRONG_SITUATION',
        upstream: ['C0060/V0002'],
        meaning: "Signers cannot be added in the proposal's current situation.",
        pt: 'Não é possível incluir assinantes na situação atual da proposta.',
      },
      {
        code: 'NOT_APPROVED',
        upstream: ['C0060/V0003'],
        meaning: 'Signers cannot be added: the proposal must be approved.',
        pt: 'Não é possível incluir assinantes: a proposta precisa estar aprovada.',
      },
      {
        code: 'EMAIL_NOTIFICATION_OFF',
        upstream: ['C0060/V0004'],
        meaning: 'E-mail notification is not configured.',
        pt: 'A notificação por e-mail não está configurada.',
      },
      {
        code: 'CHAT_NOTIFICATION_OFF',
        upstream: ['C0060/V0005'],
        meaning: 'Chat-message notification is not configured.',
        pt: 'A notificação por mensagem não está configurada.',
      },
      {
        code: 'PHONE_BARRED_FROM_CHAT',
        upstream: ['C0060/V0006'],
        meaning: 'The given phone is restricted from chat messages.',
        pt: 'O telefone informado está impedido de receber mensagens.',
      },
      { ...NOT_FOUND, upstream: ['C0112/V0001', 'T0668/D0002'] },
      {
        code: 'INVALID_EMAIL',
        upstream: ['T0668/D0001', 'T0668/D0006'],
        rules: ['isEmail'],
        meaning: 'The signer e-mail is invalid.',
        pt: 'O e-mail do assinante é inválido.',
      },
      { code: 'NAME_MISSING', upstream: ['T0668/D0003'], meaning: 'The signer name must be given.', pt: 'O nome do assinante deve ser informado.' },
      {
        code: 'INVALID_DOCUMENT',
        upstream: ['T0668/D0004'],
        meaning: 'The signer document must be a valid CPF or CNPJ.',
        pt: 'O documento do assinante deve ser um CPF ou CNPJ válido.',
      },
      { code: 'EMAIL_MISSING', upstream: ['T0668/D0005'], meaning: 'The signer e-mail must be given.', pt: 'O e-mail do assinante deve ser informado.' },
      {
        code: 'MOBILE_MISSING',
        upstream: ['T0668/D0007'],
        meaning: 'The signer mobile phone must be given.',
        pt: 'O celular do assinante deve ser informado.',
      },
      {
        code: 'INVALID_MOBILE',
        upstream: ['T0668/D0008', 'T0668/D0009', 'T0668/D0010', 'T0668/D0011'],
        meaning: 'The mobile phone must have 11 digits: area code, then a number starting with 6, 7, 8 or 9.',
        pt: 'O celular deve ter 11 dígitos: DDD e um número iniciado por 6, 7, 8 ou 9.',
      },
      {
        code: 'DUPLICATE_SIGNER',
        upstream: ['T0668/D0012', 'T0668/D0013'],
        meaning: 'A signer with the same name and role, or the same e-mail or mobile, already exists.',
        pt: 'Já existe um assinante com o mesmo nome e papel, ou o mesmo e-mail ou celular.',
      },
    ],
  },
  attachDocument: {
    key: 'attachDocument',
    mutations: ['attachDocument'],
    typeName: 'AttachDocumentUserError',
    enumName: 'AttachDocumentErrorCode',
    entries: [
      { code: 'FILE_NAME_MISSING', upstream: ['C0068/V0001'], meaning: 'The file name must be given.', pt: 'O nome do arquivo deve ser informado.' },
      {
        code: 'UPLOAD_FAILED',
        upstream: ['C0068/V0002'],
        meaning: 'The document upload failed: the content is not valid base64.',
        pt: 'O envio do documento falhou: o conteúdo não é base64 válido.',
      },
      {
        code: 'IN_AUTOMATIC_ANALYSIS',
        upstream: ['C0068/V0003'],
        meaning: 'The document cannot be changed while it is in automatic analysis.',
        pt: 'O documento não pode ser alterado enquanto está em análise automática.',
      },
      {
        code: 'EXTENSION_NOT_ALLOWED',
        upstream: ['C0107/V0001', 'C0020/V0001'],
        rules: ['isAllowedExtension'],
        meaning: 'File extension not allowed; allowed: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip.',
        pt: 'Extensão de arquivo não permitida; permitidas: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip.',
      },
      { code: 'INVALID_DOCUMENT_TYPE', upstream: ['C0107/V0002'], meaning: 'Invalid document type.', pt: 'Tipo de documento inválido.' },
      { code: 'DOCUMENT_MISSING', upstream: ['C0107/V0003'], meaning: 'A document must be sent.', pt: 'Um documento deve ser enviado.' },
      { code: 'FILE_TOO_LARGE', rules: ['maxDecodedBytes'], meaning: 'The file is larger than 10 MiB.', pt: 'O arquivo é maior que 10 MiB.' },
    ],
  },
  addGuarantor: {
    key: 'addGuarantor',
    mutations: ['addGuarantor'],
    typeName: 'AddGuarantorUserError',
    enumName: 'AddGuarantorErrorCode',
    entries: [
      {
        code: 'INVALID_DOCUMENT',
        upstream: ['S0004/V0001', 'T0665/D0002', 'T0668/D0004'],
        rules: ['isDocument', 'isCpf'],
        meaning: 'The guarantor document is not a valid CPF or CNPJ.',
        pt: 'O documento do avalista não é um CPF ou CNPJ válido.',
      },
      {
        code: 'INVALID_EMAIL',
        upstream: ['T0668/D0001', 'T0668/D0006'],
        rules: ['isEmail'],
        meaning: 'The guarantor e-mail is invalid.',
        pt: 'O e-mail do avalista é inválido.',
      },
      {
        code: 'INVALID_MOBILE',
        upstream: ['T0668/D0008', 'T0668/D0009', 'T0668/D0010', 'T0668/D0011'],
        meaning: 'The mobile phone must have 11 digits: area code, then a number starting with 6, 7, 8 or 9.',
        pt: 'O celular deve ter 11 dígitos: DDD e um número iniciado por 6, 7, 8 ou 9.',
      },
      {
        code: 'DETAILS_DO_NOT_MATCH_DOCUMENT',
        rules: ['guarantorKind'],
        meaning: 'A CPF takes individual details, a CNPJ takes company details.',
        pt: 'Um CPF leva dados de pessoa física, um CNPJ dados de pessoa jurídica.',
      },
    ],
  },
  payment: {
    key: 'payment',
    mutations: ['registerInstallmentPayment', 'registerInstallmentPayments'],
    typeName: 'PaymentUserError',
    enumName: 'PaymentErrorCode',
    entries: [
      ...AGENDA,
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
  },
  boleto: {
    key: 'boleto',
    mutations: ['generateBoletos', 'generateSingleBoleto'],
    typeName: 'BoletoUserError',
    enumName: 'BoletoErrorCode',
    entries: [
      ...AGENDA,
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
  },
} as const satisfies Record<string, UserErrorFamily>;

/** A mutation family's name. */
export type UserErrorFamilyName = keyof typeof USER_ERROR_FAMILIES;

/** Every code of a family, its own first, then the common ones (each once). */
export function familyEntries(family: UserErrorFamilyName): readonly UserErrorEntry[] {
  const own: readonly UserErrorEntry[] = USER_ERROR_FAMILIES[family].entries;
  const codes = new Set(own.map((entry) => entry.code));
  return [...own, ...COMMON.filter((entry) => !codes.has(entry.code))];
}

function camel(code: string): string {
  return code.toLowerCase().replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The stable message key of a family's code, e.g. `payment.overBalance`. */
export function messageKeyOf(family: UserErrorFamilyName, code: string): string {
  return `${USER_ERROR_FAMILIES[family].key}.${camel(code)}`;
}

/** The entry a recorded user error maps to in a family: by catalogue code, then by graph rule, then by its shared code; unknown codes get the generic one. */
export function entryOf(family: UserErrorFamilyName, error: Pick<UserError, 'code' | 'upstreamCode' | 'rule'>): UserErrorEntry {
  const entries = familyEntries(family);
  const upstream = error.upstreamCode?.toUpperCase();
  const byUpstream = upstream === undefined ? undefined : entries.find((entry) => entry.upstream?.includes(upstream));
  const byRule = error.rule === undefined ? undefined : entries.find((entry) => entry.rules?.includes(error.rule ?? ''));
  if (byUpstream !== undefined || byRule !== undefined) {
    return (byUpstream ?? byRule) as UserErrorEntry;
  }
  switch (error.code) {
    case UserErrorCode.NOT_FOUND:
      return NOT_FOUND;
    case UserErrorCode.FORBIDDEN:
      return FORBIDDEN;
    case UserErrorCode.IDEMPOTENCY_KEY_REUSED:
      return IDEMPOTENCY_KEY_REUSED;
    case UserErrorCode.INVALID_INPUT:
      return INVALID_INPUT;
    default:
      return REJECTED;
  }
}

/** What the generic codes mean, where an entry has no `meaning` of its own. */
const GENERIC_MEANINGS: Readonly<Record<string, string>> = {
  INVALID_INPUT: 'The graph refused the input by a rule without a code of its own (the English message names the rule).',
  REJECTED:
    'The partner refused the operation with a code this table does not map (`upstreamCode` says which; the English message is its catalogue meaning when known).',
};

/**
 * What a code means, as one sentence for both readers: the enum value's description in the SDL
 * (introspection, GraphiQL) and the Meaning column of docs/errors.md, so the two cannot disagree.
 */
export function describeEntry(entry: UserErrorEntry): string {
  const meaning = entry.meaning ?? GENERIC_MEANINGS[entry.code] ?? 'A failure without a more precise code.';
  return entry.rules === undefined || entry.rules.length === 0 ? meaning : `${meaning} Graph rule: ${entry.rules.map((rule) => `\`${rule}\``).join(', ')}.`;
}

/** The user error type of one family: the shared fields (MutationUserError) and its own `code` enum. */
function familyType(family: UserErrorFamily, entries: readonly UserErrorEntry[]): new () => MutationUserError & { code: string } {
  const values = Object.fromEntries(entries.map((entry) => [entry.code, entry.code]));
  registerEnumType(values, {
    name: family.enumName,
    // The message key makes each family's description its own (the common codes' meanings repeat in every enum).
    valuesConfig: Object.fromEntries(
      entries.map((entry) => [entry.code, { description: `${describeEntry(entry)} messageKey: ${family.key}.${camel(entry.code)}.` }]),
    ),
    description: `Why ${family.mutations.join(' or ')} did not do what was asked; stable, clients switch on it. messageKey is "${family.key}.<code in camelCase>"; upstreamCode keeps the partner's catalogue code. Listed with their partner codes in docs/errors.md.`,
  });
  @ObjectType(family.typeName, {
    implements: MutationUserError,
    description: `A business failure of ${family.mutations.join(' or ')}, returned as data. Upstream: an item of the envelope messages, or a graph validation rule using the same catalogue code.`,
  })
  class FamilyUserError extends MutationUserError {
    @Field((_type) => values, {
      description: `What failed, as ${family.enumName}; an unknown partner refusal is REJECTED, an input refused by a rule without its own code INVALID_INPUT. Upstream: mapped from messages[].code/context (upstreamCode).`,
    })
    code: string;

    // The shared fields again, described for this mutation: the interface says the rules once.
    @Field((_type) => [String], {
      nullable: true,
      description: `Path of the ${family.mutations.join(' / ')} input field at fault (rules: UserError.field). Upstream: messages[].field.`,
    })
    declare field: string[] | null;

    @Field((_type) => String, {
      description: `Why ${family.mutations.join(' / ')} failed, in the request's language (rules: UserError.message). Upstream: the catalogue meaning of upstreamCode.`,
    })
    declare message: string;

    @Field((_type) => String, { description: `Stable key of the message: "${family.key}." and the code in camelCase. Upstream: none.` })
    declare messageKey: string;

    @Field((_type) => String, {
      nullable: true,
      description: `The partner catalogue code behind code, as "code/detail"; null for a rule of the graph alone (${family.typeName}). Upstream: messages[].code and messages[].context.`,
    })
    declare upstreamCode: string | null;

    @Field((_type) => UserErrorCode, {
      deprecationReason: "Use code: this mutation's own enum. Removed after 2027-03-01.",
      description: `The shared code ${family.typeName}.code replaces (rules: UserError.legacyCode). Upstream: derived from messages[].code.`,
    })
    declare legacyCode: UserErrorCode;
  }
  return FamilyUserError;
}

/** Each family's GraphQL type, built once. */
export const USER_ERROR_TYPES = Object.fromEntries(
  (Object.keys(USER_ERROR_FAMILIES) as UserErrorFamilyName[]).map((name) => [name, familyType(USER_ERROR_FAMILIES[name], familyEntries(name))]),
) as Record<UserErrorFamilyName, new () => MutationUserError & { code: string }>;

export const CreateProposalUserError = USER_ERROR_TYPES.createProposal;
export const CancelFgtsProposalUserError = USER_ERROR_TYPES.cancelFgtsProposal;
export const SignersUserError = USER_ERROR_TYPES.signers;
export const AttachDocumentUserError = USER_ERROR_TYPES.attachDocument;
export const AddGuarantorUserError = USER_ERROR_TYPES.addGuarantor;
export const PaymentUserError = USER_ERROR_TYPES.payment;
export const BoletoUserError = USER_ERROR_TYPES.boleto;

/** A user error as a client of one mutation sees it. */
export type PresentedUserError = MutationUserError & { code: string };

/**
 * The recorded user errors of a mutation as its client sees them: its family's `code` and
 * `messageKey`, the message in `locale`, the input path and catalogue code as recorded, the shared
 * code as `legacyCode` (deprecated).
 */
export function presentUserErrors(family: UserErrorFamilyName, errors: readonly UserError[], locale: Locale): PresentedUserError[] {
  const Type = USER_ERROR_TYPES[family];
  return errors.map((error) => {
    const entry = entryOf(family, error);
    const message = locale === 'pt-BR' ? entry.pt : error.message;
    return Object.assign(new Type(), {
      code: entry.code,
      messageKey: messageKeyOf(family, entry.code),
      message,
      field: error.field,
      upstreamCode: error.upstreamCode,
      legacyCode: error.code,
    });
  });
}
