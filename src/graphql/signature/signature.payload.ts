import { Field, Int, ObjectType } from 'type-graphql';
import { UpstreamParameter } from '../common/parameter.type.js';
import { type PresentedUserError } from '../common/user-error-table.js';
import { SIGNERS } from './signature.errors.js';
import { ProposalSituation } from '../proposal/proposal-situation.type.js';
import { Proposal } from '../proposal/proposal.type.js';
import { Signer } from '../proposal/proposal-history.type.js';

/** Result of `inviteSigners` and `registerSignedSigners`. */
@ObjectType({ description: 'Result of a signer registration. Upstream: parametros of IncluirAssinaturaCCB / IncluirAssinaturaCCBFinalizada.' })
export class SignersPayload {
  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The proposal after the signers were registered, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => [Signer], {
    description:
      'The signers this registration registered, as Proposal.signers shows them (the same Signer objects). Read from the ledger when selected: no partner call. Upstream: assinantes as sent; parametros[situacaoProposta] refines their status.',
  })
  signers: Signer[];

  @Field((_type) => String, {
    nullable: true,
    description:
      'Page where the invited signers sign the credit note; null when the partner sent none (registerSignedSigners never does). Upstream: parametros[urlAssinatura].',
  })
  signingUrl: string | null;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Signers registered on the proposal so far; null when the partner did not say. Upstream: parametros[quantidadeAssinantes].',
  })
  signerCount: number | null;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Signers who have not signed yet; null when the partner did not say. Upstream: parametros[assinaturasPendentes].',
  })
  pendingSignerCount: number | null;

  @Field((_type) => ProposalSituation, {
    nullable: true,
    description: 'Situation of the proposal after the registration; null when the partner did not say. Upstream: parametros[situacaoProposta].',
  })
  proposalSituation: ProposalSituation | null;

  @Field((_type) => Int, { nullable: true, description: 'Raw code of proposalSituation. Upstream: parametros[situacaoProposta].' })
  proposalSituationCode: number | null;

  @Field((_type) => [UpstreamParameter], {
    description: 'Every name/value pair the partner answered, as sent; the typed fields above carry the known ones. Upstream: parametros.',
  })
  rawParameters: UpstreamParameter[];

  @Field((_type) => [SIGNERS.errors.Type], { description: 'Why no signer was registered; empty on success. Upstream: messages.' })
  userErrors: PresentedUserError[];
}
