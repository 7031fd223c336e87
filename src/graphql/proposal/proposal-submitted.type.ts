import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** Where a value the graph shows came from: what the caller sent, or what the partner answered. */
export enum InformationSource {
  SUBMITTED = 'SUBMITTED',
  PARTNER = 'PARTNER',
}

registerEnumType(InformationSource, {
  name: 'InformationSource',
  description: 'Where a value came from: what was sent through the graph (kept in its ledger, not confirmed by the partner yet), or what the partner shows.',
  valuesConfig: {
    SUBMITTED: { description: 'Sent through the graph when the proposal was created, from its ledger; the partner has not shown it yet.' },
    PARTNER: { description: 'As the partner shows it.' },
  },
});

/** The terms a proposal was created with through the graph, from the ledger. */
@ObjectType({
  description:
    'The terms a proposal was created with through the graph, as sent (not as the partner computed them). Read from the ledger: no partner call. Upstream: the dto of Proposta/IncluirManual as sent.',
})
export class SubmittedTerms {
  @Field((_type) => DateTimeScalar, { description: 'When the creation was sent. Upstream: none (ledger).' })
  submittedAt: Date;

  @Field((_type) => DecimalScalar, { description: 'Amount asked for, in BRL. Upstream: vlrSolicitado as sent.' })
  requestedAmount: string;

  @Field((_type) => Int, { description: 'Number of installments asked for. Upstream: prazo as sent.' })
  installmentCount: number;

  @Field((_type) => DecimalScalar, { description: 'Monthly interest rate negotiated, percent. Upstream: percJurosNegociado as sent.' })
  monthlyInterestRate: string;

  @Field((_type) => String, { description: 'Contract type. Upstream: tipoContrato as sent.' })
  contractType: string;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'First due date, when one was sent. Upstream: dtPrimeiroVencto as sent.' })
  firstDueDate: string | null;
}
