import { ArrayMaxSize, IsNotEmpty, IsOptional, IsUUID, Length, Matches, Max, MaxLength, Min, Validate, ValidateNested } from 'class-validator';
import { type Decimal } from 'decimal.js';
import { ArgsType, Field, ID, InputType, Int } from 'type-graphql';
import { ParameterInput } from '../common/parameter.type.js';
import {
  CATALOGUE,
  catalogue,
  MaxDecimalPlaces,
  MONEY_DECIMALS,
  NonNegativeDecimal,
  PositiveDecimal,
  RATE_DECIMALS,
  ValidCpf,
  ValidDocument,
} from '../common/validation.js';
import { CalendarDateScalar, DecimalScalar } from '../scalars.js';

/** Most ids one `proposals` query may ask for; each costs upstream calls. */
export const MAX_PROPOSALS_PER_QUERY = 50;

/** Arguments of `Query.proposal`. */
@ArgsType()
export class ProposalArgs {
  @Field((_type) => ID, { description: 'The proposal id (a UUID). Upstream: CodigoProposta (ConsultaProposta request).' })
  @IsUUID()
  id: string;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Also check the proposal number: the answer is null when the proposal has another number. Upstream: CodigoProposta of the record.',
  })
  @IsOptional()
  @Min(1)
  number?: number | null;

  @Field((_type) => String, {
    nullable: true,
    description: 'Also check the operation code: the answer is null when it names another proposal. Upstream: CodigoOperacao (ConsultaProposta request).',
  })
  @IsOptional()
  @Length(1, 100)
  operationCode?: string | null;
}

/** Arguments of `Query.proposalByOperationCode`. */
@ArgsType()
export class ProposalByOperationCodeArgs {
  @Field((_type) => String, {
    description: 'Your operation code for the proposal, as given when it was created. Upstream: CodigoOperacao (ConsultaProposta request).',
  })
  @Length(1, 100)
  operationCode: string;

  @Field((_type) => Int, {
    nullable: true,
    description: 'Also check the proposal number: the answer is null when the proposal has another number. Upstream: CodigoProposta of the record.',
  })
  @IsOptional()
  @Min(1)
  number?: number | null;
}

/** Arguments of `Query.proposals`. */
@ArgsType()
export class ProposalsArgs {
  @Field((_type) => [ID], {
    description: `Proposal UUIDs, at most ${MAX_PROPOSALS_PER_QUERY}. Answers keep this order; repeated ids cost one read. Upstream: CodigoProposta of each FGTS/ConsultaProposta request (and codigoProposta of the other reads).`,
  })
  @ArrayMaxSize(MAX_PROPOSALS_PER_QUERY, { message: `at most ${MAX_PROPOSALS_PER_QUERY} ids per query` })
  @IsUUID('all', { each: true })
  ids: string[];
}

/** Arguments of `Proposal.boletos`. */
@ArgsType()
export class ProposalBoletosArgs {
  @Field((_type) => [Int], {
    nullable: true,
    description: 'Only the boletos with these numbers. Upstream: numerosBoletos (filtered by the graph, so one ConsultarBoletos call serves every selection).',
  })
  @IsOptional()
  numbers?: number[] | null;

  // Nullable so that an explicit null (Relay sends one for an unset variable) means the default.
  @Field((_type) => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'Also list cancelled boletos (null: false). Upstream: trazerBoletosCancelados.',
  })
  includeCancelled: boolean;
}

/** The account the disbursement is paid to (`propostaContaPagamentoDTO`). */
@InputType({ description: 'Bank account the disbursement is paid to. Upstream: propostaContaPagamentoDTO.' })
export class PaymentAccountInput {
  @Field((_type) => Int, { description: 'Bank code (e.g. 1, 341). Upstream: codigoBanco.' })
  @Min(1)
  bankCode: number;

  @Field((_type) => Int, { nullable: true, description: 'Raw account type code (partner-defined). Upstream: tipoConta.' })
  @IsOptional()
  accountTypeCode?: number | null;

  @Field((_type) => String, { description: 'Branch. Upstream: agencia.' })
  @Matches(/^\d{1,10}$/)
  branch: string;

  @Field((_type) => String, { nullable: true, description: 'Branch check digit. Upstream: agenciaDig.' })
  @IsOptional()
  @MaxLength(2)
  branchDigit?: string | null;

  @Field((_type) => String, { description: 'Account number. Upstream: conta.' })
  @Matches(/^\d{1,20}$/)
  account: string;

  @Field((_type) => String, { nullable: true, description: 'Account check digit. Upstream: contaDig.' })
  @IsOptional()
  @MaxLength(2)
  accountDigit?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Bank number (ISPB / compensation). Upstream: numeroBanco.' })
  @IsOptional()
  @MaxLength(20)
  bankNumber?: string | null;

  @Field((_type) => String, { nullable: true, description: 'CPF or CNPJ of the account holder. Upstream: documentoFederalPagamento.' })
  @IsOptional()
  @Validate(ValidDocument, catalogue(CATALOGUE.invalidClientDocument))
  holderDocument?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Name of the account holder. Upstream: nomePagamento.' })
  @IsOptional()
  @MaxLength(200)
  holderName?: string | null;
}

/**
 * The optional terms a proposal and its simulation share (first due date shift and charges), sent
 * alike to IncluirManual and CalcularValoresProposta. Only extended: no field of the graph takes
 * it, so it does not appear in the schema.
 */
@InputType('ProposalChargesInput', { description: 'The loan terms shared by createProposal and simulateProposal.' })
export class ProposalChargesInput {
  @Field((_type) => DecimalScalar, {
    description:
      'Amount requested (T0665/D0020 when not positive). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSolicitado.',
  })
  @Validate(PositiveDecimal, catalogue(CATALOGUE.amountMissing))
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  requestedAmount: Decimal;

  @Field((_type) => DecimalScalar, {
    description: 'Negotiated interest, percent a month (2.5 = 2.5 %). At most 4 decimal places. Upstream: percJurosNegociado.',
  })
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [RATE_DECIMALS])
  monthlyInterestRate: Decimal;

  @Field((_type) => Int, { description: 'Number of installments, 1 to 480 (T0665/D0021 when below 1). Upstream: prazo.' })
  @Min(1, catalogue(CATALOGUE.installmentsMissing))
  @Max(480)
  installments: number;

  @Field((_type) => Int, { nullable: true, description: 'Days added to (or, negative, taken from) the first due date. Upstream: nroDiasAcrescimo.' })
  @IsOptional()
  extraDays?: number | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Credit opening fee (TAC). At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrTAC.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  tacAmount?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Insurance. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrSeguro.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  insuranceAmount?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Other expenses. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrasDespesas.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  otherExpensesAmount?: Decimal | null;

  @Field((_type) => DecimalScalar, {
    nullable: true,
    description: 'Other services. At most 2 decimal places (cents); finer amounts are refused, never rounded. Upstream: vlrOutrosServicos.',
  })
  @IsOptional()
  @Validate(NonNegativeDecimal)
  @Validate(MaxDecimalPlaces, [MONEY_DECIMALS])
  otherServicesAmount?: Decimal | null;
}

/** Input of `Mutation.createProposal` (IncluirManual `dto`). */
@InputType({ description: 'A proposal to include manually. Upstream: dto of Proposta/IncluirManual.' })
export class CreateProposalInput extends ProposalChargesInput {
  @Field((_type) => String, {
    description: 'CPF or CNPJ of the client; wrong check digits are refused (T0665/D0002), before any call. Upstream: documentoCliente.',
  })
  @Validate(ValidDocument, catalogue(CATALOGUE.invalidClientDocument))
  clientDocument: string;

  @Field((_type) => String, { nullable: true, description: 'Client name, sent as the parameter nomeCliente. Upstream: parametros[nomeCliente].' })
  @IsOptional()
  @MaxLength(200)
  clientName?: string | null;

  @Field((_type) => String, { description: 'Contract (operation) type, e.g. "CP", "CDC-PF", "FGTS" (T0665/D0019 when empty). Upstream: tipoContrato.' })
  @IsNotEmpty(catalogue(CATALOGUE.operationTypeMissing))
  @MaxLength(50)
  contractType: string;

  @Field((_type) => Int, {
    defaultValue: 1,
    description: 'Calculation format code (partner-defined; T0665/D0022 when unknown to the partner). Upstream: formatoCalculo.',
  })
  calculationFormat: number;

  @Field((_type) => String, {
    nullable: true,
    description:
      'Your operation code for this proposal; unique among your proposals (reused: REJECTED, upstream S0005). Without proposals.all the partner receives it in your own namespace, <16 hex characters keyed from your caller id>-<code>, so a code another caller holds is as free as one nobody holds; you see and look up your own code. With proposals.all it is sent as given. Upstream: codigoOperacao.',
  })
  @IsOptional()
  @Length(1, 100)
  operationCode?: string | null;

  @Field((_type) => CalendarDateScalar, { nullable: true, description: 'First due date, when fixed by you. Upstream: dtPrimeiroVencto.' })
  @IsOptional()
  firstDueDate?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Credit note (CCB) number, digits. Upstream: numeroCCB.' })
  @IsOptional()
  @Matches(/^\d{1,15}$/)
  ccbNumber?: string | null;

  @Field((_type) => String, { nullable: true, description: 'CPF or CNPJ of the promoter (T0665/D0018 when invalid). Upstream: documentoPromotor.' })
  @IsOptional()
  @Validate(ValidDocument, catalogue(CATALOGUE.promoterNotFound))
  promoterDocument?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Notes of the seller. Upstream: observacoesVendedor.' })
  @IsOptional()
  @MaxLength(2000)
  sellerNotes?: string | null;

  @Field((_type) => PaymentAccountInput, { nullable: true, description: 'Account the disbursement is paid to. Upstream: propostaContaPagamentoDTO.' })
  @IsOptional()
  @ValidateNested()
  paymentAccount?: PaymentAccountInput | null;

  @Field((_type) => [ParameterInput], { nullable: true, description: 'Extra name/value parameters passed through. Upstream: parametros.' })
  @IsOptional()
  @ValidateNested({ each: true })
  parameters?: ParameterInput[] | null;
}

/** Input of `Mutation.cancelFgtsProposal`. */
@InputType({ description: 'An FGTS proposal to cancel (within 7 days of disbursement; not when ceded). Upstream: body of FGTS/CancelarProposta.' })
export class CancelFgtsProposalInput {
  @Field((_type) => ID, { description: 'Proposal UUID. Upstream: CodigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => String, {
    nullable: true,
    description: 'CPF of the client, when the partner asks for it (message 4 when invalid). Upstream: DocumentoFederal.',
  })
  @IsOptional()
  @Validate(ValidCpf, catalogue(CATALOGUE.cancelInvalidCpf))
  clientDocument?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Why the proposal is cancelled. Upstream: Motivo.' })
  @IsOptional()
  @MaxLength(500)
  reason?: string | null;
}
