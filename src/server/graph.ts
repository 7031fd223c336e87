import { type Config } from '../config.js';
import { createContext, type GraphLogger } from '../graphql/context.js';
import { GRAPH_ERROR_CODES, toGraphQLError } from '../graphql/errors.js';
import { buildCreditGraphSchema } from '../graphql/schema.js';
import { type UpstreamClient } from '../upstream/index.js';
import { type App, createApp, type GraphBinding } from './app.js';
import { type ReadinessCheck } from './health.js';
import { type Logger, silentLogger, stackFrames } from './logger.js';

/** The credit graph served over `upstream`: its schema, a fresh context (and loaders) per request, its error codes. */
export async function creditGraph(upstream: UpstreamClient, logger: Logger = silentLogger): Promise<GraphBinding> {
  const graphLogger: GraphLogger = {
    // The graph hands over errors; only their class, code and stack frames are logged (messages may quote input).
    error: (message, error) =>
      logger.error(message, {
        errorClass: error instanceof Error ? error.constructor.name : typeof error,
        errorCode: error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined,
        stack: error instanceof Error ? stackFrames(error) : undefined,
      }),
  };
  return {
    schema: await buildCreditGraphSchema(),
    context: async ({ callerId }) => createContext({ upstream, logger: graphLogger, callerId }),
    errorCodes: GRAPH_ERROR_CODES,
    normalizeError: toGraphQLError,
  };
}

/** Options of {@link createCreditGraphApp}. The caller owns and closes `upstream`. */
export interface CreditGraphAppOptions {
  upstream: UpstreamClient;
  logger?: Logger;
  readinessChecks?: readonly ReadinessCheck[];
}

/** {@link createApp} with the credit graph: what `main.ts`, the tests and the benchmark serve. */
export async function createCreditGraphApp(config: Config, options: CreditGraphAppOptions): Promise<App> {
  return createApp(config, {
    graph: await creditGraph(options.upstream, options.logger),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.readinessChecks === undefined ? {} : { readinessChecks: options.readinessChecks }),
  });
}
