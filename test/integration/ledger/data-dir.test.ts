import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openLedgerDatabase } from '../../../src/ledger/database.js';
import { LedgerUnavailableError } from '../../../src/ledger/errors.js';

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
    await expect(second).rejects.toThrow(
      `the embedded ledger under ${join(dataDir, 'ledger')} is in use by another process: give each process its own DATA_DIR, or share a PostgreSQL through DATABASE_URL`,
    );
    // The refused opener changed nothing: the first still works.
    await expect(first.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    await first.close();

    const third = await openLedgerDatabase({ dataDir });
    await expect(third.db.selectFrom('ledger_operations').select('idempotency_key').execute()).resolves.toEqual([]);
    await third.close();
  });

  it('initializes an empty directory, keeps what was written across a reopen, and runs with the small settings', async () => {
    const settings = async (db: Awaited<ReturnType<typeof openLedgerDatabase>>['db']) =>
      (
        await sql<{
          name: string;
          setting: string;
          unit: string | null;
        }>`select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem') order by name`.execute(db)
      ).rows;
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

  describe('two processes starting together', () => {
    const lockModule = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'src', 'ledger', 'data-dir-lock.ts');
    // Each child loads the lock, says it is ready, takes the lock at "go" (both at once), says what it
    // got, and holds it until "exit".
    const child = `
      const { lockDataDir } = await import(process.argv[1]);
      const lines = (async function* () { let buffer = ''; for await (const chunk of process.stdin) { buffer += chunk; let at; while ((at = buffer.indexOf('\\n')) >= 0) { yield buffer.slice(0, at); buffer = buffer.slice(at + 1); } } })();
      process.stdout.write('ready\\n');
      await lines.next();
      const lock = await lockDataDir(process.argv[2]);
      process.stdout.write((lock.held ? 'held' : 'refused:' + lock.owner) + '\\n');
      await lines.next();
      if (lock.held) { lock.release(); }
      process.exit(0);
    `;

    interface Contender {
      pid: number;
      next: () => Promise<string>;
      send: (line: string) => void;
      exited: Promise<void>;
    }

    function contender(path: string): Contender {
      const proc = spawn(process.execPath, ['--input-type=module', '-e', child, lockModule, path], { stdio: ['pipe', 'pipe', 'inherit'] });
      const pending: string[] = [];
      const waiting: ((line: string) => void)[] = [];
      let buffer = '';
      proc.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let at: number;
        while ((at = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 1);
          const waiter = waiting.shift();
          if (waiter) {
            waiter(line);
          } else {
            pending.push(line);
          }
        }
      });
      return {
        pid: proc.pid as number,
        next: () => (pending.length > 0 ? Promise.resolve(pending.shift() as string) : new Promise((resolve) => waiting.push(resolve))),
        send: (line) => proc.stdin.write(`${line}\n`),
        exited: new Promise((resolve) => proc.once('exit', () => resolve())),
      };
    }

    it('gives the directory to exactly one of them, 25 times over a lock left by a dead process', async () => {
      const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
      const outcomes: string[] = [];
      for (let round = 0; round < 25; round += 1) {
        const path = join(dataDir, `round-${round}.lock`);
        writeFileSync(path, String(dead));
        const both = [contender(path), contender(path)];
        expect(await Promise.all(both.map((one) => one.next()))).toEqual(['ready', 'ready']);
        both.forEach((one) => one.send('go'));
        const answers = await Promise.all(both.map(async (one) => `${one.pid}:${await one.next()}`));
        both.forEach((one) => one.send('exit'));
        await Promise.all(both.map((one) => one.exited));
        const held = answers.filter((answer) => answer.endsWith(':held'));
        const refused = answers.filter((answer) => answer.includes(':refused:'));
        outcomes.push(`${held.length} held, ${refused.length} refused`);
        // The refused one names the live owner that won.
        expect(refused.map((answer) => answer.split(':refused:')[1])).toEqual(held.map((answer) => answer.split(':')[0]));
        // The winner released it on its way out: nothing is left behind.
        expect(existsSync(path)).toBe(false);
        expect(existsSync(`${path}.takeover`)).toBe(false);
      }
      expect(outcomes).toEqual(Array.from({ length: 25 }, () => '1 held, 1 refused'));
    });
  });
});
