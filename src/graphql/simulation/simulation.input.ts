import { Field, InputType, Int } from 'type-graphql';
import { PersonType } from '../common/person-type.type.js';
import { ProposalChargesInput } from '../proposal/proposal.input.js';

/** Input of `Query.simulateProposal` (CalcularValoresProposta `dto`). */
@InputType({ description: 'The terms to simulate before creating a proposal. Upstream: dto of Proposta/CalcularValoresProposta.' })
export class SimulateProposalInput extends ProposalChargesInput {
  @Field((_type) => PersonType, { defaultValue: PersonType.INDIVIDUAL, description: 'Individual or company (IOF rates differ). Upstream: tipoPessoa.' })
  personType: PersonType;

  @Field((_type) => Int, { defaultValue: 1, description: 'Calculation format code (partner-defined). Upstream: formatoCalculo.' })
  calculationFormat: number;
}
