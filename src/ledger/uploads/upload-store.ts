/**
 * Documents sent apart from GraphQL (`POST /uploads`, server/uploads.ts) and named by
 * `attachDocument`'s `uploadId`: held in the ledger's database (every replica sees them, a restart
 * keeps them) in chunks written as they arrive, only for the caller that sent them, attachable with
 * one idempotency key, until they expire (`UPLOAD_TTL_SECONDS`), within bounds on the bytes held by
 * every caller and by each one.
 */
import { createHash, randomUUID } from 'node:crypto';
import { LedgerUnavailableError } from '../errors.js';
import { type BoundRefusal, type UploadRows } from './rows.js';
import { type Periodic, startPeriodic } from '../periodic.js';

/** The upload settings of the config (`config.uploads`). */
export interface UploadSettings {
  /** Largest upload (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** How long an upload can be named, from its end (UPLOAD_TTL_SECONDS, in ms). */
  ttlMs: number;
  /** Bytes of unexpired uploads held at once, every caller and arriving uploads included (UPLOAD_STORE_MAX_BYTES). */
  maxStoredBytes: number;
  /** The same, for one caller (UPLOAD_CALLER_MAX_BYTES). */
  maxCallerBytes: number;
}

/** Options of {@link UploadStore}. */
export interface UploadStoreOptions {
  /** The clock (tests move it). */
  now?: () => Date;
  /** Longest wait for one statement; past it the call fails with LEDGER_UNAVAILABLE (default 5000). */
  timeoutMs?: number;
  /** Bytes written per chunk row (default {@link UPLOAD_CHUNK_BYTES}): what one arriving upload holds in memory. */
  chunkBytes?: number;
}

/** Bytes per chunk row, and so the most an arriving upload buffers before it is written. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/** An upload once all its bytes are stored. */
export interface UploadSummary {
  id: string;
  sizeBytes: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  expiresAt: Date;
}

/** An upload as attach reads it: its bytes, checked against its size and hash. */
export interface UploadedDocument extends UploadSummary {
  bytes: Buffer;
}

/** Why an arriving upload was refused: past UPLOAD_MAX_BYTES, the bound of all callers, or the caller's own. */
export type UploadRefusal = 'too-large' | BoundRefusal;

/** An upload still arriving: its bytes are counted against the bounds and written as they come. */
export interface UploadReceipt {
  /** Takes one chunk; a refusal ends the receipt (what it wrote is deleted). */
  add(chunk: Buffer): Promise<UploadRefusal | undefined>;
  /** Writes the rest and stores the upload, or refuses it (what it wrote is deleted). */
  commit(): Promise<UploadSummary | UploadRefusal>;
  /** Deletes what arrived (a broken upload); never throws. */
  abort(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The upload store over one set of {@link UploadRows} (the ledger's database, or memory). */
export class UploadStore {
  private readonly now: () => Date;
  private readonly timeoutMs: number;
  private readonly chunkBytes: number;

  constructor(
    readonly settings: UploadSettings,
    private readonly rows: UploadRows,
    options: UploadStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.chunkBytes = options.chunkBytes ?? UPLOAD_CHUNK_BYTES;
  }

  /** Starts receiving one upload of `callerId`. */
  async receive(callerId: string): Promise<UploadReceipt> {
    const id = randomUUID();
    const createdAt = this.now();
    await this.within('start', () => this.rows.start({ id, callerId, createdAt, expiresAt: new Date(createdAt.getTime() + this.settings.ttlMs) }));
    const hash = createHash('sha256');
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let size = 0;
    let seq = 0;
    let open = true;
    const abort = async (): Promise<void> => {
      open = false;
      pending = [];
      await this.within('remove', () => this.rows.remove(id)).catch(() => undefined);
    };
    const refuse = async (refusal: UploadRefusal): Promise<UploadRefusal> => {
      await abort();
      return refusal;
    };
    const flush = async (): Promise<UploadRefusal | undefined> => {
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const refusal = await this.within('reserve', () => this.rows.reserve(id, callerId, bytes.length, this.now(), this.settings));
      if (refusal !== undefined) {
        return refuse(refusal);
      }
      const at = seq;
      seq += 1;
      await this.within('write', () => this.rows.writeChunk(id, at, bytes));
      return undefined;
    };
    const failing = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        await abort();
        throw error;
      }
    };
    return {
      add: (chunk) =>
        failing(async () => {
          if (!open) {
            throw new Error('The upload was already ended.');
          }
          if (size + chunk.length > this.settings.maxBytes) {
            return refuse('too-large');
          }
          size += chunk.length;
          hash.update(chunk);
          pending.push(chunk);
          pendingBytes += chunk.length;
          return pendingBytes >= this.chunkBytes ? flush() : undefined;
        }),
      commit: () =>
        failing(async () => {
          if (!open) {
            throw new Error('The upload was already ended.');
          }
          const refusal = pendingBytes > 0 ? await flush() : undefined;
          if (refusal !== undefined) {
            return refusal;
          }
          open = false;
          const sha256 = hash.digest('hex');
          const expiresAt = new Date(this.now().getTime() + this.settings.ttlMs);
          await this.within('finish', () => this.rows.finish(id, sha256, expiresAt));
          return { id, sizeBytes: size, sha256, expiresAt };
        }),
      abort,
    };
  }

  /**
   * The caller's upload `id` with its bytes, attached with `idempotencyKey`: undefined when it is
   * unknown, expired, another caller's or already attached with another key (all alike).
   */
  async attach(id: string, callerId: string, idempotencyKey: string): Promise<UploadedDocument | undefined> {
    if (!UUID.test(id)) {
      return undefined;
    }
    const row = await this.within('attach', () => this.rows.attach(id, callerId, idempotencyKey, this.now()));
    if (row === undefined) {
      return undefined;
    }
    const chunks = await this.within('read', () => this.rows.chunks(id));
    const bytes = Buffer.concat(chunks);
    if (bytes.length !== row.sizeBytes || createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
      // Purged between the two reads (it expired just then): retried, it is UPLOAD_NOT_FOUND.
      throw new LedgerUnavailableError('the upload changed while it was read');
    }
    return { id, sizeBytes: row.sizeBytes, sha256: row.sha256, expiresAt: row.expiresAt, bytes };
  }

  /** Lets another key attach upload `id` again, when `idempotencyKey` attached it but its write was never recorded. */
  async detach(id: string, callerId: string, idempotencyKey: string): Promise<void> {
    if (UUID.test(id)) {
      await this.within('detach', () => this.rows.detach(id, callerId, idempotencyKey));
    }
  }

  /** Deletes expired uploads (and ones never finished), in batches of `batchSize` up to `maxBatches`; how many. */
  async purgeExpired(batchSize = 100, maxBatches = 10): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const deleted = await this.within('purge', () => this.rows.purge(this.now(), batchSize));
      total += deleted;
      if (deleted < batchSize) {
        break;
      }
    }
    return total;
  }

  /** Bytes of unexpired uploads held now, of one caller or of all. */
  async heldBytes(callerId?: string): Promise<number> {
    return this.within('held', () => this.rows.held(this.now(), callerId));
  }

  /** Runs one statement within the timeout; any failure is LEDGER_UNAVAILABLE (retryable). */
  private async within<T>(what: string, work: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new LedgerUnavailableError(`the upload store did not answer (${what}) within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([work(), deadline]);
    } catch (error) {
      throw error instanceof LedgerUnavailableError ? error : new LedgerUnavailableError(`the upload store failed (${what})`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Runs {@link UploadStore.purgeExpired} every `intervalMs` (the first one a period after start, never two at once) until stopped. */
export function startUploadPurge(store: UploadStore, options: { intervalMs: number; onError?: (error: unknown) => void }): Periodic {
  return startPeriodic(() => store.purgeExpired(), options);
}
