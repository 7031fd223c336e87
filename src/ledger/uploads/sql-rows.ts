import { type Kysely, sql } from 'kysely';
import { type LedgerTables } from '../database.js';
import { LedgerUnavailableError } from '../errors.js';
import { type BoundRefusal, type StoredUploadRow, type UploadBounds, type UploadRows } from './rows.js';

/** The advisory lock reservations take: the bounds are checked and the size raised by one replica at a time. */
const RESERVE_LOCK = 4_201_770_523;

/** The upload statements over PostgreSQL or PGlite, in the ledger's database (migration 0004_uploads). */
export class SqlUploadRows implements UploadRows {
  constructor(readonly kysely: Kysely<LedgerTables>) {}

  async start(row: { id: string; callerId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.kysely
      .insertInto('ledger_uploads')
      .values({ id: row.id, caller_id: row.callerId, state: 'receiving', size_bytes: 0, created_at: row.createdAt, expires_at: row.expiresAt })
      .execute();
  }

  async reserve(id: string, callerId: string, bytes: number, now: Date, bounds: UploadBounds): Promise<BoundRefusal | undefined> {
    return this.kysely.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${RESERVE_LOCK})`.execute(tx);
      const held = await tx
        .selectFrom('ledger_uploads')
        .select([
          sql<string>`coalesce(sum(size_bytes), 0)::text`.as('all'),
          sql<string>`coalesce(sum(size_bytes) filter (where caller_id = ${callerId}), 0)::text`.as('mine'),
        ])
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(held.mine) + bytes > bounds.maxCallerBytes) {
        return 'caller-full';
      }
      if (Number(held.all) + bytes > bounds.maxStoredBytes) {
        return 'store-full';
      }
      const updated = await tx
        .updateTable('ledger_uploads')
        .set({ size_bytes: sql`size_bytes + ${bytes}` })
        .where('id', '=', id)
        .where('state', '=', 'receiving')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        throw new LedgerUnavailableError('the upload was purged while it arrived');
      }
      return undefined;
    });
  }

  async writeChunk(id: string, seq: number, bytes: Buffer): Promise<void> {
    // As base64 text decoded by the server: PGlite serializes a bytea parameter several times slower (bench/README.md).
    await this.kysely
      .insertInto('ledger_upload_chunks')
      .values({ upload_id: id, seq, bytes: sql<Uint8Array>`decode(${bytes.toString('base64')}, 'base64')` })
      .execute();
  }

  async finish(id: string, sha256: string, expiresAt: Date): Promise<void> {
    const updated = await this.kysely
      .updateTable('ledger_uploads')
      .set({ state: 'stored', sha256, expires_at: expiresAt })
      .where('id', '=', id)
      .where('state', '=', 'receiving')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new LedgerUnavailableError('the upload was purged while it arrived');
    }
  }

  async remove(id: string): Promise<void> {
    await this.kysely.deleteFrom('ledger_uploads').where('id', '=', id).execute();
  }

  async attach(id: string, callerId: string, key: string, now: Date): Promise<StoredUploadRow | undefined> {
    // One statement: the row lock of the update makes two attaches with different keys take turns.
    const row = await this.kysely
      .updateTable('ledger_uploads')
      .set({ attached_key: key })
      .where('id', '=', id)
      .where('caller_id', '=', callerId)
      .where('state', '=', 'stored')
      .where('expires_at', '>', now)
      .where((eb) => eb.or([eb('attached_key', 'is', null), eb('attached_key', '=', key)]))
      .returning(['id', 'caller_id', sql<string>`size_bytes::text`.as('size'), 'sha256', 'expires_at'])
      .executeTakeFirst();
    if (row === undefined || row.sha256 === null) {
      return undefined;
    }
    return { id: row.id, callerId: row.caller_id, sizeBytes: Number(row.size), sha256: row.sha256, attachedKey: key, expiresAt: row.expires_at };
  }

  async detach(id: string, callerId: string, key: string): Promise<void> {
    await this.kysely
      .updateTable('ledger_uploads')
      .set({ attached_key: null })
      .where('id', '=', id)
      .where('caller_id', '=', callerId)
      .where('attached_key', '=', key)
      .execute();
  }

  async chunks(id: string): Promise<Buffer[]> {
    // Read as base64 text for the same reason (Node's decoder skips the line breaks encode() puts in).
    const rows = await this.kysely
      .selectFrom('ledger_upload_chunks')
      .select(sql<string>`encode(bytes, 'base64')`.as('base64'))
      .where('upload_id', '=', id)
      .orderBy('seq')
      .execute();
    return rows.map((row) => Buffer.from(row.base64, 'base64'));
  }

  async purge(now: Date, limit: number): Promise<number> {
    const deleted = await this.kysely
      .deleteFrom('ledger_uploads')
      .where('id', 'in', (eb) => eb.selectFrom('ledger_uploads').select('id').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async held(now: Date, callerId?: string): Promise<number> {
    let query = this.kysely
      .selectFrom('ledger_uploads')
      .select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as('held'))
      .where('expires_at', '>', now);
    if (callerId !== undefined) {
      query = query.where('caller_id', '=', callerId);
    }
    return Number((await query.executeTakeFirstOrThrow()).held);
  }
}
