import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { incluirAvalista } from '../../upstream/index.js';
import { idempotencyKeyDescription, runWrite } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reads.js';
import { userError, type UserError, UserErrorCode } from '../common/user-error.type.js';
import { validateInput } from '../common/validation.js';
import { type GraphContext } from '../runtime/context.js';
import { AddGuarantorInput } from './guarantor.input.js';
import { guarantorDetails, type GuarantorDetails, guarantorKind, guarantorRequest, mapGuarantor } from './guarantor.mapper.js';
import { AddGuarantorPayload } from './guarantor.payload.js';
import { GuarantorKind } from './guarantor.type.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { ADD_GUARANTOR } from './guarantor.errors.js';

function failed(ctx: GraphContext, userErrors: readonly UserError[]): AddGuarantorPayload {
  return Object.assign(new AddGuarantorPayload(), {
    guarantor: null,
    proposal: null,
    userErrors: presentUserErrors(ADD_GUARANTOR.errors, userErrors, ctx.locale),
  });
}

/** Guarantors of proposals. */
@Resolver()
export class GuarantorResolver {
  @Mutation((_returns) => AddGuarantorPayload, {
    description:
      'Adds a guarantor to a proposal: an individual (CPF, with individual details) or a company (CNPJ, with company details). Input is checked before any call. Upstream: Proposta/IncluirAvalista.',
  })
  async addGuarantor(
    @Arg('input', (_type) => AddGuarantorInput, { validate: false, description: 'The guarantor. Upstream: dto, avalista.' }) input: AddGuarantorInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('addGuarantor') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AddGuarantorPayload> {
    const invalid = await validateInput(input);
    if (invalid.length === 0) {
      const kind = guarantorKind(input.document);
      if ((kind === GuarantorKind.INDIVIDUAL && input.company) || (kind === GuarantorKind.COMPANY && input.individual)) {
        invalid.push(
          userError(
            UserErrorCode.INVALID_INPUT,
            'A CPF takes individual details, a CNPJ takes company details.',
            ['input', kind === GuarantorKind.INDIVIDUAL ? 'company' : 'individual'],
            null,
            'guarantorKind',
          ),
        );
      }
    }
    if (invalid.length > 0) {
      return failed(ctx, invalid);
    }
    const request = { dto: { codigoProposta: input.proposalId }, avalista: guarantorRequest(input) };
    const details: GuarantorDetails = guarantorDetails(input);
    const outcome = await runWrite(
      ctx,
      { mutation: ADD_GUARANTOR, operation: 'IncluirAvalista', idempotencyKey, proposalId: input.proposalId, request, details },
      (call) => incluirAvalista(ctx.upstream, request, call),
    );
    if (!outcome.ok) {
      return failed(ctx, outcome.userErrors);
    }
    return Object.assign(new AddGuarantorPayload(), {
      guarantor: mapGuarantor(outcome.value, input),
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, 'AddGuarantorPayload'),
      userErrors: [],
    });
  }
}
