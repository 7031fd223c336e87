/**
 * The ledger's database as a dependency that fails, and the graceful stop of the write path: the
 * real app over the PostgreSQL test server reached through a TCP proxy the test controls.
 */
import { randomUUID } from 'node:crypto';
import { Ledger, openLedgerDatabase, SqlLedgerStore, type LedgerDatabase } from '../../../src/ledger/index.js';
import { type GraphResponse, startTestGraph, type TestGraph } from '../../helpers/graph.js';
import { createTestDatabase, describeWithPostgres } from '../../helpers/services.js';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';

const PAY = `mutation($key: String!, $input: RegisterInstallmentPaymentInput!) {
  registerInstallmentPayment(idempotencyKey: $key, input: $input) { parameters { name } userErrors { code } }
}`;
const PAY_PATH = '/AgendaRecebivel/IncluirLancamentoParcela';
/** The ledger's client-side deadlines in these tests (LEDGER_CONNECT_TIMEOUT_MS, LEDGER_STATEMENT_TIMEOUT_MS). */
const TIMEOUTS = { connectMs: 400, statementMs: 600, idleMs: 5000, keepAliveMs: 1000 };

const codes = (answer: GraphResponse<unknown>): unknown[] => (answer.errors ?? []).map((e) => e.extensions?.code);

describeWithPostgres('the ledger over a PostgreSQL that fails', () => {
  let drop: () => Promise<void>;
  let proxy: TcpProxy;
  let database: LedgerDatabase;
  let graph: TestGraph;
  let proposalId: string;

  const pay = (key: string, amount = '1.00') => graph.execute(PAY, { key, input: { proposalId, payment: { installmentNumber: 2, amount } } });

  beforeAll(async () => {
    const created = await createTestDatabase('faults');
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(created.url);
    viaProxy.port = String(proxy.port);
    database = await openLedgerDatabase({ databaseUrl: viaProxy.toString(), poolSize: 4, timeouts: TIMEOUTS });
    graph = await startTestGraph({ ledger: new Ledger(new SqlLedgerStore(database.db)), writes: { waitMs: 0 } });
    proposalId = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
  }, 180_000);

  afterAll(async () => {
    proxy?.silence(false);
    await graph?.close();
    await database?.close();
    await proxy?.close();
    await drop?.();
  });

  afterEach(() => {
    proxy.silence(false);
  });

  it('survives resets of connections in use under load: typed errors only, and the next request succeeds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const load = Array.from({ length: 12 }, () => pay(randomUUID()));
      // Cut while the load holds connections (the first request has reached the ledger).
      await new Promise<void>((resolve) => {
        const cut = (): void => {
          if (proxy.open > 0) {
            proxy.resetAll();
            resolve();
          } else {
            setImmediate(cut);
          }
        };
        cut();
      });
      const answers = await Promise.all(load);
      for (const answer of answers) {
        if (answer.errors === undefined) {
          expect(answer.data).toMatchObject({ registerInstallmentPayment: { userErrors: [] } });
        } else {
          // Never INTERNAL_SERVER_ERROR: before the send nothing was sent, after it the write is in doubt.
          expect(codes(answer)).toEqual([expect.stringMatching(/^(LEDGER_UNAVAILABLE|OUTCOME_UNKNOWN)$/)]);
          expect(answer.errors[0]?.extensions?.retryable).toBe(true);
        }
      }
    }
    const after = await pay(randomUUID());
    expect(after.errors).toBeUndefined();
    expect(after.data).toMatchObject({ registerInstallmentPayment: { userErrors: [] } });
    expect((await fetch(`${graph.baseUrl}/ready`)).status).toBe(200);
  }, 120_000);

  it('refuses a write with LEDGER_UNAVAILABLE, sending nothing, when the database stops answering, and /ready answers 503', async () => {
    // Idle connections would still be answered by the real server: every new one goes into the void.
    proxy.resetAll();
    proxy.silence(true);
    await graph.admin.resetCalls();
    const started = Date.now();
    const refused = await pay(randomUUID());
    const waited = Date.now() - started;
    expect(codes(refused)).toEqual(['LEDGER_UNAVAILABLE']);
    expect(refused.errors?.[0]?.extensions?.retryable).toBe(true);
    // Bounded by the configured deadlines (connect, then statement), not by the minutes of a TCP timeout.
    expect(waited).toBeLessThan(TIMEOUTS.connectMs + TIMEOUTS.statementMs + 500 + 5000);
    expect((await graph.admin.calls()).operations[PAY_PATH] ?? 0).toBe(0);
    const ready = await fetch(`${graph.baseUrl}/ready`, { signal: AbortSignal.timeout(5000) });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', checks: { ledger: expect.stringMatching(/^(LEDGER_UNAVAILABLE|timed out)$/) } });

    proxy.silence(false);
    proxy.resetAll();
    const recovered = await pay(randomUUID());
    expect(recovered.errors).toBeUndefined();
  }, 60_000);
});
