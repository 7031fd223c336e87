import 'reflect-metadata';
import { IsInt, IsOptional, Min } from 'class-validator';
import { hasValidationRules, validateInput } from '../../../../src/graphql/common/validation.js';

class Bare {
  page = 1;
}

class Ruled {
  @IsInt()
  @Min(1)
  page = 0;
}

class Inherited extends Ruled {
  extra = 'x';
}

class OptionalOnly {
  @IsOptional()
  page?: number;
}

describe('hasValidationRules', () => {
  it('tells a class without class-validator rules from one with them, its own or inherited', () => {
    expect(hasValidationRules(new Bare())).toBe(false);
    expect(hasValidationRules(new Ruled())).toBe(true);
    expect(hasValidationRules(new Inherited())).toBe(true);
    expect(hasValidationRules({ page: 0 })).toBe(false);
    // @IsOptional only skips other rules: alone it refuses nothing.
    expect(hasValidationRules(new OptionalOnly())).toBe(false);
  });

  it('still validates what has rules once a class without them was skipped', async () => {
    expect(await validateInput(new Bare(), ['args'])).toEqual([]);
    expect((await validateInput(new Inherited(), ['args'])).map((error) => [error.code, error.field])).toEqual([['INVALID_INPUT', ['args', 'page']]]);
  });
});
