import { IsBase64, IsNotEmpty, IsOptional, IsUUID, Max, MaxLength, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { catalogue, CATALOGUE } from '../common/validation.js';
import { CalendarDateScalar } from '../scalars.js';

/** Extensions the partner accepts (docs/partner/contract.md, "Limits"). */
export const ALLOWED_EXTENSIONS = ['txt', 'bmp', 'jpg', 'jpeg', 'gif', 'png', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip'] as const;

/** Largest document the graph forwards, decoded: 10 MiB (inline as base64 only within GRAPHQL_MAX_BODY_BYTES; larger ones through POST /uploads). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The extension in lower case, without a leading dot. */
export function normalizeExtension(extension: string): string {
  return extension.trim().replace(/^\./, '').toLowerCase();
}

/** Bytes a base64 text decodes to. */
export function base64DecodedBytes(text: string): number {
  const clean = text.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

function AllowedExtension(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isAllowedExtension',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && (ALLOWED_EXTENSIONS as readonly string[]).includes(normalizeExtension(value)),
        defaultMessage: () => `extension must be one of ${ALLOWED_EXTENSIONS.join(', ')}`,
      },
    },
    options,
  );
}

function MaxDecodedBytes(max: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'maxDecodedBytes',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && base64DecodedBytes(value) <= max,
        defaultMessage: () => `contentBase64 must decode to at most ${max} bytes`,
      },
    },
    options,
  );
}

/** Input of `Mutation.attachDocument`. */
@InputType({
  description: 'A document to attach to a proposal (e.g. the CCB signed at an external certifier). Upstream: Proposta/IncluirDocumento (documento).',
})
export class AttachDocumentInput {
  @Field((_type) => ID, { description: 'Id of the proposal to attach the document to. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => Int, {
    description: 'Document type code, 1 to 66 (e.g. 22 = CCB, 5 = CPF, 6 = proof of address) (C0107/V0002 otherwise). Upstream: tipoDocumento.',
  })
  @Min(1, catalogue(CATALOGUE.invalidDocumentType))
  @Max(66, catalogue(CATALOGUE.invalidDocumentType))
  documentTypeCode: number;

  @Field((_type) => String, { description: 'File name, at most 255 characters (C0068/V0001 when empty). Upstream: nomeArquivo.' })
  @IsNotEmpty(catalogue(CATALOGUE.fileNameMissing))
  @MaxLength(255)
  fileName: string;

  @Field((_type) => String, {
    description: `File extension, one of ${ALLOWED_EXTENSIONS.join(', ')} (C0107/V0001 otherwise). Upstream: extensao.`,
  })
  @AllowedExtension(catalogue(CATALOGUE.invalidFileExtension))
  extension: string;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Until when the document is valid. Upstream: dtValidade.' })
  @IsOptional()
  validUntil?: string | null;

  @Field((_type) => String, {
    nullable: true,
    description: `File content as base64 (C0068/V0002 when it is not base64), not empty (C0107/V0003), at most ${MAX_DOCUMENT_BYTES} bytes decoded (10 MiB), and the whole request within GRAPHQL_MAX_BODY_BYTES (1 MiB by default): larger documents go through POST /uploads and uploadId. Exactly one of contentBase64 and uploadId. Upstream: arquivo.`,
  })
  @IsNotEmpty(catalogue(CATALOGUE.documentMissing))
  @IsBase64({}, catalogue(CATALOGUE.documentUploadFailed))
  @MaxDecodedBytes(MAX_DOCUMENT_BYTES, {})
  contentBase64?: string | null;

  @Field((_type) => ID, {
    nullable: true,
    description:
      'The id POST /uploads answered for the file (its raw bytes, at most UPLOAD_MAX_BYTES), instead of contentBase64: usable on any replica by the caller that uploaded it until it expires (UPLOAD_TTL_SECONDS), with one idempotencyKey: the first attach binds the upload to its key, a retry with that key is the same write, another key is refused (UPLOAD_NOT_FOUND). Exactly one of contentBase64 and uploadId. Upstream: arquivo (the uploaded bytes as base64).',
  })
  @IsOptional()
  @MaxLength(64)
  uploadId?: string | null;
}
