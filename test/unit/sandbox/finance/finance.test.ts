import { Decimal } from 'decimal.js';
import {
  CALCULATION_FORMATS,
  annualFromMonthlyPct,
  computeProposalValues,
  firstDueDate,
  iofFor,
  monthlyIrr,
  priceInstallment,
  priceSchedule,
  type ProposalTerms,
} from '../../../../src/sandbox/finance/index.js';
import { IOF_RATES } from '../../../../src/sandbox/config/iof.js';

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date): string => d.toISOString().slice(0, 10);

describe('firstDueDate', () => {
  it('is the same day of the next month (27/05 gives 27/06)', () => {
    expect(iso(firstDueDate(day('2025-05-27'), 0))).toBe('2025-06-27');
  });
  it('adds nroDiasAcrescimo after the month (27/05 with 20 days gives 17/07)', () => {
    expect(iso(firstDueDate(day('2025-05-27'), 20))).toBe('2025-07-17');
  });
  it('clamps to the last day of a shorter month (31/01 gives 28/02)', () => {
    expect(iso(firstDueDate(day('2025-01-31'), 0))).toBe('2025-02-28');
    expect(iso(firstDueDate(day('2024-01-31'), 0))).toBe('2024-02-29');
  });
  it('accepts negative extra days and ignores the time of day', () => {
    expect(iso(firstDueDate(new Date('2025-05-27T23:59:00Z'), -5))).toBe('2025-06-22');
    expect(iso(firstDueDate(day('2025-12-15'), 0))).toBe('2026-01-15');
  });
});

describe('priceInstallment', () => {
  it('gives 945.60 for 10,000.00 at 2 % a month over 12 months', () => {
    expect(priceInstallment(10000, '0.02', 12).toDecimalPlaces(2).toNumber()).toBe(945.6);
    expect(priceInstallment(10000, '0.02', 12).toFixed(4)).toBe('945.5960');
  });
  it('divides evenly at zero interest', () => {
    expect(priceInstallment(1200, 0, 12).toNumber()).toBe(100);
  });
});

describe('priceSchedule', () => {
  const { installmentAmount, schedule } = priceSchedule({
    principal: 10000,
    monthlyRate: '0.02',
    installments: 12,
    firstDueDate: day('2026-06-27'),
    firstPeriodDays: 30,
  });
  it('keeps the installment constant and lets the last one absorb the rounding', () => {
    expect(installmentAmount).toBe(945.6);
    expect(schedule.slice(0, 11).every((s) => s.amount === 945.6)).toBe(true);
    expect(schedule[11]?.amount).toBe(945.55);
    expect(schedule[0]).toMatchObject({ interest: 200, amortization: 745.6, balanceAfter: 9254.4 });
  });
  it('amortizes the whole principal', () => {
    expect(schedule[11]?.balanceAfter).toBe(0);
    const amortized = schedule.reduce((acc, s) => acc.plus(s.amortization), new Decimal(0));
    expect(amortized.toNumber()).toBe(10000);
  });
  it("falls due monthly on the first due date's day", () => {
    expect(schedule.map((s) => iso(s.dueDate)).slice(0, 3)).toEqual(['2026-06-27', '2026-07-27', '2026-08-27']);
    expect(iso(schedule[11]!.dueDate)).toBe('2027-05-27');
  });
  it('compounds interest over a longer first period', () => {
    const longer = priceSchedule({ principal: 1000, monthlyRate: '0.03', installments: 3, firstDueDate: day('2026-03-20'), firstPeriodDays: 45 });
    // 1000 * (1.03^1.5 - 1) = 45.3358...
    expect(longer.schedule[0]?.interest).toBe(45.34);
    expect(longer.schedule[2]?.balanceAfter).toBe(0);
  });
});

describe('iofFor', () => {
  it('adds the flat rate on the principal to the daily rate on each amortization up to its due date', () => {
    const schedule = [
      { number: 1, dueDate: day('2026-01-31'), amount: 0, interest: 0, amortization: 500, balanceAfter: 500 },
      { number: 2, dueDate: day('2027-06-01'), amount: 0, interest: 0, amortization: 500, balanceAfter: 0 },
    ];
    // 1000 * 0.38 % = 3.80; 500 * 0.0082 % * 30 = 1.23; 500 * 0.0082 % * 365 (capped) = 14.965
    expect(iofFor(1000, schedule, day('2026-01-01'), IOF_RATES[1])).toBe(20);
  });
});

describe('monthlyIrr', () => {
  it('is the contract rate for a schedule on 30-day periods with nothing added', () => {
    const { schedule } = priceSchedule({ principal: 10000, monthlyRate: '0.02', installments: 12, firstDueDate: day('2026-01-31'), firstPeriodDays: 30 });
    const flat = schedule.map((s, k) => ({ ...s, dueDate: new Date(day('2026-01-01').getTime() + (k + 1) * 30 * 86_400_000) }));
    expect(monthlyIrr(10000, flat, day('2026-01-01'))).toBeCloseTo(0.02, 5);
  });
});

describe('computeProposalValues', () => {
  const terms: ProposalTerms = {
    requestedAmount: 10000,
    monthlyInterestPct: 2,
    installments: 12,
    personType: 1,
    calculationFormat: 1,
    baseDate: new Date('2026-05-27T15:00:00Z'),
    extraDays: 0,
  };

  it('finances the IOF computed on the financed schedule (format 1)', () => {
    const v = computeProposalValues(terms);
    expect(v).toMatchObject({
      requestedAmount: 10000,
      financedAmount: 10211.08,
      iof: 211.08,
      totalCredit: 10211.08,
      installmentAmount: 965.56,
      totalDebt: 11586.64,
      monthlyInterestPct: 2,
      annualInterestPct: 26.8242,
      monthlyCetPct: 2.2985,
      annualCetPct: 31.3503,
    });
    expect(v.schedule).toHaveLength(12);
    expect(v.schedule[11]).toMatchObject({ amount: 965.48, balanceAfter: 0 });
    expect(iofFor(v.financedAmount, v.schedule, terms.baseDate, IOF_RATES[1])).toBe(v.iof);
  });

  it('deducts the IOF from the amount released and finances the costs (format 2, PJ, extra days)', () => {
    const v = computeProposalValues({
      ...terms,
      requestedAmount: 5000,
      monthlyInterestPct: 3.5,
      installments: 6,
      personType: 2,
      calculationFormat: 2,
      baseDate: day('2026-01-31'),
      extraDays: 20,
      tac: 150,
      insurance: 80.5,
    });
    expect(v).toMatchObject({
      financedAmount: 5230.5,
      tac: 150,
      insurance: 80.5,
      iof: 75.38,
      installmentAmount: 1004.37,
      totalDebt: 6026.23,
      annualInterestPct: 51.1069,
      monthlyCetPct: 5.0785,
      annualCetPct: 81.2034,
    });
    expect(iso(v.schedule[0]!.dueDate)).toBe('2026-03-20');
    expect(v.schedule[0]?.interest).toBe(308.66);
  });

  it('keeps figures internally consistent', () => {
    for (const format of CALCULATION_FORMATS.keys()) {
      for (const extraDays of [-10, 0, 17]) {
        const v = computeProposalValues({
          ...terms,
          calculationFormat: format,
          extraDays,
          requestedAmount: 7345.67,
          tac: 99.9,
          otherExpenses: 12.34,
          otherServices: 5,
        });
        const debt = v.schedule.reduce((acc, s) => acc.plus(s.amount), new Decimal(0));
        const amortized = v.schedule.reduce((acc, s) => acc.plus(s.amortization), new Decimal(0));
        expect(debt.toNumber()).toBe(v.totalDebt);
        expect(amortized.toNumber()).toBe(v.financedAmount);
        expect(v.annualCetPct).toBe(annualFromMonthlyPct(v.monthlyCetPct));
        expect(v.annualInterestPct).toBe(annualFromMonthlyPct(v.monthlyInterestPct));
        const financedIof = format === 1 ? v.iof : 0;
        expect(new Decimal(7345.67).plus(99.9).plus(12.34).plus(5).plus(financedIof).toNumber()).toBe(v.financedAmount);
        expect(iofFor(v.financedAmount, v.schedule, terms.baseDate, IOF_RATES[1])).toBe(v.iof);
      }
    }
  });

  it('uses a given first due date instead of the rule', () => {
    const v = computeProposalValues({ ...terms, firstDueDate: day('2026-07-10') });
    expect(iso(v.schedule[0]!.dueDate)).toBe('2026-07-10');
    expect(iso(v.schedule[1]!.dueDate)).toBe('2026-08-10');
  });

  it('has a CET above the interest rate when IOF is financed', () => {
    const v = computeProposalValues(terms);
    expect(v.monthlyCetPct).toBeGreaterThan(v.monthlyInterestPct);
  });

  it('refuses unknown formats and impossible terms with RangeError', () => {
    expect(() => computeProposalValues({ ...terms, calculationFormat: 9 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, requestedAmount: 0 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, installments: 0 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, installments: 2.5 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, monthlyInterestPct: -1 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, tac: -1 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, extraDays: -40 })).toThrow(RangeError);
    expect(() => computeProposalValues({ ...terms, personType: 3 as 1 })).toThrow(RangeError);
  });

  it('lists its calculation formats', () => {
    expect([...CALCULATION_FORMATS.keys()]).toEqual([1, 2]);
  });
});
