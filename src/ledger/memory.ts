import { type OperationState } from './database.js';
import type * as Store from './store.js';

/** A record as kept: JSON columns as the JSON text written (parsed afresh on every read, like jsonb). */
interface StoredOperation extends Omit<Store.OperationRecord, 'probe' | 'outcome' | 'details'> {
  probe: string | null;
  outcome: string | null;
  details: string | null;
}

const STATES: ReadonlySet<string> = new Set<OperationState>(['in_progress', 'succeeded', 'rejected', 'failed', 'unknown']);

/** The tables: rows are never changed in place (an update stores a new object), so a copy of the maps is a snapshot. */
interface Tables {
  operations: Map<string, StoredOperation>;
  /** `caller_id` and `idempotency_key` (the unique key) to the record's id. */
  keys: Map<string, string>;
  proposals: Map<string, Store.NewProposal>;
}

const keyOf = (callerId: string, idempotencyKey: string): string => JSON.stringify([callerId, idempotencyKey]);
const copyDate = (date: Date | null): Date | null => (date === null ? null : new Date(date.getTime()));
const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function read(row: StoredOperation): Store.OperationRecord {
  return {
    ...row,
    lease_until: copyDate(row.lease_until),
    created_at: new Date(row.created_at.getTime()),
    sent_at: copyDate(row.sent_at),
    updated_at: new Date(row.updated_at.getTime()),
    finished_at: copyDate(row.finished_at),
    probe: parse(row.probe),
    outcome: parse(row.outcome),
    details: parse(row.details),
  };
}

function readProposal(row: Store.NewProposal): Store.ProposalRow {
  return {
    proposal_id: row.proposal_id,
    caller_id: row.caller_id,
    number: row.number,
    operation_code: row.operation_code,
    created_at: new Date(row.created_at.getTime()),
  };
}

/** Newest first: creation time, then id, both descending (text compared by code unit, like the C collation). */
function newestFirst(a: Store.ProposalRow, b: Store.ProposalRow): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.proposal_id < b.proposal_id ? 1 : a.proposal_id > b.proposal_id ? -1 : 0);
}

/** The NOT NULL columns of each table (the rest may be null). */
const REQUIRED = {
  ledger_operations: ['id', 'caller_id', 'idempotency_key', 'operation', 'request_hash', 'upstream_key', 'state', 'attempts', 'created_at', 'updated_at'],
  ledger_proposals: ['proposal_id', 'caller_id', 'created_at', 'operation_id'],
} as const;

function checkRequired(table: keyof typeof REQUIRED, row: object): void {
  for (const column of REQUIRED[table]) {
    const value = (row as Record<string, unknown>)[column];
    if (value === null || value === undefined) {
      throw new Error(`${table}: null value in column ${column} violates its not-null constraint`);
    }
  }
}

function checkState(state: string): void {
  if (!STATES.has(state)) {
    throw new Error(`ledger_operations: state ${JSON.stringify(state)} violates its check constraint`);
  }
}

/** The statements over the tables (each runs to its end without a pause: atomic). */
class MemoryStatements implements Store.LedgerStatements {
  constructor(protected readonly tables: () => Tables) {}

  async insertOperation(row: Store.NewOperation): Promise<Store.OperationRecord | undefined> {
    const t = this.tables();
    const key = keyOf(row.caller_id, row.idempotency_key);
    if (t.keys.has(key)) {
      return undefined;
    }
    if (t.operations.has(row.id)) {
      throw new Error(`ledger_operations: duplicate id ${row.id}`);
    }
    checkRequired('ledger_operations', row);
    checkState(row.state);
    const stored: StoredOperation = {
      ...row,
      lease_until: copyDate(row.lease_until),
      created_at: new Date(row.created_at.getTime()),
      sent_at: copyDate(row.sent_at),
      updated_at: new Date(row.updated_at.getTime()),
      resolution: null,
      finished_at: null,
    };
    t.operations.set(row.id, stored);
    t.keys.set(key, row.id);
    return read(stored);
  }

  async lockOperation(callerId: string, idempotencyKey: string): Promise<Store.OperationRecord | undefined> {
    // Transactions run one at a time: the record is this transaction's until it ends.
    return this.find(callerId, idempotencyKey);
  }

  async updateOperation(id: string, patch: Store.OperationPatch, guard: Store.OperationGuard = {}): Promise<Store.OperationRecord | undefined> {
    const t = this.tables();
    const row = t.operations.get(id);
    if (row === undefined || !holds(row, guard)) {
      return undefined;
    }
    const { addAttempts, ...columns } = patch;
    const next: StoredOperation = { ...row };
    for (const [column, value] of Object.entries(columns) as Array<[keyof typeof columns, unknown]>) {
      if (value !== undefined) {
        (next as unknown as Record<string, unknown>)[column] = value instanceof Date ? new Date(value.getTime()) : value;
      }
    }
    if (addAttempts !== undefined) {
      next.attempts = row.attempts + addAttempts;
    }
    checkRequired('ledger_operations', next);
    checkState(next.state);
    t.operations.set(id, next);
    return read(next);
  }

  async insertProposal(row: Store.NewProposal): Promise<void> {
    const t = this.tables();
    checkRequired('ledger_proposals', row);
    if (t.proposals.has(row.proposal_id)) {
      return;
    }
    if (!t.operations.has(row.operation_id)) {
      throw new Error(`ledger_proposals: operation ${row.operation_id} is not on record`);
    }
    t.proposals.set(row.proposal_id, { ...row, created_at: new Date(row.created_at.getTime()) });
  }

  protected find(callerId: string, idempotencyKey: string): Store.OperationRecord | undefined {
    const t = this.tables();
    const id = t.keys.get(keyOf(callerId, idempotencyKey));
    const row = id === undefined ? undefined : t.operations.get(id);
    return row === undefined ? undefined : read(row);
  }
}

function holds(row: StoredOperation, guard: Store.OperationGuard): boolean {
  if (guard.leaseToken !== undefined && row.lease_token !== guard.leaseToken) {
    return false;
  }
  const at = guard.inDoubtAt;
  return at === undefined || row.state === 'unknown' || (row.state === 'in_progress' && row.lease_until !== null && row.lease_until.getTime() < at.getTime());
}

/**
 * The ledger's records in memory, with the SQL store's semantics: the unique (caller, key), a
 * proposal recorded once, JSON columns read back as fresh copies, guarded updates, and
 * transactions that are all or nothing and isolated (they run one at a time, and every statement
 * outside one waits for it to end). For tests (the ledger's unit and mutation tests) and
 * development; it keeps nothing across a restart, so it is never the production store.
 */
export class MemoryLedgerStore extends MemoryStatements implements Store.LedgerStore {
  #tables: Tables = { operations: new Map(), keys: new Map(), proposals: new Map() };
  /** The end of the last transaction or statement queued: each waits for the one before. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor() {
    super(() => this.#tables);
  }

  /** Runs `step` once everything queued before it has ended. */
  #serial<T>(step: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  transaction<T>(work: (tx: Store.LedgerStatements) => Promise<T>): Promise<T> {
    return this.#serial(async () => {
      const before = this.#tables;
      this.#tables = { operations: new Map(before.operations), keys: new Map(before.keys), proposals: new Map(before.proposals) };
      try {
        return await work(new MemoryStatements(() => this.#tables));
      } catch (error) {
        this.#tables = before;
        throw error;
      }
    });
  }

  override insertOperation(row: Store.NewOperation): Promise<Store.OperationRecord | undefined> {
    return this.#serial(() => super.insertOperation(row));
  }

  override lockOperation(callerId: string, idempotencyKey: string): Promise<Store.OperationRecord | undefined> {
    return this.#serial(() => super.lockOperation(callerId, idempotencyKey));
  }

  override updateOperation(id: string, patch: Store.OperationPatch, guard?: Store.OperationGuard): Promise<Store.OperationRecord | undefined> {
    return this.#serial(() => super.updateOperation(id, patch, guard));
  }

  override insertProposal(row: Store.NewProposal): Promise<void> {
    return this.#serial(() => super.insertProposal(row));
  }

  findOperation(callerId: string, idempotencyKey: string): Promise<Store.OperationRecord | undefined> {
    return this.#serial(async () => this.find(callerId, idempotencyKey));
  }

  operationsOf(proposalIds: readonly string[]): Promise<Store.OperationRecord[]> {
    return this.#serial(async () => {
      const wanted = new Set(proposalIds);
      return [...this.#tables.operations.values()]
        .filter((row) => row.proposal_id !== null && wanted.has(row.proposal_id))
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map(read);
    });
  }

  unsettled(settledBefore: Date, now: Date, limit: number): Promise<Store.OperationRecord[]> {
    return this.#serial(async () =>
      [...this.#tables.operations.values()]
        .filter(
          (row) =>
            (row.state === 'unknown' && row.updated_at.getTime() <= settledBefore.getTime()) ||
            (row.state === 'in_progress' && row.lease_until !== null && row.lease_until.getTime() < now.getTime()),
        )
        .sort((a, b) => a.updated_at.getTime() - b.updated_at.getTime())
        .slice(0, Math.max(0, limit))
        .map(read),
    );
  }

  countByState(): Promise<Array<{ state: OperationState; count: number }>> {
    return this.#serial(async () => {
      const counts = new Map<OperationState, number>();
      for (const row of this.#tables.operations.values()) {
        counts.set(row.state, (counts.get(row.state) ?? 0) + 1);
      }
      return [...counts].map(([state, count]) => ({ state, count }));
    });
  }

  proposalsByIds(proposalIds: readonly string[]): Promise<Store.ProposalRow[]> {
    return this.#serial(async () => {
      const found: Store.ProposalRow[] = [];
      for (const id of new Set(proposalIds)) {
        const row = this.#tables.proposals.get(id);
        if (row !== undefined) {
          found.push(readProposal(row));
        }
      }
      return found;
    });
  }

  proposalsByOperationCode(operationCode: string, callerId: string | null): Promise<Store.ProposalRow[]> {
    return this.#serial(async () => this.#proposalRows(callerId).filter((row) => row.operation_code === operationCode));
  }

  proposals(
    callerId: string | null,
    limit: number,
    after?: { createdAt: Date; proposalId: string },
    options: { direction?: 'asc' | 'desc'; inclusive?: boolean } = {},
  ): Promise<Store.ProposalRow[]> {
    return this.#serial(async () => {
      const cursor: Store.ProposalRow | undefined =
        after === undefined ? undefined : { proposal_id: after.proposalId, caller_id: '', number: null, operation_code: null, created_at: after.createdAt };
      const rows = this.#proposalRows(callerId);
      if (options.direction === 'asc') {
        rows.reverse();
      }
      // Newest first: rows after the cursor compare above it; oldest first, below it.
      const sign = options.direction === 'asc' ? -1 : 1;
      return rows
        .filter((row) => {
          if (cursor === undefined) {
            return true;
          }
          const order = sign * newestFirst(cursor, row);
          return order < 0 || (options.inclusive === true && order === 0);
        })
        .slice(0, Math.max(0, limit));
    });
  }

  countProposals(callerId: string | null): Promise<number> {
    return this.#serial(async () => this.#proposalRows(callerId).length);
  }

  async ping(): Promise<void> {
    await this.#serial(async () => undefined);
  }

  /** A caller's proposals (every caller's when null), newest first. */
  #proposalRows(callerId: string | null): Store.ProposalRow[] {
    return [...this.#tables.proposals.values()]
      .filter((row) => callerId === null || row.caller_id === callerId)
      .map(readProposal)
      .sort(newestFirst);
  }
}
