/**
 * Request and response types of the signature operations (IncluirAssinaturaCCB,
 * IncluirAssinaturaCCBFinalizada).
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type DateTimeString, type EnvelopeWithParametros, type PropostaLocator } from './envelope.types.js';

// ---------------------------------------------------------------------------------------------
// 1. IncluirAssinaturaCCB, 2. IncluirAssinaturaCCBFinalizada
// ---------------------------------------------------------------------------------------------

/** The fields both signer shapes carry (the contract lists them for each operation). */
export interface AssinanteBase {
  nome?: string;
  email?: string;
  documento?: string;
  descricao?: string;
  telefoneCelular?: string;
  notificarPorEmail?: boolean;
  notificarPorChat?: boolean;
}

/** A signer invited to sign electronically (IncluirAssinaturaCCB). */
export interface AssinanteConvite extends AssinanteBase {
  notificarPorSMS?: boolean;
  codigoIdentificador?: string;
  dtLimiteAssinatura?: DateTimeString;
}

export interface IncluirAssinaturaCCBRequest {
  dto?: PropostaLocator;
  assinantes?: AssinanteConvite[];
}
export type IncluirAssinaturaCCBResponse = EnvelopeWithParametros;

/** A signer who already signed in the partner's own system (IncluirAssinaturaCCBFinalizada). */
export interface AssinanteFinalizado extends AssinanteBase {
  dtAssinatura?: DateTimeString;
  ipAssinatura?: string;
}

export interface IncluirAssinaturaCCBFinalizadaRequest {
  dto?: PropostaLocator;
  assinantes?: AssinanteFinalizado[];
}
export type IncluirAssinaturaCCBFinalizadaResponse = EnvelopeWithParametros;
