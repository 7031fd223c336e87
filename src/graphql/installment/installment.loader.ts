import { fetchedAtOf } from '../../upstream/index.js';
import { type GraphContext } from '../runtime/context.js';
import { type InstallmentReads } from '../runtime/needs.js';
import { mergeInstallments } from './installment.mapper.js';
import { type Installment } from './installment.type.js';

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
