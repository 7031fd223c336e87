/**
 * The configuration reference, generated from the schema: `npm run docs:config` rewrites the part of
 * docs/configuration.md between the markers; `npm run docs:config:check` (CI) and
 * test/unit/config/reference.test.ts fail when it is stale. Text outside the markers is hand-written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTING_GROUPS, settingDocs } from './schema.js';
import { isEntryPoint } from '../shared/entry-point.js';

/** The page, relative to the repository root. */
export const REFERENCE_PATH = 'docs/configuration.md';

export const BEGIN_MARKER = '<!-- BEGIN GENERATED: `npm run docs:config` writes this part from src/config/schema.ts; do not edit by hand -->';
export const END_MARKER = '<!-- END GENERATED -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The generated part: one table per group, every declared variable once, in declaration order. */
export function renderReference(): string {
  const sections = Object.entries(SETTING_GROUPS).map(([title, variables]) => {
    const rows = Object.entries(variables).map(([name, schema]) => {
      const doc = settingDocs.get(schema);
      if (doc === undefined) {
        throw new Error(`${name} is not declared through setting()`);
      }
      const type = doc.secret ? `${doc.type}; **secret**: never printed` : doc.type;
      return `| \`${name}\` | ${cell(doc.shown)} | ${cell(type)} | ${cell(doc.description)} |`;
    });
    return [`### ${title}`, '', '| Variable | Default | Accepts | Meaning |', '|---|---|---|---|', ...rows].join('\n');
  });
  return sections.join('\n\n');
}

/** `page` with its generated part replaced by {@link renderReference}. */
export function updateReference(page: string): string {
  const begin = page.indexOf(BEGIN_MARKER);
  const end = page.indexOf(END_MARKER);
  if (begin < 0 || end < begin) {
    throw new Error(`${REFERENCE_PATH} lacks the markers ${BEGIN_MARKER} ... ${END_MARKER}`);
  }
  return `${page.slice(0, begin + BEGIN_MARKER.length)}\n\n${renderReference()}\n\n${page.slice(end)}`;
}

/** `node dist/config/reference.js [--check]`: writes the page, or with --check exits 1 when it is stale. */
function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const path = resolve(root, REFERENCE_PATH);
  const page = readFileSync(path, 'utf8');
  const updated = updateReference(page);
  if (process.argv.includes('--check')) {
    if (updated !== page) {
      process.stderr.write(`${REFERENCE_PATH} is stale: run npm run docs:config\n`);
      process.exitCode = 1;
    }
    return;
  }
  if (updated !== page) {
    writeFileSync(path, updated);
  }
  process.stdout.write(`${REFERENCE_PATH} ${updated === page ? 'up to date' : 'written'}\n`);
}

if (isEntryPoint(import.meta.url, 'reference')) {
  main();
}
