import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { submittedOf } from '../proposal/proposal-submitted.js';
import { InformationSource } from '../proposal/proposal-submitted.type.js';
import { Proposal } from '../proposal/proposal.type.js';
import { personReference } from './person.mapper.js';
import { Person } from './person.type.js';

/** `Proposal.client` and `Proposal.clientSource`: the person noun resolves its own fields of the proposal. */
@Resolver(_of => Proposal)
export class ProposalClientResolver {
  @FieldResolver(_returns => Person, {
    nullable: true,
    description:
      "The client. For a proposal created through the graph, the client sent then (document, and name when one was sent), from the ledger at no partner call, until an agenda read the query makes anyway shows the partner's (clientSource says which). Otherwise documentoFederalCliente and nomeCliente of AgendaRecebivel/ConsultarDetalhes, the cheapest read that carries the client's document, shared with Proposal.agenda; so null until the proposal is disbursed. The person's own fields cost one Pessoa/ConsultarPessoa call when selected. Upstream: the dto of Proposta/IncluirManual as sent (ledger) / AgendaRecebivel/ConsultarDetalhes.",
  })
  async client(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Person | null> {
    return (await clientOf(ctx, proposal))?.person ?? null;
  }

  @FieldResolver(_returns => InformationSource, {
    nullable: true,
    description:
      'Where client comes from: SUBMITTED, the client sent when the proposal was created through the graph (from its ledger, no partner call; the partner shows the client only once the proposal is disbursed), or PARTNER, the agenda read this query makes anyway (selecting agenda or installment agenda fields beside client). Null when client is null. Upstream: none (ledger) / AgendaRecebivel/ConsultarDetalhes.',
  })
  async clientSource(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<InformationSource | null> {
    return (await clientOf(ctx, proposal))?.source ?? null;
  }
}

/** The client of each proposal object, worked out once for client and clientSource. */
const clients = new WeakMap<Proposal, Promise<{ person: Person; source: InformationSource } | null>>();

/**
 * The client: from the agenda when the query reads it anyway (the partner's, confirmed), else the one
 * sent at creation from the ledger (no partner call), else from the agenda read `client` costs.
 */
function clientOf(ctx: GraphContext, proposal: Proposal): Promise<{ person: Person; source: InformationSource } | null> {
  let client = clients.get(proposal);
  if (client === undefined) {
    client = (async () => {
      const submitted = await submittedOf(ctx, proposal.id);
      const fromLedger = submitted ? { person: personReference(submitted.details.client.document, submitted.details.client.name), source: InformationSource.SUBMITTED } : null;
      if (fromLedger !== null && proposal.agendaRead !== true) {
        return fromLedger;
      }
      // Without the ledger's, a failed agenda read is this field's error; with it, the ledger answers.
      const agenda = ctx.loaders.agendaByProposal.load(proposal.id);
      const detail = fromLedger === null ? await agenda : await agenda.catch(() => null);
      if (detail?.documentoFederalCliente) {
        return { person: personReference(detail.documentoFederalCliente, detail.nomeCliente), source: InformationSource.PARTNER };
      }
      return fromLedger;
    })();
    clients.set(proposal, client);
  }
  return client;
}
