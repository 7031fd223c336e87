// `npm run dev`: tsc in watch mode, and `node dist/main.js` restarted after every successful
// compilation (stopped with SIGTERM first, so its ports are free again before the new one starts).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let service;
let restarting = Promise.resolve();

function stop() {
  const running = service;
  service = undefined;
  if (running === undefined || running.exitCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    running.once('exit', resolve);
    running.kill('SIGTERM');
  });
}

function restart() {
  restarting = restarting.then(async () => {
    await stop();
    process.stdout.write('\n[dev] starting node dist/main.js\n');
    service = spawn(process.execPath, [join(root, 'dist', 'main.js')], { cwd: root, stdio: 'inherit' });
  });
}

const tsc = spawn(
  process.execPath,
  [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json'), '--watch', '--preserveWatchOutput'],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
tsc.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  process.stdout.write(text);
  // tsc prints this after each compilation; restart only when it compiled cleanly.
  if (/Found 0 errors\. Watching for file changes\./.test(text)) {
    restart();
  }
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    tsc.kill('SIGTERM');
    void stop().then(() => process.exit(0));
  });
}
