import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Proposal } from '../proposal/proposal.type.js';
import { type LiveReads } from './event-bus.js';

/** A part of a proposal whose change a subscription reports. */
export enum ProposalPart {
  SITUATION = 'SITUATION',
  SIGNERS = 'SIGNERS',
  AGENDA = 'AGENDA',
  BOLETOS = 'BOLETOS',
}

registerEnumType(ProposalPart, {
  name: 'ProposalPart',
  description: 'A part of a proposal a subscription reports changes of.',
  valuesConfig: {
    SITUATION: { description: 'Its situation (under review, approved, rejected, finalized, disbursed...). Upstream: Situacao / situacaoProposta.' },
    SIGNERS: { description: "Its signers, after a signature write through the graph. Upstream: the graph's ledger." },
    AGENDA: { description: 'Its receivables agenda: totals, installments, payments. Upstream: AgendaRecebivel/ConsultarDetalhes.' },
    BOLETOS: { description: 'Its boletos. Upstream: AgendaRecebivel/ConsultarBoletos.' },
  },
});

/** One event of a proposal subscription. */
@ObjectType({
  description:
    "A change of a proposal: which parts changed, and the proposal as it is now, in the same types as queries (select its fields as in Query.proposal, so a normalized client cache updates itself). Situation, agenda and boletos come from the watcher's reads, shared by every subscriber at no partner call of theirs; other fields are read as a query reads them. Upstream: FGTS/ConsultaProposta, AgendaRecebivel/ConsultarDetalhes, AgendaRecebivel/ConsultarBoletos (one of them per poll).",
})
export class ProposalChange {
  @Field((_type) => ID, { description: 'The proposal that changed (Proposal.id). Upstream: CodigoProposta.' })
  proposalId: string;

  @Field((_type) => [ProposalPart], {
    description:
      "The parts that changed since this subscription's previous event (every part known, on the first event). Upstream: none (compared by the graph).",
  })
  changed: ProposalPart[];

  @Field((_type) => Boolean, {
    description: 'True on the first event of a subscription (of a proposal, for viewerProposalEvents): the current state, not a change. Upstream: none.',
  })
  initial: boolean;

  @Field((_type) => Proposal, { nullable: true, description: 'The proposal now. Upstream: as Query.proposal.' })
  proposal?: Proposal;

  /** The watcher's reads behind this event (not a field). */
  reads: LiveReads;
}
