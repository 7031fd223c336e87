import { type ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getVariableValues,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import { type CallerBudgets, type ThrottleStatus, type UpstreamObserver } from '../upstream/index.js';
import { selectedFields, type Selection } from './runtime/selection.js';
import { throttledError } from './throttled.js';
import { type GraphContext } from './runtime/context.js';
import { readsFor } from './proposal/proposal.reads.js';
import { assertVariablesBounded } from './runtime/variable-bounds.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './viewer/viewer.input.js';
import { SITUATION_SCAN_LIMIT } from './viewer/viewer.resolver.js';

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

/** The proposal reads a selection of `Proposal` costs at most (one existence read when it needs none, unless `free` allows none). */
function proposalCost(info: FakeInfo, selection: Selection, identity: { id: string; number?: number | null }, free = false): number {
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
  return (free ? calls : Math.max(1, calls)) + (person ? 1 : 0);
}

/**
 * The most partner reads one object other than a proposal can make when a selection asks for more
 * than its id (an installment, a boleto or an agenda entry of a payload or of `node`): its proposal's
 * record, installments, agenda and boletos.
 */
export const OTHER_NODE_READS = 4;

/** Whether `nodes` select anything of their object beyond what its id gives. */
function selectsBeyondId(info: FakeInfo, nodes: readonly FieldNode[]): boolean {
  return nodes.some((node) =>
    (node.selectionSet?.selections ?? []).some((selection) => selection.kind !== Kind.FIELD || !['id', '__typename'].includes(selection.name.value)),
  );
}

/**
 * A page of `creditViewer.proposals`: each of its `first` nodes costs what its selection needs (a node
 * selecting only ledger fields costs nothing), and a `situation` filter reads the record of every
 * proposal it examines, up to the scan's limit.
 */
function viewerCost(info: FakeInfo, viewer: FieldNode): number {
  let total = 0;
  for (const list of selectedFields(info as GraphQLResolveInfo, [viewer], 'CreditViewer').get('proposals') ?? []) {
    const first = argument(list, 'first', info);
    const size = Math.min(
      MAX_PAGE_SIZE,
      typeof first === 'number' ? first : typeof first === 'string' ? Number(first) || DEFAULT_PAGE_SIZE : DEFAULT_PAGE_SIZE,
    );
    const connection = selectedFields(info as GraphQLResolveInfo, [list], 'ProposalConnection');
    const nodes = [
      ...(connection.get('nodes') ?? []),
      ...(connection.get('edges') ?? []).flatMap((edge) => selectedFields(info as GraphQLResolveInfo, [edge], 'ProposalEdge').get('node') ?? []),
    ];
    const perNode = nodes.length === 0 ? 0 : proposalCost(info, selectedFields(info as GraphQLResolveInfo, nodes, 'Proposal'), { id: '' }, true);
    const situation = argument(list, 'situation', info);
    total += size * perNode + (situation === undefined || situation === null ? 0 : SITUATION_SCAN_LIMIT);
  }
  return total;
}

/** What one id of `node`/`nodes` costs at most: a proposal's reads, or another object's. */
function nodeCost(info: FakeInfo, node: FieldNode): number {
  const asProposal = proposalCost(info, selectedFields(info as GraphQLResolveInfo, [node], 'Proposal'), { id: '' }, true);
  return Math.max(asProposal, selectsBeyondId(info, [node]) ? OTHER_NODE_READS : 0);
}

/**
 * A write's partner calls at most: the write itself, the read that settles an answer lost on the way
 * (its in-doubt probe), and its payload's reads: the proposal's, and those of any other object it
 * selects (paid installments, boletos).
 */
function mutationCost(info: FakeInfo, node: FieldNode): number {
  let total = 2;
  for (const selection of payloadFields(info, node)) {
    const name = selection.name.value;
    if (name === 'proposal') {
      total += proposalCost(info, selectedFields(info as GraphQLResolveInfo, [selection], 'Proposal'), { id: '' });
    } else if (name !== 'userErrors' && name !== 'parameters' && selection.selectionSet !== undefined && selectsBeyondId(info, [selection])) {
      total += OTHER_NODE_READS;
    }
  }
  return total;
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
  const rootType = operation.operation === 'mutation' ? 'Mutation' : operation.operation === 'subscription' ? 'Subscription' : 'Query';
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
      } else if (name === 'creditViewer') {
        total += viewerCost(info, node);
      } else if (name === 'node') {
        total += nodeCost(info, node);
      } else if (name === 'nodes') {
        const ids = argument(node, 'ids', info);
        total += (Array.isArray(ids) ? new Set(ids).size : 1) * nodeCost(info, node);
      } else if (operation.operation === 'subscription') {
        // One event of a subscription: its proposal read as a query reads it (the watch's reads answer what they hold).
        const proposal = selectedFields(info as GraphQLResolveInfo, [node], 'ProposalChange').get('proposal');
        total += proposal === undefined ? 0 : proposalCost(info, selectedFields(info as GraphQLResolveInfo, proposal, 'Proposal'), { id: '' }, true);
      } else if (operation.operation === 'mutation') {
        total += mutationCost(info, node);
      } else {
        total += 1;
      }
    }
  }
  return total;
}

/** The fields selected on a mutation payload (whatever its type's name), each fragment once. */
function payloadFields(info: FakeInfo, node: FieldNode): FieldNode[] {
  const found: FieldNode[] = [];
  const expanded = new Set<string>();
  const visit = (selections: readonly SelectionNode[]): void => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) {
        found.push(selection);
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
  return found;
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
  /** What admission took from the caller's bucket (the estimate, or 0 when none was taken). */
  charged: number;
  refused: boolean;
  status: ThrottleStatus | undefined;
}

/**
 * `extensions.cost` on every answer, and the per-caller budget: a request's estimated cost (an upper
 * bound) is taken from its caller's bucket before any partner call, or the request is refused with
 * THROTTLED (and `retryAfterSeconds`, when the bucket will hold the estimate); after it, what it did
 * not cost the partner is given back (`upstreamCalls`: cached and joined reads are free), so a bucket
 * goes below zero only by what an estimate missed.
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
      const state: CostState = { estimated: 0, charged: 0, refused: false, status: undefined };
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
          // The estimate is taken at once, only if the bucket holds it: concurrent requests of one
          // caller cannot all pass one check and overdraw it; what the request did not make is given back after.
          const admission = await guard(() => budgets.admit(contextValue.callerId, state.estimated));
          state.status = admission?.status;
          state.charged = admission?.admitted === true ? state.estimated : 0;
          if (admission !== undefined && !admission.admitted) {
            const status = admission.status;
            state.refused = true;
            try {
              options.observer?.throttled?.({ callerId: contextValue.callerId, budget: 'caller' });
            } catch {
              // Observability never changes the answer.
            }
            throw throttledError((contextValue as Partial<GraphContext>).locale, state.estimated, status);
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
            // Settle what was charged at admission against what the partner saw.
            const difference = spent - state.charged;
            if (difference !== 0) {
              status =
                (await guard(() => (difference > 0 ? budgets.spend(contextValue.callerId, difference) : budgets.refund(contextValue.callerId, -difference)))) ??
                status;
            }
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
