/**
 * Exactly-once writes through the real app: two graph replicas over one sandbox (its own
 * IdempotencyKey replay turned off, so only the ledger can prevent a second write) and one ledger
 * database, run over both stores (ledger-*.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { type LedgerKind, openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { type LossyProxy, startLossyProxy } from '../helpers/lossy-proxy.js';

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id operationCode } userErrors { code field upstreamCode } }
}`;

function proposalInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6, ...overrides };
}

interface Created {
  createProposal: { proposal: { id: string; operationCode: string } | null; userErrors: unknown[] } | null;
}

export function exactlyOnceSuite(kind: LedgerKind): void {
  let database: TestLedgerDatabase;
  let a: TestGraph;
  let b: TestGraph;
  /** Replica b reaches the partner through it, so a test can lose b's answers. */
  let proxy: LossyProxy;
  /** Both replicas' ledger clock: real time moved forward by `offset`. */
  const clock = { offset: 0 };
  const now = (): Date => new Date(Date.now() + clock.offset);
  const writes = { waitMs: 60_000, pollMs: 50, settleMs: 30_000 };

  const replica = async (ledgerOf: TestLedgerDatabase, from?: TestGraph): Promise<TestGraph> =>
    startTestGraph({
      ledger: await ledgerOf.open({ now }),
      ...(from === undefined ? {} : { upstreamBaseUrl: proxy.url }),
      writes,
      // A short deadline and no retry: the in-doubt cases below lose the answer at once.
      upstream: { timeouts: { deadlineMs: 8000 }, retry: { maxAttempts: 1 } },
      ...(from === undefined ? {} : { reuseSandbox: { sandbox: from.sandbox, admin: from.admin, client: from.testClient } }),
    });

  beforeAll(async () => {
    database = await openTestLedger(kind);
    a = await replica(database);
    proxy = await startLossyProxy(a.sandbox.baseUrl);
    b = await replica(database, a);
    await a.admin.setReplay(false);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await proxy?.close();
    await a?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await a.admin.clearFaults();
    await a.admin.resetCalls();
  });

  const proposalsWithCode = async (code: string): Promise<string[]> =>
    (await a.admin.proposals()).filter((p) => p.codigoOperacao === code).map((p) => p.codigo);

  it('runs the partner with its own IdempotencyKey replay off', async () => {
    expect(await a.admin.replay()).toBe(false);
  });

  it('makes one proposal at the partner from 20 concurrent creates with one key across both replicas', async () => {
    const key = randomUUID();
    const operationCode = `once-${randomUUID()}`;
    const input = proposalInput({ operationCode });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b).execute<Created>(CREATE, { key, input })));
    expect(answers.map((r) => r.errors?.map((e) => `${String(e.extensions?.code)} ${e.message}`))).toEqual(Array.from({ length: 20 }, () => undefined));
    const ids = new Set(answers.map((r) => r.data?.createProposal?.proposal?.id));
    const atPartner = await proposalsWithCode(operationCode);
    expect(atPartner).toHaveLength(1);
    expect([...ids]).toEqual(atPartner);
    expect((await a.admin.calls()).operations['/Proposta/IncluirManual']).toBe(1);
  });

  it('replays after a restart with no partner call', async () => {
    const key = randomUUID();
    const first = await b.execute<Created>(CREATE, { key, input: proposalInput() });
    const id = first.data?.createProposal?.proposal?.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await b.close();
    b = await replica(database, a);
    await a.admin.resetCalls();
    const again = await b.execute<Created>(CREATE, { key, input: proposalInput() });
    expect(again.data?.createProposal?.proposal?.id).toBe(id);
    expect((await a.admin.calls()).total).toBe(0);
  });

  it('refuses a mutation without idempotencyKey with no partner call', async () => {
    const result = await a.execute(`mutation($input: CreateProposalInput!) { createProposal(input: $input) { proposal { id } } }`, { input: proposalInput() });
    expect(result.status).toBe(400);
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const empty = await a.execute<Created>(CREATE, { key: '', input: proposalInput() });
    expect(empty.data?.createProposal?.userErrors).toEqual([{ code: 'INVALID_IDEMPOTENCY_KEY', field: ['idempotencyKey'], upstreamCode: null }]);
    expect((await a.admin.calls()).total).toBe(0);
  });

  it('answers OUTCOME_UNKNOWN for a create whose answer was lost, and the retry with its key finds the one proposal without a second send', async () => {
    const key = randomUUID();
    const operationCode = `lost-${randomUUID()}`;
    // The partner creates it; the answer never reaches replica b (connection reset).
    proxy.loseAnswers('/Proposta/IncluirManual');
    const lost = await b.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(lost.errors?.map((e) => [e.extensions?.code, e.extensions?.retryable])).toEqual([['OUTCOME_UNKNOWN', true]]);
    const applied = await proposalsWithCode(operationCode);
    expect(applied).toHaveLength(1);
    const retried = await a.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.createProposal?.proposal?.id).toBe(applied[0]);
    expect(await proposalsWithCode(operationCode)).toEqual(applied);
    expect((await a.admin.calls()).operations).toEqual({ '/Proposta/IncluirManual': 1, '/FGTS/ConsultaProposta': 1 });
  });

  it('answers OUTCOME_UNKNOWN for a create whose answer timed out (partner latency over the deadline), and never creates a second proposal', async () => {
    const key = randomUUID();
    const operationCode = `slow-${randomUUID()}`;
    await a.admin.setFaults({ latencyMs: 9000, operations: ['/Proposta/IncluirManual'] });
    const lost = await a.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(lost.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    await a.admin.clearFaults();
    // Whatever the partner did with the late request, a retry before the settle time sends nothing.
    const early = await b.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    const atPartner = await proposalsWithCode(operationCode);
    if (atPartner.length === 1) {
      expect(early.data?.createProposal?.proposal?.id).toBe(atPartner[0]);
    } else {
      expect(early.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    }
    clock.offset += writes.settleMs;
    const settled = await b.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(settled.errors).toBeUndefined();
    const after = await proposalsWithCode(operationCode);
    expect(after).toHaveLength(1);
    expect(settled.data?.createProposal?.proposal?.id).toBe(after[0]);
  });

  it('sends an in-doubt create again only once the partner read proves it absent after the settle time', async () => {
    const key = randomUUID();
    const operationCode = `hung-${randomUUID()}`;
    // The partner holds the request and never processes it.
    await a.admin.setFaults({ hangNext: 1, operations: ['/Proposta/IncluirManual'] });
    const lost = await a.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(lost.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    await a.admin.clearFaults();
    const early = await b.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(early.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    expect((await a.admin.calls()).operations).toEqual({ '/Proposta/IncluirManual': 1, '/FGTS/ConsultaProposta': 1 });
    clock.offset += writes.settleMs;
    const settled = await b.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(settled.errors).toBeUndefined();
    const atPartner = await proposalsWithCode(operationCode);
    expect(atPartner).toHaveLength(1);
    expect(settled.data?.createProposal?.proposal?.id).toBe(atPartner[0]);
    const replay = await a.execute<Created>(CREATE, { key, input: proposalInput({ operationCode }) });
    expect(replay.data?.createProposal?.proposal?.id).toBe(atPartner[0]);
    expect((await a.admin.calls()).operations['/Proposta/IncluirManual']).toBe(2);
  });
}
