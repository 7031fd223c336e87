import { type Kysely, sql, type Transaction } from 'kysely';
import { type LedgerTables, type OperationState } from './database.js';
import {
  type LedgerStatements,
  type LedgerStore,
  type NewOperation,
  type NewProposal,
  type OperationGuard,
  type OperationPatch,
  type OperationRecord,
  type ProposalRow,
} from './store.js';

type Db = Kysely<LedgerTables> | Transaction<LedgerTables>;

const PROPOSAL_COLUMNS = ['proposal_id', 'caller_id', 'number', 'operation_code', 'created_at'] as const;

/** The ledger's statements over PostgreSQL or PGlite (a transaction's, or the database's own). */
class SqlStatements implements LedgerStatements {
  constructor(protected readonly db: Db) {}

  async insertOperation(row: NewOperation): Promise<OperationRecord | undefined> {
    return this.db
      .insertInto('ledger_operations')
      .values(row)
      .onConflict((oc) => oc.columns(['caller_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async lockOperation(callerId: string, idempotencyKey: string): Promise<OperationRecord | undefined> {
    return this.db
      .selectFrom('ledger_operations')
      .selectAll()
      .where('caller_id', '=', callerId)
      .where('idempotency_key', '=', idempotencyKey)
      .forUpdate()
      .executeTakeFirst();
  }

  async updateOperation(id: string, patch: OperationPatch, guard: OperationGuard = {}): Promise<OperationRecord | undefined> {
    const { addAttempts, ...columns } = patch;
    let query = this.db
      .updateTable('ledger_operations')
      .set((eb) => ({ ...columns, ...(addAttempts === undefined ? {} : { attempts: eb('attempts', '+', addAttempts) }) }))
      .where('id', '=', id);
    if (guard.leaseToken !== undefined) {
      query = query.where('lease_token', '=', guard.leaseToken);
    }
    const at = guard.inDoubtAt;
    if (at !== undefined) {
      query = query.where((eb) => eb.or([eb('state', '=', 'unknown'), eb.and([eb('state', '=', 'in_progress'), eb('lease_until', '<', at)])]));
    }
    return query.returningAll().executeTakeFirst();
  }

  async insertProposal(row: NewProposal): Promise<void> {
    await this.db
      .insertInto('ledger_proposals')
      .values(row)
      .onConflict((oc) => oc.column('proposal_id').doNothing())
      .execute();
  }
}

/** The ledger's records in PostgreSQL or PGlite, through Kysely (the production store). */
export class SqlLedgerStore extends SqlStatements implements LedgerStore {
  constructor(readonly kysely: Kysely<LedgerTables>) {
    super(kysely);
  }

  async transaction<T>(work: (tx: LedgerStatements) => Promise<T>): Promise<T> {
    return this.kysely.transaction().execute((tx) => work(new SqlStatements(tx)));
  }

  async findOperation(callerId: string, idempotencyKey: string): Promise<OperationRecord | undefined> {
    return this.kysely
      .selectFrom('ledger_operations')
      .selectAll()
      .where('caller_id', '=', callerId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  async operationsOf(proposalIds: readonly string[]): Promise<OperationRecord[]> {
    return this.kysely
      .selectFrom('ledger_operations')
      .selectAll()
      .where('proposal_id', 'in', [...proposalIds])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async unsettled(settledBefore: Date, now: Date, limit: number): Promise<OperationRecord[]> {
    return this.kysely
      .selectFrom('ledger_operations')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'unknown'), eb('updated_at', '<=', settledBefore)]),
          eb.and([eb('state', '=', 'in_progress'), eb('lease_until', '<', now)]),
        ]),
      )
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  async countByState(): Promise<Array<{ state: OperationState; count: number }>> {
    const rows = await this.kysely
      .selectFrom('ledger_operations')
      .select(['state', sql<string>`count(*)::text`.as('count')])
      .groupBy('state')
      .execute();
    return rows.map((r) => ({ state: r.state, count: Number(r.count) }));
  }

  async proposalsByIds(proposalIds: readonly string[]): Promise<ProposalRow[]> {
    return this.kysely
      .selectFrom('ledger_proposals')
      .select(PROPOSAL_COLUMNS)
      .where('proposal_id', 'in', [...proposalIds])
      .execute();
  }

  async proposalsByOperationCode(operationCode: string, callerId: string | null): Promise<ProposalRow[]> {
    let query = this.kysely.selectFrom('ledger_proposals').select(PROPOSAL_COLUMNS).where('operation_code', '=', operationCode);
    if (callerId !== null) {
      query = query.where('caller_id', '=', callerId);
    }
    return query.orderBy('created_at', 'desc').orderBy('proposal_id', 'desc').execute();
  }

  async proposals(
    callerId: string | null,
    limit: number,
    after?: { createdAt: Date; proposalId: string },
    options: { direction?: 'asc' | 'desc'; inclusive?: boolean } = {},
  ): Promise<ProposalRow[]> {
    const direction = options.direction ?? 'desc';
    let query = this.kysely.selectFrom('ledger_proposals').select(PROPOSAL_COLUMNS);
    if (callerId !== null) {
      query = query.where('caller_id', '=', callerId);
    }
    if (after !== undefined) {
      const beyond = direction === 'desc' ? '<' : '>';
      const beyondId = options.inclusive === true ? (direction === 'desc' ? '<=' : '>=') : beyond;
      query = query.where((eb) =>
        eb.or([eb('created_at', beyond, after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('proposal_id', beyondId, after.proposalId)])]),
      );
    }
    return query.orderBy('created_at', direction).orderBy('proposal_id', direction).limit(limit).execute();
  }

  async countProposals(callerId: string | null): Promise<number> {
    let query = this.kysely.selectFrom('ledger_proposals').select(sql<string>`count(*)::text`.as('count'));
    if (callerId !== null) {
      query = query.where('caller_id', '=', callerId);
    }
    const row = await query.executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.kysely);
  }
}
