// Builds dist/ only when the sources changed since the last build: `npm start` on an unchanged tree
// starts at once. The fingerprint covers every file the build reads (src/, the tsconfig files,
// package-lock.json for the packages, the bundler's script) by content, so a checkout or a touch
// without a change does not rebuild, and any real change does.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-fingerprint');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

export function fingerprint() {
  const hash = createHash('sha256');
  const inputs = [
    ...files(join(root, 'src')),
    ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'scripts/bundle.mjs'].map((name) => join(root, name)),
  ].sort();
  for (const path of inputs) {
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether dist/ was built by this script from exactly the current sources (a plain `npm run build` since then does not count). */
function upToDate(current) {
  const main = join(root, 'dist', 'main.js');
  return (
    existsSync(main) &&
    existsSync(join(root, 'dist', 'bundle', 'main.js')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === current &&
    statSync(stamp).mtimeMs >= statSync(main).mtimeMs
  );
}

const current = fingerprint();
let built = false;
if (process.argv.includes('--check')) {
  // For tests and scripts: exit 0 when a start would skip the build, 1 when it would build.
  process.stdout.write(upToDate(current) ? 'up to date\n' : 'stale\n');
  process.exit(upToDate(current) ? 0 : 1);
}
if (upToDate(current)) {
  process.stdout.write('dist/ is up to date with src/: build skipped\n');
} else {
  // The first start builds for tens of seconds: say so before the silence.
  process.stdout.write('building dist/ from src/ (first start, or the sources changed)...\n');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    process.exit(build.status ?? 1);
  }
  // What npm start runs: dist/ bundled into dist/bundle/ (scripts/bundle.mjs).
  const bundled = spawnSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { stdio: 'inherit' });
  if (bundled.status !== 0) {
    process.exit(bundled.status ?? 1);
  }
  writeFileSync(stamp, current);
  built = true;
}
// The embedded ledger's prepared data directory (src/ledger/template.ts): made after a build (the
// script itself keeps a template of this PGlite version) or when missing, so a first start on an
// empty DATA_DIR copies it instead of running initdb. Without it the graph still starts (initdb at
// start-up, as before), so a failure here is only said.
if (built || !existsSync(join(root, 'dist', 'ledger', 'template', 'TEMPLATE.json'))) {
  process.stdout.write('preparing the embedded ledger template (once per build)...\n');
  const template = spawnSync(process.execPath, [join(root, 'dist', 'ledger', 'template.js')], { stdio: 'inherit' });
  if (template.status !== 0) {
    process.stdout.write('the embedded ledger template could not be made: an empty DATA_DIR is initialized at start-up instead\n');
  }
}
