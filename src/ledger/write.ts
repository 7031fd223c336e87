import { type Probe, resolveInDoubt } from './in-doubt.js';
import { type Claim, type Finish, type Ledger, type OperationRecord, type WriteRequest } from './ledger.js';

/** How one send to the partner ended, as the caller of {@link writeOnce} classifies it. */
export type Attempt =
  | { state: 'succeeded'; outcome: unknown; proposalId?: string | null; createdProposal?: { number: number | null; operationCode: string | null } }
  /** The partner refused it (a business rejection): replayed as is to every repeat. */
  | { state: 'rejected'; outcome: unknown }
  /** It did not reach the partner (refused locally, auth failed...): a repeat sends again. */
  | { state: 'failed'; error: unknown }
  /** Its answer was lost (deadline, reset, shutdown): a repeat resolves it at the partner first. */
  | { state: 'unknown'; error: unknown };

/** What {@link writeOnce} answers. */
export type WriteOnceResult =
  | { kind: 'succeeded' | 'rejected'; outcome: unknown; record: OperationRecord; replayed: boolean }
  | { kind: 'reused' }
  /** Another request still holds the key after the wait: retry with the same key. */
  | { kind: 'in_use' }
  /** The outcome is not known yet: retry with the same key (never a new one) to learn it. */
  | { kind: 'unknown' }
  | { kind: 'failed'; error: unknown };

/** Collaborators of {@link writeOnce}; the clock and the sleep are injectable for tests. */
export interface WriteOnceOptions {
  /** Sends the write to the partner (under `record.upstream_key`) and classifies the outcome. */
  send: (record: OperationRecord) => Promise<Attempt>;
  /** Finds an in-doubt write at the partner; without one, in-doubt writes stay unknown. */
  probe?: Probe;
  /**
   * Runs just before each send, under the record's lease: a partner read whose answer becomes the
   * record's `probe` (what {@link WriteOnceOptions.probe} compares against later, e.g. the entries
   * already there). When it fails nothing is sent and the write ends `failed` (a retry sends again).
   */
  prepare?: (record: OperationRecord) => Promise<unknown>;
  /** How long a repeat waits for a write in progress elsewhere before answering `in_use` (default 5 s). */
  waitMs?: number;
  /** Pause between two looks at a write in progress (default 50 ms). */
  pollMs?: number;
  /** How long after a send absence at the partner counts as proof (default 30 s). */
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const sleepFor = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write exactly once per caller and key, across replicas and restarts: recorded before it is
 * sent; a repeat replays the stored outcome, waits for one in progress, is refused when it carries
 * another request, and finds out an in-doubt write at the partner before anything is sent again.
 */
export async function writeOnce(ledger: Ledger, request: WriteRequest, options: WriteOnceOptions): Promise<WriteOnceResult> {
  const waitMs = options.waitMs ?? 5000;
  const pollMs = options.pollMs ?? 50;
  const settleMs = options.settleMs ?? 30_000;
  const sleep = options.sleep ?? sleepFor;
  let waited = 0;
  let claim: Claim = await ledger.begin(request);
  for (;;) {
    switch (claim.kind) {
      case 'reused':
        return { kind: 'reused' };
      case 'replay':
        return { kind: claim.record.state === 'rejected' ? 'rejected' : 'succeeded', outcome: claim.record.outcome, record: claim.record, replayed: true };
      case 'wait':
        if (waited >= waitMs) {
          return { kind: 'in_use' };
        }
        await sleep(pollMs);
        waited += pollMs;
        claim = await ledger.begin(request);
        continue;
      case 'send':
      case 'resend':
        return send(ledger, claim.record, claim.lease, options);
      case 'resolve': {
        const verdict = await resolveInDoubt(claim.record, options.probe, ledger.now, settleMs);
        if (verdict.verdict === 'found') {
          const end: Finish = {
            state: 'succeeded',
            outcome: verdict.result.outcome,
            resolution: 'found',
            proposalId: verdict.result.proposalId ?? claim.record.proposal_id,
            createdProposal: verdict.result.createdProposal,
          };
          await ledger.finish(claim.record.id, claim.lease, end);
          return { kind: 'succeeded', outcome: verdict.result.outcome, record: claim.record, replayed: true };
        }
        if (verdict.verdict === 'absent' && (await ledger.resent(claim.record.id, claim.lease))) {
          return send(ledger, claim.record, claim.lease, options);
        }
        await ledger.finish(claim.record.id, claim.lease, { state: 'unknown' });
        return { kind: 'unknown' };
      }
      default: {
        const never: never = claim;
        throw new Error(`unexpected claim ${JSON.stringify(never)}`);
      }
    }
  }
}

async function send(ledger: Ledger, held: OperationRecord, lease: string, options: Pick<WriteOnceOptions, 'send' | 'prepare'>): Promise<WriteOnceResult> {
  let record = held;
  if (options.prepare !== undefined) {
    let probe: unknown;
    try {
      probe = await options.prepare(record);
    } catch (error) {
      // Nothing was sent: a retry with the key sends it.
      await ledger.finish(record.id, lease, { state: 'failed' });
      return { kind: 'failed', error };
    }
    if (!(await ledger.recordProbe(record.id, lease, probe))) {
      // Another holder took the write over while the read ran: it decides, this one sends nothing.
      return { kind: 'in_use' };
    }
    record = { ...record, probe: probe as OperationRecord['probe'] };
  }
  let attempt: Attempt;
  try {
    attempt = await options.send(record);
  } catch (error) {
    // An unclassified failure may have reached the partner: in doubt, never failed.
    attempt = { state: 'unknown', error };
  }
  switch (attempt.state) {
    case 'succeeded':
      await ledger.finish(record.id, lease, {
        state: 'succeeded',
        outcome: attempt.outcome,
        proposalId: attempt.proposalId ?? record.proposal_id,
        createdProposal: attempt.createdProposal,
      });
      return { kind: 'succeeded', outcome: attempt.outcome, record, replayed: false };
    case 'rejected':
      await ledger.finish(record.id, lease, { state: 'rejected', outcome: attempt.outcome });
      return { kind: 'rejected', outcome: attempt.outcome, record, replayed: false };
    case 'failed':
      await ledger.finish(record.id, lease, { state: 'failed' });
      return { kind: 'failed', error: attempt.error };
    case 'unknown':
      await ledger.finish(record.id, lease, { state: 'unknown' });
      return { kind: 'unknown' };
    default: {
      const never: never = attempt;
      throw new Error(`unexpected attempt ${JSON.stringify(never)}`);
    }
  }
}
