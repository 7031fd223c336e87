/** Signature operations. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import {
  type IncluirAssinaturaCCBRequest,
  type IncluirAssinaturaCCBResponse,
  type IncluirAssinaturaCCBFinalizadaRequest,
  type IncluirAssinaturaCCBFinalizadaResponse,
} from './signature.types.js';

/** /Proposta/IncluirAssinaturaCCB: invites signers (proposal must be approved). A write. */
export function incluirAssinaturaCCB(
  client: UpstreamCaller,
  request: IncluirAssinaturaCCBRequest,
  options?: CallOptions,
): Promise<IncluirAssinaturaCCBResponse> {
  return client.request<IncluirAssinaturaCCBResponse>('IncluirAssinaturaCCB', request, options);
}

/** /Proposta/IncluirAssinaturaCCBFinalizada: registers signers who already signed. A write. */
export function incluirAssinaturaCCBFinalizada(
  client: UpstreamCaller,
  request: IncluirAssinaturaCCBFinalizadaRequest,
  options?: CallOptions,
): Promise<IncluirAssinaturaCCBFinalizadaResponse> {
  return client.request<IncluirAssinaturaCCBFinalizadaResponse>('IncluirAssinaturaCCBFinalizada', request, options);
}
