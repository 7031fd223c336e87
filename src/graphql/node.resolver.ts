import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Directive, ID, Info, Query, Resolver } from 'type-graphql';
import { agendaItemOf, mapAgendaDetail, mapAgendaInstallment } from './agenda/agenda.mapper.js';
import { agendaDetailNeeds, boletoNeeds, installmentReads } from './runtime/needs.js';
import { loadBoletos } from './boleto/boleto.loader.js';
import { Node, type NodeAddress, parseNodeId } from './common/node.js';
import { selectedFields } from './runtime/selection.js';
import { type GraphContext } from './runtime/context.js';
import { badUserInput, insufficientScope } from './runtime/errors.js';
import { loadInstallments } from './installment/installment.loader.js';
import { resolvePerson } from './person/person.resolver.js';
import { ProposalDocumentsResolver } from './document/proposal-documents.resolver.js';
import { ProposalGuarantorsResolver } from './guarantor/proposal-guarantors.resolver.js';
import { ProposalHistoryResolver } from './proposal/proposal-history.resolver.js';
import { ProposalSignersResolver } from './signature/proposal-signers.resolver.js';
import { mapProposal, proposalReference } from './proposal/proposal.mapper.js';
import { resolveProposal } from './proposal/proposal.reads.js';

/** Most ids one `nodes` call takes (as `proposals`). */
export const MAX_NODE_IDS = 50;

const history = new ProposalHistoryResolver();
const guarantors = new ProposalGuarantorsResolver();
const signers = new ProposalSignersResolver();
const documents = new ProposalDocumentsResolver();

/** The objects of `address.kind` inside its proposal, read the way the proposal's own fields read them. */
async function candidates(ctx: GraphContext, info: GraphQLResolveInfo, { kind, proposalId, keys }: NodeAddress): Promise<readonly Node[]> {
  const proposal = proposalReference({ id: proposalId });
  const installment = Number(keys[0]);
  switch (kind) {
    case 'Installment':
      // The reads its selection needs, as Proposal.installments makes them.
      return loadInstallments(ctx, proposalId, installmentReads(info, info.fieldNodes, false), [installment]);
    case 'AgendaDetail': {
      const detail = await ctx.loaders.agendaByProposal.load(proposalId, agendaDetailNeeds(info, info.fieldNodes));
      return detail ? [mapAgendaDetail(detail, proposalId)] : [];
    }
    case 'AgendaInstallment':
    case 'AgendaBoleto':
    case 'PixCharge':
    case 'LedgerEntry': {
      // One ConsultarDetalhes for that installment, with what any of these types may show.
      const detail = await ctx.loaders.agendaByProposal.load(proposalId, { numbers: [installment], boletos: true, entries: true });
      const item = detail ? agendaItemOf(detail, installment) : undefined;
      if (item === undefined) {
        return [];
      }
      const mapped = mapAgendaInstallment(item, proposalId);
      return kind === 'AgendaInstallment' ? [mapped] : kind === 'AgendaBoleto' ? mapped.boletos : kind === 'PixCharge' ? mapped.pix : mapped.entries;
    }
    case 'Boleto':
      return loadBoletos(ctx, proposalId, true, boletoNeeds(info, info.fieldNodes));
    case 'PaymentEntry':
    case 'FgtsCancellation': {
      const record = await ctx.loaders.proposalById.load(proposalId);
      if (!record) {
        return [];
      }
      const mapped = mapProposal(record, { id: proposalId });
      return kind === 'PaymentEntry' ? mapped.paymentEntries : mapped.fgtsCancellations;
    }
    // The ledger's read-back: no partner call.
    case 'Guarantor':
      return guarantors.guarantors(proposal, ctx);
    case 'Signer':
      return signers.signers(proposal, ctx);
    case 'ProposalDocument':
      return documents.documents(proposal, ctx);
    case 'ProposalOperation':
      return history.operations(proposal, ctx);
    case 'Proposal':
      return [];
  }
}

/** What an id names: an object inside a proposal (or the proposal), or a person by document. */
type Address = NodeAddress | { kind: 'Person'; document: string };

/** The object `id` names, or null when it is gone or the caller may not see its proposal (no partner call then). */
async function resolveNode(ctx: GraphContext, info: GraphQLResolveInfo, id: string, address: Address): Promise<Node | null> {
  if (address.kind === 'Person') {
    // As Query.person: a person's record is personal data, for callers holding registry.read.
    if (!ctx.scopes.has('registry.read')) {
      throw insufficientScope('registry.read');
    }
    return resolvePerson(ctx, address.document, info, info.fieldNodes);
  }
  if (address.kind === 'Proposal') {
    return resolveProposal(ctx, { id: address.proposalId }, info, selectedFields(info, info.fieldNodes, 'Proposal'));
  }
  if (!(await ctx.ownership.mayAccess(address.proposalId))) {
    return null;
  }
  return (await candidates(ctx, info, address)).find((node) => node.id === id) ?? null;
}

/** Every id parsed before any read: one malformed id refuses the whole request at no partner call. */
function addresses(ctx: GraphContext, ids: readonly string[], field: string): Address[] {
  const parsed = ids.map((id): Address | null => {
    // A person's id is the document sealed under the server's secret (person/person.id.ts).
    const document = ctx.personIds.decode(id);
    return document === undefined ? parseNodeId(id) : { kind: 'Person', document };
  });
  const bad = parsed.flatMap((address, index) => (address === null ? [index] : []));
  if (bad.length > 0) {
    throw badUserInput(
      bad.map((index) => ({
        code: 'INVALID_INPUT',
        field: ids.length === 1 && field === 'id' ? ['id'] : [field, String(index)],
        message: 'Not an id of this graph: ids are opaque strings taken from an answer (Node.id).',
        upstreamCode: null,
      })),
    );
  }
  return parsed as Address[];
}

/** Relay's global object identification: any object with an id, fetched again by that id. */
@Resolver()
export class NodeResolver {
  // Shared with neighbour subgraphs' own Relay `node` (docs/federation.md, "Federation": Relay node beside other subgraphs).
  @Directive('@shareable')
  @Query((_returns) => Node, {
    nullable: true,
    description:
      "The object with this id (any type implementing Node), as it is now; null when it no longer exists or the caller may not see its proposal, and BAD_USER_INPUT for a malformed id (both at no partner call). It is read again the way its proposal reads it: a proposal as Query.proposal; an installment, boleto, agenda item or payment entry with the one partner read that holds it; a guarantor, signer, document or write from the ledger at no partner call; a person as Query.person (registry.read). Upstream: the read of the object's proposal that holds it (FGTS/ConsultaProposta, Proposta/ConsultarParcelas, AgendaRecebivel/ConsultarDetalhes or ConsultarBoletos); none for ledger objects.",
  })
  async node(
    @Arg('id', (_type) => ID, { description: 'An id from an answer (Node.id).' }) id: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Node | null> {
    const [address] = addresses(ctx, [id], 'id');
    return resolveNode(ctx, info, id, address as Address);
  }

  @Directive('@shareable')
  @Query((_returns) => [Node], {
    nullable: 'items',
    description: `The objects with these ids, in the order asked, each as Query.node (null for each gone or hidden); at most ${MAX_NODE_IDS} ids. Reads of one proposal are shared, and run together. Upstream: as Query.node, per id.`,
  })
  async nodes(
    @Arg('ids', (_type) => [ID], { description: `Ids from answers (Node.id); at most ${MAX_NODE_IDS}.` }) ids: string[],
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Array<Node | null>> {
    if (ids.length > MAX_NODE_IDS) {
      throw badUserInput([{ code: 'INVALID_INPUT', field: ['ids'], message: `At most ${MAX_NODE_IDS} ids.`, upstreamCode: null }]);
    }
    const parsed = addresses(ctx, ids, 'ids');
    // An Error item makes graphql-js null that item alone and report the error at its path.
    return (await Promise.all(
      ids.map((id, index) => resolveNode(ctx, info, id, parsed[index] as Address).catch((error: unknown) => error as Error)),
    )) as Array<Node | null>;
  }
}
