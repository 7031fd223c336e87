import { directSession, type ReadSession, type UpstreamCaller } from '../upstream/index.js';
import { type IdempotencyStore, processIdempotencyStore } from './common/idempotency.js';
import { budgetedUpstream, DEFAULT_QUERY_LIMITS } from './limits.js';
import { createLoaders, type Loaders } from './loaders.js';

/** Where the graph reports what it masks. Receives errors, never request data or personal data. */
export interface GraphLogger {
  error(message: string, error?: unknown): void;
}

/** Options of `createContext`. */
export interface CreateContextOptions {
  /** The upstream client (shared by the process; it holds the token and the rate limit). */
  upstream: UpstreamCaller;
  /**
   * Upstream operations this request may start (default `DEFAULT_QUERY_LIMITS.maxUpstreamCalls`, 200); fields
   * needing more fail with UPSTREAM_CALL_BUDGET_EXCEEDED (limits.ts).
   */
  maxUpstreamCalls?: number;
  logger?: GraphLogger;
  /**
   * Who is calling (the server's authenticated caller id). Part of the derived upstream
   * IdempotencyKey, so two callers using the same client key never collide. Default `anonymous`.
   */
  callerId?: string;
  /**
   * Answers of writes by derived IdempotencyKey (common/idempotency.ts). Shared by the requests of
   * one process on purpose: a repeated mutation arrives in another request. Default: one per process.
   */
  idempotency?: IdempotencyStore;
  /**
   * This request's session of the shared read layer (upstream/shared.ts: cache, coalescing, cost
   * counters). When absent, `upstream` is used as is, counted but neither cached nor coalesced.
   */
  session?: ReadSession;
}

/** The per-request context every resolver receives. */
export interface GraphContext {
  /** The shared client behind this request's call budget: every read and write goes through it. */
  upstream: UpstreamCaller;
  loaders: Loaders;
  logger: GraphLogger;
  callerId: string;
  idempotency: IdempotencyStore;
  /** What this request cost the partner (`extensions.cost`), and the invalidation hook of the write path. */
  reads: ReadSession;
}

const silent: GraphLogger = { error: () => undefined };

/** Builds the context of ONE request: fresh loaders, never shared between requests or callers. */
export function createContext(options: CreateContextOptions): GraphContext {
  const callerId = options.callerId ?? 'anonymous';
  const reads = options.session ?? directSession(options.upstream, callerId);
  const upstream = budgetedUpstream(reads, options.maxUpstreamCalls ?? DEFAULT_QUERY_LIMITS.maxUpstreamCalls);
  return {
    upstream,
    loaders: createLoaders(upstream),
    logger: options.logger ?? silent,
    callerId,
    idempotency: options.idempotency ?? processIdempotencyStore,
    reads,
  };
}
