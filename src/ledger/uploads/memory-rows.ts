import { type BoundRefusal, type StoredUploadRow, type UploadBounds, type UploadRows } from './rows.js';

interface MemoryUpload {
  id: string;
  callerId: string;
  state: 'receiving' | 'stored';
  sizeBytes: number;
  sha256: string | null;
  attachedKey: string | null;
  expiresAt: Date;
  chunks: Map<number, Buffer>;
}

/** The upload statements in this process's memory (tests and the memory ledger); each one atomic because synchronous. */
export class MemoryUploadRows implements UploadRows {
  private readonly uploads = new Map<string, MemoryUpload>();

  async start(row: { id: string; callerId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    this.uploads.set(row.id, {
      id: row.id,
      callerId: row.callerId,
      state: 'receiving',
      sizeBytes: 0,
      sha256: null,
      attachedKey: null,
      expiresAt: row.expiresAt,
      chunks: new Map(),
    });
  }

  async reserve(id: string, callerId: string, bytes: number, now: Date, bounds: UploadBounds): Promise<BoundRefusal | undefined> {
    const upload = this.uploads.get(id);
    if (upload?.state !== 'receiving') {
      throw new Error('the upload is no longer arriving');
    }
    if (this.sum(now, callerId) + bytes > bounds.maxCallerBytes) {
      return 'caller-full';
    }
    if (this.sum(now) + bytes > bounds.maxStoredBytes) {
      return 'store-full';
    }
    upload.sizeBytes += bytes;
    return undefined;
  }

  async writeChunk(id: string, seq: number, bytes: Buffer): Promise<void> {
    const upload = this.uploads.get(id);
    if (upload === undefined) {
      throw new Error('the upload is no longer arriving');
    }
    upload.chunks.set(seq, Buffer.from(bytes));
  }

  async finish(id: string, sha256: string, expiresAt: Date): Promise<void> {
    const upload = this.uploads.get(id);
    if (upload?.state !== 'receiving') {
      throw new Error('the upload is no longer arriving');
    }
    Object.assign(upload, { state: 'stored', sha256, expiresAt });
  }

  async remove(id: string): Promise<void> {
    this.uploads.delete(id);
  }

  async attach(id: string, callerId: string, key: string, now: Date): Promise<StoredUploadRow | undefined> {
    const upload = this.uploads.get(id);
    if (
      upload === undefined ||
      upload.callerId !== callerId ||
      upload.state !== 'stored' ||
      upload.sha256 === null ||
      upload.expiresAt.getTime() <= now.getTime() ||
      (upload.attachedKey !== null && upload.attachedKey !== key)
    ) {
      return undefined;
    }
    upload.attachedKey = key;
    return { id, callerId, sizeBytes: upload.sizeBytes, sha256: upload.sha256, attachedKey: key, expiresAt: new Date(upload.expiresAt.getTime()) };
  }

  async detach(id: string, callerId: string, key: string): Promise<void> {
    const upload = this.uploads.get(id);
    if (upload !== undefined && upload.callerId === callerId && upload.attachedKey === key) {
      upload.attachedKey = null;
    }
  }

  async chunks(id: string): Promise<Buffer[]> {
    const chunks = this.uploads.get(id)?.chunks ?? new Map<number, Buffer>();
    return [...chunks.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => Buffer.from(bytes));
  }

  async purge(now: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const upload of this.uploads.values()) {
      if (deleted < limit && upload.expiresAt.getTime() <= now.getTime()) {
        this.uploads.delete(upload.id);
        deleted += 1;
      }
    }
    return deleted;
  }

  async held(now: Date, callerId?: string): Promise<number> {
    return this.sum(now, callerId);
  }

  private sum(now: Date, callerId?: string): number {
    let total = 0;
    for (const upload of this.uploads.values()) {
      if (upload.expiresAt.getTime() > now.getTime() && (callerId === undefined || upload.callerId === callerId)) {
        total += upload.sizeBytes;
      }
    }
    return total;
  }
}
