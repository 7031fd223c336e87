import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import {
  type CallOptions,
  type EnvelopeWithParametros,
  incluirAssinaturaCCB,
  incluirAssinaturaCCBFinalizada,
  type IncluirAssinaturaCCBFinalizadaRequest,
  type IncluirAssinaturaCCBRequest,
} from '../../upstream/index.js';
import { idempotencyKeyDescription, mapParameters, payloadSelects, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reads.js';
import { proposalReference } from '../proposal/proposal.mapper.js';
import { type Signer } from '../proposal/proposal-history.type.js';
import { ProposalSignersResolver } from './proposal-signers.resolver.js';
import { type GraphContext } from '../runtime/context.js';
import { InviteSignersInput, RegisterSignedSignersInput } from './signature.input.js';
import {
  invitedSignersDetails,
  signedSignerRequest,
  signedSignersDetails,
  signerInviteRequest,
  signerResults,
  type SignersDetails,
} from './signature.mapper.js';
import { SignersPayload } from './signature.payload.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { SIGNERS } from './signature.errors.js';

const PAYLOAD = 'SignersPayload';

const history = new ProposalSignersResolver();

/**
 * The signers this write registered, as Proposal.signers shows them (same ids), from the ledger at no
 * partner call; the situation the partner answered refines their status as a read situation would.
 */
async function registeredSigners(ctx: GraphContext, proposalId: string, registered: SignersDetails, situationCode: number | null): Promise<Signer[]> {
  const documents = new Set(registered.signers.map((s) => s.document));
  const all = await history.signers(Object.assign(proposalReference({ id: proposalId }), { situationCode }), ctx);
  return all.filter((signer) => documents.has(signer.document));
}

/** The payload of a signer registration: its user errors, or the fresh proposal and signers (when selected) and the parameters. */
async function signersPayload(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  proposalId: string,
  registered: SignersDetails,
  outcome: WriteOutcome<EnvelopeWithParametros>,
): Promise<SignersPayload> {
  if (!outcome.ok) {
    return Object.assign(new SignersPayload(), {
      proposal: null,
      signers: [],
      signingUrl: null,
      signerCount: null,
      pendingSignerCount: null,
      proposalSituation: null,
      proposalSituationCode: null,
      rawParameters: [],
      userErrors: presentUserErrors(SIGNERS.errors, outcome.userErrors, ctx.locale),
    });
  }
  const results = signerResults(outcome.value.parametros);
  const [proposal, signers] = await Promise.all([
    payloadProposal(ctx, { id: proposalId }, info, PAYLOAD),
    payloadSelects(info, PAYLOAD, 'signers') ? registeredSigners(ctx, proposalId, registered, results.proposalSituationCode) : [],
  ]);
  return Object.assign(new SignersPayload(), {
    proposal,
    signers,
    ...results,
    rawParameters: mapParameters(outcome.value.parametros),
    userErrors: [],
  });
}

/**
 * Sends one signer registration (validated, recorded with its read-back details, exactly once) and
 * answers the payload: the signers as recorded when it succeeded (`details` runs only on a valid input).
 */
async function registerSigners<R>(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  input: InviteSignersInput | RegisterSignedSignersInput,
  write: {
    operation: 'IncluirAssinaturaCCB' | 'IncluirAssinaturaCCBFinalizada';
    idempotencyKey: string;
    request: () => R;
    send: (request: R, call: CallOptions) => Promise<EnvelopeWithParametros>;
  },
  details: () => SignersDetails,
): Promise<SignersPayload> {
  const { operation, idempotencyKey, request, send } = write;
  const outcome = await validatedWrite(ctx, input, { mutation: SIGNERS, operation, idempotencyKey, proposalId: input.proposalId, request, details }, send);
  return signersPayload(ctx, info, input.proposalId, outcome.ok ? details() : { signers: [] }, outcome);
}

/** Signer registration on the credit note (CCB). */
@Resolver()
export class SignatureResolver {
  @Mutation((_returns) => SignersPayload, {
    description:
      'Invites signers to sign the credit note electronically; only while the proposal is approved (C0060/V0002, C0060/V0003 otherwise). E-mails, mobiles and documents are checked before any call (T0668). Upstream: Proposta/IncluirAssinaturaCCB.',
  })
  async inviteSigners(
    @Arg('input', (_type) => InviteSignersInput, { validate: false, description: 'The signers. Upstream: dto, assinantes.' }) input: InviteSignersInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('inviteSigners') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const send = (request: IncluirAssinaturaCCBRequest, call: CallOptions): Promise<EnvelopeWithParametros> =>
      incluirAssinaturaCCB(ctx.upstream, request, call);
    const request = (): IncluirAssinaturaCCBRequest => ({ dto: { codigoProposta: input.proposalId }, assinantes: input.signers.map(signerInviteRequest) });
    return registerSigners(ctx, info, input, { operation: 'IncluirAssinaturaCCB', idempotencyKey, request, send }, () => invitedSignersDetails(input.signers));
  }

  @Mutation((_returns) => SignersPayload, {
    description:
      'Registers signers who already signed in your own system, with time and IP of the signing; sends no notification. Upstream: Proposta/IncluirAssinaturaCCBFinalizada.',
  })
  async registerSignedSigners(
    @Arg('input', (_type) => RegisterSignedSignersInput, { validate: false, description: 'The signers. Upstream: dto, assinantes.' })
    input: RegisterSignedSignersInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('registerSignedSigners') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<SignersPayload> {
    const send = (request: IncluirAssinaturaCCBFinalizadaRequest, call: CallOptions): Promise<EnvelopeWithParametros> =>
      incluirAssinaturaCCBFinalizada(ctx.upstream, request, call);
    const request = (): IncluirAssinaturaCCBFinalizadaRequest => ({
      dto: { codigoProposta: input.proposalId },
      assinantes: input.signers.map(signedSignerRequest),
    });
    return registerSigners(ctx, info, input, { operation: 'IncluirAssinaturaCCBFinalizada', idempotencyKey, request, send }, () =>
      signedSignersDetails(input.signers),
    );
  }
}
