import { Field, Int, ObjectType } from 'type-graphql';
import { PersonType } from '../common/person-type.type.js';
import { DecimalScalar, JSONScalar } from '../scalars.js';

/** An address of a registry record. */
@ObjectType({ description: 'An address of a registry record. Upstream: an item of enderecos (or enderecoComercial) in the json of ConsultarPessoa / ConsultarCadastroBusca.' })
export class RegistryAddress {
  @Field(_type => String, { nullable: true, description: 'Address kind (RESIDENCIAL, COMERCIAL). Upstream: tipo.' })
  kind: string | null;

  @Field(_type => String, { nullable: true, description: 'Postal code (CEP). Upstream: cep.' })
  zipCode: string | null;

  @Field(_type => String, { nullable: true, description: 'Street. Upstream: logradouro.' })
  street: string | null;

  @Field(_type => String, { nullable: true, description: 'Street number. Upstream: numero.' })
  number: string | null;

  @Field(_type => String, { nullable: true, description: 'Complement. Upstream: complemento.' })
  complement: string | null;

  @Field(_type => String, { nullable: true, description: 'District. Upstream: bairro.' })
  district: string | null;

  @Field(_type => String, { nullable: true, description: 'City. Upstream: cidade.' })
  city: string | null;

  @Field(_type => String, { nullable: true, description: 'State (UF). Upstream: uf.' })
  state: string | null;
}

/** A phone of a registry record. */
@ObjectType({ description: 'A phone of a registry record. Upstream: an item of telefones in the registry json.' })
export class RegistryPhone {
  @Field(_type => String, { nullable: true, description: 'CELULAR or FIXO. Upstream: tipo.' })
  kind: string | null;

  @Field(_type => String, { nullable: true, description: 'Area code. Upstream: ddd.' })
  areaCode: string | null;

  @Field(_type => String, { nullable: true, description: 'Number. Upstream: numero.' })
  number: string | null;

  @Field(_type => Boolean, { nullable: true, description: 'Whether it is the main phone. Upstream: principal.' })
  primary: boolean | null;
}

/** An e-mail of a registry record. */
@ObjectType({ description: 'An e-mail of a registry record. Upstream: an item of emails in the registry json.' })
export class RegistryEmail {
  @Field(_type => String, { nullable: true, description: 'Address. Upstream: email.' })
  address: string | null;

  @Field(_type => Boolean, { nullable: true, description: 'Whether it is the main e-mail. Upstream: principal.' })
  primary: boolean | null;
}

/** A partner (shareholder) of a legal entity. */
@ObjectType({ description: 'A partner of a legal entity. Upstream: an item of socios in the registry json.' })
export class RegistryPartner {
  @Field(_type => String, { nullable: true, description: 'Name. Upstream: nome.' })
  name: string | null;

  @Field(_type => String, { nullable: true, description: 'CPF or CNPJ. Upstream: documento.' })
  document: string | null;

  @Field(_type => String, { nullable: true, description: 'Qualification (role). Upstream: qualificacao.' })
  qualification: string | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Share, percent. Upstream: percentual.' })
  sharePercent: string | null;

  @Field(_type => String, { nullable: true, description: 'Date of entry, as sent. Upstream: dataEntrada.' })
  since: string | null;
}

/** A registry record (ConsultarCadastroBusca or ConsultarPessoa `json`). */
@ObjectType({
  description:
    'Registry data of a CPF or CNPJ: address, e-mail, phone, business address, tax status and partners. The contract does not publish the json structure; the typed fields follow the known one (see the sandbox README, "Registry"), and raw carries everything. Upstream: json of Bureau/ConsultarCadastroBusca.',
})
export class RegistrationRecord {
  @Field(_type => String, { description: 'CPF or CNPJ, digits only. Upstream: documento.' })
  document: string;

  @Field(_type => PersonType, { nullable: true, description: 'Individual or company. Upstream: tipoPessoa.' })
  personType: PersonType | null;

  @Field(_type => Int, { nullable: true, description: 'Raw person type code (1 PF, 2 PJ). Upstream: tipoPessoa.' })
  personTypeCode: number | null;

  @Field(_type => String, { nullable: true, description: 'Name or corporate name. Upstream: nome.' })
  name: string | null;

  @Field(_type => String, { nullable: true, description: 'Trade name (companies). Upstream: nomeFantasia.' })
  tradeName: string | null;

  @Field(_type => String, { nullable: true, description: 'Birth date (individuals), as sent. Upstream: dataNascimento.' })
  birthDate: string | null;

  @Field(_type => String, { nullable: true, description: "Mother's name (individuals). Upstream: nomeMae." })
  motherName: string | null;

  @Field(_type => String, { nullable: true, description: 'Opening date (companies), as sent. Upstream: dataAbertura.' })
  openedAt: string | null;

  @Field(_type => String, { nullable: true, description: 'Legal nature (companies). Upstream: naturezaJuridica.' })
  legalNature: string | null;

  @Field(_type => String, { nullable: true, description: 'Main activity code (CNAE). Upstream: cnaePrincipal.codigo.' })
  mainActivityCode: string | null;

  @Field(_type => String, { nullable: true, description: 'Main activity description. Upstream: cnaePrincipal.descricao.' })
  mainActivityDescription: string | null;

  @Field(_type => String, { nullable: true, description: 'Tax registration status (e.g. REGULAR, ATIVA). Upstream: situacaoCadastral.' })
  taxStatus: string | null;

  @Field(_type => String, { nullable: true, description: 'Date of the tax status, as sent. Upstream: dataSituacaoCadastral.' })
  taxStatusDate: string | null;

  @Field(_type => [RegistryAddress], { description: 'Addresses. Upstream: enderecos.' })
  addresses: RegistryAddress[];

  @Field(_type => RegistryAddress, { nullable: true, description: 'Business address. Upstream: enderecoComercial.' })
  businessAddress: RegistryAddress | null;

  @Field(_type => [RegistryEmail], { description: 'E-mails. Upstream: emails.' })
  emails: RegistryEmail[];

  @Field(_type => [RegistryPhone], { description: 'Phones. Upstream: telefones.' })
  phones: RegistryPhone[];

  @Field(_type => [RegistryPartner], { description: 'Partners (companies). Upstream: socios.' })
  partners: RegistryPartner[];

  @Field(_type => JSONScalar, { nullable: true, description: 'The whole record as the partner sent it. Upstream: json (parsed).' })
  raw: unknown;
}

/** One section of a bureau report. */
@ObjectType({ description: 'A section of a bureau report (liabilities, restrictions, overdue debts, bounced checks, protests). Upstream: { quantidade, valorTotal, itens }.' })
export class BureauSection {
  @Field(_type => Int, { nullable: true, description: 'Number of occurrences. Upstream: quantidade.' })
  count: number | null;

  @Field(_type => DecimalScalar, { nullable: true, description: 'Total amount. Upstream: valorTotal.' })
  total: string | null;

  @Field(_type => JSONScalar, { description: 'The occurrences as sent (structure not published). Upstream: itens.' })
  items: unknown;
}

/** A bureau report (ConsultaBureauCnpj). */
@ObjectType({
  description:
    'Financial-health report of a CPF or CNPJ: liabilities, restrictions, overdue debts, bounced checks, protests. The contract does not publish its fields; typed fields follow the known structure, raw carries everything. Upstream: Bureau/ConsultaBureauCnpj.',
})
export class BureauReport {
  @Field(_type => String, { description: 'CPF or CNPJ, digits only. Upstream: documento.' })
  document: string;

  @Field(_type => String, { nullable: true, description: 'Name or corporate name. Upstream: nome.' })
  name: string | null;

  @Field(_type => String, { nullable: true, description: 'When the report was produced, as sent. Upstream: dataConsulta.' })
  consultedAt: string | null;

  @Field(_type => Int, { nullable: true, description: 'Credit score. Upstream: score.' })
  score: number | null;

  @Field(_type => String, { nullable: true, description: 'Risk band, A (best) to E. Upstream: faixaRisco.' })
  riskBand: string | null;

  @Field(_type => Boolean, { nullable: true, description: 'Whether there are restrictions. Upstream: possuiRestricoes.' })
  hasRestrictions: boolean | null;

  @Field(_type => BureauSection, { nullable: true, description: 'Liabilities. Upstream: passivos.' })
  liabilities: BureauSection | null;

  @Field(_type => BureauSection, { nullable: true, description: 'Restrictions. Upstream: restricoes.' })
  restrictions: BureauSection | null;

  @Field(_type => BureauSection, { nullable: true, description: 'Overdue debts. Upstream: dividasVencidas.' })
  overdueDebts: BureauSection | null;

  @Field(_type => BureauSection, { nullable: true, description: 'Bounced checks. Upstream: chequesSemFundo.' })
  bouncedChecks: BureauSection | null;

  @Field(_type => BureauSection, { nullable: true, description: 'Protests. Upstream: protestos.' })
  protests: BureauSection | null;

  @Field(_type => JSONScalar, { nullable: true, description: 'The whole report as the partner sent it. Upstream: the response body (or its json string, parsed).' })
  raw: unknown;
}
