import { createHash } from 'node:crypto';

/**
 * Remembers the answers of upstream writes by their derived IdempotencyKey, so that a client
 * repeating a mutation with the same `idempotencyKey` gets the first answer without a second write.
 *
 * The partner is asked to deduplicate too (the same derived key is sent), but whether the real
 * upstream replays a repeated key is not published (upstream-facts.md: "The gateway must not rely on
 * it alone"). This store is the graph's own guard: per process, bounded, with a time to live.
 * Concurrent repeats share the one in-flight write. Failed writes are forgotten, so a retry reaches
 * the partner again with the same key.
 *
 * Each key is remembered with the fingerprint of the request it answered (see
 * {@link requestFingerprint}): the same key with another request is refused with
 * {@link IdempotencyKeyReusedError}, never answered with the first request's answer (the partner
 * answers that case with HTTP 409, I0001/V0001).
 */
export interface IdempotencyStore {
  /**
   * Runs `write` once per key within the time to live; later calls with the key and the same
   * `fingerprint` get its answer, calls with the key and another fingerprint are rejected with
   * {@link IdempotencyKeyReusedError} without running `write`.
   */
  once<T>(key: string, fingerprint: string, write: () => Promise<T>): Promise<T>;
}

/** A key already answered a different request; nothing was sent upstream. */
export class IdempotencyKeyReusedError extends Error {
  readonly code = 'IDEMPOTENCY_KEY_REUSED' as const;

  constructor() {
    super('This idempotencyKey was already used with a different request.');
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** JSON with object keys sorted recursively (undefined members dropped, array order kept). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(item => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of an upstream operation and its request body. */
export function requestFingerprint(operation: string, request: unknown): string {
  return createHash('sha256').update(canonicalJson({ operation, request })).digest('hex');
}

/** Options of {@link createIdempotencyStore}. */
export interface IdempotencyStoreOptions {
  /** How long an answer is remembered; default 24 h. */
  ttlMs?: number;
  /** Most answers remembered (oldest dropped first); default 10 000. */
  maxEntries?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/** An in-memory {@link IdempotencyStore}. */
export function createIdempotencyStore(options: IdempotencyStoreOptions = {}): IdempotencyStore {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; fingerprint: string; answer: Promise<unknown> }>();
  return {
    once<T>(key: string, fingerprint: string, write: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found && now() - found.at < ttlMs) {
        return found.fingerprint === fingerprint ? (found.answer as Promise<T>) : Promise.reject(new IdempotencyKeyReusedError());
      }
      entries.delete(key);
      const answer = write();
      entries.set(key, { at: now(), fingerprint, answer });
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) {
          entries.delete(key);
        }
      });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) {
          break;
        }
        entries.delete(oldest);
      }
      return answer;
    },
  };
}

/** The store used when the server passes none: one per process. */
export const processIdempotencyStore: IdempotencyStore = createIdempotencyStore();
