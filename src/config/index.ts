import { createHash, randomBytes } from 'node:crypto';
// A leaf: each variable is declared once in schema.ts (zod); the shapes the layers take as options
// live in src/shared/settings.ts. Here the parsed variables become the frozen Config, whose type is
// inferred from {@link configSchema}: the rules between variables are its refinement, the defaults
// that depend on other variables its transform.
import { type z } from 'zod';
import { type CallerBudgetConfig, type DocumentLimits, type QueryLimitOptions } from '../shared/settings.js';
import { auditSettings } from './audit.js';
import { ConfigError } from './error.js';
import { deepFreeze } from './freeze.js';
import { type ApiCaller, flag } from './parsers.js';
import { DERIVED_DEFAULTS, JWT_VARIABLES, RATE_DEFAULTS, type Settings, settingDocs, settingsSchema, UPSTREAM_CONNECTION_VARIABLES } from './schema.js';

export { CALLER_SCOPES } from '../shared/callers.js';
export { ConfigError } from './error.js';
export { type ApiCaller } from './parsers.js';
export { UPSTREAM_CONNECTION_VARIABLES } from './schema.js';

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
  return parseWith(settingsSchema, env);
}

function parseWith<T>(schema: z.ZodType<T, Record<string, string | undefined>>, env: Env): T {
  const raw = declared(env);
  const result = schema.safeParse(raw);
  if (result.success) {
    return result.data;
  }
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'configuration');
  let problem = issue?.message ?? 'is invalid';
  const declaration = settingsSchema.shape[name as keyof typeof settingsSchema.shape] as z.ZodType | undefined;
  const secret = declaration !== undefined && settingDocs.get(declaration)?.secret === true;
  const value = raw[name];
  if (secret && value !== undefined) {
    // A net under the parsers' own care: a secret variable's message never carries its value.
    problem = problem.split(value).join('<secret>');
  }
  throw new ConfigError(name, problem);
}

/** Whether some but not all of `names` are set: the missing ones, else undefined. */
function partlySet(s: Settings, names: readonly string[]): string[] | undefined {
  const values = s as Record<string, unknown>;
  const missing = names.filter((name) => values[name] === undefined);
  return missing.length > 0 && missing.length < names.length ? missing : undefined;
}

/** UPSTREAM_HEDGE_AFTER_MS, or its default: a third of the deadline. */
const hedgeAfterOf = (s: Settings): number => s.UPSTREAM_HEDGE_AFTER_MS ?? Math.max(1, Math.round(s.UPSTREAM_TIMEOUT_MS * DERIVED_DEFAULTS.hedgeFraction));

/**
 * The rules between variables, in this order; the first one broken is the only one reported (an
 * issue whose path is the variable(s) to fix).
 */
function checkRules(s: Settings, ctx: z.RefinementCtx<Settings>): void {
  const broken = (variable: string, message: string): void => ctx.addIssue({ code: 'custom', path: [variable], message });
  const production = s.NODE_ENV === 'production';
  const timeoutMs = s.UPSTREAM_TIMEOUT_MS;
  // The JWT variables come together.
  const jwtMissing = partlySet(s, JWT_VARIABLES);
  if (jwtMissing !== undefined) {
    return broken(jwtMissing.join(', '), `missing: JWT callers are configured by all of ${JWT_VARIABLES.join(', ')} or none of them`);
  }
  // Production requires caller authentication, unless GRAPHQL_AUTH=none says otherwise.
  if (production && s.GRAPHQL_AUTH !== 'none' && (s.GRAPHQL_API_KEYS ?? []).length === 0 && s.GRAPHQL_JWKS_URL === undefined) {
    return broken(
      'GRAPHQL_API_KEYS',
      'production needs caller authentication: set GRAPHQL_API_KEYS and/or GRAPHQL_JWKS_URL, GRAPHQL_JWT_ISSUER and GRAPHQL_JWT_AUDIENCE, or GRAPHQL_AUTH=none to run without it',
    );
  }
  // The upstream connection variables come together; none starts the embedded sandbox.
  const upstreamMissing = partlySet(s, UPSTREAM_CONNECTION_VARIABLES);
  if (upstreamMissing !== undefined) {
    return broken(
      upstreamMissing.join(', '),
      `missing: the upstream is configured by all of ${UPSTREAM_CONNECTION_VARIABLES.join(', ')} or none of them (none starts the embedded sandbox)`,
    );
  }
  // Everything that waits on a partner call outlasts its deadline.
  if (hedgeAfterOf(s) >= timeoutMs) {
    return broken('UPSTREAM_HEDGE_AFTER_MS', `must be less than UPSTREAM_TIMEOUT_MS (${timeoutMs}), or 0 to turn hedging off`);
  }
  const atLeast: [string, number | undefined, number][] = [
    ['LEDGER_SETTLE_MS', s.LEDGER_SETTLE_MS, timeoutMs],
    ['LEDGER_LEASE_MS', s.LEDGER_LEASE_MS, timeoutMs + 1000],
    ['SHUTDOWN_GRACE_MS', s.SHUTDOWN_GRACE_MS, timeoutMs + 1],
  ];
  for (const [name, value, min] of atLeast) {
    if (value !== undefined && value < min) {
      return broken(name, `must be at least ${min} (UPSTREAM_TIMEOUT_MS is ${timeoutMs})`);
    }
  }
  // The measured overdue threshold's ceiling is over its floor and under the deadline.
  const overdueCeiling = s.UPSTREAM_OVERDUE_MAX_AFTER_MS;
  if (overdueCeiling !== undefined && s.UPSTREAM_OVERDUE_AFTER_MS > 0 && s.UPSTREAM_OVERDUE_LATENCY_FACTOR > 0) {
    if (overdueCeiling < s.UPSTREAM_OVERDUE_AFTER_MS || overdueCeiling >= timeoutMs) {
      return broken(
        'UPSTREAM_OVERDUE_MAX_AFTER_MS',
        `must be at least UPSTREAM_OVERDUE_AFTER_MS (${s.UPSTREAM_OVERDUE_AFTER_MS}) and less than UPSTREAM_TIMEOUT_MS (${timeoutMs})`,
      );
    }
  }
  // The live watchers' longest back-off is at least their poll interval.
  if (s.LIVE_MAX_BACKOFF_MS !== undefined && s.LIVE_MAX_BACKOFF_MS < s.LIVE_POLL_INTERVAL_MS) {
    return broken('LIVE_MAX_BACKOFF_MS', `must be at least LIVE_POLL_INTERVAL_MS (${s.LIVE_POLL_INTERVAL_MS})`);
  }
}

/** The overdue pool (upstream/overdue.ts): off with `UPSTREAM_OVERDUE_AFTER_MS=0`, a fixed threshold with a factor of 0. */
function overdueOf(s: Settings) {
  if (s.UPSTREAM_OVERDUE_AFTER_MS === 0) {
    return undefined;
  }
  const fixed = { afterMs: s.UPSTREAM_OVERDUE_AFTER_MS, maxCalls: s.UPSTREAM_MAX_OVERDUE_CALLS };
  if (s.UPSTREAM_OVERDUE_LATENCY_FACTOR === 0) {
    return fixed;
  }
  return {
    ...fixed,
    latency: {
      factor: s.UPSTREAM_OVERDUE_LATENCY_FACTOR,
      maxAfterMs: s.UPSTREAM_OVERDUE_MAX_AFTER_MS ?? Math.max(s.UPSTREAM_OVERDUE_AFTER_MS, Math.floor(s.UPSTREAM_TIMEOUT_MS / 2)),
      windowMs: s.UPSTREAM_OVERDUE_WINDOW_MS,
    },
  };
}

/** The defaults that depend on other variables, and the settings grouped as the layers take them. */
function toConfig(s: Settings) {
  const production = s.NODE_ENV === 'production';
  const jwt =
    s.GRAPHQL_JWKS_URL !== undefined && s.GRAPHQL_JWT_ISSUER !== undefined && s.GRAPHQL_JWT_AUDIENCE !== undefined
      ? {
          /** GRAPHQL_JWKS_URL. */
          jwksUrl: s.GRAPHQL_JWKS_URL,
          /** GRAPHQL_JWT_ISSUER (required `iss`). */
          issuer: s.GRAPHQL_JWT_ISSUER,
          /** GRAPHQL_JWT_AUDIENCE (required `aud`). */
          audience: s.GRAPHQL_JWT_AUDIENCE,
          timeoutMs: s.GRAPHQL_JWKS_TIMEOUT_MS,
          cooldownMs: s.GRAPHQL_JWKS_COOLDOWN_MS,
        }
      : undefined;
  const upstream =
    s.UPSTREAM_BASE_URL !== undefined &&
    s.UPSTREAM_ENVIRONMENT_URL !== undefined &&
    s.UPSTREAM_AUTH_URL !== undefined &&
    s.UPSTREAM_CLIENT_ID !== undefined &&
    s.UPSTREAM_PRIVATE_KEY !== undefined
      ? {
          /** Operations are posted to `${baseUrl}/Proposta/...`. */
          baseUrl: s.UPSTREAM_BASE_URL,
          /** `${environmentUrl}/FGTS/CancelarProposta`. */
          environmentUrl: s.UPSTREAM_ENVIRONMENT_URL,
          /** The token endpoint is `${authUrl}/connect/token`. */
          authUrl: s.UPSTREAM_AUTH_URL,
          clientId: s.UPSTREAM_CLIENT_ID,
          /** Normalized to PKCS#8 PEM. */
          privateKeyPem: s.UPSTREAM_PRIVATE_KEY,
        }
      : undefined;
  const timeoutMs = s.UPSTREAM_TIMEOUT_MS;
  const hedgeAfterMs = hedgeAfterOf(s);
  const rates = upstream === undefined ? RATE_DEFAULTS.sandbox : RATE_DEFAULTS.real;
  const rps = s.UPSTREAM_RATE_LIMIT_RPS ?? rates.requestsPerSecond;
  const queryLimits: QueryLimitOptions = {
    maxUpstreamCalls: s.GRAPHQL_MAX_UPSTREAM_CALLS,
    maxDepth: s.GRAPHQL_MAX_DEPTH,
    maxAliases: s.GRAPHQL_MAX_ALIASES,
    maxSelections: s.GRAPHQL_MAX_SELECTIONS,
  };
  const documentLimits: DocumentLimits = {
    maxQueryBytes: s.GRAPHQL_MAX_QUERY_BYTES,
    maxTokenLength: s.GRAPHQL_MAX_TOKEN_LENGTH,
    maxTokens: s.GRAPHQL_MAX_TOKENS,
    maxDirectives: s.GRAPHQL_MAX_DIRECTIVES,
  };
  const callerBudgets: CallerBudgetConfig = {
    // Unless `*` is set: one caller alone may use the whole partner rate, with a minute of it in reserve.
    defaults: s.CALLER_BUDGETS?.defaults ?? { maximumAvailable: Math.max(20, Math.ceil(rps * 60)), restoreRate: rps },
    byCaller: s.CALLER_BUDGETS?.byCaller ?? {},
  };
  const personIds = s.PERSON_ID_SECRET ?? personIdSecret(production, upstream?.privateKeyPem);
  return {
    nodeEnv: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    sandboxPort: s.SANDBOX_PORT,
    /** SANDBOX_ANALYSIS_SECONDS, in ms. */
    sandboxAnalysisMs: Math.round(s.SANDBOX_ANALYSIS_SECONDS * 1000),
    introspection: s.GRAPHQL_INTROSPECTION ?? !production,
    /** Landing page (Apollo Sandbox) served on GET /graphql: everywhere but production. */
    landingPage: !production,
    corsOrigins: (s.CORS_ORIGINS ?? (production ? [] : [APOLLO_STUDIO_ORIGIN])) as readonly string[],
    maxBodyBytes: s.GRAPHQL_MAX_BODY_BYTES,
    /** POST /uploads: largest body, how long an upload lives (ms), bytes held at once (overall and per caller), purge period. */
    uploads: {
      maxBytes: s.UPLOAD_MAX_BYTES,
      ttlMs: s.UPLOAD_TTL_SECONDS * 1000,
      maxStoredBytes: s.UPLOAD_STORE_MAX_BYTES,
      maxCallerBytes: s.UPLOAD_CALLER_MAX_BYTES,
      purgeIntervalMs: s.UPLOAD_PURGE_INTERVAL_MS,
    },
    maxRequestsInFlight: s.MAX_REQUESTS_IN_FLIGHT,
    /** ADMISSION_TARGET_DELAY_MS; 0: a fixed bound. */
    admissionTargetDelayMs: s.ADMISSION_TARGET_DELAY_MS ?? (production ? 5 : 0),
    /** LISTEN_ACCEPTORS: listening sockets sharing the port. */
    listenAcceptors: s.LISTEN_ACCEPTORS ?? (production ? 32 : 1),
    logLevel: s.LOG_LEVEL,
    queryLimits,
    /** GRAPHQL_API_KEYS; none (and no JWTs): every request is the anonymous caller with every scope (development only). */
    apiCallers: (s.GRAPHQL_API_KEYS ?? []) as readonly ApiCaller[],
    jwt,
    authDisabled: s.GRAPHQL_AUTH === 'none',
    /** TRUSTED_DOCUMENTS; `log` in production, `off` elsewhere. */
    trustedDocuments: s.TRUSTED_DOCUMENTS ?? (production ? 'log' : 'off'),
    ledger: {
      /** DATABASE_URL; undefined: the embedded PGlite under `dataDir`. */
      databaseUrl: s.DATABASE_URL,
      dataDir: s.DATA_DIR,
      waitMs: s.LEDGER_WAIT_MS,
      settleMs: s.LEDGER_SETTLE_MS ?? Math.max(DERIVED_DEFAULTS.settleMs, timeoutMs),
      leaseMs: s.LEDGER_LEASE_MS ?? Math.max(DERIVED_DEFAULTS.leaseMs, timeoutMs * 2),
      reconcileIntervalMs: s.LEDGER_RECONCILE_INTERVAL_MS,
      connectTimeoutMs: s.LEDGER_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: s.LEDGER_STATEMENT_TIMEOUT_MS,
      idleTimeoutMs: s.LEDGER_IDLE_TIMEOUT_MS,
      keepAliveMs: s.LEDGER_KEEPALIVE_MS,
    },
    /** SHUTDOWN_GRACE_MS; {@link SHUTDOWN_HARD_MARGIN_MS} later the process exits regardless. */
    shutdownGraceMs: s.SHUTDOWN_GRACE_MS ?? timeoutMs + DERIVED_DEFAULTS.graceAfterTimeoutMs,
    /** The real upstream, or undefined: then `main.ts` starts the embedded sandbox. */
    upstream,
    upstreamLimits: {
      scope: s.UPSTREAM_SCOPE,
      requestsPerSecond: rps,
      burst: s.UPSTREAM_RATE_LIMIT_BURST ?? rates.burst,
      maxConcurrent: s.UPSTREAM_MAX_CONCURRENT ?? rates.maxConcurrent,
      maxWaitMs: s.UPSTREAM_RATE_LIMIT_MAX_WAIT_MS,
      /** Hung calls moved out of the slots (UPSTREAM_OVERDUE_AFTER_MS, UPSTREAM_MAX_OVERDUE_CALLS); undefined: off. */
      overdue: overdueOf(s),
      /** Deadline of one operation, retries included. */
      timeoutMs,
      /** When a slow read is sent once more; undefined: never (hedging off). */
      hedgeAfterMs: hedgeAfterMs === 0 ? undefined : hedgeAfterMs,
      /** The partner's circuit breaker (src/upstream/breaker.ts); undefined: off (UPSTREAM_BREAKER_FAILURES=0). */
      breaker:
        s.UPSTREAM_BREAKER_FAILURES === 0
          ? undefined
          : { failureThreshold: s.UPSTREAM_BREAKER_FAILURES, windowMs: s.UPSTREAM_BREAKER_WINDOW_MS, coolDownMs: s.UPSTREAM_BREAKER_COOLDOWN_MS },
    },
    sharing: {
      /** READ_CACHE (`off`: every read goes to the partner; coalescing off too). */
      cache: s.READ_CACHE,
      policies: s.READ_CACHE_POLICIES ?? {},
      redisUrl: s.REDIS_URL,
      redisKeyPrefix: s.REDIS_KEY_PREFIX,
      redisCommandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS,
      callerBudgets,
      callerWeights: (s.CALLER_WEIGHTS ?? {}) as Readonly<Record<string, number>>,
    },
    documentLimits,
    demoSandbox: s.DEMO_SANDBOX,
    tracing: {
      /** Spans go to `${endpoint}/v1/traces`. Unset: no tracing. */
      endpoint: s.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: s.OTEL_SERVICE_NAME,
    },
    personIdSecret: personIds,
    /** The access record (AUDIT_* variables). */
    audit: auditSettings(s, personIds),
    /** METRICS_TOKEN; unset: /metrics is open. */
    metricsToken: s.METRICS_TOKEN,
    live: {
      intervalMs: s.LIVE_POLL_INTERVAL_MS,
      maxBackoffMs: s.LIVE_MAX_BACKOFF_MS ?? Math.max(60_000, s.LIVE_POLL_INTERVAL_MS),
      maxPerCaller: s.LIVE_MAX_SUBSCRIPTIONS_PER_CALLER,
      maxPerConnection: s.LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      viewerMaxProposals: s.LIVE_VIEWER_MAX_PROPOSALS,
      maxEventBytes: s.LIVE_MAX_EVENT_BYTES,
      heartbeatMs: s.LIVE_HEARTBEAT_MS,
      idleTimeoutMs: s.LIVE_IDLE_TIMEOUT_MS,
      connectionInitTimeoutMs: s.LIVE_CONNECTION_INIT_TIMEOUT_MS,
      maxUnauthenticatedSockets: s.LIVE_MAX_UNAUTHENTICATED_SOCKETS,
      sendBufferBytes: s.LIVE_SEND_BUFFER_BYTES,
      sendBufferEvents: s.LIVE_SEND_BUFFER_EVENTS,
    },
  };
}

/** The environment's variables (declared, trimmed, blanks as unset) to the service's Config: the schema, the rules, the derived defaults. */
export const configSchema = settingsSchema.superRefine(checkRules).transform(toConfig);

/** Every setting of the service, read and validated once by {@link loadConfig}; frozen. Each field's variable, bounds and default: schema.ts, docs/configuration.md. */
export type Config = Readonly<z.output<typeof configSchema>>;
/** Where the service runs; decides the defaults of introspection, landing page, CORS and HOST. */
export type NodeEnv = Config['nodeEnv'];
/** Log verbosity, most verbose first; `silent` logs nothing. */
export type LogLevel = Config['logLevel'];
/** The real upstream: present only when every variable of the UPSTREAM_* connection group is set. */
export type UpstreamSettings = NonNullable<Config['upstream']>;
/** How the upstream client spends its scarce calls; applies to the real upstream and to the embedded sandbox. */
export type UpstreamLimits = Config['upstreamLimits'];
/** The partner's circuit breaker (src/upstream/breaker.ts). */
export type BreakerSettings = NonNullable<UpstreamLimits['breaker']>;
/** Limits on what one GraphQL request may cost. */
export type QueryLimits = Config['queryLimits'];
/** Callers authenticated by JWT (a company supergraph's router forwarding them): checked against a remote JWKS. */
export type JwtSettings = NonNullable<Config['jwt']>;
/** The operations ledger (src/ledger): where it lives and how writes wait and settle. */
export type LedgerSettings = Config['ledger'];
/** How partner reads and calls are shared between requests, callers and replicas. */
export type SharingSettings = Config['sharing'];
/** Where traces go. */
export type TracingSettings = Config['tracing'];
/** Live updates (subscriptions): the watchers' polls and the transports' limits. */
export type LiveSettings = Config['live'];

/**
 * Reads and validates every setting from `env` (default `process.env`): each variable alone, then
 * the rules between variables, in {@link checkRules}' order. The result is deeply frozen. Throws
 * {@link ConfigError} naming the first bad variable, never echoing a secret.
 */
export function loadConfig(env: Env = process.env): Config {
  return deepFreeze<Config>(parseWith(configSchema, env));
}

/** Rule: never the public development key in production: derived from a secret the replicas share, else per process. */
function personIdSecret(production: boolean, upstreamPrivateKeyPem: string | undefined): string {
  if (!production) {
    return DEVELOPMENT_PERSON_ID_SECRET;
  }
  return upstreamPrivateKeyPem === undefined
    ? randomBytes(32).toString('base64')
    : createHash('sha256').update('credit-graph person ids\n').update(upstreamPrivateKeyPem).digest('base64');
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
