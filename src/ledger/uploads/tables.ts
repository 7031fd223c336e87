/** The upload tables (migration 0004_uploads), for Kysely. */

/** Where an upload stands: its bytes still arriving, or all stored (and then attachable). */
export type UploadState = 'receiving' | 'stored';

/** `ledger_uploads`: one row per document sent through `POST /uploads`. */
export interface UploadsTable {
  id: string;
  /** The caller that sent it: the only one that can attach it. */
  caller_id: string;
  state: UploadState;
  /** Bytes taken so far (reserved against the bounds before each chunk is written). */
  size_bytes: string | number;
  /** SHA-256 of the whole document, hex; null while it arrives. */
  sha256: string | null;
  /** The idempotency key of the attachDocument that took it first: no other key may attach it. */
  attached_key: string | null;
  created_at: Date;
  /** After this it is refused, and the purge deletes it. */
  expires_at: Date;
}

/** `ledger_upload_chunks`: an upload's bytes, in order. */
export interface UploadChunksTable {
  upload_id: string;
  seq: number;
  bytes: Uint8Array;
}
