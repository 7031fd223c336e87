import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { type LedgerTables } from '../database.js';
import { type AccessChainsTable, type AccessRecordsTable } from './tables.js';
import {
  type AccessCursor,
  type AccessFilter,
  type AccessKeys,
  type AccessRecord,
  accessLine,
  type ChainState,
  GENESIS_HASH,
  linkContent,
  type PendingAccess,
  sealedContent,
} from './record.js';
import { type AccessStore, type AppendHints } from './store.js';

const COLUMNS = 'id, chain, seq, at, caller_id, request_id, action, kind, fields, subject_hmac, proposal_id, outcome, purpose, prev_hash, hash';
/** A row as sent (`[id, chain, seq, at, ..., purpose, prevHash, hash]`: a record's sealed content with its previous hash and its link or seal), read into COLUMNS. */
const ROW = '(e->>0)::uuid, e->>1, (e->>2)::bigint, (e->>3)::timestamptz, e->>4, e->>5, e->>6, e->>7, e->8, e->>9, e->>10, e->>11, e->>12, e->>13, e->>14';

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

/** The chain's head row, locked until the transaction ends; created first when absent (once per chain). */
async function lockChain(tx: Transaction<LedgerTables>, chain: string): Promise<ChainState> {
  const locked = await tx.selectFrom('ledger_access_chains').selectAll().where('chain', '=', chain).forUpdate().executeTakeFirst();
  if (locked !== undefined) {
    return chainOf(locked);
  }
  await tx
    .insertInto('ledger_access_chains')
    .values({ chain, head_seq: 0, head_hash: GENESIS_HASH, anchor_seq: 0, anchor_hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('chain').doNothing())
    .execute();
  return chainOf(await tx.selectFrom('ledger_access_chains').selectAll().where('chain', '=', chain).forUpdate().executeTakeFirstOrThrow());
}

/**
 * A batch sealed after a head: its rows as one JSON parameter (an array of arrays, as ROW reads them),
 * how many, and the chain's new head. The rows are joined as they are made: nothing per record is
 * kept across the insert's round trip, so under load they die young instead of being promoted to the
 * old generation (the graph runs with a young generation of 8 MiB semi-spaces: package.json's start).
 */
interface SealedBatch {
  rows: string;
  count: number;
  seq: number;
  hash: string;
}

function sealBatch(
  chain: string,
  records: readonly PendingAccess[],
  keys: Pick<AccessKeys, 'sealContent'>,
  lines: readonly string[] | undefined,
  head: { seq: number; hash: string },
  known: Set<string> | undefined,
): SealedBatch {
  let { seq, hash } = head;
  const rows: string[] = [];
  // The batch's last record to append carries the seal; the others a link (record.ts).
  let last = records.length - 1;
  while (last >= 0 && known?.has((records[last] as PendingAccess).id) === true) {
    last -= 1;
  }
  for (let i = 0; i <= last; i += 1) {
    const record = records[i] as PendingAccess;
    if (known?.has(record.id) === true) {
      continue;
    }
    seq += 1;
    const prevHash = hash;
    const content = sealedContent(lines?.[i] ?? accessLine(record), record.id, chain, seq);
    hash = i === last ? keys.sealContent(prevHash, content) : linkContent(prevHash, content);
    // The content is a JSON array: the hashes (hex, no escaping) are added before its closing bracket.
    rows.push(`${content.slice(0, -1)},"${prevHash}","${hash}"]`);
  }
  // One flat string, made here: the array and its pieces are garbage before the round trip starts.
  return { rows: `[${rows.join(',')}]`, count: rows.length, seq, hash };
}

/** Access records in the ledger's PostgreSQL or PGlite database. */
export class SqlAccessStore implements AccessStore {
  /** Each chain's head as this store last wrote it: the next fresh batch is sealed after it without a lock. */
  private readonly heads = new Map<string, { seq: number; hash: string }>();

  constructor(readonly kysely: Kysely<LedgerTables>) {}

  async append(chain: string, records: readonly PendingAccess[], keys: Pick<AccessKeys, 'sealContent'>, hints: AppendHints = {}): Promise<number> {
    if (records.length === 0) {
      return 0;
    }
    const last = this.heads.get(chain);
    if (hints.fresh === true && last !== undefined) {
      // One statement, no transaction: the head moves, and the rows go in, only if it is still the head
      // they were sealed after; another writer having moved it, the locked path below seals them again.
      this.heads.delete(chain);
      const batch = sealBatch(chain, records, keys, hints.lines, last, undefined);
      const { rows } = await sql<{ moved: number }>`with head as (
          update ledger_access_chains set head_seq = ${batch.seq}, head_hash = ${batch.hash}
          where chain = ${chain} and head_seq = ${last.seq} and head_hash = ${last.hash} returning chain),
        inserted as (insert into ledger_access_records (${sql.raw(COLUMNS)})
          select ${sql.raw(ROW)} from head, jsonb_array_elements(${batch.rows}::jsonb) as e)
        select count(*)::int as moved from head`.execute(this.kysely);
      if (rows[0]?.moved === 1) {
        this.heads.set(chain, { seq: batch.seq, hash: batch.hash });
        return batch.count;
      }
    }
    const batch = await this.kysely.transaction().execute(async (tx) => {
      const head = await lockChain(tx, chain);
      let known: Set<string> | undefined;
      if (hints.fresh !== true) {
        // One JSON parameter per statement, not one per record.
        const ids = JSON.stringify(records.map((r) => r.id));
        known = new Set(
          (
            await sql<{ id: string }>`select id from ledger_access_records where id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`.execute(tx)
          ).rows.map((r) => r.id),
        );
      }
      const sealed = sealBatch(chain, records, keys, hints.lines, { seq: head.headSeq, hash: head.headHash }, known);
      if (sealed.count > 0) {
        // The rows and the chain's new head in one statement: one round trip.
        await sql`with inserted as (insert into ledger_access_records (${sql.raw(COLUMNS)})
          select ${sql.raw(ROW)} from jsonb_array_elements(${sealed.rows}::jsonb) as e)
          update ledger_access_chains set head_seq = ${sealed.seq}, head_hash = ${sealed.hash} where chain = ${chain}`.execute(tx);
      }
      return { seq: sealed.seq, hash: sealed.hash, count: sealed.count };
    });
    // Only once committed: a head noted from a transaction that failed could only send the next batch down this path again.
    this.heads.set(chain, { seq: batch.seq, hash: batch.hash });
    return batch.count;
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
