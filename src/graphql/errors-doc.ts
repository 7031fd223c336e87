/**
 * docs/errors.md's per-mutation sections, generated from the mutations' declarations
 * (`<noun>.errors.ts`, listed in mutations.ts): `npm run docs:errors` rewrites the part between the
 * markers; `npm run docs:errors:check` and test/unit/graphql/user-error-table.test.ts fail when it
 * is stale. Text outside the markers is hand-written.
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isEntryPoint } from '../shared/entry-point.js';
import { describeEntry, messageKeyOf, type UserErrors } from './common/user-error-table.js';
import { MUTATIONS } from './mutations.js';

/** The page, relative to the repository root. */
export const ERRORS_PATH = 'docs/errors.md';

export const BEGIN_MARKER = "<!-- BEGIN GENERATED: `npm run docs:errors` writes this part from the mutations' <noun>.errors.ts; do not edit by hand -->";
export const END_MARKER = '<!-- END GENERATED -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** One family's section: its enum, its mutations, and one row per code (own codes first). */
function renderFamily(family: UserErrors): string {
  const rows = family.all.map((entry) => {
    const upstream = (entry.upstream ?? []).map((code) => `\`${code}\``).join(', ');
    return `| \`${entry.code}\` | ${upstream} | \`${messageKeyOf(family, entry.code)}\` | ${cell(describeEntry(entry))} |`;
  });
  return [
    `### \`${family.enumName}\``,
    '',
    `${family.mutations.map((name) => `\`${name}\``).join(', ')} (\`userErrors: [${family.typeName}!]!\`).`,
    '',
    '| Code | Partner codes | messageKey | Meaning |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The generated part: every mutation family's section, in the order of mutations.ts. */
export function renderUserErrorSections(): string {
  return MUTATIONS.map((mutation) => renderFamily(mutation.errors)).join('\n\n');
}

/** `page` with its generated part replaced by {@link renderUserErrorSections}. */
export function updateErrorsDoc(page: string): string {
  const begin = page.indexOf(BEGIN_MARKER);
  const end = page.indexOf(END_MARKER, begin);
  if (begin < 0 || end < begin) {
    throw new Error(`${ERRORS_PATH} lacks the markers ${BEGIN_MARKER} ... ${END_MARKER}`);
  }
  return `${page.slice(0, begin + BEGIN_MARKER.length)}\n\n${renderUserErrorSections()}\n\n${page.slice(end)}`;
}

/** `node dist/graphql/errors-doc.js [--check]`: writes the page, or with --check exits 1 when it is stale. */
function main(): void {
  const path = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', ERRORS_PATH);
  const page = readFileSync(path, 'utf8');
  const updated = updateErrorsDoc(page);
  if (process.argv.includes('--check')) {
    if (updated !== page) {
      process.stderr.write(`${ERRORS_PATH} is stale: run npm run docs:errors\n`);
      process.exitCode = 1;
    }
    return;
  }
  if (updated !== page) {
    writeFileSync(path, updated);
  }
  process.stdout.write(`${ERRORS_PATH} ${updated === page ? 'up to date' : 'written'}\n`);
}

if (isEntryPoint(import.meta.url, 'errors-doc')) {
  main();
}
