import {
  defaultFieldResolver,
  getNullableType,
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isObjectType,
} from 'graphql';

/** What a nullable argument or input field with a default has: its type and that default. */
type Defaulted = Pick<GraphQLArgument | GraphQLInputField, 'name' | 'type' | 'defaultValue'>;

/**
 * Makes an explicit `null` for an argument (or input field) that declares a default mean that
 * default: `viewer.proposals(first: null)`, `boletos(includeCancelled: null)`. Relay and other
 * clients send `null` for "not given"; GraphQL passes it through as `null`, which the resolvers
 * (written for the default) are not made for. Only fields with such an argument are wrapped.
 */
export function defaultExplicitNulls(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) {
      continue;
    }
    for (const field of Object.values(type.getFields())) {
      if (field.args.some((arg) => hasDefaults(arg, 0))) {
        field.resolve = withDefaults(field.resolve ?? defaultFieldResolver, field.args);
      }
    }
  }
  return schema;
}

/** Deepest input nesting looked at; the graph's inputs are three levels deep. */
const MAX_DEPTH = 6;

function hasDefaults(item: Defaulted, depth: number): boolean {
  if (item.defaultValue !== undefined) {
    return true;
  }
  const type = namedInput(item.type);
  return depth < MAX_DEPTH && isInputObjectType(type) && Object.values(type.getFields()).some((field) => hasDefaults(field, depth + 1));
}

function namedInput(type: GraphQLInputType): GraphQLInputType {
  let inner = getNullableType(type);
  while (isListType(inner)) {
    inner = getNullableType(inner.ofType);
  }
  return inner;
}

function withDefaults(resolve: GraphQLFieldResolver<unknown, unknown>, args: readonly GraphQLArgument[]): GraphQLFieldResolver<unknown, unknown> {
  return (source, values: Record<string, unknown>, context, info) => resolve(source, filled(values, args, 0) as Record<string, unknown>, context, info);
}

/** `values` with every explicit null of a defaulted item replaced by its default (a copy only where something changed). */
function filled(values: Record<string, unknown>, items: readonly Defaulted[], depth: number): Record<string, unknown> {
  let out = values;
  for (const item of items) {
    const value = values[item.name];
    let next = value;
    if (value === null && item.defaultValue !== undefined) {
      next = item.defaultValue;
    } else if (value !== null && typeof value === 'object' && depth < MAX_DEPTH) {
      const type = namedInput(item.type);
      if (isInputObjectType(type)) {
        const fields = Object.values(type.getFields());
        next = Array.isArray(value)
          ? value.map((entry: unknown) => (entry !== null && typeof entry === 'object' ? filled(entry as Record<string, unknown>, fields, depth + 1) : entry))
          : filled(value as Record<string, unknown>, fields, depth + 1);
      }
    }
    if (next !== value) {
      out = out === values ? { ...values } : out;
      out[item.name] = next;
    }
  }
  return out;
}
