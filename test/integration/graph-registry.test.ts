import { consultaBureauCnpj, consultarCadastroBusca, calcularValoresProposta } from '../../src/upstream/index.js';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

describe('the credit graph people, registry and simulation', () => {
  let h: GraphHarness;
  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetCalls();
  });

  it('reaches the client of a disbursed proposal through the agenda it already reads, plus one person call', async () => {
    const { id } = h.demo('disbursed');
    const result = await h.run(
      `query($id: ID!) { proposal(id: $id) { agenda { clientDocument } client { document name details { personType emails { address } } } } }`,
      { id },
    );
    expect(result.errors).toBeUndefined();
    const proposal = result.data?.proposal as {
      agenda: { clientDocument: string };
      client: { document: string; name: string; details: { personType: string; emails: unknown[] } };
    };
    expect(proposal.client.document).toBe('39053344705');
    expect(proposal.client.document).toBe(proposal.agenda.clientDocument);
    expect(proposal.client.name).toBe('Carla Demo Paga');
    expect(proposal.client.details.personType).toBe('INDIVIDUAL');
    expect((await h.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/Pessoa/ConsultarPessoa': 1 });
  });

  it('answers a client that is not disbursed yet with null', async () => {
    const { id } = h.demo('approved');
    const result = await h.run(`query($id: ID!) { proposal(id: $id) { id client { document } } }`, { id });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ proposal: { id, client: null } });
  });

  it('reads a person with one call and refuses an invalid document before any call', async () => {
    const ok = await h.run(`{ person(document: "390.533.447-05") { document name raw } }`);
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.person).toMatchObject({ document: '39053344705', name: 'Carla Demo Paga' });
    expect((await h.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1 });
    await h.resetCalls();
    const bad = await h.run(`{ person(document: "390.533.447-06") { document } }`);
    expect(bad.errors).toHaveLength(1);
    expect(bad.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      userErrors: [
        { code: 'INVALID_INPUT', field: ['document'], message: 'document must be a CPF or CNPJ with valid check digits', upstreamCode: 'C0210/V0002' },
      ],
    });
    // the refused document is personal data: it is not echoed back in the error
    expect(JSON.stringify(bad.errors)).not.toMatch(/390\.?533\.?447-?06/);
    expect((await h.calls()).total).toBe(0);
  });

  it('types the registration record and keeps the raw json', async () => {
    const result = await h.run(
      `{ registrationRecord(document: "11.222.333/0001-81") { document personType personTypeCode name taxStatus partners { name sharePercent } addresses { city state } raw } }`,
    );
    expect(result.errors).toBeUndefined();
    const record = result.data?.registrationRecord as {
      document: string;
      personType: string;
      personTypeCode: number;
      name: string;
      partners: Array<{ name: string; sharePercent: string }>;
      raw: Record<string, unknown>;
    };
    const upstream = (await consultarCadastroBusca(h.upstream, { consulta: { documento: '11222333000181' } })).json as Record<string, unknown> & {
      socios: Array<{ nome: string; percentual: number }>;
    };
    expect(record.document).toBe('11222333000181');
    expect(record.personType).toBe('COMPANY');
    expect(record.personTypeCode).toBe(2);
    expect(record.name).toBe(upstream.nome);
    expect(record.partners.map((p) => p.name)).toEqual(upstream.socios.map((s) => s.nome));
    expect(record.partners.map((p) => p.sharePercent)).toEqual(upstream.socios.map((s) => String(s.percentual)));
    expect(record.raw).toEqual(upstream);
  });

  it('types the bureau report sections with exact totals', async () => {
    const result = await h.run(
      `{ bureauReport(document: "52998224725") { document score riskBand hasRestrictions consultedAt liabilities { count total items { creditor kind amount contractDate remainingInstallments } } protests { count total } } }`,
    );
    expect(result.errors).toBeUndefined();
    const report = result.data?.bureauReport as {
      score: number;
      riskBand: string;
      consultedAt: string;
      liabilities: { count: number; total: string; items: unknown[] };
    };
    type Liability = { credor: string; modalidade: string; valor: number; dataContratacao: string; parcelasRestantes: number };
    const upstream = (await consultaBureauCnpj(h.upstream, { documento: '52998224725' })) as unknown as {
      score: number;
      faixaRisco: string;
      dataConsulta: string;
      passivos: { quantidade: number; valorTotal: number; itens: Liability[] };
    };
    expect(report.score).toBe(upstream.score);
    expect(report.riskBand).toBe(upstream.faixaRisco);
    expect(report.liabilities.count).toBe(upstream.passivos.quantidade);
    expect(report.liabilities.total).toBe(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, useGrouping: false }).format(upstream.passivos.valorTotal),
    );
    // Each report is produced at the sandbox clock of its own call, so only its form is compared.
    expect(report.consultedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(upstream.dataConsulta).toMatch(/Z$/);
    expect(report.liabilities.items).toEqual(
      upstream.passivos.itens.map((i) => ({
        creditor: i.credor,
        kind: i.modalidade,
        amount: i.valor.toFixed(2),
        contractDate: i.dataContratacao,
        remainingInstallments: i.parcelasRestantes,
      })),
    );
    expect(report.liabilities.items.length).toBeGreaterThan(0);
  });

  it('simulates a proposal with one call and exact values', async () => {
    const result = await h.run(
      `{ simulateProposal(input: { requestedAmount: "5000.00", monthlyInterestRate: "2.5", installments: 12 }) { installmentAmount iofAmount totalDebtAmount monthlyCet annualInterestRate } }`,
    );
    expect(result.errors).toBeUndefined();
    const upstream = await calcularValoresProposta(h.upstream, {
      dto: { vlrSolicitado: 5000, percJurosNegociado: 2.5, prazo: 12, tipoPessoa: 1, formatoCalculo: 1 },
    });
    const money = (n: number | null | undefined): string =>
      new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 10, useGrouping: false }).format(n as number);
    expect(result.data?.simulateProposal).toEqual({
      installmentAmount: money(upstream.vlrParcela),
      iofAmount: money(upstream.vlrIOF),
      totalDebtAmount: money(upstream.vlrTotalDivida),
      monthlyCet: String(upstream.percCETMensal),
      annualInterestRate: String(upstream.percJurosAnual),
    });
    expect((await h.calls()).operations).toEqual({ '/Proposta/CalcularValoresProposta': 2 });
  });

  it('reports a simulation the partner rejects as UPSTREAM_REJECTED with its catalogue code', async () => {
    const result = await h.run(
      `{ simulateProposal(input: { requestedAmount: "5000.00", monthlyInterestRate: "2.5", installments: 12, calculationFormat: 999 }) { installmentAmount } }`,
    );
    expect(result.data).toBeNull();
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', upstreamCodes: ['T0665/D0022'] });
  });

  it('refuses an invalid simulation before any call', async () => {
    const result = await h.run(`{ simulateProposal(input: { requestedAmount: "0", monthlyInterestRate: "2.5", installments: 0 }) { installmentAmount } }`);
    // One error for the field, every problem in the mutations' userErrors shape, with the catalogue's codes.
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0]?.extensions?.validationErrors).toBeUndefined();
    expect(
      (result.errors?.[0]?.extensions?.userErrors as Array<{ field: string[]; upstreamCode: string }>).map((e) => [e.field.join('.'), e.upstreamCode]),
    ).toEqual([
      ['input.requestedAmount', 'T0665/D0020'],
      ['input.installments', 'T0665/D0021'],
    ]);
    expect((await h.calls()).total).toBe(0);
  });
});
