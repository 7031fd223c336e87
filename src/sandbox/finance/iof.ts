import { Decimal } from 'decimal.js';
import { roundCents } from '../../shared/money.js';
import { type IofRates } from '../config/iof.js';
import { type ScheduleInstallment } from '../model/types.js';
import { daysBetween } from './dates.js';

/**
 * IOF of a credit operation, rounded to the cent: the daily rate on each installment's amortized
 * amount times its days from `baseDate` to its due date (capped at `rates.maxDays`), plus the flat
 * additional rate on the principal.
 */
export function iofFor(principal: number, schedule: readonly ScheduleInstallment[], baseDate: Date, rates: IofRates): number {
  const daily = new Decimal(rates.daily);
  let total = new Decimal(principal).times(rates.additional);
  for (const item of schedule) {
    const days = Math.min(Math.max(daysBetween(baseDate, item.dueDate), 0), rates.maxDays);
    total = total.plus(daily.times(item.amortization).times(days));
  }
  return roundCents(total);
}
