/**
 * Sharing of partner reads across requests, callers and replicas, below the graph:
 *
 * - coalescing: identical reads in flight at once (same operation, canonical body, upstream client)
 *   go to the partner once, whoever asked; across replicas too when the store is shared (Redis):
 *   one replica claims the read, the others wait for its answer in the store;
 * - a read cache ({@link ReadCacheStore}: memory, or Redis across replicas) with per-operation
 *   freshness, stale-while-revalidate and stale-if-error within a max-stale bound;
 * - invalidation: every write bumps the epochs of exactly the reads it touched, after it is sent and
 *   before its caller can read again, and detaches reads of them still in flight.
 *
 * Resolvers never see any of it: they call `request` as on the plain client. The per-request
 * {@link ReadSession} counts what the request cost (partner calls sent, cache hits, stale answers)
 * for `extensions.cost`.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { type CachedFailure, type CachedRead, type CacheLookup, MemoryReadCacheStore, readKey, type ReadCacheStore } from './cache.js';
import { type CallOptions, type UpstreamCaller } from './client.js';
import {
  UpstreamCircuitOpenError,
  UpstreamEnvelopeError,
  UpstreamForbiddenError,
  type UpstreamMessage,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from './errors.js';
import { DEFAULT_READ_POLICIES, isReadOperation, type ReadOperation, type ReadPolicy, readTags, writeTags } from './freshness.js';
import { safeObserver, type UpstreamObserver } from './observer.js';
import { type OperationName } from './operations.js';

/** When each partner answer handed out was fetched (epoch ms): `fetchedAtOf` reads it. */
const fetchedAtByAnswer = new WeakMap<object, number>();

/**
 * When the partner produced `answer` (an object returned by a read, or one `carryFetchedAt` marked):
 * the time of the partner read, also when the answer was served from the cache. Undefined for
 * anything else.
 */
export function fetchedAtOf(answer: unknown): Date | undefined {
  const at = typeof answer === 'object' && answer !== null ? fetchedAtByAnswer.get(answer) : undefined;
  return at === undefined ? undefined : new Date(at);
}

/** `answer` marked as fetched now (reads that bypass the cache carry their age too). */
async function stamped<T>(answer: Promise<T>, now: () => number): Promise<T> {
  const value = await answer;
  if (typeof value === 'object' && value !== null) {
    fetchedAtByAnswer.set(value, now());
  }
  return value;
}

/** Marks `part` (e.g. the `parcelas` array of an answer) with the fetch time of `answer`; returns `part`. */
export function carryFetchedAt<T>(answer: unknown, part: T): T {
  const at = typeof answer === 'object' && answer !== null ? fetchedAtByAnswer.get(answer) : undefined;
  if (at !== undefined && typeof part === 'object' && part !== null) {
    fetchedAtByAnswer.set(part, at);
  }
  return part;
}

/** What one request cost: the `extensions.cost` counters. */
export interface RequestCost {
  /** HTTP requests this request sent to the partner (retries and 401 replays included). */
  upstreamCalls: number;
  /** Reads answered from the cache or by joining an identical read already in flight. */
  cacheHits: number;
  /** Reads answered with an answer past its freshness (stale-while-revalidate or stale-if-error). */
  staleReads: number;
  /** Fetch time (epoch ms) of the oldest stale answer served, when any. */
  oldestStaleFetchedAt: number | undefined;
}

/** Options of {@link SharedUpstream.session}. */
export interface SessionOptions {
  /** Whose request it is: the fair limiter queues its calls apart from other callers'. */
  callerId: string;
  /**
   * Read every answer from the partner (no cached answer, no joining a read already in flight, and
   * no stale answer when the partner fails: the failure is the answer).
   */
  fresh?: boolean;
}

/** One request's view of the shared upstream: `request` as on the client, plus its cost and the write hook. */
export interface ReadSession extends UpstreamCaller {
  readonly cost: RequestCost;
  readonly callerId: string;
  /**
   * Forgets the cached reads a write of `operation` to `proposalId` touched (every read of it when
   * no operation is given), on every replica sharing the cache. Writes through `request` do this by
   * themselves; the write path calls it too, so a write sent another way still invalidates.
   */
  invalidateProposal(proposalId: string, operation?: OperationName): Promise<void>;
}

/** Counters of the shared reads, for metrics. */
export interface SharedReadStats {
  hits: number;
  misses: number;
  coalesced: number;
  staleServed: number;
  revalidations: number;
  invalidations: number;
  /** Cache operations that failed (e.g. Redis down) and were answered without the cache. */
  storeFailures: number;
  /** Reads answered by another replica's partner call (it held the claim; this one waited for its answer). */
  peerServed: number;
}

/** Told when the cache store failed (e.g. Redis down) and the read went on without it. */
export type StoreFailureHook = (event: { action: 'get' | 'set' | 'invalidate' | 'claim'; error: unknown }) => void;

/** Options of {@link SharedUpstream}. */
export interface SharedUpstreamOptions {
  /** The upstream client id: part of every cache key (two clients never share answers). */
  clientId: string;
  /** Where answers are kept (default: memory of this process). */
  store?: ReadCacheStore;
  /** Overrides of the per-operation freshness (seconds). */
  policies?: Partial<Record<ReadOperation, Partial<ReadPolicy>>>;
  /** Wall clock in ms (default `Date.now`); tests move it. */
  now?: () => number;
  /** Receives a `cache` event per read (hit, stale, miss, coalesced). */
  observer?: Partial<UpstreamObserver>;
  onStoreFailure?: StoreFailureHook;
  /** False: every read goes to the partner, neither cached nor coalesced (default true). */
  cache?: boolean;
  /**
   * With a shared store: how long a replica holds its claim on a read it is fetching (default
   * 30 000 ms, longer than a partner call's deadline; a dead replica's claim frees after it).
   */
  claimTtlMs?: number;
  /** With a shared store: longest a replica waits for another's answer before asking itself (default 10 000 ms). */
  peerWaitMs?: number;
  /** With a shared store: how often a waiting replica looks for the other's answer (default 25 ms). */
  peerPollMs?: number;
}

/** What a read found before its partner call: the claim it now holds, or another replica's answer. */
interface PeerClaim {
  /** This replica holds the claim (release it once the answer is stored). */
  holder?: string;
  /** Another replica's answer, stored while this one waited. */
  entry?: CachedRead;
}

interface Flight {
  promise: Promise<unknown>;
  tags: readonly string[];
}

/** Errors after which a stale answer may still be served (the partner did not give a business answer). */
function transient(error: unknown): boolean {
  return (
    error instanceof UpstreamUnavailableError ||
    error instanceof UpstreamTimeoutError ||
    error instanceof UpstreamRateLimitedError ||
    error instanceof UpstreamCircuitOpenError
  );
}

function toFailure(error: UpstreamEnvelopeError): CachedFailure {
  return {
    code: error.code as CachedFailure['code'],
    message: error.message,
    operation: error.operation,
    ...(error.status === undefined ? {} : { status: error.status }),
    items: error.items,
    ...(error.upstreamMessage === undefined ? {} : { upstreamMessage: error.upstreamMessage }),
  };
}

function fromFailure(failure: CachedFailure): UpstreamEnvelopeError {
  const init = {
    operation: failure.operation,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    items: failure.items as UpstreamMessage[],
    ...(failure.upstreamMessage === undefined ? {} : { upstreamMessage: failure.upstreamMessage }),
  };
  switch (failure.code) {
    case 'UPSTREAM_NOT_FOUND':
      return new UpstreamNotFoundError(failure.message, init);
    case 'UPSTREAM_FORBIDDEN':
      return new UpstreamForbiddenError(failure.message, init);
    default:
      return new UpstreamRejectedError(failure.message, init);
  }
}

/** The shared read layer over one upstream client. Build one per process; hand each request a `session`. */
export class SharedUpstream {
  private readonly flights = new Map<string, Flight>();
  private readonly store: ReadCacheStore;
  private readonly now: () => number;
  private readonly observer: UpstreamObserver;
  private readonly policies: Record<ReadOperation, ReadPolicy>;
  private readonly counters: SharedReadStats = { hits: 0, misses: 0, coalesced: 0, staleServed: 0, revalidations: 0, invalidations: 0, storeFailures: 0, peerServed: 0 };

  constructor(
    private readonly client: UpstreamCaller,
    private readonly options: SharedUpstreamOptions,
  ) {
    this.store = options.store ?? new MemoryReadCacheStore();
    this.now = options.now ?? Date.now;
    this.observer = safeObserver(options.observer);
    const policies = { ...DEFAULT_READ_POLICIES } as Record<ReadOperation, ReadPolicy>;
    for (const [operation, override] of Object.entries(options.policies ?? {}) as Array<[ReadOperation, Partial<ReadPolicy>]>) {
      policies[operation] = { ...policies[operation], ...override };
    }
    this.policies = policies;
  }

  /** A request's session: its calls, counted into its own cost. */
  session(options: SessionOptions): ReadSession {
    const cost: RequestCost = { upstreamCalls: 0, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined };
    const fresh = options.fresh === true;
    const callerId = options.callerId;
    return {
      cost,
      callerId,
      request: <T>(operation: OperationName, body: object, call: CallOptions = {}): Promise<T> => {
        const counted: CallOptions = {
          ...call,
          caller: callerId,
          onAttempt: () => {
            cost.upstreamCalls += 1;
            call.onAttempt?.();
          },
        };
        if (!isReadOperation(operation)) {
          return this.write<T>(operation, body, counted);
        }
        return this.options.cache === false ? stamped(this.client.request<T>(operation, body, counted), this.now) : (this.read(operation, body, counted, cost, fresh) as Promise<T>);
      },
      invalidateProposal: (proposalId, operation) => this.invalidate(writeTags(operation !== undefined && !isReadOperation(operation) ? operation : 'CancelarProposta', {}, proposalId)),
    };
  }

  /** Counters since start. */
  stats(): SharedReadStats {
    return { ...this.counters };
  }

  /** The freshness rules in force. */
  policy(operation: ReadOperation): ReadPolicy {
    return this.policies[operation];
  }

  /** Forgets the reads under `tags` everywhere the store is shared, and detaches reads of them in flight here. */
  async invalidate(tags: readonly string[]): Promise<void> {
    this.counters.invalidations += 1;
    for (const [key, flight] of this.flights) {
      if (tags.includes('all') || flight.tags.some((tag) => tags.includes(tag))) {
        this.flights.delete(key);
      }
    }
    try {
      await this.store.invalidate(tags);
    } catch (error) {
      this.storeFailed('invalidate', error);
    }
  }

  /** Closes the store (the client belongs to the caller). */
  async close(): Promise<void> {
    await this.store.close();
  }

  private async write<T>(operation: OperationName, body: object, call: CallOptions): Promise<T> {
    const tags = writeTags(operation as Exclude<OperationName, ReadOperation>, body);
    try {
      return await this.client.request<T>(operation, body, call);
    } finally {
      // Whatever happened (a timed-out write may still have been applied), later reads must ask again.
      await this.invalidate(tags);
    }
  }

  private async read(operation: ReadOperation, body: object, call: CallOptions, cost: RequestCost, fresh: boolean): Promise<unknown> {
    const key = readKey(this.options.clientId, operation, body);
    const tags = readTags(operation, body);
    const policy = this.policies[operation];
    const lookup = await this.lookup(key, tags);
    const entry = lookup.entry;
    const age = entry === undefined ? Number.POSITIVE_INFINITY : this.now() - entry.fetchedAt;
    if (!fresh && entry !== undefined) {
      if (age <= policy.freshSeconds * 1000) {
        this.counters.hits += 1;
        cost.cacheHits += 1;
        this.observer.cache({ operation, outcome: 'hit' });
        return this.serve(entry);
      }
      if (age <= (policy.freshSeconds + policy.staleWhileRevalidateSeconds) * 1000) {
        this.counters.staleServed += 1;
        this.markStale(cost, entry);
        this.observer.cache({ operation, outcome: 'stale' });
        this.revalidate(operation, body, key, tags, lookup);
        return this.serve(entry);
      }
    }
    const joined = fresh ? undefined : this.flights.get(key);
    let promise: Promise<unknown>;
    if (joined !== undefined) {
      this.counters.coalesced += 1;
      cost.cacheHits += 1;
      this.observer.cache({ operation, outcome: 'coalesced' });
      promise = joined.promise;
    } else {
      this.counters.misses += 1;
      this.observer.cache({ operation, outcome: 'miss' });
      promise = this.fly(operation, body, call, key, tags, lookup, fresh, cost);
    }
    try {
      return await promise;
    } catch (error) {
      // A fresh read (the caller sent `Cache-Control: no-cache`) asked for the partner's answer and
      // nothing older: its failure is the answer, never a stale copy.
      if (!fresh && entry !== undefined && transient(error) && age <= (policy.freshSeconds + policy.maxStaleSeconds) * 1000) {
        this.counters.staleServed += 1;
        this.markStale(cost, entry);
        this.observer.cache({ operation, outcome: 'stale' });
        return this.serve(entry);
      }
      throw error;
    }
  }

  /**
   * Starts one partner read, shared by every identical read until it settles (fresh reads share
   * nothing). With a shared store it first claims the read, so identical reads on other replicas
   * wait for this answer instead of sending their own (and this one waits for theirs).
   */
  private fly(operation: ReadOperation, body: object, call: CallOptions, key: string, tags: readonly string[], lookup: CacheLookup, fresh: boolean, cost?: RequestCost): Promise<unknown> {
    const policy = this.policies[operation];
    const ttlMs = (policy.freshSeconds + Math.max(policy.staleWhileRevalidateSeconds, policy.maxStaleSeconds)) * 1000;
    const promise = (async () => {
      const peer = fresh ? {} : await this.claimOrJoin(operation, key, tags, lookup);
      if (peer.entry !== undefined) {
        // Another replica's call answered it: a shared read, not a partner call, for this request.
        if (cost !== undefined) {
          cost.cacheHits += 1;
        }
        return this.serve(peer.entry);
      }
      try {
        const value = await this.client.request<unknown>(operation, body, call);
        const entry: CachedRead = { value, fetchedAt: this.now() };
        await this.save(key, lookup.version, entry, ttlMs);
        return this.serve(entry);
      } catch (error) {
        if (error instanceof UpstreamEnvelopeError) {
          // A business answer (unknown proposal, no agenda yet): as cacheable as data.
          await this.save(key, lookup.version, { error: toFailure(error), fetchedAt: this.now() }, ttlMs);
        }
        throw error;
      } finally {
        if (peer.holder !== undefined) {
          await this.releaseClaim(key, lookup.version, peer.holder);
        }
      }
    })();
    if (!fresh) {
      const flight: Flight = { promise, tags };
      this.flights.set(key, flight);
      const done = (): void => {
        if (this.flights.get(key) === flight) {
          this.flights.delete(key);
        }
      };
      promise.then(done, done);
    }
    return promise;
  }

  /**
   * Single flight across replicas: claims the read in the shared store, or, while another replica
   * holds the claim, waits for the answer it stores (newer than what this lookup found). Gives up,
   * and lets this replica ask the partner itself, when the claim is let go without an answer (the
   * other's call failed), a write moved the epochs on, the store fails, or `peerWaitMs` passes.
   */
  private async claimOrJoin(operation: ReadOperation, key: string, tags: readonly string[], lookup: CacheLookup): Promise<PeerClaim> {
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
            await this.releaseClaim(key, lookup.version, holder);
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
      this.storeFailed('claim', error);
      return {};
    }
  }

  private peerAnswer(operation: ReadOperation, entry: CachedRead): PeerClaim {
    this.counters.peerServed += 1;
    this.observer.cache({ operation, outcome: 'coalesced' });
    return { entry };
  }

  private async releaseClaim(key: string, version: string, holder: string): Promise<void> {
    try {
      await this.store.release?.(key, version, holder);
    } catch (error) {
      // It expires on its own after claimTtlMs.
      this.storeFailed('claim', error);
    }
  }

  /** One background read refreshing a stale answer (none when one is already in flight). */
  private revalidate(operation: ReadOperation, body: object, key: string, tags: readonly string[], lookup: CacheLookup): void {
    if (this.flights.has(key)) {
      return;
    }
    this.counters.revalidations += 1;
    // Nobody's request pays for it: it queues as the background caller.
    this.fly(operation, body, { caller: 'background' }, key, tags, lookup, false).catch(() => undefined);
  }

  private serve(entry: CachedRead): unknown {
    if (entry.error !== undefined) {
      throw fromFailure(entry.error);
    }
    if (typeof entry.value === 'object' && entry.value !== null) {
      fetchedAtByAnswer.set(entry.value, entry.fetchedAt);
    }
    return entry.value;
  }

  private markStale(cost: RequestCost, entry: CachedRead): void {
    cost.staleReads += 1;
    cost.cacheHits += 1;
    cost.oldestStaleFetchedAt = Math.min(cost.oldestStaleFetchedAt ?? Number.POSITIVE_INFINITY, entry.fetchedAt);
  }

  private async lookup(key: string, tags: readonly string[]): Promise<CacheLookup> {
    try {
      return await this.store.get(key, tags);
    } catch (error) {
      this.storeFailed('get', error);
      return { entry: undefined, version: 'unavailable' };
    }
  }

  private async save(key: string, version: string, entry: CachedRead, ttlMs: number): Promise<void> {
    if (version === 'unavailable') {
      return;
    }
    try {
      await this.store.set(key, version, entry, ttlMs);
    } catch (error) {
      this.storeFailed('set', error);
    }
  }

  private storeFailed(action: 'get' | 'set' | 'invalidate' | 'claim', error: unknown): void {
    this.counters.storeFailures += 1;
    try {
      this.options.onStoreFailure?.({ action, error });
    } catch {
      // A broken hook must not fail the read the store already failed.
    }
  }
}

/**
 * A session over a plain caller, without cache or coalescing (tests and tools that hand the graph a
 * bare client): counts its calls and invalidates nothing.
 */
export function directSession(upstream: UpstreamCaller, callerId = 'anonymous'): ReadSession {
  const cost: RequestCost = { upstreamCalls: 0, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined };
  return {
    cost,
    callerId,
    request: <T>(operation: OperationName, body: object, call: CallOptions = {}) =>
      stamped(
        upstream.request<T>(operation, body, {
          ...call,
          caller: callerId,
          onAttempt: () => {
            cost.upstreamCalls += 1;
            call.onAttempt?.();
          },
        }),
        Date.now,
      ),
    invalidateProposal: async () => undefined,
  };
}
