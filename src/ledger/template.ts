/**
 * The embedded ledger's prepared data directory: a freshly initialized and migrated
 * PGlite database, made once at build time (`node dist/ledger/template.js`, which `npm start`'s build
 * and the Dockerfile run) into `dist/ledger/template/`. A first start on an empty DATA_DIR copies its
 * files (a fraction of a second) instead of running initdb in WebAssembly (many seconds, and a heap
 * of its own); migrations newer than the template still run at open, as on any existing directory.
 * A template made by another PGlite version, or with other PostgreSQL settings, is not used: initdb
 * runs as before. Never committed (tens of MB of PostgreSQL files); `dist/` is built, not checked in.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isEntryPoint } from '../shared/entry-point.js';
import { openLedgerDatabase } from './database.js';
import { EMBEDDED_POSTGRESQL_CONF } from './embedded.js';
import { installedPgliteVersion, LEDGER_TEMPLATE_DIR, TEMPLATE_MARKER, type TemplateIdentity, templateMatches } from './template-files.js';

/**
 * Makes the template at `target`: initdb and every migration in a scratch directory beside it, then
 * the marker, then the directory moved into place (a reader sees a whole template or none). Does
 * nothing when `target` already matches this PGlite and these settings, unless `force`.
 */
export async function prepareLedgerTemplate(target: string = LEDGER_TEMPLATE_DIR, force = false): Promise<boolean> {
  const identity: TemplateIdentity = { pglite: installedPgliteVersion(), postgresqlconf: EMBEDDED_POSTGRESQL_CONF };
  if (!force && templateMatches(target, identity)) {
    return false;
  }
  const parent = dirname(resolve(target));
  mkdirSync(parent, { recursive: true });
  const scratch = mkdtempSync(join(parent, '.template-'));
  try {
    // No template while making one: initdb, then the migrations.
    const database = await openLedgerDatabase({ dataDir: scratch, embeddedTemplate: null });
    await database.close();
    const made = join(scratch, 'ledger');
    writeFileSync(join(made, TEMPLATE_MARKER), `${JSON.stringify(identity)}\n`);
    rmSync(target, { recursive: true, force: true });
    renameSync(made, target);
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (isEntryPoint(import.meta.url, 'template')) {
  const started = performance.now();
  prepareLedgerTemplate(LEDGER_TEMPLATE_DIR, process.argv.includes('--force')).then(
    (made) => {
      process.stdout.write(
        made
          ? `embedded ledger template made in ${LEDGER_TEMPLATE_DIR} (${Math.round(performance.now() - started)} ms)\n`
          : `embedded ledger template in ${LEDGER_TEMPLATE_DIR} is up to date\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`embedded ledger template not made: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
