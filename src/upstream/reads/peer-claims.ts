/**
 * Single flight across replicas. With a store several processes share (Redis), a replica about to
 * send a read first claims it in the store; identical reads on other replicas then wait for the
 * answer it stores instead of sending their own.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { type CachedRead, type CacheLookup, type ReadCacheStore } from '../cache.js';
import { type ReadOperation } from '../freshness.js';

/** What a read found before its partner call: the claim it now holds, or another replica's answer. */
export interface PeerClaim {
  /** This replica holds the claim (release it once the answer is stored). */
  holder?: string;
  /** Another replica's answer, stored while this one waited. */
  entry?: CachedRead;
}

/** Timing of the claims (see `PartnerReadsOptions`). */
export interface PeerClaimOptions {
  claimTtlMs?: number;
  peerWaitMs?: number;
  peerPollMs?: number;
}

/** What the claims tell the read layer. */
export interface PeerClaimHooks {
  /** A read was answered by another replica's partner call. */
  peerAnswered(operation: ReadOperation): void;
  /** A store operation failed; the read goes on without it. */
  storeFailed(action: 'claim', error: unknown): void;
}

/** The claims of one read layer on its store. */
export class PeerClaims {
  constructor(
    private readonly store: ReadCacheStore,
    private readonly options: PeerClaimOptions,
    private readonly hooks: PeerClaimHooks,
  ) {}

  /**
   * Claims the read in the shared store, or, while another replica holds the claim, waits for the
   * answer it stores (newer than what this lookup found). Gives up, and lets this replica ask the
   * partner itself, when the claim is let go without an answer (the other's call failed), a write
   * moved the epochs on, the store fails, or `peerWaitMs` passes.
   */
  async claimOrJoin(operation: ReadOperation, key: string, tags: readonly string[], lookup: CacheLookup): Promise<PeerClaim> {
    const store = this.store;
    if (store.claim === undefined || store.claimed === undefined || lookup.version === 'unavailable') {
      return {};
    }
    const holder = randomUUID();
    const seen = lookup.entry?.fetchedAt ?? Number.NEGATIVE_INFINITY;
    const giveUpAt = performance.now() + (this.options.peerWaitMs ?? 10_000);
    try {
      for (;;) {
        const claimed = await store.claim(key, lookup.version, holder, this.options.claimTtlMs ?? 30_000);
        // Looked again after the claim: another replica may have stored its answer and let go of
        // its claim between this read's lookup and its claim.
        const now = await store.get(key, tags);
        if (now.version !== lookup.version) {
          return claimed ? { holder } : {};
        }
        if (now.entry !== undefined && now.entry.fetchedAt > seen) {
          if (claimed) {
            await this.release(key, lookup.version, holder);
          }
          return this.peerAnswer(operation, now.entry);
        }
        if (claimed) {
          return { holder };
        }
        for (;;) {
          await delay(this.options.peerPollMs ?? 25);
          const later = await store.get(key, tags);
          if (later.version !== lookup.version) {
            return {};
          }
          if (later.entry !== undefined && later.entry.fetchedAt > seen) {
            return this.peerAnswer(operation, later.entry);
          }
          if (performance.now() >= giveUpAt) {
            return {};
          }
          if (!(await store.claimed(key, lookup.version))) {
            break;
          }
        }
      }
    } catch (error) {
      this.hooks.storeFailed('claim', error);
      return {};
    }
  }

  /** Gives the claim back (only if `holder` still holds it). */
  async release(key: string, version: string, holder: string): Promise<void> {
    try {
      await this.store.release?.(key, version, holder);
    } catch (error) {
      // It expires on its own after claimTtlMs.
      this.hooks.storeFailed('claim', error);
    }
  }

  private peerAnswer(operation: ReadOperation, entry: CachedRead): PeerClaim {
    this.hooks.peerAnswered(operation);
    return { entry };
  }
}
