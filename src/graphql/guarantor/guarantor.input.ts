import { IsEmail, IsOptional, IsUUID, Length, MaxLength, Min, Validate, ValidateNested } from 'class-validator';
import { type Decimal } from 'decimal.js';
import { Field, ID, InputType, Int } from 'type-graphql';
import { CATALOGUE, catalogue, MaxDecimalPlaces, MONEY_DECIMALS, NonNegativeDecimal, ValidCpf, ValidDocument, ValidMobile } from '../common/validation.js';
import { CalendarDateScalar, DecimalScalar } from '../scalars.js';

/** The individual part of a guarantor (`avalistaPF`). */
@InputType({ description: 'Details of an individual guarantor. Upstream: avalistaPF (every field optional).' })
export class IndividualGuarantorInput {
  @Field((_type) => String, { nullable: true, description: "The individual guarantor's e-mail (T0668/D0001 when invalid). Upstream: email." })
  @IsOptional()
  @IsEmail({}, catalogue(CATALOGUE.invalidEmail))
  email?: string | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'Mobile phone: 11 digits starting with 6-9 after the area code (T0668/D0008..D0010). Upstream: telefoneCelular.',
  })
  @IsOptional()
  @Validate(ValidMobile)
  mobilePhone?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Landline. Upstream: telefoneFixo.' })
  @IsOptional()
  @MaxLength(20)
  landlinePhone?: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Birth date. Upstream: dtNasc.' })
  @IsOptional()
  birthDate?: string | null;

  @Field((_type) => String, { nullable: true, description: "Mother's name. Upstream: nomeMae." })
  @IsOptional()
  @MaxLength(200)
  motherName?: string | null;

  @Field((_type) => String, { nullable: true, description: "Father's name. Upstream: nomePai." })
  @IsOptional()
  @MaxLength(200)
  fatherName?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Sex as the partner codes it (e.g. "M", "F"). Upstream: sexo.' })
  @IsOptional()
  @MaxLength(1)
  sex?: string | null;

  @Field((_type) => Int, { nullable: true, description: 'Raw marital status code (partner-defined). Upstream: estadoCivil.' })
  @IsOptional()
  maritalStatusCode?: number | null;

  @Field((_type) => Int, { nullable: true, description: 'Number of dependents. Upstream: nroDependentes.' })
  @IsOptional()
  @Min(0)
  dependents?: number | null;

  @Field((_type) => String, { nullable: true, description: 'Identity card (RG) number. Upstream: rg.' })
  @IsOptional()
  @MaxLength(20)
  rg?: string | null;

  @Field((_type) => String, { nullable: true, description: 'RG issuer. Upstream: rgOrgao.' })
  @IsOptional()
  @MaxLength(20)
  rgIssuer?: string | null;

  @Field((_type) => String, { nullable: true, description: 'RG state (UF). Upstream: rguf.' })
  @IsOptional()
  @Length(2, 2)
  rgState?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Nationality. Upstream: nacionalidade.' })
  @IsOptional()
  @MaxLength(50)
  nationality?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Employer. Upstream: localTrabalho.' })
  @IsOptional()
  @MaxLength(200)
  employer?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Job title. Upstream: cargoTrabalho.' })
  @IsOptional()
  @MaxLength(100)
  jobTitle?: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Monthly income from work. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrRendimentoTrabalho.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  monthlyIncome?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Other monthly income. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrosRendimentos.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  otherIncome?: Decimal | null;

  @Field((_type) => String, { nullable: true, description: "Spouse's name. Upstream: nomeConjuge." })
  @IsOptional()
  @MaxLength(200)
  spouseName?: string | null;

  @Field((_type) => String, { nullable: true, description: "Spouse's CPF (check digits verified). Upstream: cpfConjuge." })
  @IsOptional()
  @Validate(ValidCpf)
  spouseCpf?: string | null;
}

/** The legal-entity part of a guarantor (`avalistaPJ`). */
@InputType({ description: 'Details of a legal-entity guarantor. Upstream: avalistaPJ (every field optional).' })
export class CompanyGuarantorInput {
  @Field((_type) => String, { nullable: true, description: 'Trade name. Upstream: nomeFantasia.' })
  @IsOptional()
  @MaxLength(200)
  tradeName?: string | null;

  @Field((_type) => String, { nullable: true, description: "The company's e-mail (T0668/D0001 when invalid). Upstream: email." })
  @IsOptional()
  @IsEmail({}, catalogue(CATALOGUE.invalidEmail))
  email?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Web site. Upstream: webSite.' })
  @IsOptional()
  @MaxLength(200)
  website?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Landline. Upstream: telefoneFixo.' })
  @IsOptional()
  @MaxLength(20)
  phone?: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Foundation date. Upstream: dtFundacao.' })
  @IsOptional()
  foundationDate?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Line of business. Upstream: ramoAtividade.' })
  @IsOptional()
  @MaxLength(200)
  businessActivity?: string | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Share capital. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: capitalSocial.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  shareCapital?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Net worth. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: patrimonioLiq.',
  })
  @IsOptional()
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  netWorth?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description:
      'Average monthly revenue over 12 months. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: faturamentoMedio12Meses.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  averageMonthlyRevenue?: Decimal | null;
}

/** Input of `Mutation.addGuarantor`. */
@InputType({
  description: 'A guarantor to add to a proposal: common fields plus individual or company details. Upstream: Proposta/IncluirAvalista (avalista).',
})
export class AddGuarantorInput {
  @Field((_type) => ID, { description: 'Id of the proposal the guarantor backs. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => String, { description: 'Guarantor name. Upstream: nome.' })
  @Length(1, 200)
  name: string;

  @Field((_type) => String, { description: 'CPF (individual) or CNPJ (company), check digits verified (T0665/D0002 otherwise). Upstream: documentoFederal.' })
  @Validate(ValidDocument, catalogue(CATALOGUE.invalidClientDocument))
  document: string;

  @Field((_type) => String, { nullable: true, description: 'Postal code (CEP), 8 digits. Upstream: cep.' })
  @IsOptional()
  @MaxLength(9)
  zipCode?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Street. Upstream: logradouro.' })
  @IsOptional()
  @MaxLength(200)
  street?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Street number. Upstream: nroLogradouro.' })
  @IsOptional()
  @MaxLength(20)
  streetNumber?: string | null;

  @Field((_type) => String, { nullable: true, description: 'District. Upstream: bairro.' })
  @IsOptional()
  @MaxLength(100)
  district?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Address complement. Upstream: complemento.' })
  @IsOptional()
  @MaxLength(100)
  complement?: string | null;

  @Field((_type) => String, { nullable: true, description: 'City. Upstream: cidade.' })
  @IsOptional()
  @MaxLength(100)
  city?: string | null;

  @Field((_type) => String, { nullable: true, description: 'State (UF), two letters. Upstream: uf.' })
  @IsOptional()
  @Length(2, 2)
  state?: string | null;

  @Field((_type) => IndividualGuarantorInput, { nullable: true, description: 'Details when the guarantor is an individual (CPF). Upstream: avalistaPF.' })
  @IsOptional()
  @ValidateNested()
  individual?: IndividualGuarantorInput | null;

  @Field((_type) => CompanyGuarantorInput, { nullable: true, description: 'Details when the guarantor is a company (CNPJ). Upstream: avalistaPJ.' })
  @IsOptional()
  @ValidateNested()
  company?: CompanyGuarantorInput | null;
}
