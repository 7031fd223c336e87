import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { isValidCpf } from '../../../../src/shared/documents.js';
import { bureauReport, cpfFromBase, registryRecord } from '../../../../src/sandbox/registry/synthetic.js';

const asOf = new Date('2026-06-01T00:00:00Z');

describe('registryRecord', () => {
  it('is the same record for the same document, masked or not', () => {
    expect(registryRecord('123.456.789-09')).toEqual(registryRecord('12345678909'));
    expect(registryRecord('12.345.678/0001-95')).toEqual(registryRecord('12345678000195'));
  });

  it("draws an individual's record from the digits", () => {
    const r = registryRecord('12345678909');
    expect(r).toMatchObject({
      id: 'PF-12345678909',
      documento: '12345678909',
      tipoPessoa: 1,
      nome: 'Wagner Henriques Pacheco',
      situacaoCadastral: 'REGULAR',
      dataNascimento: '1977-09-26',
      socios: [],
    });
    expect(r.enderecos[0]).toMatchObject({ cep: '72358598', cidade: 'Brasília', uf: 'DF', tipo: 'RESIDENCIAL' });
    expect(r.telefones[0]).toMatchObject({ ddd: '61', numero: '914750827', tipo: 'CELULAR' });
    expect(r.emails[0]?.email).toBe('wagner.henriques@example.com');
  });

  it('gives a company partners with valid CPFs whose shares sum to 100', () => {
    const r = registryRecord('12345678000195');
    expect(r).toMatchObject({ tipoPessoa: 2, nome: 'Ipê Consultoria ME', nomeFantasia: 'Ipê Consultoria', situacaoCadastral: 'ATIVA' });
    expect(r.socios.map((s) => [s.documento, s.percentual])).toEqual([
      ['77815156177', 29],
      ['19533048778', 71],
    ]);
    for (let k = 0; k < 200; k++) {
      const other = registryRecord(generateCnpj());
      expect(other.socios.length).toBeGreaterThanOrEqual(1);
      expect(other.socios.reduce((acc, s) => acc + s.percentual, 0)).toBe(100);
      expect(other.socios.every((s) => isValidCpf(s.documento) && s.percentual > 0)).toBe(true);
    }
  });

  it('differs between documents and refuses invalid ones', () => {
    expect(registryRecord(generateCpf()).id).not.toBe(registryRecord('12345678909').id);
    expect(() => registryRecord('12345678900')).toThrow(RangeError);
  });
});

describe('cpfFromBase', () => {
  it('computes both check digits', () => {
    expect(cpfFromBase('123456789')).toBe('12345678909');
    expect(cpfFromBase('529982247')).toBe('52998224725');
  });
});

describe('bureauReport', () => {
  it('reports a clean individual', () => {
    const r = bureauReport('12345678909', asOf);
    expect(r).toMatchObject({ documento: '12345678909', score: 834, faixaRisco: 'A', possuiRestricoes: false, dataConsulta: '2026-06-01T00:00:00.000Z' });
    expect(r.passivos).toMatchObject({ quantidade: 2, valorTotal: 51510.07 });
    expect([r.restricoes.quantidade, r.dividasVencidas.quantidade, r.chequesSemFundo.quantidade, r.protestos.quantidade]).toEqual([0, 0, 0, 0]);
  });

  it('reports a troubled company with totals that add up', () => {
    const r = bureauReport('12345678000195', asOf);
    expect(r).toMatchObject({ tipoPessoa: 2, possuiRestricoes: true, faixaRisco: 'D', score: 307 });
    for (const s of [r.passivos, r.restricoes, r.dividasVencidas, r.chequesSemFundo, r.protestos]) {
      expect(s.quantidade).toBe(s.itens.length);
      expect(Math.round(s.itens.reduce((acc, i) => acc + i.valor * 100, 0))).toBe(Math.round(s.valorTotal * 100));
    }
    expect([r.restricoes.quantidade, r.dividasVencidas.quantidade, r.chequesSemFundo.quantidade, r.protestos.quantidade]).toEqual([2, 2, 2, 1]);
    expect(r.protestos.valorTotal).toBe(85020.05);
    // 2020-11-24 to 2026-06-01.
    expect(r.dividasVencidas.itens[0]).toEqual({ credor: 'Financeira Exemplo S.A.', valor: 45663.03, dataVencimento: '2020-11-24', diasAtraso: 2015 });
  });

  it('is stable for a document and changes only the query date with the clock', () => {
    const a = bureauReport('12345678000195', asOf);
    const b = bureauReport('12345678000195', new Date('2026-06-11T00:00:00Z'));
    expect({ ...b, dataConsulta: a.dataConsulta, dividasVencidas: a.dividasVencidas }).toEqual(a);
    expect(b.dividasVencidas.itens[0]!.diasAtraso - a.dividasVencidas.itens[0]!.diasAtraso).toBe(10);
  });
});
