import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type LedgerTables } from '../database.js';
import { type AccessChainsTable, type AccessRecordsTable } from './tables.js';
import { type AccessCursor, type AccessFilter, type AccessKeys, type AccessRecord, type ChainState, GENESIS_HASH, type PendingAccess } from './record.js';
import { type AccessStore, sealAfter } from './store.js';

const COLUMN_TYPES =
  'id uuid, chain text, seq bigint, at timestamptz, caller_id text, request_id text, action text, kind text, fields jsonb, subject_hmac text, proposal_id text, outcome text, purpose text, prev_hash text, hash text';
const COLUMNS = COLUMN_TYPES.split(', ')
  .map((column) => column.split(' ')[0])
  .join(', ');

function recordOf(row: Selectable<AccessRecordsTable>): AccessRecord {
  return {
    id: row.id,
    chain: row.chain,
    seq: Number(row.seq),
    at: row.at,
    callerId: row.caller_id,
    requestId: row.request_id,
    action: row.action,
    kind: row.kind,
    fields: row.fields,
    subjectHmac: row.subject_hmac,
    proposalId: row.proposal_id,
    outcome: row.outcome as AccessRecord['outcome'],
    purpose: row.purpose,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

const chainOf = (row: Selectable<AccessChainsTable>): ChainState => ({
  chain: row.chain,
  headSeq: Number(row.head_seq),
  headHash: row.head_hash,
  anchorSeq: Number(row.anchor_seq),
  anchorHash: row.anchor_hash,
});

/** The chain's head row, created when absent, locked until the transaction ends. */
async function lockChain(tx: Transaction<LedgerTables>, chain: string): Promise<ChainState> {
  await tx
    .insertInto('ledger_access_chains')
    .values({ chain, head_seq: 0, head_hash: GENESIS_HASH, anchor_seq: 0, anchor_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('chain').doNothing())
    .execute();
  return chainOf(await tx.selectFrom('ledger_access_chains').selectAll().where('chain', '=', chain).forUpdate().executeTakeFirstOrThrow());
}

/** Access records in the ledger's PostgreSQL or PGlite database. */
export class SqlAccessStore implements AccessStore {
  constructor(readonly kysely: Kysely<LedgerTables>) {}

  async append(chain: string, records: readonly PendingAccess[], keys: Pick<AccessKeys, 'seal'>): Promise<number> {
    if (records.length === 0) {
      return 0;
    }
    return this.kysely.transaction().execute(async (tx) => {
      const head = await lockChain(tx, chain);
      // One JSON parameter per statement, not 15 per record: a batch costs one small statement to build and send.
      const ids = JSON.stringify(records.map((r) => r.id));
      const known = new Set(
        (
          await sql<{ id: string }>`select id from ledger_access_records where id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`.execute(tx)
        ).rows.map((r) => r.id),
      );
      const sealed = sealAfter(
        chain,
        { seq: head.headSeq, hash: head.headHash },
        records.filter((r) => !known.has(r.id)),
        keys,
      );
      const last = sealed[sealed.length - 1];
      if (last === undefined) {
        return 0;
      }
      const rows = JSON.stringify(
        sealed.map((r) => ({
          id: r.id,
          chain: r.chain,
          seq: r.seq,
          at: r.at.toISOString(),
          caller_id: r.callerId,
          request_id: r.requestId,
          action: r.action,
          kind: r.kind,
          fields: r.fields,
          subject_hmac: r.subjectHmac,
          proposal_id: r.proposalId,
          outcome: r.outcome,
          purpose: r.purpose,
          prev_hash: r.prevHash,
          hash: r.hash,
        })),
      );
      await sql`insert into ledger_access_records (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)}
        from jsonb_to_recordset(${rows}::jsonb) as r(${sql.raw(COLUMN_TYPES)})`.execute(tx);
      await tx.updateTable('ledger_access_chains').set({ head_seq: last.seq, head_hash: last.hash }).where('chain', '=', chain).execute();
      return sealed.length;
    });
  }

  async find(filter: AccessFilter, limit: number, after?: AccessCursor): Promise<AccessRecord[]> {
    let query = this.kysely.selectFrom('ledger_access_records').selectAll();
    if (filter.subjectHmac !== undefined) {
      query = query.where('subject_hmac', '=', filter.subjectHmac);
    }
    if (filter.callerId !== undefined) {
      query = query.where('caller_id', '=', filter.callerId);
    }
    if (filter.proposalId !== undefined) {
      query = query.where('proposal_id', '=', filter.proposalId);
    }
    if (filter.from !== undefined) {
      query = query.where('at', '>=', filter.from);
    }
    if (filter.to !== undefined) {
      query = query.where('at', '<', filter.to);
    }
    if (after !== undefined) {
      query = query.where((eb) => eb.or([eb('at', '<', after.at), eb.and([eb('at', '=', after.at), eb('id', '<', after.id)])]));
    }
    const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(recordOf);
  }

  async purge(before: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const { chain } of await this.chains()) {
      deleted += await this.kysely.transaction().execute(async (tx) => {
        await lockChain(tx, chain);
        const oldest = await tx
          .selectFrom('ledger_access_records')
          .select(['seq', 'at', 'hash'])
          .where('chain', '=', chain)
          .orderBy('seq')
          .limit(limit)
          .execute();
        const kept = oldest.findIndex((r) => r.at >= before);
        const count = kept === -1 ? oldest.length : kept;
        const last = oldest[count - 1];
        if (last === undefined) {
          return 0;
        }
        await tx.deleteFrom('ledger_access_records').where('chain', '=', chain).where('seq', '<=', Number(last.seq)).execute();
        await tx
          .updateTable('ledger_access_chains')
          .set({ anchor_seq: Number(last.seq), anchor_hash: last.hash })
          .where('chain', '=', chain)
          .execute();
        return count;
      });
    }
    return deleted;
  }

  async chains(): Promise<ChainState[]> {
    return (await this.kysely.selectFrom('ledger_access_chains').selectAll().orderBy('chain').execute()).map(chainOf);
  }

  async chainRecords(chain: string, afterSeq: number, limit: number): Promise<AccessRecord[]> {
    const rows = await this.kysely
      .selectFrom('ledger_access_records')
      .selectAll()
      .where('chain', '=', chain)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map(recordOf);
  }
}
