import { monthlyIrr } from '../../../../src/sandbox/finance/index.js';
import { type ScheduleInstallment } from '../../../../src/sandbox/model/types.js';

const base = new Date('2026-01-01T00:00:00Z');

/** One payment of `amount` falling due `days` after the base date. */
function flow(amount: number, days: number): ScheduleInstallment {
  return { number: 1, dueDate: new Date(base.getTime() + days * 86_400_000), amount, interest: 0, amortization: amount, balanceAfter: 0 };
}

describe('monthlyIrr', () => {
  // Single flows have a closed form, (amount / released)^(30 / days) - 1, so the bisection's
  // precision (1e-12) can be checked to 11 decimals.
  it.each<[string, number, ScheduleInstallment[], number]>([
    ['10 % over one 30-day month', 1000, [flow(1100, 30)], 0.1],
    ['10 % a month compounded over 60 days', 1000, [flow(1210, 60)], 0.1],
    ['10 % a month over 15 days (half a period)', 1000, [flow(1000 * Math.sqrt(1.1), 15)], 0.1],
    ['a negative rate (less paid back than released)', 1000, [flow(900, 30)], -0.1],
    ['200 % a month, beyond the first search bound of 100 %', 1000, [flow(3000, 30)], 2],
    ['exactly 100 % a month, on the first search bound', 1000, [flow(2000, 30)], 1],
    ['zero when nothing is charged', 1000, [flow(500, 30), flow(500, 60)], 0],
  ])('finds %s to 11 decimals', (_name, released, flows, rate) => {
    expect(monthlyIrr(released, flows, base)).toBeCloseTo(rate, 11);
  });

  it('solves several flows: 1000 against 600 at 30 days and 600 at 60 days', () => {
    // 1000 = 600/(1+m) + 600/(1+m)^2  =>  (1+m) = (600 + sqrt(600^2 + 4*1000*600)) / 2000
    const expected = (600 + Math.sqrt(600 ** 2 + 4 * 1000 * 600)) / 2000 - 1;
    expect(monthlyIrr(1000, [flow(600, 30), flow(600, 60)], base)).toBeCloseTo(expected, 11);
  });

  it('ends after its 200 halvings where 1e-12 is finer than a double can tell apart', () => {
    // Above ~8192 two neighbouring doubles are more than 1e-12 apart: the bracket stops shrinking
    // (its midpoint rounds onto one end) and only the iteration bound ends the search.
    expect(monthlyIrr(1, [flow(12346.678, 30)], base)).toBeCloseTo(12345.678, 6);
  });

  it('stops widening its search at about a million a month instead of looping on an absurd schedule', () => {
    // The true rate is 1e9 - 1 a month; the search stops at the first bound past 1e6 (2^20).
    expect(monthlyIrr(1, [flow(1e9, 30)], base)).toBeCloseTo(2 ** 20, 3);
  });
});
