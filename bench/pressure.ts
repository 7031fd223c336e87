/**
 * The pressure phases of `npm run chaos`: what callers, not faults, do to one replica of the built
 * graph (`node dist/main.js`, production, PostgreSQL and a private Redis, over the sandbox on a
 * worker thread).
 *
 * - overload: the replica's capacity for a cached screen query is measured closed-loop, then an
 *   open loop sends twice that rate for a minute (requests leave on schedule whatever the answers
 *   do); reported: the admitted requests' latency, the refusals' latency and codes, `/health`'s
 *   latency during the load, and how long after the load stops a query is answered as fast as
 *   before it.
 * - slow subscribers: ten SSE and ten WebSocket subscribers that never read their socket, on a
 *   proposal receiving payments; reported: the replica's RSS before, at its highest, and after they
 *   are gone.
 * - soak (`--soak[=minutes]`, 30 by default, alone): 20 reads a second, 20 payments and 10 new
 *   proposals a minute, 200 idle WebSocket subscribers; reported per window: CPU per request, RSS, heap and event-loop lag,
 *   and the end's RSS against the RSS after the first major collection.
 *
 * Every figure is compared with its target and the exit status is 1 when one misses it.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Client, Pool } from 'undici';
import WebSocket from 'ws';
import { type Children, createDatabase, freePort, RedisServer, Replica, sleep } from './chaos-infra.js';
import { createPortfolio } from './setup.js';
import { syntheticCpf } from './documents.js';
import { type Sandbox } from './sandbox-thread.js';
import { type UpstreamClient } from '../src/upstream/index.js';

export interface PressureOptions {
  quick: boolean;
  /** Minutes of soak; the soak runs alone when set. */
  soakMinutes?: number;
  sandbox: Sandbox;
  upstream: UpstreamClient;
  /** The built graph's entry (dist/main.js). */
  entry: string;
  /** The sandbox's environment for the replica (UPSTREAM_* variables, PATH). */
  baseEnv: Record<string, string>;
  postgresUrl: string;
  children: Children;
  logDir: string;
  log(line: string): void;
  cleanups: Array<{ name: string; run: () => Promise<void> }>;
}

/** One figure against its target. */
export interface Check {
  name: string;
  value: number;
  unit: string;
  target: number;
  /** Whether the target is a ceiling (value must be at most it) or a floor. */
  ceiling: boolean;
}

export const passes = (check: Check): boolean => (check.ceiling ? check.value <= check.target : check.value >= check.target);

const SCREEN = `query Screen($id: ID!) { proposal(id: $id) { id number operationCode situation situationCode financedAmount
  installments { number amount dueDate } agenda { installments { number balance } } } }`;
const HEAVY_EVENT = `subscription Heavy($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal {
  id situation situationCode financedAmount installments { number amount dueDate agenda { balance totalPaid } }
  boletos { number digitableLine amount dueDate } } } }`;
const LIGHT_EVENT = 'subscription Light($id: ID!) { proposalChanged(id: $id) { proposalId changed proposal { id situation } } }';
const PAYMENT = `mutation Pay($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {
  registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) { userErrors { code } } }`;
const CREATE = `mutation Create($input: CreateProposalInput!, $idempotencyKey: String!) {
  createProposal(input: $input, idempotencyKey: $idempotencyKey) { proposal { id } userErrors { code } } }`;
const INSTALLMENTS = 12;
/**
 * Connections of the overload's clients, as a load balancer's pool to one replica would hold: a
 * request finding them all busy waits for one, and that wait counts in its latency (the open loop's
 * clock starts when the request is due). Unbounded, a stall of a few hundred ms makes the clients
 * open thousands of connections whose handshakes then cost the replica seconds to drain.
 */
const LOAD_CONNECTIONS = 1024;
/** The overload reaches its rate over this long. */
const RAMP_MS = 3000;

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** The replica's resident set (MiB) and CPU (seconds, user + system), from /proc. */
function processStats(pid: number): { rssMiB: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name's closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMiB: rssKiB / 1024, cpuSeconds: ticks / 100 };
}

/** Values of the replica's Prometheus metrics, by exact series name (labels included). */
async function metrics(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line !== '' && !line.startsWith('#')) {
      const space = line.lastIndexOf(' ');
      values.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
  }
  return values;
}

interface Graph {
  replica: Replica;
  url: string;
  opsKey: string;
  portfolio: string[];
  post(body: unknown, timeoutMs?: number): Promise<{ status: number; text: string }>;
}

async function startGraph(options: PressureOptions, name: string, portfolioSize: number): Promise<Graph> {
  const database = await createDatabase(options.postgresUrl);
  options.cleanups.push({ name: `database ${database.name}`, run: () => database.drop() });
  const redis = new RedisServer(await freePort(), options.children);
  await redis.start();
  options.cleanups.push({ name: 'redis-server', run: () => redis.stop() });
  const databaseUrl = new URL(options.postgresUrl);
  databaseUrl.pathname = `/${database.name}`;
  const opsKey = randomBytes(24).toString('hex');
  const replica = new Replica(
    name,
    options.entry,
    {
      ...options.baseEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      GRAPHQL_API_KEYS: `pressure-ops:${opsKey}:proposals.all`,
      CALLER_BUDGETS: '*=1000000/100000',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `pressure-${process.pid}:`,
    },
    options.children,
    `${options.logDir}/${name}.log`,
  );
  options.cleanups.push({ name, run: () => replica.close() });
  await replica.start();
  const portfolio = await createPortfolio(options.sandbox, options.upstream, { size: portfolioSize, installments: INSTALLMENTS, tag: name.toUpperCase() });
  const url = replica.url;
  const post = async (body: unknown, timeoutMs = 15_000): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opsKey}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  };
  return { replica, url, opsKey, portfolio, post };
}

let paymentSequence = 0;
/** One payment of 0.01 on an installment of `proposalId`; resolves whether it was answered without error. */
async function pay(graph: Graph, proposalId: string): Promise<boolean> {
  paymentSequence += 1;
  const tag = `pressure-${process.pid}-${paymentSequence}`;
  const result = await graph
    .post({
      query: PAYMENT,
      variables: {
        idempotencyKey: tag,
        input: { proposalId, payment: { installmentNumber: 1 + (paymentSequence % INSTALLMENTS), amount: '0.01', description: tag } },
      },
    })
    .catch(() => undefined);
  return result !== undefined && result.status === 200 && !result.text.includes('"errors"') && !result.text.includes('"code"');
}

/** Twice the measured capacity, open loop, then the time back to normal latency. */
async function overload(options: PressureOptions, graph: Graph): Promise<Check[]> {
  const { log } = options;
  const id = graph.portfolio[0] as string;
  const body = JSON.stringify({ query: SCREEN, variables: { id } });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${graph.opsKey}` };
  for (let i = 0; i < 20; i += 1) {
    await graph.post({ query: SCREEN, variables: { id } });
  }
  const single = new Client(graph.url, { headersTimeout: 15_000, bodyTimeout: 15_000 });
  const timeQuery = async (): Promise<number> => {
    const started = performance.now();
    const response = await single.request({ path: '/graphql', method: 'POST', headers, body });
    await response.body.text();
    return performance.now() - started;
  };
  const baseline: number[] = [];
  for (let i = 0; i < 100; i += 1) {
    baseline.push(await timeQuery());
  }
  const normalMs = Math.max(3 * percentile(baseline, 50), percentile(baseline, 99), 20);

  // Capacity: 32 requests always outstanding.
  const closed = new Pool(graph.url, { connections: 32, headersTimeout: 15_000, bodyTimeout: 15_000 });
  const capacityMs = options.quick ? 3000 : 6000;
  let answered = 0;
  const until = performance.now() + capacityMs;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < until) {
        const response = await closed.request({ path: '/graphql', method: 'POST', headers, body });
        await response.body.text();
        if (response.statusCode === 200) {
          answered += 1;
        }
      }
    }),
  );
  await closed.close();
  const capacity = (answered * 1000) / capacityMs;
  const rate = 2 * capacity;
  const loadMs = options.quick ? 15_000 : 60_000;
  log(
    `overload: capacity ${capacity.toFixed(0)} req/s (screen query, cached), baseline p50 ${percentile(baseline, 50).toFixed(1)} ms; sending ${rate.toFixed(0)} req/s for ${loadMs / 1000} s`,
  );

  // The open loop: request n leaves at n / rate seconds, whatever the answers before it did.
  const pool = new Pool(graph.url, { connections: LOAD_CONNECTIONS, headersTimeout: 10_000, bodyTimeout: 10_000, connectTimeout: 10_000 });
  // BENCH_PREWARM=1: every connection of the pool opened before the load, as a load balancer keeps them; without it the pool grows under the load.
  if (process.env.BENCH_PREWARM === '1') {
    await Promise.all(
      Array.from({ length: LOAD_CONNECTIONS }, () =>
        pool
          .request({ path: '/health', method: 'GET' })
          .then((response) => response.body.text())
          .catch(() => ''),
      ),
    );
    log(`overload: the pool's ${LOAD_CONNECTIONS} connections opened before the load`);
  }
  const admitted: number[] = [];
  const refused: number[] = [];
  const failed: Record<string, number> = {};
  let inFlight = 0;
  let maxInFlight = 0;
  const timeline: Array<[number, number]> = [];
  let loadStartAt = 0;
  const pending = new Set<Promise<void>>();
  const fire = (): void => {
    const started = performance.now();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const done = pool
      .request({ path: '/graphql', method: 'POST', headers, body })
      .then(async (response) => {
        const text = await response.body.text();
        const took = performance.now() - started;
        timeline.push([started - loadStartAt, took]);
        if (response.statusCode === 200 && !text.includes('"errors"')) {
          admitted.push(took);
        } else if (response.statusCode === 503 || response.statusCode === 429) {
          refused.push(took);
          failed[`HTTP_${response.statusCode}`] = (failed[`HTTP_${response.statusCode}`] ?? 0) + 1;
        } else {
          failed[`HTTP_${response.statusCode}`] = (failed[`HTTP_${response.statusCode}`] ?? 0) + 1;
        }
      })
      .catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        failed[code] = (failed[code] ?? 0) + 1;
      })
      .finally(() => {
        inFlight -= 1;
        pending.delete(done);
      });
    pending.add(done);
  };
  const limits: number[] = [];
  /** The replica's own event-loop delay (p99 and max since the scrape before, ms) and GC pause time (ms) per second of the load. */
  const replicaLoop: Array<{ p99: number; max: number; gcMs: number }> = [];
  const health: number[] = [];
  const healthClient = new Client(graph.url, { headersTimeout: 30_000, bodyTimeout: 30_000 });
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const started = performance.now();
      try {
        const response = await healthClient.request({ path: '/health', method: 'GET' });
        await response.body.text();
        health.push(performance.now() - started);
      } catch {
        health.push(Number.POSITIVE_INFINITY);
      }
      await sleep(100);
    }
  })();
  const scraper = (async () => {
    while (probing) {
      const values = await metrics(graph.url).catch(() => new Map<string, number>());
      limits.push(values.get('credit_graph_admission_limit') ?? Number.NaN);
      const gcSeconds = [...values].filter(([key]) => key.startsWith('credit_graph_nodejs_gc_duration_seconds_sum')).reduce((sum, [, value]) => sum + value, 0);
      replicaLoop.push({
        p99: (values.get('credit_graph_nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000,
        max: (values.get('credit_graph_nodejs_eventloop_lag_max_seconds') ?? Number.NaN) * 1000,
        gcMs: gcSeconds * 1000,
      });
      await sleep(1000);
    }
  })();
  const cpuBefore = processStats(graph.replica.pid as number).cpuSeconds;
  const clientCpuBefore = process.cpuUsage();
  const serverBefore = await metrics(graph.url);
  // The load's own event loop: a request it sends late, or an answer it reads late, counts in the latency it reports.
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  clientLoop.enable();
  const loadStart = performance.now();
  loadStartAt = loadStart;
  let sent = 0;
  while (performance.now() - loadStart < loadMs) {
    // Open loop after a 3 s linear ramp (as a load balancer's pool grows; thousands of connections opened in one second measure the kernel, not the graph).
    const elapsed = performance.now() - loadStart;
    const due = Math.floor((elapsed < RAMP_MS ? (elapsed * elapsed) / (2 * RAMP_MS) : elapsed - RAMP_MS / 2) * (rate / 1000));
    while (sent < due) {
      sent += 1;
      fire();
    }
    await sleep(2);
  }
  const loadEnd = performance.now();
  clientLoop.disable();
  const cpuDuring = processStats(graph.replica.pid as number).cpuSeconds - cpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // Recovery: the first moment after which ten queries in a row answer within the normal latency.
  let recoveredAt: number | undefined;
  let streak = 0;
  while (performance.now() - loadEnd < 60_000) {
    const took = await timeQuery().catch(() => Number.POSITIVE_INFINITY);
    if (took <= normalMs) {
      streak += 1;
      if (streak === 1) {
        recoveredAt = performance.now() - took;
      }
      if (streak >= 10) {
        break;
      }
    } else {
      streak = 0;
      recoveredAt = undefined;
    }
    await sleep(50);
  }
  probing = false;
  await Promise.all([prober, scraper]);
  await Promise.race([Promise.all(pending), sleep(15_000)]);
  await Promise.all([pool.destroy(), single.close(), healthClient.close()]);
  // The graph's own view (from receiving a request to its answer), beside the clients' (from sending it, connection included).
  const serverAfter = await metrics(graph.url);
  const within = (le: string): number => {
    const key = `credit_graph_http_request_duration_seconds_bucket{le="${le}",route="/graphql"}`;
    return (serverAfter.get(key) ?? 0) - (serverBefore.get(key) ?? 0);
  };
  const serverShare = (le: string): string => `${((100 * within(le)) / Math.max(1, within('+Inf'))).toFixed(1)} %`;
  log(
    `overload: the graph answered ${serverShare('0.05')} within 50 ms and ${serverShare('1')} within 1 s of receiving them; ` +
      `the load's own CPU ${((clientCpu.user + clientCpu.system) / 1e3 / loadMs).toFixed(2)} cores, its event-loop delay p99 ${(clientLoop.percentile(99) / 1e6).toFixed(0)} ms (max ${(clientLoop.max / 1e6).toFixed(0)} ms)`,
  );
  // A refusal's wait clustered just past 1 s or 3 s is a connection's SYN retransmitted (the kernel's accept queue was full), not the graph's work.
  const bands = [50, 1000, 2000, 4000, Number.POSITIVE_INFINITY];
  log(
    `overload: refusals by the client's wait: ${bands
      .map(
        (upper, index) =>
          `${index === 0 ? '<' : `${bands[index - 1] ?? 0}-`}${upper} ms ${refused.filter((took) => took < upper && took >= (bands[index - 1] ?? 0)).length}`,
      )
      .join(', ')}`,
  );
  for (let second = 0; second < loadMs / 1000; second += 1) {
    const slice = timeline.filter(([at]) => at >= second * 1000 && at < (second + 1) * 1000).map(([, took]) => took);
    log(
      `  second ${second}: ${slice.length} answered, p50 ${percentile(slice, 50).toFixed(0)} ms, p99 ${percentile(slice, 99).toFixed(0)} ms, admission limit ${limits[second]}, ` +
        `replica event-loop delay p99 ${replicaLoop[second]?.p99.toFixed(0)} ms max ${replicaLoop[second]?.max.toFixed(0)} ms, GC ${((replicaLoop[second + 1]?.gcMs ?? Number.NaN) - (replicaLoop[second]?.gcMs ?? Number.NaN)).toFixed(0)} ms`,
    );
  }
  const recoveryS = recoveredAt === undefined ? Number.POSITIVE_INFINITY : Math.max(0, recoveredAt - loadEnd) / 1000;
  log(
    `overload: ${sent} sent, ${admitted.length} admitted (p50 ${percentile(admitted, 50).toFixed(0)} ms, p99 ${percentile(admitted, 99).toFixed(0)} ms), ` +
      `${refused.length} refused (p50 ${percentile(refused, 50).toFixed(1)} ms, p99 ${percentile(refused, 99).toFixed(1)} ms), other ${JSON.stringify(failed)}, ` +
      `most in flight ${maxInFlight}, /health p99 ${percentile(health, 99).toFixed(1)} ms (max ${Math.max(...health).toFixed(1)}), ` +
      `graph CPU ${(cpuDuring / (loadMs / 1000)).toFixed(2)} cores, normal latency again ${recoveryS.toFixed(1)} s after the load stopped`,
  );
  const notAnswered = sent - admitted.length - refused.length;
  return [
    { name: 'overload: admitted p99', value: percentile(admitted, 99), unit: 'ms', target: 1000, ceiling: true },
    { name: 'overload: refusal p99', value: refused.length === 0 ? 0 : percentile(refused, 99), unit: 'ms', target: 50, ceiling: true },
    { name: 'overload: /health p99', value: percentile(health, 99), unit: 'ms', target: 100, ceiling: true },
    { name: 'overload: back to normal latency', value: recoveryS, unit: 's', target: 5, ceiling: true },
    { name: 'overload: neither admitted nor refused', value: notAnswered, unit: 'requests', target: 0, ceiling: true },
  ];
}

/** A subscriber over SSE that never reads: the request is written, the socket paused. */
function silentSse(url: URL, apiKey: string, query: string, variables: Record<string, unknown>): Socket {
  const body = JSON.stringify({ query, variables });
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  socket.write(
    `POST /graphql HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${apiKey}\r\nAccept: text/event-stream\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.pause();
  return socket;
}

/** A subscriber over graphql-ws that reads until subscribed, then never again. */
async function silentWs(url: URL, apiKey: string, query: string, variables: Record<string, unknown>): Promise<WebSocket> {
  const socket = new WebSocket(`ws://${url.host}/graphql`, 'graphql-transport-ws');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${apiKey}` } })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
        resolve();
      }
    });
    socket.once('close', (code) => reject(new Error(`WebSocket closed (${code}) before connection_ack`)));
    setTimeout(() => reject(new Error('no connection_ack within 10 s')), 10_000).unref();
  });
  socket.removeAllListeners('message');
  socket.on('error', () => undefined);
  // ws reads through its socket; pausing the stream stops reading from the kernel.
  (socket as unknown as { _socket: Socket })._socket.pause();
  return socket;
}

/** Ten SSE and ten WebSocket subscribers that never read, under payments on their proposal. */
async function slowSubscribers(options: PressureOptions, graph: Graph): Promise<Check[]> {
  const { log } = options;
  const pid = graph.replica.pid as number;
  const id = graph.portfolio[1] as string;
  const url = new URL(graph.url);
  const rssNow = (): number => processStats(pid).rssMiB;
  await sleep(2000);
  const before = rssNow();
  const sse = Array.from({ length: 10 }, () => silentSse(url, graph.opsKey, HEAVY_EVENT, { id }));
  const ws = await Promise.all(Array.from({ length: 10 }, () => silentWs(url, graph.opsKey, HEAVY_EVENT, { id })));
  let highest = before;
  const loadMs = options.quick ? 20_000 : 60_000;
  const started = performance.now();
  let payments = 0;
  let paid = 0;
  while (performance.now() - started < loadMs) {
    payments += 1;
    paid += (await pay(graph, id)) ? 1 : 0;
    highest = Math.max(highest, rssNow());
    await sleep(200);
  }
  const closedByServer = sse.filter((s) => s.destroyed || s.readyState === 'closed').length + ws.filter((s) => s.readyState === WebSocket.CLOSED).length;
  for (const socket of sse) {
    socket.destroy();
  }
  for (const socket of ws) {
    socket.terminate();
  }
  await sleep(10_000);
  const after = rssNow();
  log(
    `slow subscribers: 20 silent (10 SSE, 10 WebSocket), ${paid}/${payments} payments answered; RSS ${before.toFixed(0)} MiB before, ` +
      `${highest.toFixed(0)} MiB at most, ${after.toFixed(0)} MiB 10 s after they went; ${closedByServer} seen closed by the graph`,
  );
  return [
    { name: 'slow subscribers: RSS growth', value: highest - before, unit: 'MiB', target: 50, ceiling: true },
    { name: 'slow subscribers: RSS left after they went', value: after - before, unit: 'MiB', target: 25, ceiling: true },
  ];
}

/** The overload and slow-subscriber phases, on a replica of their own. */
export async function runPressurePhases(options: PressureOptions): Promise<Check[]> {
  const graph = await startGraph(options, 'pressure', 2);
  options.log(`pressure: ${graph.replica.name} ${graph.url}`);
  return [...(await overload(options, graph)), ...(await slowSubscribers(options, graph))];
}

/** 20 reads a second, 20 payments a minute and 200 idle subscribers for `minutes`; per-window figures. */
export async function runSoak(options: PressureOptions): Promise<Check[]> {
  const { log } = options;
  const minutes = options.soakMinutes ?? 30;
  const windowMs = Math.min(120_000, (minutes * 60_000) / 6);
  const graph = await startGraph(options, 'soak', 4);
  const pid = graph.replica.pid as number;
  const url = new URL(graph.url);
  const subscribers = await Promise.all(
    Array.from({ length: 200 }, async (_, n) => {
      const socket = new WebSocket(`ws://${url.host}/graphql`, 'graphql-transport-ws');
      socket.on('error', () => undefined);
      await new Promise<void>((resolve) => socket.once('open', () => resolve()));
      socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${graph.opsKey}` } }));
      socket.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') {
          socket.send(
            JSON.stringify({ id: '1', type: 'subscribe', payload: { query: LIGHT_EVENT, variables: { id: graph.portfolio[n % graph.portfolio.length] } } }),
          );
        }
      });
      return socket;
    }),
  );
  const reads = [
    SCREEN,
    'query Situation($id: ID!) { proposal(id: $id) { id situation } }',
    'query Mine { creditViewer { proposals(first: 10) { nodes { id situation } } } }',
  ];
  let requests = 0;
  let errors = 0;
  let running = true;
  const reader = (async () => {
    let n = 0;
    const start = performance.now();
    while (running) {
      n += 1;
      const query = reads[n % reads.length] as string;
      void graph
        .post({ query, variables: query.includes('$id') ? { id: graph.portfolio[n % graph.portfolio.length] } : {} })
        .then((r) => (errors += r.status === 200 ? 0 : 1))
        .catch(() => (errors += 1));
      requests += 1;
      const wait = start + n * 50 - performance.now();
      await sleep(Math.max(0, wait));
    }
  })();
  const writer = (async () => {
    let n = 0;
    while (running) {
      n += 1;
      requests += 1;
      if (!(await pay(graph, graph.portfolio[n % graph.portfolio.length] as string))) {
        errors += 1;
      }
      if (n % 2 === 0) {
        // A new proposal every 6 s: the ledger and the caller's list grow as a real day's would.
        requests += 1;
        const code = `SOAK-${process.pid}-${n}`;
        const created = await graph
          .post({
            query: CREATE,
            variables: {
              idempotencyKey: code,
              input: {
                clientDocument: syntheticCpf(540_000_000 + n),
                clientName: 'Cliente Soak',
                contractType: 'CP',
                requestedAmount: '1000.00',
                installments: 6,
                monthlyInterestRate: '2.1',
                operationCode: code,
              },
            },
          })
          .catch(() => undefined);
        if (created === undefined || created.status !== 200 || created.text.includes('"errors"') || created.text.includes('"code"')) {
          errors += 1;
        }
      }
      await sleep(3000);
    }
  })();
  interface Window {
    cpuMsPerRequest: number;
    rssMiB: number;
    heapMiB: number;
    lagP99Ms: number;
  }
  const windows: Window[] = [];
  let reference: number | undefined;
  let last = { ...processStats(pid), requests: 0 };
  const endAt = performance.now() + minutes * 60_000;
  while (performance.now() < endAt) {
    await sleep(Math.min(windowMs, endAt - performance.now()));
    const now = processStats(pid);
    const values = await metrics(graph.url).catch(() => new Map<string, number>());
    const majors = values.get('credit_graph_nodejs_gc_duration_seconds_count{kind="major"}') ?? 0;
    if (reference === undefined && majors > 0) {
      reference = now.rssMiB;
    }
    const window: Window = {
      cpuMsPerRequest: ((now.cpuSeconds - last.cpuSeconds) * 1000) / Math.max(1, requests - last.requests),
      rssMiB: now.rssMiB,
      heapMiB: (values.get('credit_graph_nodejs_heap_size_used_bytes') ?? Number.NaN) / 2 ** 20,
      lagP99Ms: (values.get('credit_graph_nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000,
    };
    windows.push(window);
    log(
      `soak window ${windows.length}: ${window.cpuMsPerRequest.toFixed(2)} ms CPU/request, RSS ${window.rssMiB.toFixed(0)} MiB, ` +
        `heap ${window.heapMiB.toFixed(0)} MiB, event-loop lag p99 ${window.lagP99Ms.toFixed(1)} ms, ${requests} requests, ${errors} errors`,
    );
    last = { ...now, requests };
  }
  running = false;
  await Promise.all([reader, writer]);
  for (const socket of subscribers) {
    socket.terminate();
  }
  // The first window carries the start's compilation and warm caches: CPU is compared from the second.
  const first = (windows.length >= 3 ? windows[1] : windows[0]) as Window;
  const end = windows.at(-1) as Window;
  const start = reference ?? first.rssMiB;
  return [
    { name: 'soak: RSS at the end over RSS after the first major collection', value: end.rssMiB / start, unit: 'x', target: 1.1, ceiling: true },
    { name: 'soak: CPU per request, last window over second', value: end.cpuMsPerRequest / first.cpuMsPerRequest, unit: 'x', target: 1.25, ceiling: true },
    { name: 'soak: errors', value: errors, unit: 'requests', target: 0, ceiling: true },
  ];
}
