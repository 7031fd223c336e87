import { Decimal } from 'decimal.js';
import { roundCents } from '../../shared/money.js';
import { documentKind, onlyDigits } from '../../shared/documents.js';
import { daysBetween } from '../finance/dates.js';
import { Random } from '../ids.js';

/*
 * Deterministic synthetic registry and bureau records. Everything is drawn from a generator seeded
 * with the document's digits: the same document always gives the same record, in any process.
 * Names, addresses, phones and e-mails are made up (e-mails use the reserved example.com domain);
 * partners' CPFs are generated with valid check digits.
 */

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Tiago',
  'Vanessa',
  'Wagner',
];
const SURNAMES = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Duarte',
  'Esteves',
  'Ferraz',
  'Gouveia',
  'Henriques',
  'Lacerda',
  'Moraes',
  'Nogueira',
  'Pacheco',
  'Queiroz',
  'Rezende',
  'Siqueira',
  'Teixeira',
  'Valadares',
  'Xavier',
];
const COMPANY_WORDS = ['Horizonte', 'Aurora', 'Cerrado', 'Litoral', 'Mantiqueira', 'Pantanal', 'Serra Azul', 'Vale Verde', 'Ipê', 'Jequitibá'];
const COMPANY_TRADES = [
  'Comércio de Alimentos',
  'Serviços de Informática',
  'Transportes',
  'Materiais de Construção',
  'Confecções',
  'Consultoria',
  'Indústria Metalúrgica',
  'Distribuidora',
];
const COMPANY_SUFFIX = ['Ltda', 'S.A.', 'Eireli', 'ME'];
const STREETS = [
  'Rua das Acácias',
  'Avenida dos Ipês',
  'Rua do Sol Nascente',
  'Travessa das Palmeiras',
  'Rua Projetada Um',
  'Avenida Central',
  'Rua dos Girassóis',
  'Alameda das Orquídeas',
];
const DISTRICTS = ['Centro', 'Jardim Primavera', 'Vila Nova', 'Parque das Flores', 'Bela Vista', 'Boa Esperança'];
/** City, UF, phone area code and the first three digits of its CEP range. */
const CITIES: readonly (readonly [string, string, string, number, number])[] = [
  ['São Paulo', 'SP', '11', 10, 59],
  ['Rio de Janeiro', 'RJ', '21', 200, 237],
  ['Belo Horizonte', 'MG', '31', 300, 319],
  ['Curitiba', 'PR', '41', 800, 829],
  ['Porto Alegre', 'RS', '51', 900, 919],
  ['Salvador', 'BA', '71', 400, 424],
  ['Recife', 'PE', '81', 500, 529],
  ['Fortaleza', 'CE', '85', 600, 615],
  ['Goiânia', 'GO', '62', 740, 748],
  ['Brasília', 'DF', '61', 700, 727],
];
const CNAES = [
  ['4711-3/02', 'Comércio varejista de mercadorias em geral'],
  ['6201-5/01', 'Desenvolvimento de programas de computador sob encomenda'],
  ['4930-2/02', 'Transporte rodoviário de carga'],
  ['4744-0/99', 'Comércio varejista de materiais de construção em geral'],
  ['7020-4/00', 'Atividades de consultoria em gestão empresarial'],
] as const;
const CREDITORS = [
  'Banco Fictício S.A.',
  'Financeira Exemplo S.A.',
  'Cooperativa de Crédito Modelo',
  'Administradora de Cartões Demo',
  'Fornecedor Atacadista Teste Ltda',
];
const MODALITIES = ['Empréstimo pessoal', 'Cartão de crédito', 'Financiamento de veículo', 'Capital de giro', 'Cheque especial'];

/** FNV-1a of the digits: the seed of a document's records. */
function seedOf(digits: string, salt: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${salt}:${digits}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * Draws from a mulberry32 generator of its own (not the sandbox's id generator), so records stay the
 * same whatever happens to id generation.
 */
class Draw extends Random {
  constructor(digits: string, salt: string) {
    super(seedOf(digits, salt));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => String(this.int(0, 9))).join('');
  }
  amount(min: number, max: number): number {
    return roundCents(new Decimal(this.int(min * 100, max * 100)).div(100));
  }
  date(fromYear: number, toYear: number): string {
    const year = this.int(fromYear, toYear);
    const month = this.int(1, 12);
    const day = this.int(1, 28);
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  }
}

/** A CPF with valid check digits built on 9 base digits. */
export function cpfFromBase(base9: string): string {
  const dv = (digits: string): number => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = dv(base9);
  return `${base9}${first}${dv(`${base9}${first}`)}`;
}

function personName(draw: Draw): string {
  return `${draw.pick(FIRST_NAMES)} ${draw.pick(SURNAMES)} ${draw.pick(SURNAMES)}`;
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

export interface SyntheticAddress {
  id: string;
  tipo: 'RESIDENCIAL' | 'COMERCIAL';
  cep: string;
  logradouro: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
}

function address(draw: Draw, id: string, tipo: SyntheticAddress['tipo']): SyntheticAddress {
  const [city, uf, , cepFrom, cepTo] = draw.pick(CITIES);
  return {
    id,
    tipo,
    cep: `${String(draw.int(cepFrom, cepTo)).padStart(3, '0')}${draw.digits(5)}`,
    logradouro: draw.pick(STREETS),
    numero: String(draw.int(1, 2999)),
    complemento: draw.chance(0.4) ? `Sala ${draw.int(1, 120)}` : '',
    bairro: draw.pick(DISTRICTS),
    cidade: city,
    uf,
  };
}

function areaCodeOf(uf: string): string {
  return CITIES.find((c) => c[1] === uf)?.[2] ?? '11';
}

/** The registry record of a valid CPF or CNPJ (ConsultarPessoa, ConsultarCadastroBusca). */
export interface RegistryRecord {
  id: string;
  documento: string;
  tipoPessoa: 1 | 2;
  nome: string;
  nomeFantasia?: string;
  dataNascimento?: string;
  nomeMae?: string;
  dataAbertura?: string;
  naturezaJuridica?: string;
  cnaePrincipal?: { codigo: string; descricao: string };
  situacaoCadastral: string;
  dataSituacaoCadastral: string;
  enderecos: SyntheticAddress[];
  enderecoComercial: SyntheticAddress;
  emails: { id: string; email: string; principal: boolean }[];
  telefones: { id: string; tipo: 'CELULAR' | 'FIXO'; ddd: string; numero: string; principal: boolean }[];
  socios: { id: string; nome: string; documento: string; qualificacao: string; percentual: number; dataEntrada: string }[];
}

/** Collections of a registry record that ConsultarPessoa's childSearch can name. */
export const REGISTRY_CHILDREN = ['enderecos', 'emails', 'telefones', 'socios'] as const;
export type RegistryChild = (typeof REGISTRY_CHILDREN)[number];

/**
 * The synthetic registry record of `document` (masked or not). Throws RangeError for an invalid
 * document; the routes check first.
 */
export function registryRecord(document: string): RegistryRecord {
  const kind = documentKind(document);
  if (!kind) {
    throw new RangeError('invalid CPF/CNPJ');
  }
  const digits = onlyDigits(document);
  const draw = new Draw(digits, 'registry');
  const company = kind === 'cnpj';
  const trade = draw.pick(COMPANY_TRADES);
  const word = draw.pick(COMPANY_WORDS);
  const name = company ? `${word} ${trade} ${draw.pick(COMPANY_SUFFIX)}` : personName(draw);
  const home = address(draw, `${digits}-E1`, company ? 'COMERCIAL' : 'RESIDENCIAL');
  const work = address(draw, `${digits}-E2`, 'COMERCIAL');
  const ddd = areaCodeOf(home.uf);
  const emailUser = company ? slug(`contato ${word}`) : slug(name.split(' ').slice(0, 2).join(' '));
  const status = draw.chance(0.9) ? (company ? 'ATIVA' : 'REGULAR') : company ? 'INAPTA' : 'PENDENTE DE REGULARIZAÇÃO';
  const record: RegistryRecord = {
    id: `${company ? 'PJ' : 'PF'}-${digits}`,
    documento: digits,
    tipoPessoa: company ? 2 : 1,
    nome: name,
    situacaoCadastral: status,
    dataSituacaoCadastral: draw.date(2005, 2024),
    enderecos: [home],
    enderecoComercial: work,
    emails: [
      { id: `${digits}-M1`, email: `${emailUser}@example.com`, principal: true },
      ...(draw.chance(0.5) ? [{ id: `${digits}-M2`, email: `${emailUser}.${draw.int(10, 99)}@example.com`, principal: false }] : []),
    ],
    telefones: [
      { id: `${digits}-T1`, tipo: 'CELULAR', ddd, numero: `9${draw.digits(8)}`, principal: true },
      { id: `${digits}-T2`, tipo: 'FIXO', ddd: areaCodeOf(work.uf), numero: `3${draw.digits(7)}`, principal: false },
    ],
    socios: [],
  };
  if (company) {
    const cnae = draw.pick(CNAES);
    record.nomeFantasia = `${word} ${trade.split(' ')[0]}`;
    record.dataAbertura = draw.date(1990, 2022);
    record.naturezaJuridica = '206-2 - Sociedade Empresária Limitada';
    record.cnaePrincipal = { codigo: cnae[0], descricao: cnae[1] };
    const partners = draw.int(1, 3);
    let left = 100;
    for (let k = 1; k <= partners; k++) {
      const share = k === partners ? left : draw.int(10, Math.max(10, left - 10 * (partners - k)));
      left -= share;
      record.socios.push({
        id: `${digits}-S${k}`,
        nome: personName(draw),
        documento: cpfFromBase(`${draw.int(1, 9)}${draw.digits(8)}`),
        qualificacao: k === 1 ? '49 - Sócio-Administrador' : '22 - Sócio',
        percentual: share,
        dataEntrada: draw.date(1990, 2022),
      });
    }
  } else {
    record.dataNascimento = draw.date(1950, 2004);
    record.nomeMae = `${draw.pick(FIRST_NAMES.filter((_, i) => i % 2 === 0))} ${draw.pick(SURNAMES)} ${draw.pick(SURNAMES)}`;
  }
  return record;
}

interface ReportSection<T> {
  quantidade: number;
  valorTotal: number;
  itens: T[];
}

function section<T extends { valor: number }>(items: T[]): ReportSection<T> {
  return { quantidade: items.length, valorTotal: roundCents(items.reduce((acc, i) => acc.plus(i.valor), new Decimal(0))), itens: items };
}

/** The synthetic bureau report of a valid document (ConsultaBureauCnpj). */
export interface BureauReport {
  documento: string;
  tipoPessoa: 1 | 2;
  nome: string;
  /** The registry record's birth date (individuals) or opening date (companies): one identity. */
  dataNascimento?: string;
  dataAbertura?: string;
  /** The registry record's first address. */
  endereco: SyntheticAddress;
  /** When the report was produced (the sandbox clock). */
  dataConsulta: string;
  score: number;
  faixaRisco: 'A' | 'B' | 'C' | 'D' | 'E';
  possuiRestricoes: boolean;
  passivos: ReportSection<{ credor: string; modalidade: string; valor: number; dataContratacao: string; parcelasRestantes: number }>;
  restricoes: ReportSection<{ tipo: string; origem: string; valor: number; dataOcorrencia: string }>;
  dividasVencidas: ReportSection<{ credor: string; valor: number; dataVencimento: string; diasAtraso: number }>;
  chequesSemFundo: ReportSection<{ banco: string; agencia: string; quantidadeCheques: number; valor: number; dataUltimaOcorrencia: string }>;
  protestos: ReportSection<{ cartorio: string; cidade: string; uf: string; valor: number; data: string }>;
}

/**
 * The bureau report of `document`: liabilities (always some), and for about half of the documents
 * restrictions, overdue debts, bounced checks and protests. The score falls with each occurrence.
 * Everything but `dataConsulta` and the days overdue (counted to `asOf`) depends on the document only.
 * Who the report is about (name, birth or opening date, address) is taken from the registry record,
 * so both tell one story; pass the record itself when the caller's view renamed it.
 */
export function bureauReport(document: string | RegistryRecord, asOf: Date): BureauReport {
  const record = typeof document === 'string' ? registryRecord(document) : document;
  const draw = new Draw(record.documento, 'bureau');
  const scale = record.tipoPessoa === 2 ? 10 : 1;
  const passivos = Array.from({ length: draw.int(1, 3) }, () => ({
    credor: draw.pick(CREDITORS),
    modalidade: draw.pick(MODALITIES),
    valor: draw.amount(500 * scale, 50000 * scale),
    dataContratacao: draw.date(2019, 2025),
    parcelasRestantes: draw.int(1, 48),
  }));
  const troubled = draw.chance(0.5);
  const some = (max: number): number => (troubled ? draw.int(0, max) : 0);
  const dividas = Array.from({ length: some(3) }, () => ({
    credor: draw.pick(CREDITORS),
    valor: draw.amount(100 * scale, 8000 * scale),
    dataVencimento: draw.date(2020, 2024),
    diasAtraso: 0,
  }));
  for (const d of dividas) {
    d.diasAtraso = Math.max(0, daysBetween(new Date(`${d.dataVencimento}T00:00:00Z`), asOf));
  }
  const restricoes = dividas.map((d) => ({ tipo: 'PEFIN', origem: d.credor, valor: d.valor, dataOcorrencia: d.dataVencimento }));
  const cheques = Array.from({ length: some(2) }, () => ({
    banco: String(draw.int(1, 999)).padStart(3, '0'),
    agencia: draw.digits(4),
    quantidadeCheques: draw.int(1, 4),
    valor: draw.amount(50 * scale, 3000 * scale),
    dataUltimaOcorrencia: draw.date(2020, 2025),
  }));
  const protestos = Array.from({ length: some(2) }, () => {
    const [city, uf] = draw.pick(CITIES);
    return {
      cartorio: `${draw.int(1, 10)}º Tabelionato de Protesto de ${city}`,
      cidade: city,
      uf,
      valor: draw.amount(200 * scale, 20000 * scale),
      data: draw.date(2020, 2025),
    };
  });
  const occurrences = restricoes.length + cheques.length + protestos.length;
  const score = Math.max(0, Math.min(1000, draw.int(650, 950) - 120 * occurrences));
  const faixaRisco = score >= 800 ? 'A' : score >= 650 ? 'B' : score >= 500 ? 'C' : score >= 300 ? 'D' : 'E';
  return {
    documento: record.documento,
    tipoPessoa: record.tipoPessoa,
    nome: record.nome,
    ...(record.dataNascimento !== undefined ? { dataNascimento: record.dataNascimento } : {}),
    ...(record.dataAbertura !== undefined ? { dataAbertura: record.dataAbertura } : {}),
    endereco: record.enderecos[0] as SyntheticAddress,
    dataConsulta: asOf.toISOString(),
    score,
    faixaRisco,
    possuiRestricoes: occurrences > 0 || dividas.length > 0,
    passivos: section(passivos),
    restricoes: section(restricoes),
    dividasVencidas: section(dividas),
    chequesSemFundo: section(cheques),
    protestos: section(protestos),
  };
}
