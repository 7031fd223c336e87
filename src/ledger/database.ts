import { type PGlite } from '@electric-sql/pglite';
import { type ColumnType, type Generated, Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
}

/** Options of {@link openLedgerDatabase}. */
export interface LedgerDatabaseOptions {
  /** A PostgreSQL server (DATABASE_URL). Without it an embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory of the embedded PGlite (DATA_DIR); its `ledger/` subdirectory holds the database. Omitted: in memory. */
  dataDir?: string;
  /** An embedded PGlite already open (tests share one between two "replicas"); its owner closes it. */
  pglite?: PGlite;
  /** Connections of the `pg` pool (default 10). */
  poolSize?: number;
}

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
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    db = new Kysely<LedgerTables>({ dialect: new PostgresDialect({ pool }) });
    kind = 'postgres';
  } else {
    let pglite = options.pglite;
    if (pglite === undefined) {
      const dir = options.dataDir === undefined ? undefined : resolve(options.dataDir, 'ledger');
      if (dir !== undefined) {
        mkdirSync(dir, { recursive: true });
        releaseDir = await lockDataDir(dir);
      }
      ownPglite = await openEmbeddedPglite(dir);
      pglite = ownPglite;
    }
    db = new Kysely<LedgerTables>({ dialect: new PGliteDialect(pglite) });
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
 * Takes the embedded database's directory for this process alone. PGlite's files are not made for
 * two processes at once (a second one aborts inside the WASM with no useful message), so a second
 * process on the same DATA_DIR is refused with a message that names the way out.
 *
 * The lock is `ledger.lock` beside the directory, created exclusively, holding the owner's pid; a
 * lock whose process is gone (a crash) is taken over at once. Liveness is asked of the operating
 * system, not read from a refreshed time stamp: PGlite's start-up can block the event loop for many
 * seconds on a loaded machine, and a time-stamp lock (proper-lockfile) then looked stale while its
 * owner lived. The embedded ledger is one machine's files, so a pid names its owner.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return async () => {
        // Only our own lock: never one another process took over.
        if (readOwner(path) === process.pid) {
          rmSync(path, { force: true });
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new LedgerUnavailableError('the embedded ledger directory could not be locked', { cause: error });
      }
    }
    const owner = readOwner(path);
    if (owner !== undefined && alive(owner)) {
      throw new LedgerUnavailableError(`the embedded ledger under ${dir} is in use by another process: give each process its own DATA_DIR, or share a PostgreSQL through DATABASE_URL`);
    }
    // Left by a process that is gone (or half written by one that died writing it): take it over.
    rmSync(path, { force: true });
  }
  throw new LedgerUnavailableError(`the embedded ledger under ${dir} is in use by another process: give each process its own DATA_DIR, or share a PostgreSQL through DATABASE_URL`);
}

/** The pid a lock file names, or undefined when it names none. */
function readOwner(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` runs (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs every pending migration (under the advisory lock); throws when one fails. */
export async function migrate(db: Kysely<LedgerTables>): Promise<string[]> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: migrationProvider,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    throw new LedgerUnavailableError('a ledger migration failed', { cause: error });
  }
  return (results ?? []).filter(r => r.status === 'Success').map(r => r.migrationName);
}

/** Bytes the ledger's tables and indexes take (`pg_total_relation_size`). */
export async function ledgerSizeBytes(db: Kysely<LedgerTables>): Promise<number> {
  const { rows } = await sql<{ bytes: string | number }>`
    select (pg_total_relation_size('ledger_operations') + pg_total_relation_size('ledger_proposals'))::text as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}
