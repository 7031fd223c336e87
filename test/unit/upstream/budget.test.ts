import { limitsOf, MemoryCallerBudgets, MemoryPartnerBudget, round, secondsUntilAvailable } from '../../../src/upstream/budget.js';

/** The memory budgets' arithmetic, exactly (test/integration/shared-state.test.ts runs the contract on Redis too). */
describe('budgets', () => {
  describe('limitsOf', () => {
    const defaults = { maximumAvailable: 10, restoreRate: 1 };
    it('answers the caller its own limits, else the defaults', () => {
      const vip = { maximumAvailable: 50, restoreRate: 5 };
      expect(limitsOf({ defaults, byCaller: { vip } }, 'vip')).toBe(vip);
      expect(limitsOf({ defaults, byCaller: { vip } }, 'alice')).toBe(defaults);
      expect(limitsOf({ defaults }, 'vip')).toBe(defaults);
    });
  });

  describe('secondsUntilAvailable', () => {
    it.each([
      // [currentlyAvailable, maximumAvailable, restoreRate, needed, seconds]
      [5, 10, 2, 5, 0], // exactly enough
      [5, 10, 0, 5, 0], // exactly enough, even where nothing restores
      [5, 10, 2, 4, 0],
      [4, 10, 2, 5, 0.5],
      [-4, 10, 2, 6, 5], // repaying a debt first
      [0, 10, 2, 10, 5], // the whole bucket is still reachable
      [0, 10, 2, 11, Number.POSITIVE_INFINITY], // more than the bucket holds
      [0, 10, 0, 1, Number.POSITIVE_INFINITY], // nothing restores
      [0, 10, -1, 1, Number.POSITIVE_INFINITY],
    ])('with %s of %s available at %s/s, %s calls are %s s away', (currentlyAvailable, maximumAvailable, restoreRate, needed, seconds) => {
      expect(secondsUntilAvailable({ currentlyAvailable, maximumAvailable, restoreRate }, needed)).toBe(seconds);
    });
  });

  it('round keeps two decimals, half up', () => {
    expect(round(1.234)).toBe(1.23);
    expect(round(1.235001)).toBe(1.24);
    expect(round(-0.456)).toBe(-0.46);
    expect(round(3)).toBe(3);
  });

  describe('MemoryCallerBudgets', () => {
    const config = { defaults: { maximumAvailable: 10, restoreRate: 2 }, byCaller: { vip: { maximumAvailable: 100, restoreRate: 5 } } };

    it('restores by elapsed seconds times the rate, rounded to cents, and never above the maximum', async () => {
      let t = 1000;
      const budgets = new MemoryCallerBudgets(config, () => t);
      expect(await budgets.spend('alice', 10)).toEqual({ maximumAvailable: 10, currentlyAvailable: 0, restoreRate: 2 });
      t += 333;
      expect(await budgets.status('alice')).toEqual({ maximumAvailable: 10, currentlyAvailable: 0.67, restoreRate: 2 });
      t += 667;
      expect((await budgets.status('alice')).currentlyAvailable).toBe(2);
      expect((await budgets.spend('vip', 30)).currentlyAvailable).toBe(70);
      t += 2000;
      expect((await budgets.status('vip')).currentlyAvailable).toBe(80);
      t += 1_000_000;
      expect((await budgets.status('vip')).currentlyAvailable).toBe(100);
      expect((await budgets.status('alice')).currentlyAvailable).toBe(10);
    });

    it('ignores a negative spend and a clock that goes back', async () => {
      let t = 5000;
      const budgets = new MemoryCallerBudgets(config, () => t);
      expect((await budgets.spend('alice', -5)).currentlyAvailable).toBe(10);
      expect((await budgets.spend('alice', 4)).currentlyAvailable).toBe(6);
      t -= 3000;
      expect((await budgets.status('alice')).currentlyAvailable).toBe(6);
      t += 500;
      expect((await budgets.status('alice')).currentlyAvailable).toBe(7);
    });

    it('forgets every bucket on close', async () => {
      const t = 0;
      const budgets = new MemoryCallerBudgets(config, () => t);
      await budgets.spend('alice', 8);
      await budgets.close();
      expect((await budgets.status('alice')).currentlyAvailable).toBe(10);
    });
  });

  describe('MemoryPartnerBudget', () => {
    it('numbers its leases and counts them in flight', async () => {
      const t = 0;
      const budget = new MemoryPartnerBudget({ requestsPerSecond: 10, burst: 3, maxConcurrent: 5 }, () => t);
      expect(await budget.tryAcquire()).toEqual({ ok: true, lease: 'm1' });
      expect(await budget.tryAcquire()).toEqual({ ok: true, lease: 'm2' });
      expect(budget.inFlight).toBe(2);
      await budget.release('m1');
      await budget.release('m1');
      await budget.release('unknown');
      expect(budget.inFlight).toBe(1);
      expect(await budget.tryAcquire()).toEqual({ ok: true, lease: 'm3' });
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 100 });
      await budget.close();
      expect(budget.inFlight).toBe(0);
    });

    it('polls again in 50 ms when the in-flight cap, not the rate, refuses; exactly at the cap', async () => {
      const t = 0;
      const budget = new MemoryPartnerBudget({ requestsPerSecond: 1000, burst: 1000, maxConcurrent: 2 }, () => t);
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 50 });
      expect(budget.inFlight).toBe(2);
    });

    it('a refusal takes no token: the next token comes when it was announced', async () => {
      let t = 0;
      const budget = new MemoryPartnerBudget({ requestsPerSecond: 3, burst: 1, maxConcurrent: 10 }, () => t);
      expect((await budget.tryAcquire()).ok).toBe(true);
      // 1/3 s rounded up to the millisecond.
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 334 });
      t = 333;
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 1 });
      t = 334;
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 334 });
    });

    it('never stores more than the burst, and ignores a clock that goes back', async () => {
      let t = 10_000;
      const budget = new MemoryPartnerBudget({ requestsPerSecond: 10, burst: 2, maxConcurrent: 10 }, () => t);
      t = 100_000;
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 100 });
      t = 50_000;
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 100 });
      t = 50_100;
      expect((await budget.tryAcquire()).ok).toBe(true);
    });
  });
});
