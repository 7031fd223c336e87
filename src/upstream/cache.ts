/**
 * The read cache's storage: one small interface, {@link ReadCacheStore}, with an in-memory
 * implementation here and a Redis one in `redis.ts`; one shared test suite runs against both.
 *
 * Invalidation is by epochs, not by deleting keys: every entry is stored under the current epochs of
 * its tags (`p:<proposal>:<operation>` and the global `all`), and a write bumps the epochs of exactly
 * what it touched. A read that started before the write stores its (old) answer under the old epochs,
 * where no later read looks, so a write can never be undone by a slow read finishing after it.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../shared/canonical-json.js';

/** A cached answer: the success body, or the envelope failure the partner answered (a negative entry). */
export interface CachedRead {
  /** The success body (JSON), when the partner answered with data. */
  value?: unknown;
  /** The envelope failure (not found, forbidden, rejected), when the partner answered with one. */
  error?: CachedFailure;
  /** When the partner answered (epoch ms, wall clock: replicas compare it). */
  fetchedAt: number;
}

/** An envelope failure in a form that survives JSON (rebuilt into its error class by `shared.ts`). */
export interface CachedFailure {
  code: 'UPSTREAM_NOT_FOUND' | 'UPSTREAM_FORBIDDEN' | 'UPSTREAM_REJECTED';
  message: string;
  operation: string;
  status?: number;
  items: unknown[];
  upstreamMessage?: string;
}

/** What a lookup found: the entry (if any) and the version (epochs) its tags have now. */
export interface CacheLookup {
  entry: CachedRead | undefined;
  /** Pass back to `set`: the answer is stored under the epochs seen when the read started. */
  version: string;
}

/** Storage of the read cache. Keys are opaque hashes (no document number ever appears in a key). */
export interface ReadCacheStore {
  /** The entry of `key` under the current epochs of `tags` (the global epoch is always included). */
  get(key: string, tags: readonly string[]): Promise<CacheLookup>;
  /** Stores `entry` under `version` for `ttlMs`. */
  set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void>;
  /** Bumps the epochs of `tags`: every entry stored under an older epoch of one of them is gone for good. */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
  /**
   * Single flight across replicas (only a store shared by several processes needs it: one process's
   * identical reads already share one flight). Claims the right to fetch `key` under `version` for
   * `ttlMs`: true when `holder` now holds it, false when another replica is fetching it.
   */
  claim?(key: string, version: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives a claim back, only if `holder` still holds it (an expired claim may be another's by now). */
  release?(key: string, version: string, holder: string): Promise<void>;
  /** Whether some replica holds a claim on `key` under `version`. */
  claimed?(key: string, version: string): Promise<boolean>;
}

/** The tag every entry carries: bumping it forgets everything (a write whose target is unknown). */
export const GLOBAL_TAG = 'all';

/** The key of one partner read: upstream client, operation and canonical body, hashed. */
export function readKey(clientId: string, operation: string, body: unknown): string {
  return createHash('sha256').update(`${clientId}\n${operation}\n${canonicalJson(body)}`).digest('base64url');
}

/** Options of {@link MemoryReadCacheStore}. */
export interface MemoryReadCacheOptions {
  /** Most entries kept; the least recently used go first (default 10 000). */
  maxEntries?: number;
  /** Monotonic-enough clock in ms for expiry (default `Date.now`). */
  now?: () => number;
}

/** The read cache of one process: the embedded default, and the fallback when Redis is down. */
export class MemoryReadCacheStore implements ReadCacheStore {
  private readonly epochs = new Map<string, number>();
  private readonly entries = new Map<string, { entry: CachedRead; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryReadCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /** Entries held (expired ones included until they are looked up or pushed out). */
  get size(): number {
    return this.entries.size;
  }

  async get(key: string, tags: readonly string[]): Promise<CacheLookup> {
    const version = this.version(tags);
    const slot = `${key}@${version}`;
    const held = this.entries.get(slot);
    if (held === undefined) {
      return { entry: undefined, version };
    }
    if (held.expiresAt < this.now()) {
      this.entries.delete(slot);
      return { entry: undefined, version };
    }
    // Least recently used goes first: a hit moves the entry to the end of the insertion order.
    this.entries.delete(slot);
    this.entries.set(slot, held);
    return { entry: held.entry, version };
  }

  async set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    const slot = `${key}@${version}`;
    this.entries.delete(slot);
    this.entries.set(slot, { entry, expiresAt: this.now() + Math.max(0, ttlMs) });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  async invalidate(tags: readonly string[]): Promise<void> {
    for (const tag of tags) {
      this.epochs.set(tag, (this.epochs.get(tag) ?? 0) + 1);
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private version(tags: readonly string[]): string {
    return [GLOBAL_TAG, ...tags].map((tag) => String(this.epochs.get(tag) ?? 0)).join('.');
  }
}
