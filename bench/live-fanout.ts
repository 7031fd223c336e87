/**
 * The fan-out phase of `npm run bench:live`: what one change costs the replica that tells its
 * subscribers. One replica (this process) over the in-process sandbox; the subscribers' clients run
 * in a child process (this file, BENCH_LIVE_ROLE=clients), so this process's CPU is the server's
 * (the sandbox's share: one read per proposal per poll). Figures:
 *
 * - CPU per event delivered to a cohort of BENCH_LIVE_COHORT (100) identical subscriptions, over
 *   BENCH_LIVE_ROUNDS (10) changes, from the poll that found each change (its read told) to the last
 *   subscriber's event: execution, serialization and the socket writes, not the poll's read;
 * - BENCH_LIVE_FANOUT (10000) subscribers on the proposals (graphql-ws, 20 per socket, the default cap): the time
 *   from the poll that found a change to its last subscriber's event (the worst proposal), CPU per
 *   event delivered, and the heap and external memory per subscriber after the first events;
 * - BENCH_LIVE_SSE (2000) subscribers over GraphQL over SSE (one stream, so one connection, each):
 *   the heap and external memory per subscriber after the first events, opened after a first
 *   hundred streams (not counted) that compile the path.
 *
 * Memory is read settled: a moment after the clients' first events, then two full collections.
 * BENCH_LIVE_SNAPSHOTS=<dir> writes heap snapshots before and after the SSE streams (a snapshot's
 * own collection frees more than `gc()`, so the SSE figure of such a run reads low).
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { type Client, createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config/index.js';
import { MemoryLiveBus, type LiveMessage } from '../src/graphql/live/event-bus.js';
import { openLedgerDatabase, Ledger, SqlLedgerStore } from '../src/ledger/index.js';
import { createApp, listen } from '../src/server/app.js';
import { connectUpstream } from '../src/server/upstream.js';

const QUERY = 'subscription($id: ID!) { proposalChanged(id: $id) { changed initial proposal { id situationCode } } }';
const PER_SOCKET = 20;
const now = (): number => performance.timeOrigin + performance.now();

interface ClientPlan {
  url: string;
  key: string;
  /** The proposal of each subscription. */
  ids: string[];
  /** Over GraphQL over SSE (one stream each, at `url`'s http address) instead of graphql-ws. */
  sse?: boolean;
}

type FromClients = { kind: 'ready' } | { kind: 'round'; last: Record<string, number>; events: number };

/** The SSE child: opens one stream per subscription and reports when every stream's first event came. */
function sseClients(plan: ClientPlan): void {
  const url = new URL(plan.url);
  const streams: Array<{ destroy(): void }> = [];
  let initial = 0;
  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'stop') {
      for (const stream of streams) {
        stream.destroy();
      }
      process.exit(0);
    }
  });
  for (const id of plan.ids) {
    const body = JSON.stringify({ query: QUERY, variables: { id } });
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${plan.key}`,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        const onData = (chunk: Buffer): void => {
          text += chunk.toString();
          if (text.includes('"initial":true')) {
            response.off('data', onData);
            response.resume();
            initial += 1;
            if (initial === plan.ids.length) {
              process.send?.({ kind: 'ready' } satisfies FromClients);
            }
          }
        };
        response.on('data', onData);
      },
    );
    req.on('error', () => undefined);
    req.end(body);
    streams.push(req);
  }
}

/** The child: opens the subscriptions, reports when every first event came, then the last event of each proposal per round. */
function clients(plan: ClientPlan): void {
  if (plan.sse === true) {
    sseClients(plan);
    return;
  }
  const sockets: Client[] = [];
  let initial = 0;
  let expected = plan.ids.length;
  let events = 0;
  let last: Record<string, number> = {};
  const send = (message: FromClients): void => {
    process.send?.(message);
  };
  process.on('message', (message: { kind: 'plan' } | { kind: 'expect'; count: number } | { kind: 'stop' }) => {
    if (message.kind === 'plan') {
      return;
    }
    if (message.kind === 'expect') {
      expected = message.count;
      events = 0;
      last = {};
    } else {
      for (const socket of sockets) {
        void socket.dispose();
      }
      process.exit(0);
    }
  });
  plan.ids.forEach((id, index) => {
    if (index % PER_SOCKET === 0) {
      sockets.push(
        createClient({
          url: plan.url,
          webSocketImpl: WebSocket,
          lazy: false,
          retryAttempts: 0,
          connectionParams: { authorization: `Bearer ${plan.key}` },
          onNonLazyError: () => undefined,
        }),
      );
    }
    (sockets[sockets.length - 1] as Client).subscribe<{ proposalChanged: { initial: boolean } | null }>(
      { query: QUERY, variables: { id } },
      {
        next: (value) => {
          if (value.data?.proposalChanged?.initial === true) {
            initial += 1;
            if (initial === plan.ids.length) {
              send({ kind: 'ready' });
            }
            return;
          }
          events += 1;
          last[id] = now();
          if (events === expected) {
            send({ kind: 'round', last, events });
          }
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  });
}

/** The heap and external memory once what just closed is gone (a moment, then two full collections). */
async function settledMemory(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  memory();
  await new Promise((resolve) => setImmediate(resolve));
  return memory();
}

function memory(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** A live channel that notes when each poll's read of a proposal was told (the poll's moment). */
class TimedBus extends MemoryLiveBus {
  /** When each proposal's polls were told, in order. */
  readonly polls = new Map<string, number[]>();
  /** The process's CPU when the round's first poll was told (the events' CPU is counted from there). */
  firstPollCpu: NodeJS.CpuUsage | undefined;
  override async publish(message: LiveMessage): Promise<void> {
    if (message.kind === 'read') {
      const times = this.polls.get(message.proposalId) ?? [];
      times.push(now());
      this.polls.set(message.proposalId, times.slice(-20));
      this.firstPollCpu ??= process.cpuUsage();
    }
    return super.publish(message);
  }
}

export interface FanOutFigures {
  cohort: { subscribers: number; rounds: number; cpuMsPerEvent: number };
  fanout: { subscribers: number; proposals: number; lastAfterPollMs: number; spanMs: number; cpuMsPerEvent: number; bytesPerSubscriber: number };
  sse: { subscribers: number; bytesPerSubscriber: number };
}

/** Runs both measurements on one replica over `sandbox`; `ids` are proposals its client owns. */
export async function fanOut(
  connection: Parameters<typeof connectUpstream>[1],
  admin: { setSituation(id: string, situacao: number): Promise<void> },
  ids: string[],
  env: (name: string, fallback: number) => number,
): Promise<FanOutFigures> {
  const key = 'bench-fanout-key-0123456789abcdef';
  const cohortSize = env('BENCH_LIVE_COHORT', 100);
  const rounds = env('BENCH_LIVE_ROUNDS', 10);
  const total = env('BENCH_LIVE_FANOUT', 10_000);
  const sseTotal = env('BENCH_LIVE_SSE', 2000);
  const database = await openLedgerDatabase({ dataDir: `/tmp/cg-bench-fanout-${process.pid}` });
  const ledger = new Ledger(new SqlLedgerStore(database.db));
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    GRAPHQL_API_KEYS: `ops:${key}:proposals.all`,
    UPSTREAM_RATE_LIMIT_RPS: '1000',
    UPSTREAM_RATE_LIMIT_BURST: '1000',
    LIVE_POLL_INTERVAL_MS: '500',
    LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: String(total + cohortSize + sseTotal),
  });
  const bus = new TimedBus();
  const upstream = await connectUpstream(config, connection);
  const app = await createApp(config, { upstream: upstream.client, state: upstream.state, ledger, liveBus: bus });
  const http = await listen(app, { port: 0, host: '127.0.0.1' });
  const url = http.graphqlUrl.replace(/^http/, 'ws');

  /** Opens `subscriptions` in a child; resolves once every first event came. */
  const open = async (subscriptionIds: string[], sse = false) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_LIVE_ROLE: 'clients' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const next = (kind: FromClients['kind']) =>
      new Promise<FromClients>((resolve) => {
        const listener = (message: FromClients) => {
          if (message.kind === kind) {
            child.off('message', listener);
            resolve(message);
          }
        };
        child.on('message', listener);
      });
    const ready = next('ready');
    child.send({ kind: 'plan', plan: { url: sse ? http.graphqlUrl : url, key, ids: subscriptionIds, sse } satisfies ClientPlan });
    await ready;
    return {
      /** Moves `changed` proposals to `situacao`; resolves with the CPU and the worst poll-to-last-event time once every subscriber heard. */
      async round(changed: string[], situacao: number, events: number): Promise<{ cpuMs: number; lastAfterPollMs: number; spanMs: number }> {
        child.send({ kind: 'expect', count: events });
        const heard = next('round');
        // Reset before the change: a poll in between only starts the CPU window early (counted against us).
        bus.firstPollCpu = undefined;
        const changedAt = now();
        await Promise.all(changed.map((id) => admin.setSituation(id, situacao)));
        const done = (await heard) as Extract<FromClients, { kind: 'round' }>;
        const cpu = process.cpuUsage(bus.firstPollCpu);
        // The poll that found each change: its proposal's last poll before its last event.
        const pollOf = (id: string): number =>
          Math.max(...(bus.polls.get(id) ?? []).filter((at) => at >= changedAt && at <= (done.last[id] ?? Number.POSITIVE_INFINITY)));
        const lastAfterPollMs = Math.max(...changed.map((id) => (done.last[id] ?? Number.NaN) - pollOf(id)));
        const spanMs = Math.max(...Object.values(done.last)) - Math.min(...changed.map(pollOf));
        return { cpuMs: (cpu.user + cpu.system) / 1000, lastAfterPollMs, spanMs };
      },
      stop: async () => {
        child.send({ kind: 'stop' });
        await new Promise((resolve) => child.once('exit', resolve));
      },
    };
  };

  // Under review, by hand: a move ends the sandbox's own credit analysis (which would move them meanwhile).
  await Promise.all(ids.map((id) => admin.setSituation(id, 1)));
  // A cohort of identical subscriptions on one proposal, changed `rounds` times.
  const one = ids[0] as string;
  const cohort = await open(Array.from({ length: cohortSize }, () => one));
  let cohortCpu = 0;
  for (let round = 0; round < rounds; round += 1) {
    cohortCpu += (await cohort.round([one], round % 2 === 0 ? 2 : 1, cohortSize)).cpuMs;
  }
  await cohort.stop();

  // The fan-out: `total` subscribers spread over the proposals, one change to every proposal.
  const before = await settledMemory();
  const many = await open(Array.from({ length: total }, (_, index) => ids[index % ids.length] as string));
  const bytesPerSubscriber = ((await settledMemory()) - before) / total;
  const fan = await many.round(ids, 2, total);
  await many.stop();
  await Promise.all(ids.map((id) => admin.setSituation(id, 1)));

  // GraphQL over SSE: one stream (one connection) per subscription.
  // A first hundred streams, not counted, compile the SSE path: what is measured is what each more stream holds.
  const warm = await open(ids.slice(0, 100), true);
  const snapshots = process.env.BENCH_LIVE_SNAPSHOTS;
  const beforeSse = await settledMemory();
  if (snapshots !== undefined) {
    writeHeapSnapshot(`${snapshots}/before-sse.heapsnapshot`);
  }
  const streams = await open(
    Array.from({ length: sseTotal }, (_, index) => ids[index % ids.length] as string),
    true,
  );
  const sseBytesPerSubscriber = ((await settledMemory()) - beforeSse) / sseTotal;
  if (snapshots !== undefined) {
    writeHeapSnapshot(`${snapshots}/after-sse.heapsnapshot`);
  }
  await streams.stop();
  await warm.stop();

  await app.close(1000);
  await upstream.close();
  await database.close();
  return {
    cohort: { subscribers: cohortSize, rounds, cpuMsPerEvent: cohortCpu / (cohortSize * rounds) },
    fanout: {
      subscribers: total,
      proposals: ids.length,
      lastAfterPollMs: fan.lastAfterPollMs,
      spanMs: fan.spanMs,
      cpuMsPerEvent: fan.cpuMs / total,
      bytesPerSubscriber,
    },
    sse: { subscribers: sseTotal, bytesPerSubscriber: sseBytesPerSubscriber },
  };
}

if (process.env.BENCH_LIVE_ROLE === 'clients') {
  process.once('message', (message: { kind: 'plan'; plan: ClientPlan }) => clients(message.plan));
}
