// `npm run reset`: the development world back to its first start, both halves together: the embedded
// sandbox's state and the embedded ledger under DATA_DIR (the next start creates the demo data again).
// Resetting one without the other leaves a ledger naming proposals its partner does not know.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR === undefined || process.env.DATA_DIR === '' ? '.data' : process.env.DATA_DIR);

function refuse(why) {
  process.stderr.write(`reset: ${why}\n`);
  process.exit(1);
}

if (process.env.DATABASE_URL) {
  refuse(
    'DATABASE_URL is set: the ledger is a PostgreSQL server, which this command does not empty; unset it to reset the embedded ledger and sandbox, or empty that database yourself and remove ' +
      resolve(dataDir, 'sandbox'),
  );
}

// The ledger's lock names the process using DATA_DIR (src/ledger/data-dir-lock.ts): a running graph would keep writing.
const lock = resolve(dataDir, 'ledger.lock');
if (existsSync(lock)) {
  const owner = Number(readFileSync(lock, 'utf8').trim());
  let alive = false;
  try {
    process.kill(owner, 0);
    alive = Number.isInteger(owner) && owner > 0;
  } catch (error) {
    alive = error.code === 'EPERM';
  }
  if (alive) {
    refuse(`the graph (process ${owner}) is running on ${dataDir}: stop it first (Ctrl-C), then run npm run reset again`);
  }
}

for (const entry of ['sandbox', 'ledger', 'ledger.lock', 'ledger.lock.takeover']) {
  rmSync(resolve(dataDir, entry), { recursive: true, force: true });
}
process.stdout.write(`reset: removed the sandbox state and the ledger under ${dataDir}; the next npm start begins with the demo data only\n`);
