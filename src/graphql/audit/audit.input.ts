import { IsOptional, IsUUID, Length, Matches, Max, MaxLength, Min, Validate } from 'class-validator';
import { ArgsType, Field, ID, Int } from 'type-graphql';
import { catalogue, CATALOGUE, ValidDocument } from '../common/validation.js';
import { DateTimeScalar } from '../scalars.js';
import { AccessExportFormat } from './audit.type.js';

/** Largest page of access records. */
export const MAX_ACCESS_PAGE = 500;

/** The time window of a list or an export of access records. */
@ArgsType()
export class AccessWindowArgs {
  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Only records at or after this instant.' })
  @IsOptional()
  from?: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Only records before this instant.' })
  @IsOptional()
  to?: Date | null;
}

/** Paging of a list of access records (newest first). */
@ArgsType()
export class AccessPageArgs extends AccessWindowArgs {
  @Field((_type) => Int, { defaultValue: 50, description: `How many records, 1 to ${MAX_ACCESS_PAGE} (BAD_USER_INPUT beyond).` })
  @Min(1)
  @Max(MAX_ACCESS_PAGE)
  first: number;

  @Field((_type) => String, { nullable: true, description: 'Continue after this cursor (a previous endCursor); BAD_USER_INPUT when it is not one.' })
  @IsOptional()
  @MaxLength(200)
  after?: string | null;
}

/** Whose records: a person by document. */
@ArgsType()
export class PersonAccessArgs extends AccessPageArgs {
  @Field((_type) => String, { description: "CPF or CNPJ, with or without mask (HMAC'd for the look-up; never stored)." })
  @Validate(ValidDocument, catalogue(CATALOGUE.registryInvalidDocument))
  document: string;
}

/** Whose records: a caller. */
@ArgsType()
export class CallerAccessArgs extends AccessPageArgs {
  @Field((_type) => String, { description: "The caller id (an API key's caller id or a JWT's sub)." })
  @Length(1, 64)
  @Matches(/^[A-Za-z0-9._-]+$/)
  callerId: string;
}

/** Whose records: a proposal. */
@ArgsType()
export class ProposalAccessArgs extends AccessPageArgs {
  @Field((_type) => ID, { description: 'The proposal id (a UUID).' })
  @IsUUID()
  proposalId: string;
}

/** An export of one person's records. */
@ArgsType()
export class PersonAccessExportArgs {
  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Export only records at or after this instant (default: the oldest kept).' })
  @IsOptional()
  from?: Date | null;

  @Field((_type) => DateTimeScalar, { nullable: true, description: 'Export only records before this instant (default: up to now).' })
  @IsOptional()
  to?: Date | null;

  @Field((_type) => String, { description: "CPF or CNPJ, with or without mask (HMAC'd for the look-up; never stored)." })
  @Validate(ValidDocument, catalogue(CATALOGUE.registryInvalidDocument))
  document: string;

  @Field((_type) => AccessExportFormat, { description: 'JSON or CSV.' })
  format: AccessExportFormat;
}
