/**
 * In-doubt writes of every family, through the real app: two graph replicas over one sandbox (its
 * own IdempotencyKey replay turned off, so only the ledger and the probes can prevent a second
 * write) and one ledger database, run over both stores (in-doubt-*.test.ts). Replica b reaches the
 * partner through a lossy proxy: the partner applies a write and its answer is lost, or the
 * request is dropped before it reaches the partner.
 */
import { randomUUID } from 'node:crypto';
import { probeForRecord } from '../../src/graphql/probes.js';
import { reconcileOnce } from '../../src/ledger/index.js';
import { consultaProposta, consultarBoletos, consultarDetalhes } from '../../src/upstream/index.js';
import { type LedgerKind, openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { type GraphResponse, startTestGraph, type TestGraph } from '../helpers/graph.js';
import { type LossyProxy, startLossyProxy } from '../helpers/lossy-proxy.js';

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } }
}`;
const PAY = `mutation($key: String!, $input: RegisterInstallmentPaymentInput!) {
  registerInstallmentPayment(idempotencyKey: $key, input: $input) { parameters { name value } userErrors { code upstreamCode } }
}`;
const PAY_MANY = `mutation($key: String!, $input: RegisterInstallmentPaymentsInput!) {
  registerInstallmentPayments(idempotencyKey: $key, input: $input) { parameters { name value } userErrors { code upstreamCode } }
}`;
const BOLETOS = `mutation($key: String!, $input: GenerateBoletosInput!) {
  generateBoletos(idempotencyKey: $key, input: $input) { parameters { name value } userErrors { code upstreamCode } }
}`;
const BOLETO = `mutation($key: String!, $input: GenerateSingleBoletoInput!) {
  generateSingleBoleto(idempotencyKey: $key, input: $input) { parameters { name value } userErrors { code upstreamCode } }
}`;
const CANCEL = `mutation($key: String!, $input: CancelFgtsProposalInput!) {
  cancelFgtsProposal(idempotencyKey: $key, input: $input) { returnBoleto userErrors { code upstreamCode } }
}`;
const GUARANTOR = `mutation($key: String!, $input: AddGuarantorInput!) {
  addGuarantor(idempotencyKey: $key, input: $input) { guarantor { id } userErrors { code } }
}`;
const DOCUMENT = `mutation($key: String!, $input: AttachDocumentInput!) {
  attachDocument(idempotencyKey: $key, input: $input) { userErrors { code } }
}`;

type Payload = Record<string, unknown> & { userErrors: unknown[] };

/** One probed write family, as a test drives it. */
interface Family {
  name: string;
  /** The proposal it writes to, made fresh (disbursed, or an FGTS one) for each test. */
  proposal: 'disbursed' | 'fgts';
  mutation: string;
  field: string;
  input: (proposalId: string) => Record<string, unknown>;
  /** The write's operation path at the sandbox, and the partner read its probe makes. */
  writePath: string;
  readPath: string;
  /** The partner state the write leaves, read after the call counts were taken (the read is a call too). */
  state: (graph: TestGraph, proposalId: string) => Promise<unknown>;
  /** That state after exactly one application of the write. */
  applied: (proposalId: string) => unknown;
}

export function inDoubtSuite(kind: LedgerKind): void {
  let database: TestLedgerDatabase;
  let a: TestGraph;
  let b: TestGraph;
  let proxy: LossyProxy;
  const clock = { offset: 0 };
  const now = (): Date => new Date(Date.now() + clock.offset);
  const writes = { waitMs: 60_000, pollMs: 50, settleMs: 30_000 };
  /** The sandbox's business clock at start (payments may not be dated after its day). */
  let sandboxToday = '';

  const replica = async (from?: TestGraph): Promise<TestGraph> =>
    startTestGraph({
      ledger: await database.open({ now }),
      ...(from === undefined ? {} : { upstreamBaseUrl: proxy.url, reuseSandbox: { sandbox: from.sandbox, admin: from.admin, client: from.testClient } }),
      writes,
      upstream: { timeouts: { deadlineMs: 8000 }, retry: { maxAttempts: 1 } },
    });

  beforeAll(async () => {
    database = await openTestLedger(kind);
    a = await replica();
    proxy = await startLossyProxy(a.sandbox.baseUrl);
    b = await replica(a);
    await a.admin.setReplay(false);
    sandboxToday = await a.admin.now();
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await proxy?.close();
    await a?.close();
    await database?.close();
  });

  /** A proposal created through the graph, then moved by the sandbox to paid (9): its agenda opens. */
  const disbursed = async (contractType = 'CP'): Promise<string> => {
    const created = await a.execute<{ createProposal: { proposal: { id: string } | null } }>(CREATE, {
      key: randomUUID(),
      input: { clientDocument: '52998224725', contractType, requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 },
    });
    const id = created.data?.createProposal.proposal?.id;
    if (id === undefined) {
      throw new Error(`no proposal: ${JSON.stringify(created)}`);
    }
    await a.admin.setSituation(id, 9);
    return id;
  };

  const agendaOf = async (graph: TestGraph, id: string) =>
    consultarDetalhes(graph.client, { dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: true } });
  /** Per installment: its entries as [amount, discount] to the cent. */
  const entries = async (graph: TestGraph, id: string): Promise<Record<number, string[]>> => {
    const detail = await agendaOf(graph, id);
    return Object.fromEntries(
      (detail.parcelas ?? [])
        .filter((p) => (p.lancamentos ?? []).length > 0)
        .map((p) => [p.nroParcela, (p.lancamentos ?? []).map((e) => `${(e.vlrPagamento ?? 0).toFixed(2)}/${(e.vlrDesconto ?? 0).toFixed(2)}`)]),
    );
  };
  /** Every boleto of the proposal (cancelled too) as "installments amount". */
  const boletos = async (graph: TestGraph, id: string): Promise<string[]> =>
    ((await consultarBoletos(graph.client, { dto: { codigoProposta: id }, dtoConsultaBoletos: { trazerBoletosCancelados: true } })).boletos ?? []).map(
      (bo) => `${bo.parcelas ?? ''} ${(bo.valorBoleto ?? 0).toFixed(2)}`,
    );

  const families: Family[] = [
    {
      name: 'a payment of one installment (IncluirLancamentoParcela, found in the agenda entries)',
      proposal: 'disbursed',
      mutation: PAY,
      field: 'registerInstallmentPayment',
      input: (id) => ({ proposalId: id, payment: { installmentNumber: 2, amount: '20.10', discount: '0.05', description: 'parcela 2' } }),
      writePath: '/AgendaRecebivel/IncluirLancamentoParcela',
      readPath: '/AgendaRecebivel/ConsultarDetalhes',
      state: entries,
      applied: () => ({ 2: ['20.10/0.05'] }),
    },
    {
      name: 'payments of several installments (IncluirLancamentoMultiplasParcelas, found in the agenda entries)',
      proposal: 'disbursed',
      mutation: PAY_MANY,
      field: 'registerInstallmentPayments',
      input: (id) => ({
        proposalId: id,
        payments: [
          { installmentNumber: 1, amount: '33.33' },
          { installmentNumber: 3, amount: '0.01', paidAt: sandboxToday },
        ],
      }),
      writePath: '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
      readPath: '/AgendaRecebivel/ConsultarDetalhes',
      state: entries,
      applied: () => ({ 1: ['33.33/0.00'], 3: ['0.01/0.00'] }),
    },
    {
      name: 'boletos per installment (GerarMultiplosBoletos, found in the boleto list)',
      proposal: 'disbursed',
      mutation: BOLETOS,
      field: 'generateBoletos',
      input: (id) => ({ proposalId: id, description: 'boletos 4 e 5', installments: [{ number: 4 }, { number: 5, discount: '1.00' }] }),
      writePath: '/AgendaRecebivel/GerarMultiplosBoletos',
      readPath: '/AgendaRecebivel/ConsultarBoletos',
      state: boletos,
      applied: () => expect.arrayContaining([expect.stringMatching(/^4 \d+\.\d\d$/), expect.stringMatching(/^5 \d+\.\d\d$/)]),
    },
    {
      name: 'one boleto for several installments (GerarUnicoBoleto, found in the boleto list)',
      proposal: 'disbursed',
      mutation: BOLETO,
      field: 'generateSingleBoleto',
      input: (id) => ({ proposalId: id, installmentNumbers: [5, 6], amount: '123.45' }),
      writePath: '/AgendaRecebivel/GerarUnicoBoleto',
      readPath: '/AgendaRecebivel/ConsultarBoletos',
      state: boletos,
      applied: () => ['5,6 123.45'],
    },
    {
      name: 'an FGTS cancellation (CancelarProposta, found in the cancellation events)',
      proposal: 'fgts',
      mutation: CANCEL,
      field: 'cancelFgtsProposal',
      input: (id) => ({ proposalId: id, reason: 'cliente desistiu' }),
      writePath: '/FGTS/CancelarProposta',
      readPath: '/FGTS/ConsultaProposta',
      state: async (graph, id) => {
        const found = await consultaProposta(graph.client, { dto: { CodigoProposta: id } });
        return { situation: found.Situacao, events: (found.CancelamentoFGTS ?? []).map((e) => e.TipoEvento) };
      },
      // 4 cancelled; event type 2, cancelled after disbursement with a money-return boleto.
      applied: () => ({ situation: 4, events: [2] }),
    },
  ];

  const run = async (graph: TestGraph, family: Family, key: string, id: string): Promise<GraphResponse<Record<string, Payload>>> =>
    graph.execute<Record<string, Payload>>(family.mutation, { key, input: family.input(id) });
  const codes = (answer: GraphResponse<unknown>) => answer.errors?.map((e) => e.extensions?.code);
  const proposalFor = (family: Family) => (family.proposal === 'fgts' ? disbursed('FGTS') : disbursed());
  /** The write's calls at the sandbox since the last reset: [writes, probe reads]. */
  const callsOf = async (family: Family): Promise<[number, number]> => {
    const { operations } = await a.admin.calls();
    return [operations[family.writePath] ?? 0, operations[family.readPath] ?? 0];
  };
  /** The success payload of the write applied once, as a replica answers it when nothing is lost. */
  const reference = async (family: Family): Promise<Payload> => {
    const id = await proposalFor(family);
    const answer = await run(a, family, randomUUID(), id);
    expect(answer.errors).toBeUndefined();
    return answer.data?.[family.field] as Payload;
  };
  /** A payload without what differs from one application to another (boleto numbers and codes). */
  const normalized = (payload: Payload): unknown => {
    const varying = /^(numeroBoleto|linhaDigitavel|pixCopiaECola)$/;
    const parameters = (payload.parameters as Array<{ name: string; value: string }> | undefined)?.map((p) =>
      varying.test(p.name) ? { name: p.name, value: '*' } : p,
    );
    return {
      ...payload,
      ...(parameters === undefined ? {} : { parameters }),
      ...(payload.returnBoleto === undefined ? {} : { returnBoleto: typeof payload.returnBoleto }),
    };
  };

  beforeEach(async () => {
    await a.admin.clearFaults();
  });

  it('runs the partner with its own IdempotencyKey replay off', async () => {
    expect(await a.admin.replay()).toBe(false);
  });

  describe.each(families)('$name', (family) => {
    it('answers the retry of a write whose answer was lost with the original success payload, the partner having received it once', async () => {
      const expected = normalized(await reference(family));
      const id = await proposalFor(family);
      const key = randomUUID();
      await a.admin.resetCalls();
      proxy.loseAnswers(family.writePath);
      const lost = await run(b, family, key, id);
      expect(codes(lost)).toEqual(['OUTCOME_UNKNOWN']);
      const retried = await run(a, family, key, id);
      expect(retried.errors).toBeUndefined();
      const payload = retried.data?.[family.field] as Payload;
      expect(payload.userErrors).toEqual([]);
      expect(normalized(payload)).toEqual(expected);
      // One write; one "before" read ahead of it and one probe read.
      expect(await callsOf(family)).toEqual([1, 2]);
      const replay = await run(b, family, key, id);
      expect(replay.data?.[family.field]).toEqual(payload);
      expect(await callsOf(family)).toEqual([1, 2]);
      expect(await family.state(a, id)).toEqual(family.applied(id));
    });

    it('sends a write dropped before it reached the partner once more, only after the settle time proves it absent', async () => {
      const id = await proposalFor(family);
      const key = randomUUID();
      await a.admin.resetCalls();
      proxy.dropRequests(family.writePath);
      const lost = await run(b, family, key, id);
      expect(codes(lost)).toEqual(['OUTCOME_UNKNOWN']);
      const early = await run(a, family, key, id);
      expect(codes(early)).toEqual(['OUTCOME_UNKNOWN']);
      expect(await callsOf(family)).toEqual([0, 2]);
      clock.offset += writes.settleMs;
      const settled = await run(a, family, key, id);
      expect(settled.errors).toBeUndefined();
      expect((settled.data?.[family.field] as Payload).userErrors).toEqual([]);
      // The probe read, then the resend with its own "before" read.
      expect(await callsOf(family)).toEqual([1, 4]);
      expect(await family.state(a, id)).toEqual(family.applied(id));
    });

    it('is resolved by the reconciler when its answer was lost, and the retry then replays with no partner call', async () => {
      const id = await proposalFor(family);
      const key = randomUUID();
      proxy.loseAnswers(family.writePath);
      const lost = await run(b, family, key, id);
      expect(codes(lost)).toEqual(['OUTCOME_UNKNOWN']);
      expect((await a.ledger.find('anonymous', key))?.state).toBe('unknown');
      clock.offset += writes.settleMs;
      await reconcileOnce(a.ledger, { probeFor: probeForRecord(a.client, a.ledger), settleMs: writes.settleMs });
      const record = await a.ledger.find('anonymous', key);
      expect([record?.state, record?.resolution]).toEqual(['succeeded', 'found']);
      await a.admin.resetCalls();
      const retried = await run(a, family, key, id);
      expect(retried.errors).toBeUndefined();
      expect((retried.data?.[family.field] as Payload).userErrors).toEqual([]);
      expect((await a.admin.calls()).total).toBe(0);
      expect(await family.state(a, id)).toEqual(family.applied(id));
    });
  });

  it('does not take an identical earlier payment under another key for the lost one', async () => {
    const family = families[0] as Family;
    const id = await disbursed();
    const earlier = await run(a, family, randomUUID(), id);
    expect((earlier.data?.[family.field] as Payload).userErrors).toEqual([]);
    const key = randomUUID();
    await a.admin.resetCalls();
    proxy.dropRequests(family.writePath);
    expect(codes(await run(b, family, key, id))).toEqual(['OUTCOME_UNKNOWN']);
    clock.offset += writes.settleMs;
    const settled = await run(a, family, key, id);
    expect(settled.errors).toBeUndefined();
    expect(await callsOf(family)).toEqual([1, 3]);
    expect(await entries(a, id)).toEqual({ 2: ['20.10/0.05', '20.10/0.05'] });
    // Balance after the second entry: the installment less both payments and both discounts.
    const detail = await agendaOf(a, id);
    const second = detail.parcelas?.find((p) => p.nroParcela === 2);
    expect(settled.data?.[family.field]?.parameters).toEqual([
      { name: 'nroParcela', value: '2' },
      { name: 'vlrSaldoParcela', value: ((second?.vlrParcela ?? 0) - 40.3).toFixed(2) },
      { name: 'situacaoParcela', value: String(second?.situacao) },
      { name: 'situacaoAgenda', value: String(detail.situacaoAgenda) },
    ]);
  });

  it('keeps a payment in doubt when an identical one under another key, also in doubt, may be the entry the agenda shows', async () => {
    const family = families[0] as Family;
    const id = await disbursed();
    const dropped = randomUUID();
    const applied = randomUUID();
    await a.admin.resetCalls();
    proxy.dropRequests(family.writePath);
    expect(codes(await run(b, family, dropped, id))).toEqual(['OUTCOME_UNKNOWN']);
    proxy.loseAnswers(family.writePath);
    expect(codes(await run(b, family, applied, id))).toEqual(['OUTCOME_UNKNOWN']);
    clock.offset += writes.settleMs;
    // One new entry, two writes that may have made it: neither is taken as found, neither is sent again.
    expect(codes(await run(a, family, dropped, id))).toEqual(['OUTCOME_UNKNOWN']);
    expect(codes(await run(a, family, applied, id))).toEqual(['OUTCOME_UNKNOWN']);
    expect(await callsOf(family)).toEqual([1, 4]);
    expect(await entries(a, id)).toEqual({ 2: ['20.10/0.05'] });
  });

  describe.each([
    {
      name: 'a guarantor (IncluirAvalista: no partner read lists guarantors)',
      mutation: GUARANTOR,
      path: '/Proposta/IncluirAvalista',
      input: (id: string) => ({ proposalId: id, name: 'Gil Garante', document: '11144477735' }),
    },
    {
      name: 'a document (IncluirDocumento: no partner read lists documents)',
      mutation: DOCUMENT,
      path: '/Proposta/IncluirDocumento',
      input: (id: string) => ({
        proposalId: id,
        documentTypeCode: 22,
        fileName: 'ccb.pdf',
        extension: 'pdf',
        contentBase64: Buffer.from('%PDF-1.4 ccb').toString('base64'),
      }),
    },
  ])('$name', ({ mutation, path, input }) => {
    it('stays OUTCOME_UNKNOWN on every retry, even after the settle time and a reconciler pass, with no second write', async () => {
      const id = await disbursed();
      const key = randomUUID();
      await a.admin.resetCalls();
      proxy.loseAnswers(path);
      expect(codes(await b.execute(mutation, { key, input: input(id) }))).toEqual(['OUTCOME_UNKNOWN']);
      expect(codes(await a.execute(mutation, { key, input: input(id) }))).toEqual(['OUTCOME_UNKNOWN']);
      clock.offset += writes.settleMs;
      await reconcileOnce(a.ledger, { probeFor: probeForRecord(a.client, a.ledger), settleMs: writes.settleMs });
      expect((await a.ledger.find('anonymous', key))?.state).toBe('unknown');
      expect(codes(await b.execute(mutation, { key, input: input(id) }))).toEqual(['OUTCOME_UNKNOWN']);
      // One write in all (the reconciler pass may have read the partner for other in-doubt records of this suite).
      const { operations } = await a.admin.calls();
      expect(Object.entries(operations).filter(([op]) => !/\/Consulta/.test(op))).toEqual([[path, 1]]);
    });
  });
}
