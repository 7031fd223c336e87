import { type Kysely, sql } from 'kysely';

/**
 * Documents sent through `POST /uploads`, held in the ledger's database so that every replica can
 * attach them and a restart keeps them: one row per upload (its caller, size, hash, expiry and the
 * idempotency key that attached it) and its bytes in chunks. Landed: never edit, add a migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_uploads')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('caller_id', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('receiving', 'stored')`))
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('sha256', 'text')
    .addColumn('attached_key', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ledger_uploads_expiry').on('ledger_uploads').columns(['expires_at']).execute();
  await db.schema.createIndex('ledger_uploads_caller').on('ledger_uploads').columns(['caller_id', 'expires_at']).execute();
  await db.schema
    .createTable('ledger_upload_chunks')
    .addColumn('upload_id', 'uuid', (col) => col.notNull().references('ledger_uploads.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_upload_chunks_pk', ['upload_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_upload_chunks').execute();
  await db.schema.dropTable('ledger_uploads').execute();
}
