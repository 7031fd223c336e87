/**
 * Test ledgers: a fresh database per call, on the PostgreSQL test server, in an embedded in-memory
 * PGlite, or in the memory store. The shared ledger suites run over each.
 */
import { PGlite } from '@electric-sql/pglite';
import { type Kysely } from 'kysely';
import {
  Ledger,
  type LedgerDatabase,
  type LedgerOptions,
  type LedgerTables,
  MemoryLedgerStore,
  openLedgerDatabase,
  SqlLedgerStore,
} from '../../src/ledger/index.js';
import { createTestDatabase, postgresUp } from './services.js';

/** The stores the ledger runs on. */
export type LedgerKind = 'pglite' | 'postgres' | 'memory';

/** A fresh, migrated ledger database; `ledger()` builds ledgers (replicas) over it; `close()` drops it. */
export interface TestLedgerDatabase {
  kind: LedgerKind;
  /** A ledger over this database; each call is another "replica" (its own pool or Kysely instance). */
  open(options?: LedgerOptions): Promise<Ledger>;
  /** The first ledger opened with the defaults. */
  ledger: Ledger;
  /** The SQL database under the ledgers (undefined for the memory store). */
  sql: Kysely<LedgerTables> | undefined;
  close(): Promise<void>;
}

/**
 * One migrated PGlite database per test process, dumped once: each test's PGlite starts from a copy
 * of it (`loadDataDir`), not from initdb in WebAssembly, which costs several times as much (seconds on
 * a loaded machine). The copy is the test's own: nothing one test writes reaches another.
 */
let migratedPglite: Promise<Blob> | undefined;

function migratedPgliteDump(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const pglite = new PGlite();
    const database = await openLedgerDatabase({ pglite });
    await database.close();
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  })();
  return migratedPglite;
}

/** Opens a fresh ledger database of `kind` (default: PostgreSQL when the test server answers, else PGlite). */
export async function openTestLedger(kind: LedgerKind = postgresUp ? 'postgres' : 'pglite', options: LedgerOptions = {}): Promise<TestLedgerDatabase> {
  const databases: LedgerDatabase[] = [];
  let drop: (() => Promise<void>) | undefined;
  let pglite: PGlite | undefined;
  let open: () => Promise<LedgerDatabase>;
  if (kind === 'memory') {
    const store = new MemoryLedgerStore();
    const first = new Ledger(store, options);
    return {
      kind,
      open: async (ledgerOptions: LedgerOptions = options) => new Ledger(store, ledgerOptions),
      ledger: first,
      sql: undefined,
      close: async () => undefined,
    };
  }
  if (kind === 'postgres') {
    const created = await createTestDatabase('ledger');
    drop = created.drop;
    open = () => openLedgerDatabase({ databaseUrl: created.url, poolSize: 5 });
  } else {
    pglite = new PGlite({ loadDataDir: await migratedPgliteDump() });
    const shared = pglite;
    open = () => openLedgerDatabase({ pglite: shared });
  }
  const ledgerOver = async (ledgerOptions: LedgerOptions = options): Promise<Ledger> => {
    const database = await open();
    databases.push(database);
    return new Ledger(new SqlLedgerStore(database.db), ledgerOptions);
  };
  const first = await ledgerOver();
  return {
    kind,
    open: ledgerOver,
    ledger: first,
    sql: databases[0]?.db,
    async close() {
      for (const database of databases) {
        await database.close();
      }
      await pglite?.close();
      await drop?.();
    },
  };
}
