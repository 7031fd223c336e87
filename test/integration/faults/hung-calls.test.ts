/**
 * Hung partner calls cannot starve the others (upstream/scheduler.ts, the overdue pool): with 30 %
 * of the sandbox's calls hanging (its seeded `timeoutRate`), 61 no-cache dashboards through the graph
 * over 4 partner slots, with and without the pool; a write that hangs still answers OUTCOME_UNKNOWN.
 */
import { startTestGraph, type TestGraph } from '../../helpers/graph.js';
import { type OverdueOptions } from '../../../src/upstream/limiter.js';

const DASHBOARDS = 61;
const DASHBOARD = 'query($id: ID!) { proposal(id: $id) { situation } }';

async function graphWith(overdue: OverdueOptions | undefined): Promise<TestGraph> {
  return startTestGraph({
    upstream: {
      rateLimit: { requestsPerSecond: 10_000, burst: 10_000, maxConcurrent: 4, maxWaitMs: 5000, ...(overdue === undefined ? {} : { overdue }) },
      timeouts: { deadlineMs: 10_000, headersMs: 10_000 },
      retry: { maxAttempts: 1 },
      hedge: false,
      breaker: false,
    },
  });
}

/** 61 no-cache dashboards, 50 ms apart, all in flight together: how many answered, and the codes of the others. */
async function dashboards(graph: TestGraph): Promise<{ succeeded: number; codes: Record<string, number> }> {
  const id = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
  await graph.admin.setFaults({ timeoutRate: 0.3, seed: 42 });
  const answers: Array<Promise<Awaited<ReturnType<TestGraph['execute']>>>> = [];
  for (let index = 0; index < DASHBOARDS; index += 1) {
    answers.push(graph.execute(DASHBOARD, { id }, { 'cache-control': 'no-cache' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const settled = await Promise.all(answers);
  await graph.admin.clearFaults();
  const codes: Record<string, number> = {};
  for (const answer of settled.filter((a) => a.errors !== undefined)) {
    const code = String(answer.errors?.[0]?.extensions?.['code']);
    codes[code] = (codes[code] ?? 0) + 1;
  }
  return { succeeded: settled.filter((answer) => answer.errors === undefined).length, codes };
}

describe('hung partner calls (30 % hang)', () => {
  it('starve the dashboards without the overdue pool, and not with it; a hung write is OUTCOME_UNKNOWN', async () => {
    const without = await graphWith(undefined);
    let plain: Awaited<ReturnType<typeof dashboards>>;
    try {
      plain = await dashboards(without);
    } finally {
      await without.close();
    }
    const graph = await graphWith({ afterMs: 300, maxCalls: 32 });
    try {
      const pooled = await dashboards(graph);
      // Measured: 11 of 61 without the pool, 31 with it (16 dashboards met a hung call themselves).
      expect(plain.succeeded).toBeLessThan(20);
      expect(pooled.succeeded).toBeGreaterThanOrEqual(2 * plain.succeeded);
      const id = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
      await graph.admin.setFaults({ hangNext: 1, operations: ['/Proposta/IncluirDocumento'] });
      const write = await graph.execute(
        'mutation($input: AttachDocumentInput!) { attachDocument(input: $input, idempotencyKey: "hung-write") { userErrors { code } } }',
        { input: { proposalId: id, documentTypeCode: 6, fileName: 'proof.pdf', extension: 'pdf', contentBase64: Buffer.from('%PDF-1.4').toString('base64') } },
      );
      expect(write.errors?.map((error) => error.extensions?.['code'])).toEqual(['OUTCOME_UNKNOWN']);
    } finally {
      await graph.close();
    }
  }, 90_000);
});
