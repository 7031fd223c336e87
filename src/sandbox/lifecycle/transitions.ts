import { roundCents } from '../../shared/money.js';
import { CalculationFormat } from '../finance/index.js';
import { openAgenda } from '../receivables/agenda.js';
import { type Clock } from '../clock.js';
import { type IdGenerator } from '../ids.js';
import { type SandboxStore } from '../model/store.js';
import { analysisConcluded } from '../model/analysis.js';
import { AgendaSituation, Situation, type Proposal, type SituationCode } from '../model/types.js';

/** What a transition needs: the state, the clock and the id generator (an operation context is one). */
export interface LifecycleContext {
  store: SandboxStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Payment-entry (PropostaLancamentos) situation codes, sandbox-defined (README). */
export const EntrySituation = { Pending: 0, Paid: 1, Returned: 2 } as const;

/** The amount actually released to the client (IOF deducted or not, per formatoCalculo). */
export function netReleased(proposal: Proposal): number {
  const v = proposal.values;
  return proposal.calculationFormat === CalculationFormat.PriceIofDeducted ? roundCents(v.requestedAmount - v.iof) : v.requestedAmount;
}

/**
 * Moves a proposal to `situation`. Any move ends the automatic analysis of its documents. Reaching
 * 9 (disbursed) the first time records `disbursedAt` at the sandbox clock, opens the receivables
 * agenda and pays the pending disbursement entries (creating one when the proposal has none).
 * Reaching 4 (cancelled) cancels an open agenda.
 */
export function moveToSituation(ctx: LifecycleContext, proposal: Proposal, situation: SituationCode): void {
  proposal.situation = situation;
  proposal.analysis = undefined;
  for (const doc of proposal.documents) {
    doc.inAutomaticAnalysis = false;
  }
  const now = ctx.clock.now();
  if (situation === Situation.Disbursed && !proposal.disbursedAt) {
    proposal.disbursedAt = now;
    proposal.agenda ??= openAgenda(proposal, now, ctx.ids);
    if (proposal.entries.length === 0) {
      proposal.entries.push({
        fieldId: 'LIBERACAO',
        description: 'Liberação do crédito ao cliente',
        amount: netReleased(proposal),
        expectedPaymentDate: now,
        situation: EntrySituation.Pending,
        account: { ...proposal.paymentAccount },
      });
    }
    for (const entry of proposal.entries) {
      if (entry.situation === EntrySituation.Pending) {
        entry.situation = EntrySituation.Paid;
        entry.paidAt = now;
      }
    }
  }
  if (situation === Situation.Cancelled && proposal.agenda && proposal.agenda.situation === AgendaSituation.Active) {
    proposal.agenda.situation = AgendaSituation.Cancelled;
    proposal.agenda.cancelledAt = now;
  }
}

/**
 * Concludes every credit analysis due by the sandbox clock's now: the proposal moves to the
 * analysis's outcome (2 approved, or 3 rejected with its reason). Run before each request is
 * handled, so the lifecycle progresses whenever anyone looks, with no timer of its own.
 */
export function concludeDueAnalyses(ctx: LifecycleContext): void {
  if (ctx.store.underAnalysis.size === 0) {
    return;
  }
  const now = ctx.clock.now();
  for (const proposal of ctx.store.underAnalysis) {
    const analysis = proposal.analysis;
    if (!analysis || proposal.situation !== Situation.UnderReview) {
      ctx.store.underAnalysis.delete(proposal);
    } else if (analysisConcluded(proposal, now)) {
      ctx.store.underAnalysis.delete(proposal);
      if (analysis.reason !== undefined) {
        proposal.rejectionReason = analysis.reason;
      }
      moveToSituation(ctx, proposal, analysis.outcome);
    }
  }
}

/**
 * Finalizes the proposal (6) when every registered signer has signed; answers how many have not.
 * Signatures come from IncluirAssinaturaCCBFinalizada or the signing page.
 */
export function finalizeWhenSigned(ctx: LifecycleContext, proposal: Proposal): number {
  const pending = proposal.signers.filter((s) => !s.signed).length;
  if (pending === 0 && proposal.situation !== Situation.Finalized) {
    moveToSituation(ctx, proposal, Situation.Finalized);
  }
  return pending;
}
