import { type IncluirDocumentoRequest, type IncluirDocumentoResponse } from '../../upstream/types.js';
import { toUpstreamDate } from '../common/validation.js';
import { toDateTime } from '../scalars.js';
import { type AttachDocumentInput, normalizeExtension } from './document.input.js';
import { ProposalDocument } from './document.type.js';

/** The IncluirDocumento request for a validated input (file in `documento.arquivo`, upstream-facts.md). */
export function attachDocumentRequest(input: AttachDocumentInput): IncluirDocumentoRequest {
  return {
    dto: { codigoProposta: input.proposalId },
    documento: {
      tipoDocumento: input.documentTypeCode,
      nomeArquivo: input.fileName,
      extensao: normalizeExtension(input.extension),
      arquivo: input.contentBase64.replace(/\s+/g, ''),
      ...(input.validUntil ? { dtValidade: toUpstreamDate(input.validUntil) } : {}),
    },
  };
}

/** Maps the IncluirDocumento answer (never its `arquivo`: clients already have the file). */
export function mapDocument(answer: IncluirDocumentoResponse): ProposalDocument {
  return Object.assign(new ProposalDocument(), {
    id: answer.codigo ?? null,
    typeCode: answer.tipoDocumento ?? null,
    fileName: answer.nomeArquivo ?? null,
    extension: answer.extensao ?? null,
    validUntil: toDateTime(answer.dtValidade),
  });
}
