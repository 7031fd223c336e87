import { type Kysely, sql } from 'kysely';

/**
 * The access record: who read whose personal data and who wrote what, append-only (a trigger refuses
 * every update), each record sealed to the one before it in its chain by a keyed hash, and the head
 * and purge anchor of each chain. Landed: never edit, add a migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_access_records')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('chain', 'text', (col) => col.notNull())
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('caller_id', 'text', (col) => col.notNull())
    .addColumn('request_id', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('read', 'write')`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('subject_hmac', 'text')
    .addColumn('proposal_id', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text')
    .addColumn('prev_hash', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addUniqueConstraint('ledger_access_records_chain_seq', ['chain', 'seq'])
    .execute();
  // Partial where most rows hold null (reads name no proposal): each insert maintains fewer entries.
  await db.schema
    .createIndex('ledger_access_records_subject')
    .on('ledger_access_records')
    .columns(['subject_hmac', 'at desc', 'id desc'])
    .where(sql.ref('subject_hmac'), 'is not', null)
    .execute();
  await db.schema.createIndex('ledger_access_records_caller').on('ledger_access_records').columns(['caller_id', 'at desc', 'id desc']).execute();
  await db.schema
    .createIndex('ledger_access_records_proposal')
    .on('ledger_access_records')
    .columns(['proposal_id', 'at desc', 'id desc'])
    .where(sql.ref('proposal_id'), 'is not', null)
    .execute();
  await db.schema
    .createTable('ledger_access_chains')
    .addColumn('chain', 'text', (col) => col.primaryKey())
    .addColumn('head_seq', 'bigint', (col) => col.notNull())
    .addColumn('head_hash', 'text', (col) => col.notNull())
    .addColumn('anchor_seq', 'bigint', (col) => col.notNull())
    .addColumn('anchor_hash', 'text', (col) => col.notNull())
    .execute();
  await sql`create function ledger_access_records_append_only() returns trigger language plpgsql as $$
    begin raise exception 'ledger_access_records is append-only'; end $$`.execute(db);
  await sql`create trigger ledger_access_records_no_update before update on ledger_access_records
    for each row execute function ledger_access_records_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_access_chains').execute();
  await db.schema.dropTable('ledger_access_records').execute();
  await sql`drop function ledger_access_records_append_only()`.execute(db);
}
