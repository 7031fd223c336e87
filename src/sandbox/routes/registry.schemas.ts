import { type OperationDoc, str, int, bool, obj, arr, ref } from './schema.js';

/** The request and answer each registry operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

/** /Pessoa/ConsultarPessoa. */
export const CONSULTAR_PESSOA: OperationDoc = {
  summary: 'A person record; json is a JSON string.',
  request: obj({ filter: obj({ tipoRegistro: int, documentoCliente: str, childDirectID: str, childSearch: str }) }, ['filter']),
  response: obj({ msg: str, hasError: bool, messages: arr(ref('Message')), json: str }),
};

/** /Bureau/ConsultarCadastroBusca. */
export const CONSULTAR_CADASTRO_BUSCA: OperationDoc = {
  summary: 'Registry data of a CPF/CNPJ; json is a JSON string.',
  request: obj({ consulta: obj({ documento: str }) }, ['consulta']),
  response: obj({ msg: str, messages: arr(ref('Message')), hasError: bool, falha: bool, json: str }),
};

/** /Bureau/ConsultaBureauCnpj. */
export const CONSULTA_BUREAU_CNPJ: OperationDoc = {
  summary: 'Bureau report on a CPF/CNPJ (body sandbox-defined, see README).',
  request: { type: 'object', additionalProperties: true },
  response: { type: 'object', additionalProperties: true },
};
