import { type FieldNode, type GraphQLResolveInfo } from 'graphql';
import { fetchedAtOf } from '../../upstream/index.js';
import { agendaInstallmentNeeds, mergeNeeds } from '../agenda/agenda.reference.js';
import { boletoNeeds } from '../boleto/boleto.reference.js';
import { type AgendaDetailNeeds } from '../runtime/agenda.loader.js';
import { type GraphContext } from '../runtime/context.js';
import { selectedFields } from '../runtime/selection.js';
import { mergeInstallments } from './installment.mapper.js';
import { type Installment } from './installment.type.js';

/**
 * Fields of `Installment` both reads hold (ConsultarParcelas and the agenda's ConsultarDetalhes
 * `parcelas`): a selection of only these (and agenda-only fields) needs no ConsultarParcelas when the
 * agenda is read anyway.
 */
const IN_BOTH: ReadonlySet<string> = new Set(['__typename', 'id', 'upstreamId', 'number', 'amount', 'dueDate', 'situation', 'situationCode', 'discountAmount', 'paidAmount', 'fetchedAt']);

/** Fields of `Installment` only the agenda holds (ConsultarDetalhes); the deprecated `agenda` is read from it too. */
const AGENDA_ONLY: ReadonlySet<string> = new Set(['balance', 'originalDueDate', 'paymentOrderNumber', 'boletos', 'pix', 'entries', 'agenda']);

/** Which partner reads a selection of installments needs. */
export interface InstallmentReads {
  /** Proposta/ConsultarParcelas: a field only it holds is selected, or the agenda is not read. */
  parcelas: boolean;
  /** AgendaRecebivel/ConsultarDetalhes: a field only it holds is selected, or it is read anyway. */
  agenda: boolean;
  /** A field only the agenda holds is selected: a failed agenda read fails the installments too. */
  agendaOnly: boolean;
  /** What the agenda read must bring (boletos/Pix, ledger entries), the deprecated `agenda` field's included. */
  agendaNeeds: AgendaDetailNeeds;
  /** Installment.boletos selects fields only ConsultarBoletos holds: one ConsultarBoletos (without cancelled). */
  boletoRecords: boolean;
}

/**
 * Works out the reads of a selection of `Installment` under `nodes`. `agendaAnyway`: the query reads
 * the agenda of this proposal for another field (Proposal.agenda, client, a payment's payload), so
 * fields both reads hold are taken from it. Each read is made once per proposal and request, whatever
 * the number of installments.
 */
export function installmentReads(info: GraphQLResolveInfo, nodes: readonly FieldNode[], agendaAnyway: boolean): InstallmentReads {
  const selection = selectedFields(info, nodes, 'Installment');
  const names = [...selection.keys()];
  const agendaOnly = names.some(name => AGENDA_ONLY.has(name));
  const parcelasOnly = names.some(name => !IN_BOTH.has(name) && !AGENDA_ONLY.has(name));
  const agenda = agendaOnly || agendaAnyway;
  const boletoNodes = selection.get('boletos') ?? [];
  return {
    parcelas: parcelasOnly || !agenda,
    agenda,
    agendaOnly,
    agendaNeeds: mergeNeeds(
      { boletos: boletoNodes.length > 0 || selection.has('pix'), entries: selection.has('entries') },
      agendaInstallmentNeeds(info, selection.get('agenda') ?? []),
    ),
    boletoRecords: boletoNodes.length > 0 && boletoNeeds(info, boletoNodes).record,
  };
}

/**
 * The installments of a proposal (only `numbers`, when given), read as `reads` says and merged by
 * number. Without an agenda (not disbursed yet), or when a read made only to fold fields fails (the
 * failure is reported where the agenda itself is selected), ConsultarParcelas answers after all.
 */
export async function loadInstallments(ctx: GraphContext, proposalId: string, reads: InstallmentReads, numbers?: readonly number[]): Promise<Installment[]> {
  const { loaders } = ctx;
  const parcelasRead = reads.parcelas ? loaders.installmentsByProposal.load(proposalId) : undefined;
  parcelasRead?.catch(() => undefined);
  const agendaRead = reads.agenda ? loaders.agendaByProposal.load(proposalId, { ...reads.agendaNeeds, ...(numbers ? { numbers } : {}) }) : undefined;
  const detail = agendaRead === undefined ? null : reads.agendaOnly ? await agendaRead : await agendaRead.catch(() => null);
  const parcelas = parcelasRead ? await parcelasRead : detail === null ? await loaders.installmentsByProposal.load(proposalId) : undefined;
  if (parcelas === null && detail === null) {
    return [];
  }
  const fetchedAt = (parcelas ? fetchedAtOf(parcelas) : undefined) ?? (detail ? fetchedAtOf(detail) : undefined) ?? null;
  return mergeInstallments(proposalId, parcelas ?? undefined, detail?.parcelas ?? undefined, fetchedAt, numbers);
}
