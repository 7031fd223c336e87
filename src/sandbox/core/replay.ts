import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json.js';

/** An operation's answer as sent: HTTP status and the envelope text. */
export interface Answer {
  status: number;
  text: string;
}

export interface ReplayEntry extends Answer {
  fingerprint: string;
}

/** Replay-cache entries kept (oldest dropped first). */
const MAX_REPLAY_ENTRIES = 50_000;
/** Replay-cache size in characters of answers and fingerprints kept (oldest dropped first). */
const MAX_REPLAY_CHARS = 256 * 1024 * 1024;

/** Most replay entries a persistent sandbox keeps across a restart (the newest). */
const MAX_PERSISTED_ENTRIES = 1_000;

/** The replay store as a persistent sandbox keeps it across restarts. */
export interface ReplaySnapshot {
  enabled: boolean;
  entries: Array<[string, ReplayEntry]>;
}

/** What the replay store knows of a write: nothing yet, its first answer, or another request under the key. */
export type ReplayLookup = { kind: 'new' } | { kind: 'replay'; answer: Answer } | { kind: 'conflict' };

/**
 * The IdempotencyKey replay cache of writes, keyed by (client id, key), bounded by entries and size.
 * `enabled` false makes the sandbox a partner that ignores the key: nothing is looked up or kept.
 */
export class ReplayStore {
  /** Off (`PUT /_sandbox/idempotency {replay: false}`): every write runs as new. */
  enabled = true;
  private readonly entries = new Map<string, ReplayEntry>();
  private chars = 0;

  constructor(
    private readonly maxEntries = MAX_REPLAY_ENTRIES,
    private readonly maxChars = MAX_REPLAY_CHARS,
  ) {}

  /** The fingerprint of a write: its operation path and the canonical JSON of its body. */
  static fingerprint(path: string, body: unknown): string {
    return createHash('sha256')
      .update(`${path}\n${canonicalJson(body)}`)
      .digest('base64');
  }

  lookup(clientId: string, key: string, fingerprint: string): ReplayLookup {
    const previous = this.entries.get(cacheKey(clientId, key));
    if (!previous) {
      return { kind: 'new' };
    }
    return previous.fingerprint === fingerprint ? { kind: 'replay', answer: { status: previous.status, text: previous.text } } : { kind: 'conflict' };
  }

  remember(clientId: string, key: string, fingerprint: string, answer: Answer): void {
    const size = (e: ReplayEntry): number => e.fingerprint.length + e.text.length;
    const entry = { fingerprint, ...answer };
    this.entries.set(cacheKey(clientId, key), entry);
    this.chars += size(entry);
    while (this.entries.size > 1 && (this.entries.size > this.maxEntries || this.chars > this.maxChars)) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, ReplayEntry];
      this.entries.delete(oldestKey);
      this.chars -= size(oldest);
    }
  }

  /** The newest entries and the setting, so a retry after a restart is still answered as the first time. */
  snapshot(): ReplaySnapshot {
    return { enabled: this.enabled, entries: [...this.entries.entries()].slice(-MAX_PERSISTED_ENTRIES) };
  }

  /** Takes back a {@link ReplayStore.snapshot} (after a reset). */
  restore(snapshot: ReplaySnapshot): void {
    this.reset();
    this.enabled = snapshot.enabled;
    for (const [key, entry] of snapshot.entries) {
      this.entries.set(key, entry);
      this.chars += entry.fingerprint.length + entry.text.length;
    }
  }

  /** Forgets every answer and turns replay back on (reset). */
  reset(): void {
    this.entries.clear();
    this.chars = 0;
    this.enabled = true;
  }
}

function cacheKey(clientId: string, key: string): string {
  return `${clientId}\u0000${key}`;
}
