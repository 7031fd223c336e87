import { randomUUID } from 'node:crypto';
import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import { parseDigitableLine } from '../../../src/sandbox/receivables/codes.js';
import { callOperation, getToken, sandboxFixture } from '../../helpers/sandbox.js';

const CANCEL = '/FGTS/CancelarProposta';
const CPF = '12345678909';

describe('sandbox FGTS operations', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') });
  let token: string;
  let id: string;
  const call = (path: string, body: unknown) => callOperation(t.sandbox, token, path, body);
  const consult = () => call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: id } });

  beforeEach(async () => {
    token = t.token;
    id = (
      await call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'FGTS', vlrSolicitado: 2000, prazo: 5, percJurosNegociado: 1.79 } })
    ).json.codigo as string;
    // Approved at once (the admin move), so the events below keep the pinned clock's instant.
    await t.admin.setSituation(id, 2);
  });

  describe('ConsultaProposta', () => {
    it('answers the PascalCase envelope and record, by CodigoProposta or CodigoOperacao', async () => {
      const res = await consult();
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).slice(0, 3)).toEqual(['Msg', 'HasError', 'Messages']);
      expect(res.json).toMatchObject({ HasError: false, Messages: [], Codigo: id, Situacao: 2, StatusProtocoloAgente: 'PENDENTE', QtdeParcelas: 5 });
      const byOp = await call('/FGTS/ConsultaProposta', { dto: { CodigoOperacao: 'SBX100001' } });
      expect(byOp.json.Codigo).toBe(id);
    });

    it('answers C0112/V0001 in PascalCase for an unknown proposal and S0003 for a missing dto member type', async () => {
      const res = await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: randomUUID() } });
      expect(res.json).toMatchObject({ HasError: true, Messages: [{ Code: 'C0112', Context: 'V0001', MessageType: 1 }] });
      const bad = await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: 12 } });
      expect(bad.status).toBe(400);
      expect(bad.json.Messages[0]).toMatchObject({ Code: 'S0003', Context: 'V0001' });
    });
  });

  describe('CancelarProposta', () => {
    it('cancels a proposal not yet disbursed without a boleto', async () => {
      const res = await call(CANCEL, { CodigoProposta: id, DocumentoFederal: '123.456.789-09', Motivo: 'Desistência' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ Msg: expect.any(String), HasError: false, Messages: [], Boleto: null });
      const q = await consult();
      expect(q.json).toMatchObject({ Situacao: 4, MotivoCancelamento: 'Desistência', StatusProtocoloAgente: 'CANCELADO' });
      const parcelas = await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: id } });
      expect(parcelas.json.parcelas.map((p: { situacao: number }) => p.situacao)).toEqual([3, 3, 3, 3, 3]);
      expect(q.json.CancelamentoFGTS).toEqual([
        expect.objectContaining({
          TipoEvento: 1,
          ContextoEvento: 'CANCELAMENTO_FGTS',
          DtEvento: '2026-03-10T12:00:00.000Z',
          NumLinhaDigitavel: null,
          PixCopiaCola: null,
        }),
      ]);
    });

    it('cancels a disbursed proposal with a return boleto and Pix copia-e-cola for the amount released', async () => {
      await t.admin.setSituation(id, 9);
      await t.admin.advanceDays(7);
      const before = await consult();
      const released = before.json.PropostaLancamentos[0].VlrTransacao as number;
      expect(released).toBe(2000);
      const res = await call(CANCEL, { dto: { CodigoProposta: id } });
      expect(res.status).toBe(200);
      expect(res.json.Boleto).toMatch(/^\d{47}$/);
      const event = (await consult()).json.CancelamentoFGTS[0];
      expect(event).toMatchObject({
        TipoEvento: 2,
        NumLinhaDigitavel: res.json.Boleto,
        VlrBoleto: 2000,
        DtVencimento: '2026-03-22T00:00:00.000Z',
        NumeroBoleto: 5000001,
        UrlImpressaoBoleto: expect.stringMatching(new RegExp(`^${t.sandbox.url}/boletos/5000001/impressao/[0-9a-f]{32}$`)),
      });
      expect(event.NumCodigoBarras).toMatch(/^\d{44}$/);
      const parsed = parseDigitableLine(res.json.Boleto as string);
      expect(parsed?.amount).toBe(2000);
      const pix = getPixPayloadInfo(event.PixCopiaCola as string);
      expect(pix?.amount).toBe(2000);
      const agenda = await call('/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: id } });
      expect(agenda.json.situacaoAgenda).toBe(3);
      const parcelas = await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: id } });
      expect(parcelas.json.parcelas.map((p: { situacao: number }) => p.situacao)).toEqual([3, 3, 3, 3, 3]);
    });

    const refusals: [string, number, string][] = [
      ['already cancelled', 27, 'cancel-twice'],
      ['ceded (situation 10)', 28, 'ceded'],
      ['more than 7 days after disbursement', 28, 'late'],
      ['not an FGTS proposal', 28, 'not-fgts'],
      ['rejected', 28, 'rejected'],
    ];
    it.each(refusals)('refuses a proposal %s with message %i under code 400', async (_name, number, setup) => {
      let target = id;
      if (setup === 'cancel-twice') {
        await call(CANCEL, { CodigoProposta: id });
      } else if (setup === 'ceded') {
        await t.admin.setSituation(id, 9);
        await t.admin.setSituation(id, 10);
      } else if (setup === 'late') {
        await t.admin.setSituation(id, 9);
        await t.admin.advanceDays(7.01);
      } else if (setup === 'rejected') {
        await t.admin.setSituation(id, 3);
      } else {
        target = (await call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 3 } })).json
          .codigo as string;
      }
      const res = await call(CANCEL, { CodigoProposta: target });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ HasError: true, Messages: [{ Code: '400', Context: String(number) }] });
    });

    it('refuses an invalid or mismatched CPF with message 4', async () => {
      for (const doc of ['12345678900', '52998224725']) {
        const res = await call(CANCEL, { CodigoProposta: id, DocumentoFederal: doc });
        expect(res.status).toBe(400);
        expect(res.json.Messages[0]).toMatchObject({ Code: '400', Context: '4', Field: 'DocumentoFederal' });
      }
      expect((await consult()).json.Situacao).toBe(2);
    });

    it('refuses a missing or malformed identifier with message 38', async () => {
      for (const body of [{}, { CodigoProposta: 'abc' }, { dto: { Motivo: 'x' } }]) {
        const res = await call(CANCEL, body);
        expect(res.status).toBe(400);
        expect(res.json.Messages[0]).toMatchObject({ Code: '400', Context: '38' });
      }
    });

    it('replays a repeated cancellation with the same IdempotencyKey without a second event', async () => {
      await t.admin.setSituation(id, 9);
      const headers = { IdempotencyKey: 'cancel-once' };
      const first = await callOperation(t.sandbox, token, CANCEL, { CodigoProposta: id }, headers);
      const again = await callOperation(t.sandbox, token, CANCEL, { CodigoProposta: id }, headers);
      expect(again.status).toBe(200);
      expect(again.json).toEqual(first.json);
      expect((await consult()).json.CancelamentoFGTS).toHaveLength(1);
      const other = await callOperation(t.sandbox, token, CANCEL, { CodigoProposta: id, Motivo: 'outro' }, headers);
      expect(other.status).toBe(409);
      expect(other.json.Messages[0]).toMatchObject({ Code: 'I0001', Context: 'V0001' });
    });

    describe('paying-agent conditions (admin POST /_sandbox/proposals/{codigo}/fgts)', () => {
      const agentRefusals: [string, Record<string, unknown>, number, string][] = [
        ['a fiduciary operation in progress', { fiduciaryInProgress: true }, 5, 'Existe uma operação fiduciária em andamento. Tente novamente mais tarde.'],
        ['a date before notBefore', { notBefore: '2026-03-12' }, 10, 'Operação não permitida antes de 2026-03-12T00:00:00.000Z.'],
        [
          'a pending anniversary-withdrawal payment',
          { pendingAnniversaryPayment: true },
          13,
          'Operação não permitida: existe pagamento de saque-aniversário pendente.',
        ],
      ];
      it.each(agentRefusals)('refuses %s with message %i (HTTP 400, nothing changes)', async (_name, state, number, description) => {
        await t.admin.setSituation(id, 9);
        await t.admin.setFgtsAgent(id, state);
        const res = await call(CANCEL, { CodigoProposta: id });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({
          Msg: 'Falha na operação.',
          HasError: true,
          Messages: [{ MessageType: 1, Code: '400', Context: String(number), Description: description, Field: '' }],
        });
        const q = await consult();
        expect(q.json.Situacao).toBe(9);
        expect(q.json.CancelamentoFGTS).toEqual([]);
      });

      it('cancels once the condition is cleared, or once the clock reaches notBefore', async () => {
        await t.admin.setFgtsAgent(id, { fiduciaryInProgress: true, pendingAnniversaryPayment: true, notBefore: '2026-03-11T00:00:00Z' });
        expect((await call(CANCEL, { CodigoProposta: id })).json.Messages[0].Context).toBe('5');
        expect((await t.admin.setFgtsAgent(id, { fiduciaryInProgress: false })).fgts).toEqual({
          fiduciaryInProgress: false,
          notBefore: '2026-03-11T00:00:00.000Z',
          pendingAnniversaryPayment: true,
        });
        expect((await call(CANCEL, { CodigoProposta: id })).json.Messages[0].Context).toBe('10');
        await t.admin.setNow('2026-03-11T00:00:00Z');
        expect((await call(CANCEL, { CodigoProposta: id })).json.Messages[0].Context).toBe('13');
        await t.admin.setFgtsAgent(id, { pendingAnniversaryPayment: false, notBefore: null });
        expect(await t.admin.fgtsAgent(id)).toEqual({
          codigo: id,
          numero: 100001,
          codigoOperacao: 'SBX100001',
          situacao: 2,
          ownerClientId: t.client.clientId,
          fgts: { fiduciaryInProgress: false, notBefore: null, pendingAnniversaryPayment: false },
        });
        const res = await call(CANCEL, { CodigoProposta: id });
        expect(res.status).toBe(200);
        expect(res.json.HasError).toBe(false);
      });

      it('checks the proposal rules first: an already cancelled one still answers 27', async () => {
        await call(CANCEL, { CodigoProposta: id });
        await t.admin.setFgtsAgent(id, { fiduciaryInProgress: true });
        const res = await call(CANCEL, { CodigoProposta: id });
        expect(res.json.Messages[0]).toMatchObject({ Code: '400', Context: '27' });
      });

      it('refuses bad admin bodies, unknown proposals and non-FGTS proposals; reset clears the conditions', async () => {
        const post = (target: string, body: unknown) =>
          fetch(`${t.sandbox.url}/_sandbox/proposals/${target}/fgts`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
        const cases: [string, unknown, number, string][] = [
          [id, { fiduciaryInProgress: 'yes' }, 400, 'fiduciaryInProgress and pendingAnniversaryPayment must be booleans'],
          [id, { notBefore: 'tomorrow' }, 400, 'notBefore must be an ISO 8601 date or date-time, or null'],
          [id, { notbefore: '2026-04-01' }, 400, 'unknown fields: notbefore; expected fiduciaryInProgress, notBefore, pendingAnniversaryPayment'],
          [randomUUID(), { fiduciaryInProgress: true }, 404, 'unknown proposal'],
        ];
        for (const [target, body, status, error] of cases) {
          const res = await post(target, body);
          expect([res.status, await res.json()]).toEqual([status, { error }]);
        }
        const cp = (await call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 3 } })).json
          .codigo as string;
        const notFgts = await post(cp, { fiduciaryInProgress: true });
        expect([notFgts.status, await notFgts.json()]).toEqual([400, { error: 'not an FGTS proposal (tipoContrato FGTS)' }]);
        const put = await fetch(`${t.sandbox.url}/_sandbox/proposals/${id}/fgts`, { method: 'PUT', body: '{}' });
        expect(put.status).toBe(405);
        await t.admin.setFgtsAgent(id, { fiduciaryInProgress: true });
        await t.admin.reset();
        token = await getToken(t.sandbox, t.client);
        const again = (await call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'FGTS', vlrSolicitado: 2000, prazo: 5 } })).json
          .codigo as string;
        expect(again).toBe(id);
        expect((await t.admin.fgtsAgent(id)).fgts).toEqual({ fiduciaryInProgress: false, notBefore: null, pendingAnniversaryPayment: false });
      });
    });

    it('answers C0112/V0001 for an unknown proposal', async () => {
      const res = await call(CANCEL, { CodigoProposta: randomUUID() });
      expect(res.json.Messages[0]).toMatchObject({ Code: 'C0112', Context: 'V0001' });
    });
  });
});
