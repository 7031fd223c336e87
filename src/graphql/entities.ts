import { isUUID } from 'class-validator';
import { type GraphQLError, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { userError, UserErrorCode, type UserError } from './common/user-error.type.js';
import { type GraphContext } from './runtime/context.js';
import { badUserInput } from './runtime/errors.js';

/** One `_entities` representation as the router sends it. */
type Representation = Record<string, unknown> & { __typename?: unknown };

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
      // Unknown types are @apollo/subgraph's to refuse.
      return [];
  }
}

/**
 * Validates `_entities` representations before they are resolved: a malformed key (wrong type, bad
 * format, a tampered or foreign person id) answers a `BAD_USER_INPUT` error at that representation's
 * position, carrying `extensions.userErrors` like a root argument would, and costs no partner call;
 * the well-formed representations of the same request resolve as usual.
 */
export function validateEntityRepresentations(schema: GraphQLSchema): GraphQLSchema {
  const field = schema.getQueryType()?.getFields()._entities;
  const resolve = field?.resolve as GraphQLFieldResolver<unknown, GraphContext, { representations: Representation[] }> | undefined;
  if (field === undefined || resolve === undefined) {
    throw new Error('the subgraph schema has no Query._entities resolver to validate');
  }
  field.resolve = async (root, args: { representations: Representation[] }, ctx: GraphContext, info) => {
    const refused = new Map<number, GraphQLError>();
    const valid: Representation[] = [];
    for (const [index, representation] of args.representations.entries()) {
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
