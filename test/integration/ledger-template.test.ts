import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openLedgerDatabase } from '../../src/ledger/index.js';
import { EMBEDDED_POSTGRESQL_CONF } from '../../src/ledger/embedded.js';
import { prepareLedgerTemplate } from '../../src/ledger/template.js';
import { installedPgliteVersion, templateMatches } from '../../src/ledger/template-files.js';

/** The embedded ledger's prepared data directory: made once, copied into an empty DATA_DIR. */
describe('the embedded ledger template', () => {
  let root: string;
  let template: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cg-ledger-template-'));
    template = join(root, 'template');
    expect(await prepareLedgerTemplate(template)).toBe(true);
  }, 180_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('is a migrated PostgreSQL directory marked with the PGlite version and settings that made it, made once', async () => {
    expect(existsSync(join(template, 'PG_VERSION'))).toBe(true);
    expect(JSON.parse(readFileSync(join(template, 'TEMPLATE.json'), 'utf8'))).toEqual({
      pglite: installedPgliteVersion(),
      postgresqlconf: [...EMBEDDED_POSTGRESQL_CONF],
    });
    expect(await prepareLedgerTemplate(template)).toBe(false);
  });

  it('fills an empty DATA_DIR: the copy opens, holds every migration and keeps what is written across a reopen', async () => {
    // A file only the template has: found in the data directory, it proves a copy (not initdb) filled it.
    writeFileSync(join(template, 'copied-from-template'), 'yes');
    const dataDir = join(root, 'data');
    const first = await openLedgerDatabase({ dataDir, embeddedTemplate: template });
    try {
      expect(readFileSync(join(dataDir, 'ledger', 'copied-from-template'), 'utf8')).toBe('yes');
      expect(existsSync(join(dataDir, 'ledger', 'TEMPLATE.json'))).toBe(false);
      const migrations = await sql<{ name: string }>`select name from ledger_migrations order by name`.execute(first.db);
      expect(migrations.rows.map((row) => row.name)).toEqual(['0001_operations', '0002_read_back', '0003_access_records', '0004_uploads']);
      await sql`create table template_probe (value text)`.execute(first.db);
      await sql`insert into template_probe values ('kept')`.execute(first.db);
    } finally {
      await first.close();
    }
    const again = await openLedgerDatabase({ dataDir, embeddedTemplate: template });
    try {
      const rows = await sql<{ value: string }>`select value from template_probe`.execute(again.db);
      expect(rows.rows).toEqual([{ value: 'kept' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('is not used when another PGlite version or other settings made it', () => {
    const identity = { pglite: installedPgliteVersion(), postgresqlconf: EMBEDDED_POSTGRESQL_CONF };
    expect(templateMatches(template, identity)).toBe(true);
    expect(templateMatches(template, { ...identity, pglite: '0.0.1' })).toBe(false);
    expect(templateMatches(template, { ...identity, postgresqlconf: ['shared_buffers = 128MB'] })).toBe(false);
    expect(templateMatches(join(root, 'absent'), identity)).toBe(false);
  });
});
