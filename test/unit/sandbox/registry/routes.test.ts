import { SandboxFailure } from '../../../../src/sandbox/envelope.js';
import { registryRoutes } from '../../../../src/sandbox/routes/registry.js';
import { type OperationContext } from '../../../../src/sandbox/routes/types.js';
import { makeContext } from '../receivables/fixtures.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(ctx: OperationContext, path: string, body: Json): Promise<Json> {
  const route = registryRoutes.find((r) => r.path === path)!;
  return (await route.handler(ctx, body)) as Json;
}

async function failure(ctx: OperationContext, path: string, body: Json): Promise<string> {
  try {
    await call(ctx, path, body);
  } catch (e) {
    if (e instanceof SandboxFailure) {
      return `${e.items[0]?.code}/${e.items[0]?.context} ${e.items[0]?.field} ${e.status}`;
    }
    throw e;
  }
  return 'no failure';
}

describe('registry routes', () => {
  it('declares the three reads', () => {
    expect(registryRoutes.map((r) => [r.path, r.write])).toEqual([
      ['/Pessoa/ConsultarPessoa', false],
      ['/Bureau/ConsultarCadastroBusca', false],
      ['/Bureau/ConsultaBureauCnpj', false],
    ]);
  });

  describe('ConsultarPessoa', () => {
    const path = '/Pessoa/ConsultarPessoa';
    it("answers the record as a JSON string, named after the caller's own client", async () => {
      const { ctx } = makeContext();
      const r = await call(ctx, path, { filter: { documentoCliente: '123.456.789-09', tipoRegistro: 1 } });
      const json = JSON.parse(r.json as string);
      expect(json).toMatchObject({ documento: '12345678909', tipoPessoa: 1, nome: 'Fulano de Tal Sintético' });
      const other = await call({ ...ctx, clientId: 'client-b' }, path, { filter: { documentoCliente: '12345678909' } });
      expect(JSON.parse(other.json as string).nome).toBe('Wagner Henriques Pacheco');
    });

    it('narrows to one collection or one item', async () => {
      const { ctx } = makeContext();
      const phones = JSON.parse((await call(ctx, path, { filter: { documentoCliente: '12345678000195', childSearch: 'telefones' } })).json);
      expect(phones.map((p: Json) => p.id)).toEqual(['12345678000195-T1', '12345678000195-T2']);
      const partner = JSON.parse((await call(ctx, path, { filter: { documentoCliente: '12345678000195', childDirectID: '12345678000195-S2' } })).json);
      expect(partner).toMatchObject({ documento: '19533048778', percentual: 71 });
      const work = JSON.parse(
        (await call(ctx, path, { filter: { documentoCliente: '12345678000195', childSearch: 'enderecos', childDirectID: '12345678000195-E2' } })).json,
      );
      expect(work.cidade).toBe('Fortaleza');
    });

    it('refuses missing, invalid and mismatched documents and unknown children', async () => {
      const { ctx } = makeContext();
      expect(await failure(ctx, path, { filter: {} })).toBe('C0210/V0001 filter.documentoCliente 200');
      expect(await failure(ctx, path, { filter: { documentoCliente: '12345678900' } })).toBe('C0210/V0002 filter.documentoCliente 200');
      expect(await failure(ctx, path, { filter: { documentoCliente: '12345678909', tipoRegistro: 2 } })).toBe('C0210/V0003 filter.tipoRegistro 200');
      expect(await failure(ctx, path, { filter: { documentoCliente: '12345678909', childSearch: 'carros' } })).toBe('C0210/V0004 filter.childSearch 200');
      expect(await failure(ctx, path, { filter: { documentoCliente: '12345678909', childDirectID: 'x' } })).toBe('C0210/V0005 filter.childDirectID 200');
      expect(await failure(ctx, path, {})).toBe('S0003/V0002 filter 400');
      expect(await failure(ctx, path, { filter: { documentoCliente: 12345678909 } })).toBe('S0003/V0001 filter.documentoCliente 400');
    });
  });

  describe('ConsultarCadastroBusca', () => {
    const path = '/Bureau/ConsultarCadastroBusca';
    it('answers falha false and the record with business address, tax status and partners', async () => {
      const { ctx } = makeContext();
      const r = await call(ctx, path, { consulta: { documento: '12345678000195' } });
      expect(r.falha).toBe(false);
      const json = JSON.parse(r.json as string);
      expect(json).toMatchObject({ situacaoCadastral: 'ATIVA', enderecoComercial: { uf: 'CE' } });
      expect(json.socios).toHaveLength(2);
    });

    it('answers falha true with the message for a bad document', async () => {
      const { ctx } = makeContext();
      const r = await call(ctx, path, { consulta: { documento: '11111111111' } });
      expect(r).toMatchObject({ hasError: true, falha: true, json: null, messages: [{ code: 'C0210', context: 'V0002', field: 'consulta.documento' }] });
      expect(await failure(ctx, path, {})).toBe('S0003/V0002 consulta 400');
    });
  });

  describe('ConsultaBureauCnpj', () => {
    const path = '/Bureau/ConsultaBureauCnpj';
    it('accepts the document under several names and answers the report both as fields and as json', async () => {
      const { ctx } = makeContext();
      const a = await call(ctx, path, { documento: '12345678000195' });
      const b = await call(ctx, path, { cnpj: '12.345.678/0001-95' });
      const c = await call(ctx, path, { dto: { cnpj: '12345678000195' } });
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(a).toMatchObject({ documento: '12345678000195', faixaRisco: 'D', possuiRestricoes: true, dataConsulta: '2026-06-01T10:00:00.000Z' });
      const { json, ...fields } = a;
      expect(JSON.parse(json as string)).toEqual(fields);
      expect((await call(ctx, path, { cpf: '12345678909' })).tipoPessoa).toBe(1);
    });

    it('refuses a missing or invalid document', async () => {
      const { ctx } = makeContext();
      expect(await failure(ctx, path, {})).toBe('C0210/V0001 documento 200');
      expect(await failure(ctx, path, { cnpj: '12345678000190' })).toBe('C0210/V0002 cnpj 200');
      expect(await failure(ctx, path, { consulta: { documento: 'abc' } })).toBe('C0210/V0002 consulta.documento 200');
    });
  });
});
