import { registerEnumType } from 'type-graphql';

/** Proposal situation (upstream `Situacao` / `situacaoProposta`; code table in docs/partner/facts.md). */
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
    DRAFT: { description: 'In draft. Upstream: Situacao / situacaoProposta = 0.' },
    UNDER_REVIEW: { description: 'Under review. Upstream: Situacao / situacaoProposta = 1.' },
    APPROVED: { description: 'Approved; signers can be invited. Upstream: Situacao / situacaoProposta = 2.' },
    REJECTED: { description: 'Rejected. Upstream: Situacao / situacaoProposta = 3.' },
    CANCELLED: { description: 'Cancelled. Upstream: Situacao / situacaoProposta = 4.' },
    PENDING: { description: 'Pending, the partner must act. Upstream: Situacao / situacaoProposta = 5.' },
    FINALIZED: { description: 'Finalized, all signatures in. Upstream: Situacao / situacaoProposta = 6.' },
    VERIFIED: { description: 'Verified (formalization). Upstream: Situacao / situacaoProposta = 7.' },
    RELEASED_FOR_PAYMENT: { description: 'Released for payment. Upstream: Situacao / situacaoProposta = 8.' },
    DISBURSED: { description: 'Paid (disbursed); the receivables agenda exists. Upstream: Situacao / situacaoProposta = 9.' },
    CEDED: { description: 'Ceded (assigned to a fund); cannot be cancelled. Upstream: Situacao / situacaoProposta = 10.' },
    PENDING_PAYMENT: { description: 'Pending payment (bank data problem). Upstream: Situacao / situacaoProposta = 11.' },
    UNKNOWN: { description: 'A code this graph does not know yet; read situationCode. Upstream: any other Situacao / situacaoProposta value.' },
  },
});
