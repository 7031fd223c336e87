import { type Json, optBoolean, optDate, optInteger, optNumber, optString } from './input.js';

/*
 * The typed fields of IncluirAvalista's avalistaPF / avalistaPJ, as the contract lists them
 * ("Guarantor (object avalista of IncluirAvalista)"). `name{1..n}Suffix` there means one field per
 * index: refBanco1Nome, refBanco2Nome, socio5DtEntrada, ...
 */

export type GuarantorFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'datetime';

type Table = Record<string, GuarantorFieldType>;

function plain(names: readonly string[], type: GuarantorFieldType): Table {
  return Object.fromEntries(names.map((n) => [n, type]));
}

function indexed(prefix: string, count: number, members: Table): Table {
  const out: Table = {};
  for (let i = 1; i <= count; i++) {
    for (const [suffix, type] of Object.entries(members)) {
      out[`${prefix}${i}${suffix}`] = type;
    }
  }
  return out;
}

const REF_BANCO: Table = { Nome: 'string', Agencia: 'string', Conta: 'string', Gerente: 'string', Telefone: 'string', DtAbertura: 'datetime' };

/** avalistaPF (individual guarantor). */
export const GUARANTOR_PF_FIELDS: Readonly<Table> = {
  ...plain(
    [
      'rg',
      'rgOrgao',
      'rguf',
      'nomePai',
      'nomeMae',
      'sexo',
      'telefoneFixo',
      'telefoneCelular',
      'email',
      'localTrabalho',
      'cnpjTrabalho',
      'cargoTrabalho',
      'obsOutrosRendimentos',
      'cepTrabalho',
      'logradouroTrabalho',
      'nroLogradouroTrabalho',
      'bairroTrabalho',
      'complementoTrabalho',
      'cidadeTrabalho',
      'ufTrabalho',
      'telefoneFixoTrabalho',
      'telefoneCelularTrabalho',
      'emailTrabalho',
      'nomeConjuge',
      'cpfConjuge',
      'rgConjuge',
      'rgOrgaoConjuge',
      'rgufConjuge',
      'localTrabalhoConjuge',
      'obsOutrosRendimentosConjuge',
      'telefoneFixoConjuge',
      'telefoneCelularConjuge',
      'emailConjuge',
      'naturalDeCidade',
      'naturalDeUF',
      'nacionalidade',
    ],
    'string',
  ),
  ...plain(['rgData', 'dtNasc', 'rgDataConjuge'], 'datetime'),
  ...plain(['estadoCivil', 'nroDependentes'], 'integer'),
  ...plain(['vlrRendimentoTrabalho', 'vlrOutrosRendimentos', 'vlrRendimentoTrabalhoConjuge', 'vlrOutrosRendimentosConjuge'], 'number'),
  mostrarConjugeCCB: 'boolean',
  ...indexed('refBanco', 2, REF_BANCO),
  ...indexed('refComercial', 3, { Nome: 'string', Parentesco: 'string', Telefone: 'string' }),
  ...indexed('patrimonio', 3, { Descricao: 'string', Valor: 'number' }),
};

/** avalistaPJ (legal-entity guarantor). */
export const GUARANTOR_PJ_FIELDS: Readonly<Table> = {
  ...plain(
    [
      'nomeFantasia',
      'webSite',
      'telefoneFixo',
      'telefoneFixoRamal',
      'ramoAtividade',
      'email',
      'nomeContatoContador',
      'emailContatoContador',
      'telefoneContatoContador',
      'telefoneRamalContatoContador',
      'assistente',
    ],
    'string',
  ),
  dtFundacao: 'datetime',
  ...indexed('socio', 5, {
    Nome: 'string',
    Documento: 'string',
    RG: 'string',
    RGEmissor: 'string',
    RGUF: 'string',
    Percentual: 'number',
    DtEntrada: 'datetime',
  }),
  ...indexed('adm', 5, { Nome: 'string', CPF: 'string', Cargo: 'string', DtEntrada: 'datetime', DtTermino: 'datetime' }),
  ...indexed('colig', 5, { Nome: 'string', CNPJ: 'string', Cidade: 'string', UF: 'string', Participante: 'string', Percentual: 'number' }),
  ...indexed('refBanco', 3, REF_BANCO),
  ...indexed('refCom', 4, {
    Fornecedor: 'string',
    TelefoneFornec: 'string',
    Cliente: 'string',
    TelefoneCliente: 'string',
    PercentualFornec: 'number',
    PercentualCliente: 'number',
  }),
  ...indexed('refNeg', 2, { Contrato: 'string', Fornecedor: 'string', Telefone: 'string', ValorNegocio: 'number', Rentabilidade: 'number' }),
  ...indexed('dadosFinanc', 6, { ProdServ: 'string', Percentual: 'number' }),
  ...plain(['capitalSocial', 'patrimonioLiq', 'faturamentoMedio12Meses', 'comprasMedio12Meses', 'percExportacao', 'percImportacao'], 'number'),
  ...indexed('bens', 3, { Qtde: 'integer', Tipo: 'string', OnusCredor: 'string', ValorAtual: 'number' }),
};

/** Longest string kept from a guarantor field. */
const MAX_TEXT = 1000;

/**
 * Reads avalistaPF / avalistaPJ: every field the contract types is checked (S0003/V0001 naming
 * `path.field` on a wrong type or an unparseable date-time, as everywhere else); other members are
 * ignored unless primitive, in which case they are kept as sent. Strings are cut at 1,000 characters;
 * date-times are stored as ISO 8601 UTC.
 */
export function readGuarantorPart(source: Json | undefined, table: Readonly<Table>, path: string): Json | undefined {
  if (!source) {
    return undefined;
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    const type = Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
    const fieldPath = `${path}.${key}`;
    if (type !== undefined) {
      const read = readTyped(source, key, type, fieldPath);
      if (read !== undefined) {
        out[key] = read;
      }
      continue;
    }
    if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(key)) {
      continue;
    }
    if (typeof value === 'string') {
      out[key] = value.slice(0, MAX_TEXT);
    } else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') {
      out[key] = value;
    }
  }
  return out;
}

function readTyped(source: Json, key: string, type: GuarantorFieldType, path: string): unknown {
  switch (type) {
    case 'string':
      return optString(source, key, path)?.slice(0, MAX_TEXT);
    case 'integer':
      return optInteger(source, key, path);
    case 'number':
      return optNumber(source, key, path);
    case 'boolean':
      return optBoolean(source, key, path);
    case 'datetime':
      return optDate(source, key, path)?.toISOString();
  }
}
