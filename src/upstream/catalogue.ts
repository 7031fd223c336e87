/**
 * The upstream's message catalogue (docs/partner/contract.md, "Errors"): every code and detailed code
 * the contract lists, with an English meaning. A message item carries the catalogue code in `code`
 * and the detailed code in `context`; CancelarProposta's numbered HTTP 400 messages all carry code
 * `400` and their number as the detail.
 */

/** Which upstream operations list an entry. */
export type CatalogueOperation = 'IncluirAssinaturaCCB' | 'IncluirDocumento' | 'CancelarProposta';

export interface CatalogueEntry {
  code: string;
  detail: string;
  meaning: string;
  operations: readonly CatalogueOperation[];
  /** CancelarProposta's messages are typed as validation or business errors; the rest are unqualified. */
  kind?: 'validation' | 'business';
}

const SIGN: readonly CatalogueOperation[] = ['IncluirAssinaturaCCB'];
const DOC: readonly CatalogueOperation[] = ['IncluirDocumento'];
const CANCEL: readonly CatalogueOperation[] = ['CancelarProposta'];
const BOTH: readonly CatalogueOperation[] = ['IncluirAssinaturaCCB', 'IncluirDocumento'];

/** Every entry of the contract, in the contract's order. */
export const CATALOGUE: readonly CatalogueEntry[] = [
  { code: 'C0060', detail: 'V0001', meaning: 'No signers were sent.', operations: SIGN },
  { code: 'C0060', detail: 'V0002', meaning: "Signers cannot be added in the proposal's current situation.", operations: SIGN },
  { code: 'C0060', detail: 'V0003', meaning: 'Signers cannot be added: the proposal must be approved.', operations: SIGN },
  { code: 'C0060', detail: 'V0004', meaning: 'E-mail notification is not configured.', operations: SIGN },
  { code: 'C0060', detail: 'V0005', meaning: 'Chat-message notification is not configured.', operations: SIGN },
  { code: 'C0060', detail: 'V0006', meaning: 'The given phone is restricted from chat messages.', operations: SIGN },
  { code: 'C0112', detail: 'V0001', meaning: 'Proposal not found.', operations: BOTH },
  { code: 'C0112', detail: 'V0002', meaning: 'The proposal does not belong to this integration.', operations: BOTH },
  { code: 'T0668', detail: 'D0001', meaning: 'Invalid e-mail.', operations: SIGN },
  { code: 'T0668', detail: 'D0002', meaning: 'Proposal not found.', operations: SIGN },
  { code: 'T0668', detail: 'D0003', meaning: 'The signer name must be given.', operations: SIGN },
  { code: 'T0668', detail: 'D0004', meaning: 'The signer document must be given.', operations: SIGN },
  { code: 'T0668', detail: 'D0005', meaning: 'The signer e-mail must be given.', operations: SIGN },
  { code: 'T0668', detail: 'D0006', meaning: 'The signer e-mail is invalid.', operations: SIGN },
  { code: 'T0668', detail: 'D0007', meaning: 'The signer mobile phone must be given.', operations: SIGN },
  { code: 'T0668', detail: 'D0008', meaning: 'The mobile phone must have 11 digits.', operations: SIGN },
  { code: 'T0668', detail: 'D0009', meaning: 'The mobile phone must have 11 digits (area code plus 9 digits).', operations: SIGN },
  { code: 'T0668', detail: 'D0010', meaning: 'The mobile number must start with 6, 7, 8 or 9.', operations: SIGN },
  { code: 'T0668', detail: 'D0011', meaning: 'The mobile phone must have 11 digits.', operations: SIGN },
  { code: 'T0668', detail: 'D0012', meaning: 'A signer with this name and role already exists.', operations: SIGN },
  { code: 'T0668', detail: 'D0013', meaning: 'A signer with this e-mail or mobile phone already exists.', operations: SIGN },
  { code: 'C0068', detail: 'V0001', meaning: 'The file name must be given.', operations: DOC },
  { code: 'C0068', detail: 'V0002', meaning: 'The document upload failed.', operations: DOC },
  { code: 'C0068', detail: 'V0003', meaning: 'The document cannot be changed while it is in automatic analysis.', operations: DOC },
  {
    code: 'C0107',
    detail: 'V0001',
    meaning: 'Invalid file extension; allowed: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip.',
    operations: DOC,
  },
  { code: 'C0107', detail: 'V0002', meaning: 'Invalid document type.', operations: DOC },
  { code: 'C0107', detail: 'V0003', meaning: 'A document must be sent.', operations: DOC },
  { code: 'C0020', detail: 'V0001', meaning: 'Invalid file extension (no extension is allowed).', operations: DOC },
  { code: 'T0665', detail: 'D0001', meaning: 'The client must be given.', operations: DOC },
  { code: 'T0665', detail: 'D0002', meaning: 'The client document is invalid.', operations: DOC },
  { code: 'T0665', detail: 'D0016', meaning: 'The partner code (EPCodigo) was not given.', operations: DOC },
  { code: 'T0665', detail: 'D0017', meaning: 'Seller not found.', operations: DOC },
  { code: 'T0665', detail: 'D0018', meaning: 'Promoter not found.', operations: DOC },
  { code: 'T0665', detail: 'D0019', meaning: 'The operation type must be given.', operations: DOC },
  { code: 'T0665', detail: 'D0020', meaning: 'The amount must be given.', operations: DOC },
  { code: 'T0665', detail: 'D0021', meaning: 'The number of installments must be given.', operations: DOC },
  { code: 'T0665', detail: 'D0022', meaning: 'Invalid calculation format.', operations: DOC },
  { code: 'T0665', detail: 'D0023', meaning: 'The client must be an individual.', operations: DOC },
  { code: '400', detail: '4', meaning: 'Invalid CPF number.', operations: CANCEL, kind: 'validation' },
  { code: '400', detail: '5', meaning: 'A fiduciary operation is in progress; retry later.', operations: CANCEL, kind: 'business' },
  { code: '400', detail: '10', meaning: 'Operation not allowed before a given date.', operations: CANCEL, kind: 'business' },
  {
    code: '400',
    detail: '13',
    meaning: 'Operation not allowed because of a pending anniversary-withdrawal payment.',
    operations: CANCEL,
    kind: 'business',
  },
  { code: '400', detail: '27', meaning: 'Operation already cancelled.', operations: CANCEL, kind: 'business' },
  { code: '400', detail: '28', meaning: 'Cancellation not allowed.', operations: CANCEL, kind: 'business' },
  { code: '400', detail: '38', meaning: 'Invalid request identifier.', operations: CANCEL, kind: 'business' },
];

const BY_KEY: ReadonlyMap<string, CatalogueEntry> = new Map(CATALOGUE.map((e) => [key(e.code, e.detail), e]));

function key(code: string, detail: string): string {
  return `${code.trim().toUpperCase()}/${detail.trim().toUpperCase()}`;
}

/** The catalogue entry of a code and detailed code (case and surrounding blanks ignored). */
export function catalogueEntry(code: string, detail: string): CatalogueEntry | undefined {
  const exact = BY_KEY.get(key(code, detail));
  if (exact !== undefined) {
    return exact;
  }
  // CancelarProposta's numbered messages: tolerate a zero-padded number ("04").
  if (code.trim() === '400' && /^\d+$/.test(detail.trim())) {
    return BY_KEY.get(key(code, String(Number(detail.trim()))));
  }
  return undefined;
}

/** Whether a message item carries `code`/`detail` (case and surrounding blanks ignored, as in {@link catalogueEntry}). */
export function isCatalogueCode(item: { code: string; detail: string }, code: string, detail: string): boolean {
  return key(item.code, item.detail) === key(code, detail);
}

/** A catalogue code and detailed code (the envelope's `context`), as the partner writes them. */
export interface CatalogueCode {
  readonly code: string;
  readonly detail: string;
}

/** C0112/V0001: the proposal does not exist. */
export const PROPOSAL_NOT_FOUND: CatalogueCode = { code: 'C0112', detail: 'V0001' };

/** C0112/V0002: the proposal belongs to another integration. */
export const PROPOSAL_OF_ANOTHER_INTEGRATION: CatalogueCode = { code: 'C0112', detail: 'V0002' };

/** I0001/V0001: the IdempotencyKey was already used with another request (HTTP 409). */
export const IDEMPOTENCY_KEY_REUSED: CatalogueCode = { code: 'I0001', detail: 'V0001' };

/**
 * C0200/V0001: this proposal has no receivables agenda (never disbursed). Not in the contract's
 * catalogue: the sandbox defines it (src/sandbox/README.md, "Receivables") for a read the contract
 * leaves open. For an agenda or boleto read it means "nothing yet", not failure, and unlike
 * C0112/V0001 it proves the proposal exists.
 */
export const NO_AGENDA: CatalogueCode = { code: 'C0200', detail: 'V0001' };

/** Whether a message item says the IdempotencyKey was reused with another request ({@link IDEMPOTENCY_KEY_REUSED}). */
export function isIdempotencyKeyReused(item: { code: string; detail: string }): boolean {
  return isCatalogueCode(item, IDEMPOTENCY_KEY_REUSED.code, IDEMPOTENCY_KEY_REUSED.detail);
}

/** The English meaning of a code and detailed code, `undefined` when the contract does not list it. */
export function meaningOf(code: string, detail: string): string | undefined {
  return catalogueEntry(code, detail)?.meaning;
}

/**
 * Codes the contract's catalogue does not list but the partner API (as modelled by the sandbox,
 * src/sandbox/README.md, "Sandbox-defined codes" and the receivables and registry tables) answers
 * with. Kept apart from {@link CATALOGUE} on purpose: these meanings are observed, not published, so
 * `meaningOf` does not know them and callers choose to fall back to {@link observedMeaningOf}.
 */
export const OBSERVED_CODES: readonly Omit<CatalogueEntry, 'operations' | 'kind'>[] = [
  { code: 'C0200', detail: 'V0001', meaning: 'The proposal has no receivables agenda yet (it was never disbursed).' },
  { code: 'C0200', detail: 'V0002', meaning: "The proposal's receivables agenda is cancelled." },
  { code: 'C0200', detail: 'V0003', meaning: "The proposal's receivables agenda is settled." },
  { code: 'C0201', detail: 'V0001', meaning: 'Unknown installment.' },
  { code: 'C0201', detail: 'V0002', meaning: 'The installment is already settled.' },
  { code: 'C0201', detail: 'V0003', meaning: 'No installment was listed.' },
  { code: 'C0201', detail: 'V0004', meaning: 'An installment was listed twice.' },
  { code: 'C0202', detail: 'V0001', meaning: 'The payment amount must be greater than zero (after rounding to the cent).' },
  { code: 'C0202', detail: 'V0002', meaning: 'The payment plus the discount exceeds the installment balance.' },
  { code: 'C0202', detail: 'V0003', meaning: 'The discount must not be negative.' },
  { code: 'C0202', detail: 'V0004', meaning: 'The payment date is in the future.' },
  { code: 'C0203', detail: 'V0001', meaning: 'The boleto due date is in the past.' },
  { code: 'C0203', detail: 'V0002', meaning: 'The registration type must be 1 or 2.' },
  { code: 'C0203', detail: 'V0003', meaning: 'The boleto expiry date is before its due date.' },
  { code: 'C0203', detail: 'V0004', meaning: 'The boleto amount must be greater than zero.' },
  { code: 'C0203', detail: 'V0005', meaning: 'The boleto amount exceeds the balances of its installments.' },
  { code: 'C0210', detail: 'V0001', meaning: 'No document was given.' },
  { code: 'C0210', detail: 'V0002', meaning: 'The document is invalid.' },
  { code: 'C0210', detail: 'V0003', meaning: 'The registration type does not match the document.' },
  { code: 'C0210', detail: 'V0004', meaning: 'Unknown child search.' },
  { code: 'C0210', detail: 'V0005', meaning: 'Unknown child direct id.' },
  { code: 'S0001', detail: 'V0001', meaning: 'The request body is not valid JSON.' },
  { code: 'S0001', detail: 'V0002', meaning: 'The request body is not a JSON object.' },
  { code: 'S0001', detail: 'V0003', meaning: 'The request body is too large.' },
  { code: 'S0001', detail: 'V0004', meaning: 'Unsupported content type.' },
  { code: 'S0001', detail: 'V0005', meaning: 'The request body is nested too deeply.' },
  { code: 'S0002', detail: 'V0001', meaning: 'Unknown path.' },
  { code: 'S0002', detail: 'V0002', meaning: 'Method not allowed.' },
  { code: 'S0003', detail: 'V0001', meaning: 'A field has the wrong type or an impossible value.' },
  { code: 'S0003', detail: 'V0002', meaning: 'A required object is missing.' },
  { code: 'S0004', detail: 'V0001', meaning: 'The guarantor document is not a valid CPF or CNPJ.' },
  { code: 'S0005', detail: 'V0001', meaning: 'The operation code is already used by another proposal.' },
  { code: 'I0001', detail: 'V0001', meaning: 'The idempotency key was already used with a different request.' },
  { code: 'I0001', detail: 'V0002', meaning: 'The idempotency key is missing.' },
  { code: 'I0001', detail: 'V0003', meaning: 'The idempotency key is longer than 200 characters.' },
  { code: 'S0500', detail: 'V0001', meaning: 'Unexpected error at the partner.' },
];

const OBSERVED_BY_KEY: ReadonlyMap<string, string> = new Map(OBSERVED_CODES.map((e) => [key(e.code, e.detail), e.meaning]));

/**
 * The English meaning of a code the contract does not list but the partner is observed to answer
 * (see {@link OBSERVED_CODES}); `undefined` otherwise (contract codes included: use `meaningOf`).
 */
export function observedMeaningOf(code: string, detail: string): string | undefined {
  return OBSERVED_BY_KEY.get(key(code, detail));
}
