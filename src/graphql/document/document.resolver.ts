import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { incluirDocumento } from '../../upstream/index.js';
import { idempotencyKeyDescription, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { userError, type UserError, UserErrorCode } from '../common/user-error.type.js';
import { payloadProposal } from '../proposal/proposal.reads.js';
import { type GraphContext } from '../runtime/context.js';
import { AttachDocumentInput } from './document.input.js';
import { attachDocumentRequest, documentDetails, mapDocument, withoutFile } from './document.mapper.js';
import { AttachDocumentPayload } from './document.payload.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { ATTACH_DOCUMENT } from './document.errors.js';

/** Documents of proposals. */
@Resolver()
export class DocumentResolver {
  @Mutation((_returns) => AttachDocumentPayload, {
    description:
      'Attaches a document (at most 10 MiB decoded; extensions txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip) to a proposal: inline as base64 (contentBase64, within GRAPHQL_MAX_BODY_BYTES) or sent first to POST /uploads and named by uploadId. Upstream: Proposta/IncluirDocumento.',
  })
  async attachDocument(
    @Arg('input', (_type) => AttachDocumentInput, { validate: false, description: 'The document. Upstream: dto, documento.' }) given: AttachDocumentInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('attachDocument') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AttachDocumentPayload> {
    const source = await withUploadedContent(given, idempotencyKey, ctx);
    if (!source.ok) {
      ctx.audit.wrote('IncluirDocumento', Object.keys(given).sort(), given.proposalId, null, 'refused');
      return refused(source.userErrors, ctx);
    }
    const input = source.value;
    const outcome = await validatedWrite(
      ctx,
      input,
      {
        mutation: ATTACH_DOCUMENT,
        operation: 'IncluirDocumento',
        idempotencyKey,
        proposalId: input.proposalId,
        request: () => attachDocumentRequest(input),
        details: documentDetails,
      },
      // The ledger keeps the answer to replay it: never with the file the partner echoes.
      async (request, call) => withoutFile(await incluirDocumento(ctx.upstream, request, call)),
    );
    if (!outcome.ok) {
      await releaseUnrecorded(given, idempotencyKey, ctx);
      return refused(outcome.userErrors, ctx);
    }
    return Object.assign(new AttachDocumentPayload(), {
      document: mapDocument(outcome.value, input.proposalId, documentDetails(attachDocumentRequest(input))),
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, 'AttachDocumentPayload'),
      userErrors: [],
    });
  }
}

function refused(userErrors: UserError[], ctx: GraphContext): AttachDocumentPayload {
  return Object.assign(new AttachDocumentPayload(), {
    document: null,
    proposal: null,
    userErrors: presentUserErrors(ATTACH_DOCUMENT.errors, userErrors, ctx.locale),
  });
}

/**
 * The input with its file inline: as given, or with the caller's upload as base64 in
 * `contentBase64` (the request sent, and so its fingerprint, is then the same as inline). Exactly
 * one of contentBase64 and uploadId. The upload is attached with `idempotencyKey`: the same key
 * (a retry) can name it again, another key cannot. An upload that is unknown, expired, another
 * caller's or attached with another key is refused alike, before anything is recorded or sent.
 */
export async function withUploadedContent(
  input: AttachDocumentInput,
  idempotencyKey: string,
  ctx: Pick<GraphContext, 'uploads' | 'callerId'>,
): Promise<WriteOutcome<AttachDocumentInput>> {
  const inline = input.contentBase64 !== undefined && input.contentBase64 !== null;
  const uploadId = input.uploadId ?? undefined;
  if (inline && uploadId !== undefined) {
    return invalid('Send either contentBase64 or uploadId, not both.', ['input', 'uploadId'], 'oneDocumentSource');
  }
  if (uploadId === undefined) {
    return inline
      ? { ok: true, value: input }
      : invalid('A document must be sent: contentBase64 or uploadId.', ['input', 'contentBase64'], 'documentSourceGiven');
  }
  const upload = await ctx.uploads?.attach(uploadId, ctx.callerId, idempotencyKey);
  if (upload === undefined) {
    return invalid(
      'No upload of yours has this uploadId (unknown, expired, not yours or attached with another idempotencyKey).',
      ['input', 'uploadId'],
      'uploadFound',
    );
  }
  return { ok: true, value: Object.assign(new AttachDocumentInput(), input, { contentBase64: upload.bytes.toString('base64') }) };
}

/**
 * A write refused before it was recorded (the input's validation) leaves the upload free for
 * another key: the caller corrects the input and sends it again under a new key. A write the
 * ledger recorded (the partner's rejection, replayed to the same key) keeps it.
 */
async function releaseUnrecorded(input: AttachDocumentInput, idempotencyKey: string, ctx: GraphContext): Promise<void> {
  const uploadId = input.uploadId ?? undefined;
  if (uploadId !== undefined && ctx.uploads !== undefined && (await ctx.ledger.find(ctx.callerId, idempotencyKey)) === undefined) {
    await ctx.uploads.detach(uploadId, ctx.callerId, idempotencyKey);
  }
}

function invalid(message: string, field: string[], rule: string): WriteOutcome<never> {
  return { ok: false, userErrors: [userError(UserErrorCode.INVALID_INPUT, message, field, null, rule)] };
}
