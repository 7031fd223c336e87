/**
 * Documents sent apart from GraphQL (`POST /uploads`, server/uploads.ts) and named by
 * `attachDocument`'s `uploadId`: held in this process's memory for a while (`UPLOAD_TTL_SECONDS`),
 * only for the caller that sent them, within a bound on the bytes held at once
 * (`UPLOAD_STORE_MAX_BYTES`, counting uploads still arriving).
 */
import { createHash, randomUUID } from 'node:crypto';

/** The upload settings of the config (`config.uploads`). */
export interface UploadSettings {
  /** Largest upload (UPLOAD_MAX_BYTES). */
  maxBytes: number;
  /** How long an upload can be named (UPLOAD_TTL_SECONDS, in ms). */
  ttlMs: number;
  /** Bytes held at once, arriving uploads included (UPLOAD_STORE_MAX_BYTES). */
  maxStoredBytes: number;
}

/** One upload as the store holds it. */
export interface StoredUpload {
  id: string;
  callerId: string;
  bytes: Buffer;
  sha256: string;
  expiresAt: number;
}

/** Why a chunk of an arriving upload was refused. */
export type UploadRefusal = 'too-large' | 'store-full';

/** An upload still arriving: its bytes are counted against the store's bound as they come. */
export interface UploadReceipt {
  /** Takes one chunk; a refusal ends the receipt (its bytes are released). */
  add(chunk: Buffer): UploadRefusal | undefined;
  /** Stores what arrived as the caller's upload. */
  commit(callerId: string): StoredUpload;
  /** Forgets what arrived (a refused or broken upload). */
  abort(): void;
}

/** The uploads of one process. */
export class UploadStore {
  private readonly uploads = new Map<string, StoredUpload>();
  /** Bytes of stored uploads and of uploads still arriving. */
  private held = 0;

  constructor(
    readonly settings: UploadSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes held now (stored and arriving). */
  get heldBytes(): number {
    return this.held;
  }

  /** Starts receiving one upload. */
  receive(): UploadReceipt {
    this.sweep();
    const chunks: Buffer[] = [];
    let size = 0;
    let open = true;
    const release = (): void => {
      if (open) {
        open = false;
        this.held -= size;
      }
    };
    return {
      add: (chunk) => {
        if (!open) {
          return 'too-large';
        }
        if (size + chunk.length > this.settings.maxBytes) {
          release();
          return 'too-large';
        }
        if (this.held + chunk.length > this.settings.maxStoredBytes) {
          release();
          return 'store-full';
        }
        size += chunk.length;
        this.held += chunk.length;
        chunks.push(chunk);
        return undefined;
      },
      commit: (callerId) => {
        if (!open) {
          throw new Error('The upload was already ended.');
        }
        open = false;
        const bytes = Buffer.concat(chunks, size);
        const upload: StoredUpload = {
          id: randomUUID(),
          callerId,
          bytes,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          expiresAt: this.now() + this.settings.ttlMs,
        };
        this.uploads.set(upload.id, upload);
        return upload;
      },
      abort: release,
    };
  }

  /** The caller's upload `id`; undefined when unknown, expired or another caller's (the three alike). */
  get(id: string, callerId: string): StoredUpload | undefined {
    const upload = this.uploads.get(id);
    if (upload === undefined) {
      return undefined;
    }
    if (upload.expiresAt <= this.now()) {
      this.forget(upload);
      return undefined;
    }
    return upload.callerId === callerId ? upload : undefined;
  }

  /** Forgets every expired upload. */
  sweep(): void {
    const now = this.now();
    for (const upload of this.uploads.values()) {
      if (upload.expiresAt <= now) {
        this.forget(upload);
      }
    }
  }

  private forget(upload: StoredUpload): void {
    if (this.uploads.delete(upload.id)) {
      this.held -= upload.bytes.length;
    }
  }
}
