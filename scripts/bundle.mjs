// Bundles the built service (tsc's dist/main.js and everything it imports, the production packages
// included) into dist/bundle/: what `npm start` and the Docker image run. Node loads one
// entry file and a few dozen chunks instead of about 1800 modules, without the code no import reaches
// (graphql-scalars' unused scalars, validator.js's unused checks, libphonenumber's metadata, most of
// undici): about 8 MB of module source becomes about 4, the V8 heap and the start shrink with it.
//
// - Built from tsc's output, not from src/: the decorators' metadata (emitDecoratorMetadata) that
//   type-graphql reads is tsc's.
// - Names kept (keepNames): type-graphql names GraphQL types after their classes, and errors keep
//   their names in logs. Whitespace and comments removed, nothing renamed or rewritten (no mangling,
//   no compression): a stack trace reads like the source; dist/bundle/*.js.map maps it back
//   (`node --enable-source-maps`).
// - Modules loaded on demand stay loaded on demand (their own chunks): the sandbox, the ledger's
//   drivers, Redis, OpenTelemetry, the subscription transports.
// - PGlite stays a package (it finds its WebAssembly and data files beside its own modules); so do
//   node: built-ins.
// - Modules find files from the project's root (the nearest package.json above them,
//   src/shared/project-root.ts), never beside themselves: a chunk is not where its source was.
//
// - @apollo/utils.createhash is replaced (APOLLO_CREATEHASH below): bundled, the package cannot see
//   that it runs on Node and hashes in JavaScript.
// - negotiator is wrapped (scripts/remembering-negotiator.mjs): Apollo Server negotiates every
//   request's Accept header again.
//
//   node scripts/bundle.mjs [dist]     (npm run build runs it after tsc; dist: default ./dist)
import { rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Stands in for @apollo/utils.createhash in the bundle. The package picks Node's crypto only where
// `module.require` exists, which the bundler's CommonJS wrapper does not give, so bundled it hashed in
// JavaScript (sha.js): Apollo Server's SHA-256 of every request's query text cost several times
// Node's. Apollo Server hashes one text at a time (`createHash(kind).update(text).digest('hex')`):
// that goes to Node's one-shot `hash` (same digest, without a Hash object and its stream machinery);
// anything else to Node's `createHash`.
const APOLLO_CREATEHASH = `
import { createHash as nodeCreateHash, hash } from 'node:crypto';

class OneShotHash {
  constructor(kind) {
    this.kind = kind;
    this.data = undefined;
    this.hash = undefined;
  }

  update(data, encoding) {
    if (this.hash === undefined && this.data === undefined && typeof data === 'string' && encoding === undefined) {
      this.data = data;
    } else {
      this.hash ??= this.data === undefined ? nodeCreateHash(this.kind) : nodeCreateHash(this.kind).update(this.data);
      this.hash.update(data, encoding);
    }
    return this;
  }

  digest(encoding) {
    if (this.hash !== undefined) {
      return this.hash.digest(encoding);
    }
    return hash(this.kind, this.data ?? '', encoding ?? 'buffer');
  }
}

export function createHash(kind) {
  return new OneShotHash(kind);
}
`;

/** scripts/remembering-negotiator.mjs: Apollo Server's per-request media-type negotiation, remembered. */
const REMEMBERING_NEGOTIATOR = join(root, 'scripts', 'remembering-negotiator.mjs');

/** Resolves `negotiator` to {@link REMEMBERING_NEGOTIATOR}, but for that module's own import of the package. */
const rememberingNegotiator = {
  name: 'remembering-negotiator',
  resolveId: (source, importer) => (source === 'negotiator' && importer !== REMEMBERING_NEGOTIATOR ? REMEMBERING_NEGOTIATOR : null),
};

/** Resolves `@apollo/utils.createhash` to {@link APOLLO_CREATEHASH} (a module of the bundle, not a file). */
const apolloCreateHashOnNodeCrypto = {
  name: 'apollo-createhash-on-node-crypto',
  resolveId: (source) => (source === '@apollo/utils.createhash' ? '\0apollo-createhash' : null),
  load: (id) => (id === '\0apollo-createhash' ? APOLLO_CREATEHASH : null),
};

/** Bundles `<dist>/main.js` into `<dist>/bundle/`; packages are taken from the node_modules above `dist`. */
export async function bundle(dist = join(root, 'dist')) {
  const out = join(dist, 'bundle');
  rmSync(out, { recursive: true, force: true });
  const { output } = await build({
    input: { main: join(dist, 'main.js') },
    platform: 'node',
    external: [/^node:/, /^@electric-sql\/pglite(\/|$)/],
    plugins: [apolloCreateHashOnNodeCrypto, rememberingNegotiator],
    logLevel: 'warn',
    onLog(level, log, handler) {
      // Anything else the bundler warns of (an import it could not resolve, left to run time) fails the build.
      handler(level === 'warn' ? 'error' : level, log);
    },
    output: {
      dir: out,
      format: 'esm',
      sourcemap: true,
      keepNames: true,
      // Non-ASCII characters escaped: V8 keeps each chunk's source in the heap, as a two-byte string
      // (twice the bytes) when a single character of it is beyond Latin-1.
      charset: 'ascii',
      minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
      // CommonJS packages (pg, pino, undici, ...) call require() for node: built-ins.
      banner: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  });
  // What the bundle still imports at run time besides its own chunks: node's built-ins and PGlite only.
  const chunks = new Set(output.map((file) => file.fileName));
  const imported = new Set(output.flatMap((file) => (file.type === 'chunk' ? [...file.imports, ...file.dynamicImports] : [])));
  const external = [...imported].filter((name) => !chunks.has(name) && !name.startsWith('node:') && !builtinModules.includes(name)).sort();
  const unexpected = external.filter((name) => !/^@electric-sql\/pglite(\/|$)/.test(name));
  if (unexpected.length > 0) {
    throw new Error(`the bundle would import ${unexpected.join(', ')} at run time`);
  }
  return { files: output.length, external };
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const started = performance.now();
  const dist = resolve(process.argv[2] ?? join(root, 'dist'));
  const made = await bundle(dist);
  process.stdout.write(
    `${join(dist, 'bundle')} made in ${Math.round(performance.now() - started)} ms: ${made.files} files; packages left to load: ${made.external.join(', ')}\n`,
  );
}
