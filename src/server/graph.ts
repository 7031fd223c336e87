import { type Config } from '../config/index.js';
import { PROBE_FAMILIES, probeForRecord } from '../graphql/probes.js';
import { createContext, type CreateContextOptions, type GraphContext, type GraphLogger, type WriteSettings } from '../graphql/runtime/context.js';
import { costPlugin } from '../graphql/cost.js';
import { toGraphQLError } from '../graphql/runtime/errors.js';
import { GRAPH_ERROR_CODES } from '../shared/error-codes.js';
import { WritesInFlight } from '../graphql/runtime/write.js';
import { DEFAULT_QUERY_LIMITS, queryLimitRules, type QueryLimitOptions } from '../graphql/runtime/limits.js';
import { createPersonIds, type PersonIds } from '../graphql/common/person-id.js';
import { negotiateLocale } from '../graphql/common/locale.js';
import { createOperationCodeNamespaces, type OperationCodeNamespaces } from '../graphql/common/operation-code.js';
import { buildCreditGraphSchema } from '../graphql/schema.js';
import { type LiveBus, MemoryLiveBus } from '../graphql/live/event-bus.js';
import { LiveHub } from '../graphql/live/watches.js';
import { liveHooks, liveSubscribe } from '../graphql/live/subscribe.js';
import { subscriptionAdmission } from '../graphql/subscription-cost.js';
import { type LiveHooks } from '../graphql/runtime/context.js';
import {
  accessKeys,
  AccessRecorder,
  type AccessStore,
  Ledger,
  MemoryAccessStore,
  openLedgerDatabase,
  SqlAccessStore,
  SqlLedgerStore,
  startAccessPurge,
  startReconciler,
  startUploadPurge,
  uploadStoreFor,
  type UploadStore,
} from '../ledger/index.js';
import { auditPlugin } from '../graphql/audit/audit.plugin.js';
import {
  type CallerBudgets,
  isUpstreamError,
  MemoryCallerBudgets,
  PartnerReads,
  type ReadSession,
  type SharedState,
  type UpstreamClient,
  type UpstreamObserver,
} from '../upstream/index.js';
import { type GraphBinding } from './types.js';
import { type ReadinessCheck } from './health.js';
import { type GraphQLSchema } from 'graphql';
import { type Logger, silentLogger, stackFrames } from './logger.js';
import { type Metrics } from './metrics.js';

/**
 * The credit graph served over `upstream`: its schema, a fresh context (and loaders, and upstream
 * call budget) per request, its query-shape rules and its error codes.
 */
export async function creditGraph(
  upstream: UpstreamClient,
  writes: { ledger: Ledger; settings?: WriteSettings; inFlight?: WritesInFlight },
  logger: Logger = silentLogger,
  limits: QueryLimitOptions = DEFAULT_QUERY_LIMITS,
  sharing: GraphSharing = {},
): Promise<GraphBinding<GraphContext>> {
  const reads = sharing.reads ?? new PartnerReads(upstream, { clientId: upstream.clientId });
  const graphLogger: GraphLogger = {
    // The graph hands over errors; only their class, code and stack frames are logged (messages may quote input).
    error: (message, error) =>
      logger.error(message, {
        errorClass: error instanceof Error ? error.constructor.name : typeof error,
        errorCode: error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined,
        stack: error instanceof Error ? stackFrames(error) : undefined,
      }),
  };
  const live = sharing.live;
  // What every request's context shares, gathered once rather than per request.
  const shared = {
    upstream,
    logger: graphLogger,
    maxUpstreamCalls: limits.maxUpstreamCalls,
    ledger: writes.ledger,
    probes: PROBE_FAMILIES,
    ...(sharing.recorder === undefined ? {} : { recorder: sharing.recorder }),
    ...(writes.settings === undefined ? {} : { writes: writes.settings }),
    ...(writes.inFlight === undefined ? {} : { writesInFlight: writes.inFlight }),
    ...(sharing.personIds === undefined ? {} : { personIds: sharing.personIds }),
    ...(sharing.operationCodeNamespaces === undefined ? {} : { operationCodeNamespaces: sharing.operationCodeNamespaces }),
    ...(sharing.uploads === undefined ? {} : { uploads: sharing.uploads }),
  } satisfies Partial<CreateContextOptions>;
  return {
    schema: await (sharing.schema ?? buildCreditGraphSchema()),
    context: async ({ callerId, fresh, scopes, acceptLanguage, requestId, purpose }) => {
      const build = (session: ReadSession, hooks?: LiveHooks): GraphContext =>
        createContext({
          ...shared,
          session,
          callerId,
          scopes: scopes ?? [],
          locale: negotiateLocale(acceptLanguage),
          ...(requestId === undefined ? {} : { requestId }),
          ...(purpose === undefined ? {} : { purpose }),
          ...(hooks === undefined ? {} : { live: hooks }),
        });
      return build(reads.session({ callerId, fresh }), live === undefined ? undefined : liveHooks(live, build, () => reads.session({ callerId })));
    },
    ...(live === undefined
      ? {}
      : {
          subscriptions: {
            subscribe: (args) => liveSubscribe(args, sharing.budgets === undefined ? undefined : subscriptionAdmission(sharing.budgets)),
            close: () => live.close(),
            stats: () => live.stats(),
          },
        }),
    plugins: [
      auditPlugin(),
      costPlugin({
        ...(sharing.budgets === undefined ? {} : { budgets: sharing.budgets }),
        ...(sharing.observer === undefined ? {} : { observer: sharing.observer }),
        onBudgetFailure: (error) =>
          logger.warn('caller budget store failed; request not throttled', { errorClass: error instanceof Error ? error.constructor.name : typeof error }),
      }),
    ],
    close: async () => {
      await live?.close();
      await sharing.liveBus?.close();
      await reads.close();
      await sharing.budgets?.close();
    },
    validationRules: queryLimitRules(limits),
    errorCodes: GRAPH_ERROR_CODES,
    normalizeError: toGraphQLError,
  };
}

/** The caller id of the live watchers' polls (the fair limiter's queue; background priority). */
export const LIVE_CALLER = 'live';

/** The state the graph shares between requests (and, through Redis, between replicas). */
export interface GraphSharing {
  /** The partner read layer: cache and coalescing (default: one in memory over the upstream client). */
  reads?: PartnerReads;
  /** Per-caller budgets of partner calls (default: none, nothing is throttled). */
  budgets?: CallerBudgets;
  /** Told of every request refused by its caller's budget. */
  observer?: Partial<UpstreamObserver>;
  /** The `Person.id` codec, the same on every replica (config `PERSON_ID_SECRET`; default the development key's). */
  personIds?: PersonIds;
  /** The callers' operation-code namespaces at the partner, the same on every replica (keyed by `PERSON_ID_SECRET`). */
  operationCodeNamespaces?: OperationCodeNamespaces;
  /** The live watches (subscriptions); none: the graph serves no subscriptions. */
  live?: LiveHub;
  /** The live channel the watches use, closed with the graph. */
  liveBus?: LiveBus;
  /** The schema, when its build was started earlier (assembleCreditGraph builds it while the ledger opens); default: built here. */
  schema?: Promise<GraphQLSchema>;
  /** Where disclosures of personal data and writes are recorded (docs/audit.md); default: nowhere. */
  recorder?: AccessRecorder;
  /** Documents sent through POST /uploads (attachDocument's uploadId); default: none. */
  uploads?: UploadStore;
}

/** Opens the ledger `config.ledger` describes: the PostgreSQL server of DATABASE_URL, else PGlite under DATA_DIR. */
export async function openLedger(config: Config, now?: () => Date): Promise<{ ledger: Ledger; access: AccessStore; close: () => Promise<void> }> {
  const { connectTimeoutMs: connectMs, statementTimeoutMs: statementMs, idleTimeoutMs: idleMs, keepAliveMs } = config.ledger;
  const database = await openLedgerDatabase(
    config.ledger.databaseUrl === undefined
      ? { dataDir: config.ledger.dataDir }
      : { databaseUrl: config.ledger.databaseUrl, timeouts: { connectMs, statementMs, idleMs, keepAliveMs } },
  );
  return {
    ledger: new Ledger(new SqlLedgerStore(database.db), { leaseMs: config.ledger.leaseMs, ...(now === undefined ? {} : { now }) }),
    access: new SqlAccessStore(database.db),
    close: database.close,
  };
}

/** Readiness check `ledger`: its database answers (on every probe: an outage shows at once, not after the cache). */
export function ledgerCheck(ledger: Ledger): ReadinessCheck {
  return {
    name: 'ledger',
    uncached: true,
    check: () =>
      ledger.ping().then(
        () => undefined,
        () => 'LEDGER_UNAVAILABLE',
      ),
  };
}

/**
 * Readiness check `upstreamAuth`: an upstream access token can be had (the cached one while valid;
 * otherwise one token request, no operation call). Fails with the upstream error's code only
 * (e.g. `UPSTREAM_UNAVAILABLE`), never its message.
 */
export function upstreamAuthCheck(upstream: Pick<UpstreamClient, 'checkAuth'> & Partial<Pick<UpstreamClient, 'breakerState'>>): ReadinessCheck {
  return {
    name: 'upstreamAuth',
    // The partner's circuit breaker, while not closed: `details.upstreamCircuit` (`open` or `half-open`).
    details: () => {
      const circuit = upstream.breakerState?.();
      return circuit === undefined || circuit.state === 'closed'
        ? {}
        : {
            upstreamCircuit: circuit.state,
            ...(circuit.retryInMs === undefined ? {} : { upstreamCircuitRetryInSeconds: Math.ceil(circuit.retryInMs / 1000) }),
          };
    },
    check: () =>
      upstream.checkAuth().then(
        () => undefined,
        (error: unknown) => (isUpstreamError(error) ? error.code : 'UPSTREAM_AUTH_FAILED'),
      ),
  };
}

/** What the credit graph is built over. The caller owns and closes `upstream` (and `ledger` when it passes one). */
export interface CreditGraphDeps {
  upstream: UpstreamClient;
  /**
   * The state shared with other replicas (server/upstream.ts `connectUpstream`); its owner closes it.
   * Default: a read cache and caller budgets in this process's memory.
   */
  state?: SharedState;
  /** Receives the read cache's and the budgets' events (metrics). */
  observer?: Partial<UpstreamObserver>;
  /**
   * The operations ledger, when the caller opens it (tests share one database between two apps).
   * Default: opened from `config.ledger` when the app is created, closed when it stops.
   */
  ledger?: Ledger;
  /** Overrides of the write settings (tests inject a sleep). */
  writes?: WriteSettings;
  /** The live channel between replicas (default: Redis pub/sub with REDIS_URL, else this process). Closed with the app. */
  liveBus?: LiveBus;
  /** The metrics the ledger's and the circuit's gauges are read into. */
  metrics?: Metrics;
  /**
   * The access record's store and journal directory. Default: the ledger's database and
   * `config.audit.journalDir` when the ledger is opened here; with a ledger passed in, memory and no journal.
   */
  access?: { store?: AccessStore; journalDir?: string };
  /** The upload store (tests give one with their own clock); default: one in the ledger's database (memory for a memory ledger) with `config.uploads`. */
  uploads?: UploadStore;
}

/** The credit graph with what it needs at readiness and at stop. */
export interface AssembledGraph {
  graph: GraphBinding<GraphContext>;
  /** GET /ready's checks of the graph's dependencies: {@link upstreamAuthCheck} and {@link ledgerCheck}. */
  readinessChecks: ReadinessCheck[];
  /** Lets writes in flight finish (until `deadline`, epoch ms) or leaves them in doubt, then closes the ledger when it was opened here. */
  onStop: (deadline: number) => Promise<void>;
  /** Documents sent through POST /uploads, served by the app's upload route. */
  uploads: UploadStore;
}

/**
 * The credit graph over `deps.upstream`: the shared read layer, live watches, caller budgets, the
 * ledger (opened from `config.ledger` unless one is passed) and its reconciler.
 */
export async function assembleCreditGraph(config: Config, deps: CreditGraphDeps, logger: Logger): Promise<AssembledGraph> {
  const options = { ...deps, logger };
  const reads = new PartnerReads(options.upstream, {
    clientId: options.upstream.clientId,
    cache: config.sharing.cache,
    policies: config.sharing.policies,
    ...(options.state === undefined ? {} : { store: options.state.readStore, marks: options.state.situationMarks }),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  });
  const liveBus =
    options.liveBus ??
    (config.sharing.redisUrl === undefined
      ? new MemoryLiveBus()
      : // Loaded only with REDIS_URL: without it the service never loads ioredis.
        new (await import('./live-redis.js')).RedisLiveBus({
          url: config.sharing.redisUrl,
          prefix: config.sharing.redisKeyPrefix,
          commandTimeoutMs: config.sharing.redisCommandTimeoutMs,
        }));
  const live = new LiveHub({
    // Polls are fresh reads of the `live` caller at the lowest priority; their answers refresh the read cache.
    poller: reads.session({ callerId: LIVE_CALLER, fresh: true }),
    // With Redis, the read cache's peer claims decide which replica polls each interval.
    ...(options.state?.shared === true ? { claims: options.state.readStore } : {}),
    clientId: options.upstream.clientId,
    bus: liveBus,
    settings: config.live,
    onError: (message, error) => options.logger?.warn(message, { errorClass: error instanceof Error ? error.constructor.name : typeof error }),
  });
  const sharing: GraphSharing = {
    reads,
    live,
    liveBus,
    budgets: options.state?.callerBudgets ?? new MemoryCallerBudgets(config.sharing.callerBudgets),
    personIds: createPersonIds(config.personIdSecret),
    operationCodeNamespaces: createOperationCodeNamespaces(config.personIdSecret),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  };
  // The ledger's open is started first, then the schema is built while its connection and migrations
  // wait on I/O (PGlite's WebAssembly compiles off the main thread): the two no longer run in series.
  const opening = options.ledger === undefined ? openLedger(config) : undefined;
  const schema = buildCreditGraphSchema();
  // Observed at once: when the ledger fails first, nothing awaits the schema.
  schema.catch(() => undefined);
  // A failed open closes the live bus made here (its Redis clients reconnect for ever): the failed start exits.
  const closeOwnBus = async (): Promise<void> => {
    if (options.liveBus === undefined) {
      await liveBus.close();
    }
  };
  const opened = await opening?.catch(async (error: unknown) => {
    await closeOwnBus();
    throw error;
  });
  const ledger = options.ledger ?? (opened as { ledger: Ledger }).ledger;
  const warn = (message: string) => (error: unknown) =>
    options.logger?.warn(message, { errorClass: error instanceof Error ? error.constructor.name : typeof error });
  const uploads =
    options.uploads ?? uploadStoreFor(ledger.store, config.uploads, { timeoutMs: config.ledger.statementTimeoutMs + config.ledger.connectTimeoutMs });
  sharing.uploads = uploads;
  const accessStore = options.access?.store ?? opened?.access ?? new MemoryAccessStore();
  const journalDir = options.access?.journalDir ?? (opened === undefined ? undefined : config.audit.journalDir);
  let recorder: AccessRecorder;
  try {
    recorder = await AccessRecorder.open(accessStore, {
      keys: accessKeys(config.audit.hmacKey),
      flushMs: config.audit.flushMs,
      maxQueued: config.audit.maxQueued,
      maxQueuedBytes: config.audit.maxQueuedBytes,
      ...(journalDir === undefined ? {} : { journalDir }),
      onError: warn('access records not written yet; retried'),
    });
  } catch (error) {
    await opened?.close();
    await closeOwnBus();
    throw error;
  }
  const purge =
    config.audit.purgeIntervalMs > 0
      ? startAccessPurge(accessStore, {
          retentionMs: config.audit.retentionDays * 86_400_000,
          intervalMs: config.audit.purgeIntervalMs,
          onError: warn('access record purge failed'),
        })
      : undefined;
  const uploadPurge =
    config.uploads.purgeIntervalMs > 0
      ? startUploadPurge(uploads, { intervalMs: config.uploads.purgeIntervalMs, onError: warn('upload purge failed') })
      : undefined;
  const settings: WriteSettings = { waitMs: config.ledger.waitMs, settleMs: config.ledger.settleMs, ...options.writes };
  // On stop, writes in flight finish (or are left in doubt) before the ledger closes.
  const inFlight = new WritesInFlight();
  // `credit_graph_ledger_records{state}` asks the ledger at each scrape.
  options.metrics?.observeLedger(() => ledger.countByState());
  options.metrics?.observeCircuit?.(() => options.upstream.breakerState().state);
  options.metrics?.observeOverdue?.(() => options.upstream.overdueStats());
  try {
    const reconciler =
      config.ledger.reconcileIntervalMs > 0
        ? startReconciler(ledger, {
            intervalMs: config.ledger.reconcileIntervalMs,
            settleMs: config.ledger.settleMs,
            probeFor: probeForRecord(options.upstream, ledger),
            onError: (error) =>
              options.logger?.warn('ledger reconciliation failed', { errorClass: error instanceof Error ? error.constructor.name : typeof error }),
          })
        : undefined;
    return {
      graph: await creditGraph(options.upstream, { ledger, settings, inFlight }, options.logger, config.queryLimits, { ...sharing, schema, recorder }),
      readinessChecks: [upstreamAuthCheck(options.upstream), ledgerCheck(ledger)],
      uploads,
      onStop: async (deadline) => {
        const drained = await inFlight.drain(ledger, Math.max(0, deadline - Date.now()));
        if (drained.finished + drained.leftInDoubt > 0) {
          options.logger?.info('writes in flight at stop', { finished: drained.finished, leftInDoubt: drained.leftInDoubt });
        }
        await reconciler?.stop();
        await purge?.stop();
        await uploadPurge?.stop();
        // What is queued is written now; what cannot be stays in the journal for the next start.
        await recorder.close();
        await opened?.close();
      },
    };
  } catch (error) {
    await purge?.stop();
    await uploadPurge?.stop();
    await recorder.close();
    await opened?.close();
    throw error;
  }
}
