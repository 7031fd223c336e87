import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Every path the code and the docs cite resolves in the repository: a repository-relative path in a
 * comment of the code or in a page (`src/...`, `docs/...`, `test/...`), and a relative Markdown link beside its page.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SCANNED = ['src', 'docs', 'bench', 'scripts', 'test', 'README.md', 'DESIGN.md'];
const SKIPPED = new Set(['node_modules', '__generated__', 'dist', 'dist-bench', 'results']);
/** A repository-relative path to a file, as cited in prose or a comment. */
const CITED = /(?<![\w./-])((?:src|docs|test|bench|scripts|schema|examples)\/[\w.@/-]*\.(?:ts|mjs|js|md|graphql|json|ya?ml|sql))(?![\w/])/g;
/** A path inside src/ cited from its layer down (`upstream/client.ts`), as the code's comments do. */
const IN_SRC = /(?<![\w./-])((?:graphql|upstream|ledger|server|sandbox|shared)\/[\w.@/-]*\.(?:ts|md))(?![\w/])/g;
/** A Markdown link to a local path (not a URL, not an in-page anchor). */
const MD_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#[^)]*)?\)/g;

function files(path: string): string[] {
  if (!existsSync(path)) {
    return [];
  }
  if (!statSync(path).isDirectory()) {
    return [path];
  }
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

function citations(): { from: string; cited: string; resolved: string }[] {
  const found: { from: string; cited: string; resolved: string }[] = [];
  for (const file of SCANNED.flatMap((path) => files(join(root, path))).filter((file) => /\.(ts|mjs|md)$/.test(file))) {
    const source = readFileSync(file, 'utf8');
    // In code, what comments cite (a test's string literals may name paths it makes up).
    const text = file.endsWith('.md') ? source : (source.match(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g) ?? []).join('\n');
    const from = relative(root, file);
    for (const match of text.matchAll(CITED)) {
      const cited = match[1] as string;
      // dist/ paths and generated output are built, not committed.
      if (!cited.includes('/dist/')) {
        found.push({ from, cited, resolved: join(root, cited) });
      }
    }
    for (const match of text.matchAll(IN_SRC)) {
      const cited = match[1] as string;
      found.push({ from, cited, resolved: join(root, 'src', cited) });
    }
    if (file.endsWith('.md')) {
      for (const match of text.matchAll(MD_LINK)) {
        const cited = match[1] as string;
        found.push({ from, cited, resolved: join(dirname(file), cited) });
      }
    }
  }
  return found;
}

describe('paths cited in code and docs', () => {
  const cited = citations();

  it('finds the citations it checks (the partner contract among them)', () => {
    expect(cited.filter((entry) => entry.cited === 'docs/partner/contract.md').length).toBeGreaterThanOrEqual(5);
    expect(cited.filter((entry) => entry.cited === 'docs/partner/facts.md').length).toBeGreaterThanOrEqual(5);
  });

  it('resolves every one in the repository', () => {
    const missing = cited.filter((entry) => !existsSync(entry.resolved)).map((entry) => `${entry.from}: ${entry.cited}`);
    expect(missing).toEqual([]);
  });

  it('cites no file outside the repository (the partner contract lives in docs/partner/)', () => {
    const outside = SCANNED.flatMap((path) => files(join(root, path)))
      .filter((file) => /\.(ts|mjs|md)$/.test(file) && !file.endsWith('links.test.ts'))
      .filter((file) => /shared\/spec\/|upstream-api\.md|upstream-facts\.md/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(outside).toEqual([]);
  });
});
