/**
 * Every environment variable of the service, declared once: its parser (type and bounds), its
 * default, whether it is secret and what it means. `loadConfig` (src/config/index.ts) parses the
 * environment with {@link settingsSchema}, then applies the defaults that depend on other variables
 * and the rules between variables; `npm run docs:config` writes docs/configuration.md from
 * {@link SETTING_GROUPS}.
 */
import { z } from 'zod';
import { uploads } from './uploads.schema.js';
import { DEFAULT_DOCUMENT_LIMITS, DEFAULT_QUERY_LIMITS, DEFAULT_SCOPE } from '../shared/settings.js';
import {
  apiCallers,
  callerBudgets,
  callerWeights,
  flag,
  httpUrl,
  integer,
  oneOf,
  origins,
  positiveNumber,
  privateKey,
  readPolicies,
  seconds,
  serviceUrl,
  text,
} from './parsers.js';
import { setting } from './setting.js';
import { live } from './live.js';
import { observability } from './observability.js';

export { type SettingDoc, settingDocs } from './setting.js';

/** Defaults that depend on whether the partner is the real upstream or the embedded sandbox. */
export const RATE_DEFAULTS = {
  real: { requestsPerSecond: 1, burst: 3, maxConcurrent: 4 },
  sandbox: { requestsPerSecond: 50, burst: 50, maxConcurrent: 32 },
} as const;

/** Derived defaults: the grace after the deadline, the least settle and lease, the hedge's share of the deadline. */
export const DERIVED_DEFAULTS = { graceAfterTimeoutMs: 5000, settleMs: 30_000, leaseMs: 60_000, hedgeFraction: 1 / 3 } as const;

const bySource = (key: keyof typeof RATE_DEFAULTS.real): string => `\`${RATE_DEFAULTS.real[key]}\` real upstream, \`${RATE_DEFAULTS.sandbox[key]}\` sandbox`;

/** Where the service runs and listens. */
const service = {
  NODE_ENV: setting(oneOf(['development', 'production', 'test']), {
    default: 'development',
    description:
      'Production turns introspection, the landing page and the default CORS origins off, listens on `0.0.0.0`, and requires caller authentication and the real upstream.',
  }),
  PORT: setting(integer(0, 65535), { default: 4000, description: 'Port of the graph (path `/graphql`, health at `/health` and `/ready`).' }),
  HOST: setting(text({ max: 255 }), { shown: '`127.0.0.1` (`0.0.0.0` in production)', description: 'Interface the graph listens on.' }),
  SANDBOX_PORT: setting(integer(0, 65535), { default: 4010, description: 'Port of the embedded sandbox (only when no upstream is configured).' }),
  SANDBOX_ANALYSIS_SECONDS: setting(seconds(86_400), {
    default: 10,
    description: "How long the embedded sandbox's credit analysis of a new proposal takes (0 decides at once).",
  }),
  DEMO_SANDBOX: setting(flag(), {
    default: false,
    description:
      'In production without the `UPSTREAM_*` settings, start-up stops naming them; `DEMO_SANDBOX=true` starts the embedded demo sandbox instead (a demo deployment: its admin API is unauthenticated). Ignored outside production, where the sandbox starts whenever no upstream is configured.',
  }),
};

/** What one GraphQL request may send and cost. */
const requests = {
  GRAPHQL_INTROSPECTION: setting(flag(), {
    shown: '`true` (`false` in production)',
    description: 'Answer introspection queries. `true` in production turns it on without the landing page.',
  }),
  CORS_ORIGINS: setting(origins(), {
    shown: '`https://studio.apollographql.com` (none in production)',
    description: 'Browser origins allowed to call the graph, or `*`.',
  }),
  TRUSTED_DOCUMENTS: setting(oneOf(['off', 'log', 'require']), {
    shown: '`off` (`log` in production)',
    description:
      "Documents outside the operation manifest (docs/trusted-documents.md) from callers without the `federation` scope: `off` runs them, `log` runs them and logs each one once (its hash and operation name, never its text), `require` refuses them (`PERSISTED_DOCUMENT_REQUIRED`). Documents by id (`documentId`, Apollo's `persistedQuery` hash) run in every mode.",
  }),
  GRAPHQL_MAX_BODY_BYTES: setting(integer(1024, 1024 ** 3), {
    default: 1024 * 1024,
    shown: '`1048576` (1 MiB)',
    description:
      'Largest GraphQL request body; larger ones get HTTP 413 `PAYLOAD_TOO_LARGE`. Large documents travel apart, through `POST /uploads` (`UPLOAD_MAX_BYTES`), and `attachDocument` names them by `uploadId`; inline base64 content fits within this.',
  }),
  MAX_REQUESTS_IN_FLIGHT: setting(integer(2, 100_000), {
    default: 256,
    shown: '`256`',
    description:
      'GraphQL requests (HTTP GET and POST) served at once by one replica; beyond it a request is refused at once with HTTP 503 `OVERLOADED` and `Retry-After`. An eighth (at least one) is kept for mutations: queries are refused first. `/health`, `/ready` and `/metrics` are never counted.',
  }),
  LISTEN_ACCEPTORS: setting(integer(1, 256), {
    shown: '`1` (`32` in production)',
    description:
      'Listening sockets on `PORT` (SO_REUSEPORT on Linux and FreeBSD with `HOST` an IP address; one otherwise). Node takes one new connection per socket per turn of its event loop, so past capacity one socket admits a few hundred new connections a second and the rest wait in the kernel for seconds before they can be refused; each socket more takes one more per turn.',
  }),
  ADMISSION_TARGET_DELAY_MS: setting(integer(0, 10_000), {
    shown: '`0` (`5` in production)',
    description:
      "Adapts `MAX_REQUESTS_IN_FLIGHT` to what the replica really serves: while the event loop's delay (p99 over 200 ms) stays above this many milliseconds, the bound shrinks by a quarter (to at least 16), and it grows back by a tenth while requests are refused and the loop keeps up. Keeps refusals, probes and admitted requests fast when the load is past capacity. `0`: a fixed bound.",
  }),
  GRAPHQL_MAX_UPSTREAM_CALLS: setting(integer(1, 100_000), {
    default: DEFAULT_QUERY_LIMITS.maxUpstreamCalls,
    description:
      "Upstream operations one GraphQL request may start. A field needing one more fails with `UPSTREAM_CALL_BUDGET_EXCEEDED`; the rest of the answer is served. An operation counts once with its retries, a batched read (one `ConsultarDetalhes` for many installments) once, a key repeated in one request once. 200 covers 50 proposals (the most `proposals(ids:)` and a gateway's `_entities` take) with four field groups each.",
  }),
  GRAPHQL_MAX_DEPTH: setting(integer(2, 100), {
    default: DEFAULT_QUERY_LIMITS.maxDepth,
    description:
      'Deepest field nesting of an operation (`{ proposal { installments { number } } }` is 3, an introspection field counts one level). Introspection itself may nest up to max(this, 20) (the full introspection query nests 15). Deeper operations get HTTP 400 `QUERY_TOO_DEEP` before graphql validation and any upstream call.',
  }),
  GRAPHQL_MAX_ALIASES: setting(integer(0, 10_000), {
    default: DEFAULT_QUERY_LIMITS.maxAliases,
    description:
      "Aliased fields in an operation, a fragment's counted at each spread. More get HTTP 400 `TOO_MANY_ALIASES` before any upstream call: aliases are what would let one query repeat `proposal` without bound.",
  }),
  GRAPHQL_MAX_SELECTIONS: setting(integer(10, 1_000_000), {
    default: DEFAULT_QUERY_LIMITS.maxSelections,
    description:
      'Field selections of an operation with every fragment spread expanded in place (the full introspection query has 229). More get HTTP 400 `TOO_MANY_SELECTIONS` before any upstream call: a chain of fragments each spreading the previous one twice is measured fragment by fragment, never expanded.',
  }),
  GRAPHQL_MAX_QUERY_BYTES: setting(integer(1000, 16 * 1024 * 1024), {
    default: DEFAULT_DOCUMENT_LIMITS.maxQueryBytes,
    description:
      'UTF-8 bytes of the query text. Longer ones get HTTP 400 `QUERY_TOO_LARGE` before the text is read at all (variables do not count: large values travel there).',
  }),
  GRAPHQL_MAX_TOKEN_LENGTH: setting(integer(100, 16 * 1024 * 1024), {
    default: DEFAULT_DOCUMENT_LIMITS.maxTokenLength,
    description:
      'Characters of one token of the document: a comment, string, block string, name or number. A longer one gets HTTP 400 `TOKEN_TOO_LONG` before parsing.',
  }),
  GRAPHQL_MAX_TOKENS: setting(integer(200, 1_000_000), {
    default: DEFAULT_DOCUMENT_LIMITS.maxTokens,
    description:
      'Lexical tokens one document may have (the full introspection query has 184). Parsing stops at the limit: a document with more is refused with HTTP 400 `GRAPHQL_PARSE_FAILED` in milliseconds (a 1M-token one is over `GRAPHQL_MAX_QUERY_BYTES` first).',
  }),
  GRAPHQL_MAX_DIRECTIVES: setting(integer(0, 10_000), {
    default: DEFAULT_DOCUMENT_LIMITS.maxDirectives,
    description: 'Directives one document may carry; more get HTTP 400 `TOO_MANY_DIRECTIVES`.',
  }),
};

/** Who may call the graph. */
const callers = {
  GRAPHQL_API_KEYS: setting(apiCallers(), {
    secret: true,
    description:
      'API-key callers, each `callerId:key` or `callerId:key:scope+scope` (caller ids of 1 to 64 letters, digits, `.`, `_`, `-`; keys of at least 16 characters, no spaces or colons; scopes `proposals.all`, `registry.read`, `federation`, `audit.read`). Keys are kept only as SHA-256 digests. See [Callers and scopes](callers.md#callers-and-scopes).',
  }),
  GRAPHQL_AUTH: setting(oneOf(['required', 'none'], { anyCase: true }), {
    default: 'required',
    description:
      '`none` lets production start without caller authentication (every request `anonymous`, every scope); otherwise production needs `GRAPHQL_API_KEYS` or the three JWT variables.',
  }),
  GRAPHQL_JWKS_URL: setting(httpUrl(), {
    description:
      "JWT callers (a company router forwarding the user's token): the issuer's JSON Web Key Set, fetched by the graph. `GRAPHQL_JWKS_URL`, `GRAPHQL_JWT_ISSUER` and `GRAPHQL_JWT_AUDIENCE` are set together or not at all.",
  }),
  GRAPHQL_JWT_ISSUER: setting(text({ max: 500, pattern: /^\S+$/, problem: 'must be one value without whitespace, at most 500 characters' }), {
    description: 'The `iss` every caller JWT must carry.',
  }),
  GRAPHQL_JWT_AUDIENCE: setting(text({ max: 500, pattern: /^\S+$/, problem: 'must be one value without whitespace, at most 500 characters' }), {
    description: 'The `aud` every caller JWT must carry.',
  }),
  GRAPHQL_JWKS_TIMEOUT_MS: setting(integer(100, 30_000), {
    default: 3000,
    description: 'Longest JWKS fetch; past it the request answers HTTP 503 `AUTH_UNAVAILABLE`.',
  }),
  GRAPHQL_JWKS_COOLDOWN_MS: setting(integer(0, 3_600_000), {
    default: 30_000,
    description: 'Least time between two JWKS fetches that tokens with an unknown `kid` can trigger (a rotated-in key is picked up after it).',
  }),
  PERSON_ID_SECRET: setting(text({ max: 1000, pattern: /^[\s\S]{32,}$/, problem: 'must be 32 to 1000 characters (e.g. openssl rand -base64 32)' }), {
    secret: true,
    shown: 'development key outside production',
    description:
      'Key of the opaque `Person.id` (the federation key), the same on every replica (`openssl rand -base64 32`). Unset outside production: a public development key. Unset in production: derived from `UPSTREAM_PRIVATE_KEY` (stable across replicas; rotating that key changes every person id, so set this to keep them), or random per process with `DEMO_SANDBOX`. Never the raw CPF/CNPJ. It also keys the callers\' operation-code namespaces at the partner (docs/callers.md, "Callers and ownership").',
  }),
};

/** The operations ledger and shutdown. */
const ledger = {
  DATABASE_URL: setting(serviceUrl(['postgres:', 'postgresql:']), {
    secret: true,
    description:
      'PostgreSQL server of the operations ledger (`postgres://user:pass@host:5432/db`); replicas share it. Unset: an embedded PGlite (PostgreSQL compiled to WASM, nothing to install) under `DATA_DIR`. The schema is migrated at start-up under an advisory lock.',
  }),
  DATA_DIR: setting(text(), {
    default: '.data',
    description:
      "Directory of the embedded ledger (`<DATA_DIR>/ledger`, when `DATABASE_URL` is unset) and of the embedded sandbox's state (`<DATA_DIR>/sandbox`, kept across restarts as the partner keeps its own; `npm run reset` empties both). Git-ignored.",
  }),
  LEDGER_WAIT_MS: setting(integer(0, 600_000), {
    default: 5000,
    description:
      'How long a mutation repeated while the first with the same key is still running (on any replica) waits for it before answering `IDEMPOTENCY_KEY_IN_USE`.',
  }),
  LEDGER_SETTLE_MS: setting(integer(0, 86_400_000), {
    shown: `\`${DERIVED_DEFAULTS.settleMs}\` (at least \`UPSTREAM_TIMEOUT_MS\`)`,
    description:
      'How long after a write was sent a partner read that does not find it proves it absent. Until then a retry of an in-doubt write answers `OUTCOME_UNKNOWN` and sends nothing. At least `UPSTREAM_TIMEOUT_MS`.',
  }),
  LEDGER_LEASE_MS: setting(integer(0, 86_400_000), {
    shown: `\`${DERIVED_DEFAULTS.leaseMs}\` (at least twice \`UPSTREAM_TIMEOUT_MS\`)`,
    description:
      'How long a replica owns a write it is sending; past it (the replica died) the write is in doubt and resolved by the next retry or the reconciler. At least `UPSTREAM_TIMEOUT_MS` + 1000.',
  }),
  LEDGER_RECONCILE_INTERVAL_MS: setting(integer(0, 86_400_000), {
    default: 30_000,
    description:
      'Period of the background reconciler that resolves writes left in doubt (found at the partner: succeeded; proven absent: failed, so a retry sends it). `0` turns it off.',
  }),
  LEDGER_CONNECT_TIMEOUT_MS: setting(integer(100, 600_000), {
    default: 3000,
    description: 'Longest wait for a PostgreSQL connection of the ledger, new or from the pool. Past it the request answers `LEDGER_UNAVAILABLE` (retryable).',
  }),
  LEDGER_STATEMENT_TIMEOUT_MS: setting(integer(100, 600_000), {
    default: 5000,
    description:
      'Longest ledger statement, enforced by the server (`statement_timeout`) and by the client (`query_timeout`, for a server that stopped answering). Past it: `LEDGER_UNAVAILABLE`, or `OUTCOME_UNKNOWN` when the write may already have reached the partner.',
  }),
  LEDGER_IDLE_TIMEOUT_MS: setting(integer(1000, 3_600_000), {
    default: 10_000,
    description:
      'A pooled ledger connection idle this long is closed, and the server ends a session left idle inside a transaction this long (`idle_in_transaction_session_timeout`), so a lost replica holds no row lock.',
  }),
  LEDGER_KEEPALIVE_MS: setting(integer(1000, 3_600_000), {
    default: 10_000,
    description: 'Idle time after which TCP keepalive probes a ledger connection, so a dead peer is noticed.',
  }),
  SHUTDOWN_GRACE_MS: setting(integer(0, 3_600_000), {
    shown: `\`UPSTREAM_TIMEOUT_MS\` + ${DERIVED_DEFAULTS.graceAfterTimeoutMs} (\`15000\`)`,
    description:
      'On SIGTERM or SIGINT: the graph stops accepting, then writes in flight get this long (more than `UPSTREAM_TIMEOUT_MS`) to finish and record their real outcome; a write still running after it is left in doubt in the ledger (a retry on any replica resolves it at the partner), then the ledger and Redis close. 5 s after the grace period the process exits with code 1 whatever is left.',
  }),
};

/** The partner: the real upstream's connection group, and how its scarce calls are spent. */
const upstream = {
  UPSTREAM_BASE_URL: setting(httpUrl(), { shown: '–', description: 'Real upstream: address of the 17 base operations (`…/Proposta/IncluirManual`).' }),
  UPSTREAM_ENVIRONMENT_URL: setting(httpUrl(), { shown: '–', description: 'Real upstream: address of `/FGTS/CancelarProposta`.' }),
  UPSTREAM_AUTH_URL: setting(httpUrl(), { shown: '–', description: 'Real upstream: the token endpoint is `${UPSTREAM_AUTH_URL}/connect/token`.' }),
  UPSTREAM_CLIENT_ID: setting(text({ max: 200, pattern: /^\S+$/, problem: 'must not contain whitespace' }), {
    shown: '–',
    description: 'Real upstream: your client id (`iss`/`sub` of the client assertion).',
  }),
  UPSTREAM_PRIVATE_KEY: setting(privateKey(), {
    secret: true,
    shown: '–',
    description: 'Real upstream: your RSA private key (2048 bits) as PEM text (`\\n` escapes accepted) or the path of a PEM file; PKCS#1 or PKCS#8.',
  }),
  UPSTREAM_SCOPE: setting(
    text({ max: 300, pattern: /^[\x21-\x7e]+( [\x21-\x7e]+)*$/, problem: 'must be space-separated OAuth scope tokens, at most 300 characters' }),
    {
      default: DEFAULT_SCOPE,
      description: "OAuth scope of the token request (the partner's limit: 300 characters, scopes separated by one space).",
    },
  ),
  UPSTREAM_RATE_LIMIT_RPS: setting(positiveNumber(), {
    shown: bySource('requestsPerSecond'),
    description: 'Sustained upstream calls per second (the partner asks for about 1 per second in production).',
  }),
  UPSTREAM_RATE_LIMIT_BURST: setting(integer(1, 100_000), { shown: bySource('burst'), description: 'Calls allowed at once above the sustained rate.' }),
  UPSTREAM_MAX_CONCURRENT: setting(integer(1, 10_000), { shown: bySource('maxConcurrent'), description: 'Upstream calls in flight at once.' }),
  UPSTREAM_RATE_LIMIT_MAX_WAIT_MS: setting(integer(0, 600_000), {
    default: 5000,
    description: 'Longest a call queues for the limiter before failing with `UPSTREAM_RATE_LIMITED`.',
  }),
  UPSTREAM_OVERDUE_AFTER_MS: setting(integer(0, 600_000), {
    default: 1000,
    description:
      'A partner call still unanswered after the overdue threshold gives its `UPSTREAM_MAX_CONCURRENT` slot back to the other calls and waits on as overdue (its answer still counts), so hung calls cannot hold every slot. The threshold is `UPSTREAM_OVERDUE_LATENCY_FACTOR` times the p99 of the partner answers of the last `UPSTREAM_OVERDUE_WINDOW_MS`, never less than this setting (the floor) nor more than `UPSTREAM_OVERDUE_MAX_AFTER_MS`. `0`: calls keep their slot until they end.',
  }),
  UPSTREAM_OVERDUE_LATENCY_FACTOR: setting(integer(0, 100), {
    default: 3,
    description:
      'The overdue threshold as a multiple of the p99 latency of the partner answers in the window (20 answers at least; fewer: the floor). `0`: the threshold is `UPSTREAM_OVERDUE_AFTER_MS`, fixed.',
  }),
  UPSTREAM_OVERDUE_MAX_AFTER_MS: setting(integer(1, 600_000), {
    shown: '`UPSTREAM_TIMEOUT_MS` / 2 (`5000`), at least `UPSTREAM_OVERDUE_AFTER_MS`',
    description: 'The ceiling of the measured overdue threshold: at least `UPSTREAM_OVERDUE_AFTER_MS`, less than `UPSTREAM_TIMEOUT_MS`.',
  }),
  UPSTREAM_OVERDUE_WINDOW_MS: setting(integer(1000, 3_600_000), {
    default: 60_000,
    description: 'How far back the partner answers measured for the overdue threshold go (the last 256 at most).',
  }),
  UPSTREAM_MAX_OVERDUE_CALLS: setting(integer(1, 10_000), {
    default: 16,
    description:
      'Overdue partner calls one replica lets wait at once; while that many are overdue and every slot is held by another call past that time, a new call fails at once with `UPSTREAM_RATE_LIMITED` (nothing sent) instead of queueing.',
  }),
  UPSTREAM_TIMEOUT_MS: setting(integer(100, 600_000), {
    default: 10_000,
    description: 'Deadline of one upstream operation, retries included (`UPSTREAM_TIMEOUT` after it).',
  }),
  UPSTREAM_HEDGE_AFTER_MS: setting(integer(0, 600_000), {
    shown: '`UPSTREAM_TIMEOUT_MS` / 3 (`3333`)',
    description:
      'A read whose response headers have not come after this long is sent once more (a hedge); the first answer wins, the other is cancelled. Less than `UPSTREAM_TIMEOUT_MS`; `0` turns hedging off. Writes are never hedged.',
  }),
  UPSTREAM_BREAKER_FAILURES: setting(integer(0, 1000), {
    default: 5,
    description:
      'Consecutive failed calls (a timeout, a 5xx, an unreachable partner) that open the circuit breaker: while open, calls fail at once, unsent, with `UPSTREAM_CIRCUIT_OPEN`. `0` turns the breaker off.',
  }),
  UPSTREAM_BREAKER_WINDOW_MS: setting(integer(100, 3_600_000), {
    default: 30_000,
    description: 'A failure further than this from the previous one starts a new streak.',
  }),
  UPSTREAM_BREAKER_COOLDOWN_MS: setting(integer(100, 3_600_000), {
    default: 15_000,
    description:
      'How long the breaker stays open before one probe call is let through: its success closes the breaker, its failure opens it for another cool-down.',
  }),
};

/** Partner reads and calls shared between requests, callers and replicas. */
const sharing = {
  READ_CACHE: setting(flag(), {
    default: true,
    shown: '`on`',
    description: '`off` sends every read to the partner: no shared cache, no coalescing (see [Sharing partner calls](partner-calls.md#sharing-partner-calls)).',
  }),
  READ_CACHE_POLICIES: setting(readPolicies(), {
    shown: 'see [Sharing partner calls](partner-calls.md#sharing-partner-calls)',
    description: 'Per-operation freshness overrides in seconds, e.g. `ConsultarDetalhes=2/10/120`.',
  }),
  REDIS_URL: setting(serviceUrl(['redis:', 'rediss:']), {
    secret: true,
    description:
      "The read cache, the partner budget (one per upstream client id) and the caller budgets are shared by every replica using it. Unset: all in this process's memory. While Redis does not answer, each falls back to this replica's memory with a warn line; no request fails because of it.",
  }),
  REDIS_KEY_PREFIX: setting(text({ max: 200 }), {
    default: 'credit-graph:',
    description: 'Prefix of every Redis key (deployments sharing one Redis use different ones).',
  }),
  REDIS_COMMAND_TIMEOUT_MS: setting(integer(10, 60_000), {
    default: 1000,
    description:
      'A Redis command answering later counts as Redis failing: that replica falls back to its own memory for the state concerned (more partner calls, never a failed request) until Redis answers again.',
  }),
  CALLER_WEIGHTS: setting(callerWeights(), {
    shown: 'every caller `1`',
    description: 'While calls queue for the partner, a caller is served `weight` calls per turn.',
  }),
  CALLER_BUDGETS: setting(callerBudgets(), {
    shown: '`*=60/1` real upstream (`*=3000/50` sandbox): a minute of the partner rate, restored at the partner rate',
    description: "Per-caller budgets of partner calls (calls, calls per second); `*` sets every other caller's.",
  }),
};

/** The access record: who read whose personal data and who wrote what (docs/audit.md). */
const audit = {
  AUDIT_HMAC_KEY: setting(text({ max: 1000, pattern: /^[\s\S]{32,}$/, problem: 'must be 32 to 1000 characters (e.g. openssl rand -base64 32)' }), {
    secret: true,
    shown: "`PERSON_ID_SECRET`'s value",
    description:
      "Key of the access record: a person's CPF/CNPJ is stored as an HMAC-SHA256 under a key derived from it (searchable, never in clear), and each record is chained to the previous one, each batch sealed under another. The same on every replica; set it in production (rotating it makes older records unsearchable by document and their chain unverifiable). Unset: the value of `PERSON_ID_SECRET` (or its default), keys derived apart with HKDF.",
  }),
  AUDIT_JOURNAL_DIR: setting(text(), {
    shown: '`<DATA_DIR>/audit-journal`',
    description:
      'The write-ahead directory of the access record: every record is written here before the answer that disclosed the data is sent, and deleted once the database holds it; a process killed in between leaves it for the next start. One process per directory (locked); keep it on a volume that outlives the process.',
  }),
  AUDIT_FLUSH_MS: setting(integer(10, 60_000), {
    default: 200,
    description: 'Period of the batched insert of access records into the ledger database, and of its retry after a failure. No request waits for it.',
  }),
  AUDIT_MAX_QUEUED: setting(integer(100, 1_000_000), {
    default: 10_000,
    description:
      'Most access records kept in memory while the database is away; beyond it (or AUDIT_MAX_QUEUED_BYTES), records wait in the journal only and are replayed from it, one segment at a time.',
  }),
  AUDIT_MAX_QUEUED_BYTES: setting(integer(65_536, 1_073_741_824), {
    default: 8_388_608,
    description: 'Most bytes of access records (as journaled) kept in memory while the database is away; see AUDIT_MAX_QUEUED.',
  }),
  AUDIT_RETENTION_DAYS: setting(integer(1, 36_500), {
    default: 365,
    description: 'Access records older than this are deleted by the service itself (the chain keeps an anchor, so what remains still verifies).',
  }),
  AUDIT_PURGE_INTERVAL_MS: setting(integer(0, 86_400_000), {
    default: 3_600_000,
    description: 'Period of the purge of access records past `AUDIT_RETENTION_DAYS` (at most 10 batches of 1000 per period). `0` turns it off.',
  }),
};

/** The variables by section of the reference, in its order. */
export const SETTING_GROUPS = {
  'The service': service,
  'GraphQL requests': requests,
  Uploads: uploads,
  Callers: callers,
  'The operations ledger': ledger,
  'The partner (upstream)': upstream,
  'Sharing partner calls': sharing,
  'Live updates': live,
  'The access record': audit,
  Observability: observability,
} as const;

/** The whole environment: every variable above, parsed. */
export const settingsSchema = z.object({
  ...service,
  ...requests,
  ...uploads,
  ...callers,
  ...ledger,
  ...upstream,
  ...sharing,
  ...live,
  ...audit,
  ...observability,
});

/** The parsed environment. */
export type Settings = z.output<typeof settingsSchema>;

/** The connection group: all of them or none. */
export const UPSTREAM_CONNECTION_VARIABLES = [
  'UPSTREAM_BASE_URL',
  'UPSTREAM_ENVIRONMENT_URL',
  'UPSTREAM_AUTH_URL',
  'UPSTREAM_CLIENT_ID',
  'UPSTREAM_PRIVATE_KEY',
] as const;

/** The JWT group: all of them or none. */
export const JWT_VARIABLES = ['GRAPHQL_JWKS_URL', 'GRAPHQL_JWT_ISSUER', 'GRAPHQL_JWT_AUDIENCE'] as const;
