import { getPixPayloadInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { SandboxFailure } from '../../../../src/sandbox/envelope.js';
import { parseDigitableLine } from '../../../../src/sandbox/receivables/codes.js';
import { receivablesRoutes } from '../../../../src/sandbox/routes/receivables.js';
import { type OperationContext } from '../../../../src/sandbox/routes/types.js';
import { makeContext } from './fixtures.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(ctx: OperationContext, op: string, body: Json): Promise<Json> {
  const route = receivablesRoutes.find((r) => r.path === `/AgendaRecebivel/${op}`);
  if (!route) {
    throw new Error(op);
  }
  return (await route.handler(ctx, body)) as Json;
}

async function failure(ctx: OperationContext, op: string, body: Json): Promise<string> {
  try {
    await call(ctx, op, body);
  } catch (e) {
    if (e instanceof SandboxFailure) {
      return `${e.items[0]?.code}/${e.items[0]?.context} ${e.items[0]?.field} ${e.status}`;
    }
    throw e;
  }
  return 'no failure';
}

const param = (result: Json, nome: string): string[] => (result.parametros as Json[]).filter((p) => p.nome === nome).map((p) => p.valor as string);

describe('receivables routes', () => {
  it('declares the six operations, the four writes as writes', () => {
    expect(receivablesRoutes.map((r) => [r.path, r.write, r.pascal])).toEqual([
      ['/AgendaRecebivel/ConsultarDetalhes', false, false],
      ['/AgendaRecebivel/ConsultarBoletos', false, false],
      ['/AgendaRecebivel/GerarMultiplosBoletos', true, false],
      ['/AgendaRecebivel/GerarUnicoBoleto', true, false],
      ['/AgendaRecebivel/IncluirLancamentoParcela', true, false],
      ['/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', true, false],
    ]);
  });

  describe('ConsultarDetalhes', () => {
    it('returns every installment without nroParcelas, boletos and entries gated off', async () => {
      const { ctx, disbursed } = makeContext();
      const r = await call(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: disbursed.id } });
      expect(r).toMatchObject({
        numeroProposta: disbursed.number,
        situacaoAgenda: 1,
        descricaoSituacaoAgenda: 'Ativa',
        documentoFederalCliente: '12345678909',
        vlrFinanciado: 10211.08,
        vlrTotalPago: 0,
        qtdeParcelas: 12,
        situacaoProposta: 9,
        dtLiquidacao: null,
        dtCancelamento: null,
      });
      expect(r.parcelas).toHaveLength(12);
      expect(r.parcelas[0]).toMatchObject({
        nroParcela: 1,
        situacao: 0,
        dtVencimento: '2026-06-27T00:00:00.000Z',
        vlrParcela: 965.56,
        vlrSaldoAtual: 965.56,
        boletos: [],
        pix: [],
        lancamentos: [],
      });
    });

    it('filters by nroParcelas and refuses unknown installments', async () => {
      const { ctx, disbursed } = makeContext();
      const r = await call(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: disbursed.id, nroParcelas: [12, 3] } });
      expect(r.parcelas.map((p: Json) => p.nroParcela)).toEqual([12, 3]);
      expect(await failure(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: disbursed.id, nroParcelas: [13] } })).toBe('C0201/V0001 dto.nroParcelas 200');
      expect(await failure(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: disbursed.id, nroParcelas: ['1'] } })).toBe('S0003/V0001 dto.nroParcelas[0] 400');
    });

    it("refuses a proposal without agenda, an unknown one and another client's", async () => {
      const { ctx, disbursed, approved } = makeContext();
      expect(await failure(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: approved.id } })).toBe('C0200/V0001 codigoProposta 200');
      expect(await failure(ctx, 'ConsultarDetalhes', { dto: { codigoProposta: '00000000-0000-4000-8000-000000000000' } })).toMatch(/^C0112\/V0001/);
      expect(await failure({ ...ctx, clientId: 'other' }, 'ConsultarDetalhes', { dto: { codigoProposta: disbursed.id } })).toMatch(/^C0112\/V0002/);
      expect(await failure(ctx, 'ConsultarDetalhes', {})).toBe('S0003/V0002 dto 400');
    });

    it('shows boletos, Pix and entries when asked', async () => {
      const { ctx, disbursed } = makeContext();
      await call(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [1] }, dtoGerarUnicoBoleto: { tipoRegistro: 1 } });
      await call(ctx, 'IncluirLancamentoParcela', { dto: { codigoProposta: disbursed.id, nroParcela: 2 }, dtoLancamentoParcela: { vlrPagamento: 100 } });
      const body = { dto: { codigoProposta: disbursed.id, nroParcelas: [1, 2] } };
      const without = await call(ctx, 'ConsultarDetalhes', body);
      expect(without.parcelas[0].boletos).toEqual([]);
      expect(without.parcelas[1].lancamentos).toEqual([]);
      const r = await call(ctx, 'ConsultarDetalhes', { ...body, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } });
      expect(r.parcelas[0].boletos).toHaveLength(1);
      expect(r.parcelas[0].boletos[0]).toMatchObject({ numeroBoleto: 5000001, liquidacao: false, situacaoBoletoRegistro: 1, operacaoBoletoRegistro: 1 });
      expect(r.parcelas[0].pix).toHaveLength(1);
      expect(r.parcelas[0].pix[0].emv).toBe(r.parcelas[0].boletos[0].qrCode.emv);
      expect(r.parcelas[1].lancamentos).toEqual([
        expect.objectContaining({
          vlrParcela: 965.56,
          vlrParcelaAtualizado: 965.56,
          vlrPagamento: 100,
          vlrSaldoParcela: 865.56,
          descLancamento: 'Pagamento de parcela',
        }),
      ]);
      expect(r.vlrTotalPago).toBe(100);
    });
  });

  describe('GerarUnicoBoleto', () => {
    it('creates one boleto over the listed installments with a valid line and Pix for online registration', async () => {
      const { ctx, disbursed } = makeContext();
      const r = await call(ctx, 'GerarUnicoBoleto', {
        dto: { codigoProposta: disbursed.id, nroParcelas: [2, 3] },
        dtoGerarUnicoBoleto: { dtVencimento: '2026-06-15T00:00:00Z', vlrDesconto: 10.12, tipoRegistro: 1, descricaoBoleto: 'Duas parcelas' },
      });
      expect(param(r, 'numeroBoleto')).toEqual(['5000001']);
      const line = param(r, 'linhaDigitavel')[0]!;
      expect(parseDigitableLine(line)).toMatchObject({ bankCode: '999', amount: 1921, dueFactor: 1478 });
      expect(isValidBoleto(line)).toBe(true);
      const emv = param(r, 'pixCopiaECola')[0]!;
      expect(getPixPayloadInfo(emv)).toMatchObject({ amount: 1921, txid: 'SBX5000001' });
      const list = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id } });
      expect(list.boletos).toHaveLength(1);
      expect(list.boletos[0]).toMatchObject({
        numeroBoleto: 5000001,
        numeroProposta: disbursed.number,
        parcelas: '2,3',
        descricao: 'Duas parcelas',
        valorBoleto: 1921,
        vlrPago: null,
        dtCancelamento: null,
        dtVencimento: '2026-06-15T00:00:00.000Z',
        dtExpiracao: '2026-07-15T00:00:00.000Z',
        linhaDigitavel: line,
        impressao: `http://127.0.0.1:1/boletos/5000001/impressao/${disbursed.agenda?.boletos[0]?.printToken}`,
        qrCode: { emv },
      });
      expect(disbursed.agenda?.boletos[0]?.printToken).toMatch(/^[0-9a-f]{32}$/);
      const png = Buffer.from(list.boletos[0].qrCode.imagem, 'base64');
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    });

    it('issues no QR code for offline registration and refuses other types', async () => {
      const { ctx, disbursed } = makeContext();
      const r = await call(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [4] }, dtoGerarUnicoBoleto: { tipoRegistro: 2 } });
      expect(param(r, 'pixCopiaECola')).toEqual([]);
      const list = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id } });
      expect(list.boletos[0]).toMatchObject({ qrCode: null, valorBoleto: 965.56, dtVencimento: '2026-09-27T00:00:00.000Z' });
      expect(
        await failure(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [4] }, dtoGerarUnicoBoleto: { tipoRegistro: 3 } }),
      ).toBe('C0203/V0002 dtoGerarUnicoBoleto.tipoRegistro 200');
    });

    it('cancels the previous open boleto of an installment, listing it only when asked', async () => {
      const { ctx, disbursed } = makeContext();
      await call(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [1, 2] } });
      await call(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [2] } });
      const open = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id } });
      expect(open.boletos.map((b: Json) => b.numeroBoleto)).toEqual([5000002]);
      const all = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id }, dtoConsultaBoletos: { trazerBoletosCancelados: true } });
      expect(all.boletos.map((b: Json) => [b.numeroBoleto, b.dtCancelamento])).toEqual([
        [5000001, '2026-06-01T10:00:00.000Z'],
        [5000002, null],
      ]);
      const one = await call(ctx, 'ConsultarBoletos', {
        dto: { codigoProposta: disbursed.id },
        dtoConsultaBoletos: { numerosBoletos: [5000001], trazerBoletosCancelados: true },
      });
      expect(one.boletos.map((b: Json) => b.numeroBoleto)).toEqual([5000001]);
    });

    it('leaves the amount to the partner when vlrBoleto is 0 or absent: the balances less the discount', async () => {
      const { ctx, disbursed } = makeContext();
      const dto = { codigoProposta: disbursed.id, nroParcelas: [3, 4] };
      await call(ctx, 'GerarUnicoBoleto', { dto, dtoGerarUnicoBoleto: { vlrBoleto: 0, vlrDesconto: 10.5, tipoRegistro: 2 } });
      await call(ctx, 'GerarUnicoBoleto', { dto: { ...dto, nroParcelas: [5] }, dtoGerarUnicoBoleto: { vlrBoleto: 0.004, tipoRegistro: 2 } });
      await call(ctx, 'IncluirLancamentoParcela', { dto: { codigoProposta: disbursed.id, nroParcela: 6 }, dtoLancamentoParcela: { vlrPagamento: 100 } });
      await call(ctx, 'GerarUnicoBoleto', { dto: { ...dto, nroParcelas: [6] }, dtoGerarUnicoBoleto: { tipoRegistro: 2 } });
      const list = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id } });
      // 965.56 per installment: 2 x 965.56 - 10.50; 965.56; 965.56 - 100.00 paid.
      expect(list.boletos.map((b: Json) => [b.parcelas, b.valorBoleto])).toEqual([
        ['3,4', 1920.62],
        ['5', 965.56],
        ['6', 865.56],
      ]);
    });

    it('refuses bad amounts, dates and installments', async () => {
      const { ctx, disbursed, approved } = makeContext();
      const dto = { codigoProposta: disbursed.id, nroParcelas: [1] };
      const f = (o: Json, d: Json = dto) => failure(ctx, 'GerarUnicoBoleto', { dto: d, dtoGerarUnicoBoleto: o });
      expect(await f({ vlrBoleto: 965.57 })).toBe('C0203/V0005 dtoGerarUnicoBoleto.vlrBoleto 200');
      expect(await f({ vlrBoleto: -0.01 })).toBe('C0203/V0004 dtoGerarUnicoBoleto.vlrBoleto 200');
      expect(await f({ vlrBoleto: 100_000_000 })).toBe('C0203/V0004 dtoGerarUnicoBoleto.vlrBoleto 200');
      expect(await f({ vlrDesconto: 965.56 })).toBe('C0203/V0004 dtoGerarUnicoBoleto.vlrBoleto 200');
      expect(await f({ vlrDesconto: -1 })).toBe('C0202/V0003 dtoGerarUnicoBoleto.vlrDesconto 200');
      expect(await f({ dtVencimento: '2026-05-31' })).toBe('C0203/V0001 dtoGerarUnicoBoleto.dtVencimento 200');
      expect(await f({ dtVencimento: '2026-06-20', dtExpiracao: '2026-06-19' })).toBe('C0203/V0003 dtoGerarUnicoBoleto.dtExpiracao 200');
      expect(await f({}, { codigoProposta: disbursed.id, nroParcelas: [] })).toBe('C0201/V0003 dto.nroParcelas 200');
      expect(await f({}, { codigoProposta: disbursed.id, nroParcelas: [1, 1] })).toBe('C0201/V0004 dto.nroParcelas 200');
      expect(await f({}, { codigoProposta: disbursed.id, nroParcelas: [0] })).toBe('C0201/V0001 dto.nroParcelas 200');
      expect(await f({}, { codigoProposta: approved.id, nroParcelas: [1] })).toBe('C0200/V0001 codigoProposta 200');
      await call(ctx, 'IncluirLancamentoParcela', { dto: { codigoProposta: disbursed.id, nroParcela: 1 }, dtoLancamentoParcela: { vlrPagamento: 965.56 } });
      expect(await f({})).toBe('C0201/V0002 dto.nroParcelas 200');
      expect(disbursed.agenda!.boletos).toHaveLength(0);
    });
  });

  describe('GerarMultiplosBoletos', () => {
    it('creates one boleto per installment with its own due date and discount', async () => {
      const { ctx, disbursed } = makeContext();
      const r = await call(ctx, 'GerarMultiplosBoletos', {
        dto: { codigoProposta: disbursed.id },
        dtoGerarMultiplosBoletos: {
          descricaoBoleto: 'Carnê',
          tipoRegistro: 1,
          parcelas: [
            { nroParcela: 1, vlrDesconto: 0.56 },
            { nroParcela: 2, dtVencimento: '2026-07-01T00:00:00Z', dtExpiracao: '2026-07-05T00:00:00Z' },
          ],
        },
      });
      expect(param(r, 'numeroBoleto')).toEqual(['5000001', '5000002']);
      expect(param(r, 'pixCopiaECola')).toHaveLength(2);
      const list = await call(ctx, 'ConsultarBoletos', { dto: { codigoProposta: disbursed.id } });
      expect(list.boletos.map((b: Json) => [b.parcelas, b.valorBoleto, b.dtVencimento, b.dtExpiracao])).toEqual([
        ['1', 965, '2026-06-27T00:00:00.000Z', '2026-07-27T00:00:00.000Z'],
        ['2', 965.56, '2026-07-01T00:00:00.000Z', '2026-07-05T00:00:00.000Z'],
      ]);
      for (const b of list.boletos) {
        expect(parseDigitableLine(b.linhaDigitavel)?.amount).toBe(b.valorBoleto);
      }
    });

    it('creates nothing when one listed installment is refused', async () => {
      const { ctx, disbursed } = makeContext();
      const body = { dto: { codigoProposta: disbursed.id }, dtoGerarMultiplosBoletos: { parcelas: [{ nroParcela: 1 }, { nroParcela: 99 }] } };
      expect(await failure(ctx, 'GerarMultiplosBoletos', body)).toBe('C0201/V0001 dtoGerarMultiplosBoletos.parcelas 200');
      expect(await failure(ctx, 'GerarMultiplosBoletos', { dto: { codigoProposta: disbursed.id } })).toBe('S0003/V0002 dtoGerarMultiplosBoletos 400');
      const discounted = {
        dto: { codigoProposta: disbursed.id },
        dtoGerarMultiplosBoletos: { parcelas: [{ nroParcela: 1 }, { nroParcela: 2, vlrDesconto: 965.56 }] },
      };
      expect(await failure(ctx, 'GerarMultiplosBoletos', discounted)).toBe('C0203/V0004 dtoGerarMultiplosBoletos.parcelas[1].vlrDesconto 200');
      expect(disbursed.agenda!.boletos).toHaveLength(0);
    });
  });

  describe('payment entries', () => {
    it('reduces the balance, settles the installment and answers parametros', async () => {
      const { ctx, disbursed } = makeContext();
      const dto = { codigoProposta: disbursed.id, nroParcela: 1 };
      const first = await call(ctx, 'IncluirLancamentoParcela', {
        dto,
        dtoLancamentoParcela: { vlrPagamento: 400, dtPagamento: '2026-05-30T00:00:00Z', descricaoLancamento: 'PIX' },
      });
      expect(first.parametros).toEqual([
        { nome: 'nroParcela', valor: '1' },
        { nome: 'vlrSaldoParcela', valor: '565.56' },
        { nome: 'situacaoParcela', valor: '2' },
        { nome: 'situacaoAgenda', valor: '1' },
      ]);
      const second = await call(ctx, 'IncluirLancamentoParcela', { dto, dtoLancamentoParcela: { vlrPagamento: 565.56 } });
      expect(param(second, 'situacaoParcela')).toEqual(['1']);
      expect(disbursed.agenda!.installments[0]).toMatchObject({ balance: 0, totalPaid: 965.56, situation: 1 });
      expect(disbursed.agenda!.installments[0]!.entries[0]!.postedAt.toISOString()).toBe('2026-05-30T00:00:00.000Z');
      expect(await failure(ctx, 'IncluirLancamentoParcela', { dto, dtoLancamentoParcela: { vlrPagamento: 1 } })).toBe('C0201/V0002 dtoLancamentoParcela 200');
    });

    it('refuses entries the agenda cannot take', async () => {
      const { ctx, disbursed, approved } = makeContext();
      const f = (nroParcela: number | undefined, o: Json) =>
        failure(ctx, 'IncluirLancamentoParcela', { dto: { codigoProposta: disbursed.id, nroParcela }, dtoLancamentoParcela: o });
      expect(await f(13, { vlrPagamento: 1 })).toBe('C0201/V0001 dtoLancamentoParcela 200');
      expect(await f(undefined, { vlrPagamento: 1 })).toBe('C0201/V0003 dtoLancamentoParcela.nroParcela 200');
      expect(await f(1, {})).toBe('C0202/V0001 dtoLancamentoParcela.vlrPagamento 200');
      expect(await f(1, { vlrPagamento: -3 })).toBe('C0202/V0001 dtoLancamentoParcela.vlrPagamento 200');
      expect(await f(1, { vlrPagamento: 965.57 })).toBe('C0202/V0002 dtoLancamentoParcela.vlrPagamento 200');
      expect(await f(1, { vlrPagamento: '10' })).toBe('S0003/V0001 dtoLancamentoParcela.vlrPagamento 400');
      expect(await f(1, { vlrPagamento: 10, dtPagamento: '2026-06-02T00:00:00Z' })).toBe('C0202/V0004 dtoLancamentoParcela.dtPagamento 200');
      expect(
        await failure(ctx, 'IncluirLancamentoParcela', { dto: { codigoProposta: approved.id, nroParcela: 1 }, dtoLancamentoParcela: { vlrPagamento: 1 } }),
      ).toBe('C0200/V0001 codigoProposta 200');
      expect(disbursed.agenda!.installments.every((i) => i.entries.length === 0)).toBe(true);
    });

    it('posts multiple entries all or nothing and settles the agenda when everything is paid', async () => {
      const { ctx, disbursed } = makeContext();
      const dto = { codigoProposta: disbursed.id };
      const bad = [
        { nroParcela: 1, vlrPagamento: 965.56 },
        { nroParcela: 2, vlrPagamento: 5000 },
      ];
      expect(await failure(ctx, 'IncluirLancamentoMultiplasParcelas', { dto, dtoLancamentoParcelas: bad })).toBe(
        'C0202/V0002 dtoLancamentoParcelas[1].vlrPagamento 200',
      );
      expect(disbursed.agenda!.installments[0]!.balance).toBe(965.56);
      await call(ctx, 'GerarUnicoBoleto', { dto: { codigoProposta: disbursed.id, nroParcelas: [12] } });
      const all = disbursed.agenda!.installments.map((i) => ({ nroParcela: i.number, vlrPagamento: i.amount }));
      const r = await call(ctx, 'IncluirLancamentoMultiplasParcelas', { dto, dtoLancamentoParcelas: all });
      expect(param(r, 'situacaoAgenda')).toEqual(['2']);
      expect(param(r, 'vlrSaldoParcela')).toEqual(Array(12).fill('0.00'));
      const detail = await call(ctx, 'ConsultarDetalhes', { dto });
      expect(detail).toMatchObject({
        situacaoAgenda: 2,
        descricaoSituacaoAgenda: 'Liquidada',
        dtLiquidacao: '2026-06-01T10:00:00.000Z',
        vlrTotalPago: 11586.64,
        vlrRetencaoDiarioAprox: 0,
      });
      // The open boleto of a settled installment is written off.
      const boletos = await call(ctx, 'ConsultarBoletos', { dto, dtoConsultaBoletos: { trazerBoletosCancelados: true } });
      expect(boletos.boletos[0]).toMatchObject({ dtCancelamento: '2026-06-01T10:00:00.000Z' });
      expect(await failure(ctx, 'IncluirLancamentoMultiplasParcelas', { dto, dtoLancamentoParcelas: [{ nroParcela: 1, vlrPagamento: 1 }] })).toBe(
        'C0200/V0003 codigoProposta 200',
      );
      expect(await failure(ctx, 'GerarUnicoBoleto', { dto: { ...dto, nroParcelas: [1] } })).toBe('C0200/V0003 codigoProposta 200');
    });
  });
});
