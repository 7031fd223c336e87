import { type ScheduleInstallment } from '../model/types.js';
import { daysBetween } from './dates.js';
import { PERIOD_DAYS } from './price.js';

/**
 * The monthly internal rate of return (a fraction) of `netReleased` paid out on `baseDate` against
 * the installments on their actual due dates, compounded daily on a 30-day month:
 * `netReleased = sum(amount_k / (1 + m)^(days_k / 30))`. Solved by bisection to 1e-12.
 */
export function monthlyIrr(netReleased: number, schedule: readonly ScheduleInstallment[], baseDate: Date): number {
  const flows = schedule.map((s) => ({ amount: s.amount, periods: daysBetween(baseDate, s.dueDate) / PERIOD_DAYS }));
  const presentValue = (m: number): number => flows.reduce((acc, f) => acc + f.amount / Math.pow(1 + m, f.periods), 0);
  // presentValue decreases in m (all flows lie after the base date).
  let low = -0.99;
  let high = 1;
  while (presentValue(high) > netReleased && high < 1e6) {
    high *= 2;
  }
  for (let iteration = 0; iteration < 200 && high - low > 1e-12; iteration++) {
    const mid = (low + high) / 2;
    if (presentValue(mid) > netReleased) {
      low = mid;
    } else {
      high = mid;
    }
  }
  return (low + high) / 2;
}
