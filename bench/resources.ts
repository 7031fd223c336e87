/**
 * The graph's own cost: CPU per query, resident memory and cold start, for the embedded
 * ledger (PGlite under DATA_DIR) and for PostgreSQL (DATABASE_URL).
 *
 * A standalone sandbox runs in its own process (no injected latency); the graph runs as `npm start`
 * runs it (npm start's environment settings and `node <its flags> dist/bundle/main.js`, the bundle
 * `npm run build` makes, which `npm run bench` runs first; NODE_ENV=production, LOG_LEVEL=info so the access line is
 * written, to /dev/null) in a child process, with an API key holding `proposals.all`. The figures
 * are read from the child's `/proc/<pid>/stat` (utime + stime) and `/proc/<pid>/status` (VmRSS), so
 * the load generator's own CPU is never counted.
 *
 * - cold start: from spawn to the first HTTP 200 of the installments query (polled every 5 ms), and
 *   the graph's CPU over that time (printed below the table: less moved by other work than the clock);
 *   embedded on an empty DATA_DIR (first start: initdb), embedded on that same directory again
 *   (existing data), and PostgreSQL (a database of its own);
 * - RSS idle: 2 s after the first 200; RSS after load: after every CPU measurement; RSS after the
 *   50-connection load: after BENCH_WIDE_REQUESTS (default 5000) requests 50 at a time of each of the
 *   warm dashboard and the cache-off installments (what a busy replica holds);
 * - CPU per query: process CPU of the graph over BENCH_CPU_REQUESTS (default 2000) requests, 4 at
 *   a time: `{ __typename }`, installments warm (the shared read cache answers), a 4-group dashboard
 *   warm (core, installments, agenda, boletos), and installments and the dashboard cold (READ_CACHE=off
 *   in a process of its own: one and two partner calls per query). The floors (bench/floor.ts: S0, S1
 *   and SA, fastify and Apollo Server with nothing of the graph) run beside each graph and are measured
 *   in the same rounds: every (process, query) pair warmed up by BENCH_WARMUP_REQUESTS (default 3000),
 *   then BENCH_CPU_ROUNDS (default 7) interleaved rounds, the order reversed every other round; CPU is
 *   the threads' exact run time (`/proc/<pid>/task/<tid>/schedstat`); each figure is the median of its
 *   rounds, each ratio the median of its rounds' ratios to the floor measured in the same round.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: the bench
 * creates and drops a database of its own there), BENCH_CPU_REQUESTS, BENCH_CPU_ROUNDS, BENCH_WARMUP_REQUESTS, BENCH_STARTS (cold starts per
 * configuration, median reported; default 3), BENCH_LEDGERS (`embedded,postgres` by default: which
 * configurations to measure), BENCH_NODE_ARGS (extra node flags for the graph process, space separated,
 * e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under this load), BENCH_GRAPH_ENV (extra environment of the graph,
 * `NAME=value` space separated), BENCH_GRAPH_MAIN (the
 * graph's entry point, default this build's `dist/bundle/main.js`: another build's, to compare in one run).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareLedgerTemplate } from '../src/ledger/template.js';
import { startStandaloneSandbox, type StandaloneSandbox } from './limits.js';
import { startCommand } from './start-command.js';
import { envNumber } from './setup.js';
import { type Floor, floorTable, type GraphFigures, startFloor } from './floor.js';

const CPU_REQUESTS = envNumber('BENCH_CPU_REQUESTS', 2000);
const CPU_ROUNDS = Math.max(1, envNumber('BENCH_CPU_ROUNDS', 7));
const WARMUP_REQUESTS = envNumber('BENCH_WARMUP_REQUESTS', 3000);
const STARTS = Math.max(1, envNumber('BENCH_STARTS', 3));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LEDGERS = new Set((process.env.BENCH_LEDGERS ?? 'embedded,postgres').split(',').map((name) => name.trim()));
/** Extra environment of the graph process (`NAME=value` space separated), for experiments. */
const GRAPH_ENV = Object.fromEntries(
  (process.env.BENCH_GRAPH_ENV ?? '')
    .split(' ')
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** Node flags, space separated, as a list. */
export const nodeArgs = (text: string | undefined): string[] => (text ?? '').split(' ').filter((arg) => arg !== '');
const NODE_ARGS = nodeArgs(process.env.BENCH_NODE_ARGS);

const CONCURRENCY = 4;
/** The wide load's connections and requests per query: RSS after it is the memory target's figure. */
const WIDE_CONNECTIONS = 50;
const WIDE_REQUESTS = envNumber('BENCH_WIDE_REQUESTS', 5000);
/** The API key (caller `bench`, `proposals.all`) the graph of {@link startGraph} accepts. */
export const KEY = `bench-${randomBytes(16).toString('hex')}`;
const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

export const TYPENAME = '{ __typename }';
/** The graph's answer to INSTALLMENTS, read by the first ledger measured: the bytes S0 answers. */
export const INSTALLMENTS = 'query InstallmentsOnly($id: ID!) { proposal(id: $id) { installments { number amount dueDate } } }';
export const DASHBOARD = `query Dashboard($id: ID!) {
  proposal(id: $id) {
    id number situation financedAmount
    installments { number amount dueDate }
    agenda { installments { number balance } }
    boletos { number amount dueDate }
  }
}`;

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** utime + stime of a process, in milliseconds. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The run time of each thread of a process (ns by thread id), from `/proc/<pid>/task/<tid>/schedstat`: exact, where `stat` counts 10 ms ticks. */
export async function threadTimes(pid: number): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  for (const task of await readdir(`/proc/${pid}/task`)) {
    // A thread may end between the listing and the read: it has no time of its own left to count.
    const text = await readFile(`/proc/${pid}/task/${task}/schedstat`, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      times.set(task, Number(text.slice(0, text.indexOf(' '))));
    }
  }
  return times;
}

/** CPU (ms) a process's threads ran since `before` ({@link threadTimes}); a thread that ended meanwhile is left out. */
export async function cpuMsSince(pid: number, before: Map<string, number>): Promise<number> {
  let ns = 0;
  for (const [task, time] of await threadTimes(pid)) {
    ns += time - (before.get(task) ?? 0);
  }
  return ns / 1e6;
}

/** Resident set of a process, MiB. */
async function rssMiB(pid: number): Promise<number> {
  const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
  return (Number(statm.split(' ')[1]) * PAGE_BYTES) / 1024 / 1024;
}

export interface Graph {
  pid: number;
  url: string;
  /** Milliseconds from spawn to the first HTTP 200 of the installments query. */
  coldStartMs: number;
  /**
   * The graph's CPU (utime + stime) from spawn to that first 200, ms: what the start costs the
   * process itself, much less moved than the wall clock by other work on a shared machine.
   */
  coldStartCpuMs: number;
  close(): Promise<void>;
}

/** The graph's answer to one query, as bytes the floor S0 then answers from memory. */
async function answerText(url: string, query: string, id: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ query, variables: { id } }),
  });
  return response.text();
}

/**
 * Interleaved rounds, as the targets are defined: every (process, query) pair is warmed up by
 * BENCH_WARMUP_REQUESTS requests (a fresh process compiles its path over thousands of requests: a
 * figure taken right after start measured the compiler), then BENCH_CPU_ROUNDS rounds measure each
 * pair over BENCH_CPU_REQUESTS requests, in an order reversed every other round so that drift of the
 * shared machine falls on all alike.
 */
async function interleaved<Name extends string>(pairs: Record<Name, { target: Pick<Graph, 'pid' | 'url'>; query: string }>, id: string): Promise<Rounds<Name>> {
  const names = Object.keys(pairs) as Name[];
  for (const name of names) {
    await load(pairs[name].target, pairs[name].query, id, WARMUP_REQUESTS);
  }
  const samples = new Map<Name, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < CPU_ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      samples.get(name)?.push(await cpuOver(pairs[name].target, pairs[name].query, id, CPU_REQUESTS));
    }
  }
  return {
    median: (name) => median(samples.get(name) ?? []),
    ratio: (name, floor) => {
      const over = samples.get(floor) ?? [];
      return median((samples.get(name) ?? []).map((ms, round) => ms / (over[round] ?? Number.NaN)));
    },
  };
}

/** What {@link interleaved} measured: a pair's median, and the median of its rounds' ratios to another pair measured in the same rounds. */
interface Rounds<Name extends string> {
  median(name: Name): number;
  ratio(name: Name, floor: Name): number;
}

/** The floors beside one graph: S0 and SA answering the graph's installments answer, S1 over the sandbox. */
async function startFloors(sandbox: StandaloneSandbox, answer: string): Promise<{ s0: Floor; s1: Floor; stack: Floor; close(): Promise<void> }> {
  const s0 = await startFloor('s0', sandbox, await freePort(), answer);
  const s1 = await startFloor('s1', sandbox, await freePort());
  const stack = await startFloor('stack', sandbox, await freePort(), answer);
  return { s0, s1, stack, close: async () => void (await Promise.all([s0.close(), s1.close(), stack.close()])) };
}

async function post(url: string, query: string, id: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ query, variables: { id } }),
  });
  const text = await response.text();
  if (response.status !== 200 && response.status !== 503) {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  if (response.status === 200 && text.includes('"errors"')) {
    throw new Error(`the graph answered with errors: ${text.slice(0, 300)}`);
  }
  return response.status;
}

/**
 * The graph (`node dist/bundle/main.js`, as npm start runs it; `main` another build of it) against
 * the standalone sandbox, timed to its first 200.
 */
export async function startGraph(
  sandbox: StandaloneSandbox,
  env: Record<string, string>,
  graphMain?: string,
  nodeArgs: readonly string[] = NODE_ARGS,
): Promise<Graph> {
  const main = graphMain ?? process.env.BENCH_GRAPH_MAIN ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist/bundle/main.js');
  const start = await startCommand();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/graphql`;
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...start.flags, ...nodeArgs, main], {
    env: {
      PATH: process.env.PATH ?? '',
      ...start.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      GRAPHQL_API_KEYS: `bench:${KEY}:proposals.all`,
      UPSTREAM_BASE_URL: sandbox.url,
      UPSTREAM_ENVIRONMENT_URL: `${sandbox.url}/environment`,
      UPSTREAM_AUTH_URL: sandbox.url,
      UPSTREAM_CLIENT_ID: sandbox.clientId,
      UPSTREAM_PRIVATE_KEY: sandbox.privateKeyPem,
      UPSTREAM_RATE_LIMIT_RPS: '100000',
      UPSTREAM_RATE_LIMIT_BURST: '100000',
      UPSTREAM_MAX_CONCURRENT: '64',
      ...env,
      ...GRAPH_ENV,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) {
      throw new Error(`the graph exited before its first 200: ${stderr.slice(0, 500)}`);
    }
    const status = await post(url, INSTALLMENTS, sandbox.disbursedId).catch(() => 0);
    if (status === 200) {
      break;
    }
    await new Promise((done) => setTimeout(done, 5));
  }
  const coldStartMs = performance.now() - startedAt;
  const coldStartCpuMs = await cpuMs(child.pid ?? 0);
  return {
    pid: child.pid ?? 0,
    url,
    coldStartMs,
    coldStartCpuMs,
    close: async () => {
      if (exited) {
        return;
      }
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** Process CPU of the graph per query (ms), over CPU_REQUESTS requests, CONCURRENCY at a time, after a warm-up. */
export async function cpuPerQuery(graph: Pick<Graph, 'pid' | 'url'>, query: string, id: string, requests = CPU_REQUESTS): Promise<number> {
  await load(graph, query, id, Math.min(500, requests));
  return cpuOver(graph, query, id, requests);
}

/** Process CPU per query (ms, the threads' exact run time) over `requests` requests, CONCURRENCY at a time, no warm-up. */
async function cpuOver(graph: Pick<Graph, 'pid' | 'url'>, query: string, id: string, requests: number): Promise<number> {
  const before = await threadTimes(graph.pid);
  await load(graph, query, id, requests);
  return (await cpuMsSince(graph.pid, before)) / requests;
}

/** `amount` requests, CONCURRENCY at a time, every one answered (a 503 throws). */
async function load(graph: Pick<Graph, 'url'>, query: string, id: string, amount: number): Promise<void> {
  const refused = await send(graph, query, id, amount, CONCURRENCY);
  if (refused > 0) {
    throw new Error(`HTTP 503 to ${refused} of ${amount} requests`);
  }
}

/**
 * `amount` requests, `concurrency` at a time: how many the graph's admission control refused (503,
 * what it answers when its event loop falls behind) instead of answering; any other failure throws.
 */
async function send(graph: Pick<Graph, 'url'>, query: string, id: string, amount: number, concurrency: number): Promise<number> {
  let left = amount;
  let refused = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left > 0) {
        left -= 1;
        const status = await post(graph.url, query, id);
        if (status === 503) {
          refused += 1;
        } else if (status !== 200) {
          throw new Error(`HTTP ${status}`);
        }
      }
    }),
  );
  return refused;
}

/** WIDE_REQUESTS requests, WIDE_CONNECTIONS at a time: how many were refused with 503. */
const wideLoad = (graph: Pick<Graph, 'url'>, query: string, id: string): Promise<number> => send(graph, query, id, WIDE_REQUESTS, WIDE_CONNECTIONS);

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface LedgerRow extends GraphFigures {
  coldFirstMs?: number;
  coldMs: number;
  coldFirstCpuMs?: number;
  coldCpuMs: number;
  rssIdle: number;
  rssIdleFirst?: number;
  rssLoad: number;
  rssWide: number;
  /** The share of the wide load's requests refused with 503. */
  wideRefused: number;
}

/** One ledger configuration: cold starts, memory, CPU per query. */
async function measureLedger(
  sandbox: StandaloneSandbox,
  name: string,
  env: () => Promise<Record<string, string>>,
  firstStart?: () => Promise<Record<string, string>>,
): Promise<LedgerRow> {
  let coldFirstMs: number | undefined;
  let coldFirstCpuMs: number | undefined;
  let rssIdleFirst: number | undefined;
  if (firstStart !== undefined) {
    const first = await startGraph(sandbox, await firstStart());
    coldFirstMs = first.coldStartMs;
    coldFirstCpuMs = first.coldStartCpuMs;
    await new Promise((done) => setTimeout(done, 2000));
    rssIdleFirst = await rssMiB(first.pid);
    await first.close();
  }
  const starts: number[] = [];
  const startCpus: number[] = [];
  for (let index = 1; index < STARTS; index += 1) {
    const graph = await startGraph(sandbox, await env());
    starts.push(graph.coldStartMs);
    startCpus.push(graph.coldStartCpuMs);
    await graph.close();
  }
  const graph = await startGraph(sandbox, await env());
  starts.push(graph.coldStartMs);
  startCpus.push(graph.coldStartCpuMs);
  await new Promise((done) => setTimeout(done, 2000));
  const rssIdle = await rssMiB(graph.pid);
  const floors = await startFloors(sandbox, await answerText(graph.url, INSTALLMENTS, sandbox.disbursedId));
  let warmRounds: Rounds<'typename' | 'warm' | 'dashboard' | 's0' | 'stackTypename' | 'stackWarm'>;
  let coldRounds: Rounds<'cold' | 'coldDashboard' | 's1'>;
  let rssWarm: number;
  let rssWideWarm: number;
  let refused: number;
  let uncached: Graph | undefined;
  try {
    warmRounds = await interleaved(
      {
        typename: { target: graph, query: TYPENAME },
        warm: { target: graph, query: INSTALLMENTS },
        dashboard: { target: graph, query: DASHBOARD },
        s0: { target: floors.s0, query: INSTALLMENTS },
        stackTypename: { target: floors.stack, query: TYPENAME },
        stackWarm: { target: floors.stack, query: INSTALLMENTS },
      },
      sandbox.disbursedId,
    );
    rssWarm = await rssMiB(graph.pid);
    refused = await wideLoad(graph, DASHBOARD, sandbox.disbursedId);
    rssWideWarm = await rssMiB(graph.pid);
    await graph.close();
    uncached = await startGraph(sandbox, { ...(await env()), READ_CACHE: 'off' });
    coldRounds = await interleaved(
      {
        cold: { target: uncached, query: INSTALLMENTS },
        coldDashboard: { target: uncached, query: DASHBOARD },
        s1: { target: floors.s1, query: INSTALLMENTS },
      },
      sandbox.disbursedId,
    );
  } finally {
    await floors.close();
  }
  const rssLoad = Math.max(rssWarm, await rssMiB(uncached.pid));
  refused += await wideLoad(uncached, INSTALLMENTS, sandbox.disbursedId);
  const rssWide = Math.max(rssWideWarm, await rssMiB(uncached.pid));
  await uncached.close();
  const warm = warmRounds.median('warm');
  const cold = coldRounds.median('cold');
  const dashboard = warmRounds.median('dashboard');
  return {
    ledger: name,
    ...(coldFirstMs === undefined ? {} : { coldFirstMs }),
    ...(rssIdleFirst === undefined ? {} : { rssIdleFirst }),
    ...(coldFirstCpuMs === undefined ? {} : { coldFirstCpuMs }),
    coldMs: median(starts),
    coldCpuMs: median(startCpus),
    rssIdle,
    rssLoad,
    rssWide,
    wideRefused: refused / (2 * WIDE_REQUESTS),
    typename: warmRounds.median('typename'),
    warm,
    cold,
    dashboard,
    coldDashboard: coldRounds.median('coldDashboard'),
    floor: {
      s0: warmRounds.median('s0'),
      s1: coldRounds.median('s1'),
      stackTypename: warmRounds.median('stackTypename'),
      stackWarm: warmRounds.median('stackWarm'),
    },
    ratios: {
      typename: warmRounds.ratio('typename', 's0'),
      warm: warmRounds.ratio('warm', 's0'),
      dashboard: warmRounds.ratio('dashboard', 's0'),
      cold: coldRounds.ratio('cold', 's1'),
      coldDashboard: coldRounds.ratio('coldDashboard', 's1'),
      stackTypename: warmRounds.ratio('stackTypename', 's0'),
      stackWarm: warmRounds.ratio('stackWarm', 's0'),
    },
  };
}

function table(rows: LedgerRow[]): string {
  const lines = [
    '| ledger | cold start to first 200 ms (empty DATA_DIR) | RSS idle MiB (first start) | RSS after load MiB (4 / 50 connections) | CPU ms/query: installments warm | installments cold (1 partner call) | 4-group dashboard warm |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.ledger} | ${row.coldMs.toFixed(0)}${row.coldFirstMs === undefined ? '' : ` (${row.coldFirstMs.toFixed(0)})`} | ` +
        `${row.rssIdle.toFixed(0)}${row.rssIdleFirst === undefined ? '' : ` (${row.rssIdleFirst.toFixed(0)})`} | ${row.rssLoad.toFixed(0)} / ${row.rssWide.toFixed(0)} | ` +
        `${row.warm.toFixed(3)} | ${row.cold.toFixed(3)} | ${row.dashboard.toFixed(3)} |`,
    ),
  ];
  return lines.join('\n');
}

/** `BENCH_SUITE=resources npm run bench`: the table of the README's "CPU, memory, start" section. */
export async function runResourcesBench(): Promise<void> {
  const sandbox = await startStandaloneSandbox();
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  const database = `cg_bench_${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  try {
    process.stdout.write(
      `credit graph resources: Node ${process.version}, ${CPU_REQUESTS} requests per CPU figure (${CONCURRENCY} at a time), ${STARTS} cold starts per ledger (median)\n`,
    );
    const rows: LedgerRow[] = [];
    if (LEDGERS.has('embedded')) {
      // What npm start's build does once (scripts/build-if-changed.mjs): the prepared data directory.
      await prepareLedgerTemplate();
      let dataDir = '';
      rows.push(
        await measureLedger(
          sandbox,
          'embedded (PGlite)',
          async () => ({ DATA_DIR: dataDir }),
          async () => {
            dataDir = await mkdtemp(join(tmpdir(), 'cg-bench-resources-'));
            dataDirs.push(dataDir);
            return { DATA_DIR: dataDir };
          },
        ),
      );
      process.stdout.write('  measured: embedded\n');
    }
    if (LEDGERS.has('postgres')) {
      await admin.connect();
      await admin.query(`create database ${database}`);
      const url = new URL(DATABASE_URL);
      url.pathname = `/${database}`;
      const emptyDir = await mkdtemp(join(tmpdir(), 'cg-bench-resources-'));
      dataDirs.push(emptyDir);
      rows.push(await measureLedger(sandbox, 'PostgreSQL (DATABASE_URL)', async () => ({ DATABASE_URL: url.toString(), DATA_DIR: emptyDir })));
      process.stdout.write('  measured: PostgreSQL\n');
    }
    process.stdout.write(`\n${table(rows)}\n\n`);
    process.stdout.write(`${floorTable(rows)}\n\n`);
    process.stdout.write(
      `RSS after the 50-connection load (target <= 220 MiB embedded, <= 160 MiB PostgreSQL): ${rows
        .map(
          (row) =>
            `${row.ledger} ${row.rssWide.toFixed(0)} MiB (${(row.wideRefused * 100).toFixed(1)} % of it refused with 503; ${row.rssLoad.toFixed(0)} after 4 at a time)`,
        )
        .join('; ')}\n\n`,
    );
    // Beside the table, not in it: the graph's own CPU to its first 200 (median of the same starts).
    process.stdout.write(
      `cold start CPU ms to first 200 (graph process, median): ${rows
        .map(
          (row) => `${row.ledger} ${row.coldCpuMs.toFixed(0)}${row.coldFirstCpuMs === undefined ? '' : ` (empty DATA_DIR ${row.coldFirstCpuMs.toFixed(0)})`}`,
        )
        .join('; ')}\n\n`,
    );
  } finally {
    if (LEDGERS.has('postgres')) {
      // Only a connected client: a query on one never connected waits for ever.
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    await sandbox.close();
    for (const dir of dataDirs) {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
