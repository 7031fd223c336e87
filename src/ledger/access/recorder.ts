import { randomUUID } from 'node:crypto';
import { lockDataDir } from '../data-dir-lock.js';
import { LedgerUnavailableError } from '../errors.js';
import { AccessJournal } from './journal.js';
import { ACCESS_CHAIN, type AccessEntry, type AccessKeys, type PendingAccess } from './record.js';
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
  /** Closed journal segments whose records are not all in the database yet. */
  private segments: string[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;
  private readonly batchSize: number;

  private constructor(
    readonly store: AccessStore,
    readonly keys: AccessKeys,
    private readonly journal: AccessJournal | undefined,
    private readonly release: () => void,
    private readonly options: AccessRecorderOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.batchSize = options.batchSize ?? 500;
  }

  /** Takes the journal directory (one process each), queues what a previous process left in it, and starts the flush timer. */
  static async open(store: AccessStore, options: AccessRecorderOptions): Promise<AccessRecorder> {
    let journal: AccessJournal | undefined;
    let release = (): void => undefined;
    if (options.journalDir !== undefined) {
      journal = new AccessJournal(options.journalDir);
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
      const left = journal.leftovers();
      recorder.queue.push(...left.records);
      recorder.segments.push(...left.segments);
    }
    recorder.timer = setInterval(() => void recorder.flush(), options.flushMs ?? 200);
    recorder.timer.unref();
    if (recorder.queue.length > 0) {
      void recorder.flush();
    }
    return recorder;
  }

  /** Records waiting for the database. */
  get pending(): number {
    return this.queue.length;
  }

  /** Journals and queues `entries`; returns once the operating system holds them (no database wait). */
  record(entries: readonly AccessEntry[]): void {
    if (entries.length === 0) {
      return;
    }
    const at = this.now();
    const pending = entries.map((entry): PendingAccess => ({ ...entry, id: randomUUID(), at }));
    try {
      this.journal?.append(pending);
    } catch (error) {
      // The database insert still comes; only a crash before it would lose these.
      this.options.onError?.(error);
    }
    this.queue.push(...pending);
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
    const rotated = this.journal?.rotate();
    if (rotated !== undefined) {
      this.segments.push(rotated);
    }
    const segments = [...this.segments];
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.slice(0, this.batchSize);
        await this.store.append(ACCESS_CHAIN, batch, this.keys);
        this.queue.splice(0, batch.length);
      }
      this.journal?.remove(segments);
      this.segments = this.segments.filter((s) => !segments.includes(s));
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Stops the timer, inserts what is queued (what fails stays in the journal for the next start), releases the journal. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    await this.flush();
    this.journal?.rotate();
    this.release();
  }
}
