/**
 * Queries and mutations sent over a WebSocket or an SSE request: answered by the same pipeline as an
 * HTTP POST (the document guard, admission, then Apollo Server's own HTTP request handling with its
 * plugins: cost and caller budgets, variable bounds, the access record, operation metrics, the request
 * id), so the answer's JSON is the one an HTTP POST of the same operation gets.
 */
import { type ApolloServer, type BaseContext, HeaderMap } from '@apollo/server';
import { type FormattedExecutionResult } from 'graphql';
import { type Admission } from '../admission.js';
import { type DocumentGuard } from '../guard.js';
import { type Logger, requestLogContext } from '../logger.js';
import { type Metrics } from '../metrics.js';
import { REQUEST_ID_HEADER } from '../request-id.js';
import { type Caller, type GraphBinding } from '../types.js';

/** One query or mutation received over a socket, with what an HTTP request would have said in its headers. */
export interface SocketOperation {
  caller: Caller;
  query: string;
  operationName?: string | null | undefined;
  variables?: Readonly<Record<string, unknown>> | null | undefined;
  extensions?: Readonly<Record<string, unknown>> | null | undefined;
  /** The operation's own request id (the answer's `extensions.requestId`). */
  requestId: string;
  /** The connection's `Accept-Language`. */
  acceptLanguage?: string | undefined;
  /** The connection's well-formed `x-purpose`. */
  purpose?: string | undefined;
  /** The connection asked for fresh data (`Cache-Control: no-cache`). */
  fresh: boolean;
  /** `websocket` or `sse`, for the log line. */
  transport: string;
}

/** Answers one {@link SocketOperation}: the JSON body an HTTP POST would get. */
export type OperationRunner = (operation: SocketOperation) => Promise<FormattedExecutionResult>;

/** What the runner is built over: the app's own pieces. */
export interface OperationRunnerDeps {
  apollo: ApolloServer<BaseContext>;
  graph: GraphBinding;
  guard: DocumentGuard;
  admission: Admission;
  metrics: Metrics;
  logger: Logger;
}

/** The runner over the app's Apollo Server, guard and admission. */
export function createOperationRunner(deps: OperationRunnerDeps): OperationRunner {
  const run = async (operation: SocketOperation): Promise<FormattedExecutionResult> => {
    const body = {
      query: operation.query,
      ...(typeof operation.operationName === 'string' ? { operationName: operation.operationName } : {}),
      ...(operation.variables === null || operation.variables === undefined ? {} : { variables: operation.variables }),
      ...(operation.extensions === null || operation.extensions === undefined ? {} : { extensions: operation.extensions }),
    };
    const refusal = (error: FormattedExecutionResult['errors']): FormattedExecutionResult => ({
      errors: error ?? [],
      extensions: { requestId: operation.requestId },
    });
    const request = { method: 'POST', query: undefined, body };
    const refused = deps.guard.check(request);
    if (refused !== undefined) {
      deps.metrics.graphqlOperation(refused.operationName, refused.operationType, 'refused', 0);
      return refusal([refused.error]);
    }
    const release = deps.admission.admit(deps.guard.isMutation(request));
    if (release === undefined) {
      deps.metrics.graphqlOperation(undefined, undefined, 'refused', 0);
      return refusal([
        { message: 'The graph is serving as many requests as it can; retry in a moment.', extensions: { code: 'OVERLOADED', retryAfterSeconds: 1 } },
      ]);
    }
    try {
      const headers = new HeaderMap([
        ['content-type', 'application/json'],
        ['accept', 'application/graphql-response+json, application/json'],
        [REQUEST_ID_HEADER, operation.requestId],
      ]);
      const response = await deps.apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: 'POST', headers, search: '', body },
        context: () =>
          deps.graph.context({
            callerId: operation.caller.callerId,
            scopes: operation.caller.scopes,
            fresh: operation.fresh,
            acceptLanguage: operation.acceptLanguage,
            requestId: operation.requestId,
            ...(operation.purpose === undefined ? {} : { purpose: operation.purpose }),
          }),
      });
      // Incremental delivery (@defer) is not enabled: every answer is complete.
      const text = response.body.kind === 'complete' ? response.body.string : '';
      return JSON.parse(text) as FormattedExecutionResult;
    } finally {
      release();
    }
  };
  return (operation) => {
    const startedAt = performance.now();
    return requestLogContext.run({ requestId: operation.requestId }, async () => {
      try {
        return await run(operation);
      } finally {
        // The access line of an operation that came over a socket (an HTTP request has its own).
        deps.logger.safe('info', 'socket operation', {
          requestId: operation.requestId,
          transport: operation.transport,
          durationMs: Math.round(performance.now() - startedAt),
        });
      }
    });
  };
}
