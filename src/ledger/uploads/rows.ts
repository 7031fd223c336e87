/**
 * The statements the upload store is made of, each atomic on its own: over PostgreSQL or PGlite
 * (sql-rows.ts) or memory (memory-rows.ts). One contract suite runs over each
 * (test/integration/ledger/upload-store.shared.ts).
 */

/** The bounds on bytes held, checked as an upload's chunks are reserved. */
export interface UploadBounds {
  /** Bytes of unexpired uploads of every caller together (UPLOAD_STORE_MAX_BYTES). */
  maxStoredBytes: number;
  /** Bytes of unexpired uploads of one caller (UPLOAD_CALLER_MAX_BYTES). */
  maxCallerBytes: number;
}

/** Why bytes of an arriving upload were not taken: the bound of all callers, or the caller's own. */
export type BoundRefusal = 'store-full' | 'caller-full';

/** An upload stored whole, as attach reads it. */
export interface StoredUploadRow {
  id: string;
  callerId: string;
  sizeBytes: number;
  sha256: string;
  /** The idempotency key it is attached with (the one just given, after {@link UploadRows.attach}). */
  attachedKey: string;
  expiresAt: Date;
}

/** The upload store's statements. */
export interface UploadRows {
  /** Records an upload that starts arriving (`receiving`, no bytes yet). */
  start(row: { id: string; callerId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /**
   * Adds `bytes` to an arriving upload's size when the bounds (counting every unexpired upload at
   * `now`, arriving ones included) still hold after it; the bound that would not, otherwise. Atomic
   * across replicas. Throws when the upload is no longer arriving (purged).
   */
  reserve(id: string, callerId: string, bytes: number, now: Date, bounds: UploadBounds): Promise<BoundRefusal | undefined>;
  /** Writes chunk `seq` of an arriving upload. */
  writeChunk(id: string, seq: number, bytes: Buffer): Promise<void>;
  /** Marks an arriving upload stored, with its hash and expiry. */
  finish(id: string, sha256: string, expiresAt: Date): Promise<void>;
  /** Deletes an upload and its chunks (a refused or broken one). */
  remove(id: string): Promise<void>;
  /**
   * Attaches the caller's stored, unexpired upload `id` with `key`: when it has no key yet or has this
   * one. Undefined when it is unknown, another caller's, still arriving, expired, or attached with
   * another key (all alike).
   */
  attach(id: string, callerId: string, key: string, now: Date): Promise<StoredUploadRow | undefined>;
  /** Forgets the key an upload was attached with, when it is still `key` (the attach was never recorded). */
  detach(id: string, callerId: string, key: string): Promise<void>;
  /** The upload's chunks, in order. */
  chunks(id: string): Promise<Buffer[]>;
  /** Deletes up to `limit` uploads expired at `now` (arriving or stored); how many. */
  purge(now: Date, limit: number): Promise<number>;
  /** Bytes of unexpired uploads at `now`, of one caller or (undefined) of all. */
  held(now: Date, callerId?: string): Promise<number>;
}
