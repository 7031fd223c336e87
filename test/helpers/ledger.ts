/**
 * Test ledgers: a fresh database per call, on the PostgreSQL test server or in an embedded,
 * in-memory PGlite. `ledgerKinds` lists the stores the shared ledger suite runs over.
 */
import { PGlite } from '@electric-sql/pglite';
import { Ledger, type LedgerDatabase, type LedgerOptions, openLedgerDatabase } from '../../src/ledger/index.js';
import { createTestDatabase, postgresUp } from './services.js';

/** The two stores the ledger runs on. */
export type LedgerKind = 'pglite' | 'postgres';

/** A fresh, migrated ledger database; `ledger()` builds ledgers (replicas) over it; `close()` drops it. */
export interface TestLedgerDatabase {
  kind: LedgerKind;
  /** A ledger over this database; each call is another "replica" (its own pool or Kysely instance). */
  open(options?: LedgerOptions): Promise<Ledger>;
  /** The first ledger opened with the defaults. */
  ledger: Ledger;
  close(): Promise<void>;
}

/** Opens a fresh ledger database of `kind` (default: PostgreSQL when the test server answers, else PGlite). */
export async function openTestLedger(kind: LedgerKind = postgresUp ? 'postgres' : 'pglite', options: LedgerOptions = {}): Promise<TestLedgerDatabase> {
  const databases: LedgerDatabase[] = [];
  let drop: (() => Promise<void>) | undefined;
  let pglite: PGlite | undefined;
  let open: () => Promise<LedgerDatabase>;
  if (kind === 'postgres') {
    const created = await createTestDatabase('ledger');
    drop = created.drop;
    open = () => openLedgerDatabase({ databaseUrl: created.url, poolSize: 5 });
  } else {
    pglite = new PGlite();
    const shared = pglite;
    open = () => openLedgerDatabase({ pglite: shared });
  }
  const ledgerOver = async (ledgerOptions: LedgerOptions = options): Promise<Ledger> => {
    const database = await open();
    databases.push(database);
    return new Ledger(database.db, ledgerOptions);
  };
  const first = await ledgerOver();
  return {
    kind,
    open: ledgerOver,
    ledger: first,
    async close() {
      for (const database of databases) {
        await database.close();
      }
      await pglite?.close();
      await drop?.();
    },
  };
}
