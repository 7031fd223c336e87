/**
 * Hung partner calls cannot starve the others (upstream/scheduler.ts, the overdue pool): with 30 %
 * of the sandbox's calls hanging (its seeded `timeoutRate`), 61 no-cache dashboards through the graph
 * over 4 partner slots, with and without the pool; a write that hangs still answers OUTCOME_UNKNOWN.
 *
 * The counts are exact. The sandbox draws hang-or-answer per call it receives, in order, from seed
 * 42: the 61 draws hold 23 hangs, and 11 answers come before the 4th hang. Without the pool the 4th
 * hung call takes the last slot, and every later dashboard is refused at the wait bound (2 s)
 * before the first hung call reaches its deadline (5 s): 11 answered, 4 timed out, 46 refused. With
 * the pool every dashboard reaches the partner: the 23 that hang time out, the 38 others answer.
 */
import { createMetrics } from '../../../src/server/metrics.js';
import { type OverdueOptions } from '../../../src/upstream/limiter.js';
import { startTestGraph, type TestGraph } from '../../helpers/graph.js';

const DASHBOARDS = 61;
const DASHBOARD = 'query($id: ID!) { proposal(id: $id) { situation } }';
const CONSULTA = '/FGTS/ConsultaProposta';
const DEADLINE_MS = 5000;
const WAIT_MS = 2000;

async function graphWith(overdue: OverdueOptions | undefined): Promise<TestGraph> {
  return startTestGraph({
    metrics: createMetrics(),
    upstream: {
      rateLimit: { requestsPerSecond: 10_000, burst: 10_000, maxConcurrent: 4, maxWaitMs: WAIT_MS, ...(overdue === undefined ? {} : { overdue }) },
      timeouts: { deadlineMs: DEADLINE_MS, headersMs: DEADLINE_MS },
      retry: { maxAttempts: 1 },
      hedge: false,
      breaker: false,
    },
  });
}

interface Outcome {
  succeeded: number;
  codes: Record<string, number>;
  partnerCalls: number;
}

/** 61 no-cache dashboards, 20 ms apart, all in flight together: how many answered, the codes of the others, the partner calls. */
async function dashboards(graph: TestGraph): Promise<Outcome> {
  const id = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
  await graph.admin.resetCalls();
  await graph.admin.setFaults({ timeoutRate: 0.3, seed: 42, operations: [CONSULTA] });
  const answers: Array<Promise<Awaited<ReturnType<TestGraph['execute']>>>> = [];
  for (let index = 0; index < DASHBOARDS; index += 1) {
    answers.push(graph.execute(DASHBOARD, { id }, { 'cache-control': 'no-cache' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const settled = await Promise.all(answers);
  await graph.admin.clearFaults();
  const codes: Record<string, number> = {};
  for (const answer of settled.filter((a) => a.errors !== undefined)) {
    const code = String(answer.errors?.[0]?.extensions?.['code']);
    codes[code] = (codes[code] ?? 0) + 1;
  }
  const partnerCalls = (await graph.admin.calls()).operations[CONSULTA] ?? 0;
  return { succeeded: settled.filter((answer) => answer.errors === undefined).length, codes, partnerCalls };
}

/** The overdue pool's series on /metrics, by name. */
async function overdueMetrics(graph: TestGraph): Promise<Record<string, number>> {
  const text = await (await fetch(`${graph.baseUrl}/metrics`)).text();
  return Object.fromEntries([...text.matchAll(/^credit_graph_(upstream_limiter_overdue\w*) (\S+)$/gm)].map((m) => [m[1], Number(m[2])]));
}

describe('hung partner calls (30 % hang)', () => {
  it('starve the dashboards without the overdue pool, and not with it; a hung write is OUTCOME_UNKNOWN', async () => {
    const [without, graph] = await Promise.all([graphWith(undefined), graphWith({ afterMs: 300, maxCalls: 32 })]);
    try {
      // Two sandboxes, two graphs: both runs at once.
      const [plain, pooled] = await Promise.all([dashboards(without), dashboards(graph)]);
      expect(plain).toEqual({ succeeded: 11, codes: { UPSTREAM_TIMEOUT: 4, UPSTREAM_RATE_LIMITED: 46 }, partnerCalls: 15 });
      expect(pooled).toEqual({ succeeded: 38, codes: { UPSTREAM_TIMEOUT: 23 }, partnerCalls: 61 });
      // Every hung call went through the pool and left it at its deadline; none was refused for a full
      // pool. A call that answers but later than 300 ms (a loaded machine) is moved too: moves are at
      // least the 23 hung calls (exact counts with a clock the test moves: test/unit/upstream/overdue.test.ts).
      const pool = await overdueMetrics(graph);
      expect(pool).toMatchObject({
        upstream_limiter_overdue_calls: 0,
        upstream_limiter_overdue_refusals_total: 0,
        upstream_limiter_overdue_after_seconds: 0.3,
      });
      expect(pool['upstream_limiter_overdue_moves_total']).toBeGreaterThanOrEqual(23);
      const id = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
      await graph.admin.setFaults({ hangNext: 1, operations: ['/Proposta/IncluirDocumento'] });
      const write = await graph.execute(
        'mutation($input: AttachDocumentInput!) { attachDocument(input: $input, idempotencyKey: "hung-write") { userErrors { code } } }',
        { input: { proposalId: id, documentTypeCode: 6, fileName: 'proof.pdf', extension: 'pdf', contentBase64: Buffer.from('%PDF-1.4').toString('base64') } },
      );
      expect(write.errors?.map((error) => error.extensions?.['code'])).toEqual(['OUTCOME_UNKNOWN']);
    } finally {
      await Promise.all([without.close(), graph.close()]);
    }
  }, 60_000);
});
