import { registerEnumType } from 'type-graphql';

/** Proposal situation (upstream `Situacao` / `situacaoProposta`; code table in upstream-facts.md). */
export enum ProposalSituation {
  DRAFT = 'DRAFT',
  UNDER_REVIEW = 'UNDER_REVIEW',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
  CANCELLED = 'CANCELLED',
  PENDING = 'PENDING',
  FINALIZED = 'FINALIZED',
  VERIFIED = 'VERIFIED',
  RELEASED_FOR_PAYMENT = 'RELEASED_FOR_PAYMENT',
  DISBURSED = 'DISBURSED',
  CEDED = 'CEDED',
  PENDING_PAYMENT = 'PENDING_PAYMENT',
  UNKNOWN = 'UNKNOWN',
}

registerEnumType(ProposalSituation, {
  name: 'ProposalSituation',
  description: 'Situation of a proposal. Upstream: Situacao (ConsultaProposta) or situacaoProposta (ConsultarDetalhes); the raw integer is in situationCode.',
  valuesConfig: {
    DRAFT: { description: 'Code 0: in draft.' },
    UNDER_REVIEW: { description: 'Code 1: under review.' },
    APPROVED: { description: 'Code 2: approved; signers can be invited.' },
    REJECTED: { description: 'Code 3: rejected.' },
    CANCELLED: { description: 'Code 4: cancelled.' },
    PENDING: { description: 'Code 5: pending, the partner must act.' },
    FINALIZED: { description: 'Code 6: finalized, all signatures in.' },
    VERIFIED: { description: 'Code 7: verified (formalization).' },
    RELEASED_FOR_PAYMENT: { description: 'Code 8: released for payment.' },
    DISBURSED: { description: 'Code 9: paid (disbursed); the receivables agenda exists.' },
    CEDED: { description: 'Code 10: ceded (assigned to a fund); cannot be cancelled.' },
    PENDING_PAYMENT: { description: 'Code 11: pending payment (bank data problem).' },
    UNKNOWN: { description: 'A code this graph does not know yet; read situationCode.' },
  },
});
