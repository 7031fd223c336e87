import { type PGlite } from '@electric-sql/pglite';
import {
  type ColumnType,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Generated,
  Kysely,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryResult,
  sql,
  type TransactionSettings,
} from 'kysely';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type pg from 'pg';
import { type AccessChainsTable, type AccessRecordsTable } from './access/tables.js';
import { type UploadChunksTable, type UploadsTable } from './uploads/tables.js';
import { lockDataDir } from './data-dir-lock.js';
import { LedgerUnavailableError } from './errors.js';
import { migrationProvider } from './migrations/index.js';
import { openEmbeddedPglite } from './embedded.js';
import { PGliteDialect } from './pglite-dialect.js';

/** Where a write stands (Stripe's idempotency keys, with the in-doubt state made explicit). */
export type OperationState = 'in_progress' | 'succeeded' | 'rejected' | 'failed' | 'unknown';

/** A JSON column: objects read back, JSON text written. */
type Json = ColumnType<unknown, string | null, string | null>;

/** `ledger_operations`: one row per caller and idempotency key. */
export interface OperationsTable {
  id: string;
  caller_id: string;
  idempotency_key: string;
  /** Upstream operation name (IncluirManual, ...). */
  operation: string;
  /** SHA-256 of the operation and its canonical request: the same key with another request is refused. */
  request_hash: string;
  /** The IdempotencyKey header sent to the partner (derived, never the caller's key). */
  upstream_key: string;
  /** The proposal written to, or created. */
  proposal_id: string | null;
  state: OperationState;
  /** Who may act on the record now (a fencing token) and until when. */
  lease_token: string | null;
  lease_until: Date | null;
  /** How many times the write was sent to the partner. */
  attempts: Generated<number>;
  /** What in-doubt resolution needs to find the write at the partner (e.g. the operation code). */
  probe: Json;
  /** The answer replayed to a repeat: the partner's data, or the rejection's user errors. */
  outcome: Json;
  /** What read-back serves (guarantor, signers, document metadata); never a file, never a key. */
  details: Json;
  /** How an in-doubt write was settled: `found` at the partner, or `absent` and sent again. */
  resolution: string | null;
  created_at: Date;
  /** When the write was last sent to the partner. */
  sent_at: Date | null;
  updated_at: Date;
  finished_at: Date | null;
}

/** `ledger_proposals`: the proposals created through the graph, and by whom. */
export interface ProposalsTable {
  proposal_id: string;
  caller_id: string;
  number: number | null;
  operation_code: string | null;
  created_at: Date;
  operation_id: string;
}

/** The ledger's tables, for Kysely. */
export interface LedgerTables {
  ledger_operations: OperationsTable;
  ledger_proposals: ProposalsTable;
  ledger_access_records: AccessRecordsTable;
  ledger_access_chains: AccessChainsTable;
  ledger_uploads: UploadsTable;
  ledger_upload_chunks: UploadChunksTable;
}

/** Options of {@link openLedgerDatabase}. */
export interface LedgerDatabaseOptions {
  /** A PostgreSQL server (DATABASE_URL). Without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory of the embedded PGlite (DATA_DIR); its `ledger/` subdirectory holds the database. Omitted: in memory. */
  dataDir?: string;
  /** An embedded PGlite already open (tests share one between two "replicas"); its owner closes it. */
  pglite?: PGlite;
  /** The prepared directory an empty `dataDir` is filled from (default: the build's, template.ts); null: initdb. */
  embeddedTemplate?: string | null;
  /** Connections of the `pg` pool (default 10). */
  poolSize?: number;
  /** Timeouts and keepalive of the PostgreSQL connections (defaults: {@link DEFAULT_POSTGRES_TIMEOUTS}). */
  timeouts?: Partial<PostgresTimeouts>;
}

/** How long the ledger waits for PostgreSQL: a silent server fails a request, it never hangs it. */
export interface PostgresTimeouts {
  /** Longest wait for a connection, new or from the pool (pg `connectionTimeoutMillis`). */
  connectMs: number;
  /** Longest statement: `statement_timeout` on the server, `query_timeout` in the client (a server that stopped answering). */
  statementMs: number;
  /** An idle pooled connection is closed after it (`idleTimeoutMillis`); so is a session idle inside a transaction (`idle_in_transaction_session_timeout`). */
  idleMs: number;
  /** TCP keepalive's idle time before the first probe. */
  keepAliveMs: number;
}

/** The config's defaults (LEDGER_CONNECT_TIMEOUT_MS, LEDGER_STATEMENT_TIMEOUT_MS, LEDGER_IDLE_TIMEOUT_MS, LEDGER_KEEPALIVE_MS). */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 3000, statementMs: 5000, idleMs: 10_000, keepAliveMs: 10_000 };

/** An open, migrated ledger database. */
export interface LedgerDatabase {
  readonly db: Kysely<LedgerTables>;
  readonly kind: 'postgres' | 'pglite';
  /** Closes the pool or the embedded database (not a PGlite passed in). */
  close(): Promise<void>;
}

const MIGRATION_TABLE = 'ledger_migrations';
const MIGRATION_LOCK_TABLE = 'ledger_migrations_lock';

/**
 * Opens the ledger database and brings its schema to the latest migration. Migrations run under
 * PostgreSQL's advisory lock (Kysely's Migrator), so replicas starting together run each one once.
 */
export async function openLedgerDatabase(options: LedgerDatabaseOptions): Promise<LedgerDatabase> {
  let db: Kysely<LedgerTables>;
  let kind: LedgerDatabase['kind'];
  let ownPglite: PGlite | undefined;
  let releaseDir: (() => Promise<void>) | undefined;
  if (options.databaseUrl !== undefined) {
    // Loaded only here (and PGlite only below): a process loads the one engine it uses.
    const { default: pgModule } = await import('pg');
    db = new Kysely<LedgerTables>({
      dialect: new LedgerFailureDialect(
        new PostgresDialect({
          pool: postgresPool(pgModule, options.databaseUrl, options.poolSize ?? 10, { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts }),
        }),
      ),
    });
    kind = 'postgres';
  } else {
    let pglite = options.pglite;
    if (pglite === undefined) {
      const dir = options.dataDir === undefined ? undefined : resolve(options.dataDir, 'ledger');
      if (dir !== undefined) {
        mkdirSync(dir, { recursive: true });
        releaseDir = await lockEmbeddedDir(dir);
      }
      ownPglite = await openEmbeddedPglite(dir, options.embeddedTemplate);
      pglite = ownPglite;
    }
    db = new Kysely<LedgerTables>({ dialect: new LedgerFailureDialect(new PGliteDialect(pglite)) });
    kind = 'pglite';
  }
  const close = async (): Promise<void> => {
    await db.destroy();
    await ownPglite?.close();
    await releaseDir?.();
  };
  try {
    await migrate(db);
  } catch (error) {
    await close().catch(() => undefined);
    throw error instanceof LedgerUnavailableError ? error : new LedgerUnavailableError('the ledger database could not be opened or migrated', { cause: error });
  }
  return { db, kind, close };
}

/**
 * The `pg` pool of the ledger, made to fail instead of hang or crash: every connection has the
 * timeouts and keepalive of `timeouts`; an `error` handler sits on the pool (idle clients) and on
 * every client from the moment it connects (a client in use whose connection is reset emits `error`
 * too, and pg-pool removes its own handler while a client is checked out: unhandled, that event
 * killed the process); a client whose query failed other than with a PostgreSQL error (a reset, a
 * client-side timeout: its connection may still be waiting for the lost answer) is destroyed, not
 * returned to the pool.
 */
function postgresPool(pgModule: typeof pg, connectionString: string, max: number, timeouts: PostgresTimeouts): PostgresPool {
  const pool = new pgModule.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
    // The client's own deadline, a little after the server's: a server that answers reports its own timeout.
    query_timeout: timeouts.statementMs + 500,
    idle_in_transaction_session_timeout: timeouts.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveMs,
  });
  // The next query reports the failure (as LEDGER_UNAVAILABLE); the event itself must not end the process.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken = false;
      return {
        query: ((...args: Parameters<pg.PoolClient['query']>) =>
          (client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
            broken ||= !isServerError(error);
            throw error;
          })) as PostgresPoolClient['query'],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

/** An error PostgreSQL answered (it has an SQLSTATE): the connection itself is fine. */
function isServerError(error: unknown): boolean {
  return error instanceof Error && 'severity' in error && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Runs `operation` and turns whatever it throws into a {@link LedgerUnavailableError} (the cause kept):
 * the ledger's store failing, for whatever reason (a pg error, a timeout, a reset, a PGlite error),
 * is one retryable failure to every caller: writes, ownership checks and ledger reads alike.
 */
async function asLedgerFailure<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw error instanceof LedgerUnavailableError ? error : new LedgerUnavailableError('the ledger database failed', { cause: error });
  }
}

/** A dialect whose every failure is a {@link LedgerUnavailableError} (see {@link asLedgerFailure}). */
class LedgerFailureDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createDriver(): Driver {
    return new LedgerFailureDriver(this.inner.createDriver());
  }
  createQueryCompiler(): ReturnType<Dialect['createQueryCompiler']> {
    return this.inner.createQueryCompiler();
  }
  createAdapter(): ReturnType<Dialect['createAdapter']> {
    return this.inner.createAdapter();
  }
  createIntrospector(db: Kysely<unknown>): ReturnType<Dialect['createIntrospector']> {
    return this.inner.createIntrospector(db);
  }
}

class LedgerFailureConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return asLedgerFailure(() => this.inner.executeQuery<R>(query));
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** The drivers get back the connections they made (PostgresDriver releases through a private member). */
const innerOf = (connection: DatabaseConnection): DatabaseConnection => (connection instanceof LedgerFailureConnection ? connection.inner : connection);

class LedgerFailureDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init(): Promise<void> {
    return asLedgerFailure(() => this.inner.init());
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new LedgerFailureConnection(await asLedgerFailure(() => this.inner.acquireConnection()));
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return asLedgerFailure(() => this.inner.beginTransaction(innerOf(connection), settings));
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return asLedgerFailure(() => this.inner.commitTransaction(innerOf(connection)));
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return asLedgerFailure(() => this.inner.rollbackTransaction(innerOf(connection)));
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return asLedgerFailure(() => this.inner.releaseConnection(innerOf(connection)));
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/**
 * Takes the embedded database's directory for this process alone (data-dir-lock.ts): a second
 * process on the same DATA_DIR is refused with a message that names the way out.
 */
async function lockEmbeddedDir(dir: string): Promise<() => Promise<void>> {
  let lock;
  try {
    lock = await lockDataDir(`${dir}.lock`);
  } catch (error) {
    throw new LedgerUnavailableError('the embedded ledger directory could not be locked', { cause: error });
  }
  if (!lock.held) {
    throw new LedgerUnavailableError(
      `the embedded ledger under ${dir} is in use by another process: give each process its own DATA_DIR, or share a PostgreSQL through DATABASE_URL`,
    );
  }
  const { release } = lock;
  return async () => release();
}

/** Runs every pending migration (under the advisory lock); throws when one fails. */
export async function migrate(db: Kysely<LedgerTables>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    throw new LedgerUnavailableError('a ledger migration failed', { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Bytes the ledger's tables and indexes take (`pg_total_relation_size`). */
export async function ledgerSizeBytes(db: Kysely<LedgerTables>): Promise<number> {
  const { rows } = await sql<{ bytes: string | number }>`
    select (pg_total_relation_size('ledger_operations') + pg_total_relation_size('ledger_proposals'))::text as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
