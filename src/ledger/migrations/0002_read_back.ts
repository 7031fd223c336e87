import { type Kysely } from 'kysely';

/**
 * Read-back indexes: a proposal by the operation code it was created with (ownership of
 * `proposal(operationCode:)`), and every caller's proposals newest first (`viewer.proposals` with
 * `proposals.all`). Landed: never edit, add a migration instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ledger_proposals_operation_code').on('ledger_proposals').columns(['operation_code', 'created_at desc']).execute();
  await db.schema.createIndex('ledger_proposals_newest').on('ledger_proposals').columns(['created_at desc', 'proposal_id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_proposals_newest').execute();
  await db.schema.dropIndex('ledger_proposals_operation_code').execute();
}
