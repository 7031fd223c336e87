/**
 * Request and response types of IncluirDocumento.
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type DateTimeString, type Envelope, type PropostaLocator } from './envelope.types.js';

// ---------------------------------------------------------------------------------------------
// 3. IncluirDocumento
// ---------------------------------------------------------------------------------------------

/** The file (docs/partner/facts.md: base64 in `documento.arquivo`). */
export interface DocumentoArquivo {
  tipoDocumento?: number;
  /** At most 255 characters. */
  nomeArquivo?: string;
  /** At most 20 characters. */
  extensao?: string;
  dtValidade?: DateTimeString;
  /** File content, base64. */
  arquivo?: string;
}

export interface IncluirDocumentoRequest {
  dto?: PropostaLocator;
  documento?: DocumentoArquivo;
}

export interface IncluirDocumentoResponse extends Envelope {
  codigo?: string | null;
  tipoDocumento?: number | null;
  nomeArquivo?: string | null;
  extensao?: string | null;
  dtValidade?: DateTimeString | null;
  arquivo?: string | null;
}
