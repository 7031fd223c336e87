import { type Selectable } from 'kysely';
import { type OperationsTable, type OperationState, type ProposalsTable } from './database.js';

/** A ledger row as the graph reads it (JSON columns parsed). */
export type OperationRecord = Selectable<OperationsTable>;

/** A `ledger_proposals` row as read back (without the operation that created it). */
export type ProposalRow = Omit<Selectable<ProposalsTable>, 'operation_id'>;

/** JSON text written to a JSON column (read back parsed), or null. */
export type JsonText = string | null;

/** A record as first written: every column but the ones only a finish sets. */
export interface NewOperation {
  id: string;
  caller_id: string;
  idempotency_key: string;
  operation: string;
  request_hash: string;
  upstream_key: string;
  proposal_id: string | null;
  state: OperationState;
  lease_token: string | null;
  lease_until: Date | null;
  attempts: number;
  probe: JsonText;
  outcome: JsonText;
  details: JsonText;
  created_at: Date;
  sent_at: Date | null;
  updated_at: Date;
}

/** The columns an update sets (absent: left as they are); `addAttempts` is added to `attempts`. */
export interface OperationPatch {
  state?: OperationState;
  lease_token?: string | null;
  lease_until?: Date | null;
  addAttempts?: number;
  probe?: JsonText;
  outcome?: JsonText;
  proposal_id?: string;
  resolution?: string;
  sent_at?: Date;
  updated_at?: Date;
  finished_at?: Date;
}

/** Which record an update may touch, beyond its id: all conditions given must hold. */
export interface OperationGuard {
  /** Its lease is this fencing token. */
  leaseToken?: string;
  /** It is in doubt at this time: `unknown`, or `in_progress` with its lease ended before it. */
  inDoubtAt?: Date;
}

/** A proposal created through the graph, recorded with the success that created it. */
export type NewProposal = Selectable<ProposalsTable>;

/** The statements a ledger transaction is made of; each one is atomic on its own. */
export interface LedgerStatements {
  /** Inserts a record; undefined (nothing written) when its caller already has its key. */
  insertOperation(row: NewOperation): Promise<OperationRecord | undefined>;
  /** The record of a caller's key, locked until the transaction ends (`select ... for update`). */
  lockOperation(callerId: string, idempotencyKey: string): Promise<OperationRecord | undefined>;
  /** Applies `patch` to record `id` when `guard` holds; the record after, or undefined when none matched. */
  updateOperation(id: string, patch: OperationPatch, guard?: OperationGuard): Promise<OperationRecord | undefined>;
  /** Records a created proposal; nothing when the proposal is on record already. */
  insertProposal(row: NewProposal): Promise<void>;
}

/**
 * Where the ledger keeps its records: PostgreSQL or PGlite through Kysely (`sql-store.ts`), or
 * memory (`memory.ts`, for tests and development). One contract suite runs over each
 * (test/integration/ledger/ledger-store.shared.ts), so a behaviour the ledger relies on holds on all of them.
 */
export interface LedgerStore extends LedgerStatements {
  /** Runs `work` as one transaction: all of it or (when it throws) none of it, isolated from the others. */
  transaction<T>(work: (tx: LedgerStatements) => Promise<T>): Promise<T>;
  /** The record of a caller's key, if any. */
  findOperation(callerId: string, idempotencyKey: string): Promise<OperationRecord | undefined>;
  /** The records written to these proposals, oldest first (by creation, then id). */
  operationsOf(proposalIds: readonly string[]): Promise<OperationRecord[]>;
  /**
   * Up to `limit` records nobody is settling, least recently touched first: `unknown` ones last
   * touched at or before `settledBefore`, and `in_progress` ones whose lease ended before `now`.
   */
  unsettled(settledBefore: Date, now: Date, limit: number): Promise<OperationRecord[]>;
  /** How many records are in each state (states without one are absent). */
  countByState(): Promise<Array<{ state: OperationState; count: number }>>;
  /** The proposals with these ids (ids not on record are absent), in no order. */
  proposalsByIds(proposalIds: readonly string[]): Promise<ProposalRow[]>;
  /** The proposals with an operation code, of one caller or (null) of all, newest first. */
  proposalsByOperationCode(operationCode: string, callerId: string | null): Promise<ProposalRow[]>;
  /**
   * Up to `limit` proposals of one caller or (null) of all, newest first (creation time, then id
   * descending; `direction: 'asc'` oldest first), after `after` in that order (`inclusive`: the
   * proposal at `after` too).
   */
  proposals(
    callerId: string | null,
    limit: number,
    after?: { createdAt: Date; proposalId: string },
    options?: { direction?: 'asc' | 'desc'; inclusive?: boolean },
  ): Promise<ProposalRow[]>;
  /** How many proposals one caller or (null) every caller has on record. */
  countProposals(callerId: string | null): Promise<number>;
  /** Resolves when the store answers (readiness); rejects when it does not. */
  ping(): Promise<void>;
}
