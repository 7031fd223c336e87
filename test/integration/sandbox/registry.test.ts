import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

describe('sandbox registry over HTTP', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') }, { reset: false });
  let token: string;
  beforeEach(() => {
    token = t.token;
  });

  it('ConsultarPessoa answers the record as a JSON string, named after the demo client', async () => {
    const r = await callOperation(t.sandbox, token, '/Pessoa/ConsultarPessoa', { filter: { documentoCliente: '390.533.447-05', tipoRegistro: 1 } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ hasError: false, messages: [] });
    expect(typeof r.json.json).toBe('string');
    expect(JSON.parse(r.json.json)).toMatchObject({ documento: '39053344705', tipoPessoa: 1, nome: 'Carla Demo Paga' });
  });

  it('tells one story per document: person, registry and bureau agree on name, birth date and address', async () => {
    const story = async (document: string) => {
      const person = JSON.parse((await callOperation(t.sandbox, token, '/Pessoa/ConsultarPessoa', { filter: { documentoCliente: document } })).json.json);
      const registry = JSON.parse((await callOperation(t.sandbox, token, '/Bureau/ConsultarCadastroBusca', { consulta: { documento: document } })).json.json);
      const bureau = (await callOperation(t.sandbox, token, '/Bureau/ConsultaBureauCnpj', { documento: document })).json;
      expect(registry).toEqual(person);
      expect(bureau).toMatchObject({ documento: person.documento, nome: person.nome, dataNascimento: person.dataNascimento, endereco: person.enderecos[0] });
      expect(person.dataNascimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      return person as { nome: string };
    };
    // A demo client (the caller's proposal names the person), and a document nobody has a proposal for.
    expect((await story('39053344705')).nome).toBe('Carla Demo Paga');
    const stranger = await story('98765432100');
    // A proposal created without nomeCliente is the registry's person.
    const created = await callOperation(t.sandbox, token, '/Proposta/IncluirManual', {
      dto: { documentoCliente: '98765432100', tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 3 },
    });
    await t.admin.setSituation(created.json.codigo, 9);
    const details = await callOperation(t.sandbox, token, '/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: created.json.codigo } });
    expect(details.json.nomeCliente).toBe(stranger.nome);
    expect((await story('98765432100')).nome).toBe(stranger.nome);
  });

  it('ConsultarCadastroBusca answers falha false, and falha true for an invalid document', async () => {
    const ok = await callOperation(t.sandbox, token, '/Bureau/ConsultarCadastroBusca', { consulta: { documento: '12345678000195' } });
    expect(ok.json).toMatchObject({ hasError: false, falha: false });
    expect(JSON.parse(ok.json.json).socios).toHaveLength(2);
    const bad = await callOperation(t.sandbox, token, '/Bureau/ConsultarCadastroBusca', { consulta: { documento: '12345678000190' } });
    expect(bad.status).toBe(200);
    expect(bad.json).toEqual({
      msg: 'Falha na operação.',
      hasError: true,
      messages: [expect.objectContaining({ code: 'C0210', context: 'V0002', field: 'consulta.documento' })],
      falha: true,
      json: null,
    });
  });

  it('ConsultaBureauCnpj answers the report fields and the same report as json', async () => {
    const r = await callOperation(t.sandbox, token, '/Bureau/ConsultaBureauCnpj', { cnpj: '12.345.678/0001-95' });
    expect(r.json).toMatchObject({ hasError: false, documento: '12345678000195', score: 307, faixaRisco: 'D', dataConsulta: '2026-03-10T12:00:00.000Z' });
    const { msg: _msg, hasError: _hasError, messages: _messages, json, ...report } = r.json;
    expect(JSON.parse(json)).toEqual(report);
    const missing = await callOperation(t.sandbox, token, '/Bureau/ConsultaBureauCnpj', {});
    expect(missing.json).toMatchObject({ hasError: true, messages: [{ code: 'C0210', context: 'V0001' }] });
  });
});
