/**
 * `npm run chaos` (`-- --quick` for about a minute): two replicas of the built graph
 * (`node dist/main.js`, production, API-key callers) over the real sandbox, sharing a PostgreSQL
 * database of their own reached through a TCP proxy this suite controls and a private redis-server
 * it can kill. A bounded load of writes (registerInstallmentPayment and createProposal, each with its
 * own idempotencyKey) and reads runs across both replicas while, phase after phase, the suite resets
 * the database's connections, silences it, kills Redis, makes the partner fail and hang, and stops
 * a replica with SIGTERM and then with kill -9 while writes are in flight.
 *
 * Then every write that got no definite answer (success or business refusal) is retried with the
 * SAME key and input until it gets one (bounded), and the partner's own records are the judge:
 * the sandbox's proposals (by operation code) and payment entries (by description, unique per
 * write). Reported: writes lost (success answered, nothing at the partner), doubled (applied more
 * than once), left unknown (no definite answer after the retries), contradicted (refused, yet
 * applied), every replica's exits (deliberate or not) and the error codes seen. Exit status 1 when
 * any of those counts is not 0 or a replica died unexpectedly.
 *
 * The sandbox's IdempotencyKey replay is off: the partner applies every request it receives, so
 * only the graph's ledger stands between a retry and a second payment.
 *
 * Not part of `npm test`: it takes minutes and needs PostgreSQL (CHAOS_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/test, used only to create and drop `chaos_<pid>_<n>`) and
 * `redis-server` on PATH. Loopback only. Replica logs stay in a temporary folder named at the end.
 */
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxThread } from './sandbox-thread.js';
import { consultarDetalhes, createUpstreamClient, DEFAULT_SCOPE } from '../src/upstream/index.js';
import { admin, createPortfolio } from './setup.js';
import { type Check, passes, type PressureOptions, runPressurePhases, runSoak } from './pressure.js';
import { syntheticCpf } from './documents.js';
import { Children, createDatabase, DatabaseProxy, freePort, RedisServer, Replica, type ReplicaExit, sleep } from './chaos-infra.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const QUICK = process.argv.includes('--quick');
/** `--soak[=minutes]`: the soak alone; `--pressure`: the overload and slow-subscriber phases alone. */
const SOAK = process.argv.find((arg) => arg === '--soak' || arg.startsWith('--soak='));
const PRESSURE_ONLY = process.argv.includes('--pressure');
const POSTGRES_URL = process.env.CHAOS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENT_ID = 'credit-graph-chaos';
/** How long each fault phase lasts. */
const PHASE_MS = QUICK ? 7000 : 20_000;
/** Writes started per phase at most (the load stops early when reached). */
const WRITES_PER_PHASE = QUICK ? 40 : 120;
const WRITERS = 4;
/** Writes are spread evenly over the phase: the n-th may start n times this after the phase began. */
const WRITE_SPACING_MS = PHASE_MS / WRITES_PER_PHASE;
/** Pause of the reader between two reads. */
const READ_GAP_MS = 100;
/** The client's own deadline for one GraphQL request. */
const CLIENT_TIMEOUT_MS = 15_000;
const UPSTREAM_TIMEOUT_MS = 3000;
const SETTLE_MS = 3000;
/** Retries of one unresolved write after the chaos, and the time all of them may take. */
const MAX_RETRIES = 15;
const RETRY_WINDOW_MS = QUICK ? 45_000 : 90_000;
const RETRY_GAP_MS = 1500;
/** How long a SIGTERM'd replica may take to exit before it counts as stuck (and is killed). */
const STOP_WAIT_MS = 20_000;
const PORTFOLIO = 4;
const INSTALLMENTS = 12;
const NO_LIMIT = { requestsPerSecond: 1_000_000, burst: 1_000_000, maxConcurrent: 64, maxWaitMs: 10_000 };

type Verdict = 'success' | 'refused' | 'indefinite';

interface Answer {
  verdict: Verdict;
  /** extensions.code, the first userError's code, `NET_*`, `HTTP_*` or CLIENT_TIMEOUT; absent on success. */
  code?: string;
}

interface Write {
  kind: 'payment' | 'create';
  /** Unique per write: the payment's description or the proposal's operation code. */
  tag: string;
  key: string;
  variables: Record<string, unknown>;
  phase: string;
  replica: string;
  first?: Answer;
  last?: Answer;
  retries: number;
}

interface PhaseStats {
  name: string;
  writes: number;
  answers: Record<Verdict, number>;
  codes: Record<string, number>;
  reads: number;
  readErrors: Record<string, number>;
  /** Write slots of the phase skipped because no replica was serving. */
  skipped: number;
  /** Slowest first answer of a write started in the phase (ms). */
  slowestMs: number;
  note: string;
}

const PAYMENT = `mutation Pay($input: RegisterInstallmentPaymentInput!, $idempotencyKey: String!) {
  registerInstallmentPayment(input: $input, idempotencyKey: $idempotencyKey) { parameters { name value } userErrors { code } } }`;
const CREATE = `mutation Create($input: CreateProposalInput!, $idempotencyKey: String!) {
  createProposal(input: $input, idempotencyKey: $idempotencyKey) { proposal { id } userErrors { code } } }`;
const READ = 'query Read($id: ID!) { proposal(id: $id) { id situation installments { number amount agenda { balance totalPaid } } } }';

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/** One GraphQL request; transport failures become codes, never exceptions. */
async function graphql(
  url: string,
  apiKey: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ body?: { data?: Record<string, unknown> | null; errors?: Array<{ extensions?: { code?: string } }> }; code?: string }> {
  if (url === '') {
    return { code: 'NO_REPLICA' };
  }
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await response.text();
    try {
      return { body: JSON.parse(text) as never };
    } catch {
      return { code: `HTTP_${response.status}` };
    }
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      return { code: 'CLIENT_TIMEOUT' };
    }
    return { code: `NET_${err.cause?.code ?? err.name}` };
  }
}

/** What a mutation's answer says about the write. */
function judge(result: Awaited<ReturnType<typeof graphql>>, field: string): Answer {
  if (result.body === undefined) {
    return { verdict: 'indefinite', code: result.code ?? 'NO_ANSWER' };
  }
  const payload = result.body.data?.[field] as { userErrors?: Array<{ code: string }> } | null | undefined;
  if (payload !== null && payload !== undefined) {
    const userError = payload.userErrors?.[0];
    return userError === undefined ? { verdict: 'success' } : { verdict: 'refused', code: userError.code };
  }
  return { verdict: 'indefinite', code: result.body.errors?.[0]?.extensions?.code ?? 'NO_DATA' };
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  const children = new Children();
  const cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (interrupted) {
      process.exit(130);
    }
    interrupted = true;
    process.stderr.write(`chaos: ${signal}, cleaning up\n`);
    void runCleanups().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let cleaned = false;
  async function runCleanups(): Promise<void> {
    if (cleaned) {
      return;
    }
    cleaned = true;
    children.killAll();
    for (const cleanup of cleanups.reverse()) {
      await Promise.race([cleanup.run(), sleep(10_000)]).catch((error: unknown) =>
        process.stderr.write(`chaos: cleanup ${cleanup.name} failed: ${(error as Error).message}\n`),
      );
    }
  }

  const logDir = mkdtempSync(join(tmpdir(), 'credit-graph-chaos-'));
  const log = (line: string): void => void process.stdout.write(`[${((Date.now() - startedAt) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);
  try {
    // The partner.
    const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    const privateKeyPem = await exportPKCS8(privateKey);
    const sandbox = await startSandboxThread(CLIENT_ID, await exportSPKI(publicKey));
    cleanups.push({ name: 'sandbox', run: () => sandbox.close() });
    await admin(sandbox, 'PUT', 'idempotency', { replay: false });
    const upstream = createUpstreamClient({
      baseUrl: sandbox.baseUrl,
      environmentUrl: sandbox.environmentUrl,
      authUrl: sandbox.authUrl,
      clientId: CLIENT_ID,
      privateKeyPem,
      scope: DEFAULT_SCOPE,
      rateLimit: NO_LIMIT,
    });
    cleanups.push({ name: 'upstream client', run: () => upstream.close() });
    const pressure: PressureOptions = {
      quick: QUICK,
      ...(SOAK === undefined ? {} : { soakMinutes: SOAK.includes('=') ? Number(SOAK.split('=')[1]) : 30 }),
      sandbox,
      upstream,
      entry: join(ROOT, 'dist', 'main.js'),
      // The partner's connection, the same for the fault phases' replicas and the pressure phases'.
      baseEnv: {
        PATH: process.env.PATH ?? '',
        UPSTREAM_BASE_URL: sandbox.baseUrl,
        UPSTREAM_ENVIRONMENT_URL: sandbox.environmentUrl,
        UPSTREAM_AUTH_URL: sandbox.authUrl,
        UPSTREAM_CLIENT_ID: CLIENT_ID,
        UPSTREAM_PRIVATE_KEY: privateKeyPem,
        UPSTREAM_RATE_LIMIT_RPS: '1000',
        UPSTREAM_RATE_LIMIT_BURST: '1000',
        UPSTREAM_MAX_CONCURRENT: '64',
      },
      postgresUrl: POSTGRES_URL,
      children,
      logDir,
      log,
      cleanups,
    };
    if (SOAK !== undefined || PRESSURE_ONLY) {
      return reportChecks(SOAK !== undefined ? await runSoak(pressure) : await runPressurePhases(pressure), logDir);
    }
    const portfolio = await createPortfolio(sandbox, upstream, { size: PORTFOLIO, installments: INSTALLMENTS, tag: 'CHAOS' });

    // The shared state: a database behind the proxy, a private Redis.
    const database = await createDatabase(POSTGRES_URL);
    cleanups.push({ name: `database ${database.name}`, run: () => database.drop() });
    const pgTarget = new URL(POSTGRES_URL);
    const proxy = new DatabaseProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
    await proxy.start();
    cleanups.push({ name: 'database proxy', run: () => proxy.close() });
    const redis = new RedisServer(await freePort(), children);
    await redis.start();
    cleanups.push({ name: 'redis-server', run: () => redis.stop() });
    const databaseUrl = new URL(POSTGRES_URL);
    databaseUrl.host = `127.0.0.1:${proxy.port}`;
    databaseUrl.pathname = `/${database.name}`;

    // The replicas.
    const opsKey = randomBytes(24).toString('hex');
    const webKey = randomBytes(24).toString('hex');
    const env: Record<string, string> = {
      ...pressure.baseEnv,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      GRAPHQL_API_KEYS: `chaos-ops:${opsKey}:proposals.all,chaos-web:${webKey}`,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      CALLER_BUDGETS: '*=100000/10000',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `chaos-${process.pid}:`,
      LEDGER_WAIT_MS: '2000',
      LEDGER_SETTLE_MS: String(SETTLE_MS),
      LEDGER_LEASE_MS: String(UPSTREAM_TIMEOUT_MS + 2000),
      LEDGER_RECONCILE_INTERVAL_MS: '2000',
    };
    const replicas = ['replica-a', 'replica-b'].map((name) => new Replica(name, join(ROOT, 'dist', 'main.js'), env, children, join(logDir, `${name}.log`)));
    cleanups.push({ name: 'replicas', run: async () => void (await Promise.all(replicas.map((r) => r.close()))) });
    await Promise.all(replicas.map((r) => r.start()));
    log(
      `sandbox ${sandbox.url} (replay off), PostgreSQL ${database.name} via proxy :${proxy.port}, redis :${redis.port}, ${replicas.map((r) => `${r.name} ${r.url}`).join(', ')}`,
    );

    // A replica that dies without being told to is restarted (and counted), so the load goes on.
    let stopping = false;
    const deliberate = new Set<Replica>();
    const supervisor = (async () => {
      while (!stopping) {
        for (const replica of replicas) {
          if (!replica.alive && !deliberate.has(replica) && !stopping) {
            log(`${replica.name} is dead (${JSON.stringify(replica.exits.at(-1))}): restarting it`);
            deliberate.add(replica);
            await replica.start().catch((error: unknown) => log(`${replica.name} restart failed: ${(error as Error).message}`));
            deliberate.delete(replica);
          }
        }
        await sleep(250);
      }
    })();

    // The load.
    const writes: Write[] = [];
    const phases: PhaseStats[] = [];
    let current: PhaseStats | undefined;
    let phaseWrites = 0;
    let phaseStart = 0;
    let loadOn = false;
    let sequence = 0;
    const runId = randomBytes(3).toString('hex');
    const pick = (index: number): Replica => {
      const preferred = replicas[index % replicas.length] as Replica;
      return preferred.serving ? preferred : (replicas.find((r) => r.serving) ?? preferred);
    };
    const newWrite = (): Write => {
      sequence += 1;
      const tag = `chaos-${runId}-${sequence}`;
      if (sequence % 10 < 7) {
        const proposalId = portfolio[sequence % portfolio.length] as string;
        const amount = (1 + (sequence % 100) / 100).toFixed(2);
        return {
          kind: 'payment',
          tag,
          key: `pay-${tag}`,
          variables: {
            idempotencyKey: `pay-${tag}`,
            input: { proposalId, payment: { installmentNumber: 1 + (sequence % INSTALLMENTS), amount, description: tag } },
          },
          phase: current?.name ?? '?',
          replica: '',
          retries: 0,
        };
      }
      return {
        kind: 'create',
        tag,
        key: `create-${tag}`,
        variables: {
          idempotencyKey: `create-${tag}`,
          input: {
            clientDocument: syntheticCpf(530_000_000 + sequence),
            clientName: 'Cliente Chaos',
            contractType: 'CP',
            requestedAmount: '1000.00',
            installments: 6,
            monthlyInterestRate: '2.1',
            operationCode: tag.toUpperCase(),
          },
        },
        phase: current?.name ?? '?',
        replica: '',
        retries: 0,
      };
    };
    const send = async (write: Write, replica: Replica): Promise<Answer> => {
      write.replica = replica.name;
      replica.writesInFlight += 1;
      try {
        const result = await graphql(replica.url, write.kind === 'payment' ? opsKey : webKey, write.kind === 'payment' ? PAYMENT : CREATE, write.variables);
        return judge(result, write.kind === 'payment' ? 'registerInstallmentPayment' : 'createProposal');
      } finally {
        replica.writesInFlight -= 1;
      }
    };
    const writer = async (lane: number): Promise<void> => {
      let turn = lane;
      while (loadOn) {
        if (current === undefined || phaseWrites >= WRITES_PER_PHASE || Date.now() < phaseStart + phaseWrites * WRITE_SPACING_MS) {
          await sleep(10);
          continue;
        }
        phaseWrites += 1;
        const stats = current;
        if (!replicas.some((r) => r.serving)) {
          stats.skipped += 1;
          continue;
        }
        const write = newWrite();
        writes.push(write);
        stats.writes += 1;
        turn += 1;
        const sentAt = Date.now();
        const answer = await send(write, pick(turn));
        stats.slowestMs = Math.max(stats.slowestMs, Date.now() - sentAt);
        write.first = answer;
        write.last = answer;
        stats.answers[answer.verdict] += 1;
        if (answer.code !== undefined) {
          bump(stats.codes, answer.code);
        }
      }
    };
    const reader = async (): Promise<void> => {
      let turn = 0;
      while (loadOn) {
        const stats = current;
        turn += 1;
        const result = await graphql(pick(turn).url, opsKey, READ, { id: portfolio[turn % portfolio.length] });
        if (stats !== undefined) {
          stats.reads += 1;
          const code = result.code ?? result.body?.errors?.[0]?.extensions?.code;
          if (code !== undefined || result.body?.data?.proposal === undefined) {
            bump(stats.readErrors, code ?? 'NO_DATA');
          }
        }
        await sleep(READ_GAP_MS);
      }
    };
    const faults = (settings: Record<string, unknown>): Promise<unknown> => admin(sandbox, 'PUT', 'faults', settings);
    /** Stops `replica` with `signal` once it has a write in flight (partner latency keeps writes open), then starts it again. */
    const stopMidWrite = async (replica: Replica, signal: NodeJS.Signals): Promise<string> => {
      await faults({ latencyMs: 800 });
      const until = Date.now() + 5000;
      while (replica.writesInFlight === 0 && Date.now() < until) {
        await sleep(20);
      }
      const inFlight = replica.writesInFlight;
      deliberate.add(replica);
      const took = await replica.stop(signal, STOP_WAIT_MS);
      await faults({});
      const stopped = took === undefined ? `did not exit within ${STOP_WAIT_MS / 1000} s of ${signal} (killed)` : `exited ${took} ms after ${signal}`;
      await replica.start().catch((error: unknown) => log(`${replica.name} restart failed: ${(error as Error).message}`));
      deliberate.delete(replica);
      return `${replica.name}: ${inFlight} write(s) in flight; ${stopped}; exit ${JSON.stringify({ code: replica.exits.at(-1)?.code, signal: replica.exits.at(-1)?.signal })}; restarted`;
    };
    const stuck: string[] = [];
    const plan: Array<{ name: string; inject: (ms: number) => Promise<string> }> = [
      { name: 'baseline', inject: async (ms) => (await sleep(ms), 'no faults') },
      {
        name: 'db resets',
        inject: async (ms) => {
          const until = Date.now() + ms;
          const [before, midQueryBefore] = [proxy.resets, proxy.midQuery];
          let rounds = 0;
          while (Date.now() < until) {
            // The next query's connection every 250 ms; every connection every 2 s.
            proxy.armResets(1);
            await sleep(250);
            rounds += 1;
            if (rounds % 8 === 0) {
              proxy.reset();
            }
          }
          proxy.disarm();
          return `${proxy.resets - before} connections reset (${proxy.midQuery - midQueryBefore} carrying a query: half before it reached the server, half after it ran)`;
        },
      },
      {
        name: 'db silent',
        inject: async (ms) => {
          await sleep(1000);
          proxy.silence();
          const silentMs = Math.max(1000, ms - 2000);
          await sleep(silentMs);
          proxy.resume();
          await sleep(1000);
          return `no byte forwarded for ${silentMs / 1000} s (connections held open), then resumed`;
        },
      },
      {
        name: 'redis killed',
        inject: async (ms) => {
          await sleep(1000);
          await redis.kill();
          const downMs = Math.max(1000, ms - 2000);
          await sleep(downMs);
          await redis.start();
          await sleep(1000);
          return `kill -9, down ${downMs / 1000} s, restarted empty`;
        },
      },
      {
        name: 'partner faults',
        inject: async (ms) => {
          await faults({ errorRate: 0.2, timeoutRate: 0.05, latencyMs: 150 });
          await sleep(ms);
          await faults({});
          return 'errorRate 0.2, timeoutRate 0.05, latencyMs 150';
        },
      },
      {
        name: 'SIGTERM mid-write',
        inject: async (ms) => {
          const end = Date.now() + ms;
          const note = await stopMidWrite(replicas[0] as Replica, 'SIGTERM');
          if (note.includes('did not exit')) {
            stuck.push(note);
          }
          await sleep(Math.max(0, end - Date.now()));
          return note;
        },
      },
      {
        name: 'kill -9 mid-write',
        inject: async (ms) => {
          const end = Date.now() + ms;
          const note = await stopMidWrite(replicas[1] as Replica, 'SIGKILL');
          await sleep(Math.max(0, end - Date.now()));
          return note;
        },
      },
    ];
    loadOn = true;
    const lanes = [...Array.from({ length: WRITERS }, (_, lane) => writer(lane)), reader()];
    for (const step of plan) {
      const stats: PhaseStats = {
        name: step.name,
        writes: 0,
        answers: { success: 0, refused: 0, indefinite: 0 },
        codes: {},
        reads: 0,
        readErrors: {},
        skipped: 0,
        slowestMs: 0,
        note: '',
      };
      phases.push(stats);
      // Each phase starts with both replicas serving (a crash in the one before may still be restarting).
      const recoverUntil = Date.now() + 30_000;
      while (replicas.some((r) => !r.serving) && Date.now() < recoverUntil) {
        await sleep(100);
      }
      phaseWrites = 0;
      phaseStart = Date.now();
      current = stats;
      for (const replica of replicas) {
        replica.phase = step.name;
      }
      log(`phase: ${step.name}`);
      stats.note = await step.inject(PHASE_MS);
      log(`  ${stats.note}`);
    }
    current = undefined;
    loadOn = false;
    await Promise.all(lanes);
    log(`load over: ${writes.length} writes; retrying the unresolved ones with the same keys`);

    // Same-key retries until every write has a definite answer (bounded).
    const retryCodes: Record<string, number> = {};
    const retryUntil = Date.now() + RETRY_WINDOW_MS;
    let round = 0;
    for (;;) {
      const open = writes.filter((w) => w.last?.verdict === 'indefinite' && w.retries < MAX_RETRIES);
      if (open.length === 0 || Date.now() >= retryUntil) {
        break;
      }
      round += 1;
      const serving = Date.now() + 30_000;
      while (!replicas.some((r) => r.serving) && Date.now() < serving) {
        await sleep(250);
      }
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < open.length) {
            const write = open[next] as Write;
            next += 1;
            write.retries += 1;
            write.last = await send(write, pick(write.retries + round));
            if (write.last.code !== undefined) {
              bump(retryCodes, write.last.code);
            }
          }
        }),
      );
      await sleep(RETRY_GAP_MS);
    }
    log(`retries: ${round} rounds, ${writes.reduce((n, w) => n + w.retries, 0)} requests`);

    // The judge: what the partner holds.
    const entries = new Map<string, number>();
    for (const proposalId of portfolio) {
      const details = await consultarDetalhes(upstream, {
        dto: { codigoProposta: proposalId, nroParcelas: Array.from({ length: INSTALLMENTS }, (_, i) => i + 1) },
        dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: true },
      });
      for (const installment of details.parcelas ?? []) {
        for (const entry of installment.lancamentos ?? []) {
          if (typeof entry.descLancamento === 'string') {
            entries.set(entry.descLancamento, (entries.get(entry.descLancamento) ?? 0) + 1);
          }
        }
      }
    }
    const proposals = new Map<string, number>();
    for (const proposal of (await admin(sandbox, 'GET', 'proposals')) as Array<{ codigoOperacao?: string }>) {
      if (typeof proposal.codigoOperacao === 'string') {
        // chaos-web has no proposals.all: the partner holds its codes as `<caller tag>-<code>` (docs/callers.md, "Callers and ownership").
        const code = proposal.codigoOperacao.replace(/^[0-9a-f]{16}-/, '');
        proposals.set(code, (proposals.get(code) ?? 0) + 1);
      }
    }
    const applied = (write: Write): number => (write.kind === 'payment' ? (entries.get(write.tag) ?? 0) : (proposals.get(write.tag.toUpperCase()) ?? 0));
    const lost = writes.filter((w) => w.last?.verdict === 'success' && applied(w) === 0);
    const doubled = writes.filter((w) => applied(w) > 1);
    const unknown = writes.filter((w) => w.last?.verdict !== 'success' && w.last?.verdict !== 'refused');
    const contradicted = writes.filter((w) => w.last?.verdict === 'refused' && applied(w) > 0);
    const finalCodes: Record<string, number> = {};
    for (const write of writes) {
      if (write.last?.code !== undefined) {
        bump(finalCodes, `${write.last.verdict}:${write.last.code}`);
      }
    }

    stopping = true;
    await supervisor;
    const replicaReport = await Promise.all(
      replicas.map(async (replica) => {
        const ready = replica.alive
          ? await fetch(`${replica.url}/ready`, { signal: AbortSignal.timeout(5000) }).then(
              (r) => r.status,
              () => 0,
            )
          : 0;
        const exit = (e: ReplicaExit): { phase: string; code: number | null; signal: string | null } => ({ phase: e.phase, code: e.code, signal: e.signal });
        return {
          name: replica.name,
          alive: replica.alive,
          ready,
          starts: replica.starts,
          crashes: replica.exits.filter((e) => !e.deliberate && e.started).map(exit),
          failedStarts: replica.exits.filter((e) => !e.started).map(exit),
          deliberateExits: replica.exits.filter((e) => e.deliberate && e.started).map(exit),
        };
      }),
    );
    const died = replicaReport.reduce((n, r) => n + r.crashes.length + (r.alive ? 0 : 1), 0);

    // The report.
    const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;
    const codes = (counts: Record<string, number>): string =>
      Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([code, n]) => `${code} ${n}`)
        .join(', ') || '–';
    const lines = [
      '',
      `chaos (${QUICK ? 'quick' : 'full'}): ${writes.length} writes (${writes.filter((w) => w.kind === 'payment').length} registerInstallmentPayment, ${writes.filter((w) => w.kind === 'create').length} createProposal), 2 replicas, ${PHASE_MS / 1000} s per phase`,
      '',
      row([
        'phase',
        'writes',
        'not sent (no replica up)',
        'success',
        'refused',
        'no definite answer',
        'codes (first answers)',
        'slowest answer',
        'reads',
        'read errors',
        'what was done',
      ]),
      row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---']),
      ...phases.map((p) =>
        row([
          p.name,
          p.writes,
          p.skipped,
          p.answers.success,
          p.answers.refused,
          p.answers.indefinite,
          codes(p.codes),
          `${(p.slowestMs / 1000).toFixed(1)} s`,
          p.reads,
          codes(p.readErrors),
          p.note,
        ]),
      ),
      '',
      `after ${round} retry rounds (${writes.reduce((n, w) => n + w.retries, 0)} same-key retries; codes: ${codes(retryCodes)}):`,
      `  success ${writes.filter((w) => w.last?.verdict === 'success').length}, refused ${writes.filter((w) => w.last?.verdict === 'refused').length}, still no definite answer ${unknown.length}; final codes: ${codes(finalCodes)}`,
      `  LOST ${lost.length}   DOUBLED ${doubled.length}   UNKNOWN ${unknown.length}   CONTRADICTED (refused, yet applied) ${contradicted.length}`,
      '',
      ...replicaReport.map(
        (r) =>
          `  ${r.name}: ${r.alive ? `alive at the end (GET /ready ${r.ready})` : 'DEAD at the end'}, started ${r.starts} times; crashed while serving ${r.crashes.length === 0 ? 'never' : `${r.crashes.length} times ${JSON.stringify(r.crashes)}`}; failed start-ups ${r.failedStarts.length === 0 ? 'none' : `${r.failedStarts.length} ${JSON.stringify(r.failedStarts)}`}; stopped by the suite ${JSON.stringify(r.deliberateExits)}`,
      ),
      ...(stuck.length > 0 ? [`  stuck on SIGTERM: ${stuck.join('; ')}`] : []),
      `  replica logs: ${logDir}`,
      '',
    ];
    for (const [label, list] of [
      ['lost', lost],
      ['doubled', doubled],
      ['unknown', unknown],
      ['contradicted', contradicted],
    ] as const) {
      for (const write of list.slice(0, 5)) {
        lines.push(
          `  ${label}: ${write.kind} ${write.tag} (phase ${write.phase}, first ${JSON.stringify(write.first)}, last ${JSON.stringify(write.last)}, retries ${write.retries}, applied ${applied(write)})`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    const result = {
      mode: QUICK ? 'quick' : 'full',
      seconds: Math.round((Date.now() - startedAt) / 1000),
      writes: writes.length,
      lost: lost.length,
      doubled: doubled.length,
      unknown: unknown.length,
      contradicted: contradicted.length,
      retries: writes.reduce((n, w) => n + w.retries, 0),
      replicasDied: died,
      stuckOnSigterm: stuck.length,
      replicas: replicaReport,
      phases: phases.map((p) => ({
        name: p.name,
        writes: p.writes,
        notSent: p.skipped,
        ...p.answers,
        codes: p.codes,
        slowestMs: p.slowestMs,
        reads: p.reads,
        readErrors: p.readErrors,
      })),
      finalCodes,
    };
    process.stdout.write(`CHAOS_RESULT ${JSON.stringify(result)}\n`);
    const faultsHeld = lost.length + doubled.length + unknown.length + contradicted.length + died + stuck.length === 0;
    await Promise.all(replicas.map((r) => r.stop('SIGTERM', STOP_WAIT_MS)));
    const pressureCode = reportChecks(await runPressurePhases(pressure), logDir);
    return faultsHeld ? pressureCode : 1;
  } finally {
    await runCleanups();
  }
}

/** Prints each figure against its target; 0 when all hold. */
function reportChecks(checks: Check[], logDir: string): number {
  const width = Math.max(...checks.map((c) => c.name.length));
  for (const check of checks) {
    const value = Number.isFinite(check.value) ? check.value.toFixed(check.unit === 'x' ? 2 : 1) : String(check.value);
    process.stdout.write(
      `${check.name.padEnd(width)}  ${value} ${check.unit} (target ${check.ceiling ? '<=' : '>='} ${check.target}) ${passes(check) ? 'ok' : 'MISSED'}\n`,
    );
  }
  process.stdout.write(`PRESSURE_RESULT ${JSON.stringify({ checks, logs: logDir })}\n`);
  return checks.every(passes) ? 0 : 1;
}

const code = await main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 2;
});
// Idle keep-alive sockets to replicas that are gone would hold the loop open for seconds.
process.exit(code);
