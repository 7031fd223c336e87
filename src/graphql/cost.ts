import { type ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getVariableValues,
  GraphQLError,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import { type GraphErrorCode } from '../shared/error-codes.js';
import { type CallerBudgets, round, secondsUntilAvailable, type ThrottleStatus, type UpstreamObserver } from '../upstream/index.js';
import { selectedFields, type Selection } from './runtime/selection.js';
import { type GraphContext } from './runtime/context.js';
import { readsFor } from './proposal/proposal.reference.js';
import { assertVariablesBounded } from './runtime/variable-bounds.js';
import { MAX_PROPOSALS_PER_QUERY } from './proposal/proposal.input.js';
import { MAX_NODE_IDS } from './node.resolver.js';

/** `extensions.cost` of every answer. */
export interface CostExtension {
  /** Partner calls the operation would cost with nothing cached (an upper bound). */
  estimatedUpstreamCalls: number;
  /** HTTP requests this request sent to the partner (what the partner saw for it). */
  upstreamCalls: number;
  /** Reads answered from the shared cache or by joining an identical read in flight. */
  cacheHits: number;
  /** The caller's budget after the request (absent when no budgets are kept). */
  throttleStatus?: ThrottleStatus;
}

type FakeInfo = Pick<GraphQLResolveInfo, 'fragments' | 'variableValues'>;

/** The proposal reads a selection of `Proposal` costs at most (one existence read when it needs none). */
function proposalCost(info: FakeInfo, selection: Selection, identity: { id: string; number?: number | null }): number {
  const reads = readsFor(info as GraphQLResolveInfo, selection, identity);
  // Folded reads may still be needed (a proposal without agenda): counted, as the upper bound.
  const calls =
    (reads.core || reads.coreFromAgenda ? 1 : 0) + (reads.installments || reads.installmentsFromAgenda ? 1 : 0) + (reads.agenda ? 1 : 0) + reads.boletos.length;
  const client = selection.get('client');
  const person =
    client === undefined
      ? false
      : [...selectedFields(info as GraphQLResolveInfo, client, 'Person').keys()].some(
          (name) => name !== 'document' && name !== 'name' && name !== '__typename',
        );
  return Math.max(1, calls) + (person ? 1 : 0);
}

function argument(node: FieldNode, name: string, info: FakeInfo): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (arg === undefined) {
    return undefined;
  }
  if (arg.value.kind === Kind.VARIABLE) {
    return info.variableValues[arg.value.name.value];
  }
  if (arg.value.kind === Kind.LIST) {
    return arg.value.values.map((v) => (v.kind === Kind.VARIABLE ? info.variableValues[v.name.value] : 'value' in v ? v.value : undefined));
  }
  return 'value' in arg.value ? arg.value.value : undefined;
}

/**
 * The partner calls an operation costs at most, with nothing cached: per proposal, one call per
 * field group its selection needs (what `resolveProposal` starts), one per registry look-up, one per
 * write plus the reads of its payload's proposal. Refusals by budget use it before any call.
 */
export function estimateUpstreamCalls(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variableValues: Record<string, unknown>,
): number {
  const info: FakeInfo = { fragments, variableValues };
  const rootType = operation.operation === 'mutation' ? 'Mutation' : 'Query';
  const roots = selectedFields(
    info as GraphQLResolveInfo,
    [{ kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'root' }, selectionSet: operation.selectionSet }],
    rootType,
  );
  let total = 0;
  for (const [name, nodes] of roots) {
    for (const node of nodes) {
      if (name.startsWith('__')) {
        continue;
      }
      const proposalSelection = (): Selection => selectedFields(info as GraphQLResolveInfo, [node], 'Proposal');
      if (name === 'proposal' || name === 'proposalByOperationCode') {
        total += proposalCost(info, proposalSelection(), { id: '' }) + (argument(node, 'operationCode', info) ? 1 : 0);
      } else if (name === 'proposals') {
        const ids = argument(node, 'ids', info);
        const count = Array.isArray(ids) ? new Set(ids).size : 1;
        total += count * proposalCost(info, proposalSelection(), { id: '' });
      } else if (name === '_entities') {
        const representations = argument(node, 'representations', info);
        const count = Array.isArray(representations) ? representations.length : 1;
        total += count * proposalCost(info, proposalSelection(), { id: '' });
      } else if (operation.operation === 'mutation') {
        const payload = node.selectionSet?.selections.length ? [node] : [];
        const proposal = payload.length === 0 ? undefined : collectField(info, node, 'proposal');
        total += 1 + (proposal === undefined ? 0 : proposalCost(info, selectedFields(info as GraphQLResolveInfo, proposal, 'Proposal'), { id: '' }));
      } else {
        total += 1;
      }
    }
  }
  return total;
}

/** The nodes of `field` selected on a mutation payload (whatever its type's name). */
function collectField(info: FakeInfo, node: FieldNode, field: string): FieldNode[] | undefined {
  const found: FieldNode[] = [];
  const expanded = new Set<string>();
  const visit = (selections: readonly SelectionNode[]): void => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === field) {
          found.push(selection);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet.selections);
      } else if (!expanded.has(selection.name.value)) {
        // Once per fragment, however often it is spread (a fragment bomb costs its size, not 2^n).
        expanded.add(selection.name.value);
        const fragment = info.fragments[selection.name.value];
        if (fragment) {
          visit(fragment.selectionSet.selections);
        }
      }
    }
  };
  visit(node.selectionSet?.selections ?? []);
  return found.length === 0 ? undefined : found;
}

/** Options of {@link costPlugin}. */
export interface CostPluginOptions {
  /** Per-caller budgets; without them nothing is refused and `throttleStatus` is absent. */
  budgets?: CallerBudgets;
  /** Told of every refusal (`throttled` event, budget `caller`). */
  observer?: Partial<UpstreamObserver>;
  /** Told when the budget store failed (the request goes on unrefused). */
  onBudgetFailure?: (error: unknown) => void;
}

interface CostState {
  estimated: number;
  refused: boolean;
  status: ThrottleStatus | undefined;
}

/**
 * `extensions.cost` on every answer, and the per-caller budget: a request whose estimated cost
 * exceeds what its caller has left is refused with THROTTLED (and `retryAfterSeconds`) before any
 * partner call; after a request, its caller's bucket is charged what it really cost the partner
 * (`upstreamCalls`: cached and joined reads are free).
 */
export function costPlugin(options: CostPluginOptions = {}): ApolloServerPlugin<GraphContext> {
  const budgets = options.budgets;
  const guard = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch (error) {
      options.onBudgetFailure?.(error);
      return undefined;
    }
  };
  return {
    async requestDidStart() {
      const state: CostState = { estimated: 0, refused: false, status: undefined };
      return {
        async didResolveOperation({ operation, document, request, schema, contextValue }) {
          assertVariablesBounded(schema, document, operation, request.variables);
          if (operation === undefined) {
            return;
          }
          state.estimated = estimateOperation(schema, document, operation, request.variables);
          if (budgets === undefined) {
            return;
          }
          const status = await guard(() => budgets.status(contextValue.callerId));
          state.status = status;
          if (status !== undefined && status.currentlyAvailable < state.estimated) {
            state.refused = true;
            try {
              options.observer?.throttled?.({ callerId: contextValue.callerId, budget: 'caller' });
            } catch {
              // Observability never changes the answer.
            }
            const seconds = secondsUntilAvailable(status, state.estimated);
            const never = !Number.isFinite(seconds);
            throw new GraphQLError(
              never
                ? `This operation may cost ${state.estimated} partner calls, more than your budget of ${status.maximumAvailable} can ever hold; ask for less in one operation.`
                : `This operation may cost ${state.estimated} partner calls and your budget holds ${round(status.currentlyAvailable)}; retry in ${Math.ceil(seconds)} s.`,
              {
                extensions: {
                  code: 'THROTTLED' satisfies GraphErrorCode,
                  ...(never ? {} : { retryAfterSeconds: Math.ceil(seconds) }),
                  // Apollo Server reads http.headers as a Map; typed loosely because another GraphQL server's
                  // types (graphql-yoga, under the Hive Gateway test) declare them a plain record.
                  http: { status: 429, ...(never ? {} : { headers: new Map([['retry-after', String(Math.ceil(seconds))]]) }) } as Record<string, unknown>,
                },
              },
            );
          }
        },
        async willSendResponse({ response, contextValue }) {
          const reads = (contextValue as GraphContext | undefined)?.reads;
          if (reads === undefined) {
            return;
          }
          const spent = reads.cost.upstreamCalls;
          let status = state.status;
          if (budgets !== undefined && !state.refused) {
            status = (await guard(() => budgets.spend(contextValue.callerId, spent))) ?? status;
          }
          const cost: CostExtension = {
            estimatedUpstreamCalls: state.estimated,
            upstreamCalls: spent,
            cacheHits: reads.cost.cacheHits,
            ...(status === undefined ? {} : { throttleStatus: status }),
          };
          const stale =
            reads.cost.staleReads > 0 && reads.cost.oldestStaleFetchedAt !== undefined
              ? { stale: { reads: reads.cost.staleReads, oldestFetchedAt: new Date(reads.cost.oldestStaleFetchedAt).toISOString() } }
              : {};
          if (response.body.kind === 'single') {
            response.body.singleResult.extensions = { ...response.body.singleResult.extensions, cost, ...stale };
          }
        },
      };
    },
  };
}

/**
 * Estimates already made that read no variable, by document, then operation: Apollo Server's
 * document store hands every request with the same query text the same parsed document, so an
 * operation such as `proposal(id: $id) { installments { … } }` (whose estimate the id does not
 * change) is estimated once, not per request. Weak keys: an evicted document takes its entry along.
 */
const variableFreeEstimates = new WeakMap<DocumentNode, Map<OperationDefinitionNode, number>>();

/**
 * {@link estimateUpstreamCalls} of `operation` of `document` (as the cost plugin makes it), with its variables coerced only if the estimate
 * reads one (and then never cached).
 */
export function estimateOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  raw: Record<string, unknown> | undefined,
): number {
  const known = variableFreeEstimates.get(document)?.get(operation);
  if (known !== undefined) {
    return known;
  }
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments[definition.name.value] = definition;
    }
  }
  let coerced: Record<string, unknown> | undefined;
  const variables = (): Record<string, unknown> => (coerced ??= coercedVariables(schema, operation, raw));
  // Variable values read through this proxy: the first read coerces them, and marks the estimate as depending on them.
  const lazy = new Proxy({} as Record<string, unknown>, {
    get: (_target, name) => (typeof name === 'string' ? variables()[name] : undefined),
    has: (_target, name) => name in variables(),
    ownKeys: () => Reflect.ownKeys(variables()),
    getOwnPropertyDescriptor: (_target, name) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(variables(), name);
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
  });
  const estimate = estimateUpstreamCalls(operation, fragments, lazy);
  if (coerced === undefined) {
    let byOperation = variableFreeEstimates.get(document);
    if (byOperation === undefined) {
      byOperation = new Map();
      variableFreeEstimates.set(document, byOperation);
    }
    byOperation.set(operation, estimate);
  }
  return estimate;
}

function coercedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, raw: Record<string, unknown> | undefined): Record<string, unknown> {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], raw ?? {});
  return coerced.coerced ?? {};
}

/**
 * The estimate above as weights a router's demand control reads (Federation 2.9 `@cost` and
 * `@listSize`, written into the SDL by schema.ts from this table): each field's partner calls at most,
 * per occurrence, beside the list sizes that multiply what they hold. Additive, as a router adds, so
 * it bounds {@link estimateUpstreamCalls} from above: a proposal's field groups (core, installments,
 * agenda, boletos) are one call each, the core counted at the root that reads it; a write is one call
 * plus its payload's proposal reads.
 */
export const PARTNER_CALL_COSTS: {
  readonly weights: Readonly<Record<string, number>>;
  readonly listSizes: Readonly<
    Record<string, { readonly assumedSize?: number; readonly slicingArguments?: readonly string[]; readonly sizedFields?: readonly string[] }>
  >;
} = {
  weights: {
    'Query.proposal': 1,
    // The operation code's look-up, then the proposal.
    'Query.proposalByOperationCode': 2,
    'Query.proposals': 1,
    'Query.person': 1,
    'Query.bureauReport': 1,
    'Query.registrationRecord': 1,
    'Query.simulateProposal': 1,
    'Query.node': 1,
    'Query.nodes': 1,
    'Query.creditViewer': 1,
    // The installments read, and the agenda read their agenda-held fields (balance, boletos) need.
    'Proposal.installments': 2,
    'Proposal.agenda': 1,
    'Proposal.boletos': 1,
    'Proposal.client': 1,
    'Mutation.addGuarantor': 1,
    'Mutation.attachDocument': 1,
    'Mutation.cancelFgtsProposal': 1,
    'Mutation.createProposal': 1,
    'Mutation.generateBoletos': 1,
    'Mutation.generateSingleBoleto': 1,
    'Mutation.inviteSigners': 1,
    'Mutation.registerInstallmentPayment': 1,
    'Mutation.registerInstallmentPayments': 1,
    'Mutation.registerSignedSigners': 1,
    // A payload's proposal is read back after the write (at least its existence read).
    'AddGuarantorPayload.proposal': 1,
    'AttachDocumentPayload.proposal': 1,
    'CancelFgtsProposalPayload.proposal': 1,
    'CreateProposalPayload.proposal': 1,
    'GenerateBoletosPayload.proposal': 1,
    'RegisterInstallmentPaymentPayload.proposal': 1,
    'SignersPayload.proposal': 1,
  },
  listSizes: {
    // As many as the most ids the graph takes: a router cannot size a list by another list's length.
    'Query.proposals': { assumedSize: MAX_PROPOSALS_PER_QUERY },
    'Query.nodes': { assumedSize: MAX_NODE_IDS },
    // A connection: its page size (first) sizes its edges and nodes.
    'CreditViewer.proposals': { slicingArguments: ['first'], sizedFields: ['edges', 'nodes'] },
  },
};
