import {
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  GraphQLError,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isSpecifiedScalarType,
  Kind,
  type OperationDefinitionNode,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { type GraphErrorCode } from '../../shared/error-codes.js';
import { type ListLimit, listLimits } from './list-limits.js';

/**
 * What the raw variables of one request may hold before graphql-js coerces them. Coercion costs
 * time in proportion to what it is given, and its errors quote the value they refuse (a whole
 * input, in each of up to 50 errors): these bounds are checked first, in one walk that stops at the
 * first thing out of bounds.
 */
export interface VariableBounds {
  /** Items of a list that declares no limit of its own. */
  maxListItems: number;
  /** Values (items, fields, scalars) walked in all the variables of one request. */
  maxValues: number;
  /** Lists and objects nested in one another. */
  maxDepth: number;
  /** Keys of one object given to a scalar that takes objects (a router's `_Any` representations). */
  maxObjectKeys: number;
  /** Top-level variables the operation does not declare (graphql-js ignores them). */
  maxUndeclaredVariables: number;
  /** Characters of a value given to a scalar other than `String` and `ID` (a date, an amount, a number, an enum). */
  maxScalarChars: number;
  /**
   * A mutation's input list goes to validation (and comes back as `userErrors` with its path) up
   * to this multiple of its declared limit; longer ones are refused here. Queries are refused at the limit.
   */
  mutationListSlack: number;
}

/** The bounds of the credit graph: far above what any of its operations needs, far below what costs time. */
export const DEFAULT_VARIABLE_BOUNDS: VariableBounds = {
  maxListItems: 1000,
  maxValues: 10_000,
  maxDepth: 16,
  maxObjectKeys: 64,
  maxUndeclaredVariables: 50,
  maxScalarChars: 1000,
  mutationListSlack: 2,
};

/** Where a variable is used: the argument path a refusal names, and the strictest list limit of its positions. */
interface Usage {
  path: readonly string[];
  limit: ListLimit | undefined;
}

/** A path built only when a refusal names it. */
interface Path {
  parent: Path | undefined;
  key: string;
}

const usagesByOperation = new WeakMap<OperationDefinitionNode, Map<string, Usage>>();

/**
 * Checks the raw `variables` of `operation` against its variable definitions and the schema's input
 * types: undeclared top-level variables, list lengths (the schema's own `@ArrayMaxSize` limits,
 * {@link VariableBounds.maxListItems} where none is declared), unknown input fields (refused at the
 * first), nesting, keys and the number of values. Answers the one `BAD_USER_INPUT` error of the first
 * value out of bounds (never quoting a value), or undefined. What is within bounds but invalid is
 * left to coercion and validation, which answer it as before.
 */
export function checkVariables(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
  bounds: VariableBounds = DEFAULT_VARIABLE_BOUNDS,
): GraphQLError | undefined {
  if (operation === null || operation === undefined || variables === null || variables === undefined || typeof variables !== 'object') {
    return undefined;
  }
  // The same variables object can reach more than one caller of this check in one request: once is
  // enough (walking a large object is not free).
  const known = checked.get(variables);
  if (known !== undefined && known.operation === operation && known.bounds === bounds) {
    return known.refused;
  }
  const refused = check(schema, document, operation, variables, bounds);
  checked.set(variables, { operation, bounds, refused });
  return refused;
}

/** Verdicts of {@link checkVariables} by the variables object they were given. */
const checked = new WeakMap<object, { operation: OperationDefinitionNode; bounds: VariableBounds; refused: GraphQLError | undefined }>();

function check(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
  bounds: VariableBounds,
): GraphQLError | undefined {
  const plan = planOf(schema, document, operation);
  let undeclared = 0;
  for (const name in variables) {
    if (!plan.declared.has(name) && ++undeclared > bounds.maxUndeclaredVariables) {
      return refusal([], `more than ${bounds.maxUndeclaredVariables} variables the operation does not declare`);
    }
  }
  if (plan.checks.length === 0) {
    return undefined;
  }
  const walker = new Walker(schema, bounds, operation.operation === 'mutation');
  for (const { name, type, usage } of plan.checks) {
    if (!Object.hasOwn(variables, name)) {
      continue;
    }
    const problem = walker.walk(variables[name], type, undefined, usage.limit, 0);
    if (problem !== undefined) {
      return refusal([...usage.path, ...keysOf(problem.path)], problem.message);
    }
  }
  return undefined;
}

/** What the check needs of one operation, which its every request shares: its declared variables, and the type and usage of each it checks. */
interface VariablePlan {
  declared: ReadonlySet<string>;
  checks: ReadonlyArray<{ name: string; type: GraphQLInputType; usage: Usage }>;
}

/** Plans by operation (Apollo Server hands the same document to every request of one query text). */
const plansByOperation = new WeakMap<OperationDefinitionNode, VariablePlan>();

function planOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): VariablePlan {
  let plan = plansByOperation.get(operation);
  if (plan === undefined) {
    const definitions = operation.variableDefinitions ?? [];
    const usages = definitions.length === 0 ? new Map<string, Usage>() : usagesOf(schema, document, operation);
    const checks: Array<{ name: string; type: GraphQLInputType; usage: Usage }> = [];
    for (const definition of definitions) {
      const name = definition.variable.name.value;
      const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
      const usage = usages.get(name);
      if (type !== undefined && usage !== undefined) {
        checks.push({ name, type, usage });
      }
    }
    plan = { declared: new Set(definitions.map((definition) => definition.variable.name.value)), checks };
    plansByOperation.set(operation, plan);
  }
  return plan;
}

/**
 * {@link checkVariables} as a step of a request's `didResolveOperation`: throws its refusal. Apollo
 * Server calls every plugin's hook of that stage together, so it is the first line of the hook that
 * reads variables (the cost plugin's), not a plugin of its own that the others would not wait for.
 */
export function assertVariablesBounded(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): void {
  const refused = checkVariables(schema, document, operation, variables);
  if (refused !== undefined) {
    throw refused;
  }
}

class Walker {
  private values = 0;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly bounds: VariableBounds,
    private readonly mutation: boolean,
  ) {}

  walk(value: unknown, type: GraphQLInputType, path: Path | undefined, limit: ListLimit | undefined, depth: number): Problem | undefined {
    if (value === null || value === undefined) {
      return undefined;
    }
    if (++this.values > this.bounds.maxValues) {
      return { path, message: `more than ${this.bounds.maxValues} values in the variables of one request` };
    }
    if (depth > this.bounds.maxDepth) {
      return { path, message: `nested more than ${this.bounds.maxDepth} levels deep` };
    }
    const nullable = isNonNullType(type) ? type.ofType : type;
    if (isListType(nullable)) {
      return this.list(value, nullable.ofType, path, limit, depth);
    }
    if (isInputObjectType(nullable)) {
      if (Array.isArray(value) || (typeof value === 'string' && value.length > this.bounds.maxScalarChars)) {
        return { path, message: `expected one ${nullable.name} object` };
      }
      if (typeof value !== 'object') {
        // Coercion refuses it with a short message of its own.
        return undefined;
      }
      const fields = nullable.getFields();
      const object = value as Record<string, unknown>;
      for (const key in object) {
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        if (field === undefined) {
          return { path, message: `a field ${nullable.name} does not define` };
        }
        const problem = this.walk(object[key], field.type, { parent: path, key }, listLimits(this.schema).of(field), depth + 1);
        if (problem !== undefined) {
          return problem;
        }
      }
      return undefined;
    }
    if (typeof value === 'object') {
      const takesObjects = !isEnumType(nullable) && !isSpecifiedScalarType(nullable);
      return takesObjects ? this.json(value, path, depth) : { path, message: `expected a ${nullable.name} value, not a list or an object` };
    }
    if (typeof value === 'string' && value.length > this.bounds.maxScalarChars && nullable.name !== 'String' && nullable.name !== 'ID') {
      return { path, message: `a ${nullable.name} value longer than ${this.bounds.maxScalarChars} characters` };
    }
    return undefined;
  }

  private list(value: unknown, itemType: GraphQLInputType, path: Path | undefined, limit: ListLimit | undefined, depth: number): Problem | undefined {
    if (!Array.isArray(value)) {
      // graphql-js takes a single value for a list of one.
      return this.walk(value, itemType, path, undefined, depth + 1);
    }
    const max = limit === undefined ? this.bounds.maxListItems : this.mutation ? limit.maxItems * this.bounds.mutationListSlack : limit.maxItems;
    if (value.length > max) {
      return { path, message: limit !== undefined && !this.mutation ? limit.message : `a list of more than ${max} items` };
    }
    for (let index = 0; index < value.length; index += 1) {
      const problem = this.walk(value[index], itemType, { parent: path, key: String(index) }, undefined, depth + 1);
      if (problem !== undefined) {
        return problem;
      }
    }
    return undefined;
  }

  /** A value of a scalar that takes JSON (a router's representations): only its size is bounded here. */
  private json(value: object, path: Path | undefined, depth: number): Problem | undefined {
    if (depth > this.bounds.maxDepth) {
      return { path, message: `nested more than ${this.bounds.maxDepth} levels deep` };
    }
    const items = Array.isArray(value) ? value : undefined;
    if (items !== undefined && items.length > this.bounds.maxListItems) {
      return { path, message: `a list of more than ${this.bounds.maxListItems} items` };
    }
    let keys = 0;
    for (const key in value) {
      if (++keys > this.bounds.maxObjectKeys && items === undefined) {
        return { path, message: `an object of more than ${this.bounds.maxObjectKeys} keys` };
      }
      if (++this.values > this.bounds.maxValues) {
        return { path, message: `more than ${this.bounds.maxValues} values in the variables of one request` };
      }
      const inner = (value as Record<string, unknown>)[key];
      if (typeof inner === 'object' && inner !== null) {
        // Keys of an object are client text: the path names list positions only.
        const problem = this.json(inner, items === undefined ? path : { parent: path, key }, depth + 1);
        if (problem !== undefined) {
          return problem;
        }
      }
    }
    return undefined;
  }
}

interface Problem {
  path: Path | undefined;
  message: string;
}

function keysOf(path: Path | undefined): string[] {
  const keys: string[] = [];
  for (let at = path; at !== undefined; at = at.parent) {
    keys.push(at.key);
  }
  return keys.reverse();
}

/** The one error of a refusal: `BAD_USER_INPUT` with one `userErrors` item, as the graph refuses a query's arguments (HTTP 400: nothing ran). */
function refusal(field: readonly string[], message: string): GraphQLError {
  return new GraphQLError(`Invalid input: ${message}`, {
    extensions: {
      code: 'BAD_USER_INPUT' satisfies GraphErrorCode,
      userErrors: [{ code: 'INVALID_INPUT', field: field.length === 0 ? null : field, message, upstreamCode: null }],
      http: { status: 400 },
    },
  });
}

/**
 * Each variable's first argument path and the strictest declared list limit of the positions it
 * fills directly (an argument or an input field; an item of a list literal has none). Worked out once
 * per operation: Apollo Server hands every request of a query text the same parsed document.
 */
function usagesOf(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): Map<string, Usage> {
  let usages = usagesByOperation.get(operation);
  if (usages !== undefined) {
    return usages;
  }
  const found = new Map<string, Usage>();
  const limits = listLimits(schema);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  const typeInfo = new TypeInfo(schema);
  const path: string[] = [];
  const spread = new Set<string>();
  const visitor = visitWithTypeInfo(typeInfo, {
    VariableDefinition: () => false,
    Argument: { enter: (node) => void path.push(node.name.value), leave: () => void path.pop() },
    ObjectField: { enter: (node) => void path.push(node.name.value), leave: () => void path.pop() },
    FragmentSpread: (node) => void spread.add(node.name.value),
    Variable(node, _key, parent) {
      let element: GraphQLArgument | GraphQLInputField | undefined;
      if (isNode(parent) && parent.kind === Kind.ARGUMENT) {
        element = typeInfo.getArgument() ?? undefined;
      } else if (isNode(parent) && parent.kind === Kind.OBJECT_FIELD) {
        const object = getNamedType(typeInfo.getParentInputType());
        element = isInputObjectType(object) ? object.getFields()[parent.name.value] : undefined;
      }
      const limit = element === undefined ? undefined : limits.of(element);
      const known = found.get(node.name.value);
      if (known === undefined) {
        found.set(node.name.value, { path: [...path], limit });
      } else if (limit !== undefined && (known.limit === undefined || limit.maxItems < known.limit.maxItems)) {
        found.set(node.name.value, { path: known.path, limit });
      }
    },
  });
  visit(operation, visitor);
  // Each fragment once, however often it is spread.
  const visited = new Set<string>();
  for (let next = [...spread]; next.length > 0; next = [...spread].filter((name) => !visited.has(name))) {
    for (const name of next) {
      visited.add(name);
      const fragment = fragments.get(name);
      if (fragment !== undefined) {
        visit(fragment, visitor);
      }
    }
  }
  usages = found;
  usagesByOperation.set(operation, usages);
  return usages;
}

function isNode(value: unknown): value is ASTNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value;
}
