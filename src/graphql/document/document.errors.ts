import { declareUserErrors } from '../common/user-error-table.js';
import { type MutationDeclaration } from '../runtime/partner-writes.js';

/** attachDocument: its user errors, and IncluirDocumento's fields in its input. */
export const ATTACH_DOCUMENT: MutationDeclaration = {
  errors: declareUserErrors({
    key: 'attachDocument',
    mutations: ['attachDocument'],
    typeName: 'AttachDocumentUserError',
    enumName: 'AttachDocumentErrorCode',
    entries: [
      { code: 'FILE_NAME_MISSING', upstream: ['C0068/V0001'], meaning: 'The file name must be given.', pt: 'O nome do arquivo deve ser informado.' },
      {
        code: 'UPLOAD_FAILED',
        upstream: ['C0068/V0002'],
        meaning: 'The document upload failed: the content is not valid base64.',
        pt: 'O envio do documento falhou: o conteúdo não é base64 válido.',
      },
      {
        code: 'IN_AUTOMATIC_ANALYSIS',
        upstream: ['C0068/V0003'],
        meaning: 'The document cannot be changed while it is in automatic analysis.',
        pt: 'O documento não pode ser alterado enquanto está em análise automática.',
      },
      {
        code: 'EXTENSION_NOT_ALLOWED',
        upstream: ['C0107/V0001', 'C0020/V0001'],
        rules: ['isAllowedExtension'],
        meaning: 'File extension not allowed; allowed: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip.',
        pt: 'Extensão de arquivo não permitida; permitidas: txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip.',
      },
      { code: 'INVALID_DOCUMENT_TYPE', upstream: ['C0107/V0002'], meaning: 'Invalid document type.', pt: 'Tipo de documento inválido.' },
      {
        code: 'DOCUMENT_MISSING',
        upstream: ['C0107/V0003'],
        rules: ['documentSourceGiven'],
        meaning: 'A document must be sent (contentBase64 or uploadId).',
        pt: 'Um documento deve ser enviado (contentBase64 ou uploadId).',
      },
      {
        code: 'CONTENT_AND_UPLOAD',
        rules: ['oneDocumentSource'],
        meaning: 'Send the document either inline (contentBase64) or as an upload (uploadId), not both.',
        pt: 'Envie o documento no corpo (contentBase64) ou como upload (uploadId), não os dois.',
      },
      {
        code: 'UPLOAD_NOT_FOUND',
        rules: ['uploadFound'],
        meaning:
          "No upload of this caller has this uploadId: it is unknown, expired (UPLOAD_TTL_SECONDS), another caller's, or already attached with another idempotencyKey.",
        pt: 'Nenhum upload deste cliente tem este uploadId: é desconhecido, expirou (UPLOAD_TTL_SECONDS), é de outro cliente ou já foi anexado com outra idempotencyKey.',
      },
      { code: 'FILE_TOO_LARGE', rules: ['maxDecodedBytes'], meaning: 'The file is larger than 10 MiB.', pt: 'O arquivo é maior que 10 MiB.' },
    ],
  }),
  writes: {
    IncluirDocumento: {
      fieldPaths: {
        'documento.tipoDocumento': 'documentTypeCode',
        'documento.nomeArquivo': 'fileName',
        'documento.extensao': 'extension',
        'documento.dtValidade': 'validUntil',
        'documento.arquivo': 'contentBase64',
      },
    },
  },
};
