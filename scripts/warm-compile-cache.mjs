// Fills V8's compile cache (Node's NODE_COMPILE_CACHE directory) with the modules a start of the
// graph compiles, so the first start reads them instead of compiling about 2000 files. The Dockerfile
// runs it at build time, as the user and with the V8 flags of its CMD: Node keeps one cache
// subdirectory per user id and per V8 flags. Importing runs no service: every module here only
// defines things at load (entry points start something only when run as the main script).
//   node [the flags of CMD] scripts/warm-compile-cache.mjs
import { enableCompileCache, flushCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const status = enableCompileCache();
if (status.directory === undefined) {
  process.stderr.write(`compile cache not warmed: ${status.message ?? 'disabled'}\n`);
  process.exit(0);
}
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// main.ts and what it loads on demand; the ledger's drivers and the optional transports loaded only by
// some configurations (PostgreSQL or PGlite, Redis, OpenTelemetry, subscriptions, the embedded sandbox).
const own = [
  'main.js',
  'server/graph.js',
  'server/http.js',
  'server/metrics.js',
  'server/observability.js',
  'server/upstream.js',
  'server/logger.js',
  'server/live-redis.js',
  'server/tracing.js',
  'upstream/index.js',
  'upstream/stores/redis.js',
  'ledger/database.js',
  'sandbox/server.js',
];
const packages = ['pg', '@electric-sql/pglite', 'ioredis', 'ws', 'graphql-ws/use/ws', 'graphql-sse', 'jose'];
for (const module of own) {
  await import(pathToFileURL(join(dist, module)).href);
}
for (const name of packages) {
  await import(name);
}
flushCompileCache();
process.stdout.write(`compile cache warmed in ${status.directory}\n`);
