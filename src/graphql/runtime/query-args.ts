import { getNamedType, type GraphQLResolveInfo } from 'graphql';
import { type UserError } from '../common/user-error.type.js';
import { validateInput } from '../common/validation.js';
import { badUserInput } from './errors.js';

/**
 * Validates the arguments of a query (or of a field with arguments) with their class-validator rules
 * and refuses bad ones with ONE `BAD_USER_INPUT` error whose `extensions.userErrors` are the items a
 * mutation would return (`{code, field, message, upstreamCode}`), never class-validator's own
 * shape. Mutations validate their input themselves and answer `userErrors` (`validatedWrite`), so
 * this skips them. Installed as type-graphql's `validateFn`.
 */
export async function validateQueryArgs(argValue: unknown, argType: unknown, info: GraphQLResolveInfo): Promise<void> {
  if (info.parentType.name === 'Mutation' || argValue === null || typeof argValue !== 'object' || typeof argType !== 'function') {
    return;
  }
  // An @Arg's value sits under its argument name; an @Args class spreads its fields as arguments.
  const argument = info.parentType.getFields()[info.fieldName]?.args.find((a) => getNamedType(a.type).name === (argType as { name: string }).name);
  const path = argument ? [argument.name] : [];
  const items = Array.isArray(argValue) ? argValue : [argValue];
  const userErrors: UserError[] = [];
  for (const [index, item] of items.entries()) {
    if (item !== null && typeof item === 'object') {
      userErrors.push(...(await validateInput(item as object, Array.isArray(argValue) ? [...path, String(index)] : path, { skipMissingProperties: true })));
    }
  }
  if (userErrors.length > 0) {
    throw badUserInput(userErrors);
  }
}
