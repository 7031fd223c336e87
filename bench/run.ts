import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import autocannon from 'autocannon';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../src/config/index.js';
import { type Sandbox, startSandboxThread } from './sandbox-thread.js';
import { type App, createApp, type Listening, listen } from '../src/server/app.js';
import { silentLogger } from '../src/server/logger.js';
import { createUpstreamClient, type UpstreamClient } from '../src/upstream/index.js';
import { admin, createPortfolio, envNumber } from './setup.js';
import { runLimitsBench } from './limits.js';
import { type BenchData, type Scenario, SCENARIOS } from './scenarios.js';
import { runLedgerBench } from './ledger.js';
import { runAuditBench } from './audit.js';
import { runResourcesBench } from './resources.js';
import { runPairedBench } from './paired.js';

/**
 * `npm run bench`: the sandbox with injected upstream latency, the credit graph over it, autocannon
 * on loopback. For each scenario it prints the upstream calls per query against the minimum, latency
 * percentiles with one connection against the injected upstream latency, and throughput with
 * several connections against a bare upstream client doing the same reads without GraphQL.
 *
 * The sandbox runs on a worker thread and autocannon on another, so the graph's thread does only the
 * graph's work. Environment: BENCH_LATENCY_MS (100), BENCH_REQUESTS (50, sequential requests of the
 * latency run), BENCH_DURATION_SECONDS (5, each throughput run), BENCH_CONNECTIONS (10).
 */

const LATENCY_MS = envNumber('BENCH_LATENCY_MS', 100);
const REQUESTS = envNumber('BENCH_REQUESTS', 50);
const DURATION_SECONDS = envNumber('BENCH_DURATION_SECONDS', 5);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
const CLIENT_ID = 'credit-graph-bench';
/** The benchmark measures the graph, not the production rate limit: the limiter must never make a call wait. */
const NO_LIMIT = { requestsPerSecond: 1_000_000, burst: 1_000_000, maxConcurrent: 1024, maxWaitMs: 10_000 };

interface CallCounts {
  total: number;
  operations: Record<string, number>;
  maxInFlight: number;
}

interface Row {
  scenario: string;
  minimum: number;
  callsOnce: number;
  maxInFlight: number;
  callsPerQueryUnderLoad: number;
  latency: { p50: number; p90: number; p99: number };
  bareLatency: { p50: number; p90: number; p99: number };
  graphRps: number;
  graphP50: number;
  bareRps: number;
  bareP50: number;
  errors: number;
}

async function graphOnce(url: string, scenario: Scenario, data: BenchData): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: scenario.query, variables: scenario.variables(data) }),
  });
  const json = (await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (response.status !== 200 || json.errors !== undefined) {
    throw new Error(`scenario "${scenario.name}" failed: HTTP ${response.status} ${JSON.stringify(json.errors?.map((e) => e.extensions?.code ?? e.message))}`);
  }
}

interface LoopResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
}

/**
 * A closed loop of `connections` workers repeating `work` until `seconds` have passed or `amount`
 * iterations completed: completions per second and latency percentiles (ms).
 */
async function closedLoop(work: () => Promise<unknown>, connections: number, limit: { seconds?: number; amount?: number }): Promise<LoopResult> {
  const latencies: number[] = [];
  let errors = 0;
  let started = 0;
  const end = performance.now() + (limit.seconds ?? Number.POSITIVE_INFINITY) * 1000;
  const amount = limit.amount ?? Number.POSITIVE_INFINITY;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end && started < amount) {
        started += 1;
        const at = performance.now();
        try {
          await work();
          latencies.push(performance.now() - at);
        } catch (_error) {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? Number.NaN);
  return { rps: latencies.length / ((performance.now() - t0) / 1000), p50: at(0.5), p90: at(0.9), p99: at(0.99), errors };
}

async function measure(sandbox: Sandbox, graphUrl: string, bareClient: UpstreamClient, scenario: Scenario, data: BenchData): Promise<Row> {
  const body = JSON.stringify({ query: scenario.query, variables: scenario.variables(data) });
  const request = { url: graphUrl, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body, timeout: 30 };

  await admin(sandbox, 'DELETE', 'calls');
  await graphOnce(graphUrl, scenario, data);
  const once = await admin<CallCounts>(sandbox, 'GET', 'calls');

  await admin(sandbox, 'DELETE', 'calls');
  const sequential = await autocannon({ ...request, connections: 1, amount: REQUESTS, workers: 1 });
  const underLoad = await admin<CallCounts>(sandbox, 'GET', 'calls');
  const bareSequential = await closedLoop(() => scenario.bare(bareClient, data), 1, { amount: REQUESTS });

  const parallel = await autocannon({ ...request, connections: CONNECTIONS, duration: DURATION_SECONDS, workers: 1 });
  const bare = await closedLoop(() => scenario.bare(bareClient, data), CONNECTIONS, { seconds: DURATION_SECONDS });

  return {
    scenario: scenario.name,
    minimum: scenario.minimumCalls(data),
    callsOnce: once.total,
    maxInFlight: once.maxInFlight,
    callsPerQueryUnderLoad: sequential['2xx'] === 0 ? Number.NaN : underLoad.total / sequential['2xx'],
    latency: { p50: sequential.latency.p50, p90: sequential.latency.p90, p99: sequential.latency.p99 },
    bareLatency: { p50: bareSequential.p50, p90: bareSequential.p90, p99: bareSequential.p99 },
    graphRps: parallel.requests.average,
    graphP50: parallel.latency.p50,
    bareRps: bare.rps,
    bareP50: bare.p50,
    errors: sequential.errors + sequential.non2xx + parallel.errors + parallel.non2xx + bare.errors + bareSequential.errors,
  };
}

function table(rows: Row[]): string {
  const header = [
    'scenario',
    'calls/query (min)',
    'in flight',
    `calls/query over ${REQUESTS}`,
    `graph p50 / p90 / p99 ms, 1 conn (upstream ${LATENCY_MS} ms)`,
    'bare client p50 / p90 / p99 ms',
    `graph req/s, ${CONNECTIONS} conn (p50 ms)`,
    `bare client req/s (p50 ms)`,
    'graph/bare',
    'errors',
  ];
  const lines = rows.map((row) => [
    row.scenario,
    `${row.callsOnce} (${row.minimum})`,
    String(row.maxInFlight),
    row.callsPerQueryUnderLoad.toFixed(2),
    `${row.latency.p50} / ${row.latency.p90} / ${row.latency.p99}  (${(row.latency.p50 / Math.max(1, LATENCY_MS)).toFixed(2)}x)`,
    `${row.bareLatency.p50} / ${row.bareLatency.p90} / ${row.bareLatency.p99}`,
    `${row.graphRps.toFixed(1)} (${row.graphP50})`,
    `${row.bareRps.toFixed(1)} (${row.bareP50})`,
    `${((row.graphRps / row.bareRps) * 100).toFixed(0)} %`,
    String(row.errors),
  ]);
  const widths = header.map((cell, index) => Math.max(cell.length, ...lines.map((line) => line[index]?.length ?? 0)));
  const format = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const publicKeyPem = await exportSPKI(publicKey);
  const privateKeyPem = await exportPKCS8(privateKey);
  let sandbox: Sandbox | undefined;
  let graphClient: UpstreamClient | undefined;
  let bareClient: UpstreamClient | undefined;
  let http: Listening | undefined;
  let app: App | undefined;
  try {
    sandbox = await startSandboxThread(CLIENT_ID, publicKeyPem);
    const connection = {
      baseUrl: sandbox.baseUrl,
      environmentUrl: sandbox.environmentUrl,
      authUrl: sandbox.authUrl,
      clientId: CLIENT_ID,
      privateKeyPem,
      scope: 'bmp.digital.api.full.access',
      rateLimit: NO_LIMIT,
    };
    graphClient = createUpstreamClient(connection);
    bareClient = createUpstreamClient(connection);
    const disbursed = sandbox.demo.find((proposal) => proposal.label === 'disbursed');
    if (disbursed === undefined) {
      throw new Error('the sandbox has no "disbursed" demo proposal');
    }
    const data: BenchData = {
      disbursedId: disbursed.id,
      portfolioIds: await createPortfolio(sandbox, bareClient, {
        size: 20,
        tag: 'BENCH',
        amount: (index) => 1000 + index * 250,
        installments: (index) => 6 + (index % 7),
      }),
    };

    // The throughput table measures what one query costs: the shared read cache would answer most of it.
    const config = loadConfig({
      NODE_ENV: 'production',
      GRAPHQL_AUTH: 'none',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'credit-graph-bench-')),
      LOG_LEVEL: 'silent',
      READ_CACHE: 'off',
    });
    app = await createApp(config, { upstream: graphClient, logger: silentLogger });
    http = await listen(app, { port: 0, host: '127.0.0.1' });

    await admin(sandbox, 'PUT', 'faults', { latencyMs: LATENCY_MS });
    process.stdout.write(
      `credit graph benchmark: Node ${process.version}, ${availableParallelism()} CPUs, upstream latency ${LATENCY_MS} ms injected by the sandbox, ` +
        `latency over ${REQUESTS} sequential requests, throughput over ${DURATION_SECONDS} s with ${CONNECTIONS} connections; ` +
        'sandbox and autocannon on their own threads\n\n',
    );
    const rows: Row[] = [];
    for (const scenario of SCENARIOS) {
      // Warm up (token, connections, JIT) outside the measurements.
      await graphOnce(http.graphqlUrl, scenario, data);
      await scenario.bare(bareClient, data);
      rows.push(await measure(sandbox, http.graphqlUrl, bareClient, scenario, data));
      process.stdout.write(`  measured: ${scenario.name}\n`);
    }
    process.stdout.write(`\n${table(rows)}\n\n`);
    process.stdout.write(
      [
        'calls/query: upstream operations the sandbox counted for one query (GET /_sandbox/calls), the minimum in brackets',
        `  (and averaged over the ${REQUESTS} requests of the latency run);`,
        'in flight: the most upstream calls the sandbox saw at once during that query;',
        `p50 / p90 / p99: end-to-end GraphQL latency with one connection; (Nx) is p50 over one upstream latency (${LATENCY_MS} ms);`,
        'bare client: the same upstream reads issued in parallel with the upstream client directly (no GraphQL), same connections;',
        "graph/bare: graph throughput as a share of the bare client's.",
        '',
      ].join('\n'),
    );
  } finally {
    await app?.close(1000);
    await graphClient?.close();
    await bareClient?.close();
    await sandbox?.close();
  }
}

/**
 * BENCH_SUITE: `graph` (the throughput table), `resources` (CPU per query, memory, cold start),
 * `limits` (the production-limits scenarios), `ledger` (the ledger's cost), `audit` (the access
 * record's CPU per query, disclosing and not: bench/audit.ts) or `all` (default); `paired` (this
 * checkout beside another build, bench/paired.ts) runs only when named.
 */
async function suites(): Promise<void> {
  const suite = process.env.BENCH_SUITE ?? 'all';
  if (suite === 'all' || suite === 'graph') {
    await main();
  }
  if (suite === 'all' || suite === 'resources') {
    await runResourcesBench();
  }
  if (suite === 'all' || suite === 'limits') {
    await runLimitsBench();
  }
  if (suite === 'all' || suite === 'ledger') {
    await runLedgerBench();
  }
  if (suite === 'all' || suite === 'audit') {
    await runAuditBench();
  }
  if (suite === 'paired') {
    await runPairedBench();
  }
}

suites().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
