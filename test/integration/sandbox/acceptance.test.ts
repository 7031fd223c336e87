import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

const CPF = '52998224725';

/** Black-box acceptance findings: requests built from the contract that were answered wrongly. */
describe('sandbox acceptance fixes', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') });
  let disbursed: string;
  let approved: string;
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const failure = (code: string, context: string, description: string, field: string) => ({
    msg: 'Falha na operação.',
    hasError: true,
    messages: [{ messageType: 1, code, context, description, field }],
  });
  const installment = async (n: number) => {
    const d = await call('/AgendaRecebivel/ConsultarDetalhes', {
      dto: { codigoProposta: disbursed, nroParcelas: [n] },
      dtoConsultaDetalhes: { trazerAgendaDetalhada: true },
    });
    return d.json.parcelas[0] as { situacao: number; vlrSaldoAtual: number; vlrTotalPago: number; lancamentos: unknown[] };
  };

  beforeEach(async () => {
    const proposals = await t.admin.proposals();
    disbursed = proposals.find((p) => p.codigoOperacao === 'DEMO-DISBURSED')!.codigo;
    approved = proposals.find((p) => p.codigoOperacao === 'DEMO-APPROVED')!.codigo;
  });

  describe('payment entries whose amount rounds to R$ 0.00 (used to be posted, marking the installment partially paid)', () => {
    const notPositive = (field: string) => failure('C0202', 'V0001', 'O valor do pagamento deve ser maior que zero.', field);

    it('IncluirLancamentoParcela refuses 0.001 and 0.004 with C0202/V0001 and changes nothing', async () => {
      const before = await installment(3);
      expect(before).toMatchObject({ situacao: 0, vlrTotalPago: 0, lancamentos: [] });
      for (const vlrPagamento of [0.001, 0.004]) {
        const r = await call('/AgendaRecebivel/IncluirLancamentoParcela', {
          dto: { codigoProposta: disbursed, nroParcela: 3 },
          dtoLancamentoParcela: { vlrPagamento },
        });
        expect([r.status, r.json]).toEqual([200, notPositive('dtoLancamentoParcela.vlrPagamento')]);
      }
      expect(await installment(3)).toEqual(before);
    });

    it('IncluirLancamentoMultiplasParcelas refuses the whole batch when one amount rounds to zero', async () => {
      const before = [await installment(3), await installment(4)];
      const r = await call('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', {
        dto: { codigoProposta: disbursed },
        dtoLancamentoParcelas: [
          { nroParcela: 3, vlrPagamento: 10 },
          { nroParcela: 4, vlrPagamento: 0.004 },
        ],
      });
      expect([r.status, r.json]).toEqual([200, notPositive('dtoLancamentoParcelas[1].vlrPagamento')]);
      expect([await installment(3), await installment(4)]).toEqual(before);
    });

    it('still posts the smallest positive amount, R$ 0.01 (0.005 rounds half-up to it)', async () => {
      const before = await installment(3);
      const r = await call('/AgendaRecebivel/IncluirLancamentoParcela', {
        dto: { codigoProposta: disbursed, nroParcela: 3 },
        dtoLancamentoParcela: { vlrPagamento: 0.005 },
      });
      expect(r.status).toBe(200);
      expect(r.json.hasError).toBe(false);
      const after = await installment(3);
      expect(after.situacao).toBe(2);
      expect(after.vlrTotalPago).toBe(0.01);
      expect(Math.round((before.vlrSaldoAtual - after.vlrSaldoAtual) * 100)).toBe(1);
    });
  });

  describe('vlrSolicitado that rounds to R$ 0.00 (used to pass T0665/D0020 and fail later with an English text)', () => {
    const d0020 = failure('T0665', 'D0020', 'O valor solicitado deve ser um número maior que zero.', 'dto.vlrSolicitado');

    it('IncluirManual and CalcularValoresProposta answer T0665/D0020', async () => {
      const m = await call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 0.001, prazo: 12 } });
      expect([m.status, m.json]).toEqual([400, d0020]);
      const c = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 0.004, prazo: 12 } });
      expect([c.status, c.json]).toEqual([400, d0020]);
      const ok = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 0.005, prazo: 1, percJurosNegociado: 0 } });
      expect(ok.status).toBe(200);
      expect(ok.json.vlrTotalCredito).toBe(0.01);
    });

    it('IOF deducted beyond the amount released is explained in Portuguese on vlrSolicitado', async () => {
      const c = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 0.01, prazo: 12, formatoCalculo: 2, vlrTAC: 1000 } });
      expect([c.status, c.json]).toEqual([
        400,
        failure('S0003', 'V0001', 'Valores inconsistentes: o IOF excede o valor liberado ao cliente.', 'dto.vlrSolicitado'),
      ]);
    });
  });

  describe('IncluirAvalista type-checks the contract fields of avalistaPF / avalistaPJ (they used to be accepted with any type)', () => {
    const avalista = (extra: Record<string, unknown>) =>
      call('/Proposta/IncluirAvalista', { dto: { codigoProposta: approved }, avalista: { nome: 'Avalista', documentoFederal: CPF, ...extra } });

    it('refuses wrong types and placeholder date-times with S0003/V0001 naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ avalistaPF: { nroDependentes: '2' } }, 'avalista.avalistaPF.nroDependentes', 'O campo avalista.avalistaPF.nroDependentes deve ser numérico.'],
        [
          { avalistaPF: { nroDependentes: 1.5 } },
          'avalista.avalistaPF.nroDependentes',
          'O campo avalista.avalistaPF.nroDependentes deve ser um número inteiro.',
        ],
        [{ avalistaPF: { dtNasc: '<timestamp>' } }, 'avalista.avalistaPF.dtNasc', 'O campo avalista.avalistaPF.dtNasc deve ser uma data ISO 8601.'],
        [{ avalistaPF: { refBanco2Nome: 5 } }, 'avalista.avalistaPF.refBanco2Nome', 'O campo avalista.avalistaPF.refBanco2Nome deve ser texto.'],
        [{ avalistaPF: { patrimonio3Valor: 'x' } }, 'avalista.avalistaPF.patrimonio3Valor', 'O campo avalista.avalistaPF.patrimonio3Valor deve ser numérico.'],
        [
          { avalistaPF: { mostrarConjugeCCB: 'true' } },
          'avalista.avalistaPF.mostrarConjugeCCB',
          'O campo avalista.avalistaPF.mostrarConjugeCCB deve ser booleano.',
        ],
        [
          { avalistaPJ: { socio5DtEntrada: 'ontem' } },
          'avalista.avalistaPJ.socio5DtEntrada',
          'O campo avalista.avalistaPJ.socio5DtEntrada deve ser uma data ISO 8601.',
        ],
        [{ avalistaPJ: { bens3Qtde: '1' } }, 'avalista.avalistaPJ.bens3Qtde', 'O campo avalista.avalistaPJ.bens3Qtde deve ser numérico.'],
        [{ avalistaPJ: { capitalSocial: [] } }, 'avalista.avalistaPJ.capitalSocial', 'O campo avalista.avalistaPJ.capitalSocial deve ser numérico.'],
        [
          { avalistaPJ: { refCom4PercentualCliente: {} } },
          'avalista.avalistaPJ.refCom4PercentualCliente',
          'O campo avalista.avalistaPJ.refCom4PercentualCliente deve ser numérico.',
        ],
      ];
      for (const [extra, field, description] of cases) {
        const r = await avalista(extra);
        expect([r.status, r.json]).toEqual([400, failure('S0003', 'V0001', description, field)]);
      }
    });

    it('accepts every typed field with its contract type, null as absent, and ignores unknown members', async () => {
      const pf = {
        rg: '123',
        dtNasc: '1980-02-03T00:00:00',
        rgData: '2000-01-01T00:00:00Z',
        estadoCivil: 1,
        nroDependentes: 2,
        vlrRendimentoTrabalho: 5000.5,
        mostrarConjugeCCB: false,
        refBanco1Nome: 'Banco',
        refBanco2DtAbertura: '2010-05-05T00:00:00Z',
        refComercial3Parentesco: 'irmão',
        patrimonio1Descricao: 'Casa',
        patrimonio1Valor: 300000,
        nomeMae: null,
        campoDesconhecido: { x: 1 },
      };
      const pj = {
        nomeFantasia: 'ACME',
        dtFundacao: '2001-01-01T00:00:00Z',
        socio1Nome: 'Sócio',
        socio1Percentual: 50,
        adm5DtTermino: '2030-01-01T00:00:00Z',
        colig2CNPJ: '11222333000181',
        refBanco3Conta: '1',
        refCom1PercentualFornec: 10,
        refNeg2ValorNegocio: 1000,
        dadosFinanc6ProdServ: 'x',
        capitalSocial: 100000,
        bens1Qtde: 2,
        bens1ValorAtual: 5000.25,
      };
      const first = await avalista({ avalistaPF: pf });
      expect([first.status, first.json.hasError, first.json.numero]).toEqual([200, false, 1]);
      const second = await avalista({ avalistaPJ: pj });
      expect([second.status, second.json.hasError, second.json.numero]).toEqual([200, false, 2]);
    });

    it('the OpenAPI document types the indexed guarantor fields', async () => {
      const doc = (await (await fetch(`${t.sandbox.url}/_sandbox/openapi.json`)).json()) as {
        components: { schemas: { Guarantor: { properties: Record<string, { properties: Record<string, unknown> }> } } };
      };
      const { avalistaPF, avalistaPJ } = doc.components.schemas.Guarantor.properties;
      expect(avalistaPF!.properties.refBanco2DtAbertura).toEqual({ type: 'string', format: 'date-time' });
      expect(avalistaPF!.properties.refBanco3Nome).toBeUndefined();
      expect(avalistaPF!.properties.nroDependentes).toEqual({ type: 'integer' });
      expect(avalistaPJ!.properties.socio5DtEntrada).toEqual({ type: 'string', format: 'date-time' });
      expect(avalistaPJ!.properties.bens3Qtde).toEqual({ type: 'integer' });
      expect(avalistaPJ!.properties.dadosFinanc6Percentual).toEqual({ type: 'number' });
      expect(Object.keys(avalistaPF!.properties)).toHaveLength(36 + 3 + 2 + 4 + 1 + 12 + 9 + 6);
      expect(Object.keys(avalistaPJ!.properties)).toHaveLength(11 + 1 + 35 + 25 + 30 + 18 + 24 + 10 + 12 + 6 + 12);
    });
  });
});

describe('IncluirManual propostaLancamentos (linhaDigitavel used to be dropped, cedente fields unchecked)', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') }, { reset: false });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const base = { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 12 };
  const entry = {
    campoID: 'LIB1',
    vlrTransacao: 1000,
    dtPagamento: '2026-03-12T00:00:00Z',
    linhaDigitavel: '23790001239000050000001000000107516990000115781',
    numeroBanco: '237',
    agencia: '0001',
    agenciaDig: '9',
    conta: '12345',
    contaDig: '6',
    documentoFederal: CPF,
    nomePagamento: 'Ana Cliente',
    documentoFederalCedente: '11222333000181',
    nomeCedente: 'Loja Exemplo',
    codigoBanco: 237,
    tipoConta: 1,
  };

  it('echoes every entry field of the contract in PropostaLancamentos', async () => {
    const m = await call('/Proposta/IncluirManual', { dto: { ...base, codigoOperacao: 'LANC-1', propostaLancamentos: [entry] } });
    expect(m.status).toBe(200);
    const q = await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: m.json.codigo } });
    expect(q.json.PropostaLancamentos).toEqual([
      {
        CampoID: 'LIB1',
        DescricaoCampo: 'Ana Cliente',
        VlrTransacao: 1000,
        DtPrevPagto: '2026-03-12T00:00:00.000Z',
        DtPagamento: null,
        Situacao: 0,
        LinhaDigitavel: '23790001239000050000001000000107516990000115781',
        DtVenctoBoleto: null,
        VlrBoleto: null,
        CodigoBanco: 237,
        NumeroBanco: '237',
        TipoConta: 1,
        Agencia: '0001',
        AgenciaDig: '9',
        Conta: '12345',
        ContaDig: '6',
        DocumentoFederal: CPF,
        NomePagamento: 'Ana Cliente',
        TextoRetornoPagamento: null,
        AutenticacaoBancaria: null,
        ControleBancario: null,
        DescricaoOcorrencia: 'Aguardando pagamento',
      },
    ]);
  });

  it('refuses wrong types in the cedente fields and an amount that rounds to zero', async () => {
    const s0003 = (description: string, field: string) => ({
      msg: 'Falha na operação.',
      hasError: true,
      messages: [{ messageType: 1, code: 'S0003', context: 'V0001', description, field }],
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nomeCedente: 5 }, 'O campo dto.propostaLancamentos[0].nomeCedente deve ser texto.', 'dto.propostaLancamentos[0].nomeCedente'],
      [
        { documentoFederalCedente: 11222333000181 },
        'O campo dto.propostaLancamentos[0].documentoFederalCedente deve ser texto.',
        'dto.propostaLancamentos[0].documentoFederalCedente',
      ],
      [{ linhaDigitavel: [] }, 'O campo dto.propostaLancamentos[0].linhaDigitavel deve ser texto.', 'dto.propostaLancamentos[0].linhaDigitavel'],
      [{ vlrTransacao: 0.004 }, 'vlrTransacao deve ser um número maior que zero.', 'dto.propostaLancamentos[0].vlrTransacao'],
    ];
    for (const [patch, description, field] of cases) {
      const r = await call('/Proposta/IncluirManual', { dto: { ...base, propostaLancamentos: [{ ...entry, ...patch }] } });
      expect([r.status, r.json]).toEqual([400, s0003(description, field)]);
    }
  });
});

describe('IncluirManual / CalcularValoresProposta type-check the contract fields they ignore (they used to accept any type)', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') }, { reset: false });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const s0003 = (description: string, field: string) => ({
    msg: 'Falha na operação.',
    hasError: true,
    messages: [{ messageType: 1, code: 'S0003', context: 'V0001', description, field }],
  });

  it('IncluirManual: numbers, integers and strings of the contract', async () => {
    const base = { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 12 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vlrCorban: '10' }, 'O campo dto.vlrCorban deve ser numérico.', 'dto.vlrCorban'],
      [{ percIndiceFinan: true }, 'O campo dto.percIndiceFinan deve ser numérico.', 'dto.percIndiceFinan'],
      [{ codigoVersaoCCB: 1.5 }, 'O campo dto.codigoVersaoCCB deve ser um número inteiro.', 'dto.codigoVersaoCCB'],
      [{ tipoIndiceFinan: '1' }, 'O campo dto.tipoIndiceFinan deve ser numérico.', 'dto.tipoIndiceFinan'],
      [{ observacoesVendedor: 7 }, 'O campo dto.observacoesVendedor deve ser texto.', 'dto.observacoesVendedor'],
      [{ documentoParceiroCorrespondente: {} }, 'O campo dto.documentoParceiroCorrespondente deve ser texto.', 'dto.documentoParceiroCorrespondente'],
    ];
    for (const [patch, description, field] of cases) {
      const r = await call('/Proposta/IncluirManual', { dto: { ...base, ...patch } });
      expect([r.status, r.json]).toEqual([400, s0003(description, field)]);
    }
    const ok = await call('/Proposta/IncluirManual', {
      dto: { ...base, vlrCorban: 10, codigoVersaoCCB: 2, tipoIndiceFinan: 0, observacoesVendedor: 'ok', vlrProdutoBem: null },
    });
    expect([ok.status, ok.json.hasError]).toEqual([200, false]);
  });

  it('CalcularValoresProposta: the amounts it does not use', async () => {
    for (const key of ['vlrProdutoBem', 'vlrEntrada', 'vlrIOF', 'vlrCertiDocs']) {
      const r = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 12, [key]: 'x' } });
      expect([r.status, r.json]).toEqual([400, s0003(`O campo dto.${key} deve ser numérico.`, `dto.${key}`)]);
    }
    const ok = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 12, vlrIOF: 999, vlrEntrada: 0 } });
    expect([ok.status, ok.json.hasError]).toEqual([200, false]);
  });
});

describe('signature duplicate checks stay linear (40,000 signers used to block the event loop for about 14 s)', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') }, { reset: false });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);

  it('registers 40,000 signers in one request quickly and still finds duplicates against them', async () => {
    const approved = (await t.admin.proposals()).find((p) => p.codigoOperacao === 'DEMO-APPROVED')!.codigo;
    const signer = (i: number) => ({
      nome: `Assinante ${i}`,
      email: `a${i}@example.com`,
      documento: CPF,
      descricao: 'Emitente',
      telefoneCelular: `119${String(10_000_000 + i)}`,
      notificarPorEmail: true,
    });
    // No timed assertion (the machine may be loaded): the quadratic check took about 14 s alone, the
    // linear one well under a second; the test's own bound below is a hang guard, not a speed check.
    const r = await call('/Proposta/IncluirAssinaturaCCB', {
      dto: { codigoProposta: approved },
      assinantes: Array.from({ length: 40_000 }, (_, i) => signer(i)),
    });
    expect(r.status).toBe(200);
    expect(r.json.parametros.slice(0, 2)).toEqual([
      { nome: 'quantidadeAssinantes', valor: '40000' },
      { nome: 'assinaturasPendentes', valor: '40000' },
    ]);
    const dup = await call('/Proposta/IncluirAssinaturaCCB', {
      dto: { codigoProposta: approved },
      assinantes: [
        { ...signer(39_999), nome: 'Outro Nome' },
        { ...signer(40_000), descricao: 'Avalista', nome: 'Assinante 12' },
        { ...signer(40_001), nome: 'Assinante 12' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.json.messages.map((m: { code: string; context: string; field: string }) => [m.code, m.context, m.field])).toEqual([
      ['T0668', 'D0013', 'assinantes[0].email'],
      ['T0668', 'D0012', 'assinantes[2].nome'],
    ]);
  }, 120_000);
});
