import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, Info, Mutation, Resolver } from 'type-graphql';
import { type EnvelopeWithParametros, incluirLancamentoMultiplasParcelas, incluirLancamentoParcela } from '../../upstream/index.js';
import { mapAgendaInstallment } from './agenda.mapper.js';
import { type AgendaInstallment } from './agenda.type.js';
import { agendaInstallmentNeeds } from '../runtime/needs.js';
import { installmentReads } from '../runtime/needs.js';
import { loadInstallments } from '../installment/installment.loader.js';
import { type Installment } from '../installment/installment.type.js';
import { idempotencyKeyDescription, mapParameters, validatedWrite, type WriteOutcome } from '../runtime/write.js';
import { payloadProposal } from '../proposal/proposal.reads.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { RegisterInstallmentPaymentInput, RegisterInstallmentPaymentsInput } from './payment.input.js';
import { paymentEntryRequest } from './payment.mapper.js';
import { RegisterInstallmentPaymentPayload } from './payment.payload.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { PAYMENT } from './payment.errors.js';

const PAYLOAD = 'RegisterInstallmentPaymentPayload';

/** The paid installments, read fresh from the agenda when the payload selects them. */
async function paidInstallments(ctx: GraphContext, info: GraphQLResolveInfo, proposalId: string, numbers: number[]): Promise<AgendaInstallment[]> {
  const nodes = selectedFields(info, info.fieldNodes, PAYLOAD).get('installments');
  if (!nodes) {
    return [];
  }
  const detail = await ctx.loaders.agendaByProposal.load(proposalId, { numbers, ...agendaInstallmentNeeds(info, nodes) });
  const wanted = new Set(numbers);
  return (detail?.parcelas ?? [])
    .filter((p) => p.nroParcela !== undefined && p.nroParcela !== null && wanted.has(p.nroParcela))
    .map((item) => mapAgendaInstallment(item, proposalId));
}

/** The paid installments as `Installment`, read fresh (the agenda first: a payment is an agenda entry) when the payload selects them. */
async function paidInstallmentNodes(ctx: GraphContext, info: GraphQLResolveInfo, proposalId: string, numbers: number[]): Promise<Installment[]> {
  const nodes = selectedFields(info, info.fieldNodes, PAYLOAD).get('paidInstallments');
  return nodes ? loadInstallments(ctx, proposalId, installmentReads(info, nodes, true), numbers) : [];
}

/** The payload of a payment registration: its user errors, or the fresh proposal and paid installments (each when selected). */
async function paymentPayload(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  proposalId: string,
  numbers: number[],
  outcome: WriteOutcome<EnvelopeWithParametros>,
): Promise<RegisterInstallmentPaymentPayload> {
  if (!outcome.ok) {
    return Object.assign(new RegisterInstallmentPaymentPayload(), {
      proposal: null,
      paidInstallments: [],
      installments: [],
      parameters: [],
      userErrors: presentUserErrors(PAYMENT.errors, outcome.userErrors, ctx.locale),
    });
  }
  const [proposal, paid, installments] = await Promise.all([
    payloadProposal(ctx, { id: proposalId }, info, PAYLOAD),
    paidInstallmentNodes(ctx, info, proposalId, numbers),
    paidInstallments(ctx, info, proposalId, numbers),
  ]);
  return Object.assign(new RegisterInstallmentPaymentPayload(), {
    proposal,
    paidInstallments: paid,
    installments,
    parameters: mapParameters(outcome.value.parametros),
    userErrors: [],
  });
}

/** Payment registration on the receivables agenda. */
@Resolver()
export class PaymentResolver {
  @Mutation((_returns) => RegisterInstallmentPaymentPayload, {
    description: 'Registers a payment of one installment of a disbursed proposal. Upstream: AgendaRecebivel/IncluirLancamentoParcela.',
  })
  async registerInstallmentPayment(
    @Arg('input', (_type) => RegisterInstallmentPaymentInput, { validate: false, description: 'The payment. Upstream: dto, dtoLancamentoParcela.' })
    input: RegisterInstallmentPaymentInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('registerInstallmentPayment') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RegisterInstallmentPaymentPayload> {
    const number = input.payment.installmentNumber;
    const outcome = await validatedWrite(
      ctx,
      input,
      {
        mutation: PAYMENT,
        operation: 'IncluirLancamentoParcela',
        idempotencyKey,
        proposalId: input.proposalId,
        request: () => ({ dto: { codigoProposta: input.proposalId, nroParcela: number }, dtoLancamentoParcela: paymentEntryRequest(input.payment) }),
      },
      (request, call) => incluirLancamentoParcela(ctx.upstream, request, call),
    );
    return paymentPayload(ctx, info, input.proposalId, [number], outcome);
  }

  @Mutation((_returns) => RegisterInstallmentPaymentPayload, {
    description:
      'Registers payments of several installments of one disbursed proposal, all or none. Upstream: AgendaRecebivel/IncluirLancamentoMultiplasParcelas.',
  })
  async registerInstallmentPayments(
    @Arg('input', (_type) => RegisterInstallmentPaymentsInput, { validate: false, description: 'The payments. Upstream: dto, dtoLancamentoParcelas.' })
    input: RegisterInstallmentPaymentsInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('registerInstallmentPayments') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<RegisterInstallmentPaymentPayload> {
    const numbers = input.payments.map((p) => p.installmentNumber);
    const outcome = await validatedWrite(
      ctx,
      input,
      {
        mutation: PAYMENT,
        operation: 'IncluirLancamentoMultiplasParcelas',
        idempotencyKey,
        proposalId: input.proposalId,
        request: () => ({
          dto: { codigoProposta: input.proposalId },
          dtoLancamentoParcelas: input.payments.map((p) => ({ nroParcela: p.installmentNumber, ...paymentEntryRequest(p) })),
        }),
      },
      (request, call) => incluirLancamentoMultiplasParcelas(ctx.upstream, request, call),
    );
    return paymentPayload(ctx, info, input.proposalId, numbers, outcome);
  }
}
