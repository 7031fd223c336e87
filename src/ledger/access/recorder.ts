import { randomUUID } from 'node:crypto';
import { lockDataDir } from '../data-dir-lock.js';
import { LedgerUnavailableError } from '../errors.js';
import { AccessJournal } from './journal.js';
import { ACCESS_CHAIN, type AccessEntry, type AccessKeys, accessLine, type PendingAccess } from './record.js';
import { type AccessStore } from './store.js';

/** Options of {@link AccessRecorder.open}. */
export interface AccessRecorderOptions {
  keys: AccessKeys;
  /** The write-ahead directory (access/journal.ts); none: records wait in memory only until flushed (tests). */
  journalDir?: string;
  /** Period of the batched insert, and of its retry after a failure (default 200 ms). */
  flushMs?: number;
  /** Most records per insert (default 500); more waiting are inserted in several, in order. */
  batchSize?: number;
  /** Most records kept in memory while the database is away (default 10 000); beyond, records wait in the journal only. */
  maxQueued?: number;
  /** Most bytes of records (as journaled) kept in memory so (default 8 MiB). */
  maxQueuedBytes?: number;
  /** A journal segment is closed at the first flush after it holds this many bytes (default 1 MiB, at most maxQueuedBytes)... */
  segmentBytes?: number;
  /** ...or after it was opened this long ago (default 5 000 ms); then deleted once its records are in the database. */
  segmentMs?: number;
  now?: () => Date;
  /** Told of a failed insert (retried at the next period) or a failed journal write; never of request data. */
  onError?: (error: unknown) => void;
}

/**
 * Records accesses off the request's path: {@link record} writes them to the journal and queues them
 * (no database round trip, no await), and a timer inserts what is queued in one batched transaction
 * per period. An insert that fails leaves the batch queued and its journal segments in place: the next
 * period retries it, a crash leaves it to the next process, and nothing waits for it.
 */
export class AccessRecorder {
  private queue: PendingAccess[] = [];
  /** The queued records' journal lines, in the queue's order: the insert sends them as written. */
  private lines: string[] = [];
  /** How many records at the head of the queue went into an insert that failed (and so may have committed): their insert looks ids up. */
  private unsure = 0;
  /** Closed journal segments whose records are not all in the database yet. */
  private segments: string[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  private readonly batchSize: number;
  private readonly maxQueued: number;
  /** Set once the queue hit its cap: records then wait in the journal only, and the flush replays the segments. */
  private spilled = false;
  /** Journaled bytes of the queue (an over-estimate after a partly inserted queue, which only spills sooner). */
  private queuedBytes = 0;
  private readonly segmentBytes: number;
  private readonly segmentMs: number;
  /** Set by {@link close}: every flush from then closes the journal's segment, so that a clean stop leaves none. */
  private closing = false;

  private constructor(
    readonly store: AccessStore,
    readonly keys: AccessKeys,
    private readonly journal: AccessJournal | undefined,
    private readonly release: () => void,
    private readonly options: AccessRecorderOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.batchSize = options.batchSize ?? 500;
    this.maxQueued = options.maxQueued ?? 10_000;
    this.segmentBytes = options.segmentBytes ?? Math.min(1_048_576, options.maxQueuedBytes ?? 8_388_608);
    this.segmentMs = options.segmentMs ?? 5000;
  }

  /** Takes the journal directory (one process each), queues what a previous process left in it, and starts the flush timer. */
  static async open(store: AccessStore, options: AccessRecorderOptions): Promise<AccessRecorder> {
    let journal: AccessJournal | undefined;
    let release = (): void => undefined;
    if (options.journalDir !== undefined) {
      const now = options.now;
      journal = new AccessJournal(options.journalDir, now === undefined ? Date.now : () => now().getTime());
      const lock = await lockDataDir(`${options.journalDir}.lock`);
      if (!lock.held) {
        throw new LedgerUnavailableError(
          `the access journal under ${options.journalDir} is in use by process ${lock.owner}: give each process its own AUDIT_JOURNAL_DIR`,
        );
      }
      release = lock.release;
    }
    const recorder = new AccessRecorder(store, options.keys, journal, release, options);
    if (journal !== undefined) {
      const left = journal.segmentFiles();
      recorder.segments.push(...left);
      recorder.spilled = left.length > 0;
    }
    recorder.timer = setInterval(() => void recorder.flush(), options.flushMs ?? 200);
    recorder.timer.unref();
    if (recorder.spilled) {
      void recorder.flush();
    }
    return recorder;
  }

  /** Records waiting for the database. */
  get pending(): number {
    return this.queue.length;
  }

  /** Whether records wait in the journal beyond the in-memory cap (the database was away long). */
  get spilling(): boolean {
    return this.spilled;
  }

  /** Journals and queues `entries`; returns once the operating system holds them (no database wait). */
  record(entries: readonly AccessEntry[]): void {
    if (entries.length === 0) {
      return;
    }
    const at = this.now();
    const iso = at.toISOString();
    const pending: PendingAccess[] = [];
    const lines: string[] = [];
    let bytes = 0;
    for (const entry of entries) {
      const record: PendingAccess = {
        callerId: entry.callerId,
        requestId: entry.requestId,
        action: entry.action,
        kind: entry.kind,
        fields: entry.fields,
        subjectHmac: entry.subjectHmac,
        proposalId: entry.proposalId,
        outcome: entry.outcome,
        purpose: entry.purpose,
        id: randomUUID(),
        at,
      };
      const line = accessLine(record, iso);
      pending.push(record);
      lines.push(line);
      bytes += line.length + 1;
    }
    let journaled = false;
    try {
      this.journal?.appendLines(lines);
      journaled = this.journal !== undefined;
    } catch (error) {
      // The database insert still comes; only a crash before it would lose these.
      this.options.onError?.(error);
    }
    if (this.spilled && journaled) {
      return;
    }
    const over = this.queue.length + pending.length > this.maxQueued || this.queuedBytes + bytes > (this.options.maxQueuedBytes ?? 8_388_608);
    if (over && journaled) {
      // The journal holds them: memory stays bounded, and the flush replays the segments instead.
      this.spilled = true;
      this.queue = [];
      this.lines = [];
      this.unsure = 0;
      this.queuedBytes = 0;
      return;
    }
    if (over) {
      // Neither the journal nor memory can take them: the one loss, told to the operator, never silent.
      this.options.onError?.(new Error(`access queue full and journal unwritable: ${pending.length} records dropped`));
      return;
    }
    this.queuedBytes += bytes;
    for (let i = 0; i < pending.length; i += 1) {
      this.queue.push(pending[i] as PendingAccess);
      this.lines.push(lines[i] as string);
    }
    if (this.queue.length >= this.batchSize) {
      void this.flush();
    }
  }

  /** Inserts everything queued now (one flush at a time; a call during one waits for it). Never rejects. */
  flush(): Promise<void> {
    this.flushing ??= this.insertQueued().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async insertQueued(): Promise<void> {
    // The segment stays open across flushes until big or old enough: a file created, closed and deleted
    // per flush cost about 80 µs of the kernel's CPU each time (a fifth of a small batch's insert).
    // Its records inserted meanwhile are on record already; a replay after a kill skips them by id.
    const journal = this.journal;
    if (journal !== undefined && (this.spilled || this.closing || journal.due(this.segmentBytes, this.segmentMs))) {
      const rotated = journal.rotate();
      if (rotated !== undefined) {
        this.segments.push(rotated);
      }
    }
    if (this.spilled && this.journal !== undefined) {
      await this.replaySegments(this.journal);
      return;
    }
    const segments = [...this.segments];
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.batchSize);
        const lines = this.lines.slice(0, this.batchSize);
        // Records never handed to an insert cannot be on record yet: no look-up of their ids.
        const fresh = this.unsure === 0;
        this.unsure = Math.max(this.unsure, batch.length);
        await this.store.append(ACCESS_CHAIN, batch, this.keys, { lines, fresh });
        this.queue.splice(0, batch.length);
        this.lines.splice(0, batch.length);
        this.unsure = Math.max(0, this.unsure - batch.length);
      }
      this.queuedBytes = 0;
      this.journal?.remove(segments);
      this.segments = this.segments.filter((s) => !segments.includes(s));
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /**
   * Inserts the closed segments one at a time, oldest first, and deletes each once the database holds
   * it; records already inserted are skipped by id, so a replay never duplicates. Memory holds one
   * segment (one flush period's records) at a time.
   */
  private async replaySegments(journal: AccessJournal): Promise<void> {
    try {
      for (;;) {
        while (this.segments.length > 0) {
          const segment = this.segments[0] as string;
          const records = journal.read(segment);
          for (let i = 0; i < records.length; i += this.batchSize) {
            await this.store.append(ACCESS_CHAIN, records.slice(i, i + this.batchSize), this.keys);
          }
          journal.remove([segment]);
          this.segments.shift();
        }
        // Records that came during the replay are in the journal only: replay them too before queuing in memory again.
        const more = journal.rotate();
        if (more === undefined) {
          break;
        }
        this.segments.push(more);
      }
      this.spilled = false;
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Stops the timer, inserts what is queued (what fails stays in the journal for the next start), releases the journal. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    // A flush under way may not close the segment: the next one does, and deletes it once its records are inserted.
    this.closing = true;
    await this.flush();
    await this.flush();
    this.journal?.rotate();
    this.release();
  }
}
