import { createMetrics, metricsAuthorized } from '../../../src/server/metrics.js';

/** The operation_name label values of the exposition. */
function operationNames(text: string): string[] {
  return [...text.matchAll(/^credit_graph_graphql_operations_total\{operation_name="([^"]*)"/gm)].map((match) => match[1] ?? '');
}

describe('createMetrics', () => {
  it("shows the partner limiter's overdue pool as the source reports it at each scrape, counters typed as counters", async () => {
    const metrics = createMetrics();
    let stats = { calls: 3, moves: 7, refusals: 2, afterMs: 2400 };
    metrics.observeOverdue?.(() => stats);
    const series = async (): Promise<string[]> =>
      (await metrics.text()).split('\n').filter((line) => line.includes('upstream_limiter_overdue') && !line.startsWith('# HELP'));
    expect(await series()).toEqual([
      '# TYPE credit_graph_upstream_limiter_overdue_calls gauge',
      'credit_graph_upstream_limiter_overdue_calls 3',
      '# TYPE credit_graph_upstream_limiter_overdue_after_seconds gauge',
      'credit_graph_upstream_limiter_overdue_after_seconds 2.4',
      '# TYPE credit_graph_upstream_limiter_overdue_moves_total counter',
      'credit_graph_upstream_limiter_overdue_moves_total 7',
      '# TYPE credit_graph_upstream_limiter_overdue_refusals_total counter',
      'credit_graph_upstream_limiter_overdue_refusals_total 2',
    ]);
    stats = { calls: 0, moves: 9, refusals: 2, afterMs: 1000 };
    expect((await series()).filter((line) => !line.startsWith('#'))).toEqual([
      'credit_graph_upstream_limiter_overdue_calls 0',
      'credit_graph_upstream_limiter_overdue_after_seconds 1',
      'credit_graph_upstream_limiter_overdue_moves_total 9',
      'credit_graph_upstream_limiter_overdue_refusals_total 2',
    ]);
  });

  it('keeps a GraphQL name of up to 64 characters as a label and counts longer or malformed names as (other)', async () => {
    const metrics = createMetrics();
    const longest = `A${'b'.repeat(63)}`;
    metrics.graphqlOperation('Installments', 'query', 'success', 0.01);
    metrics.graphqlOperation(longest, 'query', 'success', 0.01);
    for (let index = 0; index < 5; index += 1) {
      metrics.graphqlOperation(`${'x'.repeat(1024 * 1024)}${index}`, 'query', 'success', 0.01);
    }
    metrics.graphqlOperation(`${longest}c`, 'query', 'success', 0.01);
    metrics.graphqlOperation('not a name"} 1\n', 'query', 'refused', 0);
    metrics.graphqlOperation(undefined, 'query', 'success', 0.01);
    const text = await metrics.text();
    expect(operationNames(text).sort()).toEqual(['(anonymous)', '(other)', '(other)', 'Installments', longest].sort());
    expect(text).toContain('operation_name="(other)",operation_type="query",outcome="success"} 6');
    expect(text.length).toBeLessThan(20_000);
  });

  it('keeps the first 200 distinct operation names and counts the rest as (other)', async () => {
    const metrics = createMetrics();
    for (let index = 0; index < 250; index += 1) {
      metrics.graphqlOperation(`Op${index}`, 'query', 'success', 0.01);
    }
    // A name seen before the cap keeps its label afterwards.
    metrics.graphqlOperation('Op0', 'query', 'success', 0.01);
    const names = operationNames(await metrics.text());
    expect(names).toHaveLength(201);
    expect(names).toContain('Op199');
    expect(names).not.toContain('Op200');
    expect(await metrics.text()).toContain('operation_name="(other)",operation_type="query",outcome="success"} 50');
    expect(await metrics.text()).toContain('operation_name="Op0",operation_type="query",outcome="success"} 2');
  });

  it('bounds the caller label of throttled requests the same way', async () => {
    const metrics = createMetrics();
    metrics.upstream.throttled?.({ callerId: 'web', budget: 'caller' });
    for (let index = 0; index < 300; index += 1) {
      metrics.upstream.throttled?.({ callerId: `user-${index}`, budget: 'caller' });
    }
    metrics.upstream.throttled?.({ callerId: 'x'.repeat(65), budget: 'caller' });
    const callers = [...(await metrics.text()).matchAll(/^credit_graph_throttled_requests_total\{caller="([^"]*)"/gm)].map((match) => match[1]);
    expect(callers).toHaveLength(201);
    expect(callers).toContain('web');
    expect(callers).toContain('(other)');
  });
});

describe('metricsAuthorized', () => {
  const token = 'a-metrics-token-of-some-length';

  it('accepts exactly Bearer <token>, case-insensitive scheme', () => {
    expect(metricsAuthorized(token, `Bearer ${token}`)).toBe(true);
    expect(metricsAuthorized(token, `bearer ${token}`)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another token', 'Bearer another-token-of-some-length'],
    ['the token with a character more', `Bearer ${token}x`],
    ['the token without its last character', `Bearer ${token.slice(0, -1)}`],
    ['the token alone', token],
    ['Basic', `Basic ${token}`],
  ])('refuses %s', (_name, header) => {
    expect(metricsAuthorized(token, header)).toBe(false);
  });
});
