/** Proposal operations: query, manual inclusion, guarantor, installments, simulation. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import {
  type ConsultaPropostaRequest,
  type ConsultaPropostaResponse,
  type IncluirManualRequest,
  type IncluirManualResponse,
  type IncluirAvalistaRequest,
  type IncluirAvalistaResponse,
  type ConsultarParcelasRequest,
  type ConsultarParcelasResponse,
  type CalcularValoresPropostaRequest,
  type CalcularValoresPropostaResponse,
} from './proposal.types.js';

/** The ConsultaProposta request of the proposal `id` (the one body every read of it by id sends, so the cache shares it). */
export function consultaPropostaById(id: string): ConsultaPropostaRequest {
  return { dto: { CodigoProposta: id } };
}

/** /FGTS/ConsultaProposta: everything about a proposal (PascalCase response). */
export function consultaProposta(client: UpstreamCaller, request: ConsultaPropostaRequest, options?: CallOptions): Promise<ConsultaPropostaResponse> {
  return client.request<ConsultaPropostaResponse>('ConsultaProposta', request, options);
}

/** /Proposta/IncluirManual: creates a proposal. A write: pass `idempotencyKey`. */
export function incluirManual(client: UpstreamCaller, request: IncluirManualRequest, options?: CallOptions): Promise<IncluirManualResponse> {
  return client.request<IncluirManualResponse>('IncluirManual', request, options);
}

/** /Proposta/IncluirAvalista: adds a guarantor. A write: pass `idempotencyKey`. */
export function incluirAvalista(client: UpstreamCaller, request: IncluirAvalistaRequest, options?: CallOptions): Promise<IncluirAvalistaResponse> {
  return client.request<IncluirAvalistaResponse>('IncluirAvalista', request, options);
}

/** /Proposta/ConsultarParcelas: the installments of a proposal. */
export function consultarParcelas(client: UpstreamCaller, request: ConsultarParcelasRequest, options?: CallOptions): Promise<ConsultarParcelasResponse> {
  return client.request<ConsultarParcelasResponse>('ConsultarParcelas', request, options);
}

/** /Proposta/CalcularValoresProposta: simulates values before inclusion. */
export function calcularValoresProposta(
  client: UpstreamCaller,
  request: CalcularValoresPropostaRequest,
  options?: CallOptions,
): Promise<CalcularValoresPropostaResponse> {
  return client.request<CalcularValoresPropostaResponse>('CalcularValoresProposta', request, options);
}
