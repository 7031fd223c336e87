import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { type EnvelopeWithParametros, incluirAssinaturaCCB, incluirAssinaturaCCBFinalizada } from '../../upstream/index.js';
import { idempotencyKeyDescription, mapParameters, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reference.js';
import { type GraphContext } from '../runtime/context.js';
import { InviteSignersInput, RegisterSignedSignersInput } from './signature.input.js';
import { invitedSignersDetails, signedSignerRequest, signedSignersDetails, signerInviteRequest, signerResults } from './signature.mapper.js';
import { SignersPayload } from './signature.payload.js';

const PAYLOAD = 'SignersPayload';

/** The payload of a signer registration: its user errors, or the fresh proposal (when selected) and the parameters. */
async function signersPayload(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  proposalId: string,
  outcome: WriteOutcome<EnvelopeWithParametros>,
): Promise<SignersPayload> {
  if (!outcome.ok) {
    return Object.assign(new SignersPayload(), {
      proposal: null,
      signingUrl: null,
      signerCount: null,
      pendingSignerCount: null,
      proposalSituation: null,
      proposalSituationCode: null,
      rawParameters: [],
      userErrors: outcome.userErrors,
    });
  }
  return Object.assign(new SignersPayload(), {
    proposal: await payloadProposal(ctx, { id: proposalId }, info, PAYLOAD),
    ...signerResults(outcome.value.parametros),
    rawParameters: mapParameters(outcome.value.parametros),
    userErrors: [],
  });
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
    @Arg('idempotencyKey', _type => String, { description: idempotencyKeyDescription('inviteSigners') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const outcome = await validatedWrite(ctx, input, {
        operation: 'IncluirAssinaturaCCB',
        idempotencyKey,
        proposalId: input.proposalId,
        request: () => ({ dto: { codigoProposta: input.proposalId }, assinantes: input.signers.map(signerInviteRequest) }),
        details: () => invitedSignersDetails(input.signers),
      },
      (request, call) => incluirAssinaturaCCB(ctx.upstream, request, call),
    );
    return signersPayload(ctx, info, input.proposalId, outcome);
  }

  @Mutation(_returns => SignersPayload, {
    description: 'Registers signers who already signed in your own system, with time and IP of the signing; sends no notification. Upstream: Proposta/IncluirAssinaturaCCBFinalizada.',
  })
  async registerSignedSigners(
    @Arg('input', _type => RegisterSignedSignersInput, { validate: false, description: 'The signers. Upstream: dto, assinantes.' }) input: RegisterSignedSignersInput,
    @Arg('idempotencyKey', _type => String, { description: idempotencyKeyDescription('registerSignedSigners') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const outcome = await validatedWrite(ctx, input, {
        operation: 'IncluirAssinaturaCCBFinalizada',
        idempotencyKey,
        proposalId: input.proposalId,
        request: () => ({ dto: { codigoProposta: input.proposalId }, assinantes: input.signers.map(signedSignerRequest) }),
        details: () => signedSignersDetails(input.signers),
      },
      (request, call) => incluirAssinaturaCCBFinalizada(ctx.upstream, request, call),
    );
    return signersPayload(ctx, info, input.proposalId, outcome);
  }
}
