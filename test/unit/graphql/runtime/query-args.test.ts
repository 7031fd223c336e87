import 'reflect-metadata';
import { IsOptional, IsUUID, Min, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { type GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { validateQueryArgs } from '../../../../src/graphql/runtime/query-args.js';

class LookupArgs {
  @IsUUID()
  id: string;

  @IsOptional()
  @Min(1)
  number?: number | null;
}

class ListArgs {
  @IsOptional()
  @Min(1, { each: true })
  numbers?: number[] | null;
}

class OptionalOnlyArgs {
  @IsOptional()
  numbers?: number[] | null;
}

let checks = 0;

@ValidatorConstraint({ name: 'countedCheck' })
class CountedCheck implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    checks += 1;
    return value === 'ok';
  }
}

class CustomArgs {
  @Validate(CountedCheck)
  code: string;
}

/** The info of a query field whose arguments are spread from an @Args class. */
const info = { parentType: { name: 'Query', getFields: () => ({}) }, fieldName: 'proposal' } as unknown as GraphQLResolveInfo;

function args<T extends object>(type: new () => T, values: Partial<T>): T {
  return Object.assign(new type(), values);
}

async function refusal(pending: Promise<void> | undefined): Promise<GraphQLError> {
  try {
    await pending;
  } catch (error) {
    return error as GraphQLError;
  }
  throw new Error('the arguments were accepted');
}

const ID = '7b1e3c52-55a4-4b8f-9a57-0d7c1f0e2a11';

describe('validateQueryArgs', () => {
  it('validates arguments once per class and values, then accepts the same values without a pass', async () => {
    const first = validateQueryArgs(args(LookupArgs, { id: ID }), LookupArgs, info);
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toBeUndefined();
    expect(validateQueryArgs(args(LookupArgs, { id: ID }), LookupArgs, info)).toBeUndefined();
    // Other values (a number given, or given as null rather than left out) are validated afresh.
    await expect(validateQueryArgs(args(LookupArgs, { id: ID, number: 2 }), LookupArgs, info)).resolves.toBeUndefined();
    expect(validateQueryArgs(args(LookupArgs, { id: ID, number: null }), LookupArgs, info)).toBeInstanceOf(Promise);
  });

  it('refuses invalid values every time, also after valid values of the same class', async () => {
    await validateQueryArgs(args(LookupArgs, { id: ID }), LookupArgs, info);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await refusal(validateQueryArgs(args(LookupArgs, { id: 'not-a-uuid' }), LookupArgs, info));
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', userErrors: [{ code: 'INVALID_INPUT', field: ['id'] }] });
    }
    const zero = await refusal(validateQueryArgs(args(LookupArgs, { id: ID, number: 0 }), LookupArgs, info));
    expect(zero.extensions).toMatchObject({ code: 'BAD_USER_INPUT', userErrors: [{ field: ['number'] }] });
  });

  it('tells lists of values apart', async () => {
    await expect(validateQueryArgs(args(ListArgs, { numbers: [1, 2] }), ListArgs, info)).resolves.toBeUndefined();
    expect(validateQueryArgs(args(ListArgs, { numbers: [1, 2] }), ListArgs, info)).toBeUndefined();
    const error = await refusal(validateQueryArgs(args(ListArgs, { numbers: [1, 0] }), ListArgs, info));
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('checks nothing for a class whose only rule is @IsOptional', () => {
    expect(validateQueryArgs(args(OptionalOnlyArgs, { numbers: [0] }), OptionalOnlyArgs, info)).toBeUndefined();
  });

  it('runs rules other than the built-in checks of values every time', async () => {
    checks = 0;
    await expect(validateQueryArgs(args(CustomArgs, { code: 'ok' }), CustomArgs, info)).resolves.toBeUndefined();
    await expect(validateQueryArgs(args(CustomArgs, { code: 'ok' }), CustomArgs, info)).resolves.toBeUndefined();
    expect(checks).toBe(2);
  });
});
