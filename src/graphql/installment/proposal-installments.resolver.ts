import { type GraphQLResolveInfo } from 'graphql';
import { Ctx, FieldResolver, Info, Resolver, Root } from 'type-graphql';
import { type GraphContext } from '../runtime/context.js';
import { installmentReads } from '../runtime/needs.js';
import { loadInstallments } from './installment.loader.js';
import { Installment } from './installment.type.js';
import { Proposal } from '../proposal/proposal.type.js';

/** `Proposal.installments`: the installment noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalInstallmentsResolver {
  @FieldResolver((_returns) => [Installment], {
    nullable: true,
    description:
      'The repayment schedule: one Installment per installment number, in order, with its amount, due date, situation and, once disbursed, balance, boletos and Pix. Upstream: Proposta/ConsultarParcelas and the agenda (AgendaRecebivel/ConsultarDetalhes). One call per proposal.',
  })
  async installments(@Root() proposal: Proposal, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Installment[]> {
    // The same reads resolveProposal started (readsFor): found in the loaders, not made again.
    return loadInstallments(ctx, proposal.id, installmentReads(info, info.fieldNodes, proposal.agendaRead === true));
  }
}
