import { mkdtempSync } from 'node:fs';
/**
 * The production-limits scenarios of `npm run bench`: the partner's production budget
 * (1 call/s, burst 3, 4 in flight) against a STANDALONE sandbox (its own process, as `npm run
 * sandbox` starts it), graph replicas built exactly as `npm start` builds them from the environment.
 *
 * 1. burst:    200 concurrent identical dashboard queries, then a second wave right after;
 * 2. polling:  50 users polling a 5-proposal dashboard every 5 s (BENCH_POLL_SECONDS, default 60);
 * 3. flood:    one caller flooding random ids beside a normal caller reading real proposals
 *              (BENCH_FLOOD_SECONDS, default 30);
 * 4. replicas: two replicas on one Redis (REDIS_URL, default redis://127.0.0.1:6379) under load
 *              (BENCH_REPLICA_SECONDS, default 20), then one read on replica A repeated on replica B.
 *
 * Reported per scenario: requests, success rate (HTTP 200 and no error), p50/p95 latency, partner
 * calls (GET /_sandbox/calls) and partner calls per second. Every scenario starts fresh replicas
 * (empty caches, full budgets) with a Redis key prefix of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { createApp, type Listening, listen } from '../src/server/app.js';
import { silentLogger } from '../src/server/logger.js';
import { connectUpstream } from '../src/server/upstream.js';
import { createUpstreamClient } from '../src/upstream/index.js';
import { admin, createPortfolio, envNumber } from './setup.js';

const POLL_SECONDS = envNumber('BENCH_POLL_SECONDS', 60);
const FLOOD_SECONDS = envNumber('BENCH_FLOOD_SECONDS', 30);
const REPLICA_SECONDS = envNumber('BENCH_REPLICA_SECONDS', 20);
const LATENCY_MS = envNumber('BENCH_LIMITS_LATENCY_MS', 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PRODUCTION_LIMITS = { UPSTREAM_RATE_LIMIT_RPS: '1', UPSTREAM_RATE_LIMIT_BURST: '3', UPSTREAM_MAX_CONCURRENT: '4' };
const KEYS = { ui: `ui-${randomBytes(12).toString('hex')}`, flood: `flood-${randomBytes(12).toString('hex')}` };

/** The dashboard of one proposal: core record, installments with their balance, boletos. */
const DASHBOARD = `query Dashboard($id: ID!) {
  proposal(id: $id) {
    id number situation financedAmount
    installments { number amount dueDate agenda { balance } }
    boletos { number amount dueDate }
  }
}`;

/** The same dashboard over several proposals. */
const PORTFOLIO_DASHBOARD = `query PortfolioDashboard($ids: [ID!]!) {
  proposals(ids: $ids) {
    id number situation financedAmount
    installments { number amount dueDate agenda { balance } }
    boletos { number amount dueDate }
  }
}`;

const INSTALLMENTS = 'query Installments($id: ID!) { proposal(id: $id) { id installments { number amount dueDate } } }';

export interface StandaloneSandbox {
  url: string;
  clientId: string;
  privateKeyPem: string;
  disbursedId: string;
  close(): Promise<void>;
}

/** `node dist-bench/src/sandbox/main.js` in a scratch directory (its demo key is written there), on an ephemeral port. */
export async function startStandaloneSandbox(): Promise<StandaloneSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'cg-bench-sandbox-'));
  const main = resolve(fileURLToPath(new URL('.', import.meta.url)), '../src/sandbox/main.js');
  const child: ChildProcess = spawn(process.execPath, [main], { cwd: dir, env: { ...process.env, SANDBOX_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr?.resume();
  const banner = await new Promise<string>((done, fail) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (/codigoOperacao/.test(text) && /disbursed .*codigo/.test(text)) {
        setTimeout(() => done(text), 50);
      }
    });
    child.once('exit', (code) => fail(new Error(`the sandbox exited with ${code}`)));
  });
  const url = /Sandbox listening on (\S+)/.exec(banner)?.[1];
  const disbursedId = /^\s*disbursed\s.*codigo (\S+)/m.exec(banner)?.[1];
  if (url === undefined || disbursedId === undefined) {
    throw new Error(`unexpected sandbox banner: ${banner}`);
  }
  return {
    url,
    clientId: 'sandbox-demo-client',
    privateKeyPem: await readFile(join(dir, '.sandbox/demo-client.pem'), 'utf8'),
    disbursedId,
    close: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const partnerCalls = async (sandbox: StandaloneSandbox): Promise<number> => (await admin<{ total: number }>(sandbox, 'GET', 'calls')).total;

function connection(sandbox: StandaloneSandbox) {
  return {
    baseUrl: sandbox.url,
    environmentUrl: `${sandbox.url}/environment`,
    authUrl: sandbox.url,
    clientId: sandbox.clientId,
    privateKeyPem: sandbox.privateKeyPem,
  };
}

interface Replica {
  url: string;
  close(): Promise<void>;
}

/** One replica as `npm start` builds it against a configured upstream, with the production limits. */
async function startReplica(sandbox: StandaloneSandbox, env: Record<string, string>): Promise<Replica> {
  const config = loadConfig({
    NODE_ENV: 'production',
    GRAPHQL_AUTH: 'none',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'credit-graph-bench-')),
    LOG_LEVEL: 'silent',
    GRAPHQL_API_KEYS: `ui:${KEYS.ui}:proposals.all,flood:${KEYS.flood}:proposals.all`,
    ...PRODUCTION_LIMITS,
    ...env,
  });
  // As main.ts builds a replica: the fair limiter over the partner budget, shared through Redis with REDIS_URL.
  const upstream = await connectUpstream(config, connection(sandbox), { logger: silentLogger });
  const app = await createApp(config, { upstream: upstream.client, state: upstream.state, logger: silentLogger });
  const http: Listening = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    url: http.graphqlUrl,
    close: async () => {
      await app.close(2000);
      await upstream.close();
    },
  };
}

interface Outcome {
  ok: boolean;
  ms: number;
  code?: string;
  cost?: { upstreamCalls?: number; cacheHits?: number };
}

async function query(url: string, document: string, variables: Record<string, unknown>, key: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: JSON.stringify({ query: document, variables }),
    });
    const json = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }>; extensions?: { cost?: Outcome['cost'] } };
    const ms = performance.now() - started;
    const code = json.errors?.[0]?.extensions?.code;
    return {
      ok: response.status === 200 && json.errors === undefined,
      ms,
      ...(code === undefined ? {} : { code }),
      ...(json.extensions?.cost ? { cost: json.extensions.cost } : {}),
    };
  } catch (_error) {
    return { ok: false, ms: performance.now() - started, code: 'NETWORK' };
  }
}

interface Row {
  scenario: string;
  requests: number;
  ok: number;
  p50: number;
  p95: number;
  calls: number;
  seconds: number;
  note: string;
}

function row(scenario: string, outcomes: Outcome[], calls: number, seconds: number, note = ''): Row {
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.max(0, Math.ceil(q * ms.length) - 1))] ?? Number.NaN);
  const codes = new Map<string, number>();
  outcomes.filter((o) => !o.ok).forEach((o) => codes.set(o.code ?? '?', (codes.get(o.code ?? '?') ?? 0) + 1));
  const failures = [...codes].map(([code, n]) => `${code} x${n}`).join(', ');
  return {
    scenario,
    requests: outcomes.length,
    ok: outcomes.filter((o) => o.ok).length,
    p50: at(0.5),
    p95: at(0.95),
    calls,
    seconds,
    note: [note, failures && `failures: ${failures}`].filter(Boolean).join('; '),
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, Math.max(0, ms)));
const sumOf = (outcomes: Outcome[], field: 'upstreamCalls' | 'cacheHits') => outcomes.reduce((n, o) => n + (o.cost?.[field] ?? 0), 0);
const hasCost = (outcomes: Outcome[]) => outcomes.some((o) => o.cost !== undefined);

async function burst(sandbox: StandaloneSandbox, prefix: string): Promise<Row[]> {
  const replica = await startReplica(sandbox, { REDIS_KEY_PREFIX: prefix });
  try {
    const rows: Row[] = [];
    for (const wave of ['first wave', 'second wave']) {
      const before = await partnerCalls(sandbox);
      const t0 = performance.now();
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => query(replica.url, DASHBOARD, { id: sandbox.disbursedId }, KEYS.ui)));
      const seconds = (performance.now() - t0) / 1000;
      const calls = (await partnerCalls(sandbox)) - before;
      const note = hasCost(outcomes)
        ? `sum of extensions.cost.upstreamCalls ${sumOf(outcomes, 'upstreamCalls')}, cacheHits ${sumOf(outcomes, 'cacheHits')}`
        : '';
      rows.push(row(`200 identical dashboards, ${wave}`, outcomes, calls, seconds, note));
    }
    return rows;
  } finally {
    await replica.close();
  }
}

async function polling(sandbox: StandaloneSandbox, prefix: string, ids: string[]): Promise<Row> {
  const replica = await startReplica(sandbox, { REDIS_KEY_PREFIX: prefix });
  try {
    const before = await partnerCalls(sandbox);
    const t0 = performance.now();
    const outcomes: Outcome[] = [];
    const users = 50;
    const period = 5000;
    await Promise.all(
      Array.from({ length: users }, async (_user, user) => {
        const offset = (period * user) / users;
        for (let poll = 0; offset + poll * period < POLL_SECONDS * 1000; poll += 1) {
          await sleep(t0 + offset + poll * period - performance.now());
          outcomes.push(await query(replica.url, PORTFOLIO_DASHBOARD, { ids }, KEYS.ui));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    return row(`50 users polling a 5-proposal dashboard every 5 s for ${POLL_SECONDS} s`, outcomes, (await partnerCalls(sandbox)) - before, seconds);
  } finally {
    await replica.close();
  }
}

async function flood(sandbox: StandaloneSandbox, prefix: string, ids: string[]): Promise<Row[]> {
  const replica = await startReplica(sandbox, { REDIS_KEY_PREFIX: prefix });
  try {
    const before = await partnerCalls(sandbox);
    const t0 = performance.now();
    const end = t0 + FLOOD_SECONDS * 1000;
    const flooded: Outcome[] = [];
    const normal: Outcome[] = [];
    const flooders = Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        flooded.push(await query(replica.url, 'query Probe($id: ID!) { proposal(id: $id) { id situation } }', { id: randomUUID() }, KEYS.flood));
      }
    });
    const reader = (async () => {
      for (let i = 0; performance.now() < end; i += 1) {
        const next = performance.now() + 1000;
        normal.push(await query(replica.url, INSTALLMENTS, { id: ids[i % ids.length] }, KEYS.ui));
        await sleep(next - performance.now());
      }
    })();
    await Promise.all([...flooders, reader]);
    const seconds = (performance.now() - t0) / 1000;
    const calls = (await partnerCalls(sandbox)) - before;
    return [
      row(`flood: normal caller (1 read/s over ${ids.length} proposals)`, normal, calls, seconds, 'partner calls: both callers'),
      row('flood: flooding caller (16 loops of random ids)', flooded, calls, seconds, 'partner calls: both callers'),
    ];
  } finally {
    await replica.close();
  }
}

async function replicas(sandbox: StandaloneSandbox, prefix: string, ids: string[]): Promise<Row[]> {
  const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const a = await startReplica(sandbox, env);
  const b = await startReplica(sandbox, env);
  try {
    const before = await partnerCalls(sandbox);
    const t0 = performance.now();
    const end = t0 + REPLICA_SECONDS * 1000;
    const outcomes: Outcome[] = [];
    // 20 users, each on one replica, reading random proposals of the portfolio (mostly cache misses).
    await Promise.all(
      Array.from({ length: 20 }, async (_user, user) => {
        const replica = user % 2 === 0 ? a : b;
        while (performance.now() < end) {
          const next = performance.now() + 1000;
          outcomes.push(await query(replica.url, INSTALLMENTS, { id: ids[Math.floor(Math.random() * ids.length)] }, KEYS.ui));
          await sleep(next - performance.now());
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const calls = (await partnerCalls(sandbox)) - before;
    await sleep(1500);
    // A read on A, then the same read on B.
    const id = sandbox.disbursedId;
    const first = await query(a.url, DASHBOARD, { id }, KEYS.ui);
    const between = await partnerCalls(sandbox);
    const second = await query(b.url, DASHBOARD, { id }, KEYS.ui);
    const onB = (await partnerCalls(sandbox)) - between;
    return [
      row(`two replicas on one Redis, 20 users for ${REPLICA_SECONDS} s`, outcomes, calls, seconds, `budget allows about ${Math.round(3 + seconds)} calls`),
      row('two replicas: a read on A, then the same read on B', [first, second], onB, 0, `partner calls for B's read: ${onB}`),
    ];
  } finally {
    await a.close();
    await b.close();
  }
}

function table(rows: Row[]): string {
  const header = ['scenario', 'requests', 'success', 'p50 ms', 'p95 ms', 'partner calls', 'calls/s', 'notes'];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.requests),
    `${((100 * r.ok) / Math.max(1, r.requests)).toFixed(1)} % (${r.ok})`,
    String(r.p50),
    String(r.p95),
    String(r.calls),
    r.seconds > 0 ? (r.calls / r.seconds).toFixed(2) : '-',
    r.note,
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]?.length ?? 0)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

/** Runs the four production-limits scenarios and prints their table. */
export async function runLimitsBench(): Promise<void> {
  const sandbox = await startStandaloneSandbox();
  const setup = createUpstreamClient({ ...connection(sandbox), scope: 'bmp.digital.api.full.access' });
  try {
    const portfolio = await createPortfolio(sandbox, setup, {
      size: 20,
      tag: 'LIMITS',
      amount: (index) => 1000 + index * 250,
      installments: (index) => 6 + (index % 7),
    });
    await admin(sandbox, 'PUT', 'faults', { latencyMs: LATENCY_MS });
    const run = randomBytes(4).toString('hex');
    process.stdout.write(
      `production-limits scenarios: partner budget 1 call/s, burst 3, 4 in flight; standalone sandbox (own process, ${LATENCY_MS} ms injected latency); Node ${process.version}\n`,
    );
    const rows: Row[] = [];
    const only = (process.env.BENCH_LIMITS_ONLY ?? 'burst,polling,flood,replicas').split(',');
    if (only.includes('burst')) {
      rows.push(...(await burst(sandbox, `cg-bench:${run}:burst:`)));
      process.stdout.write('  measured: burst\n');
    }
    if (only.includes('polling')) {
      rows.push(await polling(sandbox, `cg-bench:${run}:polling:`, [sandbox.disbursedId, ...portfolio.slice(0, 4)]));
      process.stdout.write('  measured: polling\n');
    }
    if (only.includes('flood')) {
      rows.push(...(await flood(sandbox, `cg-bench:${run}:flood:`, portfolio)));
      process.stdout.write('  measured: flood\n');
    }
    if (only.includes('replicas')) {
      rows.push(...(await replicas(sandbox, `cg-bench:${run}:replicas:`, portfolio)));
      process.stdout.write('  measured: replicas\n');
    }
    process.stdout.write(`\n${table(rows)}\n\n`);
  } finally {
    await setup.close();
    await sandbox.close();
  }
}
