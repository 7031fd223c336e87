import { fail, message, SandboxFailure } from '../envelope.js';
import { type DocumentRecord } from '../model/types.js';
import { optDate, optInteger, optObject, optString, readLocator, reqObject, type Json } from './input.js';
import { type OperationContext, type OperationRoute } from './types.js';
import { INCLUIR_DOCUMENTO } from './document.schemas.js';

/** Extensions IncluirDocumento accepts (contract, C0107/V0001). */
export const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(['txt', 'bmp', 'jpg', 'jpeg', 'gif', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip']);
/** tipoDocumento codes that exist (facts: 1 to 66). */
export const MIN_DOCUMENT_TYPE = 1;
export const MAX_DOCUMENT_TYPE = 66;
/** tipoDocumento 22 (CCB): uploading one puts it in automatic analysis (README). */
export const CCB_DOCUMENT_TYPE = 22;
export const MAX_FILE_NAME_LENGTH = 255;
export const MAX_EXTENSION_LENGTH = 20;

/** Base64 alphabet with at most two trailing pads; with a length multiple of 4 (checked with it), whole groups only. Not a regex over the groups: V8 runs out of stack on a 10 MiB document. */
const BASE64_CHARS = /^[A-Za-z0-9+/]*={0,2}$/;

function validation(code: string, context: string, description: string, field: string): never {
  throw new SandboxFailure(message(code, context, description, field), 400);
}

/**
 * POST /Proposta/IncluirDocumento: attaches `documento` {tipoDocumento, nomeArquivo, extensao,
 * dtValidade, arquivo (base64)} to a proposal. A document of the same tipoDocumento replaces the
 * earlier one, unless that one is in automatic analysis (C0068/V0003).
 */
export function incluirDocumento(ctx: OperationContext, body: Json): Json {
  const dto = reqObject(body, 'dto');
  const proposal = ctx.store.require(readLocator(dto), ctx.clientId);
  const doc = optObject(body, 'documento') ?? optObject(dto, 'documento', 'dto.documento');
  const path = body.documento !== undefined && body.documento !== null ? 'documento' : 'dto.documento';
  if (!doc) {
    validation('C0107', 'V0003', 'Um documento deve ser enviado.', 'documento');
  }
  const content = optString(doc, 'arquivo', `${path}.arquivo`)?.replace(/\s+/g, '') ?? '';
  if (content === '') {
    validation('C0107', 'V0003', 'Um documento deve ser enviado (arquivo vazio).', `${path}.arquivo`);
  }
  const fileName = optString(doc, 'nomeArquivo', `${path}.nomeArquivo`)?.trim() ?? '';
  if (fileName === '') {
    validation('C0068', 'V0001', 'O nome do arquivo deve ser informado.', `${path}.nomeArquivo`);
  }
  if (fileName.length > MAX_FILE_NAME_LENGTH) {
    validation('C0068', 'V0001', `O nome do arquivo deve ter no máximo ${MAX_FILE_NAME_LENGTH} caracteres.`, `${path}.nomeArquivo`);
  }
  const given = optString(doc, 'extensao', `${path}.extensao`)?.trim() ?? '';
  const fromName = fileName.includes('.') ? (fileName.split('.').pop() ?? '') : '';
  const extension = (given || fromName).replace(/^\./, '').toLowerCase();
  if (extension === '') {
    validation('C0020', 'V0001', 'Extensão de arquivo inválida: nenhuma extensão informada.', `${path}.extensao`);
  }
  if (extension.length > MAX_EXTENSION_LENGTH || !ALLOWED_EXTENSIONS.has(extension)) {
    validation('C0107', 'V0001', `Extensão de arquivo inválida; permitidas: ${[...ALLOWED_EXTENSIONS].join(', ')}.`, `${path}.extensao`);
  }
  const type = optInteger(doc, 'tipoDocumento', `${path}.tipoDocumento`);
  if (type === undefined || type < MIN_DOCUMENT_TYPE || type > MAX_DOCUMENT_TYPE) {
    validation('C0107', 'V0002', `Tipo de documento inválido; use ${MIN_DOCUMENT_TYPE} a ${MAX_DOCUMENT_TYPE}.`, `${path}.tipoDocumento`);
  }
  const validUntil = optDate(doc, 'dtValidade', `${path}.dtValidade`);
  if (!(content.length % 4 === 0 && BASE64_CHARS.test(content)) || Buffer.from(content, 'base64').length === 0) {
    fail('C0068', 'V0002', 'Falha no envio do documento: o conteúdo não é base64 válido.', `${path}.arquivo`);
  }
  const index = proposal.documents.findIndex((d) => d.documentType === type);
  const previous = index >= 0 ? proposal.documents[index] : undefined;
  if (previous?.inAutomaticAnalysis) {
    fail('C0068', 'V0003', 'O documento não pode ser alterado enquanto estiver em análise automática.', `${path}.tipoDocumento`);
  }
  const record: DocumentRecord = {
    id: ctx.ids.uuid(),
    documentType: type,
    fileName,
    extension,
    validUntil,
    content,
    inAutomaticAnalysis: type === CCB_DOCUMENT_TYPE,
  };
  if (index >= 0) {
    proposal.documents[index] = record;
  } else {
    proposal.documents.push(record);
  }
  return {
    codigo: record.id,
    tipoDocumento: record.documentType,
    nomeArquivo: record.fileName,
    extensao: record.extension,
    dtValidade: record.validUntil ? record.validUntil.toISOString() : null,
    arquivo: record.content,
  };
}

export const documentRoutes: OperationRoute[] = [
  { path: '/Proposta/IncluirDocumento', write: true, pascal: false, handler: incluirDocumento, doc: INCLUIR_DOCUMENTO },
];
