// Fills V8's compile cache (Node's NODE_COMPILE_CACHE directory) with the modules a start of the
// graph compiles, so the first start reads them instead of compiling them. The Dockerfile runs it at
// build time, as the user and with the V8 flags of its CMD: Node keeps one cache subdirectory per
// user id and per V8 flags. Importing runs no service: every module here only defines things at load
// (entry points start something only when run as the main script, src/shared/entry-point.ts).
//   node [the flags of CMD] scripts/warm-compile-cache.mjs
import { readdirSync } from 'node:fs';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const status = enableCompileCache();
if (status.directory === undefined) {
  process.stderr.write(`compile cache not warmed: ${status.message ?? 'disabled'}\n`);
  process.exit(0);
}
const bundle = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bundle');
// The bundle CMD runs (scripts/bundle.mjs): its entry and every chunk, those only some configurations
// load included (the ledger's drivers, Redis, OpenTelemetry, subscriptions, the embedded sandbox); then
// PGlite, which stays a package of its own.
const chunks = readdirSync(bundle).filter((name) => name.endsWith('.js'));
for (const chunk of ['main.js', ...chunks.filter((name) => name !== 'main.js')]) {
  await import(pathToFileURL(join(bundle, chunk)).href);
}
await import('@electric-sql/pglite');
flushCompileCache();
process.stdout.write(`compile cache warmed in ${status.directory} (${chunks.length} bundle files and PGlite)\n`);
