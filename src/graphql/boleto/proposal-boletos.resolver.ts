import { type GraphQLResolveInfo } from 'graphql';
import { Args, Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { boletoNeeds } from '../runtime/needs.js';
import { ProposalBoletosArgs } from '../proposal/proposal.input.js';
import { Proposal } from '../proposal/proposal.type.js';
import { loadBoletos } from './boleto.loader.js';
import { Boleto } from './boleto.type.js';

/** `Proposal.boletos`: the boleto noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalBoletosResolver {
  @FieldResolver((_returns) => [Boleto], {
    nullable: true,
    description:
      'The boletos issued for this proposal, to pay one or more installments at a bank, by number; cancelled ones only when asked. Upstream: AgendaRecebivel/ConsultarBoletos. One call per proposal and includeCancelled.',
  })
  async boletos(
    @Root() proposal: Proposal,
    @Args((_type) => ProposalBoletosArgs) args: ProposalBoletosArgs,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Boleto[]> {
    return loadBoletos(ctx, proposal.id, args.includeCancelled, boletoNeeds(info, info.fieldNodes), args.numbers ? new Set(args.numbers) : undefined);
  }
}
