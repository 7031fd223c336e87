import { isUUID } from 'class-validator';
import { GraphQLError, type GraphQLFieldResolver, type GraphQLSchema, isUnionType } from 'graphql';
import { type GraphErrorCode } from '../shared/error-codes.js';
import { userError, UserErrorCode, type UserError } from './common/user-error.type.js';
import { type GraphContext } from './runtime/context.js';
import { badUserInput } from './runtime/errors.js';

/** One `_entities` representation as the router sends it. */
type Representation = Record<string, unknown> & { __typename?: unknown };

/**
 * The error of a representation whose `__typename` is not an entity of this subgraph (a router
 * sending another subgraph's type here, or a hand-written request): that item alone, at
 * `_entities.N`; @apollo/subgraph would throw a plain Error for the whole batch (masked as
 * INTERNAL_SERVER_ERROR) and every other representation would be lost with it.
 */
export function unknownEntityType(typename: unknown, entityTypes: ReadonlySet<string>): GraphQLError {
  const known = [...entityTypes].sort().join(', ');
  return new GraphQLError(
    typeof typename === 'string' && typename !== ''
      ? `This subgraph resolves no entity of type "${typename.slice(0, 100)}"; its entities are ${known}.`
      : `A representation needs a __typename; this subgraph's entities are ${known}.`,
    { extensions: { code: 'UNKNOWN_ENTITY_TYPE' satisfies GraphErrorCode, entityTypes: [...entityTypes].sort() } },
  );
}

/**
 * What is wrong with a representation's key, as user errors (empty when it is well formed). Checked
 * like a root argument (Query.proposal's `id` is a UUID; a Person id must be one this graph issued),
 * before any partner call.
 */
function representationProblems(representation: Representation, index: number, ctx: GraphContext): UserError[] {
  const field = ['representations', String(index), 'id'];
  const id = representation.id;
  switch (representation.__typename) {
    case 'Proposal':
      return typeof id === 'string' && isUUID(id) ? [] : [userError(UserErrorCode.INVALID_INPUT, 'id must be a proposal id (a UUID)', field, null)];
    case 'Person':
      return typeof id === 'string' && ctx.personIds.decode(id) !== undefined
        ? []
        : [userError(UserErrorCode.INVALID_INPUT, 'id must be a person id this graph issued (Person.id), unchanged', field, null)];
    default:
      // Other entity types (none today) have no key rule of ours.
      return [];
  }
}

/**
 * Validates `_entities` representations before they are resolved: a `__typename` that is not one of
 * this subgraph's entities answers `UNKNOWN_ENTITY_TYPE`, a malformed key (wrong type, bad format, a
 * tampered or foreign person id) a `BAD_USER_INPUT` carrying `extensions.userErrors` like a root
 * argument would, each at that representation's position (`_entities.N`) and at no partner call;
 * the other representations of the same request resolve as usual.
 */
export function validateEntityRepresentations(schema: GraphQLSchema): GraphQLSchema {
  const field = schema.getQueryType()?.getFields()._entities;
  const resolve = field?.resolve as GraphQLFieldResolver<unknown, GraphContext, { representations: Representation[] }> | undefined;
  if (field === undefined || resolve === undefined) {
    throw new Error('the subgraph schema has no Query._entities resolver to validate');
  }
  const entityUnion = schema.getType('_Entity');
  const entityTypes: ReadonlySet<string> = new Set(isUnionType(entityUnion) ? entityUnion.getTypes().map((type) => type.name) : []);
  field.resolve = async (root, args: { representations: Representation[] }, ctx: GraphContext, info) => {
    const refused = new Map<number, GraphQLError>();
    const valid: Representation[] = [];
    for (const [index, representation] of args.representations.entries()) {
      const typename = (representation as Representation | null)?.__typename;
      if (typeof typename !== 'string' || !entityTypes.has(typename)) {
        refused.set(index, unknownEntityType(typename, entityTypes));
        continue;
      }
      const problems = representationProblems(representation, index, ctx);
      if (problems.length > 0) {
        refused.set(index, badUserInput(problems));
      } else {
        valid.push(representation);
      }
    }
    if (refused.size === 0) {
      return resolve(root, args, ctx, info);
    }
    const resolved = (valid.length === 0 ? [] : await resolve(root, { ...args, representations: valid }, ctx, info)) as unknown[];
    let next = 0;
    // An Error in a list item is reported at that item's path (`_entities.3`), the rest resolve.
    return args.representations.map((_representation, index) => refused.get(index) ?? resolved[next++]);
  };
  return schema;
}
