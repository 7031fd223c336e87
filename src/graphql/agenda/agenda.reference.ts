import { type FieldNode, type GraphQLResolveInfo } from 'graphql';
import { selectedFields } from '../runtime/selection.js';
import { type AgendaDetailNeeds } from '../runtime/agenda.loader.js';

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
  return { boletos: needs.some(n => n.boletos === true), entries: needs.some(n => n.entries === true) };
}
