import {
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { UpstreamCallBudgetError, type UpstreamCaller } from '../../upstream/index.js';

import { type GraphErrorCode } from '../../shared/error-codes.js';
import { DEFAULT_QUERY_LIMITS, type QueryLimitOptions } from '../../shared/settings.js';
export { DEFAULT_QUERY_LIMITS, type QueryLimitOptions };

/**
 * Wraps the shared upstream client for ONE request: every operation started through it counts
 * (a call with its own retries and a 401 replay counts once; a batched call such as one
 * ConsultarDetalhes carrying many installments counts once). From call `maxCalls + 1` on, the
 * operation is not sent and rejects with an `UpstreamCallBudgetError` (UPSTREAM_CALL_BUDGET_EXCEEDED,
 * mapped in errors.ts), so only the fields needing it fail and the rest of the response is served.
 */
export function budgetedUpstream(upstream: UpstreamCaller, maxCalls: number): UpstreamCaller & { readonly callsMade: number } {
  let calls = 0;
  return {
    get callsMade() {
      return calls;
    },
    async request<T>(...args: Parameters<UpstreamCaller['request']>): Promise<T> {
      if (calls >= maxCalls) {
        throw new UpstreamCallBudgetError(`${args[0]}: the request already started its ${maxCalls} upstream calls; not sent`, { operation: args[0], maxCalls });
      }
      calls += 1;
      return upstream.request<T>(...args);
    },
  };
}

/** How a selection set measures, following fragment spreads once per fragment (memoized). */
function measure(
  context: ValidationContext,
  reduce: (selectionSet: SelectionSetNode, spread: (name: string) => number) => number,
): (set: SelectionSetNode) => number {
  const memo = new Map<string, number>();
  const spread = (name: string): number => {
    const known = memo.get(name);
    if (known !== undefined) {
      return known;
    }
    memo.set(name, 0); // a cycle (already refused by NoFragmentCyclesRule) adds nothing
    const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
    const value = fragment ? reduce(fragment.selectionSet, spread) : 0;
    memo.set(name, value);
    return value;
  };
  return (set) => reduce(set, spread);
}

/**
 * Field nesting of a selection set. An introspection field (`__schema`, `__type`) counts one level
 * here: its own nesting is measured by {@link introspectionDepthOf} against a limit of its own.
 */
function depthOf(selectionSet: SelectionSetNode, spread: (name: string) => number): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth: number;
    if (selection.kind === Kind.FIELD) {
      depth = 1 + (selection.selectionSet && !selection.name.value.startsWith('__') ? depthOf(selection.selectionSet, spread) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = depthOf(selection.selectionSet, spread);
    } else {
      depth = spread(selection.name.value);
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** Full field nesting of a selection set, introspection fields included (e.g. a chain of `ofType`). */
function fullDepthOf(selectionSet: SelectionSetNode, spread: (name: string) => number): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth: number;
    if (selection.kind === Kind.FIELD) {
      depth = 1 + (selection.selectionSet ? fullDepthOf(selection.selectionSet, spread) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = fullDepthOf(selection.selectionSet, spread);
    } else {
      depth = spread(selection.name.value);
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * Deepest nesting below an introspection field (`__schema`, `__type`), the field's own level and
 * those above it included; 0 when the selection set introspects nothing.
 */
function introspectionDepthOf(selectionSet: SelectionSetNode, spread: (name: string) => number, full: (set: SelectionSetNode) => number): number {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    let depth = 0;
    if (selection.kind === Kind.FIELD && selection.selectionSet) {
      depth = selection.name.value === '__schema' || selection.name.value === '__type' ? 1 + full(selection.selectionSet) : 0;
      if (depth === 0) {
        const below = introspectionDepthOf(selection.selectionSet, spread, full);
        depth = below === 0 ? 0 : 1 + below;
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = introspectionDepthOf(selection.selectionSet, spread, full);
    } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
      depth = spread(selection.name.value);
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * Deepest introspection nesting accepted whatever GRAPHQL_MAX_DEPTH says: graphql-js's full
 * introspection query (what GraphiQL, Apollo Sandbox and codegen send) nests 15 deep, through its
 * chain of `ofType`. Without a bound, a chain of thousands of `ofType` was accepted.
 */
export const MAX_INTROSPECTION_DEPTH = 20;

/** Aliased fields of a selection set, a fragment counted at each of its spreads. */
function aliasesOf(selectionSet: SelectionSetNode, spread: (name: string) => number): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      count += (selection.alias ? 1 : 0) + (selection.selectionSet ? aliasesOf(selection.selectionSet, spread) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      count += aliasesOf(selection.selectionSet, spread);
    } else {
      count += spread(selection.name.value);
    }
  }
  return count;
}

/**
 * Field selections of a selection set once every fragment spread is replaced by its fragment (a
 * fragment counted at each of its spreads), saturating at `cap`: a chain of fragments that each
 * spread the previous one twice expands to 2^n selections, and is measured here in n steps.
 */
function selectionsOf(cap: number): (selectionSet: SelectionSetNode, spread: (name: string) => number) => number {
  const count = (selectionSet: SelectionSetNode, spread: (name: string) => number): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        total += 1 + (selection.selectionSet ? count(selection.selectionSet, spread) : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += count(selection.selectionSet, spread);
      } else {
        total += spread(selection.name.value);
      }
      if (total >= cap) {
        return cap;
      }
    }
    return total;
  };
  return count;
}

function limitError(message: string, node: OperationDefinitionNode, code: GraphErrorCode, extensions: Record<string, number>): GraphQLError {
  // http: Apollo Server answers 400, as for any other refused document.
  return new GraphQLError(message, { nodes: [node], extensions: { code, ...extensions, http: { status: 400 } } });
}

/**
 * A validation rule refusing operations nested deeper than `maxDepth` fields, or introspection
 * nested deeper than max(`maxDepth`, {@link MAX_INTROSPECTION_DEPTH}), with QUERY_TOO_DEEP.
 */
export function maxDepthRule(maxDepth: number): ValidationRule {
  const maxIntrospectionDepth = Math.max(maxDepth, MAX_INTROSPECTION_DEPTH);
  return (context) => {
    const depthOfSet = measure(context, depthOf);
    const fullDepthOfSet = measure(context, fullDepthOf);
    const introspectionDepthOfSet = measure(context, (set, spread) => introspectionDepthOf(set, spread, fullDepthOfSet));
    return {
      OperationDefinition(node) {
        const depth = depthOfSet(node.selectionSet);
        if (depth > maxDepth) {
          context.reportError(
            limitError(`The operation nests fields ${depth} deep; the graph accepts at most ${maxDepth}.`, node, 'QUERY_TOO_DEEP', { depth, maxDepth }),
          );
          return;
        }
        const introspectionDepth = introspectionDepthOfSet(node.selectionSet);
        if (introspectionDepth > maxIntrospectionDepth) {
          context.reportError(
            limitError(
              `The operation nests introspection fields ${introspectionDepth} deep; the graph accepts at most ${maxIntrospectionDepth}.`,
              node,
              'QUERY_TOO_DEEP',
              {
                depth: introspectionDepth,
                maxDepth: maxIntrospectionDepth,
              },
            ),
          );
        }
      },
    };
  };
}

/**
 * A validation rule refusing operations with more than `maxAliases` aliased fields, with
 * TOO_MANY_ALIASES. Aliases are what lets one operation repeat a root field (or any field) with other
 * arguments; without them an operation has at most one of each root field.
 */
export function maxAliasesRule(maxAliases: number): ValidationRule {
  return (context) => {
    const aliasesOfSet = measure(context, aliasesOf);
    return {
      OperationDefinition(node) {
        const aliases = aliasesOfSet(node.selectionSet);
        if (aliases > maxAliases) {
          context.reportError(
            limitError(`The operation has ${aliases} aliases; the graph accepts at most ${maxAliases}.`, node, 'TOO_MANY_ALIASES', { aliases, maxAliases }),
          );
        }
      },
    };
  };
}

/**
 * A validation rule refusing operations whose field selections, every fragment spread expanded in
 * place, number more than `maxSelections`, with TOO_MANY_SELECTIONS (`maxSelections` in the
 * extensions; the count itself is not given, as it may be astronomically large). Fragments are
 * measured once each (memoized), so the refusal costs the size of the document, never its expansion.
 */
export function maxSelectionsRule(maxSelections: number): ValidationRule {
  return (context) => {
    const selectionsOfSet = measure(context, selectionsOf(maxSelections + 1));
    return {
      OperationDefinition(node) {
        if (selectionsOfSet(node.selectionSet) > maxSelections) {
          context.reportError(
            limitError(
              `The operation's fragments expand to more than ${maxSelections} field selections; the graph accepts at most ${maxSelections}.`,
              node,
              'TOO_MANY_SELECTIONS',
              {
                maxSelections,
              },
            ),
          );
        }
      },
    };
  };
}

/** The query-shape rules of the graph under `limits`. */
export function queryLimitRules(limits: Pick<QueryLimitOptions, 'maxDepth' | 'maxAliases' | 'maxSelections'>): ValidationRule[] {
  return [maxSelectionsRule(limits.maxSelections), maxDepthRule(limits.maxDepth), maxAliasesRule(limits.maxAliases)];
}
