import { ArrayMaxSize, ArrayNotEmpty, IsOptional, IsUUID, MaxLength, Min, Validate, ValidateNested } from 'class-validator';
import { type Decimal } from 'decimal.js';
import { Field, ID, InputType, Int } from 'type-graphql';
import { CATALOGUE, catalogue, MaxDecimalPlaces, MONEY_DECIMALS, NonNegativeDecimal, PositiveDecimal } from '../common/validation.js';
import { DateTimeScalar, DecimalScalar } from '../scalars.js';

/** One installment payment (`dtoLancamentoParcela` / an item of `dtoLancamentoParcelas`). */
@InputType({ description: 'A payment entry for one installment. Upstream: dtoLancamentoParcela (or an item of dtoLancamentoParcelas).' })
export class InstallmentPaymentInput {
  @Field((_type) => Int, { description: 'Installment number. Upstream: nroParcela.' })
  @Min(1)
  installmentNumber: number;

  @Field((_type) => DecimalScalar, {
    description:
      'Amount paid, greater than zero (C0202/V0001 otherwise). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrPagamento.',
  })
  @Validate(PositiveDecimal, catalogue(CATALOGUE.paymentNotPositive))
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  amount: Decimal;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Discount granted. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrDesconto.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  discount?: Decimal | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'When it was paid (default: now at the partner). Upstream: dtPagamento.' })
  @IsOptional()
  paidAt?: Date | null;

  @Field((_type) => Boolean, { nullable: true, description: 'Whether early payment may remove future interest. Upstream: permiteDescapitalizacao.' })
  @IsOptional()
  allowDecapitalization?: boolean | null;

  @Field((_type) => String, { nullable: true, description: 'Description of the entry. Upstream: descricaoLancamento.' })
  @IsOptional()
  @MaxLength(500)
  description?: string | null;
}

/** Input of `Mutation.registerInstallmentPayment`. */
@InputType({ description: 'A payment of one installment of a disbursed proposal. Upstream: AgendaRecebivel/IncluirLancamentoParcela.' })
export class RegisterInstallmentPaymentInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose installment was paid. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => InstallmentPaymentInput, { description: 'The payment. Upstream: dto.nroParcela and dtoLancamentoParcela.' })
  @ValidateNested()
  payment: InstallmentPaymentInput;
}

/** Input of `Mutation.registerInstallmentPayments`. */
@InputType({
  description: 'Payments of several installments of one proposal, applied all or none. Upstream: AgendaRecebivel/IncluirLancamentoMultiplasParcelas.',
})
export class RegisterInstallmentPaymentsInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose installments were paid. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => [InstallmentPaymentInput], {
    description: 'The payments, at least one (C0201/V0003 when empty), at most 120. Upstream: dtoLancamentoParcelas.',
  })
  @ArrayNotEmpty(catalogue(CATALOGUE.noInstallmentListed))
  @ArrayMaxSize(120)
  @ValidateNested({ each: true })
  payments: InstallmentPaymentInput[];
}
