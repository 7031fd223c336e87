import 'reflect-metadata';
import autocannon from 'autocannon';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { loadConfig } from '../src/config.js';
import { type DemoProposal } from '../src/sandbox/server.js';
import { createCreditGraphApp } from '../src/server/graph.js';
import { listen } from '../src/server/http.js';
import { silentLogger } from '../src/server/logger.js';
import { createMetrics, type Metrics } from '../src/server/metrics.js';
import { createTracing } from '../src/server/tracing.js';
import { upstreamClientOptions } from '../src/server/upstream.js';
import { combineObservers, createUpstreamClient, NOOP_UPSTREAM_OBSERVER } from '../src/upstream/index.js';

/**
 * `npm run bench:ops`: what operating the graph costs.
 *
 * 1. Cold start of `node dist/main.js` in production against a sandbox (spawn to the `started` log
 *    line), 5 runs.
 * 2. RSS of that process idle, and at the end of BENCH_OPS_SECONDS (10) of load by autocannon with
 *    10 connections (a one-proposal query with installments: two upstream reads).
 * 3. The cost of metrics and of tracing per request: the same app in this process three ways
 *    (observability off, metrics, metrics + tracing with spans processed and dropped), each under
 *    the same closed load; CPU time of this process per request, and throughput.
 *
 * The sandbox runs on a worker thread, so its CPU is not charged to the graph.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_ID = 'credit-graph-bench';
const SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 10);
const NO_LIMIT = { requestsPerSecond: 1_000_000, burst: 1_000_000, maxConcurrent: 1024, maxWaitMs: 10_000 };
const QUERY = 'query Bench($id: ID!) { proposal(id: $id) { id number situation installments { number amount dueDate } } }';

interface Sandbox {
  baseUrl: string;
  authUrl: string;
  environmentUrl: string;
  demo: DemoProposal[];
  close(): Promise<void>;
}

async function startSandboxWorker(publicKeyPem: string): Promise<Sandbox> {
  const worker = new Worker(new URL('./sandbox-worker.js', import.meta.url), { workerData: { client: { clientId: CLIENT_ID, publicKeyPem }, demoOwner: CLIENT_ID } });
  const started = await new Promise<Omit<Sandbox, 'close'>>((resolvePromise, reject) => {
    worker.once('message', (message: Omit<Sandbox, 'close'>) => resolvePromise(message));
    worker.once('error', reject);
  });
  return { ...started, close: () => new Promise<void>((done) => (worker.once('exit', () => done()), worker.postMessage('close'))) };
}

/** Observability off: metrics that record nothing. */
function noMetrics(): Metrics {
  const real = createMetrics();
  return { ...real, upstream: NOOP_UPSTREAM_OBSERVER, httpRequest: () => undefined, graphqlOperation: () => undefined };
}

async function rssOf(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^credit_graph_process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const privateKeyPem = await exportPKCS8(privateKey);
  const sandbox = await startSandboxWorker(await exportSPKI(publicKey));
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
  try {
    // 1 and 2: the real process.
    const starts: number[] = [];
    let idleRss = Number.NaN;
    let loadedRss = Number.NaN;
    let processRps = Number.NaN;
    for (let run = 0; run < 5; run += 1) {
      const startedAt = performance.now();
      const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], { cwd: ROOT, env });
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
      starts.push(performance.now() - startedAt);
      if (run === 4) {
        await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await new Promise((done) => setTimeout(done, 2000));
        idleRss = await rssOf(url);
        const load = await autocannon({ url: `${url}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 10, duration: SECONDS, workers: 1 });
        processRps = load.requests.average;
        loadedRss = await rssOf(url);
      }
      await new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGTERM')));
    }
    starts.sort((a, b) => a - b);

    // 3: observability off, metrics, metrics + tracing, in this process.
    const variants: Array<{ name: string; metrics: () => Metrics; tracing: boolean }> = [
      { name: 'off', metrics: noMetrics, tracing: false },
      { name: 'metrics', metrics: () => createMetrics(), tracing: false },
      { name: 'metrics + tracing', metrics: () => createMetrics(), tracing: true },
    ];
    const rows: string[] = [];
    for (const variant of variants) {
      const config = loadConfig({ NODE_ENV: 'production', GRAPHQL_AUTH: 'none', LOG_LEVEL: 'silent' });
      const metrics = variant.metrics();
      const tracing = variant.tracing ? createTracing({ exporter: { export: (_spans, done) => done({ code: 0 }), shutdown: async () => undefined } }) : undefined;
      const client = createUpstreamClient({
        ...upstreamClientOptions(
          { baseUrl: sandbox.baseUrl, environmentUrl: sandbox.environmentUrl, authUrl: sandbox.authUrl, clientId: CLIENT_ID, privateKeyPem },
          config.upstreamLimits,
          combineObservers(metrics.upstream, tracing?.upstream),
        ),
        rateLimit: NO_LIMIT,
      });
      const app = await createCreditGraphApp(config, { upstream: client, logger: silentLogger, metrics, ...(tracing === undefined ? {} : { tracing }) });
      const http = await listen(app, { port: 0, host: '127.0.0.1' });
      await autocannon({ url: http.graphqlUrl, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 10, amount: 300, workers: 1 });
      const cpuBefore = process.cpuUsage();
      const result = await autocannon({ url: http.graphqlUrl, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 10, duration: SECONDS, workers: 1 });
      const cpu = process.cpuUsage(cpuBefore);
      const requests = result.requests.total;
      rows.push(
        `  ${variant.name.padEnd(18)} ${String(Math.round(result.requests.average)).padStart(6)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   CPU ${((cpu.user + cpu.system) / requests).toFixed(0).padStart(5)} µs/request   (${requests} requests, ${result.non2xx + result.errors} failed)`,
      );
      await http.close();
      await client.close();
      await tracing?.shutdown();
    }

    process.stdout.write(
      [
        '',
        `cold start of node dist/main.js (production, spawn to "started"): median ${Math.round(starts[2] ?? 0)} ms, min ${Math.round(starts[0] ?? 0)} ms, max ${Math.round(starts[4] ?? 0)} ms`,
        `RSS idle: ${mib(idleRss)}; after ${SECONDS} s of 10 connections (${Math.round(processRps)} req/s): ${mib(loadedRss)}`,
        '',
        `observability cost per request (same app in-process, 10 connections, ${SECONDS} s each; CPU is the bench process's, autocannon included):`,
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await sandbox.close();
  }
}

await main();
