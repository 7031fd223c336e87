/**
 * Folding: where the agenda read a query makes anyway already carries what another call
 * would fetch, that call is not made. Cache off: these count what ONE query costs.
 */
import { startTestGraph, type TestGraph, testSharedState, type TestSharedState } from '../helpers/graph.js';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('folding partner responses', () => {
  let graph: TestGraph;
  let disbursed: string;
  let approved: string;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off' } });
    disbursed = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
    approved = graph.sandbox.demo.find((p) => p.label === 'approved')?.id ?? '';
  });

  afterAll(async () => {
    await graph.close();
  });

  async function counted(query: string, id: string): Promise<{ data: Data; operations: Record<string, number> }> {
    await graph.admin.resetCalls();
    const response = await graph.execute<Data>(query, { id });
    expect(response.errors).toBeUndefined();
    return { data: response.data as Data, operations: (await graph.admin.calls()).operations };
  }

  it('answers installments numbers, amounts and due dates from the agenda of a disbursed proposal: no ConsultarParcelas', async () => {
    const folded = await counted('query($id: ID!) { proposal(id: $id) { installments { id number amount dueDate agenda { balance } } } }', disbursed);
    expect(folded.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
    // The same fields read from ConsultarParcelas (paidAt is not in the agenda: it forces that read).
    const direct = await counted('query($id: ID!) { proposal(id: $id) { installments { id number amount dueDate paidAt } } }', disbursed);
    expect(direct.operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
    expect(folded.data.proposal.installments.map(({ agenda: _a, ...rest }: Data) => rest)).toEqual(
      direct.data.proposal.installments.map(({ paidAt: _p, ...rest }: Data) => rest),
    );
    expect(folded.data.proposal.installments).toHaveLength(12);
  });

  it('answers situation, financed amount and number from the agenda: no ConsultaProposta', async () => {
    const folded = await counted('query($id: ID!) { proposal(id: $id) { number situation situationCode financedAmount agenda { totalPaid } } }', disbursed);
    expect(folded.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
    const direct = await counted('query($id: ID!) { proposal(id: $id) { number situation situationCode financedAmount } }', disbursed);
    expect(direct.operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    const { agenda: _agenda, ...core } = folded.data.proposal;
    expect(core).toEqual(direct.data.proposal);
    expect(core).toMatchObject({ situation: 'DISBURSED', situationCode: 9 });
  });

  it('falls back to ConsultarParcelas and ConsultaProposta for a proposal with no agenda yet', async () => {
    const { data, operations } = await counted(
      'query($id: ID!) { proposal(id: $id) { number situation financedAmount installments { number amount dueDate } agenda { totalPaid } } }',
      approved,
    );
    expect(operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/Proposta/ConsultarParcelas': 1, '/FGTS/ConsultaProposta': 1 });
    expect(data.proposal.agenda).toBeNull();
    expect(data.proposal.situation).toBe('APPROVED');
    expect(data.proposal.installments.length).toBeGreaterThan(0);
    expect(typeof data.proposal.number).toBe('number');
  });

  it('answers null for an unknown proposal after the one agenda read', async () => {
    const { data, operations } = await counted(
      'query($id: ID!) { proposal(id: $id) { situation installments { number } agenda { totalPaid } } }',
      '00000000-0000-4000-8000-000000000000',
    );
    expect(data.proposal).toBeNull();
    expect(operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
  });

  it('stamps every type with the time of the read it came from', async () => {
    const before = Date.now();
    const { data } = await counted(
      'query($id: ID!) { proposal(id: $id) { fetchedAt monthlyInterestRate installments { fetchedAt } agenda { fetchedAt } boletos { fetchedAt } } }',
      disbursed,
    );
    const times = [data.proposal.fetchedAt, data.proposal.installments[0].fetchedAt, data.proposal.agenda.fetchedAt, data.proposal.boletos[0].fetchedAt].map(
      (t: string) => Date.parse(t),
    );
    expect(times.every((t) => t >= before - 1000 && t <= Date.now())).toBe(true);
  });
});

/**
 * Query.proposal by id with only core fields the agenda carries, read cache on: for a proposal the
 * graph knows has an agenda (its marks), those fields come from the agenda read instead of
 * ConsultaProposta, the same one call, which a later agenda read (a router's follow-up fetch of a
 * deferred agenda) finds in the cache. Each case starts from an empty read cache, marks kept.
 */
describe('core fields from a known open agenda', () => {
  let graph: TestGraph;
  let state: TestSharedState;
  const CORE = 'query($id: ID!) { proposal(id: $id) { id number situation situationCode } }';
  const CONSULTA_PROPOSTA = { '/FGTS/ConsultaProposta': 1 };
  const CONSULTAR_DETALHES = { '/AgendaRecebivel/ConsultarDetalhes': 1 };

  beforeAll(async () => {
    state = await testSharedState();
    graph = await startTestGraph({ state });
  });

  afterAll(async () => {
    await graph.close();
    await state.close();
  });

  const idOf = (label: string): string => graph.sandbox.demo.find((p) => p.label === label)?.id ?? '';

  /** The calls of `query`, from an empty read cache unless `warm`. */
  async function counted(query: string, variables: Record<string, unknown>, warm = false): Promise<{ data: Data; operations: Record<string, number> }> {
    if (!warm) {
      await state.forget();
    }
    await graph.admin.resetCalls();
    const response = await graph.execute<Data>(query, variables);
    expect(response.errors).toBeUndefined();
    return { data: response.data as Data, operations: (await graph.admin.calls()).operations };
  }

  it('reads a proposal known disbursed from its agenda, the same one call, which a later agenda selection then costs nothing', async () => {
    const id = idOf('disbursed');
    // Seen for the first time: nothing says it has an agenda.
    const first = await counted(CORE, { id });
    expect(first.operations).toEqual(CONSULTA_PROPOSTA);
    const known = await counted(CORE, { id });
    expect(known.operations).toEqual(CONSULTAR_DETALHES);
    expect(known.data).toEqual(first.data);
    expect(known.data.proposal).toMatchObject({ situation: 'DISBURSED', situationCode: 9 });
    const agenda = await counted('query($id: ID!) { proposal(id: $id) { agenda { proposalNumber financedAmount installmentCount } } }', { id }, true);
    expect(agenda.operations).toEqual({});
    expect(agenda.data.proposal.agenda.proposalNumber).toBe(first.data.proposal.number);
  });

  it('keeps ConsultaProposta while it is cached, for core fields the agenda lacks, and for lists', async () => {
    const id = idOf('disbursed');
    await counted(CORE, { id });
    // The core record cached (a field only it holds): the core fields cost nothing, as before.
    expect((await counted('query($id: ID!) { proposal(id: $id) { id tacAmount } }', { id })).operations).toEqual(CONSULTA_PROPOSTA);
    expect((await counted(CORE, { id }, true)).operations).toEqual({});
    expect((await counted('query($id: ID!) { proposal(id: $id) { situation tacAmount } }', { id })).operations).toEqual(CONSULTA_PROPOSTA);
    expect((await counted('query($ids: [ID!]!) { proposals(ids: $ids) { id situation } }', { ids: [id] })).operations).toEqual(CONSULTA_PROPOSTA);
  });

  it('reads a proposal without an agenda, and a ceded one until an agenda answer of it was seen, from ConsultaProposta', async () => {
    const approved = idOf('approved');
    await counted(CORE, { id: approved });
    expect((await counted(CORE, { id: approved })).operations).toEqual(CONSULTA_PROPOSTA);
    const ceded = idOf('ceded');
    await counted(CORE, { id: ceded });
    expect((await counted(CORE, { id: ceded })).operations).toEqual(CONSULTA_PROPOSTA);
    expect((await counted('query($id: ID!) { proposal(id: $id) { agenda { totalPaid } } }', { id: ceded })).operations).toEqual(CONSULTAR_DETALHES);
    const known = await counted(CORE, { id: ceded });
    expect(known.operations).toEqual(CONSULTAR_DETALHES);
    expect(known.data.proposal).toMatchObject({ situation: 'CEDED', situationCode: 10 });
  });
});

describe('folding when the agenda read fails', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off' }, upstream: { retry: { maxAttempts: 1 } } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it('answers the folded fields from ConsultaProposta and ConsultarParcelas and reports the agenda error at its field only', async () => {
    const id = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
    await graph.admin.setFaults({ failNext: 1, errorStatus: 503, operations: ['/AgendaRecebivel/ConsultarDetalhes'] });
    await graph.admin.resetCalls();
    const response = await graph.execute<Data>('query($id: ID!) { proposal(id: $id) { situation installments { number } agenda { totalPaid } } }', { id });
    expect(response.data?.proposal).toMatchObject({ situation: 'DISBURSED', agenda: null });
    expect(response.data?.proposal.installments).toHaveLength(12);
    expect(response.errors).toHaveLength(1);
    expect(response.errors?.[0]).toMatchObject({ path: ['proposal', 'agenda'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect((await graph.admin.calls()).operations).toEqual({
      '/AgendaRecebivel/ConsultarDetalhes': 1,
      '/FGTS/ConsultaProposta': 1,
      '/Proposta/ConsultarParcelas': 1,
    });
  });
});
