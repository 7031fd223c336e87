import 'reflect-metadata';
import autocannon from 'autocannon';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { startSandboxThread } from './sandbox-thread.js';
import { startCommand } from './start-command.js';
import { createApp, listen } from '../src/server/app.js';
import { silentLogger } from '../src/server/logger.js';
import { createMetrics, type Metrics } from '../src/server/metrics.js';
import { createTracing } from '../src/server/tracing.js';
import { upstreamClientOptions } from '../src/server/upstream.js';
import { combineObservers, createUpstreamClient, NOOP_UPSTREAM_OBSERVER } from '../src/upstream/index.js';

/**
 * `npm run bench:ops`: what operating the graph costs.
 *
 * 1. Cold start of the graph as `npm start` runs it (`dist/bundle/main.js`, its settings) in production against a sandbox (spawn to the `started` log
 *    line), 5 runs.
 * 2. RSS of that process idle, and at the end of BENCH_OPS_SECONDS (10) of load by autocannon with
 *    10 connections (a one-proposal query with installments: two upstream reads): once with the
 *    ledger on the embedded PGlite, once on PostgreSQL (BENCH_DATABASE_URL, default the local `test`).
 * 3. The cost of metrics and of tracing per request: the same app in this process three ways
 *    (observability off, metrics, metrics + tracing with spans processed and dropped), each under
 *    the same closed load; CPU time of this process per request, and throughput. BENCH_OPS_ROUNDS (3)
 *    rounds, the order rotated each round; medians, and each variant's CPU as a ratio of "off".
 *
 * The sandbox runs on a worker thread, so its CPU is not charged to the graph.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_ID = 'credit-graph-bench';
const SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 10);
/** Rounds of the observability comparison (the variants' order rotates each round). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_OPS_ROUNDS ?? 3));
/** The PostgreSQL the process's ledger uses for the second RSS figure. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NO_LIMIT = { requestsPerSecond: 1_000_000, burst: 1_000_000, maxConcurrent: 1024, maxWaitMs: 10_000 };
const QUERY = 'query Bench($id: ID!) { proposal(id: $id) { id number situation installments { number amount dueDate } } }';

/** Observability off: metrics that record nothing. */
function noMetrics(): Metrics {
  const real = createMetrics();
  return { ...real, upstream: NOOP_UPSTREAM_OBSERVER, httpRequest: () => undefined, graphqlOperation: () => undefined };
}

async function rssOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^credit_graph_process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted.length % 2 === 1
      ? (sorted[(sorted.length - 1) / 2] as number)
      : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
};

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateKeyPem = await exportPKCS8(privateKey);
  const sandbox = await startSandboxThread(CLIENT_ID, await exportSPKI(publicKey));
  const disbursed = sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id ?? '';
  const body = JSON.stringify({ query: QUERY, variables: { id: disbursed } });
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    // The anonymous caller (every scope): the bench measures the service, not caller authentication.
    GRAPHQL_AUTH: 'none',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    UPSTREAM_BASE_URL: sandbox.baseUrl,
    UPSTREAM_ENVIRONMENT_URL: sandbox.environmentUrl,
    UPSTREAM_AUTH_URL: sandbox.authUrl,
    UPSTREAM_CLIENT_ID: CLIENT_ID,
    UPSTREAM_PRIVATE_KEY: privateKeyPem,
    UPSTREAM_RATE_LIMIT_RPS: '100000',
    UPSTREAM_RATE_LIMIT_BURST: '100000',
    UPSTREAM_MAX_CONCURRENT: '256',
  };
  // Embedded ledgers of the measured processes and apps (never the repository's .data).
  const scratch = mkdtempSync(join(tmpdir(), 'credit-graph-bench-ops-'));
  /** Spawns the graph as `npm start` runs it (the bundle, its settings) with `extra` settings; resolves once it logs "started". */
  const start = await startCommand();
  const startProcess = async (extra: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> => {
    const child = spawn(process.execPath, [...start.flags, join(ROOT, 'dist', 'bundle', 'main.js')], { cwd: ROOT, env: { ...start.env, ...env, ...extra } });
    const url = await new Promise<string>((resolveUrl, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"graph":"(http:\/\/[^"]+)\/graphql"[^\n]*"message":"started"/.exec(output);
        if (match?.[1] !== undefined) {
          resolveUrl(match[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    return { url, stop: () => new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGTERM'))) };
  };
  /** RSS after one query and 2 s of quiet, then after SECONDS of 10 connections. */
  const rssIdleAndLoaded = async (url: string): Promise<{ idle: number; loaded: number; rps: number }> => {
    await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await new Promise((done) => setTimeout(done, 2000));
    const idle = await rssOf(url);
    const load = await autocannon({
      url: `${url}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections: 10,
      duration: SECONDS,
      workers: 1,
    });
    return { idle, loaded: await rssOf(url), rps: load.requests.average };
  };
  try {
    // 1 and 2: the real process, its ledger on the embedded PGlite (no DATABASE_URL).
    const starts: number[] = [];
    let embedded = { idle: Number.NaN, loaded: Number.NaN, rps: Number.NaN };
    for (let run = 0; run < 5; run += 1) {
      const startedAt = performance.now();
      const child = await startProcess({ DATA_DIR: join(scratch, 'process') });
      starts.push(performance.now() - startedAt);
      if (run === 4) {
        embedded = await rssIdleAndLoaded(child.url);
      }
      await child.stop();
    }
    starts.sort((a, b) => a - b);
    // 2b: the same with the ledger on PostgreSQL, to tell PGlite's share of the memory.
    let external: { idle: number; loaded: number; rps: number } | string;
    try {
      const child = await startProcess({ DATABASE_URL: DATABASE_URL });
      external = await rssIdleAndLoaded(child.url);
      await child.stop();
    } catch (error) {
      external = `skipped (${DATABASE_URL} did not answer: ${(error as Error).message.split('\n')[0]})`;
    }

    // 3: observability off, metrics, metrics + tracing, in this process; ROUNDS rounds, the order
    // rotated each round so no variant always pays the warm-up or runs on a hotter machine.
    const variants: Array<{ name: string; metrics: () => Metrics; tracing: boolean }> = [
      { name: 'off', metrics: noMetrics, tracing: false },
      { name: 'metrics', metrics: () => createMetrics(), tracing: false },
      { name: 'metrics + tracing', metrics: () => createMetrics(), tracing: true },
    ];
    const measured = new Map<string, Array<{ rps: number; p50: number; cpuPerRequest: number; failed: number }>>(variants.map((v) => [v.name, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const variant of [...variants.slice(round % variants.length), ...variants.slice(0, round % variants.length)]) {
        const config = loadConfig({
          NODE_ENV: 'production',
          GRAPHQL_AUTH: 'none',
          LOG_LEVEL: 'silent',
          DATA_DIR: join(scratch, `in-process-${round}-${variant.name}`),
        });
        const metrics = variant.metrics();
        const tracing = variant.tracing
          ? createTracing({ exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined } })
          : undefined;
        const client = createUpstreamClient({
          ...upstreamClientOptions(
            { baseUrl: sandbox.baseUrl, environmentUrl: sandbox.environmentUrl, authUrl: sandbox.authUrl, clientId: CLIENT_ID, privateKeyPem },
            config.upstreamLimits,
            combineObservers(metrics.upstream, tracing?.upstream),
          ),
          rateLimit: NO_LIMIT,
        });
        const app = await createApp(config, { upstream: client, logger: silentLogger, metrics, ...(tracing === undefined ? {} : { tracing }) });
        const http = await listen(app, { port: 0, host: '127.0.0.1' });
        await autocannon({
          url: http.graphqlUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          connections: 10,
          amount: 300,
          workers: 1,
        });
        const cpuBefore = process.cpuUsage();
        const result = await autocannon({
          url: http.graphqlUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          connections: 10,
          duration: SECONDS,
          workers: 1,
        });
        const cpu = process.cpuUsage(cpuBefore);
        measured.get(variant.name)?.push({
          rps: result.requests.average,
          p50: result.latency.p50,
          cpuPerRequest: (cpu.user + cpu.system) / result.requests.total,
          failed: result.non2xx + result.errors,
        });
        await app.close();
        await client.close();
        await tracing?.shutdown();
      }
    }
    const baseline = median((measured.get('off') ?? []).map((m) => m.cpuPerRequest));
    const rows = variants.map((variant) => {
      const runs = measured.get(variant.name) ?? [];
      const cpu = runs.map((m) => m.cpuPerRequest);
      return `  ${variant.name.padEnd(18)} ${String(Math.round(median(runs.map((m) => m.rps)))).padStart(6)} req/s   p50 ${String(median(runs.map((m) => m.p50))).padStart(3)} ms   CPU ${median(cpu).toFixed(0).padStart(5)} µs/request (min ${Math.min(...cpu).toFixed(0)}, max ${Math.max(...cpu).toFixed(0)}; ${(median(cpu) / baseline).toFixed(3)}x off)   ${runs.reduce((n, m) => n + m.failed, 0)} failed`;
    });

    const rss = (label: string, m: { idle: number; loaded: number; rps: number } | string): string =>
      typeof m === 'string'
        ? `RSS, ${label}: ${m}`
        : `RSS, ${label}: idle ${mib(m.idle)}; after ${SECONDS} s of 10 connections (${Math.round(m.rps)} req/s): ${mib(m.loaded)}`;
    process.stdout.write(
      [
        '',
        `cold start of the bundle as npm start runs it (production, spawn to "started"): median ${Math.round(starts[2] ?? 0)} ms, min ${Math.round(starts[0] ?? 0)} ms, max ${Math.round(starts[4] ?? 0)} ms`,
        rss('ledger on embedded PGlite', embedded),
        rss('ledger on PostgreSQL (DATABASE_URL)', external),
        '',
        `observability cost per request (same app in-process, 10 connections, ${SECONDS} s each, ${ROUNDS} rounds in rotated order; medians; CPU is the bench process's, autocannon included):`,
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await sandbox.close();
  }
}

await main();
