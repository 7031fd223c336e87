/**
 * `npm start` skips the build on an unchanged tree: scripts/build-if-changed.mjs, run in a copy of
 * the project's build inputs (never the working tree's dist/, which a parallel run may be using).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

function script(cwd: string, args: string[] = []): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(cwd, 'scripts', 'build-if-changed.mjs'), ...args], { cwd, env: { PATH: process.env.PATH ?? '' } });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', (code) => done({ code, stdout }));
  });
}

describe('npm start on an unchanged tree', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'credit-graph-loop-'));
    for (const entry of ['src', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json']) {
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  });

  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
  });

  it('builds once, then skips the build until a source changes', async () => {
    expect(await script(copy, ['--check'])).toMatchObject({ code: 1, stdout: 'stale\n' });
    const first = await script(copy);
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain('skipped');
    const built = statSync(join(copy, 'dist', 'main.js')).mtimeMs;
    // What npm start runs: the bundle, made by the same build.
    expect(first.stdout).toMatch(/dist\/bundle made in \d+ ms: \d+ files; packages left to load: @electric-sql\/pglite\n/);
    const bundled = statSync(join(copy, 'dist', 'bundle', 'main.js')).mtimeMs;

    const second = await script(copy);
    expect(second).toEqual({ code: 0, stdout: 'dist/ is up to date with src/: build skipped\n' });
    expect(statSync(join(copy, 'dist', 'main.js')).mtimeMs).toBe(built);
    expect(statSync(join(copy, 'dist', 'bundle', 'main.js')).mtimeMs).toBe(bundled);

    // Without the bundle the build is not up to date, whatever the fingerprint says.
    rmSync(join(copy, 'dist', 'bundle'), { recursive: true });
    expect(await script(copy, ['--check'])).toMatchObject({ code: 1, stdout: 'stale\n' });
    expect((await script(copy)).code).toBe(0);

    // The same content written again is no change; a real edit is.
    const config = join(copy, 'src', 'config', 'index.ts');
    cpSync(config, `${config}.bak`);
    rmSync(config);
    cpSync(`${config}.bak`, config);
    rmSync(`${config}.bak`);
    expect(await script(copy, ['--check'])).toMatchObject({ code: 0 });
    appendFileSync(config, '\n// an edit\n');
    expect(await script(copy, ['--check'])).toMatchObject({ code: 1, stdout: 'stale\n' });
    expect(readFileSync(join(copy, 'dist', '.build-fingerprint'), 'utf8')).toMatch(/^[0-9a-f]{64}$/);
  }, 240_000);
});

describe('the settings', () => {
  it('are read from the environment only through src/config/schema.ts (the standalone sandbox reads its own), and the README points at their reference', () => {
    const sources = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.split('\\').join('/'));
    // npm's own variables (`npm_lifecycle_event`: run under npm or not) are facts of the process, not settings.
    const reading = sources.filter((file) => /process\.env\b(?!\.npm_)/.test(readFileSync(join(ROOT, 'src', file), 'utf8')));
    // config/index.ts passes process.env to the schema as the default environment; sandbox/main.ts is the standalone
    // sandbox's entry; server/audit-command.ts is `npm run audit`'s entry, which hands process.env to loadConfig.
    expect(reading.sort()).toEqual(['config/index.ts', 'sandbox/main.ts', 'server/audit-command.ts']);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5));
    expect(section).toContain('(docs/configuration.md)');
  });
});
