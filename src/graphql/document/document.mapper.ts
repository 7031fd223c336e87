import { nodeId } from '../common/node.js';
import { createHash } from 'node:crypto';
import { type IncluirDocumentoRequest, type IncluirDocumentoResponse } from '../../upstream/index.js';
import { toUpstreamCalendarDate } from '../common/validation.js';
import { toCalendarDate } from '../scalars.js';
import { type AttachDocumentInput, base64DecodedBytes, normalizeExtension } from './document.input.js';
import { ProposalDocument } from './document.type.js';

/** The IncluirDocumento request for a validated input (file in `documento.arquivo`, docs/partner/facts.md). */
export function attachDocumentRequest(input: AttachDocumentInput): IncluirDocumentoRequest {
  return {
    dto: { codigoProposta: input.proposalId },
    documento: {
      tipoDocumento: input.documentTypeCode,
      nomeArquivo: input.fileName,
      extensao: normalizeExtension(input.extension),
      arquivo: (input.contentBase64 ?? '').replace(/\s+/g, ''),
      ...(input.validUntil ? { dtValidade: toUpstreamCalendarDate(input.validUntil) } : {}),
    },
  };
}

/** What the ledger keeps of an attached document for read-back: metadata, never the file. */
export interface DocumentDetails {
  typeCode: number;
  fileName: string;
  extension: string;
  sizeBytes: number;
  sha256: string;
}

/** The read-back metadata of a document request: size and SHA-256 of the decoded file, never its content. */
export function documentDetails(request: IncluirDocumentoRequest): DocumentDetails {
  const document = request.documento;
  const content = document?.arquivo ?? '';
  return {
    typeCode: document?.tipoDocumento ?? 0,
    fileName: document?.nomeArquivo ?? '',
    extension: document?.extensao ?? '',
    sizeBytes: base64DecodedBytes(content),
    sha256: createHash('sha256').update(Buffer.from(content, 'base64')).digest('hex'),
  };
}

/**
 * The IncluirDocumento answer without its `arquivo` echo: the partner sends the file back, and the
 * answer is what the ledger keeps to replay, where no file may be kept.
 */
export function withoutFile(answer: IncluirDocumentoResponse): IncluirDocumentoResponse {
  const { arquivo: _file, ...rest } = answer;
  return rest;
}

/** Maps the IncluirDocumento answer (never its `arquivo`: clients already have the file). */
export function mapDocument(answer: IncluirDocumentoResponse, proposalId: string, details?: DocumentDetails): ProposalDocument {
  const typeCode = answer.tipoDocumento ?? details?.typeCode ?? null;
  return Object.assign(new ProposalDocument(), {
    // One per document type: the partner replaces a document of the same type.
    id: nodeId('ProposalDocument', proposalId, typeCode ?? 0),
    upstreamId: answer.codigo ?? null,
    typeCode,
    fileName: answer.nomeArquivo ?? details?.fileName ?? null,
    extension: answer.extensao ?? details?.extension ?? null,
    validUntil: toCalendarDate(answer.dtValidade),
    sizeBytes: details?.sizeBytes ?? null,
    sha256: details?.sha256 ?? null,
    attachedAt: null,
    attachedBy: null,
  });
}
