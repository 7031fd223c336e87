import { type Ledger, LedgerUnavailableError, type OperationRecord } from '../../ledger/index.js';

/** How a graceful stop ended for the writes that were in flight. */
export interface DrainResult {
  /** Writes that ended (answered with their real outcome) within the grace period. */
  finished: number;
  /** Writes still running at its end, recorded in the ledger as in doubt (their lease released). */
  leftInDoubt: number;
}

/** One write in flight: the ledger record it holds, once it holds one. */
interface HeldWrite {
  held: { id: string; lease: string } | undefined;
  done: Promise<unknown>;
}

/**
 * The writes this process has in flight, for a graceful stop ({@link WritesInFlight.drain}): new
 * writes are refused (LEDGER_UNAVAILABLE: nothing is sent, another replica takes the retry), those in
 * flight get the grace period to finish and record their real outcome, and each one still running
 * at its end is recorded as in doubt, its lease released, so that a retry on another replica
 * resolves it at the partner at once instead of answering IDEMPOTENCY_KEY_IN_USE until the lease ends.
 */
export class WritesInFlight {
  private readonly writes = new Set<HeldWrite>();
  private stopping = false;

  /** Writes running now. */
  get size(): number {
    return this.writes.size;
  }

  /**
   * Runs one write as in flight; `hold` tells which ledger record (and lease) it holds once it sends.
   * Refused with a {@link LedgerUnavailableError} (before anything is recorded or sent) once stopping.
   */
  async track<T>(write: (hold: (record: OperationRecord) => void) => Promise<T>): Promise<T> {
    if (this.stopping) {
      throw new LedgerUnavailableError('this replica is stopping: nothing was recorded or sent');
    }
    const entry: HeldWrite = { held: undefined, done: Promise.resolve() };
    const run = write((record) => {
      if (record.lease_token !== null) {
        entry.held = { id: record.id, lease: record.lease_token };
      }
    });
    entry.done = run.catch(() => undefined);
    this.writes.add(entry);
    try {
      return await run;
    } finally {
      this.writes.delete(entry);
    }
  }

  /**
   * Stops taking writes, waits up to `graceMs` for those in flight, then records each one still
   * running as in doubt in `ledger` (state `unknown`, lease released; fenced by its lease, so a write
   * that ended meanwhile is left as it ended). Never throws: a ledger that fails leaves the record to
   * its lease's end and the reconciler.
   */
  async drain(ledger: Ledger, graceMs: number): Promise<DrainResult> {
    this.stopping = true;
    const started = [...this.writes];
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(started.map((write) => write.done)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    const stuck = started.filter((write) => this.writes.has(write));
    await Promise.all(
      stuck.map((write) => (write.held === undefined ? undefined : ledger.finish(write.held.id, write.held.lease, { state: 'unknown' }).catch(() => false))),
    );
    return { finished: started.length - stuck.length, leftInDoubt: stuck.length };
  }
}
