import { getMetadataStorage as validationMetadata } from 'class-validator';
import { type GraphQLArgument, type GraphQLInputField, type GraphQLSchema, isInputObjectType, isObjectType } from 'graphql';
import { getMetadataStorage as graphMetadata } from 'type-graphql';

/** The most items a list argument or input field declares (class-validator's `@ArrayMaxSize`), and the rule's own message. */
export interface ListLimit {
  maxItems: number;
  message: string;
}

/** The declared list limits of a schema's arguments and input fields, by the schema's own objects. */
export interface ListLimits {
  of(element: GraphQLArgument | GraphQLInputField): ListLimit | undefined;
}

const bySchema = new WeakMap<GraphQLSchema, ListLimits>();

/** A class, as type-graphql's and class-validator's metadata name it. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- both libraries key their metadata by `Function`
type Target = Function;

/**
 * The `@ArrayMaxSize` rules of the classes type-graphql built `schema` from, placed on the schema's
 * arguments and input fields: the limits the resolvers' validation enforces, read where they are
 * declared so that a check before coercion refuses exactly what validation would. Worked out once
 * per schema.
 */
export function listLimits(schema: GraphQLSchema): ListLimits {
  let known = bySchema.get(schema);
  if (known === undefined) {
    known = collect(schema);
    bySchema.set(schema, known);
  }
  return known;
}

function collect(schema: GraphQLSchema): ListLimits {
  const graph = graphMetadata();
  // `Type.field` of input fields and `Parent.field.argument` of arguments, as the SDL names them.
  const byName = new Map<string, ListLimit>();
  const classFields = (target: Target, prefix: string): void => {
    const fields = [...graph.inputTypes, ...graph.argumentTypes].filter((meta) => meta.target === target).flatMap((meta) => meta.fields ?? []);
    for (const field of fields) {
      const limit = arrayMaxSize(target, field.name);
      if (limit !== undefined) {
        byName.set(`${prefix}.${field.schemaName}`, limit);
      }
    }
  };
  for (const input of graph.inputTypes) {
    classFields(input.target, input.name);
  }
  const objectName = (target: Target | undefined): string | undefined =>
    target === undefined ? undefined : [...graph.objectTypes, ...graph.interfaceTypes].find((meta) => meta.target === target)?.name;
  const handlers = [
    ...graph.queries.map((handler) => ({ handler, parent: schema.getQueryType()?.name })),
    ...graph.mutations.map((handler) => ({ handler, parent: schema.getMutationType()?.name })),
    ...graph.subscriptions.map((handler) => ({ handler, parent: schema.getSubscriptionType()?.name })),
    ...graph.fieldResolvers.map((handler) => ({ handler, parent: objectName(handler.getObjectType?.() as Target | undefined) })),
  ];
  for (const { handler, parent } of handlers) {
    for (const param of handler.params ?? []) {
      if (parent !== undefined && param.kind === 'args') {
        classFields(param.getType() as Target, `${parent}.${handler.schemaName}`);
      }
    }
  }
  const limits = new WeakMap<GraphQLArgument | GraphQLInputField, ListLimit>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        const limit = byName.get(`${type.name}.${field.name}`);
        if (limit !== undefined) {
          limits.set(field, limit);
        }
      }
    } else if (isObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        for (const argument of field.args) {
          const limit = byName.get(`${type.name}.${field.name}.${argument.name}`);
          if (limit !== undefined) {
            limits.set(argument, limit);
          }
        }
      }
    }
  }
  return { of: (element) => limits.get(element) };
}

function arrayMaxSize(target: Target, property: string): ListLimit | undefined {
  const rule = validationMetadata()
    .getTargetValidationMetadatas(target, '', false, false)
    .find((metadata) => metadata.propertyName === property && metadata.name === 'arrayMaxSize');
  const maxItems = rule?.constraints[0] as unknown;
  if (rule === undefined || typeof maxItems !== 'number') {
    return undefined;
  }
  return { maxItems, message: typeof rule.message === 'string' ? rule.message : `${property} must contain no more than ${maxItems} elements` };
}
