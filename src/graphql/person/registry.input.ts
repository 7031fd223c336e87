import { IsOptional, MaxLength, Validate } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { catalogue, CATALOGUE, ValidDocument } from '../common/validation.js';

/** A CPF or CNPJ argument, check digits verified before any call. */
@ArgsType()
export class DocumentArgs {
  @Field((_type) => String, {
    description: 'CPF or CNPJ, with or without mask; wrong check digits are BAD_USER_INPUT, refused before any call. Upstream: documento / documentoCliente.',
  })
  @Validate(ValidDocument, catalogue(CATALOGUE.registryInvalidDocument))
  document: string;

  @Field((_type) => String, {
    nullable: true,
    description:
      'Why you look this person up (e.g. "credit analysis of proposal 123"), at most 200 characters: kept on the access record of this answer, which the person may ask to see. Upstream: none.',
  })
  @IsOptional()
  @MaxLength(200)
  purpose?: string | null;
}
