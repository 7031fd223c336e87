/** Receivables agenda operations. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import {
  type ConsultarDetalhesRequest,
  type ConsultarDetalhesResponse,
  type ConsultarBoletosRequest,
  type ConsultarBoletosResponse,
  type GerarMultiplosBoletosRequest,
  type GerarMultiplosBoletosResponse,
  type GerarUnicoBoletoRequest,
  type GerarUnicoBoletoResponse,
  type IncluirLancamentoParcelaRequest,
  type IncluirLancamentoParcelaResponse,
  type IncluirLancamentoMultiplasParcelasRequest,
  type IncluirLancamentoMultiplasParcelasResponse,
} from './receivables.types.js';

/** /AgendaRecebivel/ConsultarDetalhes: agenda, installments, boletos, Pix and entries. */
export function consultarDetalhes(client: UpstreamCaller, request: ConsultarDetalhesRequest, options?: CallOptions): Promise<ConsultarDetalhesResponse> {
  return client.request<ConsultarDetalhesResponse>('ConsultarDetalhes', request, options);
}

/** /AgendaRecebivel/ConsultarBoletos: boletos of a proposal. */
export function consultarBoletos(client: UpstreamCaller, request: ConsultarBoletosRequest, options?: CallOptions): Promise<ConsultarBoletosResponse> {
  return client.request<ConsultarBoletosResponse>('ConsultarBoletos', request, options);
}

/** /AgendaRecebivel/GerarMultiplosBoletos: one boleto per listed installment. A write. */
export function gerarMultiplosBoletos(
  client: UpstreamCaller,
  request: GerarMultiplosBoletosRequest,
  options?: CallOptions,
): Promise<GerarMultiplosBoletosResponse> {
  return client.request<GerarMultiplosBoletosResponse>('GerarMultiplosBoletos', request, options);
}

/** /AgendaRecebivel/GerarUnicoBoleto: one boleto covering the listed installments. A write. */
export function gerarUnicoBoleto(client: UpstreamCaller, request: GerarUnicoBoletoRequest, options?: CallOptions): Promise<GerarUnicoBoletoResponse> {
  return client.request<GerarUnicoBoletoResponse>('GerarUnicoBoleto', request, options);
}

/** /AgendaRecebivel/IncluirLancamentoParcela: a payment entry for one installment. A write. */
export function incluirLancamentoParcela(
  client: UpstreamCaller,
  request: IncluirLancamentoParcelaRequest,
  options?: CallOptions,
): Promise<IncluirLancamentoParcelaResponse> {
  return client.request<IncluirLancamentoParcelaResponse>('IncluirLancamentoParcela', request, options);
}

/** /AgendaRecebivel/IncluirLancamentoMultiplasParcelas: payment entries for several installments. A write. */
export function incluirLancamentoMultiplasParcelas(
  client: UpstreamCaller,
  request: IncluirLancamentoMultiplasParcelasRequest,
  options?: CallOptions,
): Promise<IncluirLancamentoMultiplasParcelasResponse> {
  return client.request<IncluirLancamentoMultiplasParcelasResponse>('IncluirLancamentoMultiplasParcelas', request, options);
}
