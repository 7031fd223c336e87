import 'reflect-metadata';
import { enableCompileCache, flushCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';
// The config (a leaf) and types only: run as the entry point, this module turns V8's compile cache on
// before the server's modules are compiled (a static import is compiled before the first line of the
// module importing it runs), so they are loaded on demand, below (the service's assembly: service.ts).
import { checkProductionUpstreamEnv, type Config, ConfigError, loadConfig, SHUTDOWN_HARD_MARGIN_MS } from './config/index.js';
import { type Service } from './service.js';
import { isEntryPoint } from './shared/entry-point.js';

/**
 * How much the V8 old generation may grow past what survived the last full collection, percent, with
 * the ledger on PostgreSQL and on the embedded one ({@link limitHeapGrowth}, which also sets
 * {@link BYTECODE_OLD_AGE}).
 */
export const HEAP_GROWING_PERCENT = { postgres: 25, embedded: 50 } as const;

/**
 * The old generation grows by a quarter (PostgreSQL) or a half (the embedded ledger, whose PGlite heap
 * a full collection marks too) before the next full collection, where V8 would let it grow fourfold
 * on a machine with much memory: far less memory after a load of many connections for little CPU
 * (bench/README.md). Set from code because a V8 flag on the command line costs Node's built-in code
 * cache; a `--heap-growing-percent` given to node wins.
 */
function limitHeapGrowth(config: Config): void {
  if (!process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) {
    const percent = config.ledger.databaseUrl === undefined ? HEAP_GROWING_PERCENT.embedded : HEAP_GROWING_PERCENT.postgres;
    setFlagsFromString(`--heap-growing-percent=${percent}`);
  }
  if (!process.execArgv.some((flag) => flag.startsWith('--bytecode-old-age'))) {
    setFlagsFromString(`--bytecode-old-age=${BYTECODE_OLD_AGE}`);
  }
}

/**
 * Full collections a function may go unexecuted before V8 drops its bytecode (V8's default is 6):
 * what only the start ran (the schema's assembly, the configuration, the migrations) is dropped after
 * the first collections under load, about 3 MiB of heap; code that runs again is compiled again,
 * lazily. Set from code for the same reason as the heap's growth.
 */
export const BYTECODE_OLD_AGE = 2;

async function main(): Promise<void> {
  let config: Config;
  try {
    checkProductionUpstreamEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
  limitHeapGrowth(config);
  const [{ createLogger, stdoutDestination }, { createMetrics }, { checkProductionUpstream, startService, startTracing }] = await Promise.all([
    import('./server/logger.js'),
    import('./server/metrics.js'),
    import('./service.js'),
  ]);
  // Its writes give up on a reader that went away: a full pipe never holds the exit.
  const output = stdoutDestination();
  const logger = createLogger(config.logLevel, output.stream);
  let service: Service | undefined;
  let stopping = false;
  let started!: (service: Service | undefined) => void;
  /** The start-up's end: a signal during start-up stops what it started once it has. */
  const whenStarted = new Promise<Service | undefined>((resolve) => {
    started = resolve;
  });
  const exit = (code: number): never => {
    output.abandon();
    process.exit(code);
  };
  // Under `npm start` a signal to the process group (a terminal's Ctrl-C) reaches the graph twice:
  // directly and forwarded by npm (@npmcli/run-script's signal manager). That one echo of the first
  // signal is not the second signal that cuts the stop short.
  let echoes = process.env.npm_lifecycle_event === undefined ? 0 : 1;
  let first: string | undefined;
  const shutdown = (signal: string): void => {
    if (stopping && signal === first && echoes > 0) {
      echoes -= 1;
      return;
    }
    if (stopping) {
      logger.warn('second signal: exiting at once', { signal });
      exit(1);
    }
    stopping = true;
    first = signal;
    logger.info('stopping', { signal, graceMs: config.shutdownGraceMs });
    // Whatever a graceful stop waits on, the process ends: unref'd, so it never holds a finished stop.
    setTimeout(() => {
      logger.error('stop did not finish in time: exiting', { afterMs: config.shutdownGraceMs + SHUTDOWN_HARD_MARGIN_MS });
      exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_HARD_MARGIN_MS).unref();
    void (service?.close() ?? whenStarted.then((running) => running?.close())).then(
      () => {
        logger.info('stopped');
        // Not left to the event loop: a handle something forgot (or a log pipe nobody reads) must not keep it alive.
        exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      },
      (error: unknown) => {
        logger.error('stop failed', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    checkProductionUpstream(config);
    const tracing = await startTracing(config);
    service = await startService(config, logger, { metrics: createMetrics({ processMetrics: true }), ...(tracing === undefined ? {} : { tracing }) });
  } catch (error) {
    process.stderr.write(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}\n`
        : `Start-up failed: ${error instanceof Error ? error.name : 'unknown error'}${error instanceof Error && 'code' in error ? ` (${String(error.code)})` : ''}\n`,
    );
    if (!(error instanceof ConfigError) && error instanceof Error) {
      logger.debug('start-up failure', {
        stack: error.stack
          ?.split('\n')
          .slice(1, 12)
          .map((line) => line.trim()),
      });
    }
    process.exitCode = 1;
    started(undefined);
    return;
  }
  started(service);
  if (stopping) {
    return;
  }
  // Through the log's own stream, so the banner keeps its place among the lines before and after it.
  output.stream.write(service.banner);
  logger.info('started', { graph: service.http.graphqlUrl, upstream: service.sandbox === undefined ? 'configured' : 'embedded sandbox' });
  output.flush();
  // The compile cache is written now, with what start-up compiled (written at exit, it also held
  // every function requests had compiled, which the next start would load at once, needed or not).
  flushCompileCache();
}

if (isEntryPoint(import.meta.url, 'main')) {
  // V8's code cache of every module loaded from here on: a start reads the compiled code of the same
  // files (node_modules and dist/) instead of compiling it again. The directory is Node's own
  // NODE_COMPILE_CACHE (default: node-compile-cache in the OS temporary directory; the Docker image
  // ships one made at build time); NODE_DISABLE_COMPILE_CACHE=1 turns it off. A directory that cannot
  // be created or written costs only the cache: Node then compiles as without one.
  enableCompileCache();
  await main();
}
