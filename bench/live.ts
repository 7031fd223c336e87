/**
 * `npm run bench:live`: live updates at the partner's production limits (1 call/s, burst 3, shared
 * through Redis). Two replicas over one sandbox (in process) and one Redis; BENCH_LIVE_SUBSCRIBERS
 * (500) graphql-ws subscribers spread over both replicas on BENCH_LIVE_PROPOSALS (50) proposals;
 * beside them one query every 2 s. It prints the partner calls per proposal per poll interval (the
 * claim: at most 1), how the queries fared, and the heap per idle subscriber.
 *
 * First the fan-out phase (bench/live-fanout.ts: CPU per event delivered, time from the poll to the
 * last subscriber, bytes per subscriber; BENCH_LIVE_FANOUT_ONLY=1 stops after it).
 *
 * Environment: REDIS_URL (redis://127.0.0.1:6379), BENCH_LIVE_INTERVAL_MS (60000: 50 proposals at one
 * call per second need at least 50 s), BENCH_LIVE_INTERVALS (2, measured after the subscriptions are
 * open), BENCH_LIVE_SUBSCRIBERS, BENCH_LIVE_PROPOSALS.
 */
import 'reflect-metadata';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { type Client, createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config/index.js';
import { openLedgerDatabase, Ledger, SqlLedgerStore } from '../src/ledger/index.js';
import { createSandbox } from '../src/sandbox/server.js';
import { createApp, listen } from '../src/server/app.js';
import { connectUpstream } from '../src/server/upstream.js';
import { createUpstreamClient, DEFAULT_SCOPE } from '../src/upstream/index.js';
import { createPortfolio } from './setup.js';
import { fanOut } from './live-fanout.js';

const env = (name: string, fallback: number): number => (process.env[name] === undefined ? fallback : Number(process.env[name]));
const INTERVAL_MS = env('BENCH_LIVE_INTERVAL_MS', 60_000);
const INTERVALS = env('BENCH_LIVE_INTERVALS', 2);
const SUBSCRIBERS = env('BENCH_LIVE_SUBSCRIBERS', 500);
const PROPOSALS = env('BENCH_LIVE_PROPOSALS', 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY = 'bench-live-key-0123456789abcdef';
const CLIENT_ID = 'credit-graph-bench-live';

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

async function main(): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const client = { clientId: CLIENT_ID, publicKeyPem: await exportSPKI(publicKey) };
  const privateKeyPem = await exportPKCS8(privateKey);
  const sandbox = await createSandbox({ port: 0, clients: [client], demoOwner: CLIENT_ID });
  const connection = { baseUrl: sandbox.baseUrl, environmentUrl: sandbox.environmentUrl, authUrl: sandbox.authUrl, clientId: CLIENT_ID, privateKeyPem };

  // The proposals, created straight at the sandbox (not through the graph's limits).
  const setup = createUpstreamClient({ ...connection, scope: DEFAULT_SCOPE });
  const ids = await createPortfolio(sandbox, setup, { size: PROPOSALS, tag: 'LIVE', amount: (index) => 1000 + index, installments: 6, disburse: false });
  await setup.close();

  // The fan-out first (one replica, a second of polls), then the deployment at the partner's limits.
  const admin = {
    async setSituation(id: string, situacao: number): Promise<void> {
      const response = await fetch(`${sandbox.url}/_sandbox/proposals/${encodeURIComponent(id)}/situacao`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ situacao }),
      });
      if (!response.ok) {
        throw new Error(`sandbox admin answered ${response.status}`);
      }
    },
  };
  const figures = await fanOut(connection, admin, ids, env);
  console.log(
    `live fan-out (one replica, clients in a child process): a cohort of ${figures.cohort.subscribers} identical subscriptions, ${figures.cohort.rounds} changes: ${figures.cohort.cpuMsPerEvent.toFixed(4)} ms CPU per event delivered (target <= 0.05)`,
  );
  console.log(
    `  ${figures.fanout.subscribers} subscribers on ${figures.fanout.proposals} proposals (graphql-ws): last subscriber ${Math.round(figures.fanout.lastAfterPollMs)} ms after its proposal's poll (target <= 1000; ${Math.round(figures.fanout.spanMs)} ms from the first poll to the last event of all), ${figures.fanout.cpuMsPerEvent.toFixed(4)} ms CPU per event delivered, ${(figures.fanout.bytesPerSubscriber / 1024).toFixed(1)} KiB heap and external per subscriber (target <= 15)`,
  );
  console.log(
    `  ${figures.sse.subscribers} subscribers over GraphQL over SSE (one stream each): ${(figures.sse.bytesPerSubscriber / 1024).toFixed(1)} KiB heap and external per subscriber (target <= 15)`,
  );
  if (process.env.BENCH_LIVE_FANOUT_ONLY === '1') {
    await sandbox.close();
    return;
  }

  const prefix = `cg-bench-live:${process.pid}:`;
  const database = await openLedgerDatabase({ dataDir: `/tmp/cg-bench-live-${process.pid}` });
  const ledger = new Ledger(new SqlLedgerStore(database.db));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    UPSTREAM_RATE_LIMIT_RPS: '1',
    UPSTREAM_RATE_LIMIT_BURST: '3',
    UPSTREAM_MAX_CONCURRENT: '4',
    LIVE_POLL_INTERVAL_MS: String(INTERVAL_MS),
    LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: String(SUBSCRIBERS),
    LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '20',
  });
  const replicas = await Promise.all(
    [0, 1].map(async () => {
      const upstream = await connectUpstream(config, connection);
      const app = await createApp(config, { upstream: upstream.client, state: upstream.state, ledger });
      const http = await listen(app, { port: 0, host: '127.0.0.1' });
      return { upstream, app, http };
    }),
  );

  const heapBefore = heapMb();
  // 20 subscriptions per connection: 25 sockets for 500 subscribers.
  const clients: Client[] = [];
  let initial = 0;
  let changes = 0;
  let errors = 0;
  for (let index = 0; index < SUBSCRIBERS; index += 1) {
    if (index % 20 === 0) {
      const replica = replicas[(index / 20) % 2] as (typeof replicas)[number];
      clients.push(
        createClient({
          url: replica.http.graphqlUrl.replace(/^http/, 'ws'),
          webSocketImpl: WebSocket,
          lazy: false,
          retryAttempts: 0,
          connectionParams: { authorization: `Bearer ${KEY}` },
          onNonLazyError: () => undefined,
        }),
      );
    }
    const ws = clients[clients.length - 1] as Client;
    ws.subscribe<{ proposalChanged: { initial: boolean } | null }>(
      {
        query: 'subscription($id: ID!) { proposalChanged(id: $id) { changed initial proposal { id situationCode } } }',
        variables: { id: ids[index % ids.length] },
      },
      {
        next: (value) => {
          if (value.errors !== undefined) {
            errors += 1;
          } else if (value.data?.proposalChanged?.initial === true) {
            initial += 1;
          } else {
            changes += 1;
          }
        },
        error: () => {
          errors += 1;
        },
        complete: () => undefined,
      },
    );
  }
  const openedAt = Date.now();
  const callsAt = async (): Promise<number> =>
    ((await (await fetch(`${sandbox.url}/_sandbox/calls`)).json()) as { operations: Record<string, number> }).operations['/FGTS/ConsultaProposta'] ?? 0;
  const startCalls = await callsAt();

  // Queries beside the subscriptions: one every 2 s through replica 0 (normal priority).
  const latencies: number[] = [];
  let failedQueries = 0;
  const measureUntil = openedAt + INTERVALS * INTERVAL_MS;
  let query = 0;
  while (Date.now() < measureUntil) {
    const started = performance.now();
    const response = await fetch((replicas[0] as (typeof replicas)[number]).http.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: 'query($id: ID!) { proposal(id: $id) { situationCode } }', variables: { id: ids[query % ids.length] } }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    if (body.errors !== undefined) {
      failedQueries += 1;
    }
    latencies.push(performance.now() - started);
    query += 1;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const elapsedMs = Date.now() - openedAt;
  const calls = (await callsAt()) - startCalls;
  const heapAfter = heapMb();
  const stats = replicas.map((r) => r.app.live?.stats());
  latencies.sort((a, b) => a - b);
  const p = (q: number): number => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);

  const intervals = elapsedMs / INTERVAL_MS;
  console.log(
    `live updates: ${SUBSCRIBERS} subscribers on ${PROPOSALS} proposals across 2 replicas, partner at 1 call/s burst 3 (Redis), poll interval ${INTERVAL_MS} ms, ${Math.round(elapsedMs / 1000)} s measured`,
  );
  const sentPolls = stats.reduce((sum, s) => sum + (s === undefined ? 0 : s.watches.polls - s.watches.deferredPolls), 0);
  console.log(
    `  partner ConsultaProposta calls (polls, first events, queries not answered by the cache): ${calls}; polls that reached the partner: ${sentPolls}, per proposal per interval: ${(sentPolls / PROPOSALS / intervals).toFixed(2)} (claim: <= 1)`,
  );
  console.log(
    `  polls by replica: ${stats.map((s) => s?.watches.polls).join(' / ')}; claims lost to the other replica: ${stats.map((s) => s?.watches.claimsLost).join(' / ')}; failed polls: ${stats.map((s) => s?.watches.failedPolls).join(' / ')}; polls put off by the limiter (nothing sent): ${stats.map((s) => s?.watches.deferredPolls).join(' / ')}`,
  );
  console.log(`  events: ${initial} initial, ${changes} changes, ${errors} error events`);
  console.log(`  queries beside them: ${query} sent, ${failedQueries} failed; latency p50 ${p(0.5)} ms, p90 ${p(0.9)} ms, max ${p(1)} ms`);
  console.log(
    `  heap per idle subscriber (server and client in one process, ${SUBSCRIBERS} subscribers on ${clients.length} sockets): ${(((heapAfter - heapBefore) * 1024) / SUBSCRIBERS).toFixed(1)} KiB`,
  );

  await Promise.all(clients.map((c) => c.dispose()));
  for (const replica of replicas) {
    await replica.app.close(1000);
    await replica.upstream.close();
  }
  await database.close();
  await sandbox.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) {
    await redis.del(...keys);
  }
  redis.disconnect();
}

await main();
