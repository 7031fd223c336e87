/**
 * The partner circuit breaker as /ready and /metrics show it: readiness `details` while it is not
 * closed (readiness itself unchanged), and the `credit_graph_upstream_circuit_state` gauge.
 */
import { type BreakerSnapshot } from '../../../src/upstream/breaker.js';
import { createReadiness } from '../../../src/server/health.js';
import { upstreamAuthCheck } from '../../../src/server/graph.js';
import { createMetrics } from '../../../src/server/metrics.js';

describe('the circuit breaker in /ready and /metrics', () => {
  it('adds details to /ready while the circuit is open or half-open, at every probe, without failing readiness', async () => {
    let circuit: BreakerSnapshot = { state: 'closed', consecutiveFailures: 0, opened: 0, rejected: 0 };
    const upstream = { checkAuth: async () => undefined, breakerState: () => circuit };
    const readiness = createReadiness([{ name: 'server', check: async () => undefined }, upstreamAuthCheck(upstream)], { cacheMs: 60_000 });
    expect(await readiness.report()).toEqual({ status: 'ready', checks: { server: 'ok', upstreamAuth: 'ok' } });
    circuit = { state: 'open', consecutiveFailures: 5, opened: 1, rejected: 3, retryInMs: 11_200 };
    expect(await readiness.report()).toEqual({
      status: 'ready',
      checks: { server: 'ok', upstreamAuth: 'ok' },
      details: { upstreamCircuit: 'open', upstreamCircuitRetryInSeconds: 12 },
    });
    circuit = { state: 'half-open', consecutiveFailures: 5, opened: 1, rejected: 3 };
    expect((await readiness.report()).details).toEqual({ upstreamCircuit: 'half-open' });
    // A client without a breaker (a test fake) adds nothing.
    const plain = createReadiness([upstreamAuthCheck({ checkAuth: async () => undefined })], { cacheMs: 0 });
    expect(await plain.report()).toEqual({ status: 'ready', checks: { upstreamAuth: 'ok' } });
  });

  it('exports the state read at scrape time as a gauge per state', async () => {
    const metrics = createMetrics();
    expect(await metrics.text()).not.toMatch(/upstream_circuit_state\{/);
    let state = 'closed';
    metrics.observeCircuit?.(() => state);
    const lines = async (): Promise<string[]> => (await metrics.text()).split('\n').filter((line) => line.startsWith('credit_graph_upstream_circuit_state{'));
    expect(await lines()).toEqual([
      'credit_graph_upstream_circuit_state{state="closed"} 1',
      'credit_graph_upstream_circuit_state{state="open"} 0',
      'credit_graph_upstream_circuit_state{state="half-open"} 0',
    ]);
    state = 'open';
    expect(await lines()).toEqual([
      'credit_graph_upstream_circuit_state{state="closed"} 0',
      'credit_graph_upstream_circuit_state{state="open"} 1',
      'credit_graph_upstream_circuit_state{state="half-open"} 0',
    ]);
  });
});
