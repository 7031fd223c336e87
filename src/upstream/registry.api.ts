/** Person, registry and bureau look-ups. Their `json` strings come back parsed. */
import { type CallOptions, type UpstreamCaller } from './client.js';
import {
  type ConsultaBureauCnpjRequest,
  type ConsultaBureauCnpjResponse,
  type ConsultarCadastroBuscaRequest,
  type ConsultarCadastroBuscaResponse,
  type ConsultarPessoaRequest,
  type ConsultarPessoaResponse,
} from './registry.types.js';

/** /Pessoa/ConsultarPessoa: a person record (`json` parsed). */
export function consultarPessoa(client: UpstreamCaller, request: ConsultarPessoaRequest, options?: CallOptions): Promise<ConsultarPessoaResponse> {
  return client.request<ConsultarPessoaResponse>('ConsultarPessoa', request, options);
}

/** /Bureau/ConsultarCadastroBusca: registry data by document (`json` parsed). */
export function consultarCadastroBusca(
  client: UpstreamCaller,
  request: ConsultarCadastroBuscaRequest,
  options?: CallOptions,
): Promise<ConsultarCadastroBuscaResponse> {
  return client.request<ConsultarCadastroBuscaResponse>('ConsultarCadastroBusca', request, options);
}

/** /Bureau/ConsultaBureauCnpj: the bureau report. */
export function consultaBureauCnpj(client: UpstreamCaller, request: ConsultaBureauCnpjRequest, options?: CallOptions): Promise<ConsultaBureauCnpjResponse> {
  return client.request<ConsultaBureauCnpjResponse>('ConsultaBureauCnpj', request, options);
}
