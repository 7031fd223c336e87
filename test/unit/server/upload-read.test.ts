import { PassThrough } from 'node:stream';
import { type UploadReceipt, type UploadRefusal } from '../../../src/ledger/index.js';
import { readInto } from '../../../src/server/uploads.js';

/** A receipt taking each chunk after `delayMs`, refusing the chunk that brings it past `maxBytes`; what it was asked, in order. */
function slowReceipt(maxBytes: number, delayMs: number, failOn?: number): { receipt: UploadReceipt; calls: string[] } {
  const calls: string[] = [];
  let bytes = 0;
  let chunks = 0;
  const receipt: UploadReceipt = {
    async add(chunk) {
      chunks += 1;
      const index = chunks;
      calls.push(`add ${chunk.length}`);
      await new Promise((done) => setTimeout(done, delayMs));
      if (index === failOn) {
        throw new Error('store failed');
      }
      bytes += chunk.length;
      const refusal: UploadRefusal | undefined = bytes > maxBytes ? 'too-large' : undefined;
      calls.push(`added ${chunk.length}${refusal === undefined ? '' : ` ${refusal}`}`);
      return refusal;
    },
    async commit() {
      calls.push('commit');
      return 'too-large';
    },
    async abort() {
      calls.push('abort');
    },
  };
  return { receipt, calls };
}

/** A body whose last chunk arrives with its end, as a request's does. */
function body(chunks: number[]): PassThrough {
  const stream = new PassThrough();
  for (const size of chunks.slice(0, -1)) {
    stream.write(Buffer.alloc(size));
  }
  stream.end(Buffer.alloc(chunks.at(-1) ?? 0));
  return stream;
}

describe('readInto', () => {
  it("answers the last chunk's refusal when the body ends while that chunk is still being taken", async () => {
    const { receipt, calls } = slowReceipt(100, 20);
    await expect(readInto(body([60, 41]), receipt)).resolves.toBe('too-large');
    expect(calls).toEqual(['add 60', 'added 60', 'add 41', 'added 41 too-large']);
  });

  it('resolves an accepted body only once its last chunk is taken', async () => {
    const { receipt, calls } = slowReceipt(100, 20);
    await expect(readInto(body([60, 40]), receipt)).resolves.toBeUndefined();
    expect(calls).toEqual(['add 60', 'added 60', 'add 40', 'added 40']);
  });

  it('rejects with the store failure of the last chunk and aborts the receipt', async () => {
    const { receipt, calls } = slowReceipt(100, 20, 2);
    await expect(readInto(body([60, 40]), receipt)).rejects.toThrow('store failed');
    expect(calls).toEqual(['add 60', 'added 60', 'add 40', 'abort']);
  });
});
