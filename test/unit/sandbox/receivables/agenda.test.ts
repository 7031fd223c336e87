import { IdGenerator } from '../../../../src/sandbox/ids.js';
import { AgendaSituation, InstallmentSituation } from '../../../../src/sandbox/model/types.js';
import { approximateDailyRetention, checkPayments, openAgenda, postPayments, type PaymentInput } from '../../../../src/sandbox/receivables/agenda.js';
import { SandboxFailure } from '../../../../src/sandbox/envelope.js';
import { DISBURSED, makeProposal } from './fixtures.js';

const now = new Date('2026-06-10T00:00:00Z');
const pay = (number: number, amount: number, discount = 0): PaymentInput => ({ number, amount, discount, paidAt: now, description: 'x' });

function failureOf(fn: () => void): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof SandboxFailure) {
      return `${e.items[0]?.code}/${e.items[0]?.context}`;
    }
    throw e;
  }
  return 'no failure';
}

describe('openAgenda', () => {
  it('opens one installment per schedule item with its full balance', () => {
    const ids = new IdGenerator(3);
    const proposal = makeProposal(ids, 'c', false);
    const agenda = openAgenda(proposal, DISBURSED, ids);
    expect(agenda.situation).toBe(AgendaSituation.Active);
    expect(agenda.createdAt).toBe(DISBURSED);
    expect(agenda.installments).toHaveLength(12);
    expect(agenda.installments[0]).toMatchObject({
      number: 1,
      situation: 0,
      amount: 965.56,
      balance: 965.56,
      totalPaid: 0,
      paymentOrder: `${proposal.number}001`,
    });
    expect(agenda.installments[11]).toMatchObject({ amount: 965.48, balance: 965.48 });
    expect(agenda.installments[0]?.dueDate.toISOString()).toBe('2026-06-27T00:00:00.000Z');
    expect(new Set(agenda.installments.map((i) => i.id)).size).toBe(12);
  });
});

describe('payments', () => {
  it('keeps a partially paid installment open and settles it when the balance reaches zero', () => {
    const agenda = makeProposal(new IdGenerator(1)).agenda!;
    checkPayments(agenda, [pay(1, 500)], now, () => 'p');
    postPayments(agenda, [pay(1, 500)], now);
    expect(agenda.installments[0]).toMatchObject({ situation: InstallmentSituation.PartiallyPaid, balance: 465.56, totalPaid: 500 });
    postPayments(agenda, [pay(1, 455.56, 10)], now);
    expect(agenda.installments[0]).toMatchObject({ situation: InstallmentSituation.Settled, balance: 0, totalPaid: 955.56, discount: 10 });
    expect(agenda.installments[0]?.entries.map((e) => [e.updatedInstallmentAmount, e.paymentAmount, e.balanceAfter])).toEqual([
      [965.56, 500, 465.56],
      [465.56, 455.56, 0],
    ]);
    expect(agenda.situation).toBe(AgendaSituation.Active);
  });

  it('settles the agenda when every installment is paid', () => {
    const agenda = makeProposal(new IdGenerator(1)).agenda!;
    const all = agenda.installments.map((i) => pay(i.number, i.amount));
    checkPayments(agenda, all, now, () => 'p');
    postPayments(agenda, all, now);
    expect(agenda.situation).toBe(AgendaSituation.Settled);
    expect(agenda.settledAt).toBe(now);
  });

  it('refuses impossible entries with their codes', () => {
    const agenda = makeProposal(new IdGenerator(1)).agenda!;
    postPayments(agenda, [pay(2, 965.56)], now);
    expect(failureOf(() => checkPayments(agenda, [pay(13, 1)], now, () => 'p'))).toBe('C0201/V0001');
    expect(failureOf(() => checkPayments(agenda, [pay(2, 1)], now, () => 'p'))).toBe('C0201/V0002');
    expect(failureOf(() => checkPayments(agenda, [], now, () => 'p'))).toBe('C0201/V0003');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 1), pay(1, 1)], now, () => 'p'))).toBe('C0201/V0004');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 0)], now, () => 'p'))).toBe('C0202/V0001');
    expect(failureOf(() => checkPayments(agenda, [pay(1, -5)], now, () => 'p'))).toBe('C0202/V0001');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 965.57)], now, () => 'p'))).toBe('C0202/V0002');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 965.56, 0.01)], now, () => 'p'))).toBe('C0202/V0002');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 10, -1)], now, () => 'p'))).toBe('C0202/V0003');
    const tomorrow = { ...pay(1, 10), paidAt: new Date('2026-06-11T00:00:00Z') };
    expect(failureOf(() => checkPayments(agenda, [tomorrow], now, () => 'p'))).toBe('C0202/V0004');
    expect(failureOf(() => checkPayments(agenda, [pay(1, 965.56)], now, () => 'p'))).toBe('no failure');
  });
});

describe('approximateDailyRetention', () => {
  it('spreads the remaining balance over the days left to the last due date', () => {
    const agenda = makeProposal(new IdGenerator(1)).agenda!;
    // 11,586.64 over the 351 days from 2026-06-10 to 2027-05-27.
    expect(approximateDailyRetention(agenda, now)).toBe(33.01);
  });
});
