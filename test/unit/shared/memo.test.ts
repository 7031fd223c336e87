import { boundedMemo } from '../../../src/shared/memo.js';

describe('boundedMemo', () => {
  it('computes a key once while it is remembered, and starts over when full', () => {
    const computed: number[] = [];
    const square = boundedMemo(3, (n: number) => {
      computed.push(n);
      return n * n;
    });
    expect([square(2), square(3), square(2), square(4), square(3)]).toEqual([4, 9, 4, 16, 9]);
    expect(computed).toEqual([2, 3, 4]);
    // Full (3 keys): the fourth distinct key starts the memo over, so 2 is computed again.
    expect(square(5)).toBe(25);
    expect(square(2)).toBe(4);
    expect(computed).toEqual([2, 3, 4, 5, 2]);
  });

  it('does not remember an undefined answer', () => {
    let calls = 0;
    const nothing = boundedMemo(10, (_key: string): string | undefined => {
      calls += 1;
      return undefined;
    });
    nothing('a');
    nothing('a');
    expect(calls).toBe(2);
  });
});
