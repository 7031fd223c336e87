import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';
import { exampleOperations, type ExampleOperation } from '../../src/server/examples.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

interface Cost {
  estimatedUpstreamCalls: number;
  upstreamCalls: number;
  throttleStatus?: { currentlyAvailable: number; maximumAvailable: number };
}

/** A small deterministic generator (Park-Miller), so a failing selection can be run again. */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

const CORE = ['number', 'situation', 'situationCode', 'financedAmount', 'monthlyInterestRate', 'operationCode'];
const INSTALLMENT = ['number', 'amount', 'dueDate', 'balance', 'paidAmount', 'situation', 'boletos { number }', 'entries { paymentAmount }', 'pix { emv }'];
const AGENDA = ['id', 'totalPaid', 'proposalNumber'];

/** A random selection of Proposal: some core fields, maybe installments, agenda and boletos. */
function proposalSelection(pick: (n: number) => number): string {
  const some = (pool: readonly string[]): string[] => pool.filter(() => pick(2) === 0);
  const parts = ['id', ...some(CORE)];
  if (pick(2) === 0) {
    parts.push(`installments { number ${some(INSTALLMENT).join(' ')} }`);
  }
  if (pick(3) === 0) {
    parts.push(`agenda { ${['id', ...some(AGENDA)].join(' ')} }`);
  }
  if (pick(3) === 0) {
    parts.push(`boletos(includeCancelled: ${pick(2) === 0 ? 'true' : 'false'}) { number digitableLine }`);
  }
  if (pick(4) === 0) {
    parts.push('cancelled: boletos(includeCancelled: true) { number }');
  }
  return parts.join(' ');
}

/** Every operation of the `.graphql` files in `dir`, with its `# variables:` line when it has one (else `{}`). */
async function everyOperation(dir: string): Promise<ExampleOperation[]> {
  const out: ExampleOperation[] = [];
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.graphql')).sort()) {
    const source = await readFile(join(dir, name), 'utf8');
    const written = new Map(exampleOperations(source).map((example) => [example.name, example.variables]));
    for (const definition of parse(source).definitions) {
      if (definition.kind === Kind.OPERATION_DEFINITION && definition.name !== undefined && definition.loc !== undefined) {
        const operationName = definition.name.value;
        out.push({
          name: operationName,
          operation: definition.operation,
          query: source.slice(definition.loc.start, definition.loc.end),
          variables: written.get(operationName) ?? '{}',
        });
      }
    }
  }
  return out;
}

describe('extensions.cost.estimatedUpstreamCalls', () => {
  let graph: TestGraph;
  let examples: ExampleOperation[];
  const ids = (): Record<string, string> => Object.fromEntries(graph.sandbox.demo.map((p) => [p.label, p.id]));

  beforeAll(async () => {
    // Every example on each of the 13 demo proposals spends about 780 partner calls, the generated
    // selections about 150 more; the last test needs 50 left.
    graph = await startTestGraph({ env: { CALLER_BUDGETS: '*=1200/0.001' } });
    examples = await everyOperation(join(process.cwd(), 'schema', 'operations'));
  });
  afterAll(async () => {
    await graph.close();
  });

  /** Runs one operation with nothing taken from the read cache; answers its cost and the calls the sandbox counted. */
  async function measured(query: string, variables: Record<string, unknown>): Promise<{ cost: Cost; actual: number; errors: unknown }> {
    await graph.admin.resetCalls();
    const answer = await graph.execute(query, variables, { 'cache-control': 'no-cache' });
    const calls = await graph.admin.calls();
    const actual = Object.entries(calls.operations)
      .filter(([path]) => !/token|oauth|connect/i.test(path))
      .reduce((sum, [, count]) => sum + count, 0);
    return { cost: answer.extensions?.['cost'] as Cost, actual, errors: answer.errors };
  }

  /** The variables each example operation is run with (the demo data's ids; inputs a write accepts). */
  function variablesOf(example: ExampleOperation, id: string): Array<Record<string, unknown>> {
    const demo = ids();
    const key = randomUUID();
    const disbursed = demo['disbursed'] as string;
    switch (example.name) {
      case 'ProposalsWithInstallmentAgenda':
        return [{ ids: Object.values(demo) }];
      case 'ProposalByOperationCode':
        return graph.sandbox.demo.map((p) => ({ operationCode: p.operationCode }));
      case 'ProposalBoletos':
        return [
          { id, includeCancelled: true },
          { id, includeCancelled: false },
        ];
      case 'SimulateProposal':
        return [{ input: { requestedAmount: '1000.00', installments: 6, monthlyInterestRate: '1.99' } }];
      case 'PersonAndReports':
        return [{ document: '529.982.247-25' }];
      case 'MyProposals':
        return [{ first: 10 }, { first: 3, situation: 'UNDER_REVIEW' }];
      case 'CreateProposal':
        return [
          {
            idempotencyKey: key,
            input: {
              clientDocument: '529.982.247-25',
              clientName: 'Cliente Teste',
              contractType: 'CP',
              requestedAmount: '1200.00',
              monthlyInterestRate: '2.5',
              installments: 6,
            },
          },
        ];
      case 'RegisterInstallmentPayments':
        return [{ idempotencyKey: key, input: { proposalId: disbursed, payments: [{ installmentNumber: 5, amount: '10.00' }] } }];
      case 'GenerateSingleBoleto':
        return [{ idempotencyKey: key, input: { proposalId: disbursed, installmentNumbers: [6] } }];
      case 'InviteSigners':
        return [
          {
            idempotencyKey: key,
            input: {
              proposalId: demo['approved'],
              signers: [{ name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', mobilePhone: '(11) 98765-4321' }],
            },
          },
        ];
      case 'CancelFgtsProposal':
        return [{ idempotencyKey: key, input: { proposalId: demo['fgts-disbursed'] } }];
      case 'AttachDocument':
        return [
          {
            idempotencyKey: key,
            input: { proposalId: demo['approved'], documentTypeCode: 5, fileName: 'cpf.pdf', extension: 'pdf', contentBase64: 'JVBERi0xLjQK' },
          },
        ];
      default: {
        const written = JSON.parse(example.variables.replace(/<([a-z-]+) id>/g, (_match, label: string) => demo[label] ?? '')) as Record<string, unknown>;
        return [example.operation === 'mutation' ? { ...written, idempotencyKey: key } : { ...written, ...(example.query.includes('$id: ID!') ? { id } : {}) }];
      }
    }
  }

  it('is at least the partner calls of every example operation, on every demo proposal', async () => {
    const queries = examples.filter((example) => example.operation !== 'subscription');
    expect(queries.length).toBe(21);
    const seen: Array<[string, number, number]> = [];
    const reported: Array<[string, number, number]> = [];
    for (const example of queries) {
      for (const id of example.operation === 'mutation' ? [''] : Object.values(ids())) {
        for (const variables of variablesOf(example, id)) {
          const { cost, actual, errors } = await measured(example.query, variables);
          expect([example.name, errors]).toEqual([example.name, undefined]);
          seen.push([example.name, cost.estimatedUpstreamCalls, actual]);
          // The extension counts every call the partner saw, the probe reads around a write included.
          reported.push([example.name, cost.upstreamCalls, actual]);
        }
      }
    }
    expect(seen.filter(([, estimated, actual]) => estimated < actual)).toEqual([]);
    expect(reported.filter(([, upstreamCalls, actual]) => upstreamCalls !== actual)).toEqual([]);
    // The estimates are bounds, not the old flat 1: a write and its payload count what they may read.
    expect(seen.filter(([, , actual]) => actual > 1).length).toBeGreaterThan(5);
  });

  it('is at least the partner calls of 50 generated selections: single proposals, lists of ids, node and viewer pages', async () => {
    const pick = generator(20261128);
    const demo = Object.values(ids());
    const misses: Array<[string, number, number]> = [];
    for (let index = 0; index < 50; index += 1) {
      const selection = proposalSelection(pick);
      const id = demo[pick(demo.length)] as string;
      const queries = [
        [`query($id: ID!) { proposal(id: $id) { ${selection} } }`, { id }],
        [`query($ids: [ID!]!) { proposals(ids: $ids) { ${selection} } }`, { ids: [id, demo[pick(demo.length)] as string] }],
        [`query($id: ID!) { node(id: $id) { ... on Proposal { ${selection} } } }`, { id }],
        [`query($first: Int) { creditViewer { proposals(first: $first) { nodes { ${selection} } } } }`, { first: 1 + pick(5) }],
      ] as const;
      const [query, variables] = queries[index % queries.length] as (typeof queries)[number];
      const { cost, actual, errors } = await measured(query, variables);
      expect([query, errors]).toEqual([query, undefined]);
      if (cost.estimatedUpstreamCalls < actual) {
        misses.push([query, cost.estimatedUpstreamCalls, actual]);
      }
    }
    expect(misses).toEqual([]);
  });

  it('gives back what a request did not cost: the bucket moves by the partner calls made, not by the estimate', async () => {
    const query = 'query($first: Int) { creditViewer { proposals(first: $first) { nodes { situation } } } }';
    const before = (await measured('{ creditViewer { callerId } }', {})).cost.throttleStatus?.currentlyAvailable as number;
    const { cost, actual } = await measured(query, { first: 50 });
    expect(cost.estimatedUpstreamCalls).toBe(50);
    expect(actual).toBeLessThan(50);
    expect(Math.round((before - (cost.throttleStatus?.currentlyAvailable as number)) * 10) / 10).toBe(actual);
  });
});

describe('caller budgets under concurrent requests', () => {
  let graph: TestGraph;
  beforeAll(async () => {
    graph = await startTestGraph({ env: { CALLER_BUDGETS: '*=10/0.001' } });
  });
  afterAll(async () => {
    await graph.close();
  });

  it('admits only what the bucket holds, so no caller goes below zero however many requests arrive at once', async () => {
    const id = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id as string;
    const query = 'query($id: ID!) { proposal(id: $id) { situation installments { number } agenda { id } boletos { number } } }';
    const answers = await Promise.all(Array.from({ length: 8 }, () => graph.execute(query, { id }, { 'cache-control': 'no-cache' })));
    const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.['code'] ?? 'OK');
    // Each may cost 4 calls: a bucket of 10 admits two.
    expect(codes.filter((code) => code === 'OK')).toHaveLength(2);
    expect(codes.filter((code) => code === 'THROTTLED')).toHaveLength(6);
    const after = await graph.execute('{ creditViewer { callerId } }');
    expect((after.extensions?.['cost'] as Cost).throttleStatus?.currentlyAvailable).toBeGreaterThanOrEqual(0);
    const refusal = answers.find((answer) => answer.errors !== undefined);
    // What the bucket really needs: 4 calls at 0.001 per second from what it holds.
    const holds = 10 - 8;
    expect(refusal?.errors?.[0]?.extensions?.['retryAfterSeconds']).toBe(Math.ceil((4 - holds) / 0.001));
  });
});
