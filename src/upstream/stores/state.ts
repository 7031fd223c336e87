/**
 * The state partner calls share: the read cache, the per-caller budgets and the partner budget. In
 * memory by default (one replica); in Redis with a URL, for every replica using it. When Redis does
 * not answer, each kind of state falls back to this replica's memory (a warning and an event when it
 * happens and when Redis is back), so Redis alone never fails a request.
 */
import {
  type CallerBudgetConfig,
  type CallerBudgets,
  MemoryCallerBudgets,
  MemoryPartnerBudget,
  type PartnerBudget,
  type PartnerGrant,
  type PartnerLimits,
  type ThrottleStatus,
} from '../budget.js';
import { type CachedRead, type CacheLookup, type ReadCacheStore } from '../cache.js';
import { type Mark, MemoryProposalMarks, type ProposalMarks } from '../reads/monotonic.js';
import { MemoryReadCacheStore } from './memory.js';

/** Which kind of state changed health. */
export type SharedStateComponent = 'readCache' | 'callerBudgets' | 'partnerBudget';

/** Told when a kind of state falls back to memory (`degraded: true`) or is back on Redis. */
export type DegradedHook = (event: { component: SharedStateComponent; degraded: boolean; error?: unknown }) => void;

/** Options of {@link createSharedState}. */
export interface SharedStateOptions {
  /** `redis://...`; absent: everything in memory. */
  redisUrl?: string;
  /** Prefix of every key (several deployments may share one Redis). */
  keyPrefix?: string;
  /** The upstream client id: one partner budget per id. */
  clientId: string;
  partner: PartnerLimits;
  /** Longest a partner call may hold an in-flight slot (its deadline); a dead replica's slots free after it. */
  leaseMs: number;
  callerBudgets: CallerBudgetConfig;
  onDegraded?: DegradedHook;
  /** Clock of the budgets (ms). */
  now?: () => number;
  /** Longest start-up waits for Redis before starting degraded (default 2000 ms). */
  connectTimeoutMs?: number;
  /** A command answering later fails, and the state falls back to memory (default 1000 ms). */
  commandTimeoutMs?: number;
}

/** The shared state of one process. */
export interface SharedState {
  readStore: ReadCacheStore;
  callerBudgets: CallerBudgets;
  partnerBudget: PartnerBudget;
  /** The newest facts seen per proposal (monotonic reads: situation, payments, boletos, signatures), beside the read cache. */
  situationMarks: ProposalMarks;
  /** True when a Redis URL was given. */
  readonly shared: boolean;
  /** Kinds of state currently answered from memory because Redis failed. */
  degraded(): SharedStateComponent[];
  close(): Promise<void>;
}

/** Runs each operation on Redis, and on this replica's memory while Redis fails. */
class Fallback {
  degraded = false;

  constructor(
    private readonly component: SharedStateComponent,
    private readonly onDegraded: DegradedHook | undefined,
  ) {}

  async run<R>(primary: () => Promise<R>, fallback: () => Promise<R>): Promise<R> {
    let result: R;
    try {
      result = await primary();
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.tell({ component: this.component, degraded: true, error });
      }
      return fallback();
    }
    if (this.degraded) {
      this.degraded = false;
      this.tell({ component: this.component, degraded: false });
    }
    return result;
  }

  private tell(event: Parameters<DegradedHook>[0]): void {
    try {
      this.onDegraded?.(event);
    } catch {
      // A broken hook must not fail the request the fallback is serving.
    }
  }
}

class FallbackReadCache implements ReadCacheStore {
  constructor(
    private readonly primary: ReadCacheStore,
    private readonly memory: ReadCacheStore,
    readonly health: Fallback,
  ) {}

  get(key: string, tags: readonly string[]): Promise<CacheLookup> {
    return this.health.run(
      () => this.primary.get(key, tags),
      async () => {
        const found = await this.memory.get(key, tags);
        // Marked so `set` stores the answer where it was looked up.
        return { ...found, version: `memory:${found.version}` };
      },
    );
  }

  set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    if (version.startsWith('memory:')) {
      return this.memory.set(key, version.slice('memory:'.length), entry, ttlMs);
    }
    return this.health.run(
      () => this.primary.set(key, version, entry, ttlMs),
      async () => undefined,
    );
  }

  async invalidate(tags: readonly string[]): Promise<void> {
    // Both: the memory copy may be serving while Redis is down, and Redis must forget for the others.
    await this.memory.invalidate(tags);
    await this.health.run(
      () => this.primary.invalidate(tags),
      async () => undefined,
    );
  }

  /** While Redis fails (or the read was looked up in memory), this replica fetches on its own. */
  claim(key: string, version: string, holder: string, ttlMs: number): Promise<boolean> {
    if (version.startsWith('memory:')) {
      return Promise.resolve(true);
    }
    return this.health.run(
      () => this.primary.claim?.(key, version, holder, ttlMs) ?? Promise.resolve(true),
      async () => true,
    );
  }

  release(key: string, version: string, holder: string): Promise<void> {
    if (version.startsWith('memory:')) {
      return Promise.resolve();
    }
    return this.health.run(
      () => this.primary.release?.(key, version, holder) ?? Promise.resolve(),
      async () => undefined,
    );
  }

  claimed(key: string, version: string): Promise<boolean> {
    if (version.startsWith('memory:')) {
      return Promise.resolve(false);
    }
    return this.health.run(
      () => this.primary.claimed?.(key, version) ?? Promise.resolve(false),
      async () => false,
    );
  }

  async close(): Promise<void> {
    await this.memory.close();
  }
}

class FallbackProposalMarks implements ProposalMarks {
  constructor(
    private readonly primary: ProposalMarks,
    private readonly memory: ProposalMarks,
    readonly health: Fallback,
  ) {}

  raise(proposalId: string, facts: Readonly<Mark>): Promise<Mark> {
    return this.health.run(
      () => this.primary.raise(proposalId, facts),
      () => this.memory.raise(proposalId, facts),
    );
  }

  settle(proposalId: string, from: Readonly<Mark>, to: Readonly<Mark>): Promise<void> {
    return this.health.run(
      () => this.primary.settle(proposalId, from, to),
      () => this.memory.settle(proposalId, from, to),
    );
  }

  async close(): Promise<void> {}
}

class FallbackCallerBudgets implements CallerBudgets {
  constructor(
    private readonly primary: CallerBudgets,
    private readonly memory: CallerBudgets,
    readonly health: Fallback,
  ) {}

  status(callerId: string): Promise<ThrottleStatus> {
    return this.health.run(
      () => this.primary.status(callerId),
      () => this.memory.status(callerId),
    );
  }

  spend(callerId: string, calls: number): Promise<ThrottleStatus> {
    return this.health.run(
      () => this.primary.spend(callerId, calls),
      () => this.memory.spend(callerId, calls),
    );
  }

  admit(callerId: string, calls: number): Promise<{ admitted: boolean; status: ThrottleStatus }> {
    return this.health.run(
      () => this.primary.admit(callerId, calls),
      () => this.memory.admit(callerId, calls),
    );
  }

  refund(callerId: string, calls: number): Promise<ThrottleStatus> {
    return this.health.run(
      () => this.primary.refund(callerId, calls),
      () => this.memory.refund(callerId, calls),
    );
  }

  async close(): Promise<void> {}
}

class FallbackPartnerBudget implements PartnerBudget {
  constructor(
    private readonly primary: PartnerBudget,
    private readonly memory: PartnerBudget,
    readonly health: Fallback,
  ) {}

  tryAcquire(): Promise<PartnerGrant> {
    return this.health.run(
      () => this.primary.tryAcquire(),
      async () => {
        const grant = await this.memory.tryAcquire();
        return grant.ok ? { ok: true, lease: `memory:${grant.lease}` } : grant;
      },
    );
  }

  async release(lease: string): Promise<void> {
    if (lease.startsWith('memory:')) {
      await this.memory.release(lease.slice('memory:'.length));
      return;
    }
    // A slot lost with Redis expires with its lease.
    await this.primary.release(lease).catch(() => undefined);
  }

  async close(): Promise<void> {}
}

/** Builds the shared state: memory only, or Redis with a memory fallback per kind of state. */
export async function createSharedState(options: SharedStateOptions): Promise<SharedState> {
  const now = options.now ?? Date.now;
  const memory = {
    readStore: new MemoryReadCacheStore(),
    callerBudgets: new MemoryCallerBudgets(options.callerBudgets, now),
    partnerBudget: new MemoryPartnerBudget(options.partner, now),
    situationMarks: new MemoryProposalMarks({ now }),
  };
  if (options.redisUrl === undefined) {
    return { ...memory, shared: false, degraded: () => [], close: () => memory.readStore.close() };
  }
  // Loaded only here: a replica without REDIS_URL never loads ioredis.
  const [{ Redis }, { RedisCallerBudgets, RedisPartnerBudget, RedisReadCacheStore }, { RedisProposalMarks }] = await Promise.all([
    import('ioredis'),
    import('./redis.js'),
    import('./redis-marks.js'),
  ]);
  const redis = new Redis(options.redisUrl, {
    // Fail fast while disconnected: the memory fallback answers instead of a queue that waits.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: options.connectTimeoutMs ?? 2000,
    retryStrategy: (attempt) => Math.min(200 * attempt, 2000),
    lazyConnect: true,
  });
  // Errors reach the fallbacks through the commands; the event must not crash the process.
  redis.on('error', () => undefined);
  await Promise.race([redis.connect().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, options.connectTimeoutMs ?? 2000).unref())]);
  const prefix = options.keyPrefix ?? 'credit-graph:';
  const health = {
    readCache: new Fallback('readCache', options.onDegraded),
    callerBudgets: new Fallback('callerBudgets', options.onDegraded),
    partnerBudget: new Fallback('partnerBudget', options.onDegraded),
  };
  return {
    readStore: new FallbackReadCache(new RedisReadCacheStore(redis, prefix), memory.readStore, health.readCache),
    callerBudgets: new FallbackCallerBudgets(new RedisCallerBudgets(redis, prefix, options.callerBudgets, now), memory.callerBudgets, health.callerBudgets),
    partnerBudget: new FallbackPartnerBudget(
      new RedisPartnerBudget(redis, prefix, options.clientId, options.partner, options.leaseMs, now),
      memory.partnerBudget,
      health.partnerBudget,
    ),
    // Marks fall back with the read cache: they guard its answers.
    situationMarks: new FallbackProposalMarks(new RedisProposalMarks(redis, prefix), memory.situationMarks, health.readCache),
    shared: true,
    degraded: () => (Object.entries(health) as Array<[SharedStateComponent, Fallback]>).filter(([, h]) => h.degraded).map(([name]) => name),
    close: async () => {
      await memory.readStore.close();
      redis.disconnect();
    },
  };
}
