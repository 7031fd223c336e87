/**
 * The ledger's cost (`BENCH_SUITE=ledger npm run bench`): the latency a write gains from being
 * recorded before it is sent and finished after (p50/p99 of createProposal's IncluirManual with and
 * without the ledger, same sandbox, sequential), and the ledger's size per 10,000 writes
 * (`pg_total_relation_size` of its tables and indexes), on the embedded PGlite and, when one
 * answers at BENCH_POSTGRES_URL (default the test server), on PostgreSQL.
 */
import { PGlite } from '@electric-sql/pglite';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Ledger, ledgerSizeBytes, type LedgerDatabase, openLedgerDatabase, SqlLedgerStore, writeOnce } from '../src/ledger/index.js';
import { createSandbox } from '../src/sandbox/server.js';
import { createUpstreamClient, DEFAULT_SCOPE, incluirManual, type UpstreamClient } from '../src/upstream/index.js';

const WRITES = Number(process.env.BENCH_LEDGER_WRITES ?? 300);
const SIZE_WRITES = 10_000;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function createRequest(index: number): Parameters<typeof incluirManual>[1] {
  return {
    dto: {
      documentoCliente: '52998224725',
      tipoContrato: 'CP',
      vlrSolicitado: 1000 + index,
      prazo: 6,
      percJurosNegociado: 2.1,
      formatoCalculo: 1,
      codigoOperacao: `cg-bench-${randomUUID()}`,
    },
    parametros: [{ nome: 'nomeCliente', valor: 'Cliente Bench' }],
  };
}

/** Latency of `WRITES` sequential writes (ms, sorted). */
async function timed(write: (index: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WRITES; i += 1) {
    const start = performance.now();
    await write(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

async function postgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (_error) {
    return undefined;
  }
  const name = `cg_bench_ledger_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

interface LedgerRow {
  store: string;
  bare: number[];
  ledger: number[];
  bytesPer10k: number;
}

async function measureStore(store: string, database: LedgerDatabase, client: UpstreamClient): Promise<LedgerRow> {
  const ledger = new Ledger(new SqlLedgerStore(database.db));
  const caller = `bench-${randomUUID()}`;
  const ledgered = (index: number): Promise<unknown> => {
    const request = createRequest(index);
    return writeOnce(
      ledger,
      {
        callerId: caller,
        idempotencyKey: randomUUID(),
        operation: 'IncluirManual',
        requestHash: randomBytes(32).toString('hex'),
        upstreamKey: randomUUID(),
        probe: { operationCode: request.dto?.codigoOperacao },
      },
      {
        send: async (record) => {
          const value = await incluirManual(client, request, { idempotencyKey: record.upstream_key });
          return {
            state: 'succeeded',
            outcome: value,
            proposalId: value.codigo ?? null,
            createdProposal: { number: value.numero ?? null, operationCode: request.dto?.codigoOperacao ?? null },
          };
        },
      },
    );
  };
  const bareWrite = (index: number): Promise<unknown> => incluirManual(client, createRequest(index), { idempotencyKey: randomUUID() });
  // Warm up both paths, then interleave the two runs in halves so drift hits both alike.
  await bareWrite(0);
  await ledgered(0);
  const bare = [...(await timed(bareWrite))];
  const withLedger = [...(await timed(ledgered))];

  // Size: a fresh database holding exactly 10,000 recorded creates (each with its proposal row).
  return { store, bare, ledger: withLedger, bytesPer10k: 0 };
}

async function sizeOf10k(open: () => Promise<LedgerDatabase>): Promise<number> {
  const database = await open();
  try {
    const ledger = new Ledger(new SqlLedgerStore(database.db));
    const caller = 'bench-size';
    for (let i = 0; i < SIZE_WRITES; i += 1) {
      const proposalId = randomUUID();
      const operationCode = `cg-${randomBytes(16).toString('hex')}`;
      await writeOnce(
        ledger,
        {
          callerId: caller,
          idempotencyKey: randomUUID(),
          operation: 'IncluirManual',
          requestHash: randomBytes(32).toString('hex'),
          upstreamKey: randomUUID(),
          probe: { operationCode },
        },
        {
          send: async () => ({
            state: 'succeeded',
            // The shape and size of IncluirManual's answer as the graph records it.
            outcome: { codigo: proposalId, numero: 100_000 + i, msg: 'Proposta incluída com sucesso.', hasError: false, hasInconsistency: false, messages: [] },
            proposalId,
            createdProposal: { number: 100_000 + i, operationCode },
          }),
        },
      );
    }
    return await ledgerSizeBytes(database.db);
  } finally {
    await database.close();
  }
}

/** Runs the ledger benchmark and prints its table. */
export async function runLedgerBench(): Promise<void> {
  const clientId = 'bench-ledger';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const sandbox = await createSandbox({ clients: [{ clientId, publicKeyPem: await exportSPKI(publicKey) }], demoOwner: clientId });
  const client = createUpstreamClient({
    baseUrl: sandbox.baseUrl,
    environmentUrl: sandbox.environmentUrl,
    authUrl: sandbox.authUrl,
    clientId,
    privateKeyPem: await exportPKCS8(privateKey),
    scope: DEFAULT_SCOPE,
    rateLimit: { requestsPerSecond: 100_000, burst: 100_000, maxConcurrent: 64, maxWaitMs: 5000 },
  });
  const rows: LedgerRow[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const pglite = new PGlite();
    cleanups.push(() => pglite.close());
    const embedded = await openLedgerDatabase({ pglite });
    rows.push({
      ...(await measureStore('PGlite (embedded)', embedded, client)),
      bytesPer10k: await sizeOf10k(async () => openLedgerDatabase({ pglite: new PGlite() })),
    });
    const server = await postgresDatabase();
    if (server !== undefined) {
      cleanups.push(server.drop);
      const database = await openLedgerDatabase({ databaseUrl: server.url, poolSize: 4 });
      const row = await measureStore('PostgreSQL (127.0.0.1)', database, client);
      await database.close();
      const sizeDb = await postgresDatabase();
      if (sizeDb !== undefined) {
        cleanups.push(sizeDb.drop);
      }
      rows.push({
        ...row,
        bytesPer10k: sizeDb === undefined ? Number.NaN : await sizeOf10k(() => openLedgerDatabase({ databaseUrl: sizeDb.url, poolSize: 2 })),
      });
    } else {
      process.stdout.write(`ledger bench: no PostgreSQL at ${new URL(POSTGRES_URL).host}; PGlite only\n`);
    }
  } finally {
    await client.close();
    await sandbox.close();
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch(() => undefined);
    }
  }
  const ms = (n: number): string => `${n.toFixed(2)} ms`;
  process.stdout.write(`\nledger: ${WRITES} sequential createProposal writes (IncluirManual on the in-process sandbox, no injected latency) per column\n\n`);
  process.stdout.write(
    '| store | bare p50 | bare p99 | ledger p50 | ledger p99 | added p50 | added p99 | size per 10,000 writes |\n|---|---|---|---|---|---|---|---|\n',
  );
  for (const row of rows) {
    const [b50, b99, l50, l99] = [percentile(row.bare, 50), percentile(row.bare, 99), percentile(row.ledger, 50), percentile(row.ledger, 99)];
    process.stdout.write(
      `| ${row.store} | ${ms(b50)} | ${ms(b99)} | ${ms(l50)} | ${ms(l99)} | ${ms(l50 - b50)} | ${ms(l99 - b99)} | ${(row.bytesPer10k / 1024 / 1024).toFixed(2)} MiB (${Math.round(row.bytesPer10k / SIZE_WRITES)} B/write) |\n`,
    );
  }
  process.stdout.write('\nadded: ledger percentile minus bare percentile (the record before the send and the finish after: two transactions).\n');
}
