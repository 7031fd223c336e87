/**
 * `npm run bench:audit`: the CPU price of the access record per query, in-process and focused.
 *
 * One process holds the graph's schema and contexts as the server builds them (creditGraph), a real
 * sandbox over HTTP behind the upstream client, and the read cache: after one warm-up query every
 * partner read is a cache hit, so a query's CPU is the graph's own. Each query is executed with
 * graphql-js `execute` and the request's access record committed as the server's plugin does.
 * Four variants, alternating by round so drift hits each alike:
 * - disclosing query (bureauReport + person + a proposal's client), the graph without its access record;
 * - the same with it: wrappers, HMAC of the subject, journal write, and the batched insert into an
 *   embedded PGlite (charged in full: each round ends with a flush);
 * - a query that discloses nothing (proposal situation and installments), without and with it.
 * CPU is process.cpuUsage (user + system) of a variant's round (its queries, then a flush) per query;
 * the median of the rounds is reported. The split of the recording's own cost (commit, batched insert)
 * comes from a pass of its own after the rounds, so the rounds carry no timing calls per query.
 *
 * Environment: BENCH_QUERIES (2000 per variant and round), BENCH_ROUNDS (5), BENCH_DATABASE_URL (a
 * PostgreSQL for the access record instead of PGlite: its server's CPU is then outside the process),
 * BENCH_STORE=memory (the memory store), BENCH_JOURNAL=off (no journal), BENCH_ONLY=disclosing/on (one
 * variant alone, to profile it with `node --cpu-prof`).
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execute, parse } from 'graphql';
import { buildCreditGraphSchema } from '../src/graphql/schema.js';
import { type GraphContext } from '../src/graphql/runtime/context.js';
import { accessKeys, AccessRecorder, Ledger, MemoryAccessStore, MemoryLedgerStore, openLedgerDatabase, SqlAccessStore } from '../src/ledger/index.js';
import { createSandbox } from '../src/sandbox/server.js';
import { creditGraph } from '../src/server/graph.js';
import { createUpstreamClient, PartnerReads } from '../src/upstream/index.js';

const QUERIES = envNumber('BENCH_QUERIES', 2000);
const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const CLIENT_ID = 'audit-bench';

function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** The access record's price (`BENCH_SUITE=audit` in `npm run bench`, or `npm run bench:audit` alone). */
export async function runAuditBench(): Promise<void> {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sandbox = await createSandbox({
    port: 0,
    clients: [{ clientId: CLIENT_ID, publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() }],
    demoOwner: CLIENT_ID,
  });
  const disbursed = sandbox.demo.find((d) => d.label === 'disbursed') ?? sandbox.demo[0];
  const upstream = createUpstreamClient({
    baseUrl: sandbox.baseUrl,
    environmentUrl: sandbox.environmentUrl,
    authUrl: sandbox.authUrl,
    clientId: CLIENT_ID,
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    scope: 'bmp.digital.api.full.access',
  });
  const policies = Object.fromEntries(
    ['ConsultaProposta', 'ConsultarParcelas', 'ConsultarDetalhes', 'ConsultarPessoa', 'ConsultaBureauCnpj'].map((op) => [
      op,
      { freshSeconds: 3600, staleWhileRevalidateSeconds: 3600, maxStaleSeconds: 3600 },
    ]),
  );
  const reads = new PartnerReads(upstream, { clientId: CLIENT_ID, policies });
  const ledger = new Ledger(new MemoryLedgerStore());
  const database = await openLedgerDatabase(process.env.BENCH_DATABASE_URL === undefined ? {} : { databaseUrl: process.env.BENCH_DATABASE_URL });
  const journalDir = join(mkdtempSync(join(tmpdir(), 'credit-graph-audit-bench-')), 'journal');
  const store = process.env.BENCH_STORE === 'memory' ? new MemoryAccessStore() : new SqlAccessStore(database.db);
  const recorder = await AccessRecorder.open(store, {
    keys: accessKeys('bench audit key, at least 32 characters'),
    ...(process.env.BENCH_JOURNAL === 'off' ? {} : { journalDir }),
  });
  const [withRecord, without] = await Promise.all([buildCreditGraphSchema(), buildCreditGraphSchema({ accessRecord: false })]);
  const graphs = {
    on: {
      schema: withRecord,
      binding: await creditGraph(upstream, { ledger }, undefined, undefined, { reads, schema: Promise.resolve(withRecord), recorder }),
    },
    off: { schema: without, binding: await creditGraph(upstream, { ledger }, undefined, undefined, { reads, schema: Promise.resolve(without) }) },
  };
  const documents = {
    disclosing: parse(
      `query($id: ID!) { bureauReport(document: "39053344705") { document score riskBand } person(document: "39053344705") { document name } proposal(id: $id) { client { document name } } }`,
    ),
    plain: parse(`query($id: ID!) { proposal(id: $id) { id situation installments { number amount dueDate } } }`),
  };
  const variables = { id: disbursed?.id };

  /** The recording's own parts, measured in a pass of their own: timing each commit inside the rounds added two `cpuUsage` calls (about 10 µs) to every query of every variant. */
  const parts = { commit: 0, flush: 0 };
  async function closeAll(): Promise<void> {
    await recorder.close();
    await database.close();
    rmSync(join(journalDir, '..'), { recursive: true, force: true });
    await upstream.close();
    await reads.close();
    await sandbox.close();
  }
  async function run(graph: keyof typeof graphs, document: keyof typeof documents, count: number, split = false): Promise<number> {
    const { schema, binding } = graphs[graph];
    const start = process.cpuUsage();
    for (let i = 0; i < count; i += 1) {
      const contextValue = (await binding.context({ callerId: 'bench', scopes: ['registry.read', 'proposals.all'], fresh: false })) as GraphContext;
      const result = await execute({ schema, document: documents[document], variableValues: variables, contextValue });
      if (result.errors !== undefined) {
        throw new Error(`bench query failed: ${result.errors.map((e) => e.message).join('; ')}`);
      }
      if (split) {
        const before = process.cpuUsage();
        contextValue.audit.commit();
        const after = process.cpuUsage(before);
        parts.commit += after.user + after.system;
      } else {
        contextValue.audit.commit();
      }
    }
    const flushStart = process.cpuUsage();
    await recorder.flush();
    const flushed = process.cpuUsage(flushStart);
    if (split) {
      parts.flush += flushed.user + flushed.system;
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / count;
  }

  for (const graph of ['off', 'on'] as const) {
    for (const document of ['disclosing', 'plain'] as const) {
      await run(graph, document, 200);
    }
  }
  // From here on every partner read must be a cache hit: the recording adds no partner call.
  await fetch(`${sandbox.url}/_sandbox/calls`, { method: 'DELETE' });
  const samples: Record<string, number[]> = {};
  // BENCH_ONLY=disclosing/on (for a profile): that variant alone, no ratios.
  const only = process.env.BENCH_ONLY;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const document of ['disclosing', 'plain'] as const) {
      for (const graph of round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        if (only === undefined || only === `${document}/${graph}`) {
          (samples[`${document}/${graph}`] ??= []).push(await run(graph, document, QUERIES));
        }
      }
    }
  }
  if (only !== undefined) {
    console.log(JSON.stringify({ only, samples }));
    await closeAll();
    return;
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    await run('on', 'disclosing', QUERIES, true);
  }
  const ms = (key: string): number => median(samples[key] as number[]);
  const rows = (['disclosing', 'plain'] as const).map((document) => ({
    query: document,
    withoutMs: ms(`${document}/off`).toFixed(4),
    withMs: ms(`${document}/on`).toFixed(4),
    ratio: (ms(`${document}/on`) / ms(`${document}/off`)).toFixed(3),
    // Each round's with/without, then their median: the two variants of one round ran back to back, so
    // load that drifts between rounds cancels out.
    pairedRatio: median((samples[`${document}/on`] as number[]).map((on, i) => on / (samples[`${document}/off`] as number[])[i]!)).toFixed(3),
  }));
  const { total } = (await (await fetch(`${sandbox.url}/_sandbox/calls`)).json()) as { total: number };
  console.log(
    JSON.stringify(
      {
        queries: QUERIES,
        rounds: ROUNDS,
        store: process.env.BENCH_STORE === 'memory' ? 'memory' : database.kind,
        journal: process.env.BENCH_JOURNAL !== 'off',
        partnerCalls: total,
        rows,
        perDisclosingQueryMs: {
          commit: (parts.commit / 1000 / (QUERIES * ROUNDS)).toFixed(4),
          batchedInsert: (parts.flush / 1000 / (QUERIES * ROUNDS)).toFixed(4),
        },
        samples,
      },
      null,
      2,
    ),
  );
  await closeAll();
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await runAuditBench();
}
