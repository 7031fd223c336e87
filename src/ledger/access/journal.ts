import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { accessLine, type PendingAccess } from './record.js';

const SUFFIX = '.jsonl';

/**
 * The access record's write-ahead file: every record is written here (one `write` to the operating
 * system, no `fsync`) before the answer that disclosed the data is sent, then queued for the
 * database. A process killed at any point leaves its unflushed records in the directory, and the next
 * process replays them ({@link AccessJournal.segmentFiles}) before anything else. Segments: the recorder
 * rotates to a new file once the current one is big or old enough ({@link AccessJournal.due}), not at
 * every flush (a file created, closed and deleted per flush cost about 80 µs of the kernel's CPU each
 * time), and deletes the closed ones once the database holds their records. A segment can so hold
 * records already inserted: a replay skips those by id. One process per directory (the recorder locks it).
 */
export class AccessJournal {
  private fd: number | undefined;
  private segment: string | undefined;
  /** Characters written to the current segment, and when it was opened (ms since the epoch). */
  private written = 0;
  private openedAt = 0;

  /** `clock`: ms since the epoch (the recorder's clock, which tests move). */
  constructor(
    readonly dir: string,
    private readonly clock: () => number = Date.now,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** The segments a previous process left, in the order written. */
  segmentFiles(): string[] {
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(SUFFIX))
      .sort()
      .map((name) => join(this.dir, name));
  }

  /** The records of one closed segment, in the order written. A torn last line is skipped. */
  read(segment: string): PendingAccess[] {
    const records: PendingAccess[] = [];
    for (const line of readFileSync(segment, 'utf8').split('\n')) {
      const record = parseLine(line);
      if (record !== undefined) {
        records.push(record);
      }
    }
    return records;
  }

  /** Writes records to the current segment: returns once the operating system holds them, with the characters written. */
  append(records: readonly PendingAccess[]): number {
    return this.appendLines(records.map((r) => accessLine(r)));
  }

  /** Writes records' lines ({@link accessLine}) to the current segment in one `write`: returns once the operating system holds them, with the characters written. */
  appendLines(lines: readonly string[]): number {
    if (this.fd === undefined) {
      // Time-ordered names: leftovers are replayed in the order they were written.
      this.segment = join(this.dir, `${Date.now().toString().padStart(15, '0')}-${randomUUID()}${SUFFIX}`);
      this.fd = openSync(this.segment, 'a');
      this.openedAt = this.clock();
      this.written = 0;
    }
    const text = lines.length === 1 ? `${lines[0]}\n` : `${lines.join('\n')}\n`;
    writeSync(this.fd, text);
    this.written += text.length;
    return text.length;
  }

  /** Whether the current segment holds at least `bytes` characters or was opened at least `ms` ago (none open: no). */
  due(bytes: number, ms: number): boolean {
    return this.fd !== undefined && (this.written >= bytes || this.clock() - this.openedAt >= ms);
  }

  /** Closes the current segment (the next append opens another) and returns it, if there was one. */
  rotate(): string | undefined {
    const segment = this.segment;
    if (this.fd !== undefined) {
      closeSync(this.fd);
    }
    this.fd = undefined;
    this.segment = undefined;
    return segment;
  }

  /** Deletes segments whose records the database holds. */
  remove(segments: readonly string[]): void {
    for (const segment of segments) {
      rmSync(segment, { force: true });
    }
  }
}

/** A line's record: the array of {@link accessLine}, or the object lines of earlier versions (left in a journal across an upgrade). */
function parseLine(line: string): PendingAccess | undefined {
  if (line.trim() === '') {
    return undefined;
  }
  try {
    const parsed = JSON.parse(line) as unknown;
    if (Array.isArray(parsed)) {
      const [id, at, callerId, requestId, action, kind, fields, subjectHmac, proposalId, outcome, purpose] = parsed as unknown[];
      return typeof id === 'string' && typeof at === 'string' && parsed.length === 11
        ? ({ id, at: new Date(at), callerId, requestId, action, kind, fields, subjectHmac, proposalId, outcome, purpose } as PendingAccess)
        : undefined;
    }
    const record = parsed as PendingAccess & { at: string };
    return typeof record.id === 'string' && typeof record.at === 'string' ? { ...record, at: new Date(record.at) } : undefined;
  } catch {
    return undefined;
  }
}
