/** FGTS cancellation, served from the environment address. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import { type CancelarPropostaRequest, type CancelarPropostaResponse } from './fgts.types.js';

/** {environment_url}/FGTS/CancelarProposta: cancels an FGTS proposal within 7 days of disbursement (PascalCase response). A write. */
export function cancelarProposta(client: UpstreamCaller, request: CancelarPropostaRequest, options?: CallOptions): Promise<CancelarPropostaResponse> {
  return client.request<CancelarPropostaResponse>('CancelarProposta', request, options);
}
