import { type OperationState } from './database.js';

/**
 * What a request carrying an idempotency key already on record must do (Stripe's idempotency keys).
 * `resolve` and `resend` hand the record to the caller, which then holds its lease.
 */
export type KeyDecision =
  /** The key answered another request: refuse, send nothing. */
  | 'reused'
  /** Finished (succeeded or rejected): answer the stored outcome, send nothing. */
  | 'replay'
  /** Another request holds it and may still finish: wait for it, never send a second time. */
  | 'wait'
  /** Its outcome is unknown (answer lost, or its holder died mid-write): find out at the partner before any resend. */
  | 'resolve'
  /** It failed without reaching the partner: send it again, under the same upstream key. */
  | 'resend';

/** The part of a record the decision reads. */
export interface KeyRecord {
  state: OperationState;
  request_hash: string;
  lease_until: Date | null;
}

/**
 * Decides what to do with a key already on record. An `in_progress` record whose lease has
 * expired is in doubt: whoever held it stopped (crash, shutdown) at an unknown point.
 */
export function decideKey(record: KeyRecord, requestHash: string, now: Date): KeyDecision {
  if (record.request_hash !== requestHash) {
    return 'reused';
  }
  switch (record.state) {
    case 'succeeded':
    case 'rejected':
      return 'replay';
    case 'failed':
      return 'resend';
    case 'unknown':
      return 'resolve';
    case 'in_progress':
      return record.lease_until !== null && record.lease_until.getTime() > now.getTime() ? 'wait' : 'resolve';
    default: {
      const never: never = record.state;
      throw new Error(`unknown operation state ${String(never)}`);
    }
  }
}

/**
 * Whether an in-doubt write may be declared absent after a partner read found nothing: only once
 * `settleMs` has passed since it was last sent, because a request the partner is still processing
 * is invisible to a read and would otherwise be sent a second time.
 */
export function absenceIsProof(sentAt: Date | null, now: Date, settleMs: number): boolean {
  return sentAt === null || now.getTime() - sentAt.getTime() >= settleMs;
}
