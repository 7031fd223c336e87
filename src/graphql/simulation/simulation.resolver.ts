import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { calcularValoresProposta } from '../../upstream/index.js';
import { type GraphContext } from '../runtime/context.js';
import { SimulateProposalInput } from './simulation.input.js';
import { mapSimulation, simulationRequest } from './simulation.mapper.js';
import { ProposalSimulation } from './simulation.type.js';

/** Simulation of proposal values. */
@Resolver((_of) => ProposalSimulation)
export class SimulationResolver {
  @Query((_returns) => ProposalSimulation, {
    description:
      'Simulates the values of a proposal before creating it (Price table, IOF, CET); nothing is stored. Invalid terms are BAD_USER_INPUT before any call; a partner rejection is UPSTREAM_REJECTED with its catalogue codes. Upstream: Proposta/CalcularValoresProposta.',
  })
  async simulateProposal(
    @Arg('input', (_type) => SimulateProposalInput, { description: 'The terms. Upstream: dto.' }) input: SimulateProposalInput,
    @Ctx() ctx: GraphContext,
  ): Promise<ProposalSimulation> {
    // An UpstreamError thrown here is mapped by the server's formatError (toGraphQLError in runtime/errors.ts), like every other.
    return mapSimulation(await calcularValoresProposta(ctx.upstream, simulationRequest(input)));
  }
}
