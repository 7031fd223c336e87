/**
 * Calendar helpers for the finance rules. Dates are calendar days at UTC midnight; any time of day
 * in an input is dropped.
 */

const DAY_MS = 86_400_000;

/** The calendar day of `d` (UTC) at midnight. */
export function startOfDayUtc(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** `d` plus `days` calendar days (negative allowed). */
export function addDays(d: Date, days: number): Date {
  return new Date(startOfDayUtc(d).getTime() + days * DAY_MS);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfDayUtc(to).getTime() - startOfDayUtc(from).getTime()) / DAY_MS);
}

/**
 * The day `dayOfMonth` of the month `months` after the month of `d`, clamped to that month's last
 * day (31 January plus one month is 28 or 29 February).
 */
export function addMonthsClamped(d: Date, months: number, dayOfMonth = d.getUTCDate()): Date {
  const firstOfTarget = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth(), Math.min(dayOfMonth, lastDay)));
}

/**
 * The published first-due-date rule: the same day of the next month, clamped to that month's last
 * day, then `extraDays` (nroDiasAcrescimo, may be negative) calendar days added.
 * 27/05 gives 27/06; 27/05 with 20 days gives 17/07; 31/01 gives 28/02.
 */
export function firstDueDate(baseDate: Date, extraDays: number): Date {
  return addDays(addMonthsClamped(baseDate, 1), extraDays);
}

/**
 * Due date of installment `number` (1-based): monthly from the first due date, on the first due
 * date's day of the month, clamped to short months.
 */
export function installmentDueDate(first: Date, number: number): Date {
  return addMonthsClamped(first, number - 1);
}
