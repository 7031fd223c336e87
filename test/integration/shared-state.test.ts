/**
 * ONE suite per kind of shared state (read cache, caller budgets, partner budget), run against the
 * memory implementation and the Redis one: what passes only in memory proves nothing.
 */
import { Redis } from 'ioredis';
import {
  type CallerBudgetConfig,
  type CallerBudgets,
  MemoryCallerBudgets,
  MemoryPartnerBudget,
  type PartnerBudget,
  type PartnerLimits,
} from '../../src/upstream/budget.js';
import { type ReadCacheStore } from '../../src/upstream/cache.js';
import { MemoryReadCacheStore } from '../../src/upstream/stores/memory.js';
import { RedisCallerBudgets, RedisPartnerBudget, RedisReadCacheStore } from '../../src/upstream/stores/redis.js';
import { createSharedState } from '../../src/upstream/stores/state.js';
import { describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';

interface Clock {
  now: () => number;
  t: number;
}

interface Factory {
  readCache(clock: Clock): ReadCacheStore;
  callerBudgets(config: CallerBudgetConfig, clock: Clock): CallerBudgets;
  partnerBudget(limits: PartnerLimits, clock: Clock): PartnerBudget;
}

function clockAt(t: number): Clock {
  const clock: Clock = { t, now: () => clock.t };
  return clock;
}

const ENTRY = (fetchedAt: number, value: unknown = { parcelas: [{ nroParcela: 1 }] }) => ({ value, fetchedAt });

function stateContract(name: string, factory: () => Factory): void {
  describe(`${name}: ReadCacheStore`, () => {
    it('finds nothing at first, then the entry stored under the version it was looked up with', async () => {
      const store = factory().readCache(clockAt(1000));
      const miss = await store.get('k1', ['p:a:ConsultarParcelas']);
      expect(miss.entry).toBeUndefined();
      await store.set('k1', miss.version, ENTRY(1000), 60_000);
      const hit = await store.get('k1', ['p:a:ConsultarParcelas']);
      expect(hit).toEqual({ entry: ENTRY(1000), version: miss.version });
      expect((await store.get('k2', ['p:a:ConsultarParcelas'])).entry).toBeUndefined();
    });

    it('keeps negative answers (envelope failures) as they were', async () => {
      const store = factory().readCache(clockAt(1000));
      const { version } = await store.get('k', []);
      const failure = {
        code: 'UPSTREAM_NOT_FOUND' as const,
        message: 'not found',
        operation: 'ConsultaProposta',
        status: 400,
        items: [{ code: 'C0112', detail: 'V0001' }],
      };
      await store.set('k', version, { error: failure, fetchedAt: 5 }, 60_000);
      expect((await store.get('k', [])).entry).toEqual({ error: failure, fetchedAt: 5 });
    });

    it('forgets, for good, every entry under a tag a write bumped, and only those', async () => {
      const store = factory().readCache(clockAt(1000));
      const a = await store.get('ka', ['p:a:ConsultarDetalhes']);
      const b = await store.get('kb', ['p:b:ConsultarDetalhes']);
      await store.set('ka', a.version, ENTRY(1), 60_000);
      await store.set('kb', b.version, ENTRY(2), 60_000);
      await store.invalidate(['p:a:ConsultarDetalhes']);
      const after = await store.get('ka', ['p:a:ConsultarDetalhes']);
      expect(after.entry).toBeUndefined();
      expect(after.version).not.toBe(a.version);
      expect((await store.get('kb', ['p:b:ConsultarDetalhes'])).entry).toEqual(ENTRY(2));
      // A read that looked up before the write stores under the old version: nobody sees it.
      await store.set('ka', a.version, ENTRY(0), 60_000);
      expect((await store.get('ka', ['p:a:ConsultarDetalhes'])).entry).toBeUndefined();
    });

    it('forgets everything when the global tag is bumped', async () => {
      const store = factory().readCache(clockAt(1000));
      const a = await store.get('ka', ['p:a:ConsultarDetalhes']);
      await store.set('ka', a.version, ENTRY(1), 60_000);
      await store.invalidate(['all']);
      expect((await store.get('ka', ['p:a:ConsultarDetalhes'])).entry).toBeUndefined();
    });
  });

  describe(`${name}: CallerBudgets`, () => {
    const config: CallerBudgetConfig = { defaults: { maximumAvailable: 10, restoreRate: 2 }, byCaller: { vip: { maximumAvailable: 100, restoreRate: 5 } } };

    it('starts full, spends, restores at the restore rate up to the maximum, per caller', async () => {
      const clock = clockAt(1_000_000);
      const budgets = factory().callerBudgets(config, clock);
      expect(await budgets.status('alice')).toEqual({ maximumAvailable: 10, currentlyAvailable: 10, restoreRate: 2 });
      expect(await budgets.spend('alice', 7)).toEqual({ maximumAvailable: 10, currentlyAvailable: 3, restoreRate: 2 });
      expect((await budgets.status('bob')).currentlyAvailable).toBe(10);
      expect(await budgets.status('vip')).toEqual({ maximumAvailable: 100, currentlyAvailable: 100, restoreRate: 5 });
      clock.t += 1500;
      expect((await budgets.status('alice')).currentlyAvailable).toBe(6);
      clock.t += 60_000;
      expect((await budgets.status('alice')).currentlyAvailable).toBe(10);
    });

    it('goes into debt for calls already admitted, and repays it over time', async () => {
      const clock = clockAt(2_000_000);
      const budgets = factory().callerBudgets(config, clock);
      expect((await budgets.spend('carol', 14)).currentlyAvailable).toBe(-4);
      clock.t += 2000;
      expect((await budgets.status('carol')).currentlyAvailable).toBe(0);
    });

    it('admits only what the bucket holds, in one step, and takes nothing when it refuses', async () => {
      const clock = clockAt(3_000_000);
      const budgets = factory().callerBudgets(config, clock);
      const admissions = await Promise.all(Array.from({ length: 5 }, () => budgets.admit('dave', 4)));
      expect(admissions.map((admission) => admission.admitted)).toEqual([true, true, false, false, false]);
      expect((await budgets.status('dave')).currentlyAvailable).toBe(2);
      expect(await budgets.admit('dave', 3)).toEqual({ admitted: false, status: { maximumAvailable: 10, currentlyAvailable: 2, restoreRate: 2 } });
    });

    it('gives back what was charged and not spent, never above the maximum', async () => {
      const clock = clockAt(4_000_000);
      const budgets = factory().callerBudgets(config, clock);
      expect((await budgets.admit('erin', 8)).status.currentlyAvailable).toBe(2);
      expect((await budgets.refund('erin', 5)).currentlyAvailable).toBe(7);
      expect((await budgets.refund('erin', 50)).currentlyAvailable).toBe(10);
    });
  });

  describe(`${name}: PartnerBudget`, () => {
    it('grants the burst at once, then one call per 1/rate, and says when the next token comes', async () => {
      const clock = clockAt(3_000_000);
      const budget = factory().partnerBudget({ requestsPerSecond: 1, burst: 3, maxConcurrent: 10 }, clock);
      const grants = [await budget.tryAcquire(), await budget.tryAcquire(), await budget.tryAcquire()];
      expect(grants.every((g) => g.ok)).toBe(true);
      expect(new Set(grants.map((g) => (g.ok ? g.lease : ''))).size).toBe(3);
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 1000 });
      clock.t += 400;
      expect(await budget.tryAcquire()).toEqual({ ok: false, retryInMs: 600 });
      clock.t += 600;
      expect((await budget.tryAcquire()).ok).toBe(true);
    });

    it('holds at most maxConcurrent leases; a release frees one', async () => {
      const clock = clockAt(4_000_000);
      const budget = factory().partnerBudget({ requestsPerSecond: 100, burst: 100, maxConcurrent: 2 }, clock);
      const first = await budget.tryAcquire();
      await budget.tryAcquire();
      expect((await budget.tryAcquire()).ok).toBe(false);
      await budget.release(first.ok ? first.lease : '');
      expect((await budget.tryAcquire()).ok).toBe(true);
      expect((await budget.tryAcquire()).ok).toBe(false);
    });
  });
}

stateContract('memory', () => ({
  readCache: (clock) => new MemoryReadCacheStore({ now: clock.now }),
  callerBudgets: (config, clock) => new MemoryCallerBudgets(config, clock.now),
  partnerBudget: (limits, clock) => new MemoryPartnerBudget(limits, clock.now),
}));

describeWithRedis('with Redis', () => {
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true });
  const prefixes: string[] = [];
  const prefix = (): string => {
    const p = redisTestPrefix('state');
    prefixes.push(p);
    return p;
  };

  beforeAll(async () => {
    await redis.connect();
  });

  afterAll(async () => {
    for (const p of prefixes) {
      const keys = await redis.keys(`${p}*`);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    }
    redis.disconnect();
  });

  stateContract('redis', () => {
    const p = prefix();
    return {
      readCache: () => new RedisReadCacheStore(redis, p),
      callerBudgets: (config, clock) => new RedisCallerBudgets(redis, p, config, clock.now),
      partnerBudget: (limits, clock) => new RedisPartnerBudget(redis, p, 'client-1', limits, 10_000, clock.now),
    };
  });

  it('redis: lets one replica at a time claim a read, frees the claim only for its holder, and lets it expire', async () => {
    const p = prefix();
    const store = new RedisReadCacheStore(redis, p);
    const { version } = await store.get('k', ['p:1:ConsultarParcelas']);
    expect(await store.claimed('k', version)).toBe(false);
    expect(await store.claim('k', version, 'replica-a', 10_000)).toBe(true);
    expect(await store.claim('k', version, 'replica-b', 10_000)).toBe(false);
    expect(await store.claimed('k', version)).toBe(true);
    // Another version of the same read (after a write) is another flight.
    expect(await store.claim('k', `${version}.1`, 'replica-b', 10_000)).toBe(true);
    await store.release('k', version, 'replica-b');
    expect(await store.claimed('k', version)).toBe(true);
    await store.release('k', version, 'replica-a');
    expect(await store.claimed('k', version)).toBe(false);
    expect(await store.claim('k', version, 'replica-b', 30)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.claimed('k', version)).toBe(false);
    expect(await store.claim('k', version, 'replica-a', 10_000)).toBe(true);
  });

  it('redis: shares one partner budget between two replicas (two connections, one client id)', async () => {
    const p = prefix();
    const other = new Redis(REDIS_TEST_URL);
    try {
      const clock = clockAt(5_000_000);
      const limits = { requestsPerSecond: 1, burst: 3, maxConcurrent: 4 };
      const a = new RedisPartnerBudget(redis, p, 'client-1', limits, 10_000, clock.now);
      const b = new RedisPartnerBudget(other, p, 'client-1', limits, 10_000, clock.now);
      const c = new RedisPartnerBudget(other, p, 'client-2', limits, 10_000, clock.now);
      const grants = [await a.tryAcquire(), await b.tryAcquire(), await a.tryAcquire(), await b.tryAcquire()];
      expect(grants.map((g) => g.ok)).toEqual([true, true, true, false]);
      // Another upstream client id has a budget of its own.
      expect((await c.tryAcquire()).ok).toBe(true);
    } finally {
      other.disconnect();
    }
  });

  it("redis: a dead replica's in-flight slots free when their leases expire", async () => {
    const p = prefix();
    const clock = clockAt(6_000_000);
    const budget = new RedisPartnerBudget(redis, p, 'client-1', { requestsPerSecond: 100, burst: 100, maxConcurrent: 1 }, 10_000, clock.now);
    expect((await budget.tryAcquire()).ok).toBe(true);
    expect((await budget.tryAcquire()).ok).toBe(false);
    clock.t += 10_001;
    expect((await budget.tryAcquire()).ok).toBe(true);
  });

  it('falls back to memory, says so once, and never fails a call while Redis does not answer', async () => {
    const events: Array<{ component: string; degraded: boolean }> = [];
    // Nothing listens on port 1: every command fails at once.
    const state = await createSharedState({
      redisUrl: 'redis://127.0.0.1:1',
      clientId: 'client-1',
      partner: { requestsPerSecond: 1, burst: 2, maxConcurrent: 4 },
      leaseMs: 10_000,
      callerBudgets: { defaults: { maximumAvailable: 5, restoreRate: 1 } },
      onDegraded: ({ component, degraded }) => events.push({ component, degraded }),
      connectTimeoutMs: 200,
    });
    try {
      const lookup = await state.readStore.get('k', []);
      await state.readStore.set('k', lookup.version, ENTRY(1), 60_000);
      expect((await state.readStore.get('k', [])).entry).toEqual(ENTRY(1));
      expect((await state.callerBudgets.spend('alice', 2)).currentlyAvailable).toBe(3);
      expect((await state.partnerBudget.tryAcquire()).ok).toBe(true);
      expect((await state.partnerBudget.tryAcquire()).ok).toBe(true);
      expect((await state.partnerBudget.tryAcquire()).ok).toBe(false);
      expect(events).toEqual([
        { component: 'readCache', degraded: true },
        { component: 'callerBudgets', degraded: true },
        { component: 'partnerBudget', degraded: true },
      ]);
      expect(state.degraded()).toEqual(['readCache', 'callerBudgets', 'partnerBudget']);
    } finally {
      await state.close();
    }
  });
});
