import { type FieldNode, type GraphQLResolveInfo, GraphQLIncludeDirective, GraphQLSkipDirective, Kind, type SelectionNode, getDirectiveValues } from 'graphql';

/** Fields selected on one object type, by field name (aliases folded together), with their nodes. */
export type Selection = ReadonlyMap<string, readonly FieldNode[]>;

/**
 * Selections already worked out, by field nodes, then type name, then the request's variable values
 * (`@skip`/`@include` may depend on them). graphql-js hands every item of a list the same
 * `fieldNodes` array, so a field resolver under a list of N objects analyses its selection once, not
 * N times. Weak keys: nothing outlives the request's document and variables.
 */
const cache = new WeakMap<readonly FieldNode[], Map<string, WeakMap<object, Selection>>>();

/**
 * Selections that depend on nothing but the document (no directive anywhere in them), by their one
 * field node, then type name. Apollo Server's document store hands every request with the same
 * query text the same parsed document, so these are worked out once per document and type, not once
 * per request. Weak keys: a document evicted from the store takes its entries with it.
 */
const staticCache = new WeakMap<FieldNode, Map<string, Selection>>();

/** The selection under no field node. */
const NOTHING_SELECTED: Selection = new Map();

function included(node: SelectionNode, info: GraphQLResolveInfo): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, info.variableValues);
  if (skip?.if === true) {
    return false;
  }
  const include = getDirectiveValues(GraphQLIncludeDirective, node, info.variableValues);
  return include?.if !== false;
}

/**
 * The fields selected under `nodes` on object type `typeName`, following inline fragments and named
 * fragments whose type condition is absent or `typeName` (each named fragment once, however often it
 * is spread), and honouring `@skip` / `@include`. Used to
 * start only the upstream reads a query needs, all at once, before the field resolvers ask for them.
 */
export function selectedFields(info: GraphQLResolveInfo, nodes: readonly FieldNode[], typeName: string): Selection {
  if (nodes.length === 0) {
    // Callers ask about fields that are not selected with a fresh `[]`: nothing to remember it by.
    return NOTHING_SELECTED;
  }
  const single = nodes.length === 1 ? nodes[0] : undefined;
  const known = single === undefined ? undefined : staticCache.get(single)?.get(typeName);
  if (known !== undefined) {
    return known;
  }
  const variables: unknown = info.variableValues;
  if (typeof variables !== 'object' || variables === null) {
    return collectSelection(info, nodes, typeName).selection;
  }
  let byType = cache.get(nodes);
  if (byType === undefined) {
    byType = new Map();
    cache.set(nodes, byType);
  }
  let byVariables = byType.get(typeName);
  if (byVariables === undefined) {
    byVariables = new WeakMap();
    byType.set(typeName, byVariables);
  }
  let selection = byVariables.get(variables);
  if (selection === undefined) {
    const collected = collectSelection(info, nodes, typeName);
    selection = collected.selection;
    if (single !== undefined && collected.static) {
      let byStaticType = staticCache.get(single);
      if (byStaticType === undefined) {
        byStaticType = new Map();
        staticCache.set(single, byStaticType);
      }
      byStaticType.set(typeName, selection);
    } else {
      byVariables.set(variables, selection);
    }
  }
  return selection;
}

/** The selection, and whether it is the same whatever the variables (no directive was met). */
function collectSelection(info: GraphQLResolveInfo, nodes: readonly FieldNode[], typeName: string): { selection: Selection; static: boolean } {
  const result = new Map<string, FieldNode[]>();
  let directives = false;
  // Each named fragment is expanded once, as graphql-js's collectFields does: a fragment spread
  // twice adds nothing the first spread did not, and without this a chain of fragments each
  // spreading the previous one twice costs 2^n.
  const expanded = new Set<string>();
  const visit = (selections: readonly SelectionNode[]): void => {
    for (const selection of selections) {
      if (selection.directives !== undefined && selection.directives.length > 0) {
        directives = true;
        if (!included(selection, info)) {
          continue;
        }
      }
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        const known = result.get(name);
        if (known) {
          known.push(selection);
        } else {
          result.set(name, [selection]);
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition === undefined || condition === typeName) {
          visit(selection.selectionSet.selections);
        }
      } else if (!expanded.has(selection.name.value)) {
        const fragment = info.fragments[selection.name.value];
        if (fragment && fragment.typeCondition.name.value === typeName) {
          expanded.add(selection.name.value);
          visit(fragment.selectionSet.selections);
        }
      }
    }
  };
  for (const node of nodes) {
    if (node.selectionSet) {
      visit(node.selectionSet.selections);
    }
  }
  return { selection: result, static: !directives };
}
