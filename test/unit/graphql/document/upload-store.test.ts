import { UploadStore } from '../../../../src/graphql/common/upload-store.js';

describe('UploadStore', () => {
  const settings = { maxBytes: 10, ttlMs: 1000, maxStoredBytes: 16 };
  let now = 0;
  const store = (): UploadStore => new UploadStore(settings, () => now);
  beforeEach(() => {
    now = 0;
  });

  it('gives an upload to the caller that sent it only, until it expires, then frees its bytes', () => {
    const uploads = store();
    const receipt = uploads.receive();
    expect(receipt.add(Buffer.from('hello'))).toBeUndefined();
    const upload = receipt.commit('a');
    expect(upload.bytes.toString()).toBe('hello');
    expect(upload.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(uploads.get(upload.id, 'a')?.bytes.toString()).toBe('hello');
    expect(uploads.get(upload.id, 'b')).toBeUndefined();
    expect(uploads.get('unknown', 'a')).toBeUndefined();
    expect(uploads.heldBytes).toBe(5);
    now = 999;
    expect(uploads.get(upload.id, 'a')).toBeDefined();
    now = 1000;
    expect(uploads.get(upload.id, 'a')).toBeUndefined();
    expect(uploads.heldBytes).toBe(0);
  });

  it('refuses an upload past maxBytes, releasing what it had taken', () => {
    const uploads = store();
    const receipt = uploads.receive();
    expect(receipt.add(Buffer.alloc(6))).toBeUndefined();
    expect(receipt.add(Buffer.alloc(5))).toBe('too-large');
    expect(uploads.heldBytes).toBe(0);
  });

  it('refuses bytes past maxStoredBytes, counting uploads still arriving, and takes them again once uploads expire', () => {
    const uploads = store();
    uploads.receive().add(Buffer.alloc(8));
    const stored = uploads.receive();
    stored.add(Buffer.alloc(6));
    stored.commit('a');
    const third = uploads.receive();
    expect(third.add(Buffer.alloc(3))).toBe('store-full');
    expect(uploads.heldBytes).toBe(14);
    now = 1000;
    // The stored upload has expired (the one still arriving holds its 8 bytes).
    const fourth = uploads.receive();
    expect(fourth.add(Buffer.alloc(8))).toBeUndefined();
    expect(uploads.heldBytes).toBe(16);
  });
});
