import { createHash, randomBytes } from 'node:crypto';
// A leaf: the settings' shapes and defaults are pure data in src/shared/, read by the layers too.
import { parsePrivateKey, PrivateKeyError } from './shared/private-key.js';
import {
  type CallerBudgetConfig,
  type CallerBudgetLimits,
  DEFAULT_DOCUMENT_LIMITS,
  DEFAULT_QUERY_LIMITS,
  DEFAULT_READ_POLICIES,
  type DocumentLimits,
  type QueryLimitOptions,
  type ReadOperation,
  type ReadPolicy,
} from './shared/settings.js';

/** Where the service runs; decides the defaults of introspection, landing page, CORS and HOST. */
export type NodeEnv = 'development' | 'production' | 'test';

/** Log verbosity, most verbose first; `silent` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** The real upstream: present only when every variable of the UPSTREAM_* connection group is set. */
export interface UpstreamSettings {
  /** UPSTREAM_BASE_URL: operations are posted to `${baseUrl}/Proposta/...`. */
  baseUrl: string;
  /** UPSTREAM_ENVIRONMENT_URL: `${environmentUrl}/FGTS/CancelarProposta`. */
  environmentUrl: string;
  /** UPSTREAM_AUTH_URL: the token endpoint is `${authUrl}/connect/token`. */
  authUrl: string;
  /** UPSTREAM_CLIENT_ID. */
  clientId: string;
  /** UPSTREAM_PRIVATE_KEY, normalized to PKCS#8 PEM (the variable may hold PEM text or a path to a PEM file). */
  privateKeyPem: string;
}

/** How the upstream client spends its scarce calls; applies to the real upstream and to the embedded sandbox. */
export interface UpstreamLimits {
  /** UPSTREAM_SCOPE, default `bmp.digital.api.full.access`. */
  scope: string;
  /** UPSTREAM_RATE_LIMIT_RPS: sustained calls per second (default 1 against the real upstream, 50 against the sandbox). */
  requestsPerSecond: number;
  /** UPSTREAM_RATE_LIMIT_BURST: calls allowed at once above the sustained rate (default 3 real, 50 sandbox). */
  burst: number;
  /** UPSTREAM_MAX_CONCURRENT: calls in flight at once (default 4 real, 32 sandbox). */
  maxConcurrent: number;
  /** UPSTREAM_RATE_LIMIT_MAX_WAIT_MS: longest a call may queue for the limiter before failing (default 5000). */
  maxWaitMs: number;
  /** UPSTREAM_TIMEOUT_MS: deadline of one operation, retries included (default 10000). */
  timeoutMs: number;
}

/** Limits on what one GraphQL request may cost (defaults: DEFAULT_QUERY_LIMITS of src/graphql/runtime/limits.ts). */
export interface QueryLimits extends QueryLimitOptions {
  /**
   * GRAPHQL_MAX_UPSTREAM_CALLS: upstream operations one request may start (default 200); fields
   * needing more fail with UPSTREAM_CALL_BUDGET_EXCEEDED while the rest of the answer is served.
   */
  maxUpstreamCalls: number;
  /** GRAPHQL_MAX_DEPTH: deepest field nesting of an operation (default 10); deeper ones are refused with QUERY_TOO_DEEP. */
  maxDepth: number;
  /** GRAPHQL_MAX_ALIASES: aliased fields in an operation (default 30); more are refused with TOO_MANY_ALIASES. */
  maxAliases: number;
  /**
   * GRAPHQL_MAX_SELECTIONS: field selections of an operation with its fragments expanded (default
   * 2000); more are refused with TOO_MANY_SELECTIONS.
   */
  maxSelections: number;
}

/** Scopes a caller may be granted: every proposal, personal-data look-ups, the federation router's fields. */
export const CALLER_SCOPES = ['proposals.all', 'registry.read', 'federation'] as const;

/** A caller allowed to use the graph: its id (owner of what it creates; part of the derived upstream IdempotencyKey), the SHA-256 of its key, its scopes. */
export interface ApiCaller {
  callerId: string;
  keySha256: Buffer;
  scopes: readonly string[];
}

/** Callers authenticated by JWT (a company supergraph's router forwarding them): checked against a remote JWKS. */
export interface JwtSettings {
  /** GRAPHQL_JWKS_URL. */
  jwksUrl: string;
  /** GRAPHQL_JWT_ISSUER (required `iss`). */
  issuer: string;
  /** GRAPHQL_JWT_AUDIENCE (required `aud`). */
  audience: string;
  /** GRAPHQL_JWKS_TIMEOUT_MS (default 3000): a JWKS fetch taking longer fails the request with AUTH_UNAVAILABLE. */
  timeoutMs: number;
  /** GRAPHQL_JWKS_COOLDOWN_MS (default 30000): the least time between two JWKS fetches an unknown `kid` can trigger. */
  cooldownMs: number;
}

/** The operations ledger (src/ledger): where it lives and how writes wait and settle. */
export interface LedgerSettings {
  /** DATABASE_URL: a PostgreSQL server; undefined: the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** DATA_DIR, default `.data`: the embedded PGlite's files (`<dataDir>/ledger`). */
  dataDir: string;
  /** LEDGER_WAIT_MS: how long a repeat waits for the same key in progress elsewhere before IDEMPOTENCY_KEY_IN_USE (default 5000). */
  waitMs: number;
  /**
   * LEDGER_SETTLE_MS: how long after a write was sent a partner read that does not find it proves it
   * absent (default 30000; at least UPSTREAM_TIMEOUT_MS). Until then a retry answers OUTCOME_UNKNOWN.
   */
  settleMs: number;
  /** LEDGER_LEASE_MS: how long a replica owns a write it is sending (default 60000; more than UPSTREAM_TIMEOUT_MS). */
  leaseMs: number;
  /** LEDGER_RECONCILE_INTERVAL_MS: period of the background reconciler of in-doubt writes (default 30000; 0 turns it off). */
  reconcileIntervalMs: number;
  /** LEDGER_CONNECT_TIMEOUT_MS: longest wait for a PostgreSQL connection, new or from the pool (default 3000). */
  connectTimeoutMs: number;
  /** LEDGER_STATEMENT_TIMEOUT_MS: longest ledger statement, on the server (statement_timeout) and in the client (query_timeout) (default 5000). */
  statementTimeoutMs: number;
  /** LEDGER_IDLE_TIMEOUT_MS: a pooled connection idle this long is closed; a session idle in a transaction this long is ended by the server (default 10000). */
  idleTimeoutMs: number;
  /** LEDGER_KEEPALIVE_MS: idle time before TCP keepalive probes a PostgreSQL connection (default 10000). */
  keepAliveMs: number;
}

/** How partner reads and calls are shared between requests, callers and replicas (issue 8). */
export interface SharingSettings {
  /** READ_CACHE: `on` (default) or `off` (every read goes to the partner; coalescing off too). */
  cache: boolean;
  /** READ_CACHE_POLICIES: per-operation `Operation=fresh/staleWhileRevalidate/maxStale` seconds overrides. */
  policies: Partial<Record<ReadOperation, ReadPolicy>>;
  /** REDIS_URL: shares the read cache, the partner budget and the caller budgets between replicas. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX: prefix of every Redis key (default `credit-graph:`). */
  redisKeyPrefix: string;
  /**
   * REDIS_COMMAND_TIMEOUT_MS (default 1000): a Redis command answering later counts as Redis failing,
   * and the replica falls back to its own memory for that state (more partner calls, never an error).
   */
  redisCommandTimeoutMs: number;
  /** CALLER_BUDGETS: `*=max/restorePerSecond,callerId=max/restorePerSecond` (default `*` from the upstream rate). */
  callerBudgets: CallerBudgetConfig;
  /** CALLER_WEIGHTS: `callerId=weight,...` shares of the partner budget when callers queue (default 1 each). */
  callerWeights: Readonly<Record<string, number>>;
}

/** Every setting of the service, read and validated once by {@link loadConfig}. */
export interface Config {
  /** NODE_ENV, default `development`. */
  nodeEnv: NodeEnv;
  /** PORT of the graph, default 4000 (path `/graphql`). */
  port: number;
  /** HOST the graph listens on: default `127.0.0.1`, `0.0.0.0` in production. */
  host: string;
  /** SANDBOX_PORT of the embedded sandbox, default 4010 (used only when no upstream is configured). */
  sandboxPort: number;
  /** SANDBOX_ANALYSIS_SECONDS of the embedded sandbox, in ms: how long a new proposal's credit analysis takes (default 10 s). */
  sandboxAnalysisMs: number;
  /** GRAPHQL_INTROSPECTION: default true, false in production. */
  introspection: boolean;
  /** Landing page (Apollo Sandbox) served on GET /graphql: everywhere but production. */
  landingPage: boolean;
  /** CORS_ORIGINS: comma-separated origins allowed to call the graph from a browser, or `*`. */
  corsOrigins: readonly string[];
  /** GRAPHQL_MAX_BODY_BYTES: largest accepted request body, default 16 MiB (documents travel as base64). */
  maxBodyBytes: number;
  /** LOG_LEVEL, default `info`. */
  logLevel: LogLevel;
  /** How much one GraphQL request may ask of the scarce upstream. */
  queryLimits: QueryLimits;
  /**
   * GRAPHQL_API_KEYS (`callerId:key[:scope+scope],...`): when set (or JWTs are), every GraphQL request must
   * carry `Authorization: Bearer <key or JWT>` and runs as that caller with its scopes; when no caller
   * authentication is configured, every request is `anonymous` with every scope (development only).
   */
  apiCallers: readonly ApiCaller[];
  /** GRAPHQL_JWKS_URL, GRAPHQL_JWT_ISSUER, GRAPHQL_JWT_AUDIENCE: all three, or none. */
  jwt: JwtSettings | undefined;
  /**
   * GRAPHQL_AUTH=none: allows production to run without caller authentication (every request
   * anonymous with every scope). Without it production refuses to start with no callers configured.
   */
  authDisabled: boolean;
  /** The operations ledger. */
  ledger: LedgerSettings;
  /**
   * SHUTDOWN_GRACE_MS: on SIGTERM, how long writes in flight get to finish and record their outcome
   * (default UPSTREAM_TIMEOUT_MS + 5000; more than UPSTREAM_TIMEOUT_MS). Past it, what is still in
   * flight is left in doubt, and {@link SHUTDOWN_HARD_MARGIN_MS} later the process exits regardless.
   */
  shutdownGraceMs: number;
  /** The real upstream, or undefined: then `main.ts` starts the embedded sandbox. */
  upstream: UpstreamSettings | undefined;
  /** Rate limit, concurrency cap, timeout and scope of the upstream client. */
  upstreamLimits: UpstreamLimits;
  /** Read cache, coalescing, fair share and budgets of partner calls. */
  sharing: SharingSettings;
  /**
   * GRAPHQL_MAX_QUERY_BYTES, GRAPHQL_MAX_TOKEN_LENGTH, GRAPHQL_MAX_TOKENS and GRAPHQL_MAX_DIRECTIVES:
   * limits of a document, checked before it is parsed in full.
   */
  documentLimits: DocumentLimits;
  /**
   * DEMO_SANDBOX=true: in production without UPSTREAM_* settings, start the embedded demo sandbox
   * anyway (a demo deployment). Without it, such a start-up stops.
   */
  demoSandbox: boolean;
  /** OpenTelemetry traces: exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  tracing: TracingSettings;
  /**
   * PERSON_ID_SECRET: the key of the opaque `Person.id` (graphql/common/person-id.ts), at least 32
   * characters; every replica needs the same one. Unset: {@link DEVELOPMENT_PERSON_ID_SECRET} outside
   * production; in production derived from UPSTREAM_PRIVATE_KEY (a secret every replica already
   * shares; rotating that key then changes every person id, so set this to keep them), or, with no
   * real upstream (DEMO_SANDBOX), a random one per process, as short-lived as the sandbox's data.
   */
  personIdSecret: string;
  /**
   * METRICS_TOKEN: when set, GET /metrics answers only a request carrying `Authorization: Bearer
   * <token>` (compared in constant time; 401 UNAUTHENTICATED otherwise). At least 16 characters, no
   * spaces. Unset: /metrics is open (keep it off the public network).
   */
  metricsToken: string | undefined;
  /** Live updates: subscriptions over graphql-ws and graphql-sse (LIVE_* variables). */
  live: LiveSettings;
}

/** Live updates (subscriptions): the watchers' polls and the transports' limits. */
export interface LiveSettings {
  /** LIVE_POLL_INTERVAL_MS: a watched proposal is polled at most once per interval by the whole deployment (default 5000, 100 to 3 600 000). */
  intervalMs: number;
  /** LIVE_MAX_BACKOFF_MS: longest pause between polls of a proposal while the partner fails or limits (default 60000; at least the interval). */
  maxBackoffMs: number;
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: open subscriptions of one caller on one replica (default 100). */
  maxPerCaller: number;
  /** LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: open subscriptions on one WebSocket (default 20). */
  maxPerConnection: number;
  /** LIVE_VIEWER_MAX_PROPOSALS: the caller's newest proposals one viewerProposalEvents stream watches (default 50). */
  viewerMaxProposals: number;
  /** LIVE_HEARTBEAT_MS: WebSocket ping/pong and SSE comment interval (default 12000). */
  heartbeatMs: number;
  /** LIVE_IDLE_TIMEOUT_MS: a WebSocket with no subscription (or no connection_init) for this long is closed (default 60000). */
  idleTimeoutMs: number;
}

/** How long after SHUTDOWN_GRACE_MS a stop that could not finish is cut short (the process exits non-zero). */
export const SHUTDOWN_HARD_MARGIN_MS = 5000;

/** The person id key outside production when PERSON_ID_SECRET is unset (public: never protects real data). */
export const DEVELOPMENT_PERSON_ID_SECRET = 'credit-graph development person ids, not a secret';

/** Where traces go. */
export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT (e.g. `http://collector:4318`); spans go to `${endpoint}/v1/traces`. Unset: no tracing. */
  endpoint: string | undefined;
  /** OTEL_SERVICE_NAME, default `credit-graph`. */
  serviceName: string;
}

/** Start-up refused because of one setting. The message names the variable, never a secret value. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Origin of Apollo Sandbox when it is opened from Apollo Studio rather than from the landing page. */
export const APOLLO_STUDIO_ORIGIN = 'https://studio.apollographql.com';

/** The connection group: all of them or none. */
export const UPSTREAM_CONNECTION_VARIABLES = [
  'UPSTREAM_BASE_URL',
  'UPSTREAM_ENVIRONMENT_URL',
  'UPSTREAM_AUTH_URL',
  'UPSTREAM_CLIENT_ID',
  'UPSTREAM_PRIVATE_KEY',
] as const;

const DEFAULT_SCOPE = 'bmp.digital.api.full.access';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads and validates every setting from `env` (default `process.env`).
 * Throws {@link ConfigError} naming the first bad variable.
 */
export function loadConfig(env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const nodeEnv = oneOf(read('NODE_ENV'), 'NODE_ENV', NODE_ENVS, 'development');
  const production = nodeEnv === 'production';
  const port = integer(read('PORT'), 'PORT', 4000, 0, 65535);
  const sandboxPort = integer(read('SANDBOX_PORT'), 'SANDBOX_PORT', 4010, 0, 65535);
  const sandboxAnalysisMs = Math.round(seconds(read('SANDBOX_ANALYSIS_SECONDS'), 'SANDBOX_ANALYSIS_SECONDS', 10, 86_400) * 1000);
  const host = read('HOST') ?? (production ? '0.0.0.0' : '127.0.0.1');
  const introspection = boolean(read('GRAPHQL_INTROSPECTION'), 'GRAPHQL_INTROSPECTION', !production);
  const corsOrigins = origins(read('CORS_ORIGINS'), production ? [] : [APOLLO_STUDIO_ORIGIN]);
  const maxBodyBytes = integer(read('GRAPHQL_MAX_BODY_BYTES'), 'GRAPHQL_MAX_BODY_BYTES', 16 * 1024 * 1024, 1024, 1024 ** 3);
  const logLevel = oneOf(read('LOG_LEVEL')?.toLowerCase(), 'LOG_LEVEL', LOG_LEVELS, 'info');
  const queryLimits: QueryLimits = {
    maxUpstreamCalls: integer(read('GRAPHQL_MAX_UPSTREAM_CALLS'), 'GRAPHQL_MAX_UPSTREAM_CALLS', DEFAULT_QUERY_LIMITS.maxUpstreamCalls, 1, 100_000),
    maxDepth: integer(read('GRAPHQL_MAX_DEPTH'), 'GRAPHQL_MAX_DEPTH', DEFAULT_QUERY_LIMITS.maxDepth, 2, 100),
    maxAliases: integer(read('GRAPHQL_MAX_ALIASES'), 'GRAPHQL_MAX_ALIASES', DEFAULT_QUERY_LIMITS.maxAliases, 0, 10_000),
    maxSelections: integer(read('GRAPHQL_MAX_SELECTIONS'), 'GRAPHQL_MAX_SELECTIONS', DEFAULT_QUERY_LIMITS.maxSelections, 10, 1_000_000),
  };
  const apiCallers = callers(read('GRAPHQL_API_KEYS'));
  const jwt = jwtSettings(read);
  const auth = oneOf(read('GRAPHQL_AUTH')?.toLowerCase(), 'GRAPHQL_AUTH', ['required', 'none'] as const, 'required');
  if (production && auth !== 'none' && apiCallers.length === 0 && jwt === undefined) {
    throw new ConfigError(
      'GRAPHQL_API_KEYS',
      'production needs caller authentication: set GRAPHQL_API_KEYS and/or GRAPHQL_JWKS_URL, GRAPHQL_JWT_ISSUER and GRAPHQL_JWT_AUDIENCE, or GRAPHQL_AUTH=none to run without it',
    );
  }
  const upstream = upstreamSettings(read);
  const real = upstream !== undefined;

  const scope = read('UPSTREAM_SCOPE') ?? DEFAULT_SCOPE;
  if (/\s{2,}|[^\x21-\x7e ]/.test(scope) || scope.length > 300) {
    // The upstream's limit: at most 300 characters, scopes separated by one space.
    throw new ConfigError('UPSTREAM_SCOPE', 'must be space-separated OAuth scope tokens, at most 300 characters');
  }
  const upstreamLimits: UpstreamLimits = {
    scope,
    requestsPerSecond: positiveNumber(read('UPSTREAM_RATE_LIMIT_RPS'), 'UPSTREAM_RATE_LIMIT_RPS', real ? 1 : 50),
    burst: integer(read('UPSTREAM_RATE_LIMIT_BURST'), 'UPSTREAM_RATE_LIMIT_BURST', real ? 3 : 50, 1, 100_000),
    maxConcurrent: integer(read('UPSTREAM_MAX_CONCURRENT'), 'UPSTREAM_MAX_CONCURRENT', real ? 4 : 32, 1, 10_000),
    maxWaitMs: integer(read('UPSTREAM_RATE_LIMIT_MAX_WAIT_MS'), 'UPSTREAM_RATE_LIMIT_MAX_WAIT_MS', 5000, 0, 600_000),
    timeoutMs: integer(read('UPSTREAM_TIMEOUT_MS'), 'UPSTREAM_TIMEOUT_MS', 10_000, 100, 600_000),
  };

  const sharing: SharingSettings = {
    cache: boolean(read('READ_CACHE')?.replace(/^on$/i, 'true').replace(/^off$/i, 'false'), 'READ_CACHE', true),
    policies: readPolicies(read('READ_CACHE_POLICIES')),
    redisUrl: redisUrl(read('REDIS_URL')),
    redisKeyPrefix: read('REDIS_KEY_PREFIX') ?? 'credit-graph:',
    redisCommandTimeoutMs: integer(read('REDIS_COMMAND_TIMEOUT_MS'), 'REDIS_COMMAND_TIMEOUT_MS', 1000, 10, 60_000),
    callerBudgets: callerBudgets(read('CALLER_BUDGETS'), {
      // One caller alone may use the whole partner rate, with a minute of it in reserve.
      maximumAvailable: Math.max(20, Math.ceil(upstreamLimits.requestsPerSecond * 60)),
      restoreRate: upstreamLimits.requestsPerSecond,
    }),
    callerWeights: callerWeights(read('CALLER_WEIGHTS')),
  };
  const documentLimits: DocumentLimits = {
    maxQueryBytes: integer(read('GRAPHQL_MAX_QUERY_BYTES'), 'GRAPHQL_MAX_QUERY_BYTES', DEFAULT_DOCUMENT_LIMITS.maxQueryBytes, 1000, 16 * 1024 * 1024),
    maxTokenLength: integer(read('GRAPHQL_MAX_TOKEN_LENGTH'), 'GRAPHQL_MAX_TOKEN_LENGTH', DEFAULT_DOCUMENT_LIMITS.maxTokenLength, 100, 16 * 1024 * 1024),
    maxTokens: integer(read('GRAPHQL_MAX_TOKENS'), 'GRAPHQL_MAX_TOKENS', DEFAULT_DOCUMENT_LIMITS.maxTokens, 200, 1_000_000),
    maxDirectives: integer(read('GRAPHQL_MAX_DIRECTIVES'), 'GRAPHQL_MAX_DIRECTIVES', DEFAULT_DOCUMENT_LIMITS.maxDirectives, 0, 10_000),
  };
  const otlpEndpoint = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  const tracing: TracingSettings = {
    endpoint: otlpEndpoint === undefined ? undefined : httpUrl(otlpEndpoint, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
    serviceName: read('OTEL_SERVICE_NAME') ?? 'credit-graph',
  };

  const ledger: LedgerSettings = {
    databaseUrl: databaseUrl(read('DATABASE_URL')),
    dataDir: read('DATA_DIR') ?? '.data',
    waitMs: integer(read('LEDGER_WAIT_MS'), 'LEDGER_WAIT_MS', 5000, 0, 600_000),
    settleMs: integer(read('LEDGER_SETTLE_MS'), 'LEDGER_SETTLE_MS', Math.max(30_000, upstreamLimits.timeoutMs), upstreamLimits.timeoutMs, 86_400_000),
    leaseMs: integer(read('LEDGER_LEASE_MS'), 'LEDGER_LEASE_MS', Math.max(60_000, upstreamLimits.timeoutMs * 2), upstreamLimits.timeoutMs + 1000, 86_400_000),
    reconcileIntervalMs: integer(read('LEDGER_RECONCILE_INTERVAL_MS'), 'LEDGER_RECONCILE_INTERVAL_MS', 30_000, 0, 86_400_000),
    connectTimeoutMs: integer(read('LEDGER_CONNECT_TIMEOUT_MS'), 'LEDGER_CONNECT_TIMEOUT_MS', 3000, 100, 600_000),
    statementTimeoutMs: integer(read('LEDGER_STATEMENT_TIMEOUT_MS'), 'LEDGER_STATEMENT_TIMEOUT_MS', 5000, 100, 600_000),
    idleTimeoutMs: integer(read('LEDGER_IDLE_TIMEOUT_MS'), 'LEDGER_IDLE_TIMEOUT_MS', 10_000, 1000, 3_600_000),
    keepAliveMs: integer(read('LEDGER_KEEPALIVE_MS'), 'LEDGER_KEEPALIVE_MS', 10_000, 1000, 3_600_000),
  };
  const shutdownGraceMs = integer(read('SHUTDOWN_GRACE_MS'), 'SHUTDOWN_GRACE_MS', upstreamLimits.timeoutMs + 5000, upstreamLimits.timeoutMs + 1, 3_600_000);

  return {
    nodeEnv,
    port,
    host,
    sandboxPort,
    sandboxAnalysisMs,
    introspection,
    landingPage: !production,
    corsOrigins,
    maxBodyBytes,
    logLevel,
    queryLimits,
    apiCallers,
    jwt,
    authDisabled: auth === 'none',
    ledger,
    shutdownGraceMs,
    upstream,
    upstreamLimits,
    sharing,
    documentLimits,
    demoSandbox: boolean(read('DEMO_SANDBOX'), 'DEMO_SANDBOX', false),
    tracing,
    personIdSecret: personIdSecret(read('PERSON_ID_SECRET'), production, upstream),
    metricsToken: metricsToken(read('METRICS_TOKEN')),
    // Live updates (subscriptions): one block, LIVE_*.
    live: liveSettings(read),
  };
}

function liveSettings(read: (name: string) => string | undefined): LiveSettings {
  const intervalMs = integer(read('LIVE_POLL_INTERVAL_MS'), 'LIVE_POLL_INTERVAL_MS', 5000, 100, 3_600_000);
  return {
    intervalMs,
    maxBackoffMs: integer(read('LIVE_MAX_BACKOFF_MS'), 'LIVE_MAX_BACKOFF_MS', Math.max(60_000, intervalMs), intervalMs, 86_400_000),
    maxPerCaller: integer(read('LIVE_MAX_SUBSCRIPTIONS_PER_CALLER'), 'LIVE_MAX_SUBSCRIPTIONS_PER_CALLER', 100, 1, 100_000),
    maxPerConnection: integer(read('LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION'), 'LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION', 20, 1, 10_000),
    viewerMaxProposals: integer(read('LIVE_VIEWER_MAX_PROPOSALS'), 'LIVE_VIEWER_MAX_PROPOSALS', 50, 1, 1000),
    heartbeatMs: integer(read('LIVE_HEARTBEAT_MS'), 'LIVE_HEARTBEAT_MS', 12_000, 100, 600_000),
    idleTimeoutMs: integer(read('LIVE_IDLE_TIMEOUT_MS'), 'LIVE_IDLE_TIMEOUT_MS', 60_000, 100, 3_600_000),
  };
}

function metricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!/^\S{16,512}$/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN', 'must be 16 to 512 characters without spaces (e.g. openssl rand -hex 32)');
  }
  return raw;
}

function personIdSecret(raw: string | undefined, production: boolean, upstream: UpstreamSettings | undefined): string {
  if (raw !== undefined) {
    if (raw.length < 32) {
      throw new ConfigError('PERSON_ID_SECRET', 'must be at least 32 characters (e.g. openssl rand -base64 32)');
    }
    return raw;
  }
  if (!production) {
    return DEVELOPMENT_PERSON_ID_SECRET;
  }
  // Never the public development key in production: derived from a secret the replicas share, else per process.
  return upstream === undefined ? randomBytes(32).toString('base64') : createHash('sha256').update('credit-graph person ids\n').update(upstream.privateKeyPem).digest('base64');
}

function redisUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch (_error) {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  }
  return raw;
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) {
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch (_error) {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    // Never echo the value: it may carry a password.
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  return raw;
}

/** `Operation=fresh/staleWhileRevalidate/maxStale` (seconds), comma-separated. */
function readPolicies(raw: string | undefined): Partial<Record<ReadOperation, ReadPolicy>> {
  const name = 'READ_CACHE_POLICIES';
  const out: Partial<Record<ReadOperation, ReadPolicy>> = {};
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const match = /^([A-Za-z]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/.exec(entry);
    const operation = match?.[1] as ReadOperation | undefined;
    if (match === null || operation === undefined || !(operation in DEFAULT_READ_POLICIES)) {
      throw new ConfigError(name, `"${entry}" must be ReadOperation=fresh/staleWhileRevalidate/maxStale seconds, the operation one of ${Object.keys(DEFAULT_READ_POLICIES).join(', ')}`);
    }
    out[operation] = { freshSeconds: Number(match[2]), staleWhileRevalidateSeconds: Number(match[3]), maxStaleSeconds: Number(match[4]) };
  }
  return out;
}

/** `*=max/restore,callerId=max/restore`: a bucket size (calls) and a restore rate (calls per second). */
function callerBudgets(raw: string | undefined, fallback: CallerBudgetLimits): CallerBudgetConfig {
  const name = 'CALLER_BUDGETS';
  let defaults = fallback;
  const byCaller: Record<string, CallerBudgetLimits> = {};
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const match = /^(\*|[A-Za-z0-9._-]{1,64})=(\d+)\/(\d+(?:\.\d+)?)$/.exec(entry);
    if (match === null || !(Number(match[2]) >= 1) || !(Number(match[3]) > 0)) {
      throw new ConfigError(name, `"${entry}" must be callerId=maximumAvailable/restoreRate (or *=... for every other caller), maximumAvailable >= 1, restoreRate > 0`);
    }
    const limits = { maximumAvailable: Number(match[2]), restoreRate: Number(match[3]) };
    if (match[1] === '*') {
      defaults = limits;
    } else {
      byCaller[match[1] as string] = limits;
    }
  }
  return { defaults, byCaller };
}

/** `callerId=weight,...`, weights whole numbers from 1 to 100. */
function callerWeights(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of (raw ?? '').split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const match = /^([A-Za-z0-9._-]{1,64})=(\d+)$/.exec(entry);
    if (match === null || Number(match[2]) < 1 || Number(match[2]) > 100) {
      throw new ConfigError('CALLER_WEIGHTS', `"${entry}" must be callerId=weight, the weight a whole number from 1 to 100`);
    }
    out[match[1] as string] = Number(match[2]);
  }
  return out;
}

function jwtSettings(read: (name: string) => string | undefined): JwtSettings | undefined {
  const names = ['GRAPHQL_JWKS_URL', 'GRAPHQL_JWT_ISSUER', 'GRAPHQL_JWT_AUDIENCE'] as const;
  const present = names.filter(name => read(name) !== undefined);
  if (present.length === 0) {
    return undefined;
  }
  const missing = names.filter(name => read(name) === undefined);
  if (missing.length > 0) {
    throw new ConfigError(missing.join(', '), `missing: JWT callers are configured by all of ${names.join(', ')} or none of them`);
  }
  const issuer = read('GRAPHQL_JWT_ISSUER') as string;
  const audience = read('GRAPHQL_JWT_AUDIENCE') as string;
  for (const [name, value] of [['GRAPHQL_JWT_ISSUER', issuer], ['GRAPHQL_JWT_AUDIENCE', audience]] as const) {
    if (/\s/.test(value) || value.length > 500) {
      throw new ConfigError(name, 'must be one value without whitespace, at most 500 characters');
    }
  }
  return {
    jwksUrl: httpUrl(read('GRAPHQL_JWKS_URL') as string, 'GRAPHQL_JWKS_URL'),
    issuer,
    audience,
    timeoutMs: integer(read('GRAPHQL_JWKS_TIMEOUT_MS'), 'GRAPHQL_JWKS_TIMEOUT_MS', 3000, 100, 30_000),
    cooldownMs: integer(read('GRAPHQL_JWKS_COOLDOWN_MS'), 'GRAPHQL_JWKS_COOLDOWN_MS', 30_000, 0, 3_600_000),
  };
}

function upstreamSettings(read: (name: string) => string | undefined): UpstreamSettings | undefined {
  const present = UPSTREAM_CONNECTION_VARIABLES.filter((name) => read(name) !== undefined);
  if (present.length === 0) {
    return undefined;
  }
  const missing = UPSTREAM_CONNECTION_VARIABLES.filter((name) => read(name) === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      missing.join(', '),
      `missing: the upstream is configured by all of ${UPSTREAM_CONNECTION_VARIABLES.join(', ')} or none of them (none starts the embedded sandbox)`,
    );
  }
  const value = (name: (typeof UPSTREAM_CONNECTION_VARIABLES)[number]): string => read(name) as string;
  const clientId = value('UPSTREAM_CLIENT_ID');
  if (/\s/.test(clientId)) {
    throw new ConfigError('UPSTREAM_CLIENT_ID', 'must not contain whitespace');
  }
  return {
    baseUrl: httpUrl(value('UPSTREAM_BASE_URL'), 'UPSTREAM_BASE_URL'),
    environmentUrl: httpUrl(value('UPSTREAM_ENVIRONMENT_URL'), 'UPSTREAM_ENVIRONMENT_URL'),
    authUrl: httpUrl(value('UPSTREAM_AUTH_URL'), 'UPSTREAM_AUTH_URL'),
    clientId,
    privateKeyPem: privateKey(value('UPSTREAM_PRIVATE_KEY')),
  };
}

/**
 * PEM text (literal `\n` escapes allowed, as env files often carry them) or a path to a PEM file;
 * RSA only. Read by `parsePrivateKey` (src/shared/), as the upstream client reads it, so start-up
 * accepts exactly the keys the client can sign with; its messages name the failure, never the key material or the path.
 */
function privateKey(raw: string): string {
  try {
    return parsePrivateKey(raw).export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch (error) {
    const problem = error instanceof PrivateKeyError ? error.message.replace(/^the private key /, '') : 'is not a readable PEM private key';
    throw new ConfigError('UPSTREAM_PRIVATE_KEY', problem);
  }
}

/** `callerId:key[:scope+scope]` entries; keys are kept only as SHA-256 digests and never appear in an error. */
function callers(raw: string | undefined): ApiCaller[] {
  if (raw === undefined) {
    return [];
  }
  const name = 'GRAPHQL_API_KEYS';
  const seenIds = new Set<string>();
  const seenKeys = new Set<string>();
  return raw.split(',').map((entry, index) => {
    const parts = entry.split(':').map(part => part.trim());
    const [callerId = '', key = '', scopeList] = parts;
    if (parts.length < 2 || parts.length > 3 || !/^[A-Za-z0-9._-]{1,64}$/.test(callerId)) {
      throw new ConfigError(name, `entry ${index + 1} must be callerId:key or callerId:key:scope+scope, the caller id of 1 to 64 letters, digits, '.', '_' or '-'`);
    }
    if (key.length < 16 || /\s/.test(key)) {
      throw new ConfigError(name, `the key of caller ${callerId} must have at least 16 characters and no spaces or colons`);
    }
    const scopes = scopeList === undefined || scopeList === '' ? [] : scopeList.split('+').map(scope => scope.trim());
    const unknown = scopes.find(scope => !(CALLER_SCOPES as readonly string[]).includes(scope));
    if (unknown !== undefined) {
      throw new ConfigError(name, `caller ${callerId} has an unknown scope "${unknown.slice(0, 40)}" (known: ${CALLER_SCOPES.join(', ')})`);
    }
    const digest = createHash('sha256').update(key).digest();
    if (seenIds.has(callerId) || seenKeys.has(digest.toString('hex'))) {
      throw new ConfigError(name, `caller ${callerId} or its key appears twice`);
    }
    seenIds.add(callerId);
    seenKeys.add(digest.toString('hex'));
    return { callerId, keySha256: digest, scopes: [...new Set(scopes)] };
  });
}

function httpUrl(raw: string, name: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (_error) {
    throw new ConfigError(name, 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(name, 'must be an absolute http(s) URL');
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(name, 'must not carry credentials');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError(name, 'must not carry a query or a fragment');
  }
  return url.toString().replace(/\/+$/, '');
}

function origins(raw: string | undefined, fallback: string[]): string[] {
  if (raw === undefined) {
    return fallback;
  }
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const origin of list) {
    if (origin === '*') {
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch (_error) {
      url = undefined;
    }
    if (url === undefined || url.origin !== origin.replace(/\/$/, '') || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError('CORS_ORIGINS', `"${origin}" is not an origin (scheme://host[:port]) or *`);
    }
  }
  return list.map((origin) => origin.replace(/\/$/, ''));
}

function integer(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) {
    return fallback;
  }
  if (!/^\d+$/.test(raw)) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}`);
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

function positiveNumber(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined) {
    return fallback;
  }
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(value > 0) || !Number.isFinite(value)) {
    throw new ConfigError(name, 'must be a positive number');
  }
  return value;
}

/** A number of seconds from 0 to `max`, fractions allowed. */
function seconds(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) {
    return fallback;
  }
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value > max) {
    throw new ConfigError(name, `must be a number of seconds from 0 to ${max}`);
  }
  return value;
}

function boolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined) {
    return fallback;
  }
  switch (raw.toLowerCase()) {
    case 'true':
    case '1':
    case 'yes':
      return true;
    case 'false':
    case '0':
    case 'no':
      return false;
    default:
      throw new ConfigError(name, 'must be true or false');
  }
}

function oneOf<T extends string>(raw: string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  if (raw === undefined) {
    return fallback;
  }
  const found = allowed.find((item) => item === raw);
  if (found === undefined) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}`);
  }
  return found;
}

/**
 * The start-up refusal of production without the real upstream: the embedded sandbox has an
 * unauthenticated admin API and demo data, so production never starts it implicitly.
 */
export function productionUpstreamError(): ConfigError {
  return new ConfigError(
    UPSTREAM_CONNECTION_VARIABLES.join(', '),
    `not set: in production the graph needs the real upstream (set ${UPSTREAM_CONNECTION_VARIABLES.join(', ')}); ` +
      'it does not start the embedded sandbox, with its unauthenticated admin API and demo data, unless DEMO_SANDBOX=true asks for a demo deployment',
  );
}

/**
 * The same refusal read from the raw environment, before {@link loadConfig}: an operator who set
 * nothing learns first that the upstream is missing, not which other production setting is.
 */
export function checkProductionUpstreamEnv(env: Env = process.env): void {
  const set = (name: string): boolean => (env[name]?.trim() ?? '') !== '';
  if (env.NODE_ENV?.trim() === 'production' && !UPSTREAM_CONNECTION_VARIABLES.some(set) && env.DEMO_SANDBOX?.trim().toLowerCase() !== 'true') {
    throw productionUpstreamError();
  }
}
