/** Document operations. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import { type IncluirDocumentoRequest, type IncluirDocumentoResponse } from './document.types.js';

/** /Proposta/IncluirDocumento: attaches a document (base64 in `documento.arquivo`). A write. */
export function incluirDocumento(client: UpstreamCaller, request: IncluirDocumentoRequest, options?: CallOptions): Promise<IncluirDocumentoResponse> {
  return client.request<IncluirDocumentoResponse>('IncluirDocumento', request, options);
}
