/**
 * `npm run bench:client`: the upstream client's overhead per call over a bare undici request.
 *
 * The sandbox runs on a worker thread (its own event loop) so its work is not charged to either
 * side. Both sides call /Proposta/ConsultarParcelas on the same demo proposal, on the same machine,
 * in the same run, alternating rounds so drift hits both equally:
 * - bare: `undici.request` with a pre-fetched token and a keep-alive Agent, body read and JSON-parsed;
 * - client: `consultarParcelas(client, ...)` (token cache, limiter off, deadline, envelope, stats).
 * Sequential calls show the added latency per call; concurrent calls show the cost under load.
 *
 * Environment: BENCH_CALLS (2000 per side and mode), BENCH_CONCURRENCY (32), BENCH_ROUNDS (4).
 */
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SignJWT } from 'jose';
import { Agent, request } from 'undici';
import { createSandbox, type SandboxClient } from '../src/sandbox/server.js';
import { consultarParcelas, createUpstreamClient, percentile } from '../src/upstream/index.js';

const CALLS = envNumber('BENCH_CALLS', 2000);
const CONCURRENCY = envNumber('BENCH_CONCURRENCY', 32);
const ROUNDS = envNumber('BENCH_ROUNDS', 4);
const CLIENT_ID = 'client-overhead-bench';

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

interface SandboxInfo {
  url: string;
  baseUrl: string;
  authUrl: string;
  environmentUrl: string;
  proposalId: string;
}

/** Worker side: the sandbox alone on this thread. */
async function runSandboxWorker(): Promise<void> {
  const { client } = workerData as { client: SandboxClient };
  const sandbox = await createSandbox({ port: 0, clients: [client], demoOwner: client.clientId });
  const proposal = sandbox.demo.find((d) => d.label === 'disbursed') ?? sandbox.demo[0];
  if (proposal === undefined) {
    throw new Error('the sandbox created no demo proposal');
  }
  const info: SandboxInfo = {
    url: sandbox.url,
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    environmentUrl: sandbox.environmentUrl,
    proposalId: proposal.id,
  };
  parentPort?.postMessage(info);
  parentPort?.on('message', (message: unknown) => {
    if (message === 'close') {
      void sandbox.close().then(() => parentPort?.close());
    }
  });
}

function startWorker(client: SandboxClient): Promise<{ info: SandboxInfo; stop(): Promise<void> }> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { client } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (info: SandboxInfo) => {
      resolve({
        info,
        stop: () =>
          new Promise<void>((done) => {
            worker.once('exit', () => done());
            worker.postMessage('close');
          }),
      });
    });
  });
}

interface Summary {
  calls: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  wallMs: number;
}

function summarize(samples: number[], wallMs: number): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { calls: sorted.length, meanMs: mean, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), wallMs };
}

async function sequential(call: () => Promise<unknown>, n: number): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < n; i += 1) {
    const s = performance.now();
    await call();
    samples.push(performance.now() - s);
  }
  return { samples, wallMs: performance.now() - t0 };
}

async function concurrent(call: () => Promise<unknown>, n: number, width: number): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        next += 1;
        const s = performance.now();
        await call();
        samples.push(performance.now() - s);
      }
    }),
  );
  return { samples, wallMs: performance.now() - t0 };
}

function fmt(n: number): string {
  return n.toFixed(3).padStart(9);
}

function row(label: string, s: Summary): string {
  const rps = (s.calls / s.wallMs) * 1000;
  return `${label.padEnd(22)} ${String(s.calls).padStart(6)} ${fmt(s.meanMs)} ${fmt(s.p50Ms)} ${fmt(s.p99Ms)} ${rps.toFixed(0).padStart(8)}`;
}

async function main(): Promise<void> {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const { info, stop } = await startWorker({ clientId: CLIENT_ID, publicKeyPem });
  const timeouts = { connectMs: 5000, headersMs: 10_000, bodyMs: 10_000, deadlineMs: 10_000 };
  const client = createUpstreamClient({
    baseUrl: info.baseUrl,
    environmentUrl: info.environmentUrl,
    authUrl: info.authUrl,
    clientId: CLIENT_ID,
    privateKeyPem,
    scope: 'bmp.digital.api.full.access',
    timeouts,
  });
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 4000,
    connections: 64,
  });
  try {
    const body = { dto: { codigoProposta: info.proposalId } };
    // The bare side signs its own assertion and fetches its token once, outside the measurement.
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setJti(randomUUID())
      .setIssuer(CLIENT_ID)
      .setSubject(CLIENT_ID)
      .setAudience(`${info.authUrl}/connect/token`)
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + 60)
      .sign(createPrivateKey(privateKeyPem));
    const tokenRes = await request(`${info.authUrl}/connect/token`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        scope: 'bmp.digital.api.full.access',
        client_assertion: assertion,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      }).toString(),
    });
    const token = ((await tokenRes.body.json()) as { access_token: string }).access_token;
    const url = `${info.baseUrl}/Proposta/ConsultarParcelas`;
    const payload = JSON.stringify(body);
    const bare = async (): Promise<unknown> => {
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', IdempotencyKey: randomUUID() },
        body: payload,
      });
      const parsed: unknown = JSON.parse(await res.body.text());
      if (res.statusCode !== 200) {
        throw new Error(`bare call answered ${res.statusCode}`);
      }
      return parsed;
    };
    const viaClient = (): Promise<unknown> => consultarParcelas(client, body);

    // Warm-up: connections, JIT, the client's token.
    await sequential(bare, 300);
    await sequential(viaClient, 300);
    await concurrent(bare, 500, CONCURRENCY);
    await concurrent(viaClient, 500, CONCURRENCY);

    const acc = {
      bareSeq: { samples: [] as number[], wallMs: 0 },
      clientSeq: { samples: [] as number[], wallMs: 0 },
      bareCon: { samples: [] as number[], wallMs: 0 },
      clientCon: { samples: [] as number[], wallMs: 0 },
    };
    const add = (target: { samples: number[]; wallMs: number }, r: { samples: number[]; wallMs: number }): void => {
      target.samples.push(...r.samples);
      target.wallMs += r.wallMs;
    };
    const perRound = Math.max(1, Math.floor(CALLS / ROUNDS));
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate which side goes first.
      const sides: Array<[typeof bare, 'bare' | 'client']> =
        round % 2 === 0
          ? [
              [bare, 'bare'],
              [viaClient, 'client'],
            ]
          : [
              [viaClient, 'client'],
              [bare, 'bare'],
            ];
      for (const [fn, name] of sides) {
        add(name === 'bare' ? acc.bareSeq : acc.clientSeq, await sequential(fn, perRound));
      }
      for (const [fn, name] of sides) {
        add(name === 'bare' ? acc.bareCon : acc.clientCon, await concurrent(fn, perRound, CONCURRENCY));
      }
    }
    const s = {
      bareSeq: summarize(acc.bareSeq.samples, acc.bareSeq.wallMs),
      clientSeq: summarize(acc.clientSeq.samples, acc.clientSeq.wallMs),
      bareCon: summarize(acc.bareCon.samples, acc.bareCon.wallMs),
      clientCon: summarize(acc.clientCon.samples, acc.clientCon.wallMs),
    };
    console.log(`client overhead: ConsultarParcelas against the sandbox on a worker thread, node ${process.version}`);
    console.log(`${CALLS} calls per side and mode in ${ROUNDS} alternating rounds; concurrency ${CONCURRENCY}\n`);
    console.log(
      `${'mode'.padEnd(22)} ${'calls'.padStart(6)} ${'mean ms'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'calls/s'.padStart(8)}`,
    );
    console.log(row('sequential bare', s.bareSeq));
    console.log(row('sequential client', s.clientSeq));
    console.log(row(`concurrent(${CONCURRENCY}) bare`, s.bareCon));
    console.log(row(`concurrent(${CONCURRENCY}) client`, s.clientCon));
    const diff = (a: Summary, b: Summary): string =>
      `mean ${fmt(b.meanMs - a.meanMs).trim()} ms, p50 ${fmt(b.p50Ms - a.p50Ms).trim()} ms, p99 ${fmt(b.p99Ms - a.p99Ms).trim()} ms`;
    console.log(`\noverhead per call, sequential: ${diff(s.bareSeq, s.clientSeq)}`);
    console.log(`overhead per call, concurrent: ${diff(s.bareCon, s.clientCon)}`);
    const stats = client.stats();
    console.log(
      `client stats: ${stats.operations.ConsultarParcelas?.calls ?? 0} calls, ${stats.operations.ConsultarParcelas?.errors ?? 0} errors, ${stats.tokenRequests} token request(s)`,
    );
  } finally {
    await client.close();
    await agent.close();
    await stop();
  }
}

if (isMainThread) {
  await main();
} else {
  await runSandboxWorker();
}
