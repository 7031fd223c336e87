/**
 * `npm run bench:audit:http`: the access record's price per HTTP request, as `npm start` runs the graph.
 *
 * One graph process (the built bundle, production settings, PostgreSQL ledger, or the embedded one
 * with BENCH_LEDGER=embedded) against the standalone sandbox; after a warm-up every partner read is a
 * cache hit. Two queries of the disbursed proposal that differ only in the client's personal fields:
 * `client { document name }` (one access record per answer: the journal line, the subject's HMAC,
 * the batched insert) and `client { __typename }` (no record). Alternating rounds of BENCH_QUERIES
 * requests each (2000), BENCH_ROUNDS rounds (8); the graph process's CPU per request, each round's
 * disclosing over plain, and their median.
 */
import 'reflect-metadata';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startStandaloneSandbox } from './limits.js';
import { cpuPerQuery, startGraph } from './resources.js';
import { envNumber } from './setup.js';

const QUERIES = envNumber('BENCH_QUERIES', 2000);
const ROUNDS = envNumber('BENCH_ROUNDS', 8);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DISCLOSING = 'query Disclosing($id: ID!) { proposal(id: $id) { id number client { document name } } }';
const PLAIN = 'query Plain($id: ID!) { proposal(id: $id) { id number client { __typename } } }';

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const sandbox = await startStandaloneSandbox();
const dataDir = await mkdtemp(join(tmpdir(), 'cg-bench-audit-http-'));
const embedded = process.env.BENCH_LEDGER === 'embedded';
const admin = new pg.Client({ connectionString: DATABASE_URL });
const database = `bench_audit_http_${process.pid}`;
let env: Record<string, string> = { DATA_DIR: dataDir };
if (!embedded) {
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${database}`;
  env = { ...env, DATABASE_URL: url.toString() };
}
const graph = await startGraph(sandbox, env);
try {
  const samples = { disclosing: [] as number[], plain: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? (['disclosing', 'plain'] as const) : (['plain', 'disclosing'] as const)) {
      samples[name].push(await cpuPerQuery(graph, name === 'disclosing' ? DISCLOSING : PLAIN, sandbox.disbursedId, QUERIES));
    }
  }
  const ratios = samples.disclosing.map((ms, i) => ms / (samples.plain[i] as number));
  console.log(
    JSON.stringify(
      {
        ledger: embedded ? 'embedded' : 'postgres',
        queries: QUERIES,
        rounds: ROUNDS,
        cpuMsPerRequest: { disclosing: median(samples.disclosing).toFixed(3), plain: median(samples.plain).toFixed(3) },
        pairedRatio: median(ratios).toFixed(3),
        samples,
      },
      null,
      2,
    ),
  );
} finally {
  await graph.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
  if (!embedded) {
    await admin.query(`drop database ${database}`);
    await admin.end();
  }
}
