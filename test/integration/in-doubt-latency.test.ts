/**
 * The most common in-doubt write, rehearsed with the sandbox alone (no proxy): the partner is slow,
 * the write lands, and its answer comes after the graph's deadline. The sandbox's latency fault
 * delays the answer, not the work, so the write is applied while the graph reports
 * OUTCOME_UNKNOWN; the retry under the same key finds it at the partner (docs/in-doubt.md).
 */
import { randomUUID } from 'node:crypto';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } }
}`;
const MANUAL = '/Proposta/IncluirManual';
const INPUT = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };

type Created = { createProposal: { proposal: { id: string } | null; userErrors: unknown[] } };

describe('a slow write that lands while its answer is lost (sandbox latency above the deadline)', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ upstream: { timeouts: { deadlineMs: 1000 }, retry: { maxAttempts: 1 } } });
    // Only the ledger and its probe may prevent a second write, not the sandbox's own key replay.
    await graph.admin.setReplay(false);
  }, 60_000);
  afterAll(async () => {
    await graph?.close();
  });

  it('answers OUTCOME_UNKNOWN, the sandbox holds the write once, and the retry resolves it as applied with no second write', async () => {
    const before = new Set((await graph.admin.proposals()).map((p) => p.codigo));
    await graph.admin.resetCalls();
    await graph.admin.setFaults({ latencyMs: 60_000, operations: [MANUAL] });
    const key = randomUUID();
    const lost = await graph.execute<Created>(CREATE, { key, input: INPUT });
    expect(lost.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    expect((await graph.ledger.find('anonymous', key))?.state).toBe('unknown');
    // The partner did the work before the graph gave up waiting for its answer.
    const landed = (await graph.admin.proposals()).filter((p) => !before.has(p.codigo));
    expect(landed).toHaveLength(1);
    await graph.admin.clearFaults();
    const retried = await graph.execute<Created>(CREATE, { key, input: INPUT });
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.createProposal.userErrors).toEqual([]);
    const record = await graph.ledger.find('anonymous', key);
    expect([record?.state, record?.resolution]).toEqual(['succeeded', 'found']);
    // The payload names the proposal the lost write created; nothing else was created.
    expect(retried.data?.createProposal.proposal?.id).toBe(landed[0]?.codigo);
    expect((await graph.admin.proposals()).filter((p) => !before.has(p.codigo))).toEqual(landed);
    expect((await graph.admin.calls()).operations[MANUAL]).toBe(1);
  });
});
