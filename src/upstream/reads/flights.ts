/**
 * The partner reads, shared across requests, callers and replicas, below the graph:
 *
 * - coalescing: identical reads in flight at once (same operation, canonical body, upstream client)
 *   go to the partner once, whoever asked; across replicas too when the store is shared (Redis):
 *   one replica claims the read, the others wait for its answer in the store (`peer-claims.ts`);
 * - a read cache ({@link ReadCacheStore}: memory, or Redis across replicas) with per-operation
 *   freshness, stale-while-revalidate and stale-if-error within a max-stale bound;
 * - invalidation: every write bumps the epochs of exactly the reads it touched, after it is sent and
 *   before its caller can read again, and detaches reads of them still in flight.
 *
 * Resolvers never see any of it: they call `request` as on the plain client. The per-request
 * {@link ReadSession} (`session.ts`) counts what the request cost (partner calls sent, cache hits,
 * stale answers) for `extensions.cost`.
 */
import { type CachedRead, type CacheLookup, readKey, type ReadCacheStore } from '../cache.js';
import { type CallOptions, type UpstreamCaller } from '../client.js';
import { UpstreamEnvelopeError } from '../errors.js';
import { isReadOperation, type ReadOperation, type ReadPolicy, readPoliciesWith, readTags, writeTags } from '../freshness.js';
import { safeObserver, type UpstreamObserver } from '../observer.js';
import { type OperationName } from '../operations.js';
import { MemoryReadCacheStore } from '../stores/memory.js';
import { fromFailure, toFailure, transient } from './failures.js';
import { answerFacts, carriesFacts, factsNamed, learnedFacts, olderFacts } from './facts.js';
import { type Mark, MemoryProposalMarks, type ProposalMarks } from './monotonic.js';
import { PeerClaims } from './peer-claims.js';
import { countedCall, emptyCost, markFetchedAt, type ReadSession, type RequestCost, type SessionOptions, stamped } from './session.js';

/** Counters of the partner reads, for metrics. */
export interface PartnerReadStats {
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
  /** Answers older than a fact already told of their proposal (situation, payments, boletos), read again from the partner (`monotonic.ts`). */
  regressionsRefreshed: number;
}

/** Told when the cache store failed (e.g. Redis down) and the read went on without it. */
export type StoreFailureHook = (event: { action: 'get' | 'set' | 'invalidate' | 'claim' | 'marks'; error: unknown }) => void;

/** Options of {@link PartnerReads}. */
export interface PartnerReadsOptions {
  /** The upstream client id: part of every cache key (two clients never share answers). */
  clientId: string;
  /** Where answers are kept (default: memory of this process). */
  store?: ReadCacheStore;
  /** The operator's overrides of the per-operation freshness (seconds); the rest keeps `DEFAULT_READ_POLICIES`. */
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
  /** The newest facts seen per proposal (default: memory of this process); see `monotonic.ts`. */
  marks?: ProposalMarks;
}

interface Flight {
  promise: Promise<unknown>;
  tags: readonly string[];
}

/** The read layer over one upstream client. Build one per process; hand each request a `session`. */
export class PartnerReads {
  private readonly flights = new Map<string, Flight>();
  private readonly store: ReadCacheStore;
  private readonly now: () => number;
  private readonly observer: UpstreamObserver;
  private readonly policies: Record<ReadOperation, ReadPolicy>;
  private readonly peers: PeerClaims;
  private readonly marks: ProposalMarks;
  private readonly counters: PartnerReadStats = {
    hits: 0,
    misses: 0,
    coalesced: 0,
    staleServed: 0,
    revalidations: 0,
    invalidations: 0,
    storeFailures: 0,
    peerServed: 0,
    regressionsRefreshed: 0,
  };

  constructor(
    private readonly client: UpstreamCaller,
    private readonly options: PartnerReadsOptions,
  ) {
    this.store = options.store ?? new MemoryReadCacheStore();
    this.now = options.now ?? Date.now;
    this.observer = safeObserver(options.observer);
    this.policies = readPoliciesWith(options.policies);
    this.marks = options.marks ?? new MemoryProposalMarks({ now: this.now });
    this.peers = new PeerClaims(this.store, options, {
      peerAnswered: (operation) => {
        this.counters.peerServed += 1;
        this.observer.cache({ operation, outcome: 'coalesced' });
      },
      storeFailed: (action, error) => this.storeFailed(action, error),
    });
  }

  /** A request's session: its calls, counted into its own cost. */
  session(options: SessionOptions): ReadSession {
    const cost = emptyCost();
    const fresh = options.fresh === true;
    const callerId = options.callerId;
    return {
      cost,
      callerId,
      request: <T>(operation: OperationName, body: object, call: CallOptions = {}): Promise<T> => {
        const counted = countedCall(call, callerId, cost);
        if (!isReadOperation(operation)) {
          return this.write<T>(operation, body, counted);
        }
        return this.options.cache === false
          ? stamped(this.client.request<T>(operation, body, counted), this.now)
          : (this.monotonicRead(operation, body, counted, cost, fresh) as Promise<T>);
      },
      mark: (proposalId) => this.raiseMarks(proposalId, {}),
      // Without the read cache nothing is held: no method, so callers skip the look-ups it would gate.
      holds: this.options.cache === false ? undefined : async (operation: ReadOperation, body: object) => !fresh && (await this.holds(operation, body)),
      invalidateProposal: (proposalId, operation) =>
        this.invalidate(writeTags(operation !== undefined && !isReadOperation(operation) ? operation : 'CancelarProposta', {}, proposalId)),
    };
  }

  /** Counters since start. */
  stats(): PartnerReadStats {
    return { ...this.counters };
  }

  /** The freshness rules in force. */
  policy(operation: ReadOperation): ReadPolicy {
    return this.policies[operation];
  }

  /** Whether `read` would serve an answer of `operation` for `body` without sending it (cached or in flight). */
  private async holds(operation: ReadOperation, body: object): Promise<boolean> {
    const key = readKey(this.options.clientId, operation, body);
    if (this.flights.has(key)) {
      return true;
    }
    const entry = (await this.lookup(key, readTags(operation, body))).entry;
    const policy = this.policies[operation];
    return entry !== undefined && this.now() - entry.fetchedAt <= (policy.freshSeconds + policy.staleWhileRevalidateSeconds) * 1000;
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

  /**
   * A read whose facts never move back: an answer older than the newest facts seen of its proposal
   * (on any replica sharing the marks) is read again from the partner, once, before it is served. A
   * fresh read costs nothing more than its partner call (and one look at the marks).
   */
  private async monotonicRead(operation: ReadOperation, body: object, call: CallOptions, cost: RequestCost, fresh: boolean): Promise<unknown> {
    const value = await this.read(operation, body, call, cost, fresh);
    if (!carriesFacts(operation)) {
      return value;
    }
    const found = answerFacts(operation, body, value);
    if (found === undefined) {
      return value;
    }
    const mark = await this.raiseMarks(found.proposalId, found.facts);
    if (fresh) {
      await this.learn(found, mark);
      return value;
    }
    if (olderFacts(found, mark).length === 0) {
      return value;
    }
    // An older answer than one already told (a cached, stale or lagging read): the partner's now.
    this.counters.regressionsRefreshed += 1;
    const again = await this.read(operation, body, call, cost, true);
    const refreshed = answerFacts(operation, body, again);
    if (refreshed !== undefined) {
      const after = await this.raiseMarks(refreshed.proposalId, refreshed.facts);
      await this.learn(refreshed, after);
      // Still older: the partner moved the fact back itself. Its word is settled into the mark, so
      // the next cached read of this answer is not sent again (unless the mark moved meanwhile).
      const still = olderFacts(refreshed, after);
      if (still.length > 0) {
        await this.settleMarks(refreshed.proposalId, factsNamed(after, still), factsNamed(refreshed.facts, still));
      }
    }
    return again;
  }

  /** Raises what a partner answer read fresh teaches beyond its own facts (a boleto cancelled since). */
  private async learn(found: NonNullable<ReturnType<typeof answerFacts>>, mark: Mark): Promise<void> {
    const learned = learnedFacts(found, mark);
    if (Object.keys(learned).length > 0) {
      await this.raiseMarks(found.proposalId, learned);
    }
  }

  private async settleMarks(proposalId: string, from: Mark, to: Mark): Promise<void> {
    try {
      await this.marks.settle(proposalId, from, to);
    } catch (error) {
      this.storeFailed('marks', error);
    }
  }

  private async raiseMarks(proposalId: string, facts: Mark): Promise<Mark> {
    try {
      return await this.marks.raise(proposalId, facts);
    } catch (error) {
      this.storeFailed('marks', error);
      return { ...facts };
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
  private fly(
    operation: ReadOperation,
    body: object,
    call: CallOptions,
    key: string,
    tags: readonly string[],
    lookup: CacheLookup,
    fresh: boolean,
    cost?: RequestCost,
  ): Promise<unknown> {
    const policy = this.policies[operation];
    const ttlMs = (policy.freshSeconds + Math.max(policy.staleWhileRevalidateSeconds, policy.maxStaleSeconds)) * 1000;
    const promise = (async () => {
      const peer = fresh ? {} : await this.peers.claimOrJoin(operation, key, tags, lookup);
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
          await this.peers.release(key, lookup.version, peer.holder);
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
    markFetchedAt(entry.value, entry.fetchedAt);
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

  private storeFailed(action: 'get' | 'set' | 'invalidate' | 'claim' | 'marks', error: unknown): void {
    this.counters.storeFailures += 1;
    try {
      this.options.onStoreFailure?.({ action, error });
    } catch {
      // A broken hook must not fail the read the store already failed.
    }
  }
}
