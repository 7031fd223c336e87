import { MAX_EXTRA_DAYS } from '../../../src/sandbox/routes/proposal.input.js';
import { utcIso } from '../../../src/sandbox/routes/input.js';
import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

const CPF = '52998224725';

/** Requests written from the contract alone that used to be answered wrongly (or with a 500). */
describe('sandbox review fixes', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const manual = (dto: Record<string, unknown>) =>
    call('/Proposta/IncluirManual', { dto: { documentoCliente: CPF, tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 12, ...dto } });
  const s0003 = (field: string, description: string) => ({
    msg: 'Falha na operação.',
    hasError: true,
    messages: [{ messageType: 1, code: 'S0003', context: 'V0001', description, field }],
  });

  it('accepts an alphanumeric numeroCCB (facts: CCB numbers become alphanumeric) besides an integer', async () => {
    const res = await manual({ numeroCCB: 'CCB-2026-A1', codigoOperacao: 'OP-CCB' });
    expect(res.status).toBe(200);
    const q = await call('/FGTS/ConsultaProposta', { dto: { CodigoOperacao: 'OP-CCB' } });
    expect(q.json.NumeroCCB).toBe('CCB-2026-A1');
    const description = 'O campo dto.numeroCCB deve ser um número inteiro ou um texto de 1 a 50 caracteres.';
    for (const bad of ['  ', 'x'.repeat(51)]) {
      const r = await manual({ numeroCCB: bad });
      expect([r.status, r.json]).toEqual([400, s0003('dto.numeroCCB', description)]);
    }
    const fraction = await manual({ numeroCCB: 1.5 });
    expect(fraction.status).toBe(400);
    expect(fraction.json.messages[0]).toMatchObject({ code: 'S0003', context: 'V0001', field: 'dto.numeroCCB' });
  });

  it('bounds nroDiasAcrescimo (a huge value used to store invalid dates and answer 500 on ConsultarParcelas)', async () => {
    const description = `nroDiasAcrescimo deve estar entre -${MAX_EXTRA_DAYS} e ${MAX_EXTRA_DAYS}.`;
    for (const days of [1e9, MAX_EXTRA_DAYS + 1, -(MAX_EXTRA_DAYS + 1)]) {
      const m = await manual({ nroDiasAcrescimo: days });
      expect([m.status, m.json]).toEqual([400, s0003('dto.nroDiasAcrescimo', description)]);
      const c = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 12, nroDiasAcrescimo: days } });
      expect([c.status, c.json]).toEqual([400, s0003('dto.nroDiasAcrescimo', description)]);
    }
    expect(await t.admin.proposals()).toEqual([]);
    const edge = await manual({ nroDiasAcrescimo: MAX_EXTRA_DAYS });
    expect(edge.status).toBe(200);
    const parcelas = await call('/Proposta/ConsultarParcelas', { dto: { codigoProposta: edge.json.codigo } });
    expect(parcelas.status).toBe(200);
    // 2026-03-10 + 1 month = 2026-04-10, + 3650 days = 2036-04-07.
    expect(parcelas.json.parcelas[0].dtVencimento).toBe('2036-04-07T00:00:00.000Z');
  });

  it('names nroDiasAcrescimo, not dtPrimeiroVencto, when the derived first due date is not after today', async () => {
    const c = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 12, nroDiasAcrescimo: -40 } });
    expect([c.status, c.json]).toEqual([
      400,
      s0003('dto.nroDiasAcrescimo', 'Valores inconsistentes: o primeiro vencimento deve ser posterior à data de hoje.'),
    ]);
  });

  it('refuses amounts whose figures lose the cent (or overflow) instead of answering nulls', async () => {
    const description = 'Valores fora do intervalo calculável: reduza vlrSolicitado, prazo ou percJurosNegociado.';
    for (const dto of [
      { vlrSolicitado: 1e300, prazo: 420, percJurosNegociado: 99.99 },
      { vlrSolicitado: 1e15, prazo: 420, percJurosNegociado: 99.99 },
      { vlrSolicitado: 1000, prazo: 12, vlrTAC: 1e300 },
    ]) {
      const c = await call('/Proposta/CalcularValoresProposta', { dto });
      expect([c.status, c.json]).toEqual([400, s0003('dto.vlrSolicitado', description)]);
    }
    const ok = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1e9, prazo: 420, percJurosNegociado: 99.99 } });
    expect(ok.status).toBe(200);
    expect(ok.json.vlrTotalDivida).toBe(435652560879.33);
  });

  it('reads a date-time without a zone as UTC (the contract: ISO 8601 in UTC)', async () => {
    expect(utcIso('2026-06-15T23:30:00')).toBe('2026-06-15T23:30:00Z');
    expect(utcIso('2026-06-15T23:30')).toBe('2026-06-15T23:30Z');
    expect(utcIso('2026-06-15T23:30:00.5')).toBe('2026-06-15T23:30:00.5Z');
    expect(utcIso('2026-06-15T23:30:00-03:00')).toBe('2026-06-15T23:30:00-03:00');
    expect(utcIso('2026-06-15')).toBe('2026-06-15');
    const id = (await manual({})).json.codigo as string;
    await t.admin.setSituation(id, 9);
    await call('/AgendaRecebivel/GerarUnicoBoleto', {
      dto: { codigoProposta: id, nroParcelas: [1] },
      dtoGerarUnicoBoleto: { dtVencimento: '2026-06-15T23:30:00', tipoRegistro: 2 },
    });
    const b = await call('/AgendaRecebivel/ConsultarBoletos', { dto: { codigoProposta: id } });
    expect(b.json.boletos[0].dtVencimento).toBe('2026-06-15T00:00:00.000Z');
  });

  it('keeps the admin clock within 2001..9999 and changes nothing on a refused request (was a 500 on every later call)', async () => {
    const post = (body: unknown) =>
      fetch(`${t.sandbox.url}/_sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const range = { error: 'the clock must stay between 2001-01-01T00:00:00Z and 9999-12-31T23:59:59Z' };
    for (const body of [{ advanceDays: 1e12 }, { advanceDays: -1e7 }, { now: '1999-12-31T00:00:00Z' }, { now: '2026-01-01T00:00:00Z', advanceDays: 3e6 }]) {
      const res = await post(body);
      expect([res.status, await res.json()]).toEqual([400, range]);
    }
    const partial = await post({ now: '2027-01-01T00:00:00Z', advanceDays: 'x' });
    expect([partial.status, await partial.json()]).toEqual([400, { error: 'advanceDays must be a number' }]);
    expect(await t.admin.now()).toBe('2026-03-10T12:00:00.000Z');
    expect(await t.admin.setNow('2026-04-01T10:00:00')).toBe('2026-04-01T10:00:00.000Z');
    const calc = await call('/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 1000, prazo: 12 } });
    expect(calc.status).toBe(200);
  });
});
