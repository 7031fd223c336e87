import { absenceIsProof } from './idempotency.js';
import { type OperationRecord } from './ledger.js';

/** What a partner read found about an in-doubt write. */
export type ProbeResult =
  /** The write is there: its outcome (shaped like the write's own answer) completes the record. */
  | { found: true; outcome: unknown; proposalId?: string | null; createdProposal?: { number: number | null; operationCode: string | null } }
  /** The partner has no trace of it. */
  | { found: false };

/**
 * Reads the partner to find out whether an in-doubt write was applied (the proposal by operation
 * code for a create, the agenda's entries for a payment...). Throws when the partner cannot tell
 * (unreachable, unexpected answer): the write stays in doubt.
 */
export type Probe = (record: OperationRecord) => Promise<ProbeResult>;

/** The verdict on an in-doubt write. */
export type Verdict =
  | { verdict: 'found'; result: Extract<ProbeResult, { found: true }> }
  /** Proven absent: it may be sent again, under the same upstream key. */
  | { verdict: 'absent' }
  /** Still unknown: nothing may be sent; retry later with the same key. */
  | { verdict: 'unknown'; reason: 'no-probe' | 'probe-failed' | 'not-settled' };

/**
 * Decides an in-doubt write from a partner read. Absence proves nothing until `settleMs` has passed
 * since it was last sent (the partner may still be processing it); a write without a probe, or
 * whose probe fails, stays unknown.
 */
export async function resolveInDoubt(record: OperationRecord, probe: Probe | undefined, now: () => Date, settleMs: number): Promise<Verdict> {
  if (probe === undefined) {
    return { verdict: 'unknown', reason: 'no-probe' };
  }
  let result: ProbeResult;
  try {
    result = await probe(record);
  } catch (_error) {
    return { verdict: 'unknown', reason: 'probe-failed' };
  }
  if (result.found) {
    return { verdict: 'found', result };
  }
  return absenceIsProof(record.sent_at, now(), settleMs) ? { verdict: 'absent' } : { verdict: 'unknown', reason: 'not-settled' };
}
