import { getPixPayloadInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { parseDigitableLine } from '../../../src/sandbox/receivables/codes.js';
import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

describe('sandbox receivables over HTTP', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') });
  let id: string;
  let number: number;

  // Each test starts from fresh demo data (reset also revokes tokens).
  beforeEach(async () => {
    const disbursed = (await t.admin.proposals()).find((p) => p.codigoOperacao === 'DEMO-DISBURSED')!;
    id = disbursed.codigo;
    number = disbursed.numero;
  });

  const call = (op: string, body: unknown, headers?: Record<string, string>) => callOperation(t.sandbox, t.token, `/AgendaRecebivel/${op}`, body, headers);

  it('answers the demo agenda with exact figures', async () => {
    const r = await call('ConsultarDetalhes', { dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(r.json).toMatchObject({
      hasError: false,
      numeroProposta: number,
      situacaoAgenda: 1,
      qtdeParcelas: 12,
      situacaoProposta: 9,
      documentoFederalCliente: '39053344705',
    });
    // 12,000.00 at 1.99 % over 12 from 2026-03-10 with IOF financed (hand-checked): 12,253.46
    // financed, 11 installments of 1,157.97 and a last of 1,157.99; 12,737.69 left over 365 days.
    expect(r.json).toMatchObject({ vlrFinanciado: 12253.46, vlrTotalPago: 1157.97, vlrRetencaoDiarioAprox: 34.9, dtInclusao: '2026-03-10T12:00:00.000Z' });
    expect(r.json.parcelas.map((p: { vlrParcela: number }) => p.vlrParcela)).toEqual([...Array(11).fill(1157.97), 1157.99]);
    expect(r.json.parcelas[11].dtVencimento).toBe('2027-03-10T00:00:00.000Z');
    expect(r.json.parcelas[0]).toMatchObject({ situacao: 1, vlrSaldoAtual: 0, lancamentos: [expect.objectContaining({ vlrSaldoParcela: 0 })] });
    const boleto = r.json.parcelas[1].boletos[0];
    expect(parseDigitableLine(boleto.linhaDigitavel)?.amount).toBe(r.json.parcelas[1].vlrParcela);
    expect(isValidBoleto(boleto.linhaDigitavel)).toBe(true);
    expect(getPixPayloadInfo(boleto.qrCode.emv)?.amount).toBe(r.json.parcelas[1].vlrParcela);
    expect(Buffer.from(boleto.qrCode.imagem, 'base64').subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it('filters installments and gates boletos and entries', async () => {
    const r = await call('ConsultarDetalhes', { dto: { codigoProposta: id, nroParcelas: [2] } });
    expect(r.json.parcelas.map((p: { nroParcela: number }) => p.nroParcela)).toEqual([2]);
    expect(r.json.parcelas[0]).toMatchObject({ boletos: [], pix: [], lancamentos: [] });
  });

  it('generates a boleto, lists it, and replaces it with a new one for the same installment', async () => {
    const first = await call('GerarUnicoBoleto', {
      dto: { codigoProposta: id, nroParcelas: [3, 4] },
      dtoGerarUnicoBoleto: { tipoRegistro: 1, dtVencimento: '2026-03-20T00:00:00Z' },
    });
    expect(first.json.hasError).toBe(false);
    const [numero] = first.json.parametros.filter((p: { nome: string }) => p.nome === 'numeroBoleto').map((p: { valor: string }) => Number(p.valor));
    const emv = first.json.parametros.find((p: { nome: string }) => p.nome === 'pixCopiaECola').valor;
    expect(isValidPixPayload(emv)).toBe(true);
    const second = await call('GerarMultiplosBoletos', {
      dto: { codigoProposta: id },
      dtoGerarMultiplosBoletos: { tipoRegistro: 2, parcelas: [{ nroParcela: 4 }] },
    });
    expect(second.json.parametros.map((p: { nome: string }) => p.nome)).toEqual(['numeroBoleto', 'linhaDigitavel']);
    const open = await call('ConsultarBoletos', { dto: { codigoProposta: id } });
    expect(open.json.boletos.map((b: { parcelas: string }) => b.parcelas)).toEqual(['2', '4']);
    const all = await call('ConsultarBoletos', {
      dto: { codigoProposta: id },
      dtoConsultaBoletos: { trazerBoletosCancelados: true, numerosBoletos: [numero] },
    });
    expect(all.json.boletos).toHaveLength(1);
    expect(all.json.boletos[0]).toMatchObject({ numeroBoleto: numero, parcelas: '3,4', dtCancelamento: '2026-03-10T12:00:00.000Z', qrCode: { emv } });
  });

  it('posts payments, refuses impossible ones with their codes, and replays a repeated key', async () => {
    const detail = await call('ConsultarDetalhes', { dto: { codigoProposta: id, nroParcelas: [5] } });
    const amount: number = detail.json.parcelas[0].vlrParcela;
    const headers = { IdempotencyKey: 'pay-5-once' };
    const body = { dto: { codigoProposta: id, nroParcela: 5 }, dtoLancamentoParcela: { vlrPagamento: 100 } };
    const paid = await call('IncluirLancamentoParcela', body, headers);
    const again = await call('IncluirLancamentoParcela', body, headers);
    expect(again.json).toEqual(paid.json);
    expect(paid.json.parametros[1]).toEqual({ nome: 'vlrSaldoParcela', valor: (amount - 100).toFixed(2) });
    const over = await call('IncluirLancamentoParcela', { ...body, dtoLancamentoParcela: { vlrPagamento: amount } });
    expect(over.status).toBe(200);
    expect(over.json).toMatchObject({ hasError: true, messages: [{ code: 'C0202', context: 'V0002', field: 'dtoLancamentoParcela.vlrPagamento' }] });
    const settled = await call('IncluirLancamentoParcela', { dto: { codigoProposta: id, nroParcela: 1 }, dtoLancamentoParcela: { vlrPagamento: 1 } });
    expect(settled.json.messages[0]).toMatchObject({ code: 'C0201', context: 'V0002' });
    const unknown = await call('IncluirLancamentoMultiplasParcelas', {
      dto: { codigoProposta: id },
      dtoLancamentoParcelas: [{ nroParcela: 99, vlrPagamento: 1 }],
    });
    expect(unknown.json.messages[0]).toMatchObject({ code: 'C0201', context: 'V0001', field: 'dtoLancamentoParcelas[0]' });
    const after = await call('ConsultarDetalhes', { dto: { codigoProposta: id, nroParcelas: [5] } });
    expect(after.json.parcelas[0]).toMatchObject({ situacao: 2, vlrTotalPago: 100 });
  });

  it('refuses the agenda of a proposal that was not disbursed', async () => {
    const approved = (await t.admin.proposals()).find((p) => p.codigoOperacao === 'DEMO-APPROVED')!;
    const r = await call('ConsultarBoletos', { dto: { codigoProposta: approved.codigo } });
    expect(r.json).toMatchObject({ hasError: true, messages: [{ code: 'C0200', context: 'V0001' }] });
  });
});
