/**
 * The envelope every upstream response carries, its message items, and the proposal locators the
 * request bodies share.
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */

/** An ISO 8601 date-time string in UTC, as the upstream sends and accepts. */
export type DateTimeString = string;

// ---------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------

/** A message item of the camelCase envelope. */
export interface EnvelopeMessage {
  messageType?: number | null;
  code?: string | null;
  context?: string | null;
  description?: string | null;
  field?: string | null;
}

/** A message item of the PascalCase (/FGTS/) envelope. */
export interface PascalEnvelopeMessage {
  MessageType?: number | null;
  Code?: string | null;
  Context?: string | null;
  Description?: string | null;
  Field?: string | null;
}

/** `{ nome, valor }` pairs carried by several requests and responses. */
export interface Parametro {
  nome?: string;
  valor?: string;
}

/** The camelCase envelope every non-/FGTS/ response carries. */
export interface Envelope {
  msg?: string | null;
  hasError?: boolean | null;
  messages?: EnvelopeMessage[] | null;
}

/** The PascalCase envelope of the /FGTS/ responses. */
export interface PascalEnvelope {
  Msg?: string | null;
  HasError?: boolean | null;
  Messages?: PascalEnvelopeMessage[] | null;
}

/** Envelope plus the `parametros` list some writes return. */
export interface EnvelopeWithParametros extends Envelope {
  parametros?: Parametro[] | null;
}

// ---------------------------------------------------------------------------------------------
// Proposal locator
// ---------------------------------------------------------------------------------------------

/** The proposal locator `dto` (subsets and additions per endpoint). */
export interface PropostaLocator {
  /** UUID of the proposal. */
  codigoProposta?: string;
  codigoOperacao?: string;
  numeroProposta?: number;
}

/** Locator by code and operation code (receivables endpoints). */
export interface AgendaLocator {
  codigoProposta?: string;
  codigoOperacao?: string;
}
