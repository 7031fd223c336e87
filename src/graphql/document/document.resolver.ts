import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { incluirDocumento } from '../../upstream/index.js';
import { idempotencyKeyDescription, validatedWrite } from '../runtime/write.js';
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
      'Attaches a document (base64, at most 10 MiB decoded; extensions txt, bmp, jpg, jpeg, gif, png, pdf, doc, docx, xls, xlsx, zip) to a proposal. Upstream: Proposta/IncluirDocumento.',
  })
  async attachDocument(
    @Arg('input', (_type) => AttachDocumentInput, { validate: false, description: 'The document. Upstream: dto, documento.' }) input: AttachDocumentInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('attachDocument') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AttachDocumentPayload> {
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
      return Object.assign(new AttachDocumentPayload(), {
        document: null,
        proposal: null,
        userErrors: presentUserErrors(ATTACH_DOCUMENT.errors, outcome.userErrors, ctx.locale),
      });
    }
    return Object.assign(new AttachDocumentPayload(), {
      document: mapDocument(outcome.value, input.proposalId, documentDetails(attachDocumentRequest(input))),
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, 'AttachDocumentPayload'),
      userErrors: [],
    });
  }
}
