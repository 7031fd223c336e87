/**
 * The read cache's storage: one small interface, {@link ReadCacheStore}, with an in-memory
 * implementation (`stores/memory.ts`) and a Redis one (`stores/redis.ts`); one shared test suite runs
 * against both.
 *
 * Invalidation is by epochs, not by deleting keys: every entry is stored under the current epochs of
 * its tags (`p:<proposal>:<operation>` and the global `all`), and a write bumps the epochs of exactly
 * what it touched. A read that started before the write stores its (old) answer under the old epochs,
 * where no later read looks, so a write can never be undone by a slow read finishing after it.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '../shared/canonical-json.js';
import { boundedMemo } from '../shared/memo.js';

/** A cached answer: the success body, or the envelope failure the partner answered (a negative entry). */
export interface CachedRead {
  /** The success body (JSON), when the partner answered with data. */
  value?: unknown;
  /** The envelope failure (not found, forbidden, rejected), when the partner answered with one. */
  error?: CachedFailure;
  /** When the partner answered (epoch ms, wall clock: replicas compare it). */
  fetchedAt: number;
}

/** An envelope failure in a form that survives JSON (rebuilt into its error class by `reads/failures.ts`). */
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

/**
 * The key of one partner read: upstream client, operation and canonical body, hashed (a body can
 * carry a document number, which must not appear in a key). The one-shot `hash` gives the same
 * digest as `createHash` at a third of its cost, so keys stay the same across replicas and versions.
 * A process reads the same few bodies again and again (a dashboard's proposal under load): the
 * digest of a text seen lately is remembered, a look-up by the text instead of a SHA-256 each time.
 */
export function readKey(clientId: string, operation: string, body: unknown): string {
  return digestOf(`${clientId}\n${operation}\n${canonicalJson(body)}`);
}

/** The digests of read texts seen lately (at most 2048; past it the memo starts over, bounded whatever callers read). */
const digestOf = boundedMemo(2048, (text: string) => hash('sha256', text, 'base64url'));
