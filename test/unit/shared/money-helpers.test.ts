import { roundTo, sumCents } from '../../../src/shared/money.js';

describe('roundTo', () => {
  it('rounds half up to the given places without float artefacts', () => {
    expect(roundTo('2.29855', 4)).toBe(2.2986);
    expect(roundTo(1.00005, 4)).toBe(1.0001);
    expect(roundTo(26.82417945, 4)).toBe(26.8242);
  });
});

describe('sumCents', () => {
  it('sums exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumCents([0.1, 0.2])).toBe(0.3);
    expect(sumCents(Array(12).fill(965.56))).toBe(11586.72);
    expect(sumCents([])).toBe(0);
  });
});
