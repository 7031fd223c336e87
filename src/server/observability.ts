/** The glue between the app and its metrics and logs: an Apollo plugin and the partner-call log. */
import { type ApolloServerPlugin, type BaseContext, type GraphQLResponse } from '@apollo/server';
import { type UpstreamObserver } from '../upstream/index.js';
import { type Logger } from './logger.js';
import { type Metrics } from './metrics.js';

/** The distinct `extensions.code` values of a response's errors, as the client sees them (after formatError). */
export function errorCodes(body: GraphQLResponse['body']): string[] {
  const errors = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
  return [...new Set((errors ?? []).map((error) => (typeof error.extensions?.code === 'string' ? error.extensions.code : 'INTERNAL_SERVER_ERROR')))];
}

/**
 * Counts each GraphQL operation by name, type and outcome: `success` (executed, no error), `error`
 * (executed, with errors) or `refused` (never executed: parse, validation or resolution failed).
 */
export function operationMetricsPlugin<TContext extends BaseContext>(metrics: Metrics): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart() {
      const startedAt = performance.now();
      let executed = false;
      return {
        async executionDidStart() {
          executed = true;
        },
        async willSendResponse({ operationName, operation, response }) {
          const body = response.body;
          const errors = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
          const failed = errors !== undefined && errors.length > 0;
          metrics.graphqlOperation(
            operationName ?? undefined,
            operation?.operation,
            executed ? (failed ? 'error' : 'success') : 'refused',
            (performance.now() - startedAt) / 1000,
          );
        },
      };
    },
  };
}

/**
 * Logs every failed partner call and token request at warn: the operation, the code, the HTTP
 * status when there was one, the duration. Nothing else (no body, no document, no token).
 */
export function partnerLogObserver(logger: Logger): Partial<UpstreamObserver> {
  const log = logger.child({ component: 'upstream' });
  return {
    call(event) {
      if (event.outcome !== 'ok') {
        // The partner's normal "nothing here" answers (no agenda yet) are states, not failures.
        (event.expected === true ? log.debug : log.warn)('partner call failed', {
          operation: event.operation,
          code: event.outcome,
          ...(event.status === undefined ? {} : { status: event.status }),
          write: event.write,
          durationMs: Math.round(event.durationMs),
        });
      }
    },
    tokenRenewal(event) {
      if (event.outcome !== 'ok') {
        log.warn('partner token request failed', { operation: 'token', code: event.outcome, durationMs: Math.round(event.durationMs) });
      }
    },
  };
}
