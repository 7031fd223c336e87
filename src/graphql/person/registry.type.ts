import { Field, Int, ObjectType } from 'type-graphql';
import { RegisteredPersonType } from '../common/codes.type.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar, JSONScalar } from '../scalars.js';

/** An address of a registry record. */
@ObjectType({
  description:
    'An address of a registry record. Upstream: an item of enderecos (or enderecoComercial) in the json of ConsultarPessoa / ConsultarCadastroBusca.',
})
export class RegistryAddress {
  @Field((_type) => String, { nullable: true, description: 'Address kind (RESIDENCIAL, COMERCIAL). Upstream: tipo.' })
  kind: string | null;

  @Field((_type) => String, { nullable: true, description: 'Postal code (CEP). Upstream: cep.' })
  zipCode: string | null;

  @Field((_type) => String, { nullable: true, description: 'Street. Upstream: logradouro.' })
  street: string | null;

  @Field((_type) => String, { nullable: true, description: 'Street number. Upstream: numero.' })
  number: string | null;

  @Field((_type) => String, { nullable: true, description: 'Complement. Upstream: complemento.' })
  complement: string | null;

  @Field((_type) => String, { nullable: true, description: 'District. Upstream: bairro.' })
  district: string | null;

  @Field((_type) => String, { nullable: true, description: 'City. Upstream: cidade.' })
  city: string | null;

  @Field((_type) => String, { nullable: true, description: 'State (UF). Upstream: uf.' })
  state: string | null;
}

/** A phone of a registry record. */
@ObjectType({ description: 'A phone of a registry record. Upstream: an item of telefones in the registry json.' })
export class RegistryPhone {
  @Field((_type) => String, { nullable: true, description: 'CELULAR or FIXO. Upstream: tipo.' })
  kind: string | null;

  @Field((_type) => String, { nullable: true, description: 'Area code. Upstream: ddd.' })
  areaCode: string | null;

  @Field((_type) => String, { nullable: true, description: 'Number. Upstream: numero.' })
  number: string | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether it is the main phone. Upstream: principal.' })
  primary: boolean | null;
}

/** An e-mail of a registry record. */
@ObjectType({ description: 'An e-mail of a registry record. Upstream: an item of emails in the registry json.' })
export class RegistryEmail {
  @Field((_type) => String, { nullable: true, description: 'Address. Upstream: email.' })
  address: string | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether it is the main e-mail. Upstream: principal.' })
  primary: boolean | null;
}

/** A partner (shareholder) of a legal entity. */
@ObjectType({ description: 'A partner of a legal entity. Upstream: an item of socios in the registry json.' })
export class RegistryPartner {
  @Field((_type) => String, { nullable: true, description: 'Name. Upstream: nome.' })
  name: string | null;

  @Field((_type) => String, { nullable: true, description: 'CPF or CNPJ. Upstream: documento.' })
  document: string | null;

  @Field((_type) => String, { nullable: true, description: 'Qualification (role). Upstream: qualificacao.' })
  qualification: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Share, percent. Upstream: percentual.' })
  sharePercent: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day the partner joined the company; null when not reported. Upstream: dataEntrada.' })
  entryDate: string | null;
}

/** A registry record (ConsultarCadastroBusca or ConsultarPessoa `json`). */
@ObjectType({
  description:
    'Registry data of a CPF or CNPJ: address, e-mail, phone, business address, tax status and partners. The contract does not publish the json structure; the typed fields follow the known one (see the sandbox README, "Registry"), and raw carries everything. Upstream: json of Bureau/ConsultarCadastroBusca.',
})
export class RegistrationRecord {
  @Field((_type) => String, { description: 'CPF or CNPJ, digits only. Upstream: documento.' })
  document: string;

  @Field((_type) => Int, { nullable: true, description: 'Raw code of personType (1 individual, 2 company). Upstream: tipoPessoa.' })
  personTypeCode: number | null;

  @Field((_type) => RegisteredPersonType.values, {
    nullable: true,
    description: 'Individual or company; null when the record does not say. Upstream: tipoPessoa.',
  })
  get personType(): RegisteredPersonType | null {
    return RegisteredPersonType.of(this.personTypeCode);
  }

  @Field((_type) => String, { nullable: true, description: 'Name or corporate name. Upstream: nome.' })
  name: string | null;

  @Field((_type) => String, { nullable: true, description: 'Trade name (companies). Upstream: nomeFantasia.' })
  tradeName: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Birth date; null for companies or when not reported. Upstream: dataNascimento.' })
  birthDate: string | null;

  @Field((_type) => String, { nullable: true, description: "Mother's name (individuals). Upstream: nomeMae." })
  motherName: string | null;

  @Field((_type) => CalendarDateScalar, {
    nullable: true,
    description: 'Day the company was opened; null for individuals or when not reported. Upstream: dataAbertura.',
  })
  openingDate: string | null;

  @Field((_type) => String, { nullable: true, description: 'Legal nature (companies). Upstream: naturezaJuridica.' })
  legalNature: string | null;

  @Field((_type) => String, { nullable: true, description: 'Main activity code (CNAE). Upstream: cnaePrincipal.codigo.' })
  mainActivityCode: string | null;

  @Field((_type) => String, { nullable: true, description: 'Main activity description. Upstream: cnaePrincipal.descricao.' })
  mainActivityDescription: string | null;

  @Field((_type) => String, { nullable: true, description: 'Tax registration status (e.g. REGULAR, ATIVA). Upstream: situacaoCadastral.' })
  taxStatus: string | null;

  @Field((_type) => CalendarDateScalar, {
    nullable: true,
    description: 'Day the tax status took effect; null when not reported. Upstream: dataSituacaoCadastral.',
  })
  taxStatusDate: string | null;

  @Field((_type) => [RegistryAddress], { description: 'Addresses. Upstream: enderecos.' })
  addresses: RegistryAddress[];

  @Field((_type) => RegistryAddress, { nullable: true, description: 'Business address. Upstream: enderecoComercial.' })
  businessAddress: RegistryAddress | null;

  @Field((_type) => [RegistryEmail], { description: 'E-mails. Upstream: emails.' })
  emails: RegistryEmail[];

  @Field((_type) => [RegistryPhone], { description: 'Phones. Upstream: telefones.' })
  phones: RegistryPhone[];

  @Field((_type) => [RegistryPartner], { description: 'Partners (companies). Upstream: socios.' })
  partners: RegistryPartner[];

  @Field((_type) => JSONScalar, { nullable: true, description: 'The whole record as the partner sent it. Upstream: json (parsed).' })
  raw: unknown;
}

/** A liability (credit taken) in a bureau report. */
@ObjectType({ description: 'A credit the person has taken and is still paying. Upstream: an item of passivos.itens.' })
export class BureauLiability {
  @Field((_type) => String, { nullable: true, description: 'Who lent the money. Upstream: credor.' })
  creditor: string | null;

  @Field((_type) => String, { nullable: true, description: 'Kind of credit (e.g. personal loan, payroll loan), as the bureau names it. Upstream: modalidade.' })
  kind: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount of the credit, in BRL. Upstream: valor.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day the credit was taken. Upstream: dataContratacao.' })
  contractDate: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Installments still to pay. Upstream: parcelasRestantes.' })
  remainingInstallments: number | null;
}

/** A restriction (negative record) in a bureau report. */
@ObjectType({ description: 'A negative record against the person (e.g. PEFIN). Upstream: an item of restricoes.itens.' })
export class BureauRestriction {
  @Field((_type) => String, { nullable: true, description: 'Kind of restriction, as the bureau names it (e.g. PEFIN). Upstream: tipo.' })
  kind: string | null;

  @Field((_type) => String, { nullable: true, description: 'Who reported it. Upstream: origem.' })
  origin: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount of the negative record, in BRL. Upstream: valor.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day it was recorded. Upstream: dataOcorrencia.' })
  occurrenceDate: string | null;
}

/** An overdue debt in a bureau report. */
@ObjectType({ description: 'A debt past its due date. Upstream: an item of dividasVencidas.itens.' })
export class BureauOverdueDebt {
  @Field((_type) => String, { nullable: true, description: 'Who is owed. Upstream: credor.' })
  creditor: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount owed, in BRL. Upstream: valor.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day it fell due. Upstream: dataVencimento.' })
  dueDate: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Days overdue when the report was produced. Upstream: diasAtraso.' })
  daysOverdue: number | null;
}

/** Bounced checks at one bank branch, in a bureau report. */
@ObjectType({ description: 'Checks returned unpaid at one bank branch. Upstream: an item of chequesSemFundo.itens.' })
export class BureauBouncedCheck {
  @Field((_type) => String, { nullable: true, description: 'Bank code, as the bureau sends it (e.g. "341"). Upstream: banco.' })
  bank: string | null;

  @Field((_type) => String, { nullable: true, description: 'Branch. Upstream: agencia.' })
  branch: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Number of checks. Upstream: quantidadeCheques.' })
  checkCount: number | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount of the checks, in BRL. Upstream: valor.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day of the latest one. Upstream: dataUltimaOcorrencia.' })
  lastOccurrenceDate: string | null;
}

/** A protest in a bureau report. */
@ObjectType({ description: 'A debt protested at a notary. Upstream: an item of protestos.itens.' })
export class BureauProtest {
  @Field((_type) => String, { nullable: true, description: 'Notary office. Upstream: cartorio.' })
  notary: string | null;

  @Field((_type) => String, { nullable: true, description: 'City of the notary. Upstream: cidade.' })
  city: string | null;

  @Field((_type) => String, { nullable: true, description: 'State (UF) of the notary, two letters. Upstream: uf.' })
  state: string | null;

  @Field((_type) => DecimalScalar, { nullable: true, description: 'Amount protested, in BRL. Upstream: valor.' })
  amount: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Day of the protest. Upstream: data.' })
  protestDate: string | null;
}

/** The count and total every bureau section carries. */
function sectionType<T extends object>(name: string, item: new () => T, what: string, upstream: string) {
  @ObjectType(name, { description: `${what} in a bureau report: how many, their total and each one. Upstream: ${upstream} { quantidade, valorTotal, itens }.` })
  class Section {
    @Field((_type) => Int, {
      nullable: true,
      description: `How many ${what.toLowerCase()} the bureau counts; null when it did not say. Upstream: ${upstream}.quantidade.`,
    })
    count: number | null;

    @Field((_type) => DecimalScalar, {
      nullable: true,
      description: `Sum of the amounts of the ${what.toLowerCase()}, in BRL; null when the bureau did not say. Upstream: ${upstream}.valorTotal.`,
    })
    total: string | null;

    @Field((_type) => [item], { description: `Each of the ${what.toLowerCase()}; empty when there is none. Upstream: ${upstream}.itens.` })
    items: T[];
  }
  return Section;
}

export const BureauLiabilities = sectionType('BureauLiabilities', BureauLiability, 'Credits taken', 'passivos');
export type BureauLiabilities = InstanceType<typeof BureauLiabilities>;
export const BureauRestrictions = sectionType('BureauRestrictions', BureauRestriction, 'Negative records', 'restricoes');
export type BureauRestrictions = InstanceType<typeof BureauRestrictions>;
export const BureauOverdueDebts = sectionType('BureauOverdueDebts', BureauOverdueDebt, 'Overdue debts', 'dividasVencidas');
export type BureauOverdueDebts = InstanceType<typeof BureauOverdueDebts>;
export const BureauBouncedChecks = sectionType('BureauBouncedChecks', BureauBouncedCheck, 'Bounced checks', 'chequesSemFundo');
export type BureauBouncedChecks = InstanceType<typeof BureauBouncedChecks>;
export const BureauProtests = sectionType('BureauProtests', BureauProtest, 'Protests', 'protestos');
export type BureauProtests = InstanceType<typeof BureauProtests>;

/** A bureau report (ConsultaBureauCnpj). */
@ObjectType({
  description:
    'Financial-health report of a CPF or CNPJ: liabilities, restrictions, overdue debts, bounced checks, protests. The contract does not publish its fields; typed fields follow the known structure, raw carries everything. Upstream: Bureau/ConsultaBureauCnpj.',
})
export class BureauReport {
  @Field((_type) => String, { description: 'CPF or CNPJ, digits only. Upstream: documento.' })
  document: string;

  @Field((_type) => String, { nullable: true, description: 'Name or corporate name. Upstream: nome.' })
  name: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the bureau produced the report; null when not reported. Upstream: dataConsulta.' })
  consultedAt: Date | null;

  @Field((_type) => Int, { nullable: true, description: 'Credit score. Upstream: score.' })
  score: number | null;

  @Field((_type) => String, { nullable: true, description: 'Risk band, A (best) to E. Upstream: faixaRisco.' })
  riskBand: string | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether there are restrictions. Upstream: possuiRestricoes.' })
  hasRestrictions: boolean | null;

  @Field((_type) => BureauLiabilities, { nullable: true, description: 'Liabilities; null when the bureau sent no such section. Upstream: passivos.' })
  liabilities: BureauLiabilities | null;

  @Field((_type) => BureauRestrictions, { nullable: true, description: 'Restrictions; null when the bureau sent no such section. Upstream: restricoes.' })
  restrictions: BureauRestrictions | null;

  @Field((_type) => BureauOverdueDebts, { nullable: true, description: 'Overdue debts; null when the bureau sent no such section. Upstream: dividasVencidas.' })
  overdueDebts: BureauOverdueDebts | null;

  @Field((_type) => BureauBouncedChecks, {
    nullable: true,
    description: 'Bounced checks; null when the bureau sent no such section. Upstream: chequesSemFundo.',
  })
  bouncedChecks: BureauBouncedChecks | null;

  @Field((_type) => BureauProtests, { nullable: true, description: 'Protests; null when the bureau sent no such section. Upstream: protestos.' })
  protests: BureauProtests | null;

  @Field((_type) => JSONScalar, {
    nullable: true,
    description: 'The whole report as the partner sent it. Upstream: the response body (or its json string, parsed).',
  })
  raw: unknown;
}
