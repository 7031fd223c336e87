import { Field, ObjectType } from 'type-graphql';
import { UpstreamParameter } from '../common/parameter.type.js';
import { UserError } from '../common/user-error.type.js';
import { Proposal } from '../proposal/proposal.type.js';

/** Result of `inviteSigners` and `registerSignedSigners`. */
@ObjectType({ description: 'Result of a signer registration. Upstream: parametros of IncluirAssinaturaCCB / IncluirAssinaturaCCBFinalizada.' })
export class SignersPayload {
  @Field(_type => Proposal, { nullable: true, description: 'The proposal, read fresh when selected. Upstream: the reads its selection needs.' })
  proposal: Proposal | null;

  @Field(_type => [UpstreamParameter], { description: 'What the partner answered (e.g. quantidadeAssinantes, assinaturasPendentes, urlAssinatura). Upstream: parametros.' })
  parameters: UpstreamParameter[];

  @Field(_type => [UserError], { description: 'Why no signer was registered; empty on success. Upstream: messages.' })
  userErrors: UserError[];
}
