import { Max, Min, Validate } from 'class-validator';
import { type Decimal } from 'decimal.js';
import { Field, InputType, Int } from 'type-graphql';
import { PersonType } from '../common/person-type.type.js';
import { CATALOGUE, catalogue, MaxDecimalPlaces, MONEY_DECIMALS, NonNegativeDecimal, PositiveDecimal, RATE_DECIMALS } from '../common/validation.js';
import { ProposalChargesInput } from '../proposal/proposal.input.js';
import { DecimalScalar } from '../scalars.js';

/** Input of `Query.simulateProposal` (CalcularValoresProposta `dto`). */
@InputType({ description: 'The terms to simulate before creating a proposal. Upstream: dto of Proposta/CalcularValoresProposta.' })
export class SimulateProposalInput extends ProposalChargesInput {
  @Field(_type => DecimalScalar, { description: 'Amount requested, greater than zero. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSolicitado.' })
  @Validate(PositiveDecimal, catalogue(CATALOGUE.amountMissing))
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  requestedAmount: Decimal;

  @Field(_type => DecimalScalar, { description: 'Negotiated interest, percent a month (2.5 = 2.5 %). At most 4 decimal places. Upstream: percJurosNegociado.' })
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [RATE_DECIMALS])
  monthlyInterestRate: Decimal;

  @Field(_type => Int, { description: 'Number of installments, 1 to 480. Upstream: prazo.' })
  @Min(1, catalogue(CATALOGUE.installmentsMissing))
  @Max(480)
  installments: number;

  @Field(_type => PersonType, { defaultValue: PersonType.INDIVIDUAL, description: 'Individual or company (IOF rates differ). Upstream: tipoPessoa.' })
  personType: PersonType;

  @Field(_type => Int, { defaultValue: 1, description: 'Calculation format code (partner-defined). Upstream: formatoCalculo.' })
  calculationFormat: number;
}
