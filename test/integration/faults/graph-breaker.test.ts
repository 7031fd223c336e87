/**
 * The partner's circuit breaker (src/upstream/breaker.ts) seen through the real app: reads failing
 * at the sandbox (fault injection) open it, then the graph refuses at once with
 * UPSTREAM_CIRCUIT_OPEN, sending nothing, and says so on /ready and /metrics; after the cool-down
 * (the breaker's clock, moved by the test) one successful probe closes it. Partner calls are counted
 * by the sandbox (GET /_sandbox/calls).
 */
import { createMetrics } from '../../../src/server/metrics.js';
import { startTestGraph, type TestGraph } from '../../helpers/graph.js';

const READ = `query($id: ID!) { proposal(id: $id) { id situation } }`;
const CONSULTA = '/FGTS/ConsultaProposta';
const THRESHOLD = 3;
const COOL_DOWN_MS = 15_000;

describe('the partner circuit breaker through the graph', () => {
  let graph: TestGraph;
  /** The breaker's clock in ms: only the test moves it. */
  let now = 0;

  beforeAll(async () => {
    graph = await startTestGraph({
      metrics: createMetrics(),
      // One attempt per call, so each failed read is one partner call and one failure of the streak.
      upstream: { retry: { maxAttempts: 1 }, breaker: { failureThreshold: THRESHOLD, coolDownMs: COOL_DOWN_MS, now: () => now } },
    });
  });
  afterAll(async () => {
    await graph?.close();
  });

  const circuitGauge = async (): Promise<Record<string, number>> => {
    const text = await (await fetch(`${graph.baseUrl}/metrics`)).text();
    return Object.fromEntries([...text.matchAll(/^credit_graph_upstream_circuit_state\{state="([a-z-]+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
  };
  const ready = async (): Promise<{ status: number; body: { status: string; details?: Record<string, unknown> } }> => {
    const response = await fetch(`${graph.baseUrl}/ready`);
    return { status: response.status, body: (await response.json()) as { status: string; details?: Record<string, unknown> } };
  };
  const read = async (id: string): Promise<{ data: unknown; codes: unknown[] }> => {
    const answer = await graph.execute(READ, { id });
    return { data: answer.data, codes: (answer.errors ?? []).map((e) => e.extensions?.code) };
  };

  it('opens after consecutive failed reads, refuses the next with UPSTREAM_CIRCUIT_OPEN sending nothing, shows it on /ready and /metrics, and closes on a successful probe after the cool-down', async () => {
    const approved = graph.sandbox.demo.find((d) => d.label === 'approved');
    const id = approved?.id ?? '';
    expect(await circuitGauge()).toEqual({ closed: 1, open: 0, 'half-open': 0 });

    await graph.admin.setFaults({ errorRate: 1, operations: [CONSULTA] });
    await graph.admin.resetCalls();
    for (let i = 0; i < THRESHOLD; i += 1) {
      const failed = await read(id);
      expect(failed).toEqual({ data: { proposal: null }, codes: ['UPSTREAM_UNAVAILABLE'] });
    }
    expect((await graph.admin.calls()).operations).toEqual({ [CONSULTA]: THRESHOLD });

    await graph.admin.resetCalls();
    expect(await read(id)).toEqual({ data: { proposal: null }, codes: ['UPSTREAM_CIRCUIT_OPEN'] });
    expect((await graph.admin.calls()).total).toBe(0);
    expect(await ready()).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ready', details: { upstreamCircuit: 'open', upstreamCircuitRetryInSeconds: COOL_DOWN_MS / 1000 } }),
    });
    expect(await circuitGauge()).toEqual({ closed: 0, open: 1, 'half-open': 0 });

    // The partner recovers; once the cool-down has passed the next read is the probe, and it succeeds.
    await graph.admin.clearFaults();
    now += COOL_DOWN_MS;
    expect(await circuitGauge()).toEqual({ closed: 0, open: 0, 'half-open': 1 });
    await graph.admin.resetCalls();
    expect(await read(id)).toEqual({ data: { proposal: { id, situation: 'APPROVED' } }, codes: [] });
    expect((await graph.admin.calls()).operations).toEqual({ [CONSULTA]: 1 });
    expect(await circuitGauge()).toEqual({ closed: 1, open: 0, 'half-open': 0 });
    expect((await ready()).body.details).toBeUndefined();
  });
});
