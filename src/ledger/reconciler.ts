import { type Probe, resolveInDoubt } from './in-doubt.js';
import { type Ledger, type OperationRecord } from './ledger.js';
import { startPeriodic } from './periodic.js';

/** Options of the reconciler. */
export interface ReconcilerOptions {
  /** The partner read that finds a write of this record's operation (undefined: none exists). */
  probeFor: (record: OperationRecord) => Probe | undefined;
  /** How long after a send absence at the partner counts as proof (the same as the write path's). */
  settleMs: number;
  /** Records looked at per pass (default 50). */
  batchSize?: number;
}

/** What one pass did. */
export interface ReconcileReport {
  found: number;
  absent: number;
  unknown: number;
}

/**
 * One pass over the writes left in doubt (answers lost, holders crashed): each found at the partner
 * is completed as succeeded, each proven absent becomes failed (a retry with its key sends it
 * again), the rest stay unknown for the next pass. Never sends a write itself: only a caller
 * retrying with its key decides that the write is still wanted.
 */
export async function reconcileOnce(ledger: Ledger, options: ReconcilerOptions): Promise<ReconcileReport> {
  const report: ReconcileReport = { found: 0, absent: 0, unknown: 0 };
  const settledBefore = new Date(ledger.now().getTime() - options.settleMs);
  for (const candidate of await ledger.unsettled(settledBefore, options.batchSize ?? 50)) {
    const claim = await ledger.claimInDoubt(candidate.id);
    if (claim === undefined) {
      continue;
    }
    const verdict = await resolveInDoubt(claim.record, options.probeFor(claim.record), ledger.now, options.settleMs);
    if (verdict.verdict === 'found') {
      await ledger.finish(claim.record.id, claim.lease, {
        state: 'succeeded',
        outcome: verdict.result.outcome,
        resolution: 'found',
        proposalId: verdict.result.proposalId ?? claim.record.proposal_id,
        createdProposal: verdict.result.createdProposal,
      });
      report.found += 1;
    } else if (verdict.verdict === 'absent') {
      await ledger.finish(claim.record.id, claim.lease, { state: 'failed' });
      report.absent += 1;
    } else {
      await ledger.finish(claim.record.id, claim.lease, { state: 'unknown' });
      report.unknown += 1;
    }
  }
  return report;
}

/** A running reconciler; `stop()` waits for the pass in progress. */
export interface Reconciler {
  stop(): Promise<void>;
}

/** Runs {@link reconcileOnce} every `intervalMs` in the background (the timer does not hold the process open). */
export function startReconciler(ledger: Ledger, options: ReconcilerOptions & { intervalMs: number; onError?: (error: unknown) => void }): Reconciler {
  return startPeriodic(() => reconcileOnce(ledger, options), options);
}
