import { Decimal } from 'decimal.js';
import { hasInvalidValue, invalidValue, invalidValuesIn } from '../../../../src/graphql/common/invalid-value.js';

describe('hasInvalidValue', () => {
  const bad = invalidValue('invalidDecimal', 'a decimal such as 10.50');

  it('finds an invalid value wherever invalidValuesIn finds one, and nothing where it finds none', () => {
    const deep = (levels: number): unknown => (levels === 0 ? bad : { inner: deep(levels - 1) });
    const values: unknown[] = [
      null,
      undefined,
      'text',
      12,
      true,
      new Date(0),
      new Decimal('1.5'),
      ['a', 'b'],
      { id: 'x', amounts: [1, 2] },
      bad,
      [1, bad],
      { input: { items: [{ amount: bad }] } },
      Object.create({ inherited: bad }) as object,
      deep(3),
      deep(8),
      deep(9),
    ];
    expect(values.map((value) => hasInvalidValue(value))).toEqual(values.map((value) => invalidValuesIn(value, []).length > 0));
    expect(values.map((value) => hasInvalidValue(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});
