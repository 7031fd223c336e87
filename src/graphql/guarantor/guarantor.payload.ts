import { Field, ObjectType } from 'type-graphql';
import { type PresentedUserError } from '../common/user-error-table.js';
import { ADD_GUARANTOR } from './guarantor.errors.js';
import { Proposal } from '../proposal/proposal.type.js';
import { Guarantor } from './guarantor.type.js';

/** Result of `Mutation.addGuarantor`. */
@ObjectType({ description: 'Result of addGuarantor. Upstream: Proposta/IncluirAvalista.' })
export class AddGuarantorPayload {
  @Field((_type) => Guarantor, { nullable: true, description: 'The guarantor added; null when userErrors is not empty. Upstream: codigo, numero.' })
  guarantor: Guarantor | null;

  @Field((_type) => Proposal, {
    nullable: true,
    description:
      'The proposal after the guarantor was added, read fresh when selected; null when userErrors is not empty. Upstream: the reads its selection needs.',
  })
  proposal: Proposal | null;

  @Field((_type) => [ADD_GUARANTOR.errors.Type], { description: 'Why the guarantor was not added; empty on success. Upstream: messages.' })
  userErrors: PresentedUserError[];
}
