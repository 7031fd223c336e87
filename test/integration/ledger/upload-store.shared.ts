/**
 * The upload store's behaviour, one suite run over every store (test/integration/ledger/uploads.*.test.ts
 * pick it): an embedded PGlite, a PostgreSQL server and memory. Uploads are written in chunks as
 * they arrive, counted against the bounds of all callers and of each, attached by their caller with
 * one idempotency key, refused once expired and purged.
 */
import { createHash } from 'node:crypto';
import {
  LedgerUnavailableError,
  MemoryUploadRows,
  SqlUploadRows,
  startUploadPurge,
  uploadStoreFor,
  type UploadRows,
  type UploadSettings,
  UploadStore,
  type UploadSummary,
} from '../../../src/ledger/index.js';
import { type LedgerKind, openTestLedger, type TestLedgerDatabase } from '../../helpers/ledger.js';

const SETTINGS: UploadSettings = { maxBytes: 64, ttlMs: 60_000, maxStoredBytes: 100, maxCallerBytes: 60 };
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Sends `parts` as one upload of `callerId`; the summary or the refusal. */
async function send(store: UploadStore, callerId: string, parts: Buffer[]): Promise<UploadSummary | string> {
  const receipt = await store.receive(callerId);
  for (const part of parts) {
    const refusal = await receipt.add(part);
    if (refusal !== undefined) {
      return refusal;
    }
  }
  return receipt.commit();
}

async function sent(store: UploadStore, callerId: string, parts: Buffer[]): Promise<UploadSummary> {
  const summary = await send(store, callerId, parts);
  if (typeof summary === 'string') {
    throw new Error(`the upload was refused: ${summary}`);
  }
  return summary;
}

export function uploadStoreSuite(kind: LedgerKind): void {
  let database: TestLedgerDatabase;
  let rows: UploadRows;
  let at: number;
  const now = (): Date => new Date(at);
  const store = (settings: UploadSettings = SETTINGS, over: UploadRows = rows): UploadStore => new UploadStore(settings, over, { now, chunkBytes: 8 });

  beforeEach(async () => {
    at = Date.parse('2026-03-02T12:00:00Z');
    database = await openTestLedger(kind);
    rows = database.sql === undefined ? new MemoryUploadRows() : new SqlUploadRows(database.sql);
  });
  afterEach(async () => {
    await database.close();
  });

  it('stores an upload in chunks of the chunk size and gives its bytes and hash to its caller only', async () => {
    const uploads = store();
    const bytes = Buffer.from('a document of 27 bytes long');
    const summary = await sent(uploads, 'a', [bytes.subarray(0, 5), bytes.subarray(5, 20), bytes.subarray(20)]);
    expect(summary).toEqual({ id: expect.any(String), sizeBytes: 27, sha256: sha256(bytes), expiresAt: new Date(at + 60_000) });
    // 5 + 15 bytes: one chunk of 20 once it passed 8; then the last 7 at commit.
    expect((await rows.chunks(summary.id)).map((chunk) => chunk.length)).toEqual([20, 7]);
    expect(await uploads.attach(summary.id, 'b', 'key-1')).toBeUndefined();
    expect(await uploads.attach('00000000-0000-4000-8000-000000000000', 'a', 'key-1')).toBeUndefined();
    expect(await uploads.attach('not-a-uuid', 'a', 'key-1')).toBeUndefined();
    const attached = await uploads.attach(summary.id, 'a', 'key-1');
    expect(attached?.bytes.equals(bytes)).toBe(true);
    expect(attached?.sha256).toBe(sha256(bytes));
    expect(await uploads.heldBytes('a')).toBe(27);
    expect(await uploads.heldBytes('b')).toBe(0);
  });

  it('lets one idempotency key attach an upload, again and again, and no other key until it is detached', async () => {
    const uploads = store();
    const { id } = await sent(uploads, 'a', [Buffer.from('%PDF-1.4 once')]);
    expect((await uploads.attach(id, 'a', 'first'))?.sizeBytes).toBe(13);
    expect((await uploads.attach(id, 'a', 'first'))?.sizeBytes).toBe(13);
    expect(await uploads.attach(id, 'a', 'second')).toBeUndefined();
    // Another caller cannot free it, nor can another key.
    await uploads.detach(id, 'b', 'first');
    await uploads.detach(id, 'a', 'second');
    expect(await uploads.attach(id, 'a', 'second')).toBeUndefined();
    await uploads.detach(id, 'a', 'first');
    expect((await uploads.attach(id, 'a', 'second'))?.sizeBytes).toBe(13);
    expect(await uploads.attach(id, 'a', 'first')).toBeUndefined();
  });

  it('is seen by every replica over the same database', async () => {
    const other = await database.open();
    const first = uploadStoreFor(database.ledger.store, SETTINGS, { now });
    const second = uploadStoreFor(other.store, SETTINGS, { now });
    const bytes = Buffer.from('taken by one replica, attached through the other');
    const { id } = await sent(first, 'a', [bytes]);
    expect((await second.attach(id, 'a', 'key'))?.bytes.equals(bytes)).toBe(true);
    expect(await first.attach(id, 'a', 'another key')).toBeUndefined();
  });

  it('refuses an upload past maxBytes and deletes what it had written', async () => {
    const uploads = store();
    expect(await send(uploads, 'a', [Buffer.alloc(40), Buffer.alloc(25)])).toBe('too-large');
    expect(await uploads.heldBytes()).toBe(0);
    expect(await rows.purge(new Date(at + 3_600_000), 100)).toBe(0);
  });

  it("refuses bytes past the caller's bound and past the bound of all, counting uploads still arriving", async () => {
    const uploads = store();
    const arriving = await uploads.receive('a');
    expect(await arriving.add(Buffer.alloc(40))).toBeUndefined();
    expect(await uploads.heldBytes('a')).toBe(40);
    // a: 40 arriving + 24 > 60.
    expect(await send(uploads, 'a', [Buffer.alloc(24)])).toBe('caller-full');
    expect(await uploads.heldBytes('a')).toBe(40);
    // b has its own 60, but all callers together hold at most 100.
    await sent(uploads, 'b', [Buffer.alloc(50)]);
    expect(await send(uploads, 'b', [Buffer.alloc(11)])).toBe('caller-full');
    expect(await send(uploads, 'c', [Buffer.alloc(11)])).toBe('store-full');
    expect(await uploads.heldBytes()).toBe(90);
    expect(await arriving.commit()).toMatchObject({ sizeBytes: 40 });
    // Once the uploads expire, their bytes count no more.
    at += 60_000;
    expect(await send(uploads, 'b', [Buffer.alloc(60)])).toMatchObject({ sizeBytes: 60 });
  });

  it('refuses an expired upload, and the purge deletes it and uploads never finished', async () => {
    const uploads = store();
    const { id } = await sent(uploads, 'a', [Buffer.from('expires')]);
    const abandoned = await uploads.receive('a');
    expect(await abandoned.add(Buffer.alloc(9))).toBeUndefined();
    at += 59_999;
    expect(await uploads.purgeExpired()).toBe(0);
    at += 1;
    expect(await uploads.attach(id, 'a', 'late')).toBeUndefined();
    expect(await uploads.heldBytes()).toBe(0);
    expect(await uploads.purgeExpired()).toBe(2);
    expect(await rows.chunks(id)).toEqual([]);
    if (database.sql !== undefined) {
      const left = await database.sql.selectFrom('ledger_upload_chunks').select('upload_id').execute();
      expect(left).toEqual([]);
    }
  });

  it('is purged by the service on its own, every interval', async () => {
    const uploads = store();
    const { id } = await sent(uploads, 'a', [Buffer.from('purged by the timer')]);
    at += 60_000;
    // Expired but not yet purged: its bytes are still on record.
    expect(await rows.chunks(id)).toHaveLength(1);
    const purge = startUploadPurge(uploads, { intervalMs: 20 });
    try {
      // A state, not a sleep: polled (bounded) until the timer's purge has run.
      const end = Date.now() + 20_000;
      while ((await rows.chunks(id)).length > 0 && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await rows.chunks(id)).toEqual([]);
    } finally {
      await purge.stop();
    }
  });

  it('fails with LEDGER_UNAVAILABLE, and deletes what arrived, when the database fails mid-upload', async () => {
    let failing = false;
    const flaky: UploadRows = Object.assign(Object.create(rows) as UploadRows, {
      writeChunk: async (id: string, seq: number, bytes: Buffer) => {
        if (failing) {
          throw new Error('connection reset');
        }
        return rows.writeChunk(id, seq, bytes);
      },
    });
    const uploads = store(SETTINGS, flaky);
    const receipt = await uploads.receive('a');
    expect(await receipt.add(Buffer.alloc(8))).toBeUndefined();
    failing = true;
    const failure = receipt.add(Buffer.alloc(8));
    await expect(failure).rejects.toBeInstanceOf(LedgerUnavailableError);
    await expect(failure).rejects.toMatchObject({ code: 'LEDGER_UNAVAILABLE' });
    // The receipt is over; what it had written is deleted.
    await expect(receipt.commit()).rejects.toThrow('The upload was already ended.');
    expect(await uploads.heldBytes()).toBe(0);
  });
}
