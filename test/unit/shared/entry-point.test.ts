import { pathToFileURL } from 'node:url';
import { isEntryPoint } from '../../../src/shared/entry-point.js';

describe('isEntryPoint', () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
  });
  const startedWith = (script: string | undefined): void => {
    process.argv = script === undefined ? [argv[0] ?? 'node'] : [argv[0] ?? 'node', script];
  };

  it('is true for the module node was started with, by its own name (tsc output or source)', () => {
    startedWith('/app/dist/ledger/template.js');
    expect(isEntryPoint(pathToFileURL('/app/dist/ledger/template.js').href, 'template')).toBe(true);
    startedWith('/app/src/main.ts');
    expect(isEntryPoint(pathToFileURL('/app/src/main.ts').href, 'main')).toBe(true);
  });

  it('resolves a relative script against the working directory', () => {
    startedWith('dist/bundle/main.js');
    expect(isEntryPoint(pathToFileURL(`${process.cwd()}/dist/bundle/main.js`).href, 'main')).toBe(true);
  });

  it("is false for another module bundled into the started file: only main's code is the entry point of dist/bundle/main.js", () => {
    startedWith('/app/dist/bundle/main.js');
    const chunk = pathToFileURL('/app/dist/bundle/main.js').href;
    expect(isEntryPoint(chunk, 'main')).toBe(true);
    expect(isEntryPoint(chunk, 'template')).toBe(false);
    expect(isEntryPoint(chunk, 'emit-schema')).toBe(false);
  });

  it('is false for a module of the same name elsewhere, and without a script (node -e, a REPL)', () => {
    startedWith('/app/dist/main.js');
    expect(isEntryPoint(pathToFileURL('/app/dist/bundle/main.js').href, 'main')).toBe(false);
    startedWith(undefined);
    expect(isEntryPoint(pathToFileURL('/app/dist/main.js').href, 'main')).toBe(false);
  });
});
