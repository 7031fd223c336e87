import { createHash, randomBytes } from 'node:crypto';
// A leaf: each variable is declared once in src/config/schema.ts (zod); the shapes the layers take
// as options live in src/shared/settings.ts. This file turns the parsed variables into the typed,
// frozen Config: the defaults that depend on other variables and the rules between variables.
import { type AuditSettings, auditSettings } from './config/audit.js';
import { ConfigError } from './config/error.js';
import { deepFreeze } from './config/freeze.js';
import { type ApiCaller, flag } from './config/parsers.js';
import { DERIVED_DEFAULTS, JWT_VARIABLES, RATE_DEFAULTS, type Settings, settingDocs, settingsSchema, UPSTREAM_CONNECTION_VARIABLES } from './config/schema.js';
import { type CallerBudgetConfig, type DocumentLimits, type QueryLimitOptions, type ReadOperation, type ReadPolicy } from './shared/settings.js';

export { ConfigError } from './config/error.js';
export { type ApiCaller } from './config/parsers.js';
export { CALLER_SCOPES } from './shared/callers.js';
export { UPSTREAM_CONNECTION_VARIABLES } from './config/schema.js';

// Each field's meaning, bounds and default: src/config/schema.ts (and docs/configuration.md); its TSDoc names the variable.

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
  /** UPSTREAM_PRIVATE_KEY, normalized to PKCS#8 PEM. */
  privateKeyPem: string;
}

/** The partner's circuit breaker (src/upstream/breaker.ts). */
export interface BreakerSettings {
  /** UPSTREAM_BREAKER_FAILURES: consecutive failures that open it. */
  failureThreshold: number;
  /** UPSTREAM_BREAKER_WINDOW_MS. */
  windowMs: number;
  /** UPSTREAM_BREAKER_COOLDOWN_MS. */
  coolDownMs: number;
}

/** How the upstream client spends its scarce calls; applies to the real upstream and to the embedded sandbox. */
export interface UpstreamLimits {
  /** UPSTREAM_SCOPE. */
  scope: string;
  /** UPSTREAM_RATE_LIMIT_RPS. */
  requestsPerSecond: number;
  /** UPSTREAM_RATE_LIMIT_BURST. */
  burst: number;
  /** UPSTREAM_MAX_CONCURRENT. */
  maxConcurrent: number;
  /** UPSTREAM_RATE_LIMIT_MAX_WAIT_MS. */
  maxWaitMs: number;
  /** UPSTREAM_TIMEOUT_MS: deadline of one operation, retries included. */
  timeoutMs: number;
  /** UPSTREAM_HEDGE_AFTER_MS: when a slow read is sent once more; undefined: never (hedging off). */
  hedgeAfterMs: number | undefined;
  /** UPSTREAM_BREAKER_*; undefined: the breaker is off (UPSTREAM_BREAKER_FAILURES=0). */
  breaker: BreakerSettings | undefined;
}

/** Limits on what one GraphQL request may cost: GRAPHQL_MAX_UPSTREAM_CALLS, _DEPTH, _ALIASES, _SELECTIONS. */
export type QueryLimits = QueryLimitOptions;

/** Callers authenticated by JWT (a company supergraph's router forwarding them): checked against a remote JWKS. */
export interface JwtSettings {
  /** GRAPHQL_JWKS_URL. */
  jwksUrl: string;
  /** GRAPHQL_JWT_ISSUER (required `iss`). */
  issuer: string;
  /** GRAPHQL_JWT_AUDIENCE (required `aud`). */
  audience: string;
  /** GRAPHQL_JWKS_TIMEOUT_MS. */
  timeoutMs: number;
  /** GRAPHQL_JWKS_COOLDOWN_MS. */
  cooldownMs: number;
}

/** The operations ledger (src/ledger): where it lives and how writes wait and settle. */
export interface LedgerSettings {
  /** DATABASE_URL; undefined: the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** DATA_DIR. */
  dataDir: string;
  /** LEDGER_WAIT_MS. */
  waitMs: number;
  /** LEDGER_SETTLE_MS (at least UPSTREAM_TIMEOUT_MS). */
  settleMs: number;
  /** LEDGER_LEASE_MS (more than UPSTREAM_TIMEOUT_MS). */
  leaseMs: number;
  /** LEDGER_RECONCILE_INTERVAL_MS (0: off). */
  reconcileIntervalMs: number;
  /** LEDGER_CONNECT_TIMEOUT_MS. */
  connectTimeoutMs: number;
  /** LEDGER_STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs: number;
  /** LEDGER_IDLE_TIMEOUT_MS. */
  idleTimeoutMs: number;
  /** LEDGER_KEEPALIVE_MS. */
  keepAliveMs: number;
}

/** How partner reads and calls are shared between requests, callers and replicas. */
export interface SharingSettings {
  /** READ_CACHE (`off`: every read goes to the partner; coalescing off too). */
  cache: boolean;
  /** READ_CACHE_POLICIES. */
  policies: Partial<Record<ReadOperation, ReadPolicy>>;
  /** REDIS_URL. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX. */
  redisKeyPrefix: string;
  /** REDIS_COMMAND_TIMEOUT_MS. */
  redisCommandTimeoutMs: number;
  /** CALLER_BUDGETS (`defaults` from the upstream rate unless `*` is set). */
  callerBudgets: CallerBudgetConfig;
  /** CALLER_WEIGHTS. */
  callerWeights: Readonly<Record<string, number>>;
}

/** Where traces go. */
export interface TracingSettings {
  /** OTEL_EXPORTER_OTLP_ENDPOINT; spans go to `${endpoint}/v1/traces`. Unset: no tracing. */
  endpoint: string | undefined;
  /** OTEL_SERVICE_NAME. */
  serviceName: string;
}

/** Every setting of the service, read and validated once by {@link loadConfig}; frozen. */
export interface Config {
  /** NODE_ENV. */
  nodeEnv: NodeEnv;
  /** PORT of the graph. */
  port: number;
  /** HOST. */
  host: string;
  /** SANDBOX_PORT of the embedded sandbox (used only when no upstream is configured). */
  sandboxPort: number;
  /** SANDBOX_ANALYSIS_SECONDS, in ms. */
  sandboxAnalysisMs: number;
  /** GRAPHQL_INTROSPECTION. */
  introspection: boolean;
  /** GRAPHQL_FAST_PATH: plain queries executed without Apollo Server's HTTP pipeline (server/fast-path.ts). */
  fastPath: boolean;
  /** Landing page (Apollo Sandbox) served on GET /graphql: everywhere but production. */
  landingPage: boolean;
  /** CORS_ORIGINS. */
  corsOrigins: readonly string[];
  /** GRAPHQL_MAX_BODY_BYTES. */
  maxBodyBytes: number;
  /** LOG_LEVEL. */
  logLevel: LogLevel;
  /** How much one GraphQL request may ask of the scarce upstream. */
  queryLimits: QueryLimits;
  /** GRAPHQL_API_KEYS; none (and no JWTs): every request is `anonymous` with every scope (development only). */
  apiCallers: readonly ApiCaller[];
  /** GRAPHQL_JWKS_URL, GRAPHQL_JWT_ISSUER, GRAPHQL_JWT_AUDIENCE: all three, or none. */
  jwt: JwtSettings | undefined;
  /** GRAPHQL_AUTH=none. */
  authDisabled: boolean;
  /** The operations ledger. */
  ledger: LedgerSettings;
  /** SHUTDOWN_GRACE_MS; {@link SHUTDOWN_HARD_MARGIN_MS} later the process exits regardless. */
  shutdownGraceMs: number;
  /** The real upstream, or undefined: then `main.ts` starts the embedded sandbox. */
  upstream: UpstreamSettings | undefined;
  /** Rate limit, concurrency cap, timeout, hedge, breaker and scope of the upstream client. */
  upstreamLimits: UpstreamLimits;
  /** Read cache, coalescing, fair share and budgets of partner calls. */
  sharing: SharingSettings;
  /** GRAPHQL_MAX_QUERY_BYTES, GRAPHQL_MAX_TOKEN_LENGTH, GRAPHQL_MAX_TOKENS, GRAPHQL_MAX_DIRECTIVES. */
  documentLimits: DocumentLimits;
  /** DEMO_SANDBOX. */
  demoSandbox: boolean;
  /** OpenTelemetry traces. */
  tracing: TracingSettings;
  /** PERSON_ID_SECRET, or its derived default (see the schema). */
  personIdSecret: string;
  /** METRICS_TOKEN; unset: /metrics is open. */
  metricsToken: string | undefined;
  /** Live updates: subscriptions over graphql-ws and graphql-sse (LIVE_* variables). */
  live: LiveSettings;
  /** The access record (AUDIT_* variables). */
  audit: AuditSettings;
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

/** Origin of Apollo Sandbox when it is opened from Apollo Studio rather than from the landing page. */
export const APOLLO_STUDIO_ORIGIN = 'https://studio.apollographql.com';

type Env = Readonly<Record<string, string | undefined>>;

/** The declared variables, trimmed, blanks as unset; variables the schema does not declare are left out. */
function declared(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(settingsSchema.shape)) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') {
      out[name] = value;
    }
  }
  return out;
}

/** Parses every declared variable; throws {@link ConfigError} naming the first bad one, never echoing a secret. */
export function parseSettings(env: Env = process.env): Settings {
  const raw = declared(env);
  const result = settingsSchema.safeParse(raw);
  if (result.success) {
    return result.data;
  }
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'configuration');
  let problem = issue?.message ?? 'is invalid';
  const secret = settingDocs.get(settingsSchema.shape[name as keyof typeof settingsSchema.shape])?.secret === true;
  const value = raw[name];
  if (secret && value !== undefined) {
    // A net under the parsers' own care: a secret variable's message never carries its value.
    problem = problem.split(value).join('<secret>');
  }
  throw new ConfigError(name, problem);
}

/** A group of variables set together or not at all: undefined when none is set. */
function group<const N extends string>(s: Settings, names: readonly N[], problem: string): Record<N, NonNullable<unknown>> | undefined {
  const values = s as Record<string, unknown>;
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length === names.length) {
    return undefined;
  }
  if (missing.length > 0) {
    throw new ConfigError(missing.join(', '), `missing: ${problem}`);
  }
  return values as Record<N, NonNullable<unknown>>;
}

/**
 * Reads and validates every setting from `env` (default `process.env`): the schema first (each
 * variable alone), then the rules between variables, in this order. The result is deeply frozen.
 * Throws {@link ConfigError} naming the first bad variable.
 */
export function loadConfig(env: Env = process.env): Config {
  const s = parseSettings(env);
  const production = s.NODE_ENV === 'production';

  // Rule: the JWT variables come together.
  const jwt = group(s, JWT_VARIABLES, `JWT callers are configured by all of ${JWT_VARIABLES.join(', ')} or none of them`)
    ? {
        jwksUrl: s.GRAPHQL_JWKS_URL as string,
        issuer: s.GRAPHQL_JWT_ISSUER as string,
        audience: s.GRAPHQL_JWT_AUDIENCE as string,
        timeoutMs: s.GRAPHQL_JWKS_TIMEOUT_MS,
        cooldownMs: s.GRAPHQL_JWKS_COOLDOWN_MS,
      }
    : undefined;
  const apiCallers = s.GRAPHQL_API_KEYS ?? [];
  // Rule: production requires caller authentication, unless GRAPHQL_AUTH=none says otherwise.
  if (production && s.GRAPHQL_AUTH !== 'none' && apiCallers.length === 0 && jwt === undefined) {
    throw new ConfigError(
      'GRAPHQL_API_KEYS',
      'production needs caller authentication: set GRAPHQL_API_KEYS and/or GRAPHQL_JWKS_URL, GRAPHQL_JWT_ISSUER and GRAPHQL_JWT_AUDIENCE, or GRAPHQL_AUTH=none to run without it',
    );
  }
  // Rule: the upstream connection variables come together; none starts the embedded sandbox.
  const upstream: UpstreamSettings | undefined = group(
    s,
    UPSTREAM_CONNECTION_VARIABLES,
    `the upstream is configured by all of ${UPSTREAM_CONNECTION_VARIABLES.join(', ')} or none of them (none starts the embedded sandbox)`,
  )
    ? {
        baseUrl: s.UPSTREAM_BASE_URL as string,
        environmentUrl: s.UPSTREAM_ENVIRONMENT_URL as string,
        authUrl: s.UPSTREAM_AUTH_URL as string,
        clientId: s.UPSTREAM_CLIENT_ID as string,
        privateKeyPem: s.UPSTREAM_PRIVATE_KEY as string,
      }
    : undefined;

  // Rules: everything that waits on a partner call outlasts its deadline.
  const timeoutMs = s.UPSTREAM_TIMEOUT_MS;
  const atLeast = (name: string, value: number | undefined, min: number, fallback: number): number => {
    if (value !== undefined && value < min) {
      throw new ConfigError(name, `must be at least ${min} (UPSTREAM_TIMEOUT_MS is ${timeoutMs})`);
    }
    return value ?? fallback;
  };
  const hedgeAfterMs = s.UPSTREAM_HEDGE_AFTER_MS ?? Math.max(1, Math.round(timeoutMs * DERIVED_DEFAULTS.hedgeFraction));
  if (hedgeAfterMs >= timeoutMs) {
    throw new ConfigError('UPSTREAM_HEDGE_AFTER_MS', `must be less than UPSTREAM_TIMEOUT_MS (${timeoutMs}), or 0 to turn hedging off`);
  }
  const rates = upstream === undefined ? RATE_DEFAULTS.sandbox : RATE_DEFAULTS.real;
  const upstreamLimits: UpstreamLimits = {
    scope: s.UPSTREAM_SCOPE,
    requestsPerSecond: s.UPSTREAM_RATE_LIMIT_RPS ?? rates.requestsPerSecond,
    burst: s.UPSTREAM_RATE_LIMIT_BURST ?? rates.burst,
    maxConcurrent: s.UPSTREAM_MAX_CONCURRENT ?? rates.maxConcurrent,
    maxWaitMs: s.UPSTREAM_RATE_LIMIT_MAX_WAIT_MS,
    timeoutMs,
    hedgeAfterMs: hedgeAfterMs === 0 ? undefined : hedgeAfterMs,
    breaker:
      s.UPSTREAM_BREAKER_FAILURES === 0
        ? undefined
        : { failureThreshold: s.UPSTREAM_BREAKER_FAILURES, windowMs: s.UPSTREAM_BREAKER_WINDOW_MS, coolDownMs: s.UPSTREAM_BREAKER_COOLDOWN_MS },
  };
  const ledger: LedgerSettings = {
    databaseUrl: s.DATABASE_URL,
    dataDir: s.DATA_DIR,
    waitMs: s.LEDGER_WAIT_MS,
    settleMs: atLeast('LEDGER_SETTLE_MS', s.LEDGER_SETTLE_MS, timeoutMs, Math.max(DERIVED_DEFAULTS.settleMs, timeoutMs)),
    leaseMs: atLeast('LEDGER_LEASE_MS', s.LEDGER_LEASE_MS, timeoutMs + 1000, Math.max(DERIVED_DEFAULTS.leaseMs, timeoutMs * 2)),
    reconcileIntervalMs: s.LEDGER_RECONCILE_INTERVAL_MS,
    connectTimeoutMs: s.LEDGER_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: s.LEDGER_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: s.LEDGER_IDLE_TIMEOUT_MS,
    keepAliveMs: s.LEDGER_KEEPALIVE_MS,
  };
  const shutdownGraceMs = atLeast('SHUTDOWN_GRACE_MS', s.SHUTDOWN_GRACE_MS, timeoutMs + 1, timeoutMs + DERIVED_DEFAULTS.graceAfterTimeoutMs);
  const rps = upstreamLimits.requestsPerSecond;
  const personIds = s.PERSON_ID_SECRET ?? personIdSecret(production, upstream);
  return deepFreeze<Config>({
    nodeEnv: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    sandboxPort: s.SANDBOX_PORT,
    sandboxAnalysisMs: Math.round(s.SANDBOX_ANALYSIS_SECONDS * 1000),
    introspection: s.GRAPHQL_INTROSPECTION ?? !production,
    fastPath: s.GRAPHQL_FAST_PATH ?? true,
    landingPage: !production,
    corsOrigins: s.CORS_ORIGINS ?? (production ? [] : [APOLLO_STUDIO_ORIGIN]),
    maxBodyBytes: s.GRAPHQL_MAX_BODY_BYTES,
    logLevel: s.LOG_LEVEL,
    queryLimits: {
      maxUpstreamCalls: s.GRAPHQL_MAX_UPSTREAM_CALLS,
      maxDepth: s.GRAPHQL_MAX_DEPTH,
      maxAliases: s.GRAPHQL_MAX_ALIASES,
      maxSelections: s.GRAPHQL_MAX_SELECTIONS,
    },
    apiCallers,
    jwt,
    authDisabled: s.GRAPHQL_AUTH === 'none',
    ledger,
    shutdownGraceMs,
    upstream,
    upstreamLimits,
    sharing: {
      cache: s.READ_CACHE,
      policies: s.READ_CACHE_POLICIES ?? {},
      redisUrl: s.REDIS_URL,
      redisKeyPrefix: s.REDIS_KEY_PREFIX,
      redisCommandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS,
      callerBudgets: {
        // Unless `*` is set: one caller alone may use the whole partner rate, with a minute of it in reserve.
        defaults: s.CALLER_BUDGETS?.defaults ?? { maximumAvailable: Math.max(20, Math.ceil(rps * 60)), restoreRate: rps },
        byCaller: s.CALLER_BUDGETS?.byCaller ?? {},
      },
      callerWeights: s.CALLER_WEIGHTS ?? {},
    },
    documentLimits: {
      maxQueryBytes: s.GRAPHQL_MAX_QUERY_BYTES,
      maxTokenLength: s.GRAPHQL_MAX_TOKEN_LENGTH,
      maxTokens: s.GRAPHQL_MAX_TOKENS,
      maxDirectives: s.GRAPHQL_MAX_DIRECTIVES,
    },
    demoSandbox: s.DEMO_SANDBOX,
    tracing: { endpoint: s.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: s.OTEL_SERVICE_NAME },
    personIdSecret: personIds,
    audit: auditSettings(s, personIds),
    metricsToken: s.METRICS_TOKEN,
    live: {
      intervalMs: s.LIVE_POLL_INTERVAL_MS,
      maxBackoffMs: liveBackoffMs(s.LIVE_MAX_BACKOFF_MS, s.LIVE_POLL_INTERVAL_MS),
      maxPerCaller: s.LIVE_MAX_SUBSCRIPTIONS_PER_CALLER,
      maxPerConnection: s.LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      viewerMaxProposals: s.LIVE_VIEWER_MAX_PROPOSALS,
      heartbeatMs: s.LIVE_HEARTBEAT_MS,
      idleTimeoutMs: s.LIVE_IDLE_TIMEOUT_MS,
    },
  });
}

/** Rule: the live watchers' longest back-off is at least their poll interval (default max(60 s, interval)). */
function liveBackoffMs(value: number | undefined, intervalMs: number): number {
  if (value !== undefined && value < intervalMs) {
    throw new ConfigError('LIVE_MAX_BACKOFF_MS', `must be at least LIVE_POLL_INTERVAL_MS (${intervalMs})`);
  }
  return value ?? Math.max(60_000, intervalMs);
}

/** Rule: never the public development key in production: derived from a secret the replicas share, else per process. */
function personIdSecret(production: boolean, upstream: UpstreamSettings | undefined): string {
  if (!production) {
    return DEVELOPMENT_PERSON_ID_SECRET;
  }
  return upstream === undefined
    ? randomBytes(32).toString('base64')
    : createHash('sha256').update('credit-graph person ids\n').update(upstream.privateKeyPem).digest('base64');
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
  const demo = flag().schema.safeParse(env.DEMO_SANDBOX?.trim() ?? '');
  if (env.NODE_ENV?.trim() === 'production' && !UPSTREAM_CONNECTION_VARIABLES.some(set) && !(demo.success && demo.data)) {
    throw productionUpstreamError();
  }
}
