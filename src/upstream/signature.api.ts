/** Signature operations. */
import { type CallOptions, type UpstreamClient } from './client.js';
import {
  type IncluirAssinaturaCCBRequest,
  type IncluirAssinaturaCCBResponse,
  type IncluirAssinaturaCCBFinalizadaRequest,
  type IncluirAssinaturaCCBFinalizadaResponse,
} from './types.js';

/** /Proposta/IncluirAssinaturaCCB: invites signers (proposal must be approved). A write. */
export function incluirAssinaturaCCB(
  client: UpstreamClient,
  request: IncluirAssinaturaCCBRequest,
  options?: CallOptions,
): Promise<IncluirAssinaturaCCBResponse> {
  return client.request<IncluirAssinaturaCCBResponse>('IncluirAssinaturaCCB', request, options);
}

/** /Proposta/IncluirAssinaturaCCBFinalizada: registers signers who already signed. A write. */
export function incluirAssinaturaCCBFinalizada(
  client: UpstreamClient,
  request: IncluirAssinaturaCCBFinalizadaRequest,
  options?: CallOptions,
): Promise<IncluirAssinaturaCCBFinalizadaResponse> {
  return client.request<IncluirAssinaturaCCBFinalizadaResponse>('IncluirAssinaturaCCBFinalizada', request, options);
}
