import {
  type FieldNode,
  type GraphQLResolveInfo,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type SelectionNode,
  getDirectiveValues,
} from 'graphql';

/** Fields selected on one object type, by field name (aliases folded together), with their nodes. */
export type Selection = Map<string, FieldNode[]>;

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
 * fragments whose type condition is absent or `typeName`, and honouring `@skip` / `@include`. Used to
 * start only the upstream reads a query needs, all at once, before the field resolvers ask for them.
 */
export function selectedFields(info: GraphQLResolveInfo, nodes: readonly FieldNode[], typeName: string): Selection {
  const result: Selection = new Map();
  const visit = (selections: readonly SelectionNode[]): void => {
    for (const selection of selections) {
      if (!included(selection, info)) {
        continue;
      }
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        result.set(name, [...(result.get(name) ?? []), selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        if (condition === undefined || condition === typeName) {
          visit(selection.selectionSet.selections);
        }
      } else {
        const fragment = info.fragments[selection.name.value];
        if (fragment && fragment.typeCondition.name.value === typeName) {
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
  return result;
}
