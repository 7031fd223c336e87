/**
 * The access recorder's CPU per flush on PostgreSQL, in a loop: BENCH_BATCH answers of one record
 * each are recorded (journal write and queue), then one flush inserts them; the process's CPU per
 * flush (user and system apart, process.cpuUsage) over BENCH_FLUSHES flushes, after a warm-up of 300.
 * A flush of one record is the fixed cost of a batch; of many, the records' share besides.
 *
 * Two variants alternate, BENCH_ROUNDS (3) times each: the journal segment kept open across flushes
 * (as the recorder does) and closed at every flush (`segmentMs: 0`, as it did before: a file created,
 * closed and deleted per flush). BENCH_DATABASE_URL: the server (a database of its own is created and dropped).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AccessEntry, accessKeys, AccessRecorder, openLedgerDatabase, SqlAccessStore } from '../src/ledger/index.js';
import { envNumber } from './setup.js';

const BATCH = envNumber('BENCH_BATCH', 10);
const FLUSHES = envNumber('BENCH_FLUSHES', 2000);
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = new pg.Client({ connectionString: DATABASE_URL });
await admin.connect();
const database = `bench_audit_flush_${process.pid}`;
await admin.query(`create database ${database}`);
const url = new URL(DATABASE_URL);
url.pathname = `/${database}`;
const db = await openLedgerDatabase({ databaseUrl: url.toString() });
const keys = accessKeys('bench access key, at least 32 characters long');
const dir = mkdtempSync(join(tmpdir(), 'cg-bench-audit-flush-'));
const subjectHmac = keys.subject('52998224725');
const entry = (i: number): AccessEntry => ({
  callerId: 'bench',
  requestId: `req-${i.toString().padStart(12, '0')}`,
  action: 'read',
  kind: 'person',
  fields: ['document', 'name'],
  subjectHmac,
  proposalId: 'proposal-000001',
  outcome: 'disclosed',
  purpose: null,
});

/** CPU (µs) per flush of BATCH records, `segmentMs` as given (undefined: the recorder's default). */
async function measure(variant: string, segmentMs: number | undefined): Promise<{ user: number; system: number }> {
  const recorder = await AccessRecorder.open(new SqlAccessStore(db.db), {
    keys,
    journalDir: join(dir, variant),
    flushMs: 600_000,
    ...(segmentMs === undefined ? {} : { segmentMs }),
  });
  let i = 0;
  const run = async (flushes: number): Promise<NodeJS.CpuUsage> => {
    const start = process.cpuUsage();
    for (let f = 0; f < flushes; f += 1) {
      for (let k = 0; k < BATCH; k += 1) {
        recorder.record([entry((i += 1))]);
      }
      await recorder.flush();
    }
    return process.cpuUsage(start);
  };
  await run(300);
  const cpu = await run(FLUSHES);
  await recorder.close();
  return { user: cpu.user / FLUSHES, system: cpu.system / FLUSHES };
}

const results: Record<string, { user: number; system: number }[]> = { kept: [], closedEachFlush: [] };
try {
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: [string, number | undefined][] = [
      ['kept', undefined],
      ['closedEachFlush', 0],
    ];
    for (const [variant, segmentMs] of round % 2 === 0 ? order : order.reverse()) {
      results[variant]?.push(await measure(`${variant}-${round}`, segmentMs));
    }
  }
  const shown = (runs: { user: number; system: number }[]): string[] =>
    runs.map((r) => `${(r.user + r.system).toFixed(0)} (user ${r.user.toFixed(0)}, system ${r.system.toFixed(0)})`);
  console.log(
    JSON.stringify(
      { batch: BATCH, flushes: FLUSHES, usPerFlush: { kept: shown(results.kept ?? []), closedEachFlush: shown(results.closedEachFlush ?? []) } },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  await admin.query(`drop database ${database}`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
