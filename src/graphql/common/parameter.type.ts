import { Field, InputType, ObjectType } from 'type-graphql';
import { MaxLength } from 'class-validator';

/** A name/value pair a write answers with (`parametros`). */
@ObjectType({ description: 'A name/value pair the partner answers a write with. Upstream: an item of parametros { nome, valor }.' })
export class UpstreamParameter {
  @Field((_type) => String, { description: 'Parameter name as the partner spells it. Upstream: nome.' })
  name: string;

  @Field((_type) => String, { nullable: true, description: 'Parameter value, as text. Upstream: valor.' })
  value: string | null;
}

/** A name/value pair sent with a write (`parametros`). */
@InputType({ description: 'A name/value pair sent to the partner with a write, e.g. nomeCliente. Upstream: an item of parametros { nome, valor }.' })
export class ParameterInput {
  @Field((_type) => String, { description: 'Parameter name. Upstream: nome.' })
  @MaxLength(100)
  name: string;

  @Field((_type) => String, { description: 'Parameter value. Upstream: valor.' })
  @MaxLength(1000)
  value: string;
}
