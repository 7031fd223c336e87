import { ArrayMaxSize, ArrayNotEmpty, IsEmail, IsIP, IsNotEmpty, IsOptional, IsUUID, MaxLength, Validate, ValidateNested } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { catalogue, CATALOGUE, ValidDocument, ValidMobile } from '../common/validation.js';
import { DateTimeScalar } from '../scalars.js';

/**
 * Who a signer is, checked the same way for both signer operations. Only extended: no field of the
 * graph takes it, so it does not appear in the schema.
 */
@InputType('SignerIdentityInput', { description: 'Name, e-mail and document of a signer.' })
export class SignerIdentityInput {
  @Field((_type) => String, { description: 'Signer name (T0668/D0003 when empty). Upstream: nome.' })
  @IsNotEmpty(catalogue(CATALOGUE.nameMissing))
  @MaxLength(200)
  name: string;

  @Field((_type) => String, { description: "The signer's e-mail, where the signing invitation goes (T0668/D0001 when invalid). Upstream: email." })
  @IsEmail({}, catalogue(CATALOGUE.invalidEmail))
  @MaxLength(254, catalogue(CATALOGUE.invalidEmail))
  email: string;

  @Field((_type) => String, { description: 'CPF or CNPJ of the signer (T0668/D0004 when invalid). Upstream: documento.' })
  @Validate(ValidDocument, catalogue(CATALOGUE.signerDocument))
  document: string;
}

/** A signer to invite (an item of IncluirAssinaturaCCB `assinantes`). */
@InputType({ description: 'A signer invited to sign the credit note electronically. Upstream: an item of assinantes (IncluirAssinaturaCCB).' })
export class SignerInviteInput extends SignerIdentityInput {
  @Field((_type) => String, {
    description: 'Mobile phone: 11 digits, area code plus a number starting with 6-9 (T0668/D0008..D0010). Upstream: telefoneCelular.',
  })
  @Validate(ValidMobile)
  mobilePhone: string;

  @Field((_type) => String, { nullable: true, description: 'Role of the signer (e.g. "Emitente", "Avalista"). Upstream: descricao.' })
  @IsOptional()
  @MaxLength(200)
  description?: string | null;

  @Field((_type) => Boolean, { defaultValue: true, description: 'Notify by e-mail. Upstream: notificarPorEmail.' })
  notifyByEmail: boolean;

  @Field((_type) => Boolean, { defaultValue: false, description: 'Notify by chat message. Upstream: notificarPorChat.' })
  notifyByChat: boolean;

  @Field((_type) => Boolean, { defaultValue: false, description: 'Notify by SMS. Upstream: notificarPorSMS.' })
  notifyBySms: boolean;

  @Field((_type) => String, { nullable: true, description: 'Your identifier for this signer. Upstream: codigoIdentificador.' })
  @IsOptional()
  @MaxLength(100)
  identifierCode?: string | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Signing deadline. Upstream: dtLimiteAssinatura.' })
  @IsOptional()
  signingDeadline?: Date | null;
}

/** Input of `Mutation.inviteSigners`. */
@InputType({ description: 'Signers to invite to an approved proposal. Upstream: Proposta/IncluirAssinaturaCCB.' })
export class InviteSignersInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose credit note the signers sign. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => [SignerInviteInput], { description: 'At least one signer (C0060/V0001 when none), at most 20. Upstream: assinantes.' })
  @ArrayNotEmpty(catalogue(CATALOGUE.noSigners))
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  signers: SignerInviteInput[];
}

/** A signer who already signed (an item of IncluirAssinaturaCCBFinalizada `assinantes`). */
@InputType({ description: 'A signer who already signed in your own system. Upstream: an item of assinantes (IncluirAssinaturaCCBFinalizada).' })
export class SignedSignerInput extends SignerIdentityInput {
  @Field((_type) => String, {
    nullable: true,
    description: 'Mobile phone: 11 digits, starting with 6-9 after the area code (T0668/D0008..D0010). Upstream: telefoneCelular.',
  })
  @IsOptional()
  @Validate(ValidMobile)
  mobilePhone?: string | null;

  @Field((_type) => String, { nullable: true, description: 'Role of the signer. Upstream: descricao.' })
  @IsOptional()
  @MaxLength(200)
  description?: string | null;

  @Field((_type) => Boolean, { defaultValue: false, description: 'Notify by e-mail. Upstream: notificarPorEmail.' })
  notifyByEmail: boolean;

  @Field((_type) => Boolean, { defaultValue: false, description: 'Notify by chat message. Upstream: notificarPorChat.' })
  notifyByChat: boolean;

  @Field((_type) => DateTimeScalar, { description: 'When the signer signed. Upstream: dtAssinatura.' })
  signedAt: Date;

  @Field((_type) => String, { description: 'Origin IP address of the signing. Upstream: ipAssinatura.' })
  @IsIP()
  signingIp: string;
}

/** Input of `Mutation.registerSignedSigners`. */
@InputType({ description: 'Signers who already signed in your own system. Upstream: Proposta/IncluirAssinaturaCCBFinalizada.' })
export class RegisterSignedSignersInput {
  @Field((_type) => ID, { description: 'Id of the proposal whose credit note was signed. Upstream: dto.codigoProposta.' })
  @IsUUID()
  proposalId: string;

  @Field((_type) => [SignedSignerInput], { description: 'At least one signer (C0060/V0001 when none), at most 20. Upstream: assinantes.' })
  @ArrayNotEmpty(catalogue(CATALOGUE.noSigners))
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  signers: SignedSignerInput[];
}
