import { type OperationDoc, str, int, dateTime, uuid, obj, ref, withEnvelope } from './schema.js';

/** The request and answer each document operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

/** /Proposta/IncluirDocumento. */
export const INCLUIR_DOCUMENTO: OperationDoc = {
  summary: 'Attaches a document (base64) to a proposal.',
  request: obj({ dto: ref('Locator'), documento: ref('Documento') }, ['dto', 'documento']),
  response: withEnvelope({ codigo: uuid, tipoDocumento: int, nomeArquivo: str, extensao: str, dtValidade: dateTime, arquivo: str }),
  components: {
    Documento: obj({
      tipoDocumento: int,
      nomeArquivo: { type: 'string', maxLength: 255 },
      extensao: { type: 'string', maxLength: 20 },
      dtValidade: dateTime,
      arquivo: { type: 'string', format: 'byte' },
    }),
  },
};
