import { type UpstreamClient } from '../upstream/index.js';
import { type IdempotencyStore, processIdempotencyStore } from './common/idempotency.js';
import { createLoaders, type Loaders } from './loaders.js';

/** Where the graph reports what it masks. Receives errors, never request data or personal data. */
export interface GraphLogger {
  error(message: string, error?: unknown): void;
}

/** Options of `createContext`. */
export interface CreateContextOptions {
  /** The upstream client (shared by the process; it holds the token and the rate limit). */
  upstream: UpstreamClient;
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
}

/** The per-request context every resolver receives. */
export interface GraphContext {
  upstream: UpstreamClient;
  loaders: Loaders;
  logger: GraphLogger;
  callerId: string;
  idempotency: IdempotencyStore;
}

const silent: GraphLogger = { error: () => undefined };

/** Builds the context of ONE request: fresh loaders, never shared between requests or callers. */
export function createContext(options: CreateContextOptions): GraphContext {
  return {
    upstream: options.upstream,
    loaders: createLoaders(options.upstream),
    logger: options.logger ?? silent,
    callerId: options.callerId ?? 'anonymous',
    idempotency: options.idempotency ?? processIdempotencyStore,
  };
}
