import { computeProposalValues } from '../../../src/sandbox/finance/index.js';
import { callOperation, sandboxFixture, startTestSandbox } from '../../helpers/sandbox.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const CPF = '52998224725';
const CNPJ = '11222333000181';
const MANUAL = '/Proposta/IncluirManual';

describe('sandbox proposal operations', () => {
  const t = sandboxFixture({ now: NOW });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const manual = (dto: Record<string, unknown> = {}, parametros?: unknown[]) =>
    call(MANUAL, {
      dto: { documentoCliente: CPF, tipoContrato: 'CDC-PF', vlrSolicitado: 5000, prazo: 12, percJurosNegociado: 2.5, ...dto },
      ...(parametros ? { parametros } : {}),
    });

  describe('credit analysis', () => {
    const situation = async (codigo: string) => (await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: codigo } })).json.Situacao as number;
    const reason = async (codigo: string) => (await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: codigo } })).json.MotivoRejeicao as string | null;

    it('keeps a new proposal under review (1) until the delay has passed on the sandbox clock, then approves it (2)', async () => {
      expect(await t.admin.analysisDelayMs()).toBe(10_000);
      const codigo = (await manual()).json.codigo as string;
      expect(await situation(codigo)).toBe(1);
      await t.admin.advanceSeconds(9.999);
      expect(await situation(codigo)).toBe(1);
      await t.admin.advanceSeconds(0.001);
      expect(await situation(codigo)).toBe(2);
      expect(await reason(codigo)).toBeNull();
    });

    it('rejects (3) an amount above the client limit: R$ 100,000.00 for a CPF, R$ 1,000,000.00 for a CNPJ, or vlrPreAprovado', async () => {
      const atCpfLimit = (await manual({ vlrSolicitado: 100_000 })).json.codigo as string;
      const overCpfLimit = (await manual({ vlrSolicitado: 100_000.01 })).json.codigo as string;
      const atCnpjLimit = (await manual({ documentoCliente: CNPJ, tipoContrato: 'CG', vlrSolicitado: 1_000_000 })).json.codigo as string;
      const overCnpjLimit = (await manual({ documentoCliente: CNPJ, tipoContrato: 'CG', vlrSolicitado: 1_000_000.01 })).json.codigo as string;
      const overPreApproved = (await manual({ vlrSolicitado: 5000, vlrPreAprovado: 4999.99 })).json.codigo as string;
      const atPreApproved = (await manual({ vlrSolicitado: 150_000, vlrPreAprovado: 150_000 })).json.codigo as string;
      await t.admin.concludeAnalyses();
      expect(await situation(atCpfLimit)).toBe(2);
      expect(await situation(overCpfLimit)).toBe(3);
      expect(await reason(overCpfLimit)).toBe('Valor solicitado acima do limite de crédito do cliente.');
      expect(await situation(atCnpjLimit)).toBe(2);
      expect(await situation(overCnpjLimit)).toBe(3);
      expect(await situation(overPreApproved)).toBe(3);
      expect(await situation(atPreApproved)).toBe(2);
    });

    it('ends when the admin API moves the proposal, and does not run for a situacaoInicial', async () => {
      const moved = (await manual()).json.codigo as string;
      const held = (await manual({}, [{ nome: 'situacaoInicial', valor: '1' }])).json.codigo as string;
      await t.admin.setSituation(moved, 5);
      await t.admin.concludeAnalyses();
      expect(await situation(moved)).toBe(5);
      expect(await situation(held)).toBe(1);
    });

    it('concludes at the next request with a delay of 0 (createSandbox analysisDelayMs or PUT /_sandbox/analysis)', async () => {
      await t.admin.setAnalysisDelayMs(0);
      const codigo = (await manual()).json.codigo as string;
      expect(await situation(codigo)).toBe(2);
      const bad = await fetch(`${t.sandbox.url}/_sandbox/analysis`, { method: 'PUT', body: '{"delayMs": -1}' });
      expect(bad.status).toBe(400);
      await t.admin.reset();
      expect(await t.admin.analysisDelayMs()).toBe(10_000);
      const quick = await startTestSandbox({ analysisDelayMs: 0 });
      try {
        expect(await quick.admin.analysisDelayMs()).toBe(0);
      } finally {
        await quick.close();
      }
    });
  });

  describe('IncluirManual', () => {
    it('creates a proposal under review with codigo and numero and the computed values', async () => {
      const res = await manual({ vlrTAC: 100, vlrSeguro: 50 });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ msg: expect.any(String), hasError: false, messages: [], codigo: expect.stringMatching(/^[0-9a-f-]{36}$/), numero: 100001 });
      const expected = computeProposalValues({
        requestedAmount: 5000,
        monthlyInterestPct: 2.5,
        installments: 12,
        personType: 1,
        calculationFormat: 1,
        baseDate: NOW,
        extraDays: 0,
        tac: 100,
        insurance: 50,
      });
      const q = await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: res.json.codigo } });
      expect(q.json).toMatchObject({
        HasError: false,
        Codigo: res.json.codigo,
        Situacao: 1,
        DtInclusao: NOW.toISOString(),
        VlrFinanciado: expected.financedAmount,
        VlrTAC: 100,
        VlrSeguro: 50,
        VlrIOF: expected.iof,
        VlrTotalCredito: expected.totalCredit,
        VlrTotalDivida: expected.totalDebt,
        QtdeParcelas: 12,
        PercJurosMensal: 2.5,
        PercJurosAnual: expected.annualInterestPct,
        PercCETMensal: expected.monthlyCetPct,
        PercCETAnual: expected.annualCetPct,
        CodigoProposta: '100001',
        NumeroCCB: '100001',
        PropostaLancamentos: [],
        CancelamentoFGTS: [],
      });
      expect((await t.admin.proposals())[0]).toMatchObject({ codigoOperacao: 'SBX100001', ownerClientId: t.client.clientId });
    });

    it('honours codigoOperacao, numeroCCB, situacaoInicial and the payment entries', async () => {
      const res = await manual(
        {
          codigoOperacao: 'OP-1',
          numeroCCB: 777,
          propostaLancamentos: [{ campoID: 'PIX1', vlrTransacao: 5000, nomePagamento: 'Cliente', codigoBanco: 1, tipoConta: 1 }],
        },
        [{ nome: 'situacaoInicial', valor: '1' }],
      );
      expect(res.status).toBe(200);
      const q = await call('/FGTS/ConsultaProposta', { dto: { CodigoOperacao: 'OP-1' } });
      expect(q.json).toMatchObject({ Situacao: 1, NumeroCCB: '777' });
      expect(q.json.PropostaLancamentos).toEqual([
        expect.objectContaining({ CampoID: 'PIX1', VlrTransacao: 5000, Situacao: 0, CodigoBanco: 1, TipoConta: 1, DtPagamento: null }),
      ]);
      const dup = await manual({ codigoOperacao: 'OP-1' });
      expect(dup.status).toBe(200);
      expect(dup.json.messages[0]).toMatchObject({ code: 'S0005', context: 'V0001' });
    });

    it('accepts a CNPJ client for a product open to companies (person type 2)', async () => {
      const res = await manual({ documentoCliente: '11.222.333/0001-81', tipoContrato: 'CG' });
      expect(res.status).toBe(200);
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['client missing', { documentoCliente: undefined }, 'D0001', 'dto.documentoCliente'],
      ['client blank', { documentoCliente: '  ' }, 'D0001', 'dto.documentoCliente'],
      ['client CPF with wrong check digits', { documentoCliente: '52998224724' }, 'D0002', 'dto.documentoCliente'],
      ['client CNPJ with wrong check digits', { documentoCliente: '11222333000182' }, 'D0002', 'dto.documentoCliente'],
      ['operation type missing', { tipoContrato: undefined }, 'D0019', 'dto.tipoContrato'],
      ['amount missing', { vlrSolicitado: undefined }, 'D0020', 'dto.vlrSolicitado'],
      ['amount zero', { vlrSolicitado: 0 }, 'D0020', 'dto.vlrSolicitado'],
      ['amount as a string', { vlrSolicitado: '5000' }, 'D0020', 'dto.vlrSolicitado'],
      ['installments missing', { prazo: undefined }, 'D0021', 'dto.prazo'],
      ['installments out of range', { prazo: 421 }, 'D0021', 'dto.prazo'],
      ['installments fractional', { prazo: 1.5 }, 'D0021', 'dto.prazo'],
      ['calculation format unknown', { formatoCalculo: 9 }, 'D0022', 'dto.formatoCalculo'],
      ['company client on an individual-only product', { documentoCliente: CNPJ, tipoContrato: 'FGTS' }, 'D0023', 'dto.documentoCliente'],
      ['promoter document invalid', { documentoPromotor: '123' }, 'D0018', 'dto.documentoPromotor'],
    ];
    it.each(cases)('refuses %s with T0665 (HTTP 400)', async (_name, dto, context, field) => {
      const res = await manual(dto);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ hasError: true });
      expect(res.json.messages).toEqual([{ messageType: 1, code: 'T0665', context, description: expect.any(String), field }]);
      expect(await t.admin.proposals()).toEqual([]);
    });

    it('refuses an empty partner code (D0016) and an unknown seller (D0017)', async () => {
      const res = await manual({}, [
        { nome: 'EPCodigo', valor: '' },
        { nome: 'documentoVendedor', valor: '00000000000' },
      ]);
      expect(res.status).toBe(400);
      expect(res.json.messages.map((m: { context: string }) => m.context)).toEqual(['D0016', 'D0017']);
    });

    it('reports every T0665 failure at once', async () => {
      const res = await call(MANUAL, { dto: {} });
      expect(res.json.messages.map((m: { context: string }) => m.context)).toEqual(['D0001', 'D0019', 'D0020', 'D0021']);
    });

    it('refuses an invalid situacaoInicial and a first due date before today', async () => {
      const s = await manual({}, [{ nome: 'situacaoInicial', valor: '9' }]);
      expect(s.status).toBe(400);
      expect(s.json.messages[0]).toMatchObject({ code: 'S0003', field: 'parametros.situacaoInicial' });
      const d = await manual({ dtPrimeiroVencto: '2026-03-01T00:00:00Z' });
      expect(d.status).toBe(400);
      expect(d.json.messages[0]).toMatchObject({ code: 'S0003', field: 'dto.dtPrimeiroVencto' });
    });
  });

  describe('CalcularValoresProposta', () => {
    it('answers the values computeProposalValues gives for the same terms', async () => {
      const res = await call('/Proposta/CalcularValoresProposta', {
        dto: { vlrSolicitado: 10000, percJurosNegociado: 1.99, prazo: 24, tipoPessoa: 2, formatoCalculo: 2, nroDiasAcrescimo: 20, vlrTAC: 200 },
      });
      const v = computeProposalValues({
        requestedAmount: 10000,
        monthlyInterestPct: 1.99,
        installments: 24,
        personType: 2,
        calculationFormat: 2,
        baseDate: NOW,
        extraDays: 20,
        tac: 200,
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        msg: expect.any(String),
        hasError: false,
        messages: [],
        vlrParcela: v.installmentAmount,
        vlrTAC: 200,
        vlrBoleto: 0,
        vlrSeguro: 0,
        vlrIOF: v.iof,
        vlrTotalCredito: v.totalCredit,
        vlrTotalDivida: v.totalDebt,
        percCETMensal: v.monthlyCetPct,
        percCETAnual: v.annualCetPct,
        percJurosMensal: 1.99,
        percJurosAnual: v.annualInterestPct,
      });
      expect(v.totalDebt).toBeCloseTo(v.installmentAmount * 24, 0);
      expect(await t.admin.proposals()).toEqual([]);
    });

    it('refuses missing amount, bad term and bad format with T0665', async () => {
      const res = await call('/Proposta/CalcularValoresProposta', { dto: { prazo: 0, formatoCalculo: 7 } });
      expect(res.status).toBe(400);
      expect(res.json.messages.map((m: { code: string; context: string }) => `${m.code}/${m.context}`)).toEqual(['T0665/D0020', 'T0665/D0021', 'T0665/D0022']);
      const person = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 100, prazo: 2, tipoPessoa: 3 } });
      expect(person.status).toBe(400);
      expect(person.json.messages[0]).toMatchObject({ code: 'S0003', field: 'dto.tipoPessoa' });
    });
  });

  describe('ConsultarParcelas', () => {
    it('lists the schedule with the proposal number in codigoProposta', async () => {
      const created = await manual({ prazo: 3, vlrSolicitado: 900 });
      const res = await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: created.json.codigo }, parametros: [] });
      const v = computeProposalValues({
        requestedAmount: 900,
        monthlyInterestPct: 2.5,
        installments: 3,
        personType: 1,
        calculationFormat: 1,
        baseDate: NOW,
        extraDays: 0,
      });
      expect(res.status).toBe(200);
      expect(res.json.parcelas).toEqual(
        v.schedule.map((s) => ({
          msg: '',
          hasError: false,
          messages: [],
          codigo: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          codigoProposta: 100001,
          nroParcela: s.number,
          dtVencimento: s.dueDate.toISOString(),
          vlrParcela: s.amount,
          situacao: 0,
          linhaDigitavel: null,
          dtPagamento: null,
          nossoNumero: null,
          nossoNumeroDv: null,
          vlrJuros: s.interest,
          vlrJurosMora: 0,
          vlrDesconto: 0,
          vlrPago: 0,
        })),
      );
      expect(res.json.parcelas[0].dtVencimento).toBe('2026-04-10T00:00:00.000Z');
    });

    it('finds proposals by numeroProposta and codigoOperacao', async () => {
      await manual({ codigoOperacao: 'X-9' });
      expect((await call('/Proposta/ConsultarParcelas', { dto: { numeroProposta: 100001 } })).json.parcelas).toHaveLength(12);
      expect((await call('/Proposta/ConsultarParcelas', { dto: { codigoOperacao: 'X-9' } })).json.parcelas).toHaveLength(12);
    });

    it('shows payments after disbursement', async () => {
      const created = await manual({ prazo: 2, vlrSolicitado: 1000 });
      await t.admin.setSituation(created.json.codigo, 9);
      const parcelas = (await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: created.json.codigo } })).json.parcelas;
      await call('/AgendaRecebivel/IncluirLancamentoParcela', {
        dto: { codigoProposta: created.json.codigo, nroParcela: 1 },
        dtoLancamentoParcela: { vlrPagamento: parcelas[0].vlrParcela },
      });
      const after = (await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: created.json.codigo } })).json.parcelas;
      expect(after[0]).toMatchObject({ situacao: 1, vlrPago: parcelas[0].vlrParcela, dtPagamento: NOW.toISOString() });
      expect(after[1]).toMatchObject({ situacao: 0, vlrPago: 0 });
    });
  });

  describe('IncluirAvalista', () => {
    it('adds guarantors numbered in order', async () => {
      const created = await manual();
      const a = await call('/Proposta/IncluirAvalista', {
        dto: { codigoProposta: created.json.codigo },
        avalista: { nome: 'Fiador Um', documentoFederal: '111.444.777-35', uf: 'SP', avalistaPF: { estadoCivil: 1, email: 'f@x.com', nested: { no: 1 } } },
      });
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({ hasError: false, codigo: expect.stringMatching(/^[0-9a-f-]{36}$/), numero: 1 });
      const b = await call('/Proposta/IncluirAvalista', { dto: { codigoProposta: created.json.codigo }, avalista: { avalistaPJ: { nomeFantasia: 'ACME' } } });
      expect(b.json.numero).toBe(2);
    });

    it('refuses a missing avalista, an invalid document and a foreign proposal', async () => {
      const created = await manual();
      const missing = await call('/Proposta/IncluirAvalista', { dto: { codigoProposta: created.json.codigo } });
      expect(missing.status).toBe(400);
      expect(missing.json.messages[0]).toMatchObject({ code: 'S0003', context: 'V0002', field: 'avalista' });
      const bad = await call('/Proposta/IncluirAvalista', { dto: { codigoProposta: created.json.codigo }, avalista: { documentoFederal: '123' } });
      expect(bad.status).toBe(400);
      expect(bad.json.messages[0]).toMatchObject({ code: 'S0004', context: 'V0001' });
      const unknown = await call('/Proposta/IncluirAvalista', { dto: { numeroProposta: 999 }, avalista: {} });
      expect(unknown.json.messages[0]).toMatchObject({ code: 'C0112', context: 'V0001' });
    });
  });
});
