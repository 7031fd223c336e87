import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedgerDatabase } from '../../src/ledger/database.js';
import { LedgerUnavailableError } from '../../src/ledger/errors.js';

/**
 * The embedded ledger's DATA_DIR belongs to one process at a time: PGlite aborts inside its WASM
 * when two open the same files (seen as "a ledger migration failed ... Aborted()" when two test runs
 * started the service on the default .data at once).
 */
describe('the embedded ledger directory', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-datadir-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second opener with a message naming DATA_DIR and DATABASE_URL, and lets it in once the first closes', async () => {
    const first = await openLedgerDatabase({ dataDir });
    const second = openLedgerDatabase({ dataDir });
    await expect(second).rejects.toThrow(LedgerUnavailableError);
    await expect(second).rejects.toThrow(`the embedded ledger under ${join(dataDir, 'ledger')} is in use by another process: give each process its own DATA_DIR, or share a PostgreSQL through DATABASE_URL`);
    // The refused opener changed nothing: the first still works.
    await expect(first.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    await first.close();

    const third = await openLedgerDatabase({ dataDir });
    await expect(third.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    await third.close();
  });

  it('takes over a lock left by a process that died (not refreshed for more than 30 s)', async () => {
    const lock = join(dataDir, 'ledger.lock');
    mkdirSync(join(dataDir, 'ledger'), { recursive: true });
    mkdirSync(lock);
    const longAgo = new Date(Date.now() - 31_000);
    utimesSync(lock, longAgo, longAgo);
    const taken = await openLedgerDatabase({ dataDir });
    await expect(taken.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    await taken.close();
  });

  it('refuses while a live lock is fresh, even one made moments ago by another process', async () => {
    mkdirSync(join(dataDir, 'ledger'), { recursive: true });
    mkdirSync(join(dataDir, 'ledger.lock'));
    await expect(openLedgerDatabase({ dataDir })).rejects.toThrow('is in use by another process');
  });
});
