/**
 * `npm run bench:uploads`: what uploads in flight cost in memory, and how fast they are stored.
 *
 * One process receives BENCH_UPLOADS (8) uploads of BENCH_UPLOAD_MIB (10) MiB at once through the
 * upload store, fed 64 KiB at a time (an HTTP body's chunks) from one source buffer allocated before
 * the baseline, over three stores in turn: PostgreSQL (BENCH_DATABASE_URL, default the local test
 * server's `test` database), an embedded PGlite in memory, and the memory rows of the tests (which,
 * like the memory-only store before, keep every document whole). Half way through, with every upload
 * paused there, garbage is collected and the ArrayBuffer memory the process holds over its baseline
 * is reported, and its ratio to the bytes arrived so far; then the rest is sent and the time taken
 * for all reported. One run gives each store's figures, so the machine's noise cancels out of the ratios.
 */
import { PGlite } from '@electric-sql/pglite';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MemoryUploadRows, openLedgerDatabase, SqlUploadRows, type UploadRows, UploadStore } from '../src/ledger/index.js';

const UPLOADS = envNumber('BENCH_UPLOADS', 8);
const MIB = 1024 * 1024;
const SIZE = envNumber('BENCH_UPLOAD_MIB', 10) * MIB;
const PIECE = 64 * 1024;
/** Where the uploads pause: half way, and half a chunk row past a row's end (the most a row buffers is then in flight). */
const HALF = SIZE / 2 + 128 * 1024;
/** Bytes per chunk row (BENCH_CHUNK_KIB; default the store's). */
const CHUNK_BYTES = process.env['BENCH_CHUNK_KIB'] === undefined ? undefined : envNumber('BENCH_CHUNK_KIB', 256) * 1024;
const DATABASE_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

const settings = { maxBytes: SIZE, ttlMs: 60_000, maxStoredBytes: 64 * 1024 * MIB, maxCallerBytes: 64 * 1024 * MIB };

/** One store: every upload sent half, then (all of them paused there) a collection and the memory held; then the rest. */
async function measure(name: string, rows: UploadRows, source: Buffer): Promise<{ name: string; heldMiB: number; ratio: number; seconds: number }> {
  const store = new UploadStore(settings, rows, { timeoutMs: 60_000, ...(CHUNK_BYTES === undefined ? {} : { chunkBytes: CHUNK_BYTES }) });
  gc();
  const base = process.memoryUsage().arrayBuffers;
  let arrived = 0;
  let resume: () => void = () => undefined;
  const halfway = new Promise<void>((resolve) => {
    resume = resolve;
  });
  let held = 0;
  const send = async (receipt: Awaited<ReturnType<UploadStore['receive']>>, from: number, to: number): Promise<void> => {
    for (let at = from; at < to; at += PIECE) {
      // A copy, as a socket gives each chunk in a buffer of its own.
      const refusal = await receipt.add(Buffer.from(source.subarray(at, Math.min(to, at + PIECE))));
      if (refusal !== undefined) {
        throw new Error(`refused: ${refusal}`);
      }
    }
  };
  const started = process.hrtime.bigint();
  const ids = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, index) => {
      const receipt = await store.receive(`bench-${index}`);
      await send(receipt, 0, HALF);
      arrived += 1;
      if (arrived === UPLOADS) {
        gc();
        held = process.memoryUsage().arrayBuffers - base;
        resume();
      }
      await halfway;
      await send(receipt, HALF, SIZE);
      const summary = await receipt.commit();
      if (typeof summary === 'string') {
        throw new Error(`refused: ${summary}`);
      }
      return summary.id;
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const id of ids) {
    await rows.remove(id);
  }
  return { name, heldMiB: held / MIB, ratio: held / (UPLOADS * HALF), seconds };
}

function gc(): void {
  if (globalThis.gc === undefined) {
    throw new Error('run with --expose-gc (npm run bench:uploads)');
  }
  globalThis.gc();
}

const STORES = ['memory', 'postgres', 'pglite'] as const;
const NAMES = { memory: 'memory rows (whole documents)', postgres: 'PostgreSQL', pglite: 'PGlite (in memory)' };

/** One store, in this process (BENCH_STORE): its figures as one JSON line. */
async function benchOne(store: (typeof STORES)[number]): Promise<void> {
  const source = Buffer.alloc(SIZE, 7);
  let result;
  if (store === 'memory') {
    result = await measure(NAMES[store], new MemoryUploadRows(), source);
  } else if (store === 'postgres') {
    const database = await openLedgerDatabase({ databaseUrl: DATABASE_URL, poolSize: UPLOADS + 2 });
    try {
      result = await measure(NAMES[store], new SqlUploadRows(database.db), source);
    } finally {
      await database.close();
    }
  } else {
    const pglite = new PGlite();
    const database = await openLedgerDatabase({ pglite });
    try {
      result = await measure(NAMES[store], new SqlUploadRows(database.db), source);
    } finally {
      await database.close();
      await pglite.close();
    }
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Each store in a process of its own (a store measured earlier would leave memory in the next one's baseline). */
async function bench(): Promise<void> {
  const only = process.env['BENCH_STORE'];
  if (only !== undefined) {
    await benchOne(only as (typeof STORES)[number]);
    return;
  }
  const results = STORES.map((store) => {
    const out = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { env: { ...process.env, BENCH_STORE: store } });
    return JSON.parse(out.toString('utf8').trim().split('\n').pop() ?? '{}') as Awaited<ReturnType<typeof measure>>;
  });
  process.stdout.write(`${UPLOADS} uploads of ${SIZE / MIB} MiB at once (${(UPLOADS * SIZE) / MIB} MiB sent)\n\n`);
  process.stdout.write('| store | held at half way MiB | held / bytes arrived | seconds | MiB/s |\n|---|---|---|---|---|\n');
  for (const r of results) {
    process.stdout.write(
      `| ${r.name} | ${r.heldMiB.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.seconds.toFixed(2)} | ${((UPLOADS * SIZE) / MIB / r.seconds).toFixed(0)} |\n`,
    );
  }
}

bench().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
