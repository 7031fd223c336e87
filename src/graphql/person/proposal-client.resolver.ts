import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { submittedOf } from '../proposal/proposal-submitted.js';
import { InformationSource } from '../proposal/proposal-submitted.type.js';
import { Proposal } from '../proposal/proposal.type.js';
import { personReference } from './person.mapper.js';
import { Person } from './person.type.js';

/** The description of Proposal.client: long, so named. */
const CLIENT_DESCRIPTION =
  "The client the proposal is for: a Person (document, name, and the registry record for callers with registry.read). For a proposal created through the graph, the client sent then, until the partner shows its own once the proposal is disbursed (clientSource says which); otherwise null until disbursement. Upstream: the dto of Proposta/IncluirManual as sent (ledger) / documentoFederalCliente and nomeCliente of AgendaRecebivel/ConsultarDetalhes. No call for the ledger's client; else the agenda read, shared with Proposal.agenda; the person's own fields one Pessoa/ConsultarPessoa.";

/** `Proposal.client` and `Proposal.clientSource`: the person noun resolves its own fields of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalClientResolver {
  @FieldResolver((_returns) => Person, {
    nullable: true,
    description: CLIENT_DESCRIPTION,
  })
  async client(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Person | null> {
    return (await clientOf(ctx, proposal))?.person ?? null;
  }

  @FieldResolver((_returns) => InformationSource, {
    nullable: true,
    description:
      'Where client comes from: SUBMITTED, as sent when the proposal was created through the graph, or PARTNER, as the partner shows it once disbursed; null when client is null. Upstream: none (ledger) / AgendaRecebivel/ConsultarDetalhes. PARTNER only when the query reads the agenda anyway (agenda or installment agenda fields selected beside client).',
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
      const fromLedger = submitted
        ? { person: personReference(submitted.details.client.document, submitted.details.client.name), source: InformationSource.SUBMITTED }
        : null;
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
