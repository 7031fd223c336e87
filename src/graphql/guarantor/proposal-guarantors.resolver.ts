import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type IncluirAvalistaResponse } from '../../upstream/index.js';
import { type GraphContext } from '../runtime/context.js';
import { succeeded } from '../proposal/proposal-history.resolver.js';
import { Proposal } from '../proposal/proposal.type.js';
import { guarantorFromLedger, type GuarantorDetails } from './guarantor.mapper.js';
import { Guarantor } from './guarantor.type.js';

/** `Proposal.guarantors`: read back from the ledger (no partner call); the guarantor noun resolves its own field of the proposal. */
@Resolver((_of) => Proposal)
export class ProposalGuarantorsResolver {
  @FieldResolver((_returns) => [Guarantor], {
    description:
      'The guarantors added to this proposal through the graph (addGuarantor), oldest first; guarantors added elsewhere are not known. Upstream: the avalista sent to Proposta/IncluirAvalista and its answer (codigo, numero), from the ledger. No partner call (the partner has no read of guarantors).',
  })
  async guarantors(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<Guarantor[]> {
    const records = succeeded(await ctx.history.load(proposal.id), ['IncluirAvalista']);
    return records.map((r) => guarantorFromLedger(r.outcome as IncluirAvalistaResponse | null, r.details as GuarantorDetails, proposal.id));
  }
}
