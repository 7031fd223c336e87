import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { incluirAssinaturaCCB, incluirAssinaturaCCBFinalizada } from '../../upstream/index.js';
import { IDEMPOTENCY_KEY_DESCRIPTION, mapParameters, payloadProposal, runWrite } from '../common/mutation.js';
import { validateInput } from '../common/validation.js';
import { type GraphContext } from '../context.js';
import { InviteSignersInput, RegisterSignedSignersInput } from './signature.input.js';
import { signedSignerRequest, signerInviteRequest } from './signature.mapper.js';
import { SignersPayload } from './signature.type.js';

const PAYLOAD = 'SignersPayload';

function failed(userErrors: SignersPayload['userErrors']): SignersPayload {
  return Object.assign(new SignersPayload(), { proposal: null, parameters: [], userErrors });
}

/** Signer registration on the credit note (CCB). */
@Resolver()
export class SignatureResolver {
  @Mutation(_returns => SignersPayload, {
    description:
      'Invites signers to sign the credit note electronically; only while the proposal is approved (C0060/V0002, C0060/V0003 otherwise). E-mails, mobiles and documents are checked before any call (T0668). Upstream: Proposta/IncluirAssinaturaCCB.',
  })
  async inviteSigners(
    @Arg('input', _type => InviteSignersInput, { validate: false, description: 'The signers. Upstream: dto, assinantes.' }) input: InviteSignersInput,
    @Arg('idempotencyKey', _type => String, { nullable: true, description: IDEMPOTENCY_KEY_DESCRIPTION }) idempotencyKey: string | null,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const invalid = await validateInput(input);
    if (invalid.length > 0) {
      return failed(invalid);
    }
    const outcome = await runWrite(ctx, { operation: 'IncluirAssinaturaCCB', idempotencyKey, proposalId: input.proposalId }, call =>
      incluirAssinaturaCCB(ctx.upstream, { dto: { codigoProposta: input.proposalId }, assinantes: input.signers.map(signerInviteRequest) }, call),
    );
    if (!outcome.ok) {
      return failed(outcome.userErrors);
    }
    return Object.assign(new SignersPayload(), {
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, PAYLOAD),
      parameters: mapParameters(outcome.value.parametros),
      userErrors: [],
    });
  }

  @Mutation(_returns => SignersPayload, {
    description: 'Registers signers who already signed in your own system, with time and IP of the signing; sends no notification. Upstream: Proposta/IncluirAssinaturaCCBFinalizada.',
  })
  async registerSignedSigners(
    @Arg('input', _type => RegisterSignedSignersInput, { validate: false, description: 'The signers. Upstream: dto, assinantes.' }) input: RegisterSignedSignersInput,
    @Arg('idempotencyKey', _type => String, { nullable: true, description: IDEMPOTENCY_KEY_DESCRIPTION }) idempotencyKey: string | null,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const invalid = await validateInput(input);
    if (invalid.length > 0) {
      return failed(invalid);
    }
    const outcome = await runWrite(ctx, { operation: 'IncluirAssinaturaCCBFinalizada', idempotencyKey, proposalId: input.proposalId }, call =>
      incluirAssinaturaCCBFinalizada(ctx.upstream, { dto: { codigoProposta: input.proposalId }, assinantes: input.signers.map(signedSignerRequest) }, call),
    );
    if (!outcome.ok) {
      return failed(outcome.userErrors);
    }
    return Object.assign(new SignersPayload(), {
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, PAYLOAD),
      parameters: mapParameters(outcome.value.parametros),
      userErrors: [],
    });
  }
}
