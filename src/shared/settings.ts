/**
 * The shapes and defaults of the service's settings that several layers share: config/ reads them
 * from the environment, and the layers take them as options. Pure data, no imports, so config/ is a
 * leaf that imports no layer.
 */

// The read operations and the shape of their policies are declared with every partner operation
// (shared/partner-operations.ts): READ_CACHE_POLICIES may name exactly those reads. Their default
// freshness is declared there too; upstream/freshness.ts lays the operator's overrides over it.
export { READ_OPERATIONS, type ReadOperation, type ReadPolicy } from './partner-operations.js';

/**
 * What one GraphQL request may cost. The partner allows about one call per second in production,
 * so a query must not be able to spend calls without bound (e.g. a hundred aliases of `proposal`).
 */
export interface QueryLimitOptions {
  /** Upstream operations one request may start. */
  maxUpstreamCalls: number;
  /** Deepest field nesting of an operation (`{ proposal { installments { number } } }` is 3). */
  maxDepth: number;
  /** Aliased fields in an operation, counted once per place they are spread into. */
  maxAliases: number;
  /** Field selections of an operation with every fragment spread expanded in place (a fragment bomb's 2^n). */
  maxSelections: number;
}

/**
 * Defaults of the limits. 200 upstream calls cover 50 proposals (the most `proposals` takes, and a
 * gateway's 50 `_entities` representations) with four field groups each (e.g. core fields,
 * installments, agenda, boletos).
 */
export const DEFAULT_QUERY_LIMITS: Readonly<QueryLimitOptions> = Object.freeze({ maxUpstreamCalls: 200, maxDepth: 10, maxAliases: 30, maxSelections: 2000 });

/**
 * Limits of the document itself, read from GRAPHQL_MAX_QUERY_BYTES, GRAPHQL_MAX_TOKEN_LENGTH,
 * GRAPHQL_MAX_TOKENS and GRAPHQL_MAX_DIRECTIVES.
 */
export interface DocumentLimits {
  /** UTF-8 bytes of the query text, checked before anything reads it (default 100,000). */
  maxQueryBytes: number;
  /** Characters of one lexical token, comments included (a string, block string, comment, name or number; default 10,000). */
  maxTokenLength: number;
  /** Lexical tokens one document may have (default 5000; the full introspection query has 184). */
  maxTokens: number;
  /** Directives one document may carry (default 50). */
  maxDirectives: number;
}

/** Defaults of {@link DocumentLimits}. */
export const DEFAULT_DOCUMENT_LIMITS: Readonly<DocumentLimits> = Object.freeze({
  maxQueryBytes: 100_000,
  maxTokenLength: 10_000,
  maxTokens: 5000,
  maxDirectives: 50,
});

/** One caller's bucket size and restore rate. */
export interface CallerBudgetLimits {
  maximumAvailable: number;
  restoreRate: number;
}

/** The limits of each caller: `byCaller[id]`, else `defaults`. */
export interface CallerBudgetConfig {
  defaults: CallerBudgetLimits;
  byCaller?: Readonly<Record<string, CallerBudgetLimits>>;
}

/** The upstream token scope when UPSTREAM_SCOPE is not set: the only scope seen for this API. */
export const DEFAULT_SCOPE = 'bmp.digital.api.full.access';

/** The access record (AUDIT_* variables): its key, where records wait, how often they are written and how long kept. */
export interface AuditSettings {
  /** AUDIT_HMAC_KEY, else PERSON_ID_SECRET's value: keys the subjects' HMACs and the chain's seals (derived apart with HKDF). */
  hmacKey: string;
  /** AUDIT_JOURNAL_DIR (default `<DATA_DIR>/audit-journal`): the write-ahead file of records not yet in the database. */
  journalDir: string;
  /** AUDIT_FLUSH_MS: period of the batched insert (default 200). */
  flushMs: number;
  /** AUDIT_MAX_QUEUED: most records held in memory while the database is away (default 10 000). */
  maxQueued: number;
  /** AUDIT_MAX_QUEUED_BYTES: most bytes held so (default 8 MiB); beyond either, records wait in the journal only. */
  maxQueuedBytes: number;
  /** AUDIT_RETENTION_DAYS: records older than this are purged (default 365). */
  retentionDays: number;
  /** AUDIT_PURGE_INTERVAL_MS: period of the purge (default 3 600 000; 0: off). */
  purgeIntervalMs: number;
}
