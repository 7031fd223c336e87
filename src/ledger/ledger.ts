import { randomUUID } from 'node:crypto';
import { type OperationState } from './database.js';
import { decideKey } from './idempotency.js';
import { type LedgerStore, type OperationRecord, type ProposalRow } from './store.js';

export { type OperationRecord } from './store.js';

/** What a write is, recorded before it is sent. */
export interface WriteRequest {
  callerId: string;
  idempotencyKey: string;
  operation: string;
  requestHash: string;
  upstreamKey: string;
  /** The proposal written to (unknown for a create until it is answered). */
  proposalId?: string | null;
  /** What in-doubt resolution needs to find this write at the partner. */
  probe?: unknown;
  /** What read-back serves once the write succeeds (no files, no secrets). */
  details?: unknown;
}

/**
 * The answer of {@link Ledger.begin}. `send`, `resend` and `resolve` hold the record's lease
 * (`lease`, a fencing token): only the holder may finish it.
 */
export type Claim =
  | { kind: 'send'; record: OperationRecord; lease: string }
  | { kind: 'resend'; record: OperationRecord; lease: string }
  | { kind: 'resolve'; record: OperationRecord; lease: string }
  | { kind: 'replay'; record: OperationRecord }
  | { kind: 'wait'; record: OperationRecord }
  | { kind: 'reused'; record: OperationRecord };

/** How a held write ended. */
export type Finish =
  | {
      state: 'succeeded';
      outcome: unknown;
      proposalId?: string | null;
      createdProposal?: { number: number | null; operationCode: string | null };
      resolution?: 'found';
    }
  | { state: 'rejected'; outcome: unknown }
  | { state: 'failed' }
  | { state: 'unknown' };

/** A proposal created through the graph, with its owner. */
export interface OwnedProposal {
  proposalId: string;
  callerId: string;
  number: number | null;
  operationCode: string | null;
  createdAt: Date;
}

/** A position in a caller's proposals: when its creation was recorded, then its id. */
export interface ProposalCursor {
  createdAt: Date;
  proposalId: string;
}

/** How {@link Ledger.proposals} reads a list. */
export interface ProposalListOptions {
  /** `desc` (default): newest first; `asc`: oldest first (ties by id, the same way). */
  direction?: 'asc' | 'desc';
  /** Whether the proposal at `after` itself is read (default false: only those after it). */
  inclusive?: boolean;
}

/** Options of {@link Ledger}. */
export interface LedgerOptions {
  /** The clock every recorded time and lease comes from (tests move it). */
  now?: () => Date;
  /** How long a holder owns a write it is sending; must outlast the upstream deadline. Default 60 s. */
  leaseMs?: number;
}

/**
 * The operations ledger: every write recorded before it is sent, its outcome once known, and the
 * proposals each caller created. Each state change is one transaction; a lease with a fencing
 * token makes sure a holder that stalled past its lease cannot overwrite whoever took over.
 * The records live in a {@link LedgerStore}: PostgreSQL or PGlite (`SqlLedgerStore`), or memory.
 */
export class Ledger {
  readonly now: () => Date;
  readonly leaseMs: number;

  constructor(
    readonly store: LedgerStore,
    options: LedgerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /**
   * Records a write under its caller and key, or decides what a repeat must do: the first request
   * gets `send`; later ones `replay`, `wait`, `reused`, or the lease to `resolve` an in-doubt write
   * or `resend` a failed one. Concurrent first requests are serialized by the unique key.
   */
  async begin(request: WriteRequest): Promise<Claim> {
    return this.store.transaction(async (tx) => {
      const now = this.now();
      const lease = randomUUID();
      const leaseUntil = new Date(now.getTime() + this.leaseMs);
      const inserted = await tx.insertOperation({
        id: randomUUID(),
        caller_id: request.callerId,
        idempotency_key: request.idempotencyKey,
        operation: request.operation,
        request_hash: request.requestHash,
        upstream_key: request.upstreamKey,
        proposal_id: request.proposalId ?? null,
        state: 'in_progress',
        lease_token: lease,
        lease_until: leaseUntil,
        attempts: 1,
        probe: json(request.probe),
        outcome: null,
        details: json(request.details),
        created_at: now,
        sent_at: now,
        updated_at: now,
      });
      if (inserted !== undefined) {
        return { kind: 'send', record: inserted, lease };
      }
      const existing = await tx.lockOperation(request.callerId, request.idempotencyKey);
      if (existing === undefined) {
        throw new Error('the ledger refused a record whose key it does not hold');
      }
      const decision = decideKey(existing, request.requestHash, now);
      if (decision === 'reused' || decision === 'replay' || decision === 'wait') {
        return { kind: decision, record: existing };
      }
      const taken = await tx.updateOperation(existing.id, {
        state: 'in_progress',
        lease_token: lease,
        lease_until: leaseUntil,
        updated_at: now,
        ...(decision === 'resend' ? { addAttempts: 1, sent_at: now } : {}),
      });
      if (taken === undefined) {
        throw new Error('the ledger lost a record it held locked');
      }
      // The decision is taken on the state before the claim (an expired in_progress is in doubt too).
      return { kind: decision, record: { ...taken, state: existing.state }, lease };
    });
  }

  /**
   * Records proposals made outside the graph as `callerId`'s (a development graph's demo proposals,
   * created by its embedded sandbox): each as one succeeded `adoptProposal` record and its proposal
   * row, so they are listed and owned like proposals created through the graph. Repeating it adds
   * nothing (the record's key is the proposal's). Answers how many were new.
   */
  async adoptProposals(callerId: string, proposals: ReadonlyArray<{ proposalId: string; number: number; operationCode: string }>): Promise<number> {
    let adopted = 0;
    for (const proposal of proposals) {
      const added = await this.store.transaction(async (tx) => {
        const now = this.now();
        const record = await tx.insertOperation({
          id: randomUUID(),
          caller_id: callerId,
          idempotency_key: `adopt:${proposal.proposalId}`,
          operation: 'adoptProposal',
          request_hash: '',
          upstream_key: '',
          proposal_id: proposal.proposalId,
          state: 'succeeded',
          lease_token: null,
          lease_until: null,
          attempts: 0,
          probe: null,
          outcome: null,
          details: null,
          created_at: now,
          sent_at: null,
          updated_at: now,
        });
        if (record === undefined) {
          return false;
        }
        await tx.insertProposal({
          proposal_id: proposal.proposalId,
          caller_id: callerId,
          number: proposal.number,
          operation_code: proposal.operationCode,
          created_at: now,
          operation_id: record.id,
        });
        return true;
      });
      adopted += added ? 1 : 0;
    }
    return adopted;
  }

  /**
   * Takes the lease of an in-doubt write by id (the reconciler's way in, without its request):
   * undefined when it is settled, or held by a live holder.
   */
  async claimInDoubt(id: string): Promise<{ record: OperationRecord; lease: string } | undefined> {
    const now = this.now();
    const lease = randomUUID();
    const record = await this.store.updateOperation(
      id,
      { state: 'in_progress', lease_token: lease, lease_until: new Date(now.getTime() + this.leaseMs), updated_at: now },
      { inDoubtAt: now },
    );
    return record === undefined ? undefined : { record, lease };
  }

  /** Marks a held in-doubt write as sent again (it was proven absent at the partner). */
  async resent(id: string, lease: string): Promise<boolean> {
    const now = this.now();
    const updated = await this.store.updateOperation(
      id,
      { addAttempts: 1, sent_at: now, updated_at: now, resolution: 'absent', lease_until: new Date(now.getTime() + this.leaseMs) },
      { leaseToken: lease },
    );
    return updated !== undefined;
  }

  /**
   * Replaces what in-doubt resolution needs (`probe`) on a held write, just before it is sent (a
   * partner read taken then, e.g. the entries already there). False when the lease was lost.
   */
  async recordProbe(id: string, lease: string, probe: unknown): Promise<boolean> {
    const updated = await this.store.updateOperation(id, { probe: json(probe), updated_at: this.now() }, { leaseToken: lease });
    return updated !== undefined;
  }

  /**
   * Ends a held write: succeeded or rejected (with the outcome to replay), failed (never reached
   * the partner: a retry sends again), or unknown (the answer was lost: a retry resolves first).
   * A success that created a proposal records its owner in the same transaction. False when the
   * lease was lost (another holder took the write over), and then nothing is changed.
   */
  async finish(id: string, lease: string, end: Finish): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const now = this.now();
      const finished = end.state === 'succeeded' || end.state === 'rejected';
      const updated = await tx.updateOperation(
        id,
        {
          state: end.state,
          lease_token: null,
          lease_until: null,
          updated_at: now,
          ...(finished ? { outcome: json(end.outcome), finished_at: now } : {}),
          ...(end.state === 'succeeded' && end.proposalId ? { proposal_id: end.proposalId } : {}),
          ...(end.state === 'succeeded' && end.resolution ? { resolution: end.resolution } : {}),
        },
        { leaseToken: lease },
      );
      if (updated === undefined) {
        return false;
      }
      if (end.state === 'succeeded' && end.createdProposal && end.proposalId) {
        await tx.insertProposal({
          proposal_id: end.proposalId,
          caller_id: updated.caller_id,
          number: end.createdProposal.number,
          operation_code: end.createdProposal.operationCode,
          created_at: updated.created_at,
          operation_id: id,
        });
      }
      return true;
    });
  }

  /** The record of a caller's key, if any. */
  async find(callerId: string, idempotencyKey: string): Promise<OperationRecord | undefined> {
    return this.store.findOperation(callerId, idempotencyKey);
  }

  /** The owner of each proposal created through the graph (absent ids were not). */
  async ownersOf(proposalIds: readonly string[]): Promise<Map<string, string>> {
    if (proposalIds.length === 0) {
      return new Map();
    }
    const rows = await this.store.proposalsByIds(proposalIds);
    return new Map(rows.map((r) => [r.proposal_id, r.caller_id]));
  }

  /** Each proposal created through the graph, with its owner, number and operation code (absent ids were not). */
  async proposalsByIds(proposalIds: readonly string[]): Promise<Map<string, OwnedProposal>> {
    if (proposalIds.length === 0) {
      return new Map();
    }
    const rows = await this.store.proposalsByIds(proposalIds);
    return new Map(rows.map((r) => [r.proposal_id, ownedProposal(r)]));
  }

  /** The proposals created through the graph with an operation code, newest first (of `callerId` only, unless null). */
  async proposalsByOperationCode(operationCode: string, callerId: string | null): Promise<OwnedProposal[]> {
    return (await this.store.proposalsByOperationCode(operationCode, callerId)).map(ownedProposal);
  }

  /**
   * Up to `limit` proposals created through the graph, newest first (oldest first with `direction:
   * 'asc'`), after `after` in that order; of `callerId` only, or of every caller when it is null.
   * Both directions walk the same indexes (creation time, then id).
   */
  async proposals(callerId: string | null, limit: number, after?: ProposalCursor, options: ProposalListOptions = {}): Promise<OwnedProposal[]> {
    return (await this.store.proposals(callerId, limit, after, options)).map(ownedProposal);
  }

  /** How many proposals were created through the graph: of `callerId`, or of every caller when it is null. One count on the ledger's index. */
  async countProposals(callerId: string | null): Promise<number> {
    return this.store.countProposals(callerId);
  }

  /** Every write on record for each proposal, oldest first. */
  async operationsOf(proposalIds: readonly string[]): Promise<Map<string, OperationRecord[]>> {
    const byProposal = new Map<string, OperationRecord[]>(proposalIds.map((id) => [id, []]));
    if (proposalIds.length === 0) {
      return byProposal;
    }
    for (const row of await this.store.operationsOf(proposalIds)) {
      if (row.proposal_id !== null) {
        byProposal.get(row.proposal_id)?.push(row);
      }
    }
    return byProposal;
  }

  /**
   * Writes whose outcome nobody is finding out: `unknown` ones last touched before `settledBefore`,
   * and `in_progress` ones whose holder's lease expired. The reconciler's work list.
   */
  async unsettled(settledBefore: Date, limit: number): Promise<OperationRecord[]> {
    return this.store.unsettled(settledBefore, this.now(), limit);
  }

  /** Number of records in each state (for health and tests). */
  async countByState(): Promise<Record<OperationState, number>> {
    const counts: Record<OperationState, number> = { in_progress: 0, succeeded: 0, rejected: 0, failed: 0, unknown: 0 };
    for (const row of await this.store.countByState()) {
      counts[row.state] = row.count;
    }
    return counts;
  }

  /** Resolves when the ledger's store answers (the readiness check); rejects when it does not. */
  async ping(): Promise<void> {
    await this.store.ping();
  }
}

function ownedProposal(r: ProposalRow): OwnedProposal {
  return { proposalId: r.proposal_id, callerId: r.caller_id, number: r.number, operationCode: r.operation_code, createdAt: r.created_at };
}

function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
