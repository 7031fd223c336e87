import { Field, ObjectType } from 'type-graphql';
import { DecimalScalar } from '../scalars.js';

/** The simulated values of a proposal (CalcularValoresProposta answer). */
@ObjectType({ description: 'Simulated values of a proposal; nothing is created. Upstream: the calculation result of Proposta/CalcularValoresProposta.' })
export class ProposalSimulation {
  @Field((_type) => DecimalScalar, { nullable: true, description: 'Installment amount (Price table). Upstream: vlrParcela.' })
  installmentAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Credit opening fee (TAC). Upstream: vlrTAC.' })
  tacAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Boleto fee. Upstream: vlrBoleto.' })
  boletoFee: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Insurance. Upstream: vlrSeguro.' })
  insuranceAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'IOF tax. Upstream: vlrIOF.' })
  iofAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Total credit. Upstream: vlrTotalCredito.' })
  totalCreditAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Total debt (sum of the installments). Upstream: vlrTotalDivida.' })
  totalDebtAmount: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Monthly total effective cost (CET), percent. Upstream: percCETMensal.' })
  monthlyCet: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Annual total effective cost (CET), percent. Upstream: percCETAnual.' })
  annualCet: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Monthly interest rate, percent. Upstream: percJurosMensal.' })
  monthlyInterestRate: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Annual interest rate, percent. Upstream: percJurosAnual.' })
  annualInterestRate: string | null;
}
