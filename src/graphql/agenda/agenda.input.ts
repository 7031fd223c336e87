import { IsOptional, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';

/** Arguments of `AgendaDetail.installments`. */
@ArgsType()
export class AgendaInstallmentsArgs {
  @Field((_type) => [Int], { nullable: true, description: 'Only these installment numbers (all when omitted). Upstream: nroParcelas.' })
  @IsOptional()
  @Min(1, { each: true })
  numbers?: number[] | null;
}
