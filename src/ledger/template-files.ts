/**
 * The embedded ledger's prepared data directory as files: where the build puts it, what made it, and
 * the copy into an empty DATA_DIR (embedded.ts). Making one is template.ts's; this module imports only
 * node: modules and src/shared/, so the server loads nothing more for it.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot } from '../shared/project-root.js';

/**
 * Where the build puts the template: dist/ledger/template/ under the project's root, whether this
 * module runs from dist/ledger/, from a chunk of the bundle in dist/bundle/ or from src/ledger/.
 */
export const LEDGER_TEMPLATE_DIR = join(projectRoot(import.meta.url), 'dist', 'ledger', 'template');

/** The file naming what made a template (never copied into a data directory). */
export const TEMPLATE_MARKER = 'TEMPLATE.json';

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
    const made = JSON.parse(readFileSync(join(template, TEMPLATE_MARKER), 'utf8')) as Partial<TemplateIdentity>;
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
  cpSync(template, dir, {
    recursive: true,
    filter: (source) => ![TEMPLATE_MARKER, 'PG_VERSION'].includes(source.slice(template.length).replace(/^[\\/]/, '')),
  });
  cpSync(join(template, 'PG_VERSION'), join(dir, 'PG_VERSION'));
}
