import { ArrayMaxSize, ArrayNotEmpty, IsOptional, IsUUID, MaxLength, Min, Validate, ValidateNested } from 'class-validator';
import { type Decimal } from 'decimal.js';
import { Field, ID, InputType, Int, registerEnumType } from 'type-graphql';
import { CATALOGUE, catalogue, MaxDecimalPlaces, MONEY_DECIMALS, NonNegativeDecimal, PositiveDecimal } from '../common/validation.js';
import { CalendarDateScalar, DateTimeScalar, DecimalScalar } from '../scalars.js';

/** How a boleto is registered at the bank (`tipoRegistro`). */
export enum BoletoRegistrationType {
  ONLINE = 'ONLINE',
  OFFLINE = 'OFFLINE',
}

/**
 * The upstream code of a registration type. String enum values, mapped here: federation rebuilds the
 * schema from SDL, where an enum default value keeps its name, not a numeric internal value.
 */
export const REGISTRATION_TYPE_CODES: Readonly<Record<BoletoRegistrationType, number>> = {
  [BoletoRegistrationType.ONLINE]: 1,
  [BoletoRegistrationType.OFFLINE]: 2,
};

registerEnumType(BoletoRegistrationType, {
  name: 'BoletoRegistrationType',
  description: 'How the boleto is registered at the bank (not boleto versus Pix). Upstream: tipoRegistro (1 online, 2 offline).',
  valuesConfig: {
    ONLINE: { description: 'Registered online. Upstream: tipoRegistro = 1.' },
    OFFLINE: { description: 'Registered offline. Upstream: tipoRegistro = 2.' },
  },
});

/** One installment of `generateBoletos` (an item of `dtoGerarMultiplosBoletos.parcelas`). */
@InputType({ description: 'An installment to issue a boleto for. Upstream: an item of dtoGerarMultiplosBoletos.parcelas.' })
export class BoletoInstallmentInput {
  @Field((_type) => Int, { description: 'Installment number. Upstream: nroParcela.' })
  @Min(1)
  number: number;

  @Field((_type) => CalendarDateScalar, {
    nullable: true,
    description: 'Due date of the boleto (default: the installment current due date). Upstream: dtVencimento.',
  })
  @IsOptional()
  dueDate?: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When the boleto stops being payable (default: the partner rule). Upstream: dtExpiracao.' })
  @IsOptional()
  expiresAt?: Date | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Discount. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  discount?: Decimal | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether early payment may remove future interest. Upstream: permiteDescapitalizacao.' })
  @IsOptional()
  allowDecapitalization?: boolean | null;
}

/** Input of `Mutation.generateBoletos`. */
@InputType({ description: 'One boleto per listed installment. Upstream: AgendaRecebivel/GerarMultiplosBoletos.' })
export class GenerateBoletosInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose installments get boletos. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => [BoletoInstallmentInput], { description: 'Installments, at least one (C0201/V0003 when empty), at most 120. Upstream: parcelas.' })
  @ArrayNotEmpty(catalogue(CATALOGUE.noInstallmentListed))
  @ArrayMaxSize(120)
  @ValidateNested({ each: true })
  installments: BoletoInstallmentInput[];

  @Field((_type) => String, { nullable: true, description: 'Text printed on the boletos. Upstream: descricaoBoleto.' })
  @IsOptional()
  @MaxLength(200)
  description?: string | null;

  @Field((_type) => Boolean, { defaultValue: false, description: 'Notify the client. Upstream: notificarCliente.' })
  notifyClient: boolean;

  @Field((_type) => BoletoRegistrationType, { defaultValue: BoletoRegistrationType.ONLINE, description: 'Registration type. Upstream: tipoRegistro.' })
  registrationType: BoletoRegistrationType;
}

/** Input of `Mutation.generateSingleBoleto`. */
@InputType({ description: 'One boleto covering the listed installments. Upstream: AgendaRecebivel/GerarUnicoBoleto.' })
export class GenerateSingleBoletoInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose installments the boleto covers. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => [Int], { description: 'Installment numbers the boleto covers, at least one (C0201/V0003 when empty). Upstream: dto.nroParcelas.' })
  @ArrayNotEmpty(catalogue(CATALOGUE.noInstallmentListed))
  @ArrayMaxSize(120)
  @Min(1, { each: true })
  installmentNumbers: number[];

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'Due date (default: the earliest installment due date). Upstream: dtVencimento.' })
  @IsOptional()
  dueDate?: string | null;

  @Field((_type) => DateTimeScalar, {
    nullable: true,
    description: 'When the single boleto stops being payable (default: the partner rule). Upstream: dtExpiracao.',
  })
  @IsOptional()
  expiresAt?: Date | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description:
      'Amount (default: the balance of the installments less the discount). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrBoleto.',
  })
  @IsOptional()
  @Validate(PositiveDecimal, catalogue(CATALOGUE.boletoAmountNotPositive))
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  amount?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Discount. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  discount?: Decimal | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether paying it settles the installments. Upstream: liquidacao.' })
  @IsOptional()
  settlesInstallments?: boolean | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether early payment may remove future interest. Upstream: permiteDescapitalizacao.' })
  @IsOptional()
  allowDecapitalization?: boolean | null;

  @Field((_type) => String, { nullable: true, description: 'Text printed on the boleto. Upstream: descricaoBoleto.' })
  @IsOptional()
  @MaxLength(200)
  description?: string | null;

  @Field((_type) => BoletoRegistrationType, { defaultValue: BoletoRegistrationType.ONLINE, description: 'Registration type. Upstream: tipoRegistro.' })
  registrationType: BoletoRegistrationType;
}
