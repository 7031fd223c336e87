import { isValidCpf } from '../../../src/shared/documents.js';
import { callOperation, getToken, sandboxFixture } from '../../helpers/sandbox.js';

describe('sandbox demo data', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') }, { reset: false });
  let token: string;
  beforeEach(() => {
    token = t.token;
  });

  const byLabel = (label: string) => {
    const d = t.sandbox.demo.find((p) => p.label === label);
    if (!d) {
      throw new Error(`no demo proposal ${label}`);
    }
    return d;
  };

  it('creates the labelled proposals owned by the demo client', async () => {
    expect(t.sandbox.demo.map((d) => [d.label, d.situation, d.number])).toEqual([
      ['approved', 2, 100001],
      ['under-review', 1, 100002],
      ['disbursed', 9, 100003],
      ['fgts-disbursed', 9, 100004],
      ['ceded', 10, 100005],
    ]);
    const list = await t.admin.proposals();
    expect(list.map((p) => [p.codigo, p.situacao, p.ownerClientId])).toEqual(t.sandbox.demo.map((d) => [d.id, d.situation, t.client.clientId]));
  });

  it('gives the disbursed proposal an agenda with a Pix boleto and one payment made', async () => {
    const d = byLabel('disbursed');
    const details = await callOperation(t.sandbox, token, '/AgendaRecebivel/ConsultarDetalhes', {
      dto: { codigoProposta: d.id },
      dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: true },
    });
    expect(details.status).toBe(200);
    expect(details.json.parcelas).toHaveLength(12);
    expect(isValidCpf(details.json.documentoFederalCliente as string)).toBe(true);
    expect(details.json.parcelas[0].situacao).toBe(1);
    expect(details.json.parcelas[0].lancamentos).toHaveLength(1);
    expect(details.json.parcelas[1].boletos).toHaveLength(1);
    expect(details.json.parcelas[1].boletos[0].linhaDigitavel).toMatch(/^\d{47}$/);
    expect(details.json.parcelas[1].boletos[0].qrCode.emv).toMatch(/^000201/);
    const parcelas = await callOperation(t.sandbox, token, '/Proposta/ConsultarParcelas', { dto: { codigoProposta: d.id } });
    expect(parcelas.json.parcelas[0]).toMatchObject({ nroParcela: 1, situacao: 1, codigo: details.json.parcelas[0].codigoParcela });
    expect(parcelas.json.parcelas[1].linhaDigitavel).toBe(details.json.parcelas[1].boletos[0].linhaDigitavel);
  });

  it('makes the FGTS proposal disbursed now and the ceded one not cancellable', async () => {
    const fgts = await callOperation(t.sandbox, token, '/FGTS/ConsultaProposta', { dto: { CodigoProposta: byLabel('fgts-disbursed').id } });
    expect(fgts.json).toMatchObject({ Situacao: 9, StatusProtocoloAgente: 'CONFIRMADO' });
    expect(fgts.json.PropostaLancamentos[0]).toMatchObject({ Situacao: 1, DtPagamento: '2026-03-10T12:00:00.000Z' });
    const ceded = await callOperation(t.sandbox, token, '/FGTS/CancelarProposta', { CodigoProposta: byLabel('ceded').id });
    expect(ceded.status).toBe(400);
    expect(ceded.json.Messages[0]).toMatchObject({ Code: '400', Context: '28' });
  });

  it('starts the demo proposals where their story does: no credit analysis moves them', async () => {
    await t.admin.concludeAnalyses();
    expect((await t.admin.proposals()).map((p) => p.situacao)).toEqual([2, 1, 9, 9, 10]);
    await t.admin.reset();
    token = await getToken(t.sandbox, t.client);
  });

  it('re-creates the same demo data on reset', async () => {
    const before = await t.admin.proposals();
    await t.admin.reset();
    expect(await t.admin.proposals()).toEqual(before);
    expect(t.sandbox.demo.map((d) => d.id)).toEqual(before.map((p) => p.codigo));
    token = await getToken(t.sandbox, t.client);
  });
});
