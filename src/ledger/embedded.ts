import { type PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { copyTemplate, installedPgliteVersion, LEDGER_TEMPLATE_DIR, templateMatches } from './template-files.js';

/**
 * PostgreSQL settings of the embedded ledger, sized for a laptop and a small pod: the ledger holds
 * one row per write and per created proposal, read by primary key. PostgreSQL's defaults (128 MB of
 * shared buffers, 4 MB per sort, 64 MB for maintenance) are for a server of its own; in PGlite the
 * buffers live in the WebAssembly heap, which never shrinks, so they were most of the process's
 * resident memory. Measured on a 2-CPU container (npm run bench, BENCH_SUITE=resources).
 */
export const EMBEDDED_POSTGRESQL_CONF: readonly string[] = [
  'shared_buffers = 8MB',
  'temp_buffers = 1MB',
  'work_mem = 1MB',
  'maintenance_work_mem = 4MB',
  'wal_buffers = 256kB',
];

/**
 * Opens the embedded PostgreSQL under `dir` (in memory when undefined). An empty directory is filled
 * from the prepared `template` (template.ts: made at build time by this PGlite with these settings)
 * when there is one; otherwise it is initialized (initdb) on a worker thread that exits when it is
 * done: initdb's WebAssembly heap (about 200 MB, which the process never gave back) goes with the
 * worker. `template` null: always initdb.
 */
export async function openEmbeddedPglite(dir: string | undefined, template: string | null = LEDGER_TEMPLATE_DIR): Promise<PGlite> {
  keepWebAssemblyBaseline();
  const options = { postgresqlconf: [...EMBEDDED_POSTGRESQL_CONF] };
  if (dir !== undefined && !existsSync(join(dir, 'PG_VERSION'))) {
    if (template !== null && templateMatches(template, { pglite: installedPgliteVersion(), postgresqlconf: EMBEDDED_POSTGRESQL_CONF })) {
      copyTemplate(template, dir);
    } else {
      await initializeOnWorker(dir, options.postgresqlconf);
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(dir, options);
  await pglite.waitReady;
  return pglite;
}

/**
 * PGlite's WebAssembly PostgreSQL stays on V8's baseline compiler (Liftoff): less memory for a little
 * write latency (bench/README.md). Set from code, before the first WebAssembly compile, because a V8
 * flag on the command line costs Node's built-in code cache; it applies to the whole process.
 */
export function keepWebAssemblyBaseline(): void {
  // The implications of --liftoff-only are applied by V8 only to command-line flags: at run time the
  // two tiering flags must be turned off too (measured: --liftoff-only alone here changed nothing).
  setFlagsFromString('--liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering');
}

/** Runs initdb in `dir` on a worker thread and waits for the worker to exit. */
async function initializeOnWorker(dir: string, postgresqlconf: string[]): Promise<void> {
  // The CommonJS build, so the worker is a plain script (no module file of ours to find at run time).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const source = `
    const { workerData } = require('node:worker_threads');
    const { PGlite } = require(workerData.entry);
    (async () => {
      const pglite = new PGlite(workerData.dir, { postgresqlconf: workerData.postgresqlconf });
      await pglite.waitReady;
      await pglite.close();
    })().catch((error) => { process.exitCode = 1; throw error; });
  `;
  const worker = new Worker(source, { eval: true, workerData: { entry, dir, postgresqlconf } });
  await new Promise<void>((resolve, reject) => {
    let failure: unknown;
    worker.once('error', (error) => {
      failure = error;
    });
    worker.once('exit', (code) => {
      if (code === 0 && failure === undefined) {
        resolve();
      } else {
        reject(failure ?? new Error(`the embedded ledger's initdb worker exited with ${code}`));
      }
    });
  });
}
