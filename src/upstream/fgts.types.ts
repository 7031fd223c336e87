/**
 * Request and response types of /FGTS/CancelarProposta (served from the environment address).
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type PascalEnvelope } from './envelope.types.js';

// ---------------------------------------------------------------------------------------------
// 4. CancelarProposta (environment address), 5. ConsultaProposta (/FGTS/, PascalCase)
// ---------------------------------------------------------------------------------------------

/**
 * CancelarProposta's request body is "not shown" by the contract. The sandbox reads the PascalCase
 * locator (as /FGTS/ConsultaProposta uses) at the top level or inside `dto`, plus the client's CPF
 * and a reason; other fields pass through unchanged.
 */
export interface CancelarPropostaRequest {
  CodigoProposta?: string;
  CodigoOperacao?: string;
  NumeroProposta?: number;
  /** The client's CPF (a mismatch is numbered message 4). */
  DocumentoFederal?: string;
  Motivo?: string;
  dto?: { CodigoProposta?: string; CodigoOperacao?: string; NumeroProposta?: number; DocumentoFederal?: string; Motivo?: string };
  [field: string]: unknown;
}

export interface CancelarPropostaResponse extends PascalEnvelope {
  /** The boleto (or Pix copy-and-paste) to return the disbursed amount. */
  Boleto?: string | null;
}
