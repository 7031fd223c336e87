import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../../src/shared/project-root.js';

describe('projectRoot', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'project-root-'));
    writeFileSync(join(root, 'package.json'), '{}');
    for (const dir of ['src/ledger', 'dist/ledger', 'dist/bundle', 'dist-bench/src/ledger']) {
      mkdirSync(join(root, dir), { recursive: true });
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([['src/ledger/template.ts'], ['dist/ledger/template.js'], ['dist/bundle/embedded-x1.js'], ['dist-bench/src/ledger/template.js']])(
    'is the directory holding package.json, from %s',
    (file) => {
      expect(projectRoot(pathToFileURL(join(root, file)).href)).toBe(root);
    },
  );

  it("is this project's root from its own source", () => {
    expect(projectRoot(pathToFileURL(join(process.cwd(), 'src/shared/project-root.ts')).href)).toBe(process.cwd());
  });
});
