import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/index.js';
import { type Service, startService } from '../../../src/service.js';
import { createLogger } from '../../../src/server/logger.js';
import { createMetrics } from '../../../src/server/metrics.js';
import { createTracing } from '../../../src/server/tracing.js';
import { executeGraphQL } from '../../helpers/graph.js';

const INSTALLMENTS = 'query Installments($id: ID!) { proposal(id: $id) { id installments { number } } }';

/** The value of one sample of the Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) {
      continue;
    }
    const have = (match[2] ?? '').split(',').sort();
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length) {
      return Number(match[3]);
    }
  }
  return undefined;
}

async function adminCalls(service: Service): Promise<{ total: number; operations: Record<string, number> }> {
  const response = await fetch(`${service.sandbox?.url}/_sandbox/calls`);
  return (await response.json()) as { total: number; operations: Record<string, number> };
}

async function setFaults(service: Service, faults: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${service.sandbox?.url}/_sandbox/faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.status).toBeLessThan(300);
}

function demoId(service: Service, label: string): string {
  const found = service.sandbox?.demo.find((proposal) => proposal.label === label);
  if (found === undefined) {
    throw new Error(`no demo proposal ${label}`);
  }
  return found.id;
}

describe('observability of the running service', () => {
  let service: Service;
  const logs: string[] = [];
  const spans = new InMemorySpanExporter();
  const tracing = createTracing({ exporter: spans });
  // Its own embedded ledger: the default .data may be held by a developer's npm start or another run.
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-observability-'));

  beforeAll(async () => {
    service = await startService(
      loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'debug', DATA_DIR: dataDir }),
      createLogger('debug', (line) => logs.push(line)),
      { metrics: createMetrics(), tracing },
    );
  });

  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    logs.length = 0;
    spans.reset();
    await fetch(`${service.sandbox?.url}/_sandbox/calls`, { method: 'DELETE' });
    await setFaults(service, {});
  });

  describe('GET /metrics', () => {
    it('counts partner calls per operation and outcome, as many as the partner saw, and the GraphQL operation by name', async () => {
      const before = await (await fetch(`${service.http.url}/metrics`)).text();
      const ok = sample(before, 'credit_graph_upstream_calls_total', { operation: 'ConsultarParcelas', outcome: 'ok' }) ?? 0;
      const response = await executeGraphQL(service.http.graphqlUrl, INSTALLMENTS, { id: demoId(service, 'disbursed') });
      expect(response.errors).toBeUndefined();
      const partner = await adminCalls(service);
      expect(partner.operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });

      const metrics = await fetch(`${service.http.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await metrics.text();
      expect(sample(text, 'credit_graph_upstream_calls_total', { operation: 'ConsultarParcelas', outcome: 'ok' })).toBe(ok + 1);
      expect(sample(text, 'credit_graph_upstream_call_duration_seconds_count', { operation: 'ConsultarParcelas' })).toBe(ok + 1);
      expect(sample(text, 'credit_graph_graphql_operations_total', { operation_name: 'Installments', operation_type: 'query', outcome: 'success' })).toBe(1);
      expect(sample(text, 'credit_graph_http_requests_total', { route: '/graphql', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'credit_graph_upstream_token_requests_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(1);
      // No personal data and no ids in any label.
      expect(text).not.toContain(demoId(service, 'disbursed'));
    });

    it("counts the ledger's records by state: a create through the graph adds one succeeded record", async () => {
      const before = await (await fetch(`${service.http.url}/metrics`)).text();
      const succeeded = sample(before, 'credit_graph_ledger_records', { state: 'succeeded' }) ?? 0;
      const response = await executeGraphQL<{ createProposal: { proposal: { id: string } | null } }, Record<string, unknown>>(
        service.http.graphqlUrl,
        'mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } } }',
        {
          key: `metrics-${Date.now()}`,
          input: { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 },
        },
      );
      expect(response.errors).toBeUndefined();
      expect(response.data?.createProposal.proposal?.id).toEqual(expect.any(String));
      const text = await (await fetch(`${service.http.url}/metrics`)).text();
      expect(sample(text, 'credit_graph_ledger_records', { state: 'succeeded' })).toBe(succeeded + 1);
      expect(sample(text, 'credit_graph_ledger_records', { state: 'unknown' })).toBe(0);
      expect(sample(text, 'credit_graph_ledger_records', { state: 'in_progress' })).toBe(0);
    });

    it('counts a failed partner call by its code and logs it at warn with operation and code, without personal data', async () => {
      await setFaults(service, { errorRate: 1, operations: ['/Proposta/ConsultarParcelas'] });
      const id = demoId(service, 'approved');
      const response = await executeGraphQL(service.http.graphqlUrl, INSTALLMENTS, { id });
      expect(response.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      const text = await (await fetch(`${service.http.url}/metrics`)).text();
      expect(sample(text, 'credit_graph_upstream_calls_total', { operation: 'ConsultarParcelas', outcome: 'UPSTREAM_UNAVAILABLE' })).toBe(1);
      expect(sample(text, 'credit_graph_graphql_operations_total', { operation_name: 'Installments', operation_type: 'query', outcome: 'error' })).toBe(1);

      const warnings = logs.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'warn');
      expect(warnings).toContainEqual(
        expect.objectContaining({
          message: 'partner call failed',
          component: 'upstream',
          operation: 'ConsultarParcelas',
          code: 'UPSTREAM_UNAVAILABLE',
          requestId: expect.any(String),
        }),
      );
      expect(logs.join('\n')).not.toContain(id);
    });
  });

  describe("the partner's normal answers", () => {
    it('logs "no agenda yet" at debug, never as a warning, and still counts it by its code', async () => {
      // The approved demo proposal is not disbursed: the partner answers C0200/V0001 and the graph null.
      const id = demoId(service, 'approved');
      const before = logs.length;
      const response = await executeGraphQL(service.http.graphqlUrl, 'query Agenda($id: ID!) { proposal(id: $id) { agenda { id } } }', { id });
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({ proposal: { agenda: null } });
      const lines = logs
        .slice(before)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.message === 'partner call failed');
      expect(lines.map((line) => [line.level, line.operation, line.code])).toEqual([['debug', 'ConsultarDetalhes', 'UPSTREAM_REJECTED']]);
      const text = await (await fetch(`${service.http.url}/metrics`)).text();
      expect(sample(text, 'credit_graph_upstream_calls_total', { operation: 'ConsultarDetalhes', outcome: 'UPSTREAM_REJECTED' })).toBe(1);
    });
  });

  describe('traces', () => {
    it('records a span per GraphQL operation and a child span per partner call, with no ids or variables in attributes', async () => {
      // A proposal no other test here reads: its reads are not in the read cache yet.
      const id = demoId(service, 'ceded');
      const response = await executeGraphQL(service.http.graphqlUrl, 'query Both($id: ID!) { proposal(id: $id) { situation installments { number } } }', {
        id,
      });
      expect(response.errors).toBeUndefined();
      const finished = spans.getFinishedSpans();
      const operation = finished.filter((span) => span.kind === SpanKind.SERVER);
      expect(operation.map((span) => span.name)).toEqual(['query Both']);
      expect(operation[0]?.attributes).toMatchObject({ 'graphql.operation.name': 'Both', 'graphql.operation.type': 'query', 'http.response.status_code': 200 });
      const partner = finished.filter((span) => span.name.startsWith('upstream ') && span.name !== 'upstream token');
      expect(partner.map((span) => span.name).sort()).toEqual(['upstream ConsultaProposta', 'upstream ConsultarParcelas']);
      for (const span of partner) {
        expect(span.parentSpanContext?.spanId).toBe(operation[0]?.spanContext().spanId);
        expect(span.spanContext().traceId).toBe(operation[0]?.spanContext().traceId);
        expect(span.attributes).toMatchObject({ 'upstream.outcome': 'ok', 'upstream.write': false });
      }
      expect(JSON.stringify(finished.map((span) => span.attributes))).not.toContain(id);
    });

    it('marks the operation span and the partner span as errors with the code', async () => {
      await setFaults(service, { errorRate: 1, operations: ['/Proposta/ConsultarParcelas'] });
      await executeGraphQL(service.http.graphqlUrl, INSTALLMENTS, { id: demoId(service, 'approved') });
      const finished = spans.getFinishedSpans();
      const operation = finished.find((span) => span.kind === SpanKind.SERVER);
      expect(operation?.attributes['graphql.error.codes']).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(operation?.status.code).toBe(2);
      const partner = finished.find((span) => span.name === 'upstream ConsultarParcelas');
      expect(partner?.attributes['upstream.outcome']).toBe('UPSTREAM_UNAVAILABLE');
      expect(partner?.status).toEqual({ code: 2, message: 'UPSTREAM_UNAVAILABLE' });
    });
  });
});
