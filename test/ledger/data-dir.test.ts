import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
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

  it('initializes an empty directory, keeps what was written across a reopen, and runs with the small settings', async () => {
    const settings = async (db: Awaited<ReturnType<typeof openLedgerDatabase>>['db']) =>
      (await sql<{ name: string; setting: string; unit: string | null }>`select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem') order by name`.execute(db)).rows;
    const first = await openLedgerDatabase({ dataDir });
    expect(existsSync(join(dataDir, 'ledger', 'PG_VERSION'))).toBe(true);
    await sql`insert into ledger_migrations_lock (id, is_locked) values ('kept', 0)`.execute(first.db);
    await first.close();
    const again = await openLedgerDatabase({ dataDir });
    // shared_buffers in 8 kB pages (8 MB), work_mem in kB (1 MB).
    expect(await settings(again.db)).toEqual([
      { name: 'shared_buffers', setting: '1024', unit: '8kB' },
      { name: 'work_mem', setting: '1024', unit: 'kB' },
    ]);
    expect((await sql<{ id: string }>`select id from ledger_migrations_lock where id = 'kept'`.execute(again.db)).rows).toEqual([{ id: 'kept' }]);
    await again.close();
  });

  it('takes over at once a lock left by a process that died', async () => {
    // A pid that ran and is gone: a child that exited.
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(child.stdout);
    expect(deadPid).toBeGreaterThan(0);
    mkdirSync(join(dataDir, 'ledger'), { recursive: true });
    writeFileSync(join(dataDir, 'ledger.lock'), String(deadPid));
    const taken = await openLedgerDatabase({ dataDir });
    await expect(taken.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    expect(readFileSync(join(dataDir, 'ledger.lock'), 'utf8')).toBe(String(process.pid));
    await taken.close();
    // Closing gives the directory back.
    expect(existsSync(join(dataDir, 'ledger.lock'))).toBe(false);
  });

  it('refuses while the process holding the lock runs, however old the lock file', async () => {
    mkdirSync(join(dataDir, 'ledger'), { recursive: true });
    // The parent process (jest's) is alive; the file's age does not matter.
    writeFileSync(join(dataDir, 'ledger.lock'), String(process.ppid));
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(dataDir, 'ledger.lock'), longAgo, longAgo);
    await expect(openLedgerDatabase({ dataDir })).rejects.toThrow('is in use by another process');
    expect(readFileSync(join(dataDir, 'ledger.lock'), 'utf8')).toBe(String(process.ppid));
  });
});
