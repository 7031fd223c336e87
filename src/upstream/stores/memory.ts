/**
 * The read cache of one process ({@link ReadCacheStore} in memory): the embedded default, and the
 * fallback when Redis is down. Entries and epochs are both bounded, least recently used first
 * (`lru-cache`).
 */
import { LRUCache } from 'lru-cache';
import { type CachedRead, type CacheLookup, GLOBAL_TAG, type ReadCacheStore } from '../cache.js';

/** Options of {@link MemoryReadCacheStore}. */
export interface MemoryReadCacheOptions {
  /** Most entries kept; the least recently used go first (default 10 000). */
  maxEntries?: number;
  /**
   * Most tag epochs kept (default twice `maxEntries`, at least 1000), the least recently bumped
   * pushed out first. A tag whose epoch is pushed out reads as the highest epoch pushed out so far,
   * never lower than its own: no entry stored before its last invalidation comes back; entries of
   * other forgotten tags may be lost with it (a miss, never a stale answer).
   */
  maxEpochs?: number;
  /** Monotonic-enough clock in ms for expiry (default `Date.now`). */
  now?: () => number;
}

interface Held {
  entry: CachedRead;
  expiresAt: number;
}

/** The read cache of one process. */
export class MemoryReadCacheStore implements ReadCacheStore {
  /** Epoch of each tag bumped lately. */
  private readonly epochs: LRUCache<string, number>;
  private readonly entries: LRUCache<string, Held>;
  private readonly now: () => number;
  /**
   * The epoch of a tag not in `epochs`: the highest epoch pushed out so far. A tag's epoch therefore
   * never goes down, and goes up with every bump: an older version never comes back.
   */
  private floor = 0;

  constructor(options: MemoryReadCacheOptions = {}) {
    const maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.entries = new LRUCache<string, Held>({ max: maxEntries });
    this.epochs = new LRUCache<string, number>({
      max: Math.max(1, options.maxEpochs ?? Math.max(1000, 2 * maxEntries)),
      dispose: (epoch, _tag, reason) => {
        if (reason === 'evict') {
          this.floor = Math.max(this.floor, epoch);
        }
      },
    });
    this.now = options.now ?? Date.now;
  }

  /** Entries held (expired ones included until they are looked up or pushed out). */
  get size(): number {
    return this.entries.size;
  }

  /** Tag epochs held. */
  get epochCount(): number {
    return this.epochs.size;
  }

  async get(key: string, tags: readonly string[]): Promise<CacheLookup> {
    const version = this.version(tags);
    const slot = `${key}@${version}`;
    // A hit makes the entry the most recently used.
    const held = this.entries.get(slot);
    if (held === undefined) {
      return { entry: undefined, version };
    }
    if (held.expiresAt < this.now()) {
      this.entries.delete(slot);
      return { entry: undefined, version };
    }
    return { entry: held.entry, version };
  }

  async set(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    this.entries.set(`${key}@${version}`, { entry, expiresAt: this.now() + Math.max(0, ttlMs) });
  }

  async invalidate(tags: readonly string[]): Promise<void> {
    for (const tag of tags) {
      this.epochs.set(tag, (this.epochs.peek(tag) ?? this.floor) + 1);
    }
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private version(tags: readonly string[]): string {
    // `peek`: reading an epoch does not keep it; bumping it does. Built in place: every read looks it up.
    let version = String(this.epochs.peek(GLOBAL_TAG) ?? this.floor);
    for (const tag of tags) {
      version += `.${this.epochs.peek(tag) ?? this.floor}`;
    }
    return version;
  }
}
