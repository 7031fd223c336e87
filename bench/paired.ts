/**
 * `BENCH_SUITE=paired`: the graph of this checkout beside another build of it (`BENCH_BASE_MAIN`, e.g.
 * `/path/to/base/dist/bundle/main.js`), both running at once, each on a PostgreSQL database of its own
 * (or an embedded ledger, BENCH_PAIRED_LEDGER=embedded), loaded in
 * turns: each round measures every query on one, then on the other (the order alternating by
 * round), `BENCH_PAIRED_REQUESTS` requests each. On a shared machine whose load drifts by a third
 * within minutes, the two are then measured under the same load; what is printed is each round's
 * CPU ms per request and, per query, head over base (the ratio of the means).
 *
 * BENCH_BASE_NODE_ARGS (space separated) gives the base side node flags of its own in place of
 * BENCH_NODE_ARGS: with BENCH_BASE_MAIN the same build, the two sides differ only in node's flags
 * (e.g. `BENCH_NODE_ARGS=--max-semi-space-size=8 BENCH_BASE_NODE_ARGS=` against npm start's).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startStandaloneSandbox } from './limits.js';
import { cpuPerQuery, DASHBOARD, type Graph, INSTALLMENTS, nodeArgs, startGraph, TYPENAME } from './resources.js';
import { envNumber } from './setup.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Math.max(1, envNumber('BENCH_PAIRED_ROUNDS', 6));
const REQUESTS = Math.max(100, envNumber('BENCH_PAIRED_REQUESTS', 600));
/** BENCH_PAIRED_LEDGER=embedded: each graph on an embedded ledger (PGlite) of its own instead of PostgreSQL. */
const EMBEDDED = process.env.BENCH_PAIRED_LEDGER === 'embedded';

/** The figures compared: the warm queries on graphs with their read cache, the partner-call ones without. */
const CASES = [
  { name: '`{ __typename }`', query: TYPENAME, cache: true },
  { name: 'installments, warm', query: INSTALLMENTS, cache: true },
  { name: '4-group dashboard, warm', query: DASHBOARD, cache: true },
  { name: 'installments, one partner call', query: INSTALLMENTS, cache: false },
  { name: 'dashboard, two partner calls', query: DASHBOARD, cache: false },
] as const;

export async function runPairedBench(): Promise<void> {
  const baseMain = process.env.BENCH_BASE_MAIN;
  if (baseMain === undefined) {
    throw new Error('BENCH_SUITE=paired needs BENCH_BASE_MAIN (the other build: <checkout>/dist/bundle/main.js)');
  }
  const sandbox = await startStandaloneSandbox();
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const databases: string[] = [];
  const graphs: Graph[] = [];
  const dataDirs: string[] = [];
  try {
    await admin.connect();
    // A ledger database (and data directory) of its own for each graph, as the resources bench gives its one graph.
    const start = async (main: string | undefined, cache: boolean): Promise<Graph> => {
      // What the resources bench gives the graph: an empty data directory of its own (the embedded
      // ledger's), and with PostgreSQL a database of its own.
      const dataDir = await mkdtemp(join(tmpdir(), 'cg-bench-paired-'));
      dataDirs.push(dataDir);
      let env: Record<string, string> = { DATA_DIR: dataDir };
      if (!EMBEDDED) {
        const database = `cg_bench_${randomBytes(6).toString('hex')}`;
        await admin.query(`create database ${database}`);
        databases.push(database);
        const url = new URL(DATABASE_URL);
        url.pathname = `/${database}`;
        env = { ...env, DATABASE_URL: url.toString() };
      }
      const flags = main !== undefined && process.env.BENCH_BASE_NODE_ARGS !== undefined ? nodeArgs(process.env.BENCH_BASE_NODE_ARGS) : undefined;
      const graph = await startGraph(sandbox, cache ? env : { ...env, READ_CACHE: 'off' }, main, flags);
      graphs.push(graph);
      process.stdout.write(`  started: ${main ?? 'head'}${flags === undefined ? '' : ` (node ${flags.join(' ')})`}${cache ? '' : ', READ_CACHE=off'}\n`);
      return graph;
    };
    const sides = {
      head: { cached: await start(undefined, true), uncached: await start(undefined, false) },
      base: { cached: await start(baseMain, true), uncached: await start(baseMain, false) },
    };
    process.stdout.write(
      `credit graph paired${EMBEDDED ? ' (embedded ledgers)' : ''}: head (this checkout) and base (${baseMain}), ${ROUNDS} rounds of ${REQUESTS} requests per query and side\n`,
    );
    const figures = new Map<string, { head: number[]; base: number[] }>(CASES.map((c) => [c.name, { head: [], base: [] }]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['head', 'base'] as const) : (['base', 'head'] as const);
      for (const side of order) {
        for (const c of CASES) {
          const graph = c.cache ? sides[side].cached : sides[side].uncached;
          figures.get(c.name)?.[side].push(await cpuPerQuery(graph, c.query, sandbox.disbursedId, REQUESTS));
        }
      }
      process.stdout.write(`  round ${round + 1} done\n`);
    }
    const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
    const lines = ['| request | head ms per round | base ms per round | head mean | base mean | head / base |', '|---|---|---|---|---|---|'];
    for (const [name, { head, base }] of figures) {
      const list = (values: number[]): string => values.map((value) => value.toFixed(3)).join(', ');
      lines.push(`| ${name} | ${list(head)} | ${list(base)} | ${mean(head).toFixed(3)} | ${mean(base).toFixed(3)} | ${(mean(head) / mean(base)).toFixed(3)} |`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  } finally {
    await Promise.all(graphs.map((graph) => graph.close()));
    await sandbox.close();
    for (const database of databases) {
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    }
    await admin.end().catch(() => undefined);
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
