/**
 * The access recorder: records journaled before anything is awaited, inserted in batches off the
 * request's path, retried after a failed insert, and replayed from the journal a killed process left.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessJournal } from '../../../src/ledger/access/journal.js';
import { type AccessEntry, accessKeys, AccessRecorder, type AccessStore, MemoryAccessStore } from '../../../src/ledger/index.js';

const keys = accessKeys('test access key, at least 32 characters long');
const CPF = '52998224725';

function entry(requestId: string): AccessEntry {
  return {
    callerId: 'caller-a',
    requestId,
    action: 'read',
    kind: 'bureau_report',
    fields: ['score'],
    subjectHmac: keys.subject(CPF),
    proposalId: null,
    outcome: 'disclosed',
    purpose: null,
  };
}

/** A store whose inserts fail while `down` is set. */
class FlakyStore extends MemoryAccessStore {
  down = false;
  override async append(...args: Parameters<AccessStore['append']>): Promise<number> {
    if (this.down) {
      throw new Error('database down');
    }
    return super.append(...args);
  }
}

const journalText = (dir: string): string =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');

describe('AccessRecorder', () => {
  let dir: string;
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'credit-graph-access-')), 'journal');
  });
  afterEach(() => {
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('journals a record at once and inserts it at the next flush; its segment is deleted once closed', async () => {
    const store = new MemoryAccessStore();
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000 });
    recorder.record([entry('r-1')]);
    expect(journalText(dir)).toContain('"r-1"');
    expect(journalText(dir)).toContain(`"${keys.subject(CPF)}"`);
    expect(journalText(dir)).not.toContain(CPF);
    expect(await store.find({}, 10)).toEqual([]);
    expect(recorder.pending).toBe(1);
    await recorder.flush();
    expect((await store.find({}, 10)).map((r) => r.requestId)).toEqual(['r-1']);
    expect(recorder.pending).toBe(0);
    // Neither 1 MiB nor 5 seconds old: the segment stays open for the next records.
    expect(journalText(dir)).toContain('"r-1"');
    await recorder.close();
    expect(journalText(dir)).toBe('');
    expect((await store.find({}, 10)).map((r) => r.requestId)).toEqual(['r-1']);
  });

  it('closes a segment at the first flush after it holds segmentBytes or is segmentMs old, and deletes it once its records are in', async () => {
    const store = new MemoryAccessStore();
    let ms = Date.parse('2026-03-02T12:00:00Z');
    const line = JSON.stringify([
      '00000000-0000-4000-8000-000000000000',
      '2026-03-02T12:00:00.000Z',
      'caller-a',
      'r-1',
      'read',
      'bureau_report',
      ['score'],
      keys.subject(CPF),
      null,
      'disclosed',
      null,
    ]);
    const recorder = await AccessRecorder.open(store, {
      keys,
      journalDir: dir,
      flushMs: 60_000,
      segmentBytes: 2 * (line.length + 1),
      segmentMs: 5000,
      now: () => new Date(ms),
    });
    const segments = (): number => readdirSync(dir).filter((name) => name.endsWith('.jsonl')).length;
    recorder.record([entry('r-1')]);
    await recorder.flush();
    expect(segments()).toBe(1);
    // Two lines: the size is reached.
    recorder.record([entry('r-2')]);
    await recorder.flush();
    expect(segments()).toBe(0);
    recorder.record([entry('r-3')]);
    ms += 4999;
    await recorder.flush();
    expect(journalText(dir)).toContain('"r-3"');
    // Its age is reached.
    ms += 1;
    await recorder.flush();
    expect(segments()).toBe(0);
    expect((await store.chainRecords('access', 0, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['r-1', 1],
      ['r-2', 2],
      ['r-3', 3],
    ]);
    await recorder.close();
  });

  it('replays a segment some of whose records were inserted before the process was killed, writing each once', async () => {
    const store = new MemoryAccessStore();
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000 });
    recorder.record([entry('r-1'), entry('r-2')]);
    await recorder.flush();
    recorder.record([entry('r-3')]);
    // What a kill right now leaves: the open segment, with r-1 and r-2 inserted and r-3 not.
    const killed = join(dir, '..', 'killed');
    cpSync(dir, killed, { recursive: true });
    expect(journalText(killed).split('\n').filter(Boolean)).toHaveLength(3);
    const next = await AccessRecorder.open(store, { keys, journalDir: killed, flushMs: 60_000 });
    await next.flush();
    expect((await store.chainRecords('access', 0, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['r-1', 1],
      ['r-2', 2],
      ['r-3', 3],
    ]);
    expect(journalText(killed)).toBe('');
    await next.close();
    await recorder.close();
    expect((await store.chainRecords('access', 0, 10)).map((r) => r.requestId)).toEqual(['r-1', 'r-2', 'r-3']);
  });

  it('keeps records queued and journaled while inserts fail, and inserts them once the store answers', async () => {
    const store = new FlakyStore();
    const errors: unknown[] = [];
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000, onError: (e) => errors.push(e) });
    store.down = true;
    recorder.record([entry('r-1'), entry('r-2')]);
    await recorder.flush();
    recorder.record([entry('r-3')]);
    await recorder.flush();
    expect(errors).toHaveLength(2);
    expect(recorder.pending).toBe(3);
    expect(journalText(dir).split('\n').filter(Boolean)).toHaveLength(3);
    store.down = false;
    await recorder.flush();
    expect((await store.chainRecords('access', 0, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['r-1', 1],
      ['r-2', 2],
      ['r-3', 3],
    ]);
    await recorder.close();
    expect(journalText(dir)).toBe('');
  });

  it('bounds memory while the store is away, then inserts every journaled record once, in order', async () => {
    const store = new FlakyStore();
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000, maxQueued: 50, batchSize: 40, onError: () => undefined });
    store.down = true;
    let most = 0;
    for (let i = 0; i < 1000; i++) {
      recorder.record([entry(`r-${i}`)]);
      most = Math.max(most, recorder.pending);
      if (i % 97 === 0) {
        await recorder.flush();
      }
    }
    expect(most).toBeLessThanOrEqual(50);
    expect(recorder.spilling).toBe(true);
    expect(journalText(dir).split('\n').filter(Boolean)).toHaveLength(1000);
    store.down = false;
    // A record that comes while the journal is replayed waits in the journal too, and lands after the others.
    const replaying = recorder.flush();
    recorder.record([entry('during')]);
    await replaying;
    const stored = await store.chainRecords('access', 0, 2000);
    expect(stored.map((r) => r.requestId)).toEqual([...Array.from({ length: 1000 }, (_, i) => `r-${i}`), 'during']);
    expect(new Set(stored.map((r) => r.id)).size).toBe(1001);
    expect(recorder.spilling).toBe(false);
    expect(journalText(dir)).toBe('');
    recorder.record([entry('after')]);
    expect(recorder.pending).toBe(1);
    await recorder.close();
    expect((await store.chainRecords('access', 0, 2000)).map((r) => r.requestId).slice(-1)).toEqual(['after']);
  });

  it('inserts in batches of its size, in order', async () => {
    const store = new MemoryAccessStore();
    const appends: number[] = [];
    const spy = { ...store, append: async (...args: Parameters<AccessStore['append']>) => (appends.push(args[1].length), store.append(...args)) };
    let tick = 0;
    const now = (): Date => new Date(Date.parse('2026-03-02T12:00:00Z') + tick++ * 1000);
    const recorder = await AccessRecorder.open(spy as unknown as AccessStore, { keys, flushMs: 60_000, batchSize: 2, now });
    recorder.record([entry('r-1')]);
    recorder.record([entry('r-2')]);
    recorder.record([entry('r-3'), entry('r-4')]);
    recorder.record([entry('r-5')]);
    await recorder.flush();
    expect(appends).toEqual([2, 2, 1]);
    expect((await store.chainRecords('access', 0, 10)).map((r) => r.requestId)).toEqual(['r-1', 'r-2', 'r-3', 'r-4', 'r-5']);
    await recorder.close();
  });

  it('skips the look-up of ids for records never inserted, and looks them up after an insert that failed', async () => {
    class AmbiguousStore extends MemoryAccessStore {
      readonly fresh: (boolean | undefined)[] = [];
      failAfterCommit = false;
      override async append(...args: Parameters<AccessStore['append']>): Promise<number> {
        this.fresh.push(args[3]?.fresh);
        const appended = await super.append(...args);
        if (this.failAfterCommit) {
          this.failAfterCommit = false;
          throw new Error('connection lost after the commit');
        }
        return appended;
      }
    }
    const store = new AmbiguousStore();
    const errors: unknown[] = [];
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000, onError: (e) => errors.push(e) });
    recorder.record([entry('r-1')]);
    store.failAfterCommit = true;
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(recorder.pending).toBe(1);
    recorder.record([entry('r-2')]);
    await recorder.flush();
    recorder.record([entry('r-3')]);
    await recorder.flush();
    expect(store.fresh).toEqual([true, false, true]);
    expect((await store.chainRecords('access', 0, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['r-1', 1],
      ['r-2', 2],
      ['r-3', 3],
    ]);
    await recorder.close();
  });

  it('replays what a killed process left in its journal, once, before anything else', async () => {
    const store = new MemoryAccessStore();
    const left = new AccessJournal(dir);
    left.append([{ ...entry('left-1'), id: '00000000-0000-4000-8000-000000000001', at: new Date('2026-03-02T12:00:00Z') }]);
    left.append([{ ...entry('left-2'), id: '00000000-0000-4000-8000-000000000002', at: new Date('2026-03-02T12:00:01Z') }]);
    const segment = left.rotate()!;
    // A line as earlier versions wrote it (an object), left across an upgrade.
    appendFileSync(segment, `${JSON.stringify({ ...entry('left-3'), id: '00000000-0000-4000-8000-000000000003', at: new Date('2026-03-02T12:00:02Z') })}\n`);
    // A write torn by the kill: the half line is skipped, the rest is kept.
    appendFileSync(segment, '["00000000-0000-4000-8000-00000000');
    await store.append('access', [{ ...entry('left-1'), id: '00000000-0000-4000-8000-000000000001', at: new Date('2026-03-02T12:00:00Z') }], keys);
    const recorder = await AccessRecorder.open(store, { keys, journalDir: dir, flushMs: 60_000 });
    await recorder.flush();
    expect((await store.find({}, 10)).map((r) => [r.requestId, r.seq])).toEqual([
      ['left-3', 3],
      ['left-2', 2],
      ['left-1', 1],
    ]);
    expect((await store.find({}, 10))[0]).toMatchObject({ ...entry('left-3'), at: new Date('2026-03-02T12:00:02Z') });
    expect(journalText(dir)).toBe('');
    await recorder.close();
  });

  it('refuses a journal directory another live process holds', async () => {
    const first = await AccessRecorder.open(new MemoryAccessStore(), { keys, journalDir: dir, flushMs: 60_000 });
    // This process holds it: a second recorder on it is refused the same way another process would be.
    await expect(AccessRecorder.open(new MemoryAccessStore(), { keys, journalDir: dir })).rejects.toThrow(
      `the access journal under ${dir} is in use by process`,
    );
    await first.close();
    const again = await AccessRecorder.open(new MemoryAccessStore(), { keys, journalDir: dir, flushMs: 60_000 });
    await again.close();
  });
});
