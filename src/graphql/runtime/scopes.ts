import {
  type ConstDirectiveNode,
  defaultFieldResolver,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  isObjectType,
  Kind,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
  valueFromASTUntyped,
  visit,
} from 'graphql';
import { type GraphContext } from './context.js';
import { insufficientScope } from './errors.js';
import { type Scope } from './ownership.js';

/**
 * Fields that need a scope besides an authenticated caller: the personal-data look-ups (the
 * partner's person record, registration record and bureau report), and the access record's answers. Declared in the subgraph SDL as
 * `@requiresScopes` by {@link declareAccessRules}, so a router enforces the same rule, and enforced
 * here from that very SDL by {@link enforceAccessRules}.
 */
export const FIELD_SCOPES: Readonly<Record<string, Scope>> = {
  'Query.person': 'registry.read',
  'Query.registrationRecord': 'registry.read',
  'Query.bureauReport': 'registry.read',
  'Person.details': 'registry.read',
  'Person.raw': 'registry.read',
  'Person.fetchedAt': 'registry.read',
  'Query.personAccessRecords': 'audit.read',
  'Query.callerAccessRecords': 'audit.read',
  'Query.proposalAccessRecords': 'audit.read',
  'Query.personAccessRecordExport': 'audit.read',
};

/** The federation fields `@apollo/subgraph` adds (the router's: the SDL and entity resolution) and the scope they need. */
export const FEDERATION_FIELDS: Readonly<Record<string, Scope>> = {
  _service: 'federation',
  _entities: 'federation',
};

/** Root types whose every field is `@authenticated` (or `@requiresScopes`, which implies it). */
const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

const name = (value: string): { kind: Kind.NAME; value: string } => ({ kind: Kind.NAME, value });

function requiresScopesDirective(scope: Scope): ConstDirectiveNode {
  return {
    kind: Kind.DIRECTIVE,
    name: name('requiresScopes'),
    arguments: [
      {
        kind: Kind.ARGUMENT,
        name: name('scopes'),
        value: { kind: Kind.LIST, values: [{ kind: Kind.LIST, values: [{ kind: Kind.STRING, value: scope }] }] },
      },
    ],
  };
}

const AUTHENTICATED: ConstDirectiveNode = { kind: Kind.DIRECTIVE, name: name('authenticated') };

/**
 * Adds the access rules to the subgraph's type definitions: `@requiresScopes(scopes: [[scope]])` on
 * every field of {@link FIELD_SCOPES}, `@authenticated` on every other root field. Throws when a field
 * of {@link FIELD_SCOPES} is not in the document, so a renamed field cannot lose its rule silently.
 */
export function declareAccessRules(document: DocumentNode): DocumentNode {
  const declared = new Set<string>();
  const withRules = <T extends ObjectTypeDefinitionNode | ObjectTypeExtensionNode>(type: T): T => ({
    ...type,
    fields: type.fields?.map((field): FieldDefinitionNode => {
      const coordinate = `${type.name.value}.${field.name.value}`;
      const scope = FIELD_SCOPES[coordinate];
      if (scope !== undefined) {
        declared.add(coordinate);
        return { ...field, directives: [...(field.directives ?? []), requiresScopesDirective(scope)] };
      }
      return ROOT_TYPES.has(type.name.value) ? { ...field, directives: [...(field.directives ?? []), AUTHENTICATED] } : field;
    }),
  });
  const result = visit(document, {
    ObjectTypeDefinition: withRules,
    ObjectTypeExtension: withRules,
  });
  const missing = Object.keys(FIELD_SCOPES).filter((coordinate) => !declared.has(coordinate));
  if (missing.length > 0) {
    throw new Error(`access rules name fields the schema does not have: ${missing.join(', ')}`);
  }
  return result;
}

/** The scope sets a field's `@requiresScopes` accepts (any one set, every scope of it), or undefined. */
function requiredScopes(directives: readonly ConstDirectiveNode[] | undefined): string[][] | undefined {
  const directive = directives?.find((d) => d.name.value === 'requiresScopes');
  const argument = directive?.arguments?.find((a) => a.name.value === 'scopes');
  if (argument === undefined) {
    return undefined;
  }
  return valueFromASTUntyped(argument.value) as string[][];
}

function guarded<TSource>(
  resolve: GraphQLFieldResolver<TSource, GraphContext>,
  alternatives: readonly (readonly string[])[],
): GraphQLFieldResolver<TSource, GraphContext> {
  return (source, args, ctx, info) => {
    if (!alternatives.some((all) => all.every((scope) => ctx.scopes.has(scope)))) {
      // Decided before the resolver runs: no loader is touched, no partner call is made.
      throw insufficientScope(alternatives.map((all) => all.join(' ')).join(' or '));
    }
    return resolve(source, args, ctx, info);
  };
}

/**
 * Enforces in the subgraph what its SDL declares: every field whose definition carries
 * `@requiresScopes` answers INSUFFICIENT_SCOPE (and no data) to a caller without one of its scope
 * sets, and `Query._service` and `Query._entities` ({@link FEDERATION_FIELDS}) need the `federation`
 * scope. Changes the schema's resolvers in place and returns it.
 */
export function enforceAccessRules(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) {
      continue;
    }
    for (const field of Object.values(type.getFields())) {
      const federation = type === schema.getQueryType() ? FEDERATION_FIELDS[field.name] : undefined;
      const alternatives = federation === undefined ? requiredScopes(field.astNode?.directives) : [[federation]];
      if (alternatives !== undefined) {
        field.resolve = guarded(field.resolve ?? defaultFieldResolver, alternatives);
      }
    }
  }
  return schema;
}
