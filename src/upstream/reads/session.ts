/**
 * One request's view of the partner reads: {@link ReadSession} is `request` as on the client, plus
 * what the request cost (`extensions.cost`) and the write hook. Also the fetch times every answer
 * carries (`fetchedAtOf`), whether it came from the partner, the cache or another replica.
 */
import { ANONYMOUS_CALLER } from '../../shared/callers.js';
import { type CallOptions, type UpstreamCaller } from '../client.js';
import { type ReadOperation } from '../freshness.js';
import { type OperationName } from '../operations.js';

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

/** Marks `answer` (when it is an object) as fetched at `at` (epoch ms). */
export function markFetchedAt(answer: unknown, at: number): void {
  if (typeof answer === 'object' && answer !== null) {
    fetchedAtByAnswer.set(answer, at);
  }
}

/** `answer` marked as fetched now (reads that bypass the cache carry their age too). */
export async function stamped<T>(answer: Promise<T>, now: () => number): Promise<T> {
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

/** A request's cost before its first call. */
export function emptyCost(): RequestCost {
  return { upstreamCalls: 0, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined };
}

/** Options of `PartnerReads.session`. */
export interface SessionOptions {
  /** Whose request it is: the fair limiter queues its calls apart from other callers'. */
  callerId: string;
  /**
   * Read every answer from the partner (no cached answer, no joining a read already in flight, and
   * no stale answer when the partner fails: the failure is the answer).
   */
  fresh?: boolean;
}

/** One request's view of the partner reads: `request` as on the client, plus its cost and the write hook. */
export interface ReadSession extends UpstreamCaller {
  readonly cost: RequestCost;
  readonly callerId: string;
  /**
   * Forgets the cached reads a write of `operation` to `proposalId` touched (every read of it when
   * no operation is given), on every replica sharing the cache. Writes through `request` do this by
   * themselves; the write path calls it too, so a write sent another way still invalidates.
   */
  invalidateProposal(proposalId: string, operation?: OperationName): Promise<void>;
  /**
   * The newest facts told of `proposalId` (monotonic reads, `monotonic.ts`): no partner call; absent
   * on a session without the read layer.
   */
  mark?(proposalId: string): Promise<Readonly<Record<string, number>>>;
  /**
   * Whether a read of `operation` with `body` would be answered now without a partner call of this
   * request: an answer the cache would serve (fresh, or within stale-while-revalidate), or an
   * identical read in flight on this replica. One look at the cache, no partner call; always false
   * for a fresh session; absent with the read cache off and on a session without the read layer.
   */
  holds?(operation: ReadOperation, body: object): Promise<boolean>;
}

/** `call` on behalf of `callerId`, each HTTP attempt counted into `cost`. */
export function countedCall(call: CallOptions, callerId: string, cost: RequestCost): CallOptions {
  return {
    ...call,
    caller: callerId,
    onAttempt: () => {
      cost.upstreamCalls += 1;
      call.onAttempt?.();
    },
  };
}

/**
 * A session over a plain caller, without cache or coalescing (tests and tools that hand the graph a
 * bare client): counts its calls and invalidates nothing.
 */
export function directSession(upstream: UpstreamCaller, callerId = ANONYMOUS_CALLER): ReadSession {
  const cost = emptyCost();
  return {
    cost,
    callerId,
    request: <T>(operation: OperationName, body: object, call: CallOptions = {}) =>
      stamped(upstream.request<T>(operation, body, countedCall(call, callerId, cost)), Date.now),
    invalidateProposal: async () => undefined,
  };
}

/**
 * `upstream` itself (past the cache, as the in-doubt probes need it), each HTTP attempt counted into
 * `session`'s cost, so `extensions.cost.upstreamCalls` is every call the partner saw for the request.
 */
export function countedUncached(upstream: UpstreamCaller, session: Pick<ReadSession, 'callerId' | 'cost'>): UpstreamCaller {
  return {
    request: <T>(operation: OperationName, body: object, call: CallOptions = {}) =>
      stamped(upstream.request<T>(operation, body, countedCall(call, call.caller ?? session.callerId, session.cost)), Date.now),
  };
}
