import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

/**
 * Hostile variables over HTTP, each under the 16 MiB body limit: refused with one short
 * BAD_USER_INPUT before graphql-js coerces them. The CPU bound is generous (the whole request,
 * client side included, in one process on a loaded machine); bench/README.md has the real figures.
 * The main thread's CPU, not the process's: GC helper threads finishing an earlier suite's garbage
 * are not this request's cost, and once counted 1.5 s in a full run.
 * The front door refuses a body whose JSON is too large a value (an object of 200,000 or a million
 * keys, a list of 300,000 payments) before parsing it (jsonBoundsExceeded); what those requests cost
 * before was seconds, so the bound, which counts the client's 12 MB write too, stays far from both.
 */
const CPU_BOUND_MS = 1000;

const PROPOSALS = 'query Proposals($ids: [ID!]!) { proposals(ids: $ids) { id } }';
const CREATE =
  'mutation Create($input: CreateProposalInput!, $key: String!) { createProposal(input: $input, idempotencyKey: $key) { userErrors { code field } } }';
const PAYMENTS =
  'mutation Pay($input: RegisterInstallmentPaymentsInput!, $key: String!) { registerInstallmentPayments(input: $input, idempotencyKey: $key) { userErrors { code field message } } }';

interface Answer {
  status: number;
  bytes: number;
  cpuMs: number;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

/**
 * Posts a body already serialized, measuring this process's CPU (the graph's and the client's) from
 * the send to the answer. A connection of its own: building a hostile body blocks this process for
 * seconds, long enough for the server to close an idle kept-alive one under the client's feet.
 */
function post(graph: TestGraph, body: string): Promise<Answer> {
  const before = process.threadCpuUsage();
  return new Promise((resolve, reject) => {
    const req = request(graph.url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const used = process.threadCpuUsage(before);
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, bytes: text.length, cpuMs: (used.user + used.system) / 1000, body: JSON.parse(text) as Answer['body'] });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The front door's refusal of a body whose JSON is too large a value, before it is parsed. */
function expectTooLargeJson(answer: Answer): void {
  expect(answer.status).toBe(400);
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors?.[0]?.message).toBe('The request body holds too large a JSON value: an object or a list of more than 10000 members.');
  expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('BAD_REQUEST');
  expect(answer.bytes).toBeLessThan(1000);
}

function refusal(field: readonly string[] | null, message: string): unknown {
  return [
    {
      message: `Invalid input: ${message}`,
      extensions: { code: 'BAD_USER_INPUT', userErrors: [{ code: 'INVALID_INPUT', field, message, upstreamCode: null }] },
    },
  ];
}

describe('variables bounded before coercion', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    // A deployment that raised the body limit (16 MiB, the largest the graph had before documents
    // travelled apart): these bodies must then be refused by their shape, before they are parsed.
    graph = await startTestGraph({ env: { GRAPHQL_MAX_BODY_BYTES: String(16 * 1024 * 1024) } });
    // Warm: the first request of a document pays for its parse, validation and the schema's list limits.
    await post(graph, JSON.stringify({ query: PROPOSALS, variables: { ids: [] } }));
    await post(graph, JSON.stringify({ query: CREATE, variables: { key: 'warm', input: { unknown: 1 } } }));
    await post(graph, JSON.stringify({ query: PAYMENTS, variables: { key: 'warm', input: { unknown: 1 } } }));
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  afterEach(async () => {
    // Nothing reached the partner, nothing was recorded.
    expect((await graph.admin.calls()).total).toBe(0);
    expect(Object.values(await graph.ledger.countByState()).reduce((sum, count) => sum + count, 0)).toBe(0);
  });

  it('refuses 51 ids of proposals(ids:) as validation always has, with its own message', async () => {
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables: { ids: Array.from({ length: 51 }, () => randomUUID()) } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['ids'], 'at most 50 ids per query'));
  });

  it('refuses 1,000,000 ids of proposals(ids:) at once, before the body is parsed', async () => {
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables: { ids: Array.from({ length: 1_000_000 }, () => 'a') } }));
    expectTooLargeJson(answer);
    expect(answer.cpuMs).toBeLessThan(CPU_BOUND_MS);
  });

  it('refuses 5,000 ids of proposals(ids:) at the list limit, before coercion', async () => {
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables: { ids: Array.from({ length: 5000 }, () => 'a') } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['ids'], 'at most 50 ids per query'));
  });

  it('refuses a create input of 200,000 unknown fields before the body is parsed', async () => {
    const input = Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`field${index}`, index]));
    const answer = await post(graph, JSON.stringify({ query: CREATE, variables: { key: randomUUID(), input } }));
    expectTooLargeJson(answer);
    expect(answer.cpuMs).toBeLessThan(CPU_BOUND_MS);
  });

  it('refuses a create input of 5,000 unknown fields at the first, without quoting it', async () => {
    const input = Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`field${index}`, index]));
    const answer = await post(graph, JSON.stringify({ query: CREATE, variables: { key: randomUUID(), input } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['input'], 'a field CreateProposalInput does not define'));
    expect(answer.bytes).toBeLessThan(1000);
  });

  it('refuses an unknown field deep in an input at its path', async () => {
    const payment = { installmentNumber: 1, amount: '1.00' };
    const input = { proposalId: randomUUID(), payments: [payment, { ...payment, surprise: 'x'.repeat(100_000) }] };
    const answer = await post(graph, JSON.stringify({ query: PAYMENTS, variables: { key: randomUUID(), input } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['input', 'payments', '1'], 'a field InstallmentPaymentInput does not define'));
  });

  it('refuses 1,000,000 top-level variables the operation does not declare', async () => {
    const variables: Record<string, unknown> = Object.fromEntries(Array.from({ length: 1_000_000 }, (_, index) => [`v${index}`, 1]));
    variables['ids'] = [randomUUID()];
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables }));
    expectTooLargeJson(answer);
    expect(answer.cpuMs).toBeLessThan(CPU_BOUND_MS);
  });

  it('refuses 51 top-level variables the operation does not declare', async () => {
    const variables: Record<string, unknown> = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`v${index}`, 1]));
    variables['ids'] = [randomUUID()];
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(null, 'more than 50 variables the operation does not declare'));
  });

  it('refuses 12 MB of payments before the body is parsed', async () => {
    const payments = Array.from({ length: 300_000 }, () => ({ installmentNumber: 1, amount: '1.00' }));
    const body = JSON.stringify({ query: PAYMENTS, variables: { key: randomUUID(), input: { proposalId: randomUUID(), payments } } });
    expect(body.length).toBeGreaterThan(12_000_000);
    const answer = await post(graph, body);
    expectTooLargeJson(answer);
    expect(answer.cpuMs).toBeLessThan(CPU_BOUND_MS);
  });

  it('refuses 241 payments, beyond twice their limit of 120, before coercion', async () => {
    const payments = Array.from({ length: 241 }, () => ({ installmentNumber: 1, amount: '1.00' }));
    const answer = await post(graph, JSON.stringify({ query: PAYMENTS, variables: { key: randomUUID(), input: { proposalId: randomUUID(), payments } } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['input', 'payments'], 'a list of more than 240 items'));
  });

  it('leaves 121 payments to validation, which answers them as userErrors with their path', async () => {
    const payments = Array.from({ length: 121 }, (_, index) => ({ installmentNumber: index + 1, amount: '1.00' }));
    const answer = await post(graph, JSON.stringify({ query: PAYMENTS, variables: { key: randomUUID(), input: { proposalId: randomUUID(), payments } } }));
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      registerInstallmentPayments: {
        userErrors: [{ code: 'INVALID_INPUT', field: ['input', 'payments'], message: 'payments must contain no more than 120 elements' }],
      },
    });
  });

  it('refuses a list or an object where a scalar goes, without quoting it', async () => {
    const ids = [Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index]))];
    const answer = await post(graph, JSON.stringify({ query: PROPOSALS, variables: { ids } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['ids', '0'], 'expected a ID value, not a list or an object'));
  });

  it('refuses a 2 MB amount', async () => {
    const input = { proposalId: randomUUID(), payments: [{ installmentNumber: 1, amount: '1'.repeat(2_000_000) }] };
    const answer = await post(graph, JSON.stringify({ query: PAYMENTS, variables: { key: randomUUID(), input } }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual(refusal(['input', 'payments', '0', 'amount'], 'a Decimal value longer than 1000 characters'));
  });
});
