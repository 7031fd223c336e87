import { type FieldNode, type GraphQLResolveInfo } from 'graphql';
import { type AgendaDetailNeeds } from './agenda.loader.js';
import { selectedFields } from './selection.js';

/*
 * Read planning: which partner reads a selection needs, worked out from the selected field names
 * alone, before any read starts. The proposal's reads (proposal/proposal.reads.ts) and each noun's
 * field resolvers ask the same functions, so a field's cost is decided in one place.
 */

/** What a selection of `AgendaInstallment` needs from ConsultarDetalhes beyond the installments. */
export function agendaInstallmentNeeds(info: GraphQLResolveInfo, nodes: readonly FieldNode[]): AgendaDetailNeeds {
  const selection = selectedFields(info, nodes, 'AgendaInstallment');
  return { boletos: selection.has('boletos') || selection.has('pix'), entries: selection.has('entries') };
}

/** What a selection of `AgendaDetail` needs (through its `installments`). */
export function agendaDetailNeeds(info: GraphQLResolveInfo, nodes: readonly FieldNode[]): AgendaDetailNeeds {
  return agendaInstallmentNeeds(info, selectedFields(info, nodes, 'AgendaDetail').get('installments') ?? []);
}

/** The union of several needs. */
export function mergeNeeds(...needs: AgendaDetailNeeds[]): AgendaDetailNeeds {
  return { boletos: needs.some((n) => n.boletos === true), entries: needs.some((n) => n.entries === true) };
}

/** Boleto fields only ConsultarBoletos holds (the agenda's `parcelas[].boletos` items do not). */
const RECORD_ONLY: ReadonlySet<string> = new Set([
  'proposalNumber',
  'amount',
  'dueDate',
  'installmentNumbers',
  'description',
  'clientDocument',
  'clientName',
  'partnerName',
  'createdAt',
  'cancelledAt',
  'paidAmount',
]);

/** Boleto fields only the agenda holds (ConsultarDetalhes `parcelas[].boletos`, with trazerBoleto). */
const BOLETO_AGENDA_ONLY: ReadonlySet<string> = new Set([
  'registrationOperation',
  'registrationOperationCode',
  'registrationSituation',
  'registrationSituationCode',
  'registrationDescription',
]);

/** Which reads a selection of `Boleto` needs beyond the one it was reached through. */
export interface BoletoNeeds {
  /** A field only ConsultarBoletos holds is selected. */
  record: boolean;
  /** A field only the agenda holds is selected. */
  agenda: boolean;
}

/** What a selection of `Boleto` under `nodes` needs from each read. */
export function boletoNeeds(info: GraphQLResolveInfo, nodes: readonly FieldNode[]): BoletoNeeds {
  const names = [...selectedFields(info, nodes, 'Boleto').keys()];
  return { record: names.some((name) => RECORD_ONLY.has(name)), agenda: names.some((name) => BOLETO_AGENDA_ONLY.has(name)) };
}

/**
 * Fields of `Installment` both reads hold (ConsultarParcelas and the agenda's ConsultarDetalhes
 * `parcelas`): a selection of only these (and agenda-only fields) needs no ConsultarParcelas when the
 * agenda is read anyway.
 */
const IN_BOTH: ReadonlySet<string> = new Set([
  '__typename',
  'id',
  'upstreamId',
  'number',
  'amount',
  'dueDate',
  'situation',
  'situationCode',
  'discountAmount',
  'paidAmount',
  'fetchedAt',
]);

/** Fields of `Installment` only the agenda holds (ConsultarDetalhes); the deprecated `agenda` is read from it too. */
const INSTALLMENT_AGENDA_ONLY: ReadonlySet<string> = new Set(['balance', 'originalDueDate', 'paymentOrderNumber', 'boletos', 'pix', 'entries', 'agenda']);

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
  const agendaOnly = names.some((name) => INSTALLMENT_AGENDA_ONLY.has(name));
  const parcelasOnly = names.some((name) => !IN_BOTH.has(name) && !INSTALLMENT_AGENDA_ONLY.has(name));
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
