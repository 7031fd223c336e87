/**
 * The Redis implementations of the shared state (read cache, caller budgets, partner budget), so N
 * replicas spend one partner budget and a read on one serves the others. Every shared counter moves
 * in ONE Lua script (atomic on the server), never read-then-write from Node.
 *
 * Times come from the caller's clock (an argument of each script), so tests can move them; replicas'
 * clocks only need to agree to within a few milliseconds.
 */
import { type Redis } from 'ioredis';
import {
  type CallerBudgetConfig,
  type CallerBudgets,
  limitsOf,
  type PartnerGrant,
  type PartnerBudget,
  type PartnerLimits,
  round,
  type ThrottleStatus,
} from '../budget.js';
import { type CachedRead, type CacheLookup, GLOBAL_TAG, type ReadCacheStore } from '../cache.js';
import { type Script, script } from './redis-scripts.js';

/** Epochs outlive every entry: an epoch key that expired would bring entries of epoch 0 back. */
const EPOCH_TTL_MS = 7 * 24 * 3600 * 1000;

const LOOKUP = `
local version = {}
for i = 1, #KEYS do
  version[i] = redis.call('GET', KEYS[i]) or '0'
end
local v = table.concat(version, '.')
return { v, redis.call('GET', ARGV[1] .. '@' .. v) or false }
`;

const BUMP = `
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ARGV[1])
end
return #KEYS
`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/** The read cache in Redis: `<prefix>read:<key>@<version>` entries, `<prefix>epoch:<tag>` counters. */
export class RedisReadCacheStore implements ReadCacheStore {
  private readonly lookupScript: Script;
  private readonly bumpScript: Script;
  private readonly releaseScript: Script;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.lookupScript = script(redis, 'creditGraphCacheLookup', undefined, LOOKUP);
    this.bumpScript = script(redis, 'creditGraphCacheBump', undefined, BUMP);
    this.releaseScript = script(redis, 'creditGraphFlightRelease', 1, RELEASE);
  }

  async get(key: string, tags: readonly string[]): Promise<CacheLookup> {
    const epochs = [GLOBAL_TAG, ...tags].map((tag) => this.epochKey(tag));
    const [version, raw] = (await this.lookupScript(epochs.length, ...epochs, `${this.prefix}read:${key}`)) as [string, string | null | false];
    return { version, entry: typeof raw === 'string' ? (JSON.parse(raw) as CachedRead) : undefined };
  }

  async set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}read:${key}@${version}`, JSON.stringify(entry), 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async invalidate(tags: readonly string[]): Promise<void> {
    if (tags.length > 0) {
      const keys = tags.map((tag) => this.epochKey(tag));
      await this.bumpScript(keys.length, ...keys, EPOCH_TTL_MS);
    }
  }

  async claim(key: string, version: string, holder: string, ttlMs: number): Promise<boolean> {
    const set = await this.redis.set(this.flightKey(key, version), holder, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
    return set === 'OK';
  }

  async release(key: string, version: string, holder: string): Promise<void> {
    await this.releaseScript(this.flightKey(key, version), holder);
  }

  async claimed(key: string, version: string): Promise<boolean> {
    return (await this.redis.exists(this.flightKey(key, version))) === 1;
  }

  async close(): Promise<void> {
    // The connection belongs to whoever built it (one connection serves every store).
  }

  private flightKey(key: string, version: string): string {
    return `${this.prefix}flight:${key}@${version}`;
  }

  private epochKey(tag: string): string {
    return `${this.prefix}epoch:${tag}`;
  }
}

// KEYS[1] the bucket hash; ARGV: now ms, maximum, restore per second, calls to take.
// ARGV: now ms, maximum, restore rate per second, calls to take (negative: a refund), 'admit' to take
// them only when the bucket holds them. Answers "<available> <1 taken | 0 not>".
const TAKE = `
local now = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local rate = tonumber(ARGV[3])
local take = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 'available', 'at')
local available = tonumber(held[1])
local at = tonumber(held[2])
if available == nil then
  available = max
  at = now
end
local elapsed = math.max(0, now - at)
local restored = math.min(max, available + elapsed / 1000 * rate)
local taken = 1
if ARGV[5] == 'admit' and restored < take then
  taken = 0
  take = 0
end
available = math.min(max, restored - take)
redis.call('HSET', KEYS[1], 'available', tostring(available), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((max - math.min(available, max)) / rate * 1000) + 60000)
return tostring(available) .. ' ' .. tostring(taken)
`;

/** Per-caller leaky buckets in Redis (`<prefix>caller:<id>`), shared by every replica. */
export class RedisCallerBudgets implements CallerBudgets {
  private readonly takeScript: Script;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly config: CallerBudgetConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.takeScript = script(redis, 'creditGraphCallerTake', 1, TAKE);
  }

  async status(callerId: string): Promise<ThrottleStatus> {
    return (await this.take(callerId, 0, 'spend')).status;
  }

  async spend(callerId: string, calls: number): Promise<ThrottleStatus> {
    return (await this.take(callerId, Math.max(0, calls), 'spend')).status;
  }

  admit(callerId: string, calls: number): Promise<{ admitted: boolean; status: ThrottleStatus }> {
    return this.take(callerId, Math.max(0, calls), 'admit');
  }

  async refund(callerId: string, calls: number): Promise<ThrottleStatus> {
    return (await this.take(callerId, -Math.max(0, calls), 'spend')).status;
  }

  async close(): Promise<void> {}

  private async take(callerId: string, calls: number, mode: 'spend' | 'admit'): Promise<{ admitted: boolean; status: ThrottleStatus }> {
    const limits = limitsOf(this.config, callerId);
    const raw = String(await this.takeScript(`${this.prefix}caller:${callerId}`, this.now(), limits.maximumAvailable, limits.restoreRate, calls, mode));
    const [available = '0', taken = '1'] = raw.split(' ');
    return {
      admitted: taken === '1',
      status: { maximumAvailable: limits.maximumAvailable, currentlyAvailable: round(Number(available)), restoreRate: limits.restoreRate },
    };
  }
}

// KEYS[1] the token bucket hash, KEYS[2] the in-flight leases (sorted set scored by expiry).
// ARGV: now ms, rate per second, burst, max in flight, lease id, lease lifetime ms.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local burst = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= cap then
  return { 0, 50 }
end
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1])
local at = tonumber(held[2])
if tokens == nil then
  tokens = burst
  at = now
end
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
if tokens < 1 then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  return { 0, math.max(1, math.ceil((1 - tokens) / rate * 1000)) }
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 60000)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[6]), ARGV[5])
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[6]) + 60000)
return { 1, 0 }
`;

/**
 * The partner budget of one upstream client id in Redis: one token bucket and one set of in-flight
 * leases for every replica. A lease lives at most `leaseMs` (the call deadline and a margin), so a
 * replica that dies holding slots frees them.
 */
export class RedisPartnerBudget implements PartnerBudget {
  private readonly acquireScript: Script;
  private readonly bucketKey: string;
  private readonly leasesKey: string;
  private next = 0;
  private readonly instance = Math.random().toString(36).slice(2, 10);

  constructor(
    private readonly redis: Redis,
    prefix: string,
    clientId: string,
    private readonly limits: PartnerLimits,
    private readonly leaseMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.acquireScript = script(redis, 'creditGraphPartnerAcquire', 2, ACQUIRE);
    this.bucketKey = `${prefix}partner:${clientId}:bucket`;
    this.leasesKey = `${prefix}partner:${clientId}:leases`;
  }

  async tryAcquire(): Promise<PartnerGrant> {
    this.next += 1;
    const lease = `r${this.instance}:${this.next}`;
    const [granted, retryInMs] = (await this.acquireScript(
      this.bucketKey,
      this.leasesKey,
      this.now(),
      this.limits.requestsPerSecond,
      this.limits.burst,
      this.limits.maxConcurrent,
      lease,
      this.leaseMs,
    )) as [number, number];
    return granted === 1 ? { ok: true, lease } : { ok: false, retryInMs: Number(retryInMs) };
  }

  async release(lease: string): Promise<void> {
    await this.redis.zrem(this.leasesKey, lease);
  }

  async close(): Promise<void> {}
}
