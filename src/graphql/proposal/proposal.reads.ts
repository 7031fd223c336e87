import { type FieldNode, GraphQLBoolean, type GraphQLResolveInfo, valueFromAST } from 'graphql';
import { agendaDetailNeeds, mergeNeeds } from '../runtime/needs.js';
import { boletoNeeds } from '../runtime/needs.js';
import { installmentReads } from '../runtime/needs.js';
import { selectedFields, type Selection } from '../runtime/selection.js';
import { type AgendaDetailNeeds } from '../runtime/agenda.loader.js';
import { type GraphContext } from '../runtime/context.js';
import { consultaPropostaById, type Parcela, situationRank } from '../../upstream/index.js';
import { CORE_FIELDS_IN_AGENDA, mapProposal, mapProposalFromAgenda, proposalNumberOf, proposalReference, type ProposalIdentity } from './proposal.mapper.js';
import { submittedOf } from './proposal-submitted.js';
import { type Proposal } from './proposal.type.js';

/**
 * Proposal fields that do not need the FGTS/ConsultaProposta record (the read-back fields come from
 * the ledger: proposal-history.resolver.ts).
 */
const OUTSIDE_CORE = new Set([
  '__typename',
  'id',
  'installments',
  'agenda',
  'boletos',
  'client',
  'clientSource',
  'submitted',
  'guarantors',
  'signers',
  'documents',
  'operations',
]);

function noop(): void {
  // Prefetched reads are awaited later by their field resolvers; this only marks them as observed.
}

/** Which upstream reads a selection of `Proposal` needs. */
export interface ProposalReads {
  /** FGTS/ConsultaProposta is read. */
  core: boolean;
  /**
   * Every selected core field is one the agenda (read anyway) carries: no ConsultaProposta, unless
   * the proposal has no agenda yet, when the core record is read after all.
   */
  coreFromAgenda: boolean;
  /** Some core field is selected and the agenda carries every one selected (whether or not it is read). */
  coreInAgenda: boolean;
  /** ConsultarParcelas is read. */
  installments: boolean;
  /**
   * The installments come from the agenda read the selection needs anyway (every selected
   * installment field is one the agenda carries): no ConsultarParcelas, unless the proposal has no
   * agenda yet (not disbursed), when its installments are read from ConsultarParcelas after all.
   */
  installmentsFromAgenda: boolean;
  agenda: boolean;
  /** What the agenda read must bring (boletos/Pix, ledger entries) for every agenda selection below. */
  agendaNeeds: AgendaDetailNeeds;
  /** One ConsultarBoletos per distinct `includeCancelled` among the selected `boletos` fields. */
  boletos: boolean[];
}

/** The `includeCancelled` argument of a `boletos` field node (default false), variables applied. */
function includeCancelledOf(node: FieldNode, info: GraphQLResolveInfo): boolean {
  const argument = node.arguments?.find((a) => a.name.value === 'includeCancelled');
  return argument ? valueFromAST(argument.value, GraphQLBoolean, info.variableValues) === true : false;
}

/**
 * Works out the reads from the selected fields (and, for `number`/`operationCode`, what is already
 * known). `clientSubmitted`: the ledger knows the client the proposal was created with, so `client`
 * needs no agenda read (it is confirmed only by an agenda read the query makes anyway).
 */
export function readsFor(info: GraphQLResolveInfo, selection: Selection, identity: ProposalIdentity, clientSubmitted = false): ProposalReads {
  const installmentNodes = selection.get('installments') ?? [];
  const agendaNodes = selection.get('agenda') ?? [];
  const boletoNodes = selection.get('boletos') ?? [];
  // Proposal.boletos selecting fields only the agenda holds (bank registration) reads it with boletos.
  const boletosFromAgenda = boletoNodes.length > 0 && boletoNeeds(info, boletoNodes).agenda;
  const clientFromAgenda = (selection.has('client') || selection.has('clientSource')) && !clientSubmitted;
  const agendaForOthers = agendaNodes.length > 0 || clientFromAgenda || boletosFromAgenda;
  const installments = installmentNodes.length > 0 ? installmentReads(info, installmentNodes, agendaForOthers) : undefined;
  const agenda = agendaForOthers || installments?.agenda === true;
  const installmentsFromAgenda = installments !== undefined && installments.agenda && !installments.parcelas;
  // The number also comes with the installments (codigoProposta) and the agenda (numeroProposta).
  const numberElsewhere = identity.number != null || installmentNodes.length > 0 || agenda;
  // operationCode is never in the record (ConsultaProposta does not return it): it is known or null.
  const known = (name: string): boolean => (name === 'number' && numberElsewhere) || name === 'operationCode';
  const coreFields = [...selection.keys()].filter((name) => !OUTSIDE_CORE.has(name) && !known(name));
  const coreInAgenda = coreFields.length > 0 && coreFields.every((name) => CORE_FIELDS_IN_AGENDA.has(name));
  const coreFromAgenda = agenda && coreInAgenda;
  const core = coreFields.length > 0 && !coreFromAgenda;
  const boletos = new Set(boletoNodes.map((node) => includeCancelledOf(node, info)));
  if (installments?.boletoRecords === true) {
    // Installment.boletos completed from ConsultarBoletos: the boletos in force, shared with Proposal.boletos.
    boletos.add(false);
  }
  return {
    core,
    coreFromAgenda,
    coreInAgenda,
    installments: installments?.parcelas === true,
    installmentsFromAgenda,
    agenda,
    agendaNeeds: mergeNeeds(agendaDetailNeeds(info, agendaNodes), installments?.agendaNeeds ?? {}, { boletos: boletosFromAgenda }),
    boletos: [...boletos],
  };
}

/**
 * Whether the caller may see the proposal, decided from the ledger before any partner call: null
 * when it may not (another caller's, or one no caller created through the graph, without
 * `proposals.all`), answered exactly as an unknown id. Otherwise the identity completed from the
 * ledger (number, operation code) and whether the ledger has it on record (it then exists at the
 * partner: no read needs to confirm it).
 */
export async function accessibleProposal(ctx: GraphContext, identity: ProposalIdentity): Promise<{ identity: ProposalIdentity; onRecord: boolean } | null> {
  const record = await ctx.ownership.recordOf(identity.id);
  if (!ctx.ownership.seesAll && record?.callerId !== ctx.callerId) {
    return null;
  }
  if (record === null) {
    return { identity, onRecord: false };
  }
  return {
    identity: {
      ...identity,
      number: identity.number ?? record.number,
      operationCode: identity.operationCode ?? ctx.operationCodes.fromPartner(record.operationCode),
    },
    onRecord: true,
  };
}

const DISBURSED_RANK = situationRank(9);
const CEDED_RANK = situationRank(10);

/**
 * Whether the newest facts told of a proposal (its mark, `upstream/reads/facts.ts`) say it has an
 * agenda: disbursed (situation 9 opens it), or ceded with an agenda answer already seen (`ap`: a
 * proposal is ceded after its disbursement, but the graph does not take that on trust).
 */
function agendaKnownOpen(mark: Readonly<Record<string, number>>): boolean {
  return mark.s === DISBURSED_RANK || (mark.s === CEDED_RANK && mark.ap !== undefined);
}

/**
 * `reads` with the core fields read from the agenda instead of FGTS/ConsultaProposta, when that costs
 * the same one call and spares one later: only core fields the agenda carries are selected and
 * nothing else reads the agenda or the installments, the newest situation told of the proposal
 * (its mark) is one with an open agenda, and the core record is not in the read cache (there it
 * costs no call). A router's follow-up fetch of a deferred `agenda` then finds the agenda answer in
 * the cache (docs/federation.md, "What `@defer` costs through a router"). Costs one look at the
 * marks and one at the cache, in parallel; none when the selection does not qualify or the read
 * cache is off (`holds` absent: with nothing cached, the follow-up could not ride the agenda read).
 */
async function coreFromOpenAgenda(ctx: GraphContext, id: string, reads: ProposalReads): Promise<ProposalReads> {
  const { mark, holds } = ctx.reads;
  if (!reads.core || !reads.coreInAgenda || reads.agenda || reads.installments || mark === undefined || holds === undefined) {
    return reads;
  }
  const [facts, held] = await Promise.all([mark(id), holds('ConsultaProposta', consultaPropostaById(id))]);
  return held || !agendaKnownOpen(facts) ? reads : { ...reads, core: false, coreFromAgenda: true, agenda: true, agendaNeeds: {} };
}

/** Whether the reads leave every partner read out (`id`, `__typename`, `operationCode`, ledger fields only). */
function needsNoReadOf(reads: ProposalReads): boolean {
  return !reads.core && !reads.installments && !reads.agenda && reads.boletos.length === 0;
}

/**
 * Resolves one proposal for a query, a list, an entity reference or a mutation payload.
 *
 * Ownership first ({@link accessibleProposal}, unless `options.known`): a proposal the caller may
 * not see is null with no partner call.
 *
 * Starts at once every upstream read the selection needs (core record, installments, agenda,
 * boletos), so they are in flight together and the field resolvers find them in the loaders.
 * Existence is decided by the first selected of core record, installments, boletos, agenda: an
 * unknown proposal is `null` after that one call. A selection that needs no read (`id`,
 * `__typename`, `operationCode`) still confirms existence with the cheapest read, one
 * FGTS/ConsultaProposta through `proposalById` (shared with any other field that needs it), unless
 * `options.known` says the proposal exists (a mutation payload after a successful write) or the
 * ledger has it on record (created through the graph).
 */
export async function resolveProposal(
  ctx: GraphContext,
  asked: ProposalIdentity,
  info: GraphQLResolveInfo,
  selection: Selection,
  options: { known?: boolean; coreFromOpenAgenda?: boolean } = {},
): Promise<Proposal | null> {
  // Known: the caller's write or the ledger's list just named it, after the same ownership check;
  // no await here, so the reads below start in the same tick as the payload's other reads.
  let access: { identity: ProposalIdentity; onRecord: boolean } | null | undefined = options.known === true ? { identity: asked, onRecord: true } : undefined;
  let early: ProposalReads | undefined;
  if (access === undefined && ctx.ownership.seesAll && !selection.has('operationCode')) {
    // A caller with proposals.all may see any proposal; the ledger's record would only complete
    // `operationCode` (not selected) and `number` (carried by the installments and agenda reads
    // too), or spare the existence read of a selection that needs no partner read. Where it does
    // none of these, the answer is the same without it: the ledger is not asked.
    early = readsFor(info, selection, asked);
    if (!needsNoReadOf(early) && (!selection.has('number') || early.installments || early.installmentsFromAgenda || early.agenda)) {
      access = { identity: asked, onRecord: false };
    }
  }
  access ??= await accessibleProposal(ctx, asked);
  if (access === null) {
    return null;
  }
  const identity = access.identity;
  // The client sent at creation is in the ledger (no partner call): only then does it spare the agenda read.
  const clientSubmitted = access.onRecord && (selection.has('client') || selection.has('clientSource')) && (await submittedOf(ctx, identity.id)) !== null;
  const planned = early !== undefined && identity === asked && !clientSubmitted ? early : readsFor(info, selection, identity, clientSubmitted);
  const computed = options.coreFromOpenAgenda === true ? await coreFromOpenAgenda(ctx, identity.id, planned) : planned;
  const needsNoRead = needsNoReadOf(computed);
  // The field resolvers below take fields both reads hold from the agenda when the query reads it anyway.
  const folded = (proposal: Proposal): Proposal => Object.assign(proposal, { agendaRead: computed.agenda });
  // "null when unknown" needs evidence: with nothing else selected, the core record is it.
  const reads = needsNoRead && !access.onRecord ? { ...computed, core: true } : computed;
  const { loaders } = ctx;
  const id = identity.id;
  const core = reads.core ? loaders.proposalById.load(id) : undefined;
  const installments = reads.installments ? loaders.installmentsByProposal.load(id) : undefined;
  const boletos = reads.boletos.map((includeCancelled) => loaders.boletosByProposal.load({ proposalId: id, includeCancelled }));
  const agenda = reads.agenda ? loaders.agendaByProposal.proposalExists(id, reads.agendaNeeds) : undefined;
  [installments, agenda, ...boletos].forEach((read) => read?.catch(noop));
  if (reads.coreFromAgenda && agenda !== undefined) {
    // A failed agenda read is reported at the agenda field; the core record answers the rest.
    const exists = await agenda.catch(() => undefined);
    if (exists === false) {
      return null;
    }
    const detail = exists === true ? await loaders.agendaByProposal.load(id, reads.agendaNeeds) : null;
    if (detail !== null) {
      return folded(mapProposalFromAgenda(detail, identity));
    }
    // No agenda yet (not disbursed), or no agenda answer: the core record after all.
    const record = await loaders.proposalById.load(id);
    return record ? folded(mapProposal(record, identity)) : null;
  }
  if (core) {
    const record = await core;
    return record ? folded(mapProposal(record, identity)) : null;
  }
  const witness: Promise<unknown> | undefined = installments ?? boletos[0] ?? agenda;
  const evidence = witness === undefined ? true : await witness;
  if (evidence === null || evidence === false) {
    return null;
  }
  const wantsNumber = selection.has('number') && identity.number == null;
  return folded(proposalReference(wantsNumber ? { ...identity, number: await numberFromReads(ctx, id, installments, reads) } : identity));
}

/** The proposal number from the reads already made (installments, else agenda), else from the record. */
async function numberFromReads(
  ctx: GraphContext,
  id: string,
  installments: Promise<Parcela[] | null> | undefined,
  reads: ProposalReads,
): Promise<number | null> {
  const fromInstallments = (await installments)?.find((p) => typeof p.codigoProposta === 'number')?.codigoProposta;
  if (typeof fromInstallments === 'number') {
    return fromInstallments;
  }
  if (reads.agenda) {
    const detail = await ctx.loaders.agendaByProposal.load(id, reads.agendaNeeds);
    if (typeof detail?.numeroProposta === 'number') {
      return detail.numeroProposta;
    }
    if (detail === null && reads.installmentsFromAgenda) {
      // No agenda yet: the installments field reads ConsultarParcelas anyway, and it carries the number.
      const fromFallback = (await ctx.loaders.installmentsByProposal.load(id))?.find((p) => typeof p.codigoProposta === 'number')?.codigoProposta;
      if (typeof fromFallback === 'number') {
        return fromFallback;
      }
    }
  }
  // Neither read carried it (no installments, no agenda yet): one ConsultaProposta.
  const record = await ctx.loaders.proposalById.load(id);
  return record ? proposalNumberOf(record) : null;
}

/**
 * The `proposal` of a mutation payload, read fresh after the write with exactly the reads its
 * selection needs (nothing when `proposal` is not selected).
 */
export async function payloadProposal(ctx: GraphContext, identity: ProposalIdentity, info: GraphQLResolveInfo, payloadType: string): Promise<Proposal | null> {
  const nodes = selectedFields(info, info.fieldNodes, payloadType).get('proposal');
  if (!nodes) {
    return null;
  }
  // The write just named this proposal: existence needs no confirming read.
  return resolveProposal(ctx, identity, info, selectedFields(info, nodes, 'Proposal'), { known: true });
}
