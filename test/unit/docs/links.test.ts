import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Every path the code and the docs cite resolves in the repository: a repository-relative path in a
 * comment of the code or in a page (`src/...`, `docs/...`, `test/...`), and a relative Markdown link beside its page.
 * Every `#anchor` of a Markdown link names a heading of its target, and every `README, "Section"`
 * citation (in code, in descriptions and in pages) names a heading of the page it cites.
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
/** A Markdown link with an anchor: to a local page (`page.md#anchor`) or in the same page (`#anchor`). */
const MD_ANCHOR = /\]\((?!https?:|mailto:)([^)\s#]*)#([^)\s]+)\)/g;
/** A page and a section cited in prose: `README, "Section"`, `<page>.md, section "Section"`; `sandbox README` is src/sandbox/'s. */
const SECTION = /((?:sandbox )?(?:[\w./-]*\/)?README(?:\.md)?|(?:[\w./-]+\/)?[\w-]+\.md),\s+(?:section\s+)?["\u201c]([^"\u201d]+)["\u201d]/g;

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

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of a Markdown page, outside code blocks. */
function headings(page: string): string[] {
  const text = readFileSync(page, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => (match[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
}

/** The anchors of a page's headings, a repeated heading's numbered as GitHub numbers them. */
function anchors(page: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const heading of headings(page)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** The README a bare `README` means: the nearest one up from the citing file. */
function nearestReadme(file: string): string {
  for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
    if (existsSync(join(dir, 'README.md'))) {
      return join(dir, 'README.md');
    }
  }
  return join(root, 'README.md');
}

/** The text a file's readers see: a page whole, code's comments and string literals with comment markers and line breaks folded. */
function prose(file: string): string {
  const source = readFileSync(file, 'utf8');
  return (file.endsWith('.md') ? source : source.replace(/^\s*(?:\*|\/\/)\s?/gm, ' ')).replace(/\s+/g, ' ');
}

function scannedFiles(): string[] {
  return SCANNED.flatMap((path) => files(join(root, path))).filter((file) => /\.(ts|mjs|md)$/.test(file) && !file.endsWith('links.test.ts'));
}

describe('anchors and sections cited in code and docs', () => {
  const pages = scannedFiles().filter((file) => file.endsWith('.md'));

  it('finds the anchors and sections it checks', () => {
    const linked = pages.flatMap((page) => [...readFileSync(page, 'utf8').matchAll(MD_ANCHOR)]);
    const sections = scannedFiles().flatMap((file) => [...prose(file).matchAll(SECTION)]);
    expect(linked.length).toBeGreaterThanOrEqual(3);
    expect(sections.length).toBeGreaterThanOrEqual(10);
  });

  it('links to headings that exist (GitHub anchors)', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const match of readFileSync(page, 'utf8').matchAll(MD_ANCHOR)) {
        const target = match[1] === '' ? page : join(dirname(page), match[1] as string);
        if (target.endsWith('.md') && existsSync(target) && !anchors(target).has(decodeURIComponent(match[2] as string))) {
          broken.push(`${relative(root, page)}: ${match[1] as string}#${match[2] as string}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('cites sections that exist in the page cited', () => {
    const broken: string[] = [];
    for (const file of scannedFiles()) {
      for (const match of prose(file).matchAll(SECTION)) {
        const cited = match[1] as string;
        const page = cited.startsWith('sandbox ')
          ? join(root, 'src', 'sandbox', 'README.md')
          : /^README(\.md)?$/.test(cited)
            ? nearestReadme(file)
            : existsSync(join(root, cited))
              ? join(root, cited)
              : join(dirname(file), cited);
        const section = (match[2] as string).trim();
        // A heading may say more after the name it is cited by: "Registry (`/Pessoa/*`, ...)".
        if (!existsSync(page) || !headings(page).some((heading) => heading === section || heading.startsWith(`${section} (`))) {
          broken.push(`${relative(root, file)}: ${cited}, "${section}"`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

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
