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
      ['draft', 0, 100006],
      ['rejected', 3, 100007],
      ['cancelled', 4, 100008],
      ['pending', 5, 100009],
      ['finalized', 6, 100010],
      ['verified', 7, 100011],
      ['released-for-payment', 8, 100012],
      ['pending-payment', 11, 100013],
    ]);
    // One at least in every situation the partner publishes, each with its DEMO- code.
    expect([...new Set(t.sandbox.demo.map((d) => d.situation))].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(t.sandbox.demo.map((d) => d.operationCode)).toEqual(t.sandbox.demo.map((d) => `DEMO-${d.label.toUpperCase()}`));
    expect(new Set(t.sandbox.demo.map((d) => d.id)).size).toBe(13);
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

  it('rejects one by its credit analysis and cancels another through CancelarProposta, before any disbursement', async () => {
    const rejected = await callOperation(t.sandbox, token, '/FGTS/ConsultaProposta', { dto: { CodigoProposta: byLabel('rejected').id } });
    expect(rejected.json).toMatchObject({
      Situacao: 3,
      MotivoRejeicao: 'Valor solicitado acima do limite de crédito do cliente.',
      MotivoCancelamento: null,
      PropostaLancamentos: [],
    });
    const cancelled = await callOperation(t.sandbox, token, '/FGTS/ConsultaProposta', { dto: { CodigoProposta: byLabel('cancelled').id } });
    expect(cancelled.json).toMatchObject({ Situacao: 4, MotivoCancelamento: 'O cliente desistiu da operação (demo).', TextoRetornoPagamento: null });
    expect(cancelled.json.CancelamentoFGTS).toHaveLength(1);
    expect(cancelled.json.CancelamentoFGTS[0]).toMatchObject({ NumLinhaDigitavel: null });
    const again = await callOperation(t.sandbox, token, '/FGTS/CancelarProposta', { CodigoProposta: byLabel('cancelled').id });
    expect(again.json.Messages[0]).toMatchObject({ Code: '400', Context: '27' });
    for (const label of ['draft', 'rejected', 'cancelled', 'pending']) {
      const details = await callOperation(t.sandbox, token, '/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: byLabel(label).id } });
      expect([label, details.json.messages[0]?.code, details.json.messages[0]?.context]).toEqual([label, 'C0200', 'V0001']);
    }
  });

  it('has the signed ones signed by their client, then verified, released and refused payment by the partner', async () => {
    for (const label of ['finalized', 'verified', 'released-for-payment', 'pending-payment']) {
      const { signers, situacao } = await t.admin.signers(byLabel(label).id);
      expect([label, situacao, signers.length]).toEqual([label, byLabel(label).situation, 1]);
      expect(signers[0]).toMatchObject({
        role: 'Emitente',
        email: `${label}@demo.example.com`,
        signed: true,
        signedAt: '2026-03-10T12:00:00.000Z',
        signedFromIp: '203.0.113.10',
      });
      expect(isValidCpf(signers[0]?.document ?? '')).toBe(true);
    }
    // Signers can no longer be added: the proposal is past approval (C0060/V0002).
    const invite = await callOperation(t.sandbox, token, '/Proposta/IncluirAssinaturaCCB', {
      dto: { codigoProposta: byLabel('finalized').id },
      assinantes: [{ nome: 'Outro', documento: '52998224725', email: 'outro@demo.example.com', telefoneCelular: '11987651111' }],
    });
    expect(invite.json.messages[0]).toMatchObject({ code: 'C0060', context: 'V0002' });
  });

  it('starts the demo proposals where their story does: no credit analysis moves them', async () => {
    await t.admin.concludeAnalyses();
    expect((await t.admin.proposals()).map((p) => p.situacao)).toEqual([2, 1, 9, 9, 10, 0, 3, 4, 5, 6, 7, 8, 11]);
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
