import { LedgerUnavailableError, MemoryUploadRows, type UploadRows, UploadStore } from '../../../src/ledger/index.js';

describe('UploadStore', () => {
  const settings = { maxBytes: 64, ttlMs: 60_000, maxStoredBytes: 100, maxCallerBytes: 60 };

  it('fails a statement that does not answer within its timeout with a retryable LEDGER_UNAVAILABLE', async () => {
    const rows = new MemoryUploadRows();
    const hung: UploadRows = Object.assign(Object.create(rows) as UploadRows, { attach: () => new Promise<never>(() => undefined) });
    const uploads = new UploadStore(settings, hung, { timeoutMs: 20 });
    const receipt = await uploads.receive('a');
    expect(await receipt.add(Buffer.from('hello'))).toBeUndefined();
    const { id } = (await receipt.commit()) as { id: string };
    const attach = uploads.attach(id, 'a', 'key');
    await expect(attach).rejects.toBeInstanceOf(LedgerUnavailableError);
    await expect(attach).rejects.toMatchObject({ code: 'LEDGER_UNAVAILABLE' });
  });

  it('never asks the database about an id that is not a UUID', async () => {
    const rows = new MemoryUploadRows();
    let asked = 0;
    const counted: UploadRows = Object.assign(Object.create(rows) as UploadRows, {
      attach: async (...args: Parameters<UploadRows['attach']>) => {
        asked += 1;
        return rows.attach(...args);
      },
    });
    const uploads = new UploadStore(settings, counted);
    expect(await uploads.attach("1' or '1'='1", 'a', 'key')).toBeUndefined();
    expect(await uploads.attach('00000000-0000-4000-8000-000000000000', 'a', 'key')).toBeUndefined();
    expect(asked).toBe(1);
  });
});
