import { onlyDigits } from '../../shared/documents.js';
import { optionalDecimal, optionalMoney, toCalendarDate, toDateTime } from '../scalars.js';
import {
  BureauBouncedCheck,
  BureauBouncedChecks,
  BureauLiabilities,
  BureauLiability,
  BureauOverdueDebt,
  BureauOverdueDebts,
  BureauProtest,
  BureauProtests,
  BureauReport,
  BureauRestriction,
  BureauRestrictions,
  RegistrationRecord,
  RegistryAddress,
  RegistryEmail,
  RegistryPartner,
  RegistryPhone,
} from './registry.type.js';

type Json = Record<string, unknown>;

function obj(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj).filter((v): v is Json => v !== undefined) : [];
}

function str(record: Json | undefined, key: string): string | null {
  const value = record?.[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function num(record: Json | undefined, key: string): number | null {
  const value = record?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function bool(record: Json | undefined, key: string): boolean | null {
  const value = record?.[key];
  return typeof value === 'boolean' ? value : null;
}

function mapAddress(a: Json): RegistryAddress {
  return Object.assign(new RegistryAddress(), {
    kind: str(a, 'tipo'),
    zipCode: str(a, 'cep'),
    street: str(a, 'logradouro'),
    number: str(a, 'numero'),
    complement: str(a, 'complemento'),
    district: str(a, 'bairro'),
    city: str(a, 'cidade'),
    state: str(a, 'uf'),
  });
}

/**
 * Maps a registry `json` (ConsultarCadastroBusca, ConsultarPessoa) onto `RegistrationRecord`: the
 * known keys typed, the whole value in `raw`. Unknown shapes give empty typed fields, never an error.
 */
export function mapRegistrationRecord(json: unknown, document: string): RegistrationRecord {
  const r = obj(json);
  const activity = obj(r?.cnaePrincipal);
  const business = obj(r?.enderecoComercial);
  const typeCode = num(r, 'tipoPessoa');
  return Object.assign(new RegistrationRecord(), {
    document: onlyDigits(str(r, 'documento') ?? document),
    personTypeCode: typeCode,
    name: str(r, 'nome'),
    tradeName: str(r, 'nomeFantasia'),
    birthDate: toCalendarDate(str(r, 'dataNascimento')),
    motherName: str(r, 'nomeMae'),
    openingDate: toCalendarDate(str(r, 'dataAbertura')),
    legalNature: str(r, 'naturezaJuridica'),
    mainActivityCode: str(activity, 'codigo'),
    mainActivityDescription: str(activity, 'descricao'),
    taxStatus: str(r, 'situacaoCadastral'),
    taxStatusDate: toCalendarDate(str(r, 'dataSituacaoCadastral')),
    addresses: list(r?.enderecos).map(mapAddress),
    businessAddress: business ? mapAddress(business) : null,
    emails: list(r?.emails).map((e) => Object.assign(new RegistryEmail(), { address: str(e, 'email'), primary: bool(e, 'principal') })),
    phones: list(r?.telefones).map((p) =>
      Object.assign(new RegistryPhone(), { kind: str(p, 'tipo'), areaCode: str(p, 'ddd'), number: str(p, 'numero'), primary: bool(p, 'principal') }),
    ),
    partners: list(r?.socios).map((s) =>
      Object.assign(new RegistryPartner(), {
        name: str(s, 'nome'),
        document: str(s, 'documento'),
        qualification: str(s, 'qualificacao'),
        sharePercent: optionalDecimal(num(s, 'percentual')),
        entryDate: toCalendarDate(str(s, 'dataEntrada')),
      }),
    ),
    raw: json ?? null,
  });
}

/** One bureau section: its count and total, and each item built by `item`; null when absent. */
function mapSection<S extends { count: number | null; total: string | null; items: T[] }, T>(
  value: unknown,
  Section: new () => S,
  item: (entry: Json) => T,
): S | null {
  const s = obj(value);
  if (!s) {
    return null;
  }
  return Object.assign(new Section(), { count: num(s, 'quantidade'), total: optionalMoney(num(s, 'valorTotal')), items: list(s.itens).map(item) });
}

const liability = (i: Json): BureauLiability =>
  Object.assign(new BureauLiability(), {
    creditor: str(i, 'credor'),
    kind: str(i, 'modalidade'),
    amount: optionalMoney(num(i, 'valor')),
    contractDate: toCalendarDate(str(i, 'dataContratacao')),
    remainingInstallments: num(i, 'parcelasRestantes'),
  });

const restriction = (i: Json): BureauRestriction =>
  Object.assign(new BureauRestriction(), {
    kind: str(i, 'tipo'),
    origin: str(i, 'origem'),
    amount: optionalMoney(num(i, 'valor')),
    occurrenceDate: toCalendarDate(str(i, 'dataOcorrencia')),
  });

const overdueDebt = (i: Json): BureauOverdueDebt =>
  Object.assign(new BureauOverdueDebt(), {
    creditor: str(i, 'credor'),
    amount: optionalMoney(num(i, 'valor')),
    dueDate: toCalendarDate(str(i, 'dataVencimento')),
    daysOverdue: num(i, 'diasAtraso'),
  });

const bouncedCheck = (i: Json): BureauBouncedCheck =>
  Object.assign(new BureauBouncedCheck(), {
    bank: str(i, 'banco'),
    branch: str(i, 'agencia'),
    checkCount: num(i, 'quantidadeCheques'),
    amount: optionalMoney(num(i, 'valor')),
    lastOccurrenceDate: toCalendarDate(str(i, 'dataUltimaOcorrencia')),
  });

const protest = (i: Json): BureauProtest =>
  Object.assign(new BureauProtest(), {
    notary: str(i, 'cartorio'),
    city: str(i, 'cidade'),
    state: str(i, 'uf'),
    amount: optionalMoney(num(i, 'valor')),
    protestDate: toCalendarDate(str(i, 'data')),
  });

/** Maps a ConsultaBureauCnpj answer: the report's fields at the top level, or inside its parsed `json`. */
export function mapBureauReport(answer: Json, document: string): BureauReport {
  const fromJson = obj(answer.json);
  const r = fromJson ?? answer;
  const raw = fromJson ?? Object.fromEntries(Object.entries(answer).filter(([k]) => !['msg', 'hasError', 'messages', 'json'].includes(k)));
  return Object.assign(new BureauReport(), {
    document: onlyDigits(str(r, 'documento') ?? document),
    name: str(r, 'nome'),
    consultedAt: toDateTime(str(r, 'dataConsulta')),
    score: num(r, 'score'),
    riskBand: str(r, 'faixaRisco'),
    hasRestrictions: bool(r, 'possuiRestricoes'),
    liabilities: mapSection(r.passivos, BureauLiabilities, liability),
    restrictions: mapSection(r.restricoes, BureauRestrictions, restriction),
    overdueDebts: mapSection(r.dividasVencidas, BureauOverdueDebts, overdueDebt),
    bouncedChecks: mapSection(r.chequesSemFundo, BureauBouncedChecks, bouncedCheck),
    protests: mapSection(r.protestos, BureauProtests, protest),
    raw,
  });
}
