import { randomUUID } from 'node:crypto';
import type DataLoader from 'dataloader';
import { DEVELOPMENT_PERSON_ID_SECRET } from '../../config/index.js';
import { type AccessRecorder, type Ledger, type OperationRecord, type WriteOnceOptions } from '../../ledger/index.js';
import { AuditTrail } from './audit.js';
import { countedUncached, directSession, type ReadSession, type UpstreamCaller } from '../../upstream/index.js';
import { type ProbeFamilies } from './in-doubt.js';
import { ANONYMOUS_CALLER } from '../../shared/callers.js';
import { DEFAULT_LOCALE, type Locale } from '../common/locale.js';
import { budgetedUpstream, DEFAULT_QUERY_LIMITS } from './limits.js';
import { createLoaders, type Loaders } from './loaders.js';
import { createHistory, createOwnership, type Ownership } from './ownership.js';
import { createPersonIds, type PersonIds } from '../common/person-id.js';
import { createOperationCodeNamespaces, type OperationCodeNamespaces, type OperationCodes, operationCodesOf } from '../common/operation-code.js';
import { type WritesInFlight } from './writes-in-flight.js';
import { type UploadStore } from '../../ledger/index.js';

/** How writes wait for each other and settle in-doubt ones (ledger/write.ts). */
export type WriteSettings = Pick<WriteOnceOptions, 'waitMs' | 'pollMs' | 'settleMs' | 'sleep'>;

/** Where the graph reports what it masks. Receives errors, never request data or personal data. */
export interface GraphLogger {
  error(message: string, error?: unknown): void;
}

/**
 * Live updates (graphql/live/) as a request sees them: the write path tells a proposal's
 * subscribers, subscriptions reach the watches. Absent where the graph serves no subscriptions.
 */
export interface LiveHooks {
  /** A write of the graph succeeded (after its cache invalidation): every replica's subscribers of the proposal are told at once. */
  written(change: { proposalId: string; callerId: string; operation: string; created: boolean }): void;
  /** graphql/live's own machinery (its hub, per-event contexts); opaque to the rest of the graph. */
  readonly machinery: unknown;
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
   * This request's session of the partner read layer (upstream/reads/: cache, coalescing, cost
   * counters). When absent, `upstream` is used as is, counted but neither cached nor coalesced.
   */
  session?: ReadSession;
  /** The caller's scopes (proposals.all, registry.read, federation, audit.read). Default: none. */
  scopes?: Iterable<string>;
  /** The operations ledger every write is recorded in (shared by the process and by every replica). */
  ledger: Ledger;
  /** How writes wait for each other and settle in-doubt ones. */
  writes?: WriteSettings;
  /** The process's writes in flight (a graceful stop waits for them); default: not tracked. */
  writesInFlight?: WritesInFlight;
  /** The `Person.id` codec (config `PERSON_ID_SECRET`); default the development key's. */
  personIds?: PersonIds;
  /** The callers' operation-code namespaces at the partner (config `PERSON_ID_SECRET`); default the development key's. */
  operationCodeNamespaces?: OperationCodeNamespaces;
  /** The partner reads that settle in-doubt writes, by operation (graphql/probes.ts: `PROBE_FAMILIES`). */
  probes: ProbeFamilies;
  /** Live updates (subscriptions and the write path's notices); default none. */
  live?: LiveHooks;
  /** The language of user-facing messages (userErrors), from the request's Accept-Language; default English. */
  locale?: Locale;
  /** The request's id (the caller's well-formed one, else the server's); default: a new UUID. */
  requestId?: string;
  /** Why the caller asks (e.g. an `x-purpose` header), kept on the access records of this request. */
  purpose?: string;
  /** Where this request's disclosures of personal data and writes are recorded; default: nowhere (tests). */
  recorder?: AccessRecorder;
  /** Documents sent through POST /uploads, for attachDocument's uploadId; default: none (every uploadId is unknown). */
  uploads?: UploadStore;
}

/** The per-request context every resolver receives. */
export interface GraphContext {
  /** The shared client behind this request's call budget: every read and write goes through it. */
  upstream: UpstreamCaller;
  /**
   * The upstream client itself, past the shared read cache (no cached, coalesced or stale answer):
   * for the reads that decide an in-doubt write (graphql/probes.ts), which must see the partner now.
   */
  uncached: UpstreamCaller;
  loaders: Loaders;
  logger: GraphLogger;
  callerId: string;
  /** What this request cost the partner (`extensions.cost`), and the invalidation hook of the write path. */
  reads: ReadSession;
  scopes: ReadonlySet<string>;
  ledger: Ledger;
  writes: WriteSettings;
  /** The process's writes in flight, when a graceful stop is to wait for them. */
  writesInFlight: WritesInFlight | undefined;
  /** The partner reads that settle in-doubt writes, by operation. */
  probes: ProbeFamilies;
  /** Which proposals this caller may see and change. */
  ownership: Ownership;
  /** The ledger's writes of each proposal, oldest first (read-back; per request, like the loaders). */
  history: DataLoader<string, OperationRecord[]>;
  /** Issues and reads the opaque `Person.id` (the entity key: no document in query plans). */
  personIds: PersonIds;
  /** The caller's operation codes as the partner holds them (namespaced without `proposals.all`). */
  operationCodes: OperationCodes;
  /** Live updates, where the graph serves subscriptions. */
  live: LiveHooks | undefined;
  /** The language of this request's userErrors messages. */
  locale: Locale;
  /** The request's id: in the access records of this request. */
  requestId: string;
  /** This request's access record (graphql/audit/: disclosures of personal data and writes). */
  audit: AuditTrail;
  /** Documents sent through POST /uploads (attachDocument's uploadId). */
  uploads: UploadStore | undefined;
}

const developmentPersonIds = createPersonIds(DEVELOPMENT_PERSON_ID_SECRET);
const developmentNamespaces = createOperationCodeNamespaces(DEVELOPMENT_PERSON_ID_SECRET);

const silent: GraphLogger = { error: () => undefined };

/** What a context's loaders are built from, and where they are kept once built. */
interface LazyMembers {
  upstream: UpstreamCaller;
  ledger: Ledger;
  builtLoaders?: Loaders;
  builtHistory?: DataLoader<string, OperationRecord[]>;
}

/**
 * The prototype of every context: its loaders are built on first use, so a request that reads
 * nothing (`{ __typename }`, a refusal) builds none, and a subscription, whose subscribe-time context
 * lives as long as it does, holds them only if that context read. Getters on the prototype, not on
 * the object: Apollo Server copies a context's own properties for each request (onto an object of the
 * same prototype), which would call own getters and build everything.
 */
const lazyMembers = {
  get loaders(): Loaders {
    const self = this as unknown as LazyMembers;
    return (self.builtLoaders ??= createLoaders(self.upstream));
  },
  get history(): DataLoader<string, OperationRecord[]> {
    const self = this as unknown as LazyMembers;
    return (self.builtHistory ??= createHistory(self.ledger));
  },
};

/** Builds the context of ONE request: fresh loaders, never shared between requests or callers. */
export function createContext(options: CreateContextOptions): GraphContext {
  const callerId = options.callerId ?? ANONYMOUS_CALLER;
  const reads = options.session ?? directSession(options.upstream, callerId);
  const upstream = budgetedUpstream(reads, options.maxUpstreamCalls ?? DEFAULT_QUERY_LIMITS.maxUpstreamCalls);
  const scopes = new Set(options.scopes ?? []);
  const requestId = options.requestId ?? randomUUID();
  const context: Omit<GraphContext, 'loaders' | 'history'> = {
    upstream,
    // Counted: the probe reads around a write are partner calls of this request (extensions.cost).
    uncached: countedUncached(options.upstream, reads),
    logger: options.logger ?? silent,
    callerId,
    reads,
    scopes,
    ledger: options.ledger,
    writes: options.writes ?? {},
    writesInFlight: options.writesInFlight,
    probes: options.probes,
    ownership: createOwnership(options.ledger, callerId, scopes),
    personIds: options.personIds ?? developmentPersonIds,
    operationCodes: operationCodesOf(options.operationCodeNamespaces ?? developmentNamespaces, callerId, scopes.has('proposals.all')),
    live: options.live,
    locale: options.locale ?? DEFAULT_LOCALE,
    requestId,
    audit: new AuditTrail(options.recorder, callerId, requestId, options.purpose),
    uploads: options.uploads,
  };
  return Object.assign(Object.create(lazyMembers) as GraphContext, context);
}
