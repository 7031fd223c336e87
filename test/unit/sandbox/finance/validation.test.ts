import { CALCULATION_FORMATS, computeProposalValues, type ProposalTerms } from '../../../../src/sandbox/finance/index.js';

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

const terms: ProposalTerms = {
  requestedAmount: 10000,
  monthlyInterestPct: 2,
  installments: 12,
  personType: 1,
  calculationFormat: 1,
  baseDate: day('2026-05-27'),
  extraDays: 0,
};

/** The message of the RangeError `computeProposalValues` throws for `change`, or a failure naming what it did instead. */
function refusal(change: Partial<ProposalTerms>): string {
  try {
    computeProposalValues({ ...terms, ...change });
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(change)}`);
}

describe('computeProposalValues validation', () => {
  // Each row names the rule that must fire: a deleted or loosened rule lets another one (or none) answer.
  it.each<[string, Partial<ProposalTerms>, string]>([
    ['an unknown calculation format', { calculationFormat: 9 }, 'unknown calculation format 9'],
    ['calculation format 0', { calculationFormat: 0 }, 'unknown calculation format 0'],
    ['a zero amount', { requestedAmount: 0 }, 'requested amount must be positive'],
    ['a negative amount', { requestedAmount: -100 }, 'requested amount must be positive'],
    ['a NaN amount', { requestedAmount: Number.NaN }, 'requested amount must be positive'],
    ['an infinite amount', { requestedAmount: Number.POSITIVE_INFINITY }, 'requested amount must be positive'],
    ['zero installments', { installments: 0 }, 'installments must be an integer from 1 to 600'],
    ['a fractional term', { installments: 2.5 }, 'installments must be an integer from 1 to 600'],
    ['601 installments', { installments: 601 }, 'installments must be an integer from 1 to 600'],
    ['a negative rate', { monthlyInterestPct: -0.01 }, 'monthly interest must be from 0 up to 100 percent'],
    ['a rate of 100 %', { monthlyInterestPct: 100 }, 'monthly interest must be from 0 up to 100 percent'],
    ['a NaN rate', { monthlyInterestPct: Number.NaN }, 'monthly interest must be from 0 up to 100 percent'],
    ['person type 3', { personType: 3 as 1 }, 'unknown person type 3'],
    ['a first due date 40 days early', { extraDays: -40 }, 'the first due date must be after the base date'],
    ['a first due date on the base date', { firstDueDate: day('2026-05-27') }, 'the first due date must be after the base date'],
    ['a negative TAC', { tac: -1 }, 'tac must be a non-negative amount'],
    ['a NaN TAC', { tac: Number.NaN }, 'tac must be a non-negative amount'],
    ['negative insurance', { insurance: -0.01 }, 'insurance must be a non-negative amount'],
    ['infinite other expenses', { otherExpenses: Number.POSITIVE_INFINITY }, 'otherExpenses must be a non-negative amount'],
    ['negative other services', { otherServices: -5 }, 'otherServices must be a non-negative amount'],
    // IOF on 5.11 financed (format 2 deducts it) is exactly 0.11: nothing would be released.
    ['IOF equal to the amount released', { calculationFormat: 2, requestedAmount: 0.11, tac: 5 }, 'the IOF exceeds the amount released'],
    ['IOF above the amount released', { calculationFormat: 2, requestedAmount: 0.05, tac: 5 }, 'the IOF exceeds the amount released'],
  ])('refuses %s with the rule that names it', (_name, change, message) => {
    expect(refusal(change)).toBe(message);
  });

  it.each<[string, Partial<ProposalTerms>]>([
    ['one installment', { installments: 1 }],
    ['600 installments', { installments: 600 }],
    ['a zero rate', { monthlyInterestPct: 0 }],
    ['a rate just under 100 %', { monthlyInterestPct: 99.9999 }],
    ['a first due date the day after the base date', { firstDueDate: day('2026-05-28') }],
    ['zero costs', { tac: 0, insurance: 0, otherExpenses: 0, otherServices: 0 }],
    ['one cent more than the IOF deducted', { calculationFormat: 2, requestedAmount: 0.12, tac: 5 }],
  ])('accepts the boundary case %s', (_name, change) => {
    expect(() => computeProposalValues({ ...terms, ...change })).not.toThrow();
  });

  it('releases one cent when the deducted IOF leaves one cent', () => {
    const v = computeProposalValues({ ...terms, calculationFormat: 2, requestedAmount: 0.12, tac: 5 });
    expect(v).toMatchObject({ requestedAmount: 0.12, financedAmount: 5.12, iof: 0.11 });
  });

  it('describes each calculation format', () => {
    expect([...CALCULATION_FORMATS]).toEqual([
      [1, 'Price table, IOF financed into the principal'],
      [2, 'Price table, IOF deducted from the amount released'],
    ]);
  });
});

describe('computeProposalValues rounding and the IOF fixed point', () => {
  it('rounds the amount to the cent and the rate to 4 decimals before computing', () => {
    const v = computeProposalValues({ ...terms, requestedAmount: 1000.005, monthlyInterestPct: 2.123456 });
    expect(v.requestedAmount).toBe(1000.01);
    expect(v.monthlyInterestPct).toBe(2.1235);
    expect(v).toEqual(computeProposalValues({ ...terms, requestedAmount: 1000.01, monthlyInterestPct: 2.1235 }));
  });

  it('normalises a given first due date to its calendar day', () => {
    const v = computeProposalValues({ ...terms, firstDueDate: new Date('2026-07-10T23:59:00Z') });
    expect(v).toEqual(computeProposalValues({ ...terms, firstDueDate: day('2026-07-10') }));
  });

  it('ends a fixed point that oscillates between two cents after 20 passes, with financed = base + IOF', () => {
    // The IOF of 17,906.66 financed rounds to 632.27 and that of 17,906.67 to 632.26: no fixed point.
    // The search stops after 20 passes on the even one, so the figures are reproducible.
    const v = computeProposalValues({
      ...terms,
      requestedAmount: 17274.4,
      monthlyInterestPct: 7.9,
      installments: 56,
      baseDate: day('2026-02-12'),
      extraDays: 27,
    });
    expect(v).toMatchObject({ financedAmount: 17906.66, iof: 632.26, installmentAmount: 1536.56, totalDebt: 86050.85, monthlyCetPct: 8.1165 });
  });
});
