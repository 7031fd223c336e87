/**
 * The embedded ledger's prepared data directory (issue 18): a freshly initialized and migrated
 * PGlite database, made once at build time (`node dist/ledger/template.js`, which `npm start`'s build
 * and the Dockerfile run) into `dist/ledger/template/`. A first start on an empty DATA_DIR copies its
 * files (a fraction of a second) instead of running initdb in WebAssembly (many seconds, and a heap
 * of its own); migrations newer than the template still run at open, as on any existing directory.
 * A template made by another PGlite version, or with other PostgreSQL settings, is not used: initdb
 * runs as before. Never committed (tens of MB of PostgreSQL files); `dist/` is built, not checked in.
 *
 * This module imports only node: modules at the top, so the server loads nothing more for it.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isEntryPoint } from '../shared/entry-point.js';
import { projectRoot } from '../shared/project-root.js';

/**
 * Where the build puts the template: dist/ledger/template/ under the project's root, whether this
 * module runs from dist/ledger/, from a chunk of the bundle in dist/bundle/ or from src/ledger/.
 */
export const LEDGER_TEMPLATE_DIR = join(projectRoot(import.meta.url), 'dist', 'ledger', 'template');

/** The file naming what made a template (never copied into a data directory). */
const MARKER = 'TEMPLATE.json';

/** What a template must have been made with to be used: this PGlite version and these PostgreSQL settings. */
export interface TemplateIdentity {
  pglite: string;
  postgresqlconf: readonly string[];
}

/** The installed PGlite's version (its package.json, found from its entry point). */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (parsed.name === '@electric-sql/pglite' && typeof parsed.version === 'string') {
        return parsed.version;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error('the installed PGlite has no package.json');
    }
    dir = parent;
  }
}

/** Whether `template` holds a database made by `identity` (same PGlite, same settings). */
export function templateMatches(template: string, identity: TemplateIdentity): boolean {
  try {
    if (!existsSync(join(template, 'PG_VERSION'))) {
      return false;
    }
    const made = JSON.parse(readFileSync(join(template, MARKER), 'utf8')) as Partial<TemplateIdentity>;
    return made.pglite === identity.pglite && JSON.stringify(made.postgresqlconf) === JSON.stringify(identity.postgresqlconf);
  } catch {
    return false;
  }
}

/**
 * Fills the empty database directory `dir` from `template`. PG_VERSION (what marks a directory as
 * initialized) is copied last, so a copy cut short leaves a directory that is initialized again, never
 * one that looks whole and is not.
 */
export function copyTemplate(template: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  cpSync(template, dir, { recursive: true, filter: (source) => ![MARKER, 'PG_VERSION'].includes(source.slice(template.length).replace(/^[\\/]/, '')) });
  cpSync(join(template, 'PG_VERSION'), join(dir, 'PG_VERSION'));
}

/**
 * Makes the template at `target`: initdb and every migration in a scratch directory beside it, then
 * the marker, then the directory moved into place (a reader sees a whole template or none). Does
 * nothing when `target` already matches this PGlite and these settings, unless `force`.
 */
export async function prepareLedgerTemplate(target: string = LEDGER_TEMPLATE_DIR, force = false): Promise<boolean> {
  const { EMBEDDED_POSTGRESQL_CONF } = await import('./embedded.js');
  const identity: TemplateIdentity = { pglite: installedPgliteVersion(), postgresqlconf: EMBEDDED_POSTGRESQL_CONF };
  if (!force && templateMatches(target, identity)) {
    return false;
  }
  const parent = dirname(resolve(target));
  mkdirSync(parent, { recursive: true });
  const scratch = mkdtempSync(join(parent, '.template-'));
  try {
    const { openLedgerDatabase } = await import('./database.js');
    // No template while making one: initdb, then the migrations.
    const database = await openLedgerDatabase({ dataDir: scratch, embeddedTemplate: null });
    await database.close();
    const made = join(scratch, 'ledger');
    writeFileSync(join(made, MARKER), `${JSON.stringify(identity)}\n`);
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
