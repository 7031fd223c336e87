import { Decimal } from 'decimal.js';
import { roundCents, roundTo, sumCents } from '../../shared/money.js';
import { IOF_RATES } from '../config/iof.js';
import { type ProposalValues } from '../model/types.js';
import { monthlyIrr } from './cet.js';
import { addMonthsClamped, daysBetween, firstDueDate, startOfDayUtc } from './dates.js';
import { iofFor } from './iof.js';
import { PERIOD_DAYS, priceSchedule } from './price.js';

export { firstDueDate, installmentDueDate, addDays, addMonthsClamped, daysBetween, startOfDayUtc } from './dates.js';
export { priceInstallment, priceSchedule } from './price.js';
export { iofFor } from './iof.js';
export { monthlyIrr } from './cet.js';

/** Decimal places of every percentage the sandbox answers (percJuros*, percCET*). */
export const PERCENT_DECIMALS = 4;

/** formatoCalculo codes (sandbox-defined; the upstream does not publish its table). */
export const CalculationFormat = {
  /** Price table; IOF financed into the principal (the client receives vlrSolicitado). */
  PriceIofFinanced: 1,
  /** Price table; IOF deducted from the amount released (the client receives vlrSolicitado - IOF). */
  PriceIofDeducted: 2,
} as const;

/** The valid formatoCalculo codes and what each means. */
export const CALCULATION_FORMATS: ReadonlyMap<number, string> = new Map([
  [CalculationFormat.PriceIofFinanced, 'Price table, IOF financed into the principal'],
  [CalculationFormat.PriceIofDeducted, 'Price table, IOF deducted from the amount released'],
]);

/** Inputs of a proposal's values (the route translates the upstream's fields). */
export interface ProposalTerms {
  /** vlrSolicitado: the net amount the client asks for. */
  requestedAmount: number;
  /** percJurosNegociado: percent a month (2.5 = 2.5 %). */
  monthlyInterestPct: number;
  /** prazo: number of monthly installments. */
  installments: number;
  /** tipoPessoa: 1 individual, 2 legal entity (IOF rates differ by configuration). */
  personType: 1 | 2;
  /** formatoCalculo: one of CALCULATION_FORMATS. */
  calculationFormat: number;
  /** Simulation / inclusion date (sandbox clock). */
  baseDate: Date;
  /** nroDiasAcrescimo (may be negative). */
  extraDays: number;
  /** dtPrimeiroVencto when given; otherwise the published rule from baseDate and extraDays. */
  firstDueDate?: Date;
  tac?: number;
  insurance?: number;
  otherExpenses?: number;
  otherServices?: number;
}

/** Annual percentage from a monthly percentage, compounded: ((1 + m/100)^12 - 1) * 100, to 4 decimals. */
export function annualFromMonthlyPct(monthlyPct: number): number {
  return roundTo(new Decimal(monthlyPct).div(100).plus(1).pow(12).minus(1).times(100), PERCENT_DECIMALS);
}

function nonNegativeAmount(value: number | undefined, name: string): number {
  const v = value ?? 0;
  if (!Number.isFinite(v) || v < 0) {
    throw new RangeError(`${name} must be a non-negative amount`);
  }
  return roundCents(v);
}

/**
 * Computes a proposal's values: a Price-table schedule with 30-day periods, IOF (rates from
 * `config/iof.ts`) financed or deducted according to `calculationFormat`, TAC, insurance and other
 * costs financed, CET as the monthly IRR of the amount released against the installments on their
 * due dates, and annual rates compounded from the monthly ones.
 *
 * Amounts are rounded to the cent and consistent: `totalDebt` is the exact sum of the schedule,
 * the amortizations sum to `financedAmount`, `iof` is the IOF computed on the returned schedule,
 * and each annual percentage is the displayed monthly percentage compounded over 12 months.
 * Percentages carry 4 decimals.
 *
 * @throws RangeError on an unknown calculation format, a non-positive amount or term, a negative
 * rate or cost, a first due date not after the base date, or IOF deducted beyond the amount released.
 */
export function computeProposalValues(terms: ProposalTerms): ProposalValues {
  if (!CALCULATION_FORMATS.has(terms.calculationFormat)) {
    throw new RangeError(`unknown calculation format ${terms.calculationFormat}`);
  }
  if (!Number.isFinite(terms.requestedAmount) || terms.requestedAmount <= 0) {
    throw new RangeError('requested amount must be positive');
  }
  if (!Number.isInteger(terms.installments) || terms.installments < 1 || terms.installments > 600) {
    throw new RangeError('installments must be an integer from 1 to 600');
  }
  if (!Number.isFinite(terms.monthlyInterestPct) || terms.monthlyInterestPct < 0 || terms.monthlyInterestPct >= 100) {
    throw new RangeError('monthly interest must be from 0 up to 100 percent');
  }
  const rates = IOF_RATES[terms.personType];
  if (!rates) {
    throw new RangeError(`unknown person type ${String(terms.personType)}`);
  }
  const baseDate = startOfDayUtc(terms.baseDate);
  const first = terms.firstDueDate ? startOfDayUtc(terms.firstDueDate) : firstDueDate(baseDate, terms.extraDays);
  if (daysBetween(baseDate, first) < 1) {
    throw new RangeError('the first due date must be after the base date');
  }
  // 30 conventional days for the regular month, plus the days by which the first due date moves
  // away from the same day of the next month.
  const firstPeriodDays = PERIOD_DAYS + daysBetween(addMonthsClamped(baseDate, 1), first);

  const requestedAmount = roundCents(terms.requestedAmount);
  const monthlyInterestPct = roundTo(terms.monthlyInterestPct, PERCENT_DECIMALS);
  const monthlyRate = new Decimal(monthlyInterestPct).div(100);
  const tac = nonNegativeAmount(terms.tac, 'tac');
  const insurance = nonNegativeAmount(terms.insurance, 'insurance');
  const otherExpenses = nonNegativeAmount(terms.otherExpenses, 'otherExpenses');
  const otherServices = nonNegativeAmount(terms.otherServices, 'otherServices');
  const base = sumCents([requestedAmount, tac, insurance, otherExpenses, otherServices]);

  const scheduleFor = (principal: number) => priceSchedule({ principal, monthlyRate, installments: terms.installments, firstDueDate: first, firstPeriodDays });

  let financedAmount = base;
  let built = scheduleFor(financedAmount);
  let iof = iofFor(financedAmount, built.schedule, baseDate, rates);
  if (terms.calculationFormat === CalculationFormat.PriceIofFinanced) {
    // Fixed point: the principal must include the IOF computed on the principal's own schedule.
    // IOF is a few percent of the principal, so each pass shrinks the gap about thirtyfold.
    for (let pass = 0; pass < 20; pass++) {
      const next = sumCents([base, iof]);
      if (next === financedAmount) {
        break;
      }
      financedAmount = next;
      built = scheduleFor(financedAmount);
      iof = iofFor(financedAmount, built.schedule, baseDate, rates);
    }
    // Whatever a last-cent oscillation left, the displayed IOF is what the principal includes.
    iof = roundCents(new Decimal(financedAmount).minus(base));
  }
  const netReleased = terms.calculationFormat === CalculationFormat.PriceIofDeducted ? roundCents(new Decimal(requestedAmount).minus(iof)) : requestedAmount;
  if (netReleased <= 0) {
    throw new RangeError('the IOF exceeds the amount released');
  }

  const monthlyCetPct = roundTo(monthlyIrr(netReleased, built.schedule, baseDate) * 100, PERCENT_DECIMALS);
  return {
    requestedAmount,
    financedAmount,
    tac,
    insurance,
    iof,
    otherExpenses,
    otherServices,
    totalCredit: financedAmount,
    totalDebt: sumCents(built.schedule.map((s) => s.amount)),
    installmentAmount: built.installmentAmount,
    monthlyInterestPct,
    annualInterestPct: annualFromMonthlyPct(monthlyInterestPct),
    monthlyCetPct,
    annualCetPct: annualFromMonthlyPct(monthlyCetPct),
    schedule: built.schedule,
  };
}
