/**
 * Remembers the answers of upstream writes by their derived IdempotencyKey, so that a client
 * repeating a mutation with the same `idempotencyKey` gets the first answer without a second write.
 *
 * The partner is asked to deduplicate too (the same derived key is sent), but whether the real
 * upstream replays a repeated key is not published (upstream-facts.md: "The gateway must not rely on
 * it alone"). This store is the graph's own guard: per process, bounded, with a time to live.
 * Concurrent repeats share the one in-flight write. Failed writes are forgotten, so a retry reaches
 * the partner again with the same key.
 */
export interface IdempotencyStore {
  /** Runs `write` once per key within the time to live; later calls with the key get its answer. */
  once<T>(key: string, write: () => Promise<T>): Promise<T>;
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
  const entries = new Map<string, { at: number; answer: Promise<unknown> }>();
  return {
    once<T>(key: string, write: () => Promise<T>): Promise<T> {
      const found = entries.get(key);
      if (found && now() - found.at < ttlMs) {
        return found.answer as Promise<T>;
      }
      entries.delete(key);
      const answer = write();
      entries.set(key, { at: now(), answer });
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
