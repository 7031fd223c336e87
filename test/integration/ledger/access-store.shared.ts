/**
 * The access record's store, one suite run over every store (access.{memory,pglite,postgres}.test.ts):
 * sealing into the chain, queries, replay, purge with its anchor, and the verification that finds an
 * edited and a deleted record.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  ACCESS_CHAIN,
  accessKeys,
  accessLine,
  type AccessRecord,
  type AccessStore,
  linkContent,
  MemoryAccessStore,
  type PendingAccess,
  recordContent,
  SqlAccessStore,
  verifyAccessChains,
} from '../../../src/ledger/index.js';
import { type LedgerKind, openTestLedger, type TestLedgerDatabase } from '../../helpers/ledger.js';

const keys = accessKeys('test access key, at least 32 characters long');
const T0 = Date.parse('2026-03-02T12:00:00.000Z');

function pending(n: number, overrides: Partial<PendingAccess> = {}): PendingAccess {
  return {
    id: randomUUID(),
    at: new Date(T0 + n * 1000),
    callerId: n % 2 === 0 ? 'caller-a' : 'caller-b',
    requestId: `request-${n}`,
    action: 'read',
    kind: 'person',
    fields: ['document', 'name'],
    subjectHmac: keys.subject(n % 3 === 0 ? '52998224725' : '11144477735'),
    proposalId: n % 4 === 0 ? 'proposal-1' : null,
    outcome: 'disclosed',
    purpose: n === 1 ? 'credit analysis' : null,
    ...overrides,
  };
}

export function accessStoreSuite(kind: LedgerKind): void {
  let database: TestLedgerDatabase;
  let store: AccessStore;
  let memory: MemoryAccessStore | undefined;

  beforeEach(async () => {
    database = await openTestLedger(kind);
    memory = database.sql === undefined ? new MemoryAccessStore() : undefined;
    store = memory ?? new SqlAccessStore(database.sql!);
  });
  afterEach(async () => {
    await database.close();
  });

  /** Changes one stored record as someone with write access to the database would (the trigger switched off). */
  async function tamper(seq: number, change: 'edit' | 'delete'): Promise<void> {
    if (memory !== undefined) {
      const records = memory.records.get(ACCESS_CHAIN)!;
      const index = records.findIndex((r) => r.seq === seq);
      if (change === 'edit') {
        records[index] = { ...records[index]!, outcome: 'refused' };
      } else {
        records.splice(index, 1);
      }
      return;
    }
    const db = database.sql!;
    if (change === 'edit') {
      await sql`alter table ledger_access_records disable trigger ledger_access_records_no_update`.execute(db);
      await sql`update ledger_access_records set outcome = 'refused' where seq = ${seq}`.execute(db);
    } else {
      await sql`delete from ledger_access_records where seq = ${seq}`.execute(db);
    }
  }

  /** Rewrites one stored record's outcome and hashes, as someone with write access but without the key would. */
  async function rewrite(seq: number, change: Pick<AccessRecord, 'outcome' | 'prevHash' | 'hash'>): Promise<void> {
    if (memory !== undefined) {
      const records = memory.records.get(ACCESS_CHAIN)!;
      const index = records.findIndex((r) => r.seq === seq);
      records[index] = { ...records[index]!, ...change };
      return;
    }
    const db = database.sql!;
    await sql`alter table ledger_access_records disable trigger ledger_access_records_no_update`.execute(db);
    await sql`update ledger_access_records set outcome = ${change.outcome}, prev_hash = ${change.prevHash}, hash = ${change.hash} where seq = ${seq}`.execute(
      db,
    );
  }

  /** Moves the chain's head row back, as someone with write access would after deleting the last records. */
  async function moveHead(seq: number, hash: string): Promise<void> {
    if (memory !== undefined) {
      memory.heads.set(ACCESS_CHAIN, { ...memory.heads.get(ACCESS_CHAIN)!, headSeq: seq, headHash: hash });
      return;
    }
    await sql`update ledger_access_chains set head_seq = ${seq}, head_hash = ${hash} where chain = ${ACCESS_CHAIN}`.execute(database.sql!);
  }

  it('seals records into one chain in order and answers them newest first, filtered and paginated', async () => {
    const records = [1, 2, 3, 4, 5, 6].map((n) => pending(n));
    expect(await store.append(ACCESS_CHAIN, records.slice(0, 4), keys)).toBe(4);
    expect(await store.append(ACCESS_CHAIN, records.slice(4), keys)).toBe(2);
    const all = await store.find({}, 10);
    expect(all.map((r) => r.requestId)).toEqual(['request-6', 'request-5', 'request-4', 'request-3', 'request-2', 'request-1']);
    expect(all.map((r) => r.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(all[5]).toEqual({ ...records[0], chain: ACCESS_CHAIN, seq: 1, prevHash: '0'.repeat(64), hash: all[5]!.hash });
    expect(all[4]!.prevHash).toBe(all[5]!.hash);
    expect(await store.chains()).toEqual([{ chain: ACCESS_CHAIN, headSeq: 6, headHash: all[0]!.hash, anchorSeq: 0, anchorHash: '0'.repeat(64) }]);

    const bySubject = await store.find({ subjectHmac: keys.subject('52998224725') }, 10);
    expect(bySubject.map((r) => r.requestId)).toEqual(['request-6', 'request-3']);
    expect((await store.find({ callerId: 'caller-b' }, 10)).map((r) => r.requestId)).toEqual(['request-5', 'request-3', 'request-1']);
    expect((await store.find({ proposalId: 'proposal-1' }, 10)).map((r) => r.requestId)).toEqual(['request-4']);
    const window = { from: new Date(T0 + 2000), to: new Date(T0 + 5000) };
    expect((await store.find(window, 10)).map((r) => r.requestId)).toEqual(['request-4', 'request-3', 'request-2']);
    const first = await store.find({}, 2);
    const second = await store.find({}, 2, { at: first[1]!.at, id: first[1]!.id });
    expect(second.map((r) => r.requestId)).toEqual(['request-4', 'request-3']);
  });

  it('skips records already on record (a journal replayed after a crash) without extending the chain', async () => {
    const records = [1, 2, 3].map((n) => pending(n));
    await store.append(ACCESS_CHAIN, records.slice(0, 2), keys);
    expect(await store.append(ACCESS_CHAIN, records, keys)).toBe(1);
    expect((await store.find({}, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['request-3', 3],
      ['request-2', 2],
      ['request-1', 1],
    ]);
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 3, problems: [] });
  });

  it('stores the same records from their journal lines, without the look-up of ids, as from the records alone', async () => {
    const withQuotes = pending(2, { purpose: 'a "quoted" purpose \\ with a backslash, ção', fields: [] });
    const records = [pending(1), withQuotes, pending(3)];
    expect(await store.append(ACCESS_CHAIN, records, keys, { lines: records.map((r) => accessLine(r)), fresh: true })).toBe(3);
    const stored = await store.chainRecords(ACCESS_CHAIN, 0, 10);
    expect(stored).toEqual(records.map((r, i) => ({ ...r, chain: ACCESS_CHAIN, seq: i + 1, prevHash: expect.any(String), hash: expect.any(String) })));
    expect(stored.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(stored[1]!.purpose).toBe('a "quoted" purpose \\ with a backslash, ção');
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 3, problems: [] });
    // Without the hint, a record on record already is skipped as before.
    const next = [records[2]!, pending(4)];
    expect(await store.append(ACCESS_CHAIN, next, keys, { lines: next.map((r) => accessLine(r)) })).toBe(1);
    expect((await store.chainRecords(ACCESS_CHAIN, 0, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['request-1', 1],
      ['request-2', 2],
      ['request-3', 3],
      ['request-4', 4],
    ]);
  });

  it('keeps one unbroken chain when appends run at once', async () => {
    await Promise.all([1, 2, 3, 4].map((n) => store.append(ACCESS_CHAIN, [pending(n * 10), pending(n * 10 + 1)], keys)));
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 8, problems: [] });
    expect((await store.chains())[0]!.headSeq).toBe(8);
  });

  it('seals a fresh batch after the head it wrote last, and under the lock again when another writer moved that head', async () => {
    // A second writer on the same chain (another replica); the memory store has one writer only.
    const other = memory ?? new SqlAccessStore(database.sql!);
    const fresh = (records: PendingAccess[]) => ({ lines: records.map((r) => accessLine(r)), fresh: true });
    const batches = [[pending(1), pending(2)], [pending(3)], [pending(4), pending(5)], [pending(6)], [pending(7), pending(8)]];
    expect(await store.append(ACCESS_CHAIN, batches[0]!, keys, fresh(batches[0]!))).toBe(2);
    expect(await store.append(ACCESS_CHAIN, batches[1]!, keys, fresh(batches[1]!))).toBe(1);
    expect(await other.append(ACCESS_CHAIN, batches[2]!, keys, fresh(batches[2]!))).toBe(2);
    // The head `store` noted is no longer the chain's: its batch goes in after `other`'s, not over it.
    expect(await store.append(ACCESS_CHAIN, batches[3]!, keys, fresh(batches[3]!))).toBe(1);
    expect(await store.append(ACCESS_CHAIN, batches[4]!, keys, fresh(batches[4]!))).toBe(2);
    const stored = await store.chainRecords(ACCESS_CHAIN, 0, 20);
    expect(stored.map((r) => [r.requestId, r.seq])).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [`request-${n}`, n]));
    expect(await store.chains()).toEqual([{ chain: ACCESS_CHAIN, headSeq: 8, headHash: stored[7]!.hash, anchorSeq: 0, anchorHash: '0'.repeat(64) }]);
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 8, problems: [] });
  });

  it('detects an edited record', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2, 3, 4].map((n) => pending(n)),
      keys,
    );
    await tamper(2, 'edit');
    const verification = await verifyAccessChains(store, keys);
    expect(verification.problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'edited', seq: 2, id: expect.any(String) }]);
    expect(verification.checked).toBe(4);
  });

  it('detects a deleted record, in the middle and at the end', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2, 3, 4].map((n) => pending(n)),
      keys,
    );
    await tamper(3, 'delete');
    expect((await verifyAccessChains(store, keys)).problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'missing', seq: 3 }]);
    await tamper(4, 'delete');
    expect((await verifyAccessChains(store, keys)).problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'truncated', seq: 4 }]);
  });

  it('verifies with the key only: another key finds every batch seal wrong', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2].map((n) => pending(n)),
      keys,
    );
    await store.append(ACCESS_CHAIN, [pending(3)], keys);
    const other = accessKeys('another access key, at least 32 characters');
    expect((await verifyAccessChains(store, other)).problems.map((p) => [p.problem, p.seq])).toEqual([
      ['edited', 2],
      ['edited', 3],
    ]);
  });

  it('links the records of a batch and seals its last one with the key', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2, 3].map((n) => pending(n)),
      keys,
    );
    const stored = await store.chainRecords(ACCESS_CHAIN, 0, 10);
    const content = (r: AccessRecord): string => recordContent({ ...r, prevHash: undefined, hash: undefined } as unknown as AccessRecord);
    expect(stored.map((r) => r.hash === linkContent(r.prevHash, content(r)))).toEqual([true, true, false]);
    expect(stored[2]!.hash).toBe(keys.sealContent(stored[2]!.prevHash, content(stored[2]!)));
  });

  it('verifies a chain sealed record by record (the earlier form) followed by linked batches, and finds an edit in either', async () => {
    // One record per batch: every record sealed, as the chain was before batches were linked.
    for (const n of [1, 2, 3]) {
      await store.append(ACCESS_CHAIN, [pending(n)], keys);
    }
    await store.append(
      ACCESS_CHAIN,
      [4, 5, 6].map((n) => pending(n)),
      keys,
    );
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 6, problems: [] });
    await tamper(2, 'edit');
    await tamper(5, 'edit');
    expect((await verifyAccessChains(store, keys)).problems).toEqual([
      { chain: ACCESS_CHAIN, problem: 'edited', seq: 2, id: expect.any(String) },
      { chain: ACCESS_CHAIN, problem: 'edited', seq: 5, id: expect.any(String) },
    ]);
  });

  it('finds a batch rewritten without the key at its seal, and a batch cut short with the head moved back', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2, 3, 4].map((n) => pending(n)),
      keys,
    );
    const [r1, r2, r3, r4] = await store.chainRecords(ACCESS_CHAIN, 0, 10);
    // Record 2 edited and every link after it recomputed (links need no key): the seal of record 4 breaks.
    const link = (r: AccessRecord, prevHash: string): string => linkContent(prevHash, recordContent({ ...r, outcome: 'refused' } as AccessRecord));
    const hash2 = link(r2!, r1!.hash);
    await rewrite(2, { outcome: 'refused', prevHash: r1!.hash, hash: hash2 });
    const hash3 = linkContent(hash2, recordContent(r3!));
    await rewrite(3, { outcome: r3!.outcome, prevHash: hash2, hash: hash3 });
    await rewrite(4, { outcome: r4!.outcome, prevHash: hash3, hash: r4!.hash });
    expect((await verifyAccessChains(store, keys)).problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'edited', seq: 4, id: r4!.id }]);
    // The batch's sealed last record deleted and the head moved back to the record before it.
    await tamper(4, 'delete');
    await moveHead(3, hash3);
    expect((await verifyAccessChains(store, keys)).problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'unsealed', seq: 3, id: r3!.id }]);
  });

  it('purges the oldest records in bounded batches, leaving an anchor the chain still verifies from', async () => {
    await store.append(
      ACCESS_CHAIN,
      [1, 2, 3, 4, 5].map((n) => pending(n)),
      keys,
    );
    const before = new Date(T0 + 4000);
    expect(await store.purge(before, 2)).toBe(2);
    expect((await store.find({}, 10)).map((r) => r.seq)).toEqual([5, 4, 3]);
    const [chain] = await store.chains();
    expect(chain).toMatchObject({ headSeq: 5, anchorSeq: 2 });
    expect(await store.purge(before, 2)).toBe(1);
    expect(await store.purge(before, 2)).toBe(0);
    expect((await store.find({}, 10)).map((r) => r.seq)).toEqual([5, 4]);
    expect(await verifyAccessChains(store, keys)).toEqual({ checked: 2, problems: [] });
    await tamper(4, 'delete');
    expect((await verifyAccessChains(store, keys)).problems).toEqual([{ chain: ACCESS_CHAIN, problem: 'missing', seq: 4 }]);
  });

  if (kind !== 'memory') {
    it('refuses to update a record in the database itself (append-only)', async () => {
      await store.append(ACCESS_CHAIN, [pending(1)], keys);
      await expect(sql`update ledger_access_records set outcome = 'refused'`.execute(database.sql!)).rejects.toThrow();
      expect((await store.find({}, 1))[0]!.outcome).toBe('disclosed');
    });
  }
}
