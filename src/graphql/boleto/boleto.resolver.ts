import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import {
  type CallOptions,
  type EnvelopeWithParametros,
  gerarMultiplosBoletos,
  type GerarMultiplosBoletosRequest,
  gerarUnicoBoleto,
  type GerarUnicoBoletoRequest,
} from '../../upstream/index.js';
import { idempotencyKeyDescription, mapParameters, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reads.js';
import { installmentReads } from '../runtime/needs.js';
import { loadInstallments } from '../installment/installment.loader.js';
import { type Installment } from '../installment/installment.type.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { GenerateBoletosInput, GenerateSingleBoletoInput } from './boleto.input.js';
import { generateBoletosRequest, generatedBoletoNumbers, generateSingleBoletoRequest } from './boleto.mapper.js';
import { boletoNeeds } from '../runtime/needs.js';
import { loadBoletos } from './boleto.loader.js';
import { GenerateBoletosPayload } from './boleto.payload.js';
import { type Boleto } from './boleto.type.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { BOLETO } from './boleto.errors.js';

const PAYLOAD = 'GenerateBoletosPayload';

/** The payload of a finished generation: fresh proposal, boletos and covered installments, each only when selected. */
async function generated(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  proposalId: string,
  covered: number[],
  outcome: WriteOutcome<EnvelopeWithParametros>,
): Promise<GenerateBoletosPayload> {
  if (!outcome.ok) {
    return Object.assign(new GenerateBoletosPayload(), {
      proposal: null,
      boletos: [],
      installments: [],
      parameters: [],
      userErrors: presentUserErrors(BOLETO.errors, outcome.userErrors, ctx.locale),
    });
  }
  const installmentNodes = selectedFields(info, info.fieldNodes, PAYLOAD).get('installments');
  const installments = (): Promise<Installment[]> =>
    installmentNodes ? loadInstallments(ctx, proposalId, installmentReads(info, installmentNodes, true), covered) : Promise.resolve([]);
  const numbers = new Set(generatedBoletoNumbers(outcome.value.parametros));
  const boletoNodes = selectedFields(info, info.fieldNodes, PAYLOAD).get('boletos');
  const boletos = (): Promise<Boleto[]> => (boletoNodes ? loadBoletos(ctx, proposalId, false, boletoNeeds(info, boletoNodes), numbers) : Promise.resolve([]));
  const [proposal, list, installmentList] = await Promise.all([payloadProposal(ctx, { id: proposalId }, info, PAYLOAD), boletos(), installments()]);
  return Object.assign(new GenerateBoletosPayload(), {
    proposal,
    boletos: list,
    installments: installmentList,
    parameters: mapParameters(outcome.value.parametros),
    userErrors: [],
  });
}

/** Sends one boleto generation (validated, recorded, exactly once) and answers the payload of what it generated. */
async function generate<R>(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  input: GenerateBoletosInput | GenerateSingleBoletoInput,
  write: {
    operation: 'GerarMultiplosBoletos' | 'GerarUnicoBoleto';
    idempotencyKey: string;
    request: () => R;
    send: (request: R, call: CallOptions) => Promise<EnvelopeWithParametros>;
  },
  installmentNumbers: number[],
): Promise<GenerateBoletosPayload> {
  const { operation, idempotencyKey, request, send } = write;
  const outcome = await validatedWrite(ctx, input, { mutation: BOLETO, operation, idempotencyKey, proposalId: input.proposalId, request }, send);
  return generated(ctx, info, input.proposalId, installmentNumbers, outcome);
}

/** Boleto generation on the receivables agenda. */
@Resolver()
export class BoletoResolver {
  @Mutation((_returns) => GenerateBoletosPayload, {
    description:
      'Generates one boleto per listed installment of a disbursed proposal (with a Pix QR code when the partner issues one). Upstream: AgendaRecebivel/GerarMultiplosBoletos.',
  })
  async generateBoletos(
    @Arg('input', (_type) => GenerateBoletosInput, { validate: false, description: 'What to generate. Upstream: dto, dtoGerarMultiplosBoletos.' })
    input: GenerateBoletosInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('generateBoletos') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<GenerateBoletosPayload> {
    const numbers = input.installments.map((i) => i.number);
    const send = (request: GerarMultiplosBoletosRequest, call: CallOptions): Promise<EnvelopeWithParametros> =>
      gerarMultiplosBoletos(ctx.upstream, request, call);
    return generate(ctx, info, input, { operation: 'GerarMultiplosBoletos', idempotencyKey, request: () => generateBoletosRequest(input), send }, numbers);
  }

  @Mutation((_returns) => GenerateBoletosPayload, {
    description: 'Generates one boleto covering the listed installments of a disbursed proposal. Upstream: AgendaRecebivel/GerarUnicoBoleto.',
  })
  async generateSingleBoleto(
    @Arg('input', (_type) => GenerateSingleBoletoInput, { validate: false, description: 'What to generate. Upstream: dto, dtoGerarUnicoBoleto.' })
    input: GenerateSingleBoletoInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('generateSingleBoleto') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<GenerateBoletosPayload> {
    const send = (request: GerarUnicoBoletoRequest, call: CallOptions): Promise<EnvelopeWithParametros> => gerarUnicoBoleto(ctx.upstream, request, call);
    return generate(
      ctx,
      info,
      input,
      { operation: 'GerarUnicoBoleto', idempotencyKey, request: () => generateSingleBoletoRequest(input), send },
      input.installmentNumbers,
    );
  }
}
