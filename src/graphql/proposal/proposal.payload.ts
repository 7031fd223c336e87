import { Field, ObjectType } from 'type-graphql';
import { type PresentedUserError } from '../common/user-error-table.js';
import { CANCEL_FGTS_PROPOSAL, CREATE_PROPOSAL } from './proposal.errors.js';
import { Proposal } from './proposal.type.js';

/** Result of `Mutation.createProposal`. */
@ObjectType({ description: 'Result of createProposal. Upstream: Proposta/IncluirManual answers codigo and numero.' })
export class CreateProposalPayload {
  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The new proposal, read fresh when selected; null when userErrors is not empty. Upstream: codigo, numero (then the reads its selection needs).',
  })
  proposal: Proposal | null;

  @Field((_type) => [CREATE_PROPOSAL.errors.Type], { description: 'Why the proposal was not created; empty on success. Upstream: messages.' })
  userErrors: PresentedUserError[];
}

/** Result of `Mutation.cancelFgtsProposal`. */
@ObjectType({ description: 'Result of cancelFgtsProposal. Upstream: FGTS/CancelarProposta.' })
export class CancelFgtsProposalPayload {
  @Field((_type) => Proposal, {
    nullable: true,
    description: 'The proposal, read fresh when selected (its fgtsCancellations carry the return boleto / Pix). Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'The boleto (or Pix copy-and-paste) with which the client returns the disbursed amount. Upstream: Boleto.',
  })
  returnBoleto: string | null;

  @Field((_type) => [CANCEL_FGTS_PROPOSAL.errors.Type], {
    description: 'Why the proposal was not cancelled (e.g. "400/27" already cancelled, "400/28" not allowed); empty on success. Upstream: Messages.',
  })
  userErrors: PresentedUserError[];
}
