import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { fetchedAtOf, gerarMultiplosBoletos, gerarUnicoBoleto, type EnvelopeWithParametros } from '../../upstream/index.js';
import { idempotencyKeyDescription, mapParameters, payloadSelects, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reference.js';
import { type GraphContext } from '../runtime/context.js';
import { GenerateBoletosInput, GenerateSingleBoletoInput } from './boleto.input.js';
import { generateBoletosRequest, generatedBoletoNumbers, generateSingleBoletoRequest, mapBoleto } from './boleto.mapper.js';
import { GenerateBoletosPayload } from './boleto.payload.js';
import { type Boleto } from './boleto.type.js';

const PAYLOAD = 'GenerateBoletosPayload';

/** The payload of a finished generation: fresh proposal and boletos, each only when selected. */
async function generated(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  proposalId: string,
  outcome: WriteOutcome<EnvelopeWithParametros>,
): Promise<GenerateBoletosPayload> {
  if (!outcome.ok) {
    return Object.assign(new GenerateBoletosPayload(), { proposal: null, boletos: [], parameters: [], userErrors: outcome.userErrors });
  }
  const numbers = new Set(generatedBoletoNumbers(outcome.value.parametros));
  const boletos = async (): Promise<Boleto[]> => {
    if (!payloadSelects(info, PAYLOAD, 'boletos')) {
      return [];
    }
    const items = await ctx.loaders.boletosByProposal.load({ proposalId, includeCancelled: false });
    const fetchedAt = fetchedAtOf(items) ?? null;
    return (items ?? []).map(item => mapBoleto(item, proposalId, fetchedAt)).filter(b => numbers.has(b.number)).sort((a, b) => a.number - b.number);
  };
  const [proposal, list] = await Promise.all([payloadProposal(ctx, { id: proposalId }, info, PAYLOAD), boletos()]);
  return Object.assign(new GenerateBoletosPayload(), { proposal, boletos: list, parameters: mapParameters(outcome.value.parametros), userErrors: [] });
}

/** Boleto generation on the receivables agenda. */
@Resolver()
export class BoletoResolver {
  @Mutation(_returns => GenerateBoletosPayload, {
    description: 'Generates one boleto per listed installment of a disbursed proposal (with a Pix QR code when the partner issues one). Upstream: AgendaRecebivel/GerarMultiplosBoletos.',
  })
  async generateBoletos(
    @Arg('input', _type => GenerateBoletosInput, { validate: false, description: 'What to generate. Upstream: dto, dtoGerarMultiplosBoletos.' }) input: GenerateBoletosInput,
    @Arg('idempotencyKey', _type => String, { description: idempotencyKeyDescription('generateBoletos') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<GenerateBoletosPayload> {
    const outcome = await validatedWrite(ctx, input, { operation: 'GerarMultiplosBoletos', idempotencyKey, proposalId: input.proposalId, request: () => generateBoletosRequest(input) },
      (request, call) => gerarMultiplosBoletos(ctx.upstream, request, call),
    );
    return generated(ctx, info, input.proposalId, outcome);
  }

  @Mutation(_returns => GenerateBoletosPayload, {
    description: 'Generates one boleto covering the listed installments of a disbursed proposal. Upstream: AgendaRecebivel/GerarUnicoBoleto.',
  })
  async generateSingleBoleto(
    @Arg('input', _type => GenerateSingleBoletoInput, { validate: false, description: 'What to generate. Upstream: dto, dtoGerarUnicoBoleto.' }) input: GenerateSingleBoletoInput,
    @Arg('idempotencyKey', _type => String, { description: idempotencyKeyDescription('generateSingleBoleto') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<GenerateBoletosPayload> {
    const outcome = await validatedWrite(ctx, input, { operation: 'GerarUnicoBoleto', idempotencyKey, proposalId: input.proposalId, request: () => generateSingleBoletoRequest(input) },
      (request, call) => gerarUnicoBoleto(ctx.upstream, request, call),
    );
    return generated(ctx, info, input.proposalId, outcome);
  }
}
