import { type Kysely, sql } from 'kysely';

/**
 * The operations ledger: one row per (caller, idempotency key), recorded before the partner is
 * called, and the proposals each caller created through the graph. Landed: never edit, add a
 * migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_operations')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('caller_id', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('upstream_key', 'text', (col) => col.notNull())
    .addColumn('proposal_id', 'text')
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('in_progress', 'succeeded', 'rejected', 'failed', 'unknown')`))
    .addColumn('lease_token', 'uuid')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('probe', 'jsonb')
    .addColumn('outcome', 'jsonb')
    .addColumn('details', 'jsonb')
    .addColumn('resolution', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('ledger_operations_caller_key', ['caller_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('ledger_operations_proposal')
    .on('ledger_operations')
    .columns(['proposal_id', 'created_at'])
    .where(sql.ref('proposal_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_operations_unsettled')
    .on('ledger_operations')
    .columns(['state', 'updated_at'])
    .where(sql<boolean>`state in ('in_progress', 'unknown')`)
    .execute();

  await db.schema
    .createTable('ledger_proposals')
    .addColumn('proposal_id', 'text', (col) => col.primaryKey())
    .addColumn('caller_id', 'text', (col) => col.notNull())
    .addColumn('number', 'integer')
    .addColumn('operation_code', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('operation_id', 'uuid', (col) => col.notNull().references('ledger_operations.id'))
    .execute();
  await db.schema.createIndex('ledger_proposals_caller').on('ledger_proposals').columns(['caller_id', 'created_at desc', 'proposal_id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_proposals').execute();
  await db.schema.dropTable('ledger_operations').execute();
}
