/**
 * Shutdown in order: a write in flight when the stop begins finishes and is answered with its real
 * outcome before the ledger closes; one still running when the grace period ends is left in doubt
 * in the ledger, its lease released; new writes are refused, with nothing sent.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { WritesInFlight } from '../../src/graphql/runtime/writes-in-flight.js';
import { Ledger, LedgerUnavailableError, openLedgerDatabase, SqlLedgerStore } from '../../src/ledger/index.js';
import { type Service, startService } from '../../src/service.js';
import { silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { createTestDatabase, describeWithPostgres } from '../helpers/services.js';

const PAY = `mutation($key: String!, $input: RegisterInstallmentPaymentInput!) {
  registerInstallmentPayment(idempotencyKey: $key, input: $input) { parameters { name } userErrors { code } }
}`;
const PAY_PATH = '/AgendaRecebivel/IncluirLancamentoParcela';

const request = (n: number) => ({ callerId: 'c', idempotencyKey: `k${n}`, operation: 'Op', requestHash: 'h', upstreamKey: `u${n}` });

describe('WritesInFlight', () => {
  let database: TestLedgerDatabase;

  beforeAll(async () => {
    database = await openTestLedger('pglite');
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('waits for a write that ends within the grace period, and leaves one still running in doubt with its lease released', async () => {
    const { ledger } = database;
    const inFlight = new WritesInFlight();
    const quick = await ledger.begin(request(1));
    const stuck = await ledger.begin(request(2));
    if (quick.kind !== 'send' || stuck.kind !== 'send') {
      throw new Error('expected two fresh claims');
    }
    let finishQuick!: () => void;
    const quickDone = inFlight.track(async (hold) => {
      hold(quick.record);
      await new Promise<void>((resolve) => {
        finishQuick = resolve;
      });
      await ledger.finish(quick.record.id, quick.lease, { state: 'succeeded', outcome: { ok: 1 } });
      return 'answered';
    });
    void inFlight.track(async (hold) => {
      hold(stuck.record);
      return new Promise<never>(() => undefined);
    });
    expect(inFlight.size).toBe(2);
    const draining = inFlight.drain(ledger, 300);
    finishQuick();
    expect(await quickDone).toBe('answered');
    expect(await draining).toEqual({ finished: 1, leftInDoubt: 1 });
    expect(await ledger.find('c', 'k1')).toMatchObject({ state: 'succeeded', lease_token: null });
    expect(await ledger.find('c', 'k2')).toMatchObject({ state: 'unknown', lease_token: null, lease_until: null });
    // Stopping: a new write is refused before anything is recorded or sent.
    let ran = false;
    await expect(inFlight.track(async () => (ran = true))).rejects.toBeInstanceOf(LedgerUnavailableError);
    expect(ran).toBe(false);
  });
});

describeWithPostgres('startService close (what SIGTERM runs)', () => {
  let service: Service | undefined;
  let drop: () => Promise<void>;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-shutdown-'));

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabase('shutdown'));
  });
  afterAll(async () => {
    await service?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a write in flight finish, answers it with its real outcome and records it before the ledger closes', async () => {
    service = await startService(
      loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: url, LEDGER_RECONCILE_INTERVAL_MS: '0' }),
      silentLogger,
    );
    const sandboxUrl = service.sandbox?.url ?? '';
    const proposalId = service.sandbox?.demo.find((p) => p.label === 'disbursed')?.id;
    await fetch(`${sandboxUrl}/_sandbox/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 1500, operations: [PAY_PATH] }),
    });
    const key = randomUUID();
    const answer = executeGraphQL(service.http.graphqlUrl, PAY, { key, input: { proposalId, payment: { installmentNumber: 2, amount: '3.00' } } });
    // The stop begins once the partner has the write.
    for (;;) {
      const calls = (await (await fetch(`${sandboxUrl}/_sandbox/calls`)).json()) as { operations: Record<string, number> };
      if ((calls.operations[PAY_PATH] ?? 0) > 0) {
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const closing = service.close();
    const answered = await answer;
    await closing;
    service = undefined;
    expect(answered.errors).toBeUndefined();
    expect(answered.data).toMatchObject({ registerInstallmentPayment: { userErrors: [] } });
    const database = await openLedgerDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      expect(await new Ledger(new SqlLedgerStore(database.db)).find('anonymous', key)).toMatchObject({ state: 'succeeded', lease_token: null });
    } finally {
      await database.close();
    }
  }, 120_000);
});
