/**
 * What the caller told us is known. A proposal created through the graph answers
 * its client (document, name) and the terms it was sent with from the ledger, at no partner call,
 * marked SUBMITTED until an agenda read the query makes anyway shows the partner's (PARTNER). The
 * client's document reaches only whoever may see the proposal, and never a log line.
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../src/server/logger.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const KEYS = { alice: 'alice-key-0123456789abcdef', bob: 'bob-key-0123456789abcdef0', office: 'office-key-0123456789abcdef' };
const as = (caller: keyof typeof KEYS): Record<string, string> => ({ authorization: `Bearer ${KEYS[caller]}` });

const CREATE = `mutation($input: CreateProposalInput!, $key: String!) {
  createProposal(input: $input, idempotencyKey: $key) { proposal { id clientSource client { document name } } userErrors { code } }
}`;

const CLIENT = `query($id: ID!) {
  proposal(id: $id) {
    clientSource
    client { document name }
    submitted { requestedAmount installmentCount monthlyInterestRate contractType firstDueDate }
  }
}`;

const INPUT = {
  clientDocument: '529.982.247-25',
  clientName: 'Cliente Submetido',
  contractType: 'CP',
  requestedAmount: '1500.5',
  monthlyInterestRate: '2.5',
  installments: 6,
  firstDueDate: '2030-03-10',
};

describe('what the caller sent at creation', () => {
  let graph: TestGraph;
  const logs: string[] = [];
  let id: string;

  beforeAll(async () => {
    graph = await startTestGraph({
      env: { GRAPHQL_API_KEYS: `alice:${KEYS.alice},bob:${KEYS.bob},office:${KEYS.office}:proposals.all` },
      logger: createLogger('debug', (line) => logs.push(line)),
    });
    const created = await graph.execute<Data>(CREATE, { input: INPUT, key: randomUUID() }, as('alice'));
    expect(created.errors).toBeUndefined();
    // The payload already knows the client it was sent, with no agenda read (there is no agenda yet).
    expect(created.data?.createProposal.proposal).toMatchObject({ clientSource: 'SUBMITTED', client: { document: '52998224725', name: 'Cliente Submetido' } });
    id = created.data?.createProposal.proposal.id as string;
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  it('answers the client and the terms sent, marked SUBMITTED, from the ledger at no partner call', async () => {
    const { data, errors } = await graph.execute<Data>(CLIENT, { id }, as('alice'));
    expect(errors).toBeUndefined();
    expect(data?.proposal).toEqual({
      clientSource: 'SUBMITTED',
      client: { document: '52998224725', name: 'Cliente Submetido' },
      submitted: { requestedAmount: '1500.50', installmentCount: 6, monthlyInterestRate: '2.5', contractType: 'CP', firstDueDate: '2030-03-10' },
    });
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it("answers the partner's client, marked PARTNER, when the query reads the disbursed proposal's agenda anyway", async () => {
    const other = await graph.execute<Data>(CREATE, { input: INPUT, key: randomUUID() }, as('alice'));
    const disbursed = other.data?.createProposal.proposal.id as string;
    await graph.admin.setSituation(disbursed, 9);
    await graph.admin.resetCalls();
    const read = await graph.execute<Data>(
      `query($id: ID!) { proposal(id: $id) { clientSource client { document name } agenda { id } } }`,
      { id: disbursed },
      as('alice'),
    );
    expect(read.data?.proposal).toMatchObject({ clientSource: 'PARTNER', client: { document: '52998224725', name: 'Cliente Submetido' } });
    expect((await graph.admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
    // Without the agenda, the ledger still answers, at no partner call.
    await graph.admin.resetCalls();
    const alone = await graph.execute<Data>(`query($id: ID!) { proposal(id: $id) { clientSource client { document } } }`, { id: disbursed }, as('alice'));
    expect(alone.data?.proposal).toEqual({ clientSource: 'SUBMITTED', client: { document: '52998224725' } });
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('answers a proposal created elsewhere as before: the agenda read, null client until disbursement', async () => {
    const approved = graph.sandbox.demo.find((p) => p.label === 'approved')?.id ?? '';
    const read = await graph.execute<Data>(CLIENT, { id: approved }, as('office'));
    expect(read.data?.proposal).toEqual({ clientSource: null, client: null, submitted: null });
    expect((await graph.admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
  });

  it("gives another caller nothing of it, at no partner call, and the client's document never reaches a log line", async () => {
    const read = await graph.execute<Data>(CLIENT, { id }, as('bob'));
    expect(read.data?.proposal).toBeNull();
    expect((await graph.admin.calls()).total).toBe(0);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.filter((line) => line.includes('52998224725') || line.includes('529.982.247-25') || line.includes('Cliente Submetido'))).toEqual([]);
  });
});
