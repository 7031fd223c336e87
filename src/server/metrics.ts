import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type OverdueStats, type UpstreamObserver } from '../upstream/index.js';

/** Prefix of every metric the service exports. */
export const METRIC_PREFIX = 'credit_graph_';

/** Latency buckets, in seconds: partner calls take from milliseconds (sandbox) to the 10 s deadline. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Distinct GraphQL operation names (and caller ids) kept as label values; further ones count as
 * `(other)`. Names are chosen by clients, and a label per arbitrary name would let one client grow
 * the registry, and every scrape, without bound.
 */
const MAX_OPERATION_NAMES = 200;
/** Distinct caller ids kept as `caller` label values (JWT subjects are as many as the issuer's users). */
const MAX_CALLERS = 200;
/**
 * What an operation name must look like to become a label value: a GraphQL name of at most 64
 * characters. Any other (longer, or not a name at all: `operationName` of a request that was refused
 * before parsing) counts as `(other)`, so one label value is at most 64 bytes.
 */
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Caller ids as config/ and jwt.ts accept them. */
const CALLER_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** The label value of whatever the bounds turn away. */
export const OTHER_LABEL = '(other)';

/**
 * A label value from a client-chosen `value`: kept when it matches `shape` and is one of the first
 * `max` distinct values seen, `(other)` otherwise.
 */
function boundedLabel(shape: RegExp, max: number): (value: string) => string {
  const seen = new Set<string>();
  return (value) => {
    if (seen.has(value)) {
      return value;
    }
    if (seen.size >= max || !shape.test(value)) {
      return OTHER_LABEL;
    }
    seen.add(value);
    return value;
  };
}

/**
 * Whether `authorization` (the request's header) carries `Bearer <token>` for the configured
 * METRICS_TOKEN. Compared as SHA-256 digests in constant time, so neither the token nor its length
 * leaks through timing.
 */
export function metricsAuthorized(token: string, authorization: string | undefined): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

/** How one GraphQL operation ended, as the `outcome` label says it. */
export type GraphQLOutcome = 'success' | 'error' | 'refused';

/** A subscription transport, as the `transport` label says it. */
export type LiveTransportName = 'websocket' | 'sse';

/** Why a subscription ended, as the `reason` label says it. */
export type SubscriptionEndReason = 'completed' | 'client' | 'slow_consumer' | 'token_expired' | 'server_stopping' | 'error';

/** The subscription transports' metrics (server/live). */
export interface LiveMetrics {
  /** A subscription started streaming. */
  started(transport: LiveTransportName): void;
  /** A subscription ended, and why. */
  ended(transport: LiveTransportName, reason: SubscriptionEndReason): void;
  /** A subscription was refused before it streamed, with the `extensions.code` of its refusal. */
  refused(transport: LiveTransportName, code: string): void;
  /** Reports the open subscriptions by transport and the sockets not yet authenticated at each scrape. */
  observe(source: () => { active: Readonly<Record<LiveTransportName, number>>; unauthenticatedSockets: number }): void;
}

/** Counts of ledger records by state (e.g. `{ started: 0, sent: 1, finished: 40, unknown: 0 }`). */
export type LedgerRecordCounts = Readonly<Record<string, number>>;

/** The service's Prometheus metrics, in a registry of its own. */
export interface Metrics {
  readonly registry: Registry;
  /** Feeds the partner-call, token, cache, limiter and throttling metrics; pass it in the upstream client's options. */
  readonly upstream: UpstreamObserver;
  /** One answered HTTP request: its route (a known path or `(other)`), method and status. */
  httpRequest(route: string, method: string, status: number, durationSeconds: number): void;
  /**
   * One GraphQL operation: its name (or `(anonymous)`; a name longer than 64 characters or not a
   * GraphQL name, or beyond the first 200 distinct ones, is `(other)`), type and outcome.
   */
  graphqlOperation(name: string | undefined, type: string | undefined, outcome: GraphQLOutcome, durationSeconds: number): void;
  /** Whether one kind of shared state (`readCache`, `callerBudgets`, `partnerBudget`) is served from memory because Redis does not answer. */
  sharedStateDegraded(component: string, degraded: boolean): void;
  /**
   * Reports the ledger's records by state at each scrape: `source` is asked when `/metrics` is read
   * (a failure leaves the gauge as it was).
   */
  observeLedger(source: () => Promise<LedgerRecordCounts>): void;
  /** Reports the partner's circuit breaker state (`closed`, `open`, `half-open`) at each scrape. */
  observeCircuit?(source: () => string): void;
  /** Reports the partner limiter's overdue pool (calls in it, moves into it, refusals because it was full, its threshold) at each scrape. */
  observeOverdue?(source: () => OverdueStats | undefined): void;
  /** Reports the admission bound (it adapts under load) and the GraphQL requests it admitted, at each scrape. */
  observeAdmission?(source: () => { limit: number; inFlight: number }): void;
  /** The subscription transports' metrics. */
  readonly live: LiveMetrics;
  /** The Prometheus text exposition of every metric. */
  text(): Promise<string>;
  /** The content type of {@link text}. */
  readonly contentType: string;
}

/** Options of {@link createMetrics}. */
export interface MetricsOptions {
  /**
   * Also export Node's process metrics (CPU, RSS, heap, event loop lag, GC). Off by default: they
   * start monitors that live as long as the process, which only the service itself should do.
   */
  processMetrics?: boolean;
}

/** Builds the service's metrics in a fresh registry (one per app, so tests never share counters). */
export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.processMetrics === true) {
    collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  }
  const httpRequests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by route, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by route.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const operations = new Counter({
    name: `${METRIC_PREFIX}graphql_operations_total`,
    help: 'GraphQL operations, by operation name, type and outcome (success, error: executed with errors, refused: not executed).',
    labelNames: ['operation_name', 'operation_type', 'outcome'] as const,
    registers: [registry],
  });
  const operationDuration = new Histogram({
    name: `${METRIC_PREFIX}graphql_operation_duration_seconds`,
    help: 'Time from receiving a GraphQL operation to sending its response, by operation type.',
    labelNames: ['operation_type'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const partnerCalls = new Counter({
    name: `${METRIC_PREFIX}upstream_calls_total`,
    help: 'Partner API calls (retries included in one call), by operation and outcome (ok or the UPSTREAM_* error code).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const partnerDuration = new Histogram({
    name: `${METRIC_PREFIX}upstream_call_duration_seconds`,
    help: 'Duration of partner API calls, waits and retries included, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const tokenRequests = new Counter({
    name: `${METRIC_PREFIX}upstream_token_requests_total`,
    help: 'Access token requests to the partner token endpoint (first token and renewals), by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const cache = new Counter({
    name: `${METRIC_PREFIX}upstream_cache_total`,
    help: 'Partner read cache look-ups, by operation and outcome (hit, miss, stale: served stale, coalesced: joined a call in flight).',
    labelNames: ['operation', 'outcome'] as const,
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: `${METRIC_PREFIX}upstream_limiter_queue_depth`,
    help: 'Partner calls waiting for the rate limiter.',
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: `${METRIC_PREFIX}upstream_limiter_in_flight`,
    help: 'Partner calls holding a limiter slot.',
    registers: [registry],
  });
  const throttled = new Counter({
    name: `${METRIC_PREFIX}throttled_requests_total`,
    help: 'Requests refused or delayed because a budget was spent, by caller id and budget.',
    labelNames: ['caller', 'budget'] as const,
    registers: [registry],
  });
  const degraded = new Gauge({
    name: `${METRIC_PREFIX}shared_state_degraded`,
    help: "Shared state served from this replica's memory because Redis does not answer (1) or from Redis (0), by component.",
    labelNames: ['component'] as const,
    registers: [registry],
  });
  let ledgerSource: (() => Promise<LedgerRecordCounts>) | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}ledger_records`,
    help: 'Records in the write ledger, by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (ledgerSource === undefined) {
        return;
      }
      try {
        const counts = await ledgerSource();
        for (const [state, count] of Object.entries(counts)) {
          this.set({ state }, count);
        }
      } catch {
        // A scrape must not fail because the ledger is slow or down; /ready reports that.
      }
    },
  });

  let circuitSource: (() => string) | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}upstream_circuit_state`,
    help: 'The partner circuit breaker: 1 for its current state (closed, open, half-open), 0 for the others.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (circuitSource !== undefined) {
        const current = circuitSource();
        for (const state of ['closed', 'open', 'half-open']) {
          this.set({ state }, state === current ? 1 : 0);
        }
      }
    },
  });

  const observeOverdue = overdueMetrics(registry);

  let admissionSource: (() => { limit: number; inFlight: number }) | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}admission_limit`,
    help: 'GraphQL requests one replica admits at once now (MAX_REQUESTS_IN_FLIGHT, or less while the adaptive bound holds it lower).',
    registers: [registry],
    collect() {
      if (admissionSource !== undefined) {
        this.set(admissionSource().limit);
      }
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}admission_in_flight`,
    help: 'GraphQL requests admitted and not yet answered.',
    registers: [registry],
    collect() {
      if (admissionSource !== undefined) {
        this.set(admissionSource().inFlight);
      }
    },
  });

  const live = liveMetrics(registry);
  const operationNames = boundedLabel(OPERATION_NAME, MAX_OPERATION_NAMES);
  const operationLabel = (name: string | undefined): string => (name === undefined || name === '' ? '(anonymous)' : operationNames(name));
  const callerLabel = boundedLabel(CALLER_ID, MAX_CALLERS);

  return {
    registry,
    contentType: registry.contentType,
    upstream: {
      call(event) {
        partnerCalls.inc({ operation: event.operation, outcome: event.outcome });
        partnerDuration.observe({ operation: event.operation }, event.durationMs / 1000);
      },
      tokenRenewal(event) {
        tokenRequests.inc({ outcome: event.outcome });
      },
      cache(event) {
        cache.inc({ operation: event.operation, outcome: event.outcome });
      },
      limiterQueue(event) {
        queueDepth.set(event.waiting);
        if (event.inFlight !== undefined) {
          inFlight.set(event.inFlight);
        }
      },
      throttled(event) {
        throttled.inc({ caller: callerLabel(event.callerId), budget: event.budget });
      },
    },
    httpRequest(route, method, status, durationSeconds) {
      httpRequests.inc({ route, method, status: String(status) });
      httpDuration.observe({ route }, durationSeconds);
    },
    graphqlOperation(name, type, outcome, durationSeconds) {
      operations.inc({ operation_name: operationLabel(name), operation_type: type ?? '(none)', outcome });
      operationDuration.observe({ operation_type: type ?? '(none)' }, durationSeconds);
    },
    sharedStateDegraded(component, isDegraded) {
      degraded.set({ component }, isDegraded ? 1 : 0);
    },
    observeLedger(source) {
      ledgerSource = source;
    },
    observeOverdue,
    observeAdmission(source) {
      admissionSource = source;
    },
    observeCircuit(source) {
      circuitSource = source;
    },
    live,
    text: () => registry.metrics(),
  };
}

/** The partner limiter's overdue pool (upstream/overdue.ts), read from `source` at each scrape. */
function overdueMetrics(registry: Registry): NonNullable<Metrics['observeOverdue']> {
  let source: (() => OverdueStats | undefined) | undefined;
  const gauge = (name: string, help: string, value: (stats: OverdueStats) => number): void => {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        const stats = source?.();
        if (stats !== undefined) {
          this.set(value(stats));
        }
      },
    });
  };
  // Totals kept by the limiter: each scrape shows them as they are.
  const total = (name: string, help: string, value: (stats: OverdueStats) => number): void => {
    new Counter({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers: [registry],
      collect() {
        const stats = source?.();
        if (stats !== undefined) {
          this.reset();
          this.inc(value(stats));
        }
      },
    });
  };
  gauge('upstream_limiter_overdue_calls', 'Partner calls in the overdue pool: past the threshold, slot given back, still unanswered.', (s) => s.calls);
  gauge('upstream_limiter_overdue_after_seconds', 'How long a partner call may hold its slot now before it counts as overdue.', (s) => s.afterMs / 1000);
  total('upstream_limiter_overdue_moves_total', 'Partner calls moved into the overdue pool.', (s) => s.moves);
  total(
    'upstream_limiter_overdue_refusals_total',
    'Partner calls refused at once (UPSTREAM_RATE_LIMITED, nothing sent) because the overdue pool was full and every slot held by an overdue call.',
    (s) => s.refusals,
  );
  return (observed) => {
    source = observed;
  };
}

/** Refusal codes kept as label values: `extensions.code` values are SCREAMING_SNAKE names of a fixed registry; anything else is `(other)`. */
const REFUSAL_CODE = /^[A-Z][A-Z_]{0,63}$/;

/** The subscription metrics, in `registry`. */
function liveMetrics(registry: Registry): LiveMetrics {
  let source: Parameters<LiveMetrics['observe']>[0] | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}subscriptions_active`,
    help: 'Subscriptions streaming on this replica, by transport (websocket, sse).',
    labelNames: ['transport'] as const,
    registers: [registry],
    collect() {
      const active = source?.().active;
      if (active !== undefined) {
        for (const [transport, count] of Object.entries(active)) {
          this.set({ transport }, count);
        }
      }
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}websockets_unauthenticated`,
    help: 'WebSockets open whose connection_init has not been accepted yet (bounded by LIVE_MAX_UNAUTHENTICATED_SOCKETS).',
    registers: [registry],
    collect() {
      const observed = source?.();
      if (observed !== undefined) {
        this.set(observed.unauthenticatedSockets);
      }
    },
  });
  const started = new Counter({
    name: `${METRIC_PREFIX}subscriptions_started_total`,
    help: 'Subscriptions that started streaming, by transport.',
    labelNames: ['transport'] as const,
    registers: [registry],
  });
  const ended = new Counter({
    name: `${METRIC_PREFIX}subscriptions_ended_total`,
    help: 'Subscriptions ended, by transport and reason (completed, client, slow_consumer, token_expired, server_stopping, error).',
    labelNames: ['transport', 'reason'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: `${METRIC_PREFIX}subscriptions_refused_total`,
    help: 'Subscriptions refused before they streamed, by transport and error code.',
    labelNames: ['transport', 'code'] as const,
    registers: [registry],
  });
  const codeLabel = boundedLabel(REFUSAL_CODE, MAX_OPERATION_NAMES);
  return {
    started: (transport) => started.inc({ transport }),
    ended: (transport, reason) => ended.inc({ transport, reason }),
    refused: (transport, code) => refused.inc({ transport, code: codeLabel(code) }),
    observe(observed) {
      source = observed;
    },
  };
}
