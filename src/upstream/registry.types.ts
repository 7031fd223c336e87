/**
 * Request and response types of the person, registry and bureau look-ups.
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type Envelope } from './envelope.types.js';

// ---------------------------------------------------------------------------------------------
// 16.-18. Registry and bureau
// ---------------------------------------------------------------------------------------------

export interface ConsultarPessoaRequest {
  filter?: {
    tipoRegistro?: number;
    documentoCliente?: string;
    childDirectID?: string;
    childSearch?: string;
  };
}

export interface ConsultarPessoaResponse extends Envelope {
  /** The upstream's `json` string, parsed by the client (`undefined` when absent or empty). */
  json?: unknown;
}

export interface ConsultarCadastroBuscaRequest {
  consulta?: { documento?: string };
}

export interface ConsultarCadastroBuscaResponse extends Envelope {
  falha?: boolean | null;
  /** The upstream's `json` string, parsed by the client (`undefined` when absent or empty). */
  json?: unknown;
}

/** ConsultaBureauCnpj's request body is "not shown"; `documento` is what the sandbox reads. Other fields pass through. */
export interface ConsultaBureauCnpjRequest {
  documento?: string;
  [field: string]: unknown;
}

/**
 * ConsultaBureauCnpj answers a "JSON report" whose fields are not shown. The envelope fields are
 * typed when present; the report's own fields stay `unknown`. A `json` string, if any, is parsed.
 */
export interface ConsultaBureauCnpjResponse extends Envelope {
  json?: unknown;
  [field: string]: unknown;
}
