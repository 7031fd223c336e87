import { type Config, type UpstreamLimits, type UpstreamSettings } from '../config/index.js';
import {
  createSharedState,
  createUpstreamClient,
  FairLimiter,
  type SharedState,
  type UpstreamClient,
  type UpstreamClientOptions,
  type UpstreamObserver,
} from '../upstream/index.js';
import { type Logger, silentLogger } from './logger.js';

/** Where the upstream client connects: the real upstream from the config, or the embedded sandbox. */
export type UpstreamConnection = UpstreamSettings;

/** The upstream client's options from a connection and the configured limits; `observer` receives its events (metrics, traces, logs). */
export function upstreamClientOptions(connection: UpstreamConnection, limits: UpstreamLimits, observer?: UpstreamObserver): UpstreamClientOptions {
  return {
    ...(observer === undefined ? {} : { observer }),
    baseUrl: connection.baseUrl,
    environmentUrl: connection.environmentUrl,
    authUrl: connection.authUrl,
    clientId: connection.clientId,
    privateKeyPem: connection.privateKeyPem,
    scope: limits.scope,
    timeouts: { deadlineMs: limits.timeoutMs },
    hedge: limits.hedgeAfterMs === undefined ? false : { afterMs: limits.hedgeAfterMs },
    breaker: limits.breaker === undefined ? false : { ...limits.breaker },
    rateLimit: {
      requestsPerSecond: limits.requestsPerSecond,
      burst: limits.burst,
      maxConcurrent: limits.maxConcurrent,
      maxWaitMs: limits.maxWaitMs,
      ...(limits.overdue === undefined ? {} : { overdue: limits.overdue }),
    },
  };
}

/** The upstream client of a replica and the state it shares with the others. */
export interface ConnectedUpstream {
  client: UpstreamClient;
  /** Read cache, caller budgets and partner budget: in memory, or in Redis with REDIS_URL. */
  state: SharedState;
  /** The fair limiter every partner call of this replica waits for. */
  limiter: FairLimiter;
  /** Closes the client, then the shared state. */
  close(): Promise<void>;
}

/**
 * The upstream client as a replica runs it: its calls wait for the fair limiter (writes first, then
 * callers in weighted turn) over the partner budget of its client id, shared through Redis when
 * REDIS_URL is set. Redis failing degrades each kind of state to this replica's memory, with a warn
 * line and `onDegraded` (a metric hook), never a failed request.
 */
export async function connectUpstream(
  config: Config,
  connection: UpstreamConnection,
  options: { logger?: Logger; observer?: Partial<UpstreamObserver>; onDegraded?: Parameters<typeof createSharedState>[0]['onDegraded'] } = {},
): Promise<ConnectedUpstream> {
  const logger = options.logger ?? silentLogger;
  const limits = config.upstreamLimits;
  const state = await createSharedState({
    ...(config.sharing.redisUrl === undefined ? {} : { redisUrl: config.sharing.redisUrl }),
    keyPrefix: config.sharing.redisKeyPrefix,
    commandTimeoutMs: config.sharing.redisCommandTimeoutMs,
    clientId: connection.clientId,
    partner: { requestsPerSecond: limits.requestsPerSecond, burst: limits.burst, maxConcurrent: limits.maxConcurrent },
    // A slot is held at most for one call's deadline; a replica that dies with slots frees them after it.
    leaseMs: limits.timeoutMs + 5000,
    callerBudgets: config.sharing.callerBudgets,
    onDegraded: (event) => {
      if (event.degraded) {
        logger.warn("Redis does not answer: shared state served from this replica's memory", {
          component: event.component,
          errorClass: event.error instanceof Error ? event.error.constructor.name : undefined,
        });
      } else {
        logger.info('Redis answers again: shared state back on Redis', { component: event.component });
      }
      options.onDegraded?.(event);
    },
  });
  const limiter = new FairLimiter({
    budget: state.partnerBudget,
    requestsPerSecond: limits.requestsPerSecond,
    burst: limits.burst,
    maxWaitMs: limits.maxWaitMs,
    slots: limits.maxConcurrent,
    ...(limits.overdue === undefined ? {} : { overdue: limits.overdue }),
    weights: config.sharing.callerWeights,
    ...(options.observer?.limiterQueue === undefined ? {} : { onQueue: (event) => options.observer?.limiterQueue?.(event) }),
  });
  const client = createUpstreamClient({
    ...upstreamClientOptions(connection, limits),
    limiter,
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  });
  return {
    client,
    state,
    limiter,
    async close() {
      await client.close();
      await state.close();
    },
  };
}
