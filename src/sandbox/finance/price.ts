import { Decimal } from 'decimal.js';
import { roundCents } from '../../shared/money.js';
import { type ScheduleInstallment } from '../model/types.js';
import { installmentDueDate } from './dates.js';

/** Length of the conventional period, in days: every regular period counts as 30 days. */
export const PERIOD_DAYS = 30;

/**
 * The constant Price-table installment, unrounded: `pv * i / (1 - (1 + i)^-n)` (`pv / n` at zero
 * interest). `monthlyRate` is a fraction (0.02 = 2 %). 10,000.00 at 2 % over 12 gives 945.5960.
 */
export function priceInstallment(pv: Decimal.Value, monthlyRate: Decimal.Value, n: number): Decimal {
  const p = new Decimal(pv);
  const i = new Decimal(monthlyRate);
  if (i.isZero()) {
    return p.div(n);
  }
  return p.times(i).div(new Decimal(1).minus(i.plus(1).pow(-n)));
}

export interface PriceScheduleInput {
  principal: number;
  /** Monthly rate as a fraction. */
  monthlyRate: Decimal.Value;
  installments: number;
  firstDueDate: Date;
  /**
   * Days of the first period on the 30-day convention: 30 plus nroDiasAcrescimo. A first period
   * longer (shorter) than 30 days accrues interest compounded over its extra (missing) days, and the
   * constant installment is computed on the principal carried to one period before the first due date.
   */
  firstPeriodDays: number;
}

/**
 * A Price-table schedule rounded to the cent: every installment but the last is the constant
 * installment rounded half-up; each period's interest is rounded; the last installment absorbs the
 * rounding so the principal is fully amortized (its amortization is the remaining balance).
 */
export function priceSchedule(input: PriceScheduleInput): { installmentAmount: number; schedule: ScheduleInstallment[] } {
  const { principal, installments: n, firstDueDate } = input;
  const i = new Decimal(input.monthlyRate);
  const firstFactor = i.plus(1).pow(new Decimal(input.firstPeriodDays).div(PERIOD_DAYS));
  const carried = new Decimal(principal).times(firstFactor).div(i.plus(1));
  const installmentAmount = roundCents(priceInstallment(carried, i, n));

  const schedule: ScheduleInstallment[] = [];
  let balance = new Decimal(principal);
  for (let k = 1; k <= n; k++) {
    const rate = k === 1 ? firstFactor.minus(1) : i;
    const interest = new Decimal(roundCents(balance.times(rate)));
    let amount: Decimal;
    let amortization: Decimal;
    if (k === n) {
      amortization = balance;
      amount = balance.plus(interest);
    } else {
      amount = new Decimal(installmentAmount);
      amortization = amount.minus(interest);
    }
    balance = balance.minus(amortization);
    schedule.push({
      number: k,
      dueDate: installmentDueDate(firstDueDate, k),
      amount: roundCents(amount),
      interest: interest.toNumber(),
      amortization: roundCents(amortization),
      balanceAfter: roundCents(balance),
    });
  }
  return { installmentAmount, schedule };
}
