import { type GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { cancelarProposta, type ConsultaPropostaResponse, incluirManual, type IncluirManualRequest, type IncluirManualResponse } from '../../upstream/index.js';
import { derivedOperationCode, idempotencyKeyDescription, validatedWrite } from '../runtime/write.js';
import { selectedFields } from '../runtime/selection.js';
import { type GraphContext } from '../runtime/context.js';
import { CancelFgtsProposalInput, CreateProposalInput, ProposalArgs, ProposalByOperationCodeArgs, ProposalsArgs } from './proposal.input.js';
import { cancelFgtsRequest, createProposalRequest, proposalNumberOf } from './proposal.mapper.js';
import { resolveProposal, payloadProposal } from './proposal.reads.js';
import { mapSubmittedTerms, submittedDetails, submittedOf } from './proposal-submitted.js';
import { SubmittedTerms } from './proposal-submitted.type.js';
import { CancelFgtsProposalPayload, CreateProposalPayload } from './proposal.payload.js';
import { Proposal } from './proposal.type.js';
import { presentUserErrors } from '../common/user-error-table.js';
import { CANCEL_FGTS_PROPOSAL, CREATE_PROPOSAL } from './proposal.errors.js';

/**
 * One proposal by id or by operation code (the schema requires one of them: `proposal(id: ID!)`,
 * `proposalByOperationCode(operationCode: String!)`). Every other argument given must match: an
 * operation code or number is checked against the record, never echoed unverified.
 */
async function locateProposal(
  ctx: GraphContext,
  info: GraphQLResolveInfo,
  args: { id?: string | null; operationCode?: string | null; number?: number | null },
): Promise<Proposal | null> {
  let id = args.id ?? '';
  let record: ConsultaPropostaResponse | null | undefined;
  if (args.operationCode) {
    // The code as the partner holds it: in the caller's namespace without proposals.all (common/operation-code.ts).
    const partnerCode = ctx.operationCodes.toPartner(args.operationCode);
    if (!ctx.ownership.seesAll) {
      // Ownership before any partner call: the caller's own proposal with this code, from the ledger.
      const owned = await ctx.ownership.byOperationCode(partnerCode);
      if (owned === null || (args.id && owned.proposalId !== args.id)) {
        return null;
      }
    }
    record = await ctx.loaders.proposalByOperationCode.load(partnerCode);
    if (!record?.Codigo || (args.id && record.Codigo !== args.id)) {
      return null;
    }
    id = record.Codigo;
  }
  if (args.number != null) {
    if (!(await ctx.ownership.mayAccess(id))) {
      return null;
    }
    record ??= await ctx.loaders.proposalById.load(id);
    if (!record || proposalNumberOf(record) !== args.number) {
      return null;
    }
  }
  const identity = { id, number: args.number ?? (record ? proposalNumberOf(record) : null), operationCode: args.operationCode ?? null };
  // By id alone (no record read yet): core fields may come from an open agenda, the read a router's
  // follow-up fetch of a deferred agenda makes next (proposal.reads.ts, coreFromOpenAgenda).
  return resolveProposal(ctx, identity, info, selectedFields(info, info.fieldNodes, 'Proposal'), { coreFromOpenAgenda: record === undefined });
}

/** Queries of proposals and the fields of `Proposal` that cost their own upstream call. */
@Resolver((_of) => Proposal)
export class ProposalResolver {
  @Query((_returns) => Proposal, {
    nullable: true,
    description:
      'One proposal by id (see proposalByOperationCode for a lookup by your operation code); null when the partner does not know it, or when the caller may not see it: without the proposals.all scope a caller sees only the proposals it created through the graph (decided from the ledger, with no partner call). Costs one call per selected group of fields (core record, installments, agenda, boletos), made in parallel; a selection that needs no read (id, __typename, operationCode, and the ledger read-back fields) costs nothing for a proposal created through the graph, else one FGTS/ConsultaProposta, which confirms the proposal exists. Upstream: FGTS/ConsultaProposta.',
  })
  proposal(@Args((_type) => ProposalArgs) args: ProposalArgs, @Ctx() ctx: GraphContext, @Info() info: GraphQLResolveInfo): Promise<Proposal | null> {
    return locateProposal(ctx, info, args);
  }

  @Query((_returns) => Proposal, {
    nullable: true,
    description:
      "One proposal by the operation code you gave it; null when the partner knows no proposal by that code, or when the caller may not see it, as for proposal: without proposals.all the code is looked up among the caller's own in the ledger (no partner call then). One FGTS/ConsultaProposta finds it, then the reads its selection needs. Upstream: FGTS/ConsultaProposta (CodigoOperacao).",
  })
  proposalByOperationCode(
    @Args((_type) => ProposalByOperationCodeArgs) args: ProposalByOperationCodeArgs,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Proposal | null> {
    return locateProposal(ctx, info, args);
  }

  @Query((_returns) => [Proposal], {
    nullable: 'items',
    description:
      'Several proposals by id, in the order asked; null for each unknown id and each proposal the caller may not see (as proposal). At most 50 ids. Reads of all proposals are batched and run together; a selection that needs no read (id alone) costs one FGTS/ConsultaProposta per distinct id not created through the graph, to confirm each exists. Upstream: FGTS/ConsultaProposta and the calls of the selected fields.',
  })
  async proposals(
    @Args((_type) => ProposalsArgs) { ids }: ProposalsArgs,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Array<Proposal | null>> {
    const selection = selectedFields(info, info.fieldNodes, 'Proposal');
    const byId = new Map<string, Promise<Proposal | null | Error>>();
    for (const id of ids) {
      if (!byId.has(id)) {
        byId.set(
          id,
          resolveProposal(ctx, { id }, info, selection).catch((error: unknown) => error as Error),
        );
      }
    }
    // An Error item makes graphql-js null that item alone and report the error at its path.
    return (await Promise.all(ids.map((id) => byId.get(id)))) as Array<Proposal | null>;
  }

  @Mutation((_returns) => CreateProposalPayload, {
    description:
      'Includes a proposal manually. Input is validated before any call (CPF/CNPJ check digits T0665/D0002, amount T0665/D0020, installments T0665/D0021); partner rejections come back as userErrors. Upstream: Proposta/IncluirManual.',
  })
  async createProposal(
    @Arg('input', (_type) => CreateProposalInput, { validate: false, description: 'The proposal. Upstream: dto.' }) input: CreateProposalInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('createProposal') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CreateProposalPayload> {
    // Every create carries an operation code, so one whose answer is lost can be found (proposal/creation.probe.ts).
    const operationCode = input.operationCode || derivedOperationCode(ctx.callerId, idempotencyKey);
    // Sent in the caller's namespace unless it has proposals.all: another caller's code is then as
    // free as one nobody holds (the partner's S0005 cannot reveal it). The ledger and the probe keep
    // the code as sent; the caller sees its own.
    const partnerCode = ctx.operationCodes.toPartner(operationCode);
    const outcome = await validatedWrite<IncluirManualResponse, IncluirManualRequest>(
      ctx,
      input,
      {
        mutation: CREATE_PROPOSAL,
        operation: 'IncluirManual',
        idempotencyKey,
        request: () => {
          const request = createProposalRequest(input);
          return { ...request, dto: { ...request.dto, codigoOperacao: partnerCode } };
        },
        probe: { operationCode: partnerCode },
        details: () => submittedDetails(input),
        creates: (value) => (value.codigo ? { proposalId: value.codigo, number: value.numero ?? null, operationCode: partnerCode } : undefined),
      },
      (request, call) => incluirManual(ctx.upstream, request, call),
    );
    if (!outcome.ok) {
      return Object.assign(new CreateProposalPayload(), {
        proposal: null,
        userErrors: presentUserErrors(CREATE_PROPOSAL.errors, outcome.userErrors, ctx.locale),
      });
    }
    const id = outcome.value.codigo ?? '';
    const identity = { id, number: outcome.value.numero ?? null, operationCode };
    return Object.assign(new CreateProposalPayload(), {
      proposal: id ? await payloadProposal(ctx, identity, info, 'CreateProposalPayload') : null,
      userErrors: [],
    });
  }

  @Mutation((_returns) => CancelFgtsProposalPayload, {
    description:
      'Cancels an FGTS proposal within 7 days of its disbursement (not when ceded). Partner refusals (numbered messages 5, 10, 13, 27, 28, 38) come back as userErrors with upstreamCode "400/<number>". Upstream: FGTS/CancelarProposta (environment address).',
  })
  async cancelFgtsProposal(
    @Arg('input', (_type) => CancelFgtsProposalInput, { validate: false, description: 'The proposal to cancel. Upstream: request body.' })
    input: CancelFgtsProposalInput,
    @Arg('idempotencyKey', (_type) => String, { description: idempotencyKeyDescription('cancelFgtsProposal') }) idempotencyKey: string,
    @Ctx() ctx: GraphContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CancelFgtsProposalPayload> {
    const outcome = await validatedWrite(
      ctx,
      input,
      { mutation: CANCEL_FGTS_PROPOSAL, operation: 'CancelarProposta', idempotencyKey, proposalId: input.proposalId, request: () => cancelFgtsRequest(input) },
      (request, call) => cancelarProposta(ctx.upstream, request, call),
    );
    if (!outcome.ok) {
      return Object.assign(new CancelFgtsProposalPayload(), {
        proposal: null,
        returnBoleto: null,
        userErrors: presentUserErrors(CANCEL_FGTS_PROPOSAL.errors, outcome.userErrors, ctx.locale),
      });
    }
    return Object.assign(new CancelFgtsProposalPayload(), {
      proposal: await payloadProposal(ctx, { id: input.proposalId }, info, 'CancelFgtsProposalPayload'),
      returnBoleto: outcome.value.Boleto ?? null,
      userErrors: [],
    });
  }

  @FieldResolver((_returns) => SubmittedTerms, {
    nullable: true,
    description:
      'The terms this proposal was created with through the graph, as sent; null for a proposal created elsewhere. Read from the ledger: no partner call. Upstream: the dto of Proposta/IncluirManual as sent.',
  })
  async submitted(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<SubmittedTerms | null> {
    const submitted = await submittedOf(ctx, proposal.id);
    return submitted ? mapSubmittedTerms(submitted) : null;
  }
}
