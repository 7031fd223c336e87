/**
 * The plain-query path: a POST of a JSON `{ query, operationName?, variables?, extensions? }` whose
 * document already passed the guard and graphql-js's validation, naming a query operation, is
 * executed here with graphql-js, without Apollo Server's HTTP pipeline (its SHA-256 of every query,
 * its document store, content-type parsing, media-type negotiation per request, its request
 * context). Everything else, and every request this path cannot answer exactly as Apollo Server
 * would, goes through Apollo Server: a first request of a document, parse or validation errors,
 * persisted queries, variables that do not coerce, mutations, GET requests, federated traces, a
 * context that cannot be built, a server not started or stopping.
 *
 * What a client sees is Apollo Server's answer, byte for byte: the same plugins run, in Apollo's
 * order and with the request-context fields they read (`didResolveSource`, `didResolveOperation`,
 * `responseForOperation`, `executionDidStart`, `didEncounterErrors`, `executionDidEnd`,
 * `willSendResponse`; `willResolveField` is not run: a plugin that defines it makes every answer of
 * this path an error, so it cannot go unnoticed, and the server's own plugins define none), errors are normalized and formatted as Apollo's `normalizeAndFormatErrors` does
 * (an `extensions.http` status and headers move to the response), the body is
 * `JSON.stringify({ errors, data, extensions }) + '\n'`, and the content type is what Apollo's
 * negotiation picks for the request's `Accept` header (remembered per distinct header).
 */
import {
  type ApolloServerPlugin,
  type BaseContext,
  type GraphQLRequestContext,
  type GraphQLRequestListener,
  HeaderMap,
  type HTTPGraphQLRequest,
  type HTTPGraphQLResponse,
} from '@apollo/server';
import {
  type DocumentNode,
  execute,
  type ExecutionResult,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  specifiedRules,
  validate,
} from 'graphql';
import Negotiator from 'negotiator';
import { boundedMemo } from '../shared/memo.js';
import { checkVariables } from '../graphql/runtime/variable-bounds.js';

/** Apollo Server's media types for a single result (`MEDIA_TYPES` in @apollo/server, not exported). */
const APPLICATION_JSON = 'application/json; charset=utf-8';
const APPLICATION_GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';
const APPLICATION_JSON_GRAPHQL_CALLBACK = 'application/json; callbackSpec=1.0; charset=utf-8';
const SINGLE_RESULT_TYPES = [APPLICATION_JSON, APPLICATION_GRAPHQL_RESPONSE_JSON, APPLICATION_JSON_GRAPHQL_CALLBACK];

/** Distinct `Accept` headers whose negotiated media type is remembered; beyond this the map starts over. */
const REMEMBERED_ACCEPT_HEADERS = 200;

/** What {@link createFastPath} needs of the app. */
export interface FastPathOptions<TContext extends BaseContext> {
  schema: GraphQLSchema;
  /** The plugins the app gives Apollo Server that act per request (not the landing page, inline trace or cache control ones). */
  plugins: readonly ApolloServerPlugin<TContext>[];
  /** Apollo Server's `formatError`, the same function. */
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
  /** The document the guard passed for this query text (its parse, remembered), if any. */
  document: (query: string) => DocumentNode | undefined;
  /** Whether Apollo Server is started and not stopping (otherwise it answers, with its own error). */
  serving: () => boolean;
  /** The logger Apollo Server's plugins see on the request context. */
  logger: GraphQLRequestContext<TContext>['logger'];
}

/** The plain-query path of {@link createFastPath}. */
export interface FastPath<TContext extends BaseContext> {
  /**
   * Answers `request` as Apollo Server would, or returns undefined without doing anything (no hook
   * called, no context built) when Apollo Server must handle it.
   */
  run(request: HTTPGraphQLRequest, context: () => Promise<TContext>): Promise<HTTPGraphQLResponse | undefined>;
}

interface PlainQuery {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown> | undefined;
  extensions: Record<string, unknown> | undefined;
}

/** The plain-query path over `options.schema`. */
export function createFastPath<TContext extends BaseContext>(options: FastPathOptions<TContext>): FastPath<TContext> {
  const { schema, plugins, formatError } = options;
  // Documents whose validity against this schema is known, weakly by the guard's parsed document.
  const validity = new WeakMap<DocumentNode, boolean>();
  const negotiated = boundedMemo(REMEMBERED_ACCEPT_HEADERS, (accept: string) => new Negotiator({ headers: { accept } }).mediaType(SINGLE_RESULT_TYPES) ?? null);
  const contentTypeFor = (accept: string | undefined): string | null => (accept === undefined || accept === '' ? APPLICATION_JSON : negotiated(accept));

  const isValid = (document: DocumentNode): boolean => {
    let valid = validity.get(document);
    if (valid === undefined) {
      // graphql-js's own rules, as Apollo Server validates (the graph's shape rules ran in the guard).
      valid = validate(schema, document, specifiedRules).length === 0;
      validity.set(document, valid);
    }
    return valid;
  };

  return {
    async run(request, context) {
      const plain = plainQuery(request);
      if (plain === undefined || request.headers.has('apollo-federation-include-trace') || !options.serving()) {
        return undefined;
      }
      const contentType = contentTypeFor(request.headers.get('accept'));
      const document = contentType === null ? undefined : options.document(plain.query);
      if (contentType === null || document === undefined || !isValid(document)) {
        return undefined;
      }
      const operation = getOperationAST(document, plain.operationName);
      if (
        operation?.operation !== 'query' ||
        checkVariables(schema, document, operation, plain.variables) !== undefined ||
        !variablesCoerce(schema, operation, plain.variables)
      ) {
        return undefined;
      }
      let contextValue: TContext;
      try {
        contextValue = await context();
      } catch (_error) {
        // Apollo Server builds it again and answers its failure (with its contextCreationDidFail hooks).
        return undefined;
      }
      const head = await runOperation(schema, plugins, formatError, options.logger, plain, request, document, operation, contextValue);
      if (!head.headers.has('content-type')) {
        head.headers.set('content-type', contentType);
      }
      return head;
    },
  };
}

/** The request's query, when it is a POST of a JSON object Apollo Server would accept as is and that is not a persisted query. */
function plainQuery(request: HTTPGraphQLRequest): PlainQuery | undefined {
  if (request.method !== 'POST' || !isJsonContentType(request.headers.get('content-type'))) {
    return undefined;
  }
  const body = request.body;
  if (!isRecord(body)) {
    return undefined;
  }
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query === '') {
    return undefined;
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return undefined;
  }
  if (variables !== undefined && variables !== null && !isRecord(variables)) {
    return undefined;
  }
  if (extensions !== undefined && extensions !== null && (!isRecord(extensions) || 'persistedQuery' in extensions)) {
    return undefined;
  }
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : undefined,
    variables: isRecord(variables) ? variables : undefined,
    extensions: isRecord(extensions) ? extensions : undefined,
  };
}

/** `application/json` with at most a UTF-8 charset: a type that passes Apollo Server's CSRF prevention and that http.ts parsed. */
function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) {
    return false;
  }
  const value = header.toLowerCase().replace(/\s+/g, '');
  return value === 'application/json' || value === 'application/json;charset=utf-8';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/** Whether the request's variables coerce to the operation's definitions (otherwise Apollo Server answers its 400). */
function variablesCoerce(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): boolean {
  const definitions = operation.variableDefinitions ?? [];
  if (definitions.length === 0) {
    return true;
  }
  return getVariableValues(schema, definitions, variables ?? {}, { maxErrors: 1 }).errors === undefined;
}

/**
 * Apollo Server's `processGraphQLRequest` from the point where its document store answered, for a
 * resolved query operation: the same hooks in the same order, the same error handling.
 */
async function runOperation<TContext extends BaseContext>(
  schema: GraphQLSchema,
  plugins: readonly ApolloServerPlugin<TContext>[],
  formatError: FastPathOptions<TContext>['formatError'],
  logger: GraphQLRequestContext<TContext>['logger'],
  plain: PlainQuery,
  http: HTTPGraphQLRequest,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  contextValue: TContext,
): Promise<HTTPGraphQLResponse> {
  const response: { http: { status: number | undefined; headers: HeaderMap }; body?: unknown } = { http: { status: undefined, headers: new HeaderMap() } };
  // The fields of Apollo Server's request context that plugins read; built here because Apollo's
  // own constructor of it is internal. `cache` and `overallCachePolicy` are absent: the graph runs
  // without Apollo's cache-control plugin and its plugins read neither.
  const requestContext = {
    logger,
    schema,
    request: { query: plain.query, operationName: plain.operationName, variables: plain.variables, extensions: plain.extensions, http },
    response,
    contextValue,
    metrics: { persistedQueryHit: false, persistedQueryRegister: false },
    requestIsBatched: false,
    source: plain.query,
    document,
    operation,
    operationName: operation.name?.value ?? null,
  } as unknown as GraphQLRequestContext<TContext> & { errors?: readonly GraphQLError[] };

  const listeners = (await Promise.all(plugins.map((plugin) => plugin.requestDidStart?.(requestContext)))).filter(
    (listener): listener is GraphQLRequestListener<TContext> => listener !== undefined && listener !== null,
  );
  // One hook of every listener that has it, together (Apollo's Promise.all over the listeners, without
  // a promise per listener that lacks the hook).
  type Hook = 'didResolveSource' | 'didResolveOperation' | 'didEncounterErrors' | 'willSendResponse';
  const each = (hook: Hook): Promise<unknown> | undefined => {
    let pending: Promise<unknown>[] | undefined;
    for (const listener of listeners) {
      const run = listener[hook] as ((context: typeof requestContext) => Promise<unknown>) | undefined;
      if (run !== undefined) {
        (pending ??= []).push(run.call(listener, requestContext));
      }
    }
    return pending === undefined ? undefined : Promise.all(pending);
  };
  const format = (errors: readonly GraphQLError[]): GraphQLFormattedError[] => normalizeAndFormat(errors, formatError, response.http);

  const sendErrorResponse = async (errors: readonly GraphQLError[]): Promise<HTTPGraphQLResponse> => {
    requestContext.errors = errors;
    await each('didEncounterErrors');
    response.body = { kind: 'single', singleResult: { errors: format(errors) } };
    response.http.status ??= 500;
    await each('willSendResponse');
    return answer(response);
  };

  await each('didResolveSource');
  try {
    await each('didResolveOperation');
  } catch (error) {
    return sendErrorResponse([ensureGraphQLError(error)]);
  }
  let fromPlugin: { body: unknown; http: { status?: number; headers?: Map<string, string> } } | undefined;
  for (const listener of listeners) {
    const result = (await listener.responseForOperation?.(requestContext as never)) as typeof fromPlugin | null | undefined;
    if (result !== undefined && result !== null) {
      fromPlugin = result;
      break;
    }
  }
  if (fromPlugin !== undefined) {
    response.body = fromPlugin.body;
    mergeHead(response.http, fromPlugin.http);
  } else {
    const executionListeners = (await Promise.all(listeners.map((listener) => listener.executionDidStart?.(requestContext as never)))).filter(
      (listener) => listener !== undefined && listener !== null,
    );
    executionListeners.reverse();
    if (executionListeners.some((listener) => listener.willResolveField !== undefined)) {
      // Apollo Server instruments every resolver of the schema for this hook; this path does not.
      // Failing loudly (a masked error on every query) beats answering without the plugin's work.
      return sendErrorResponse([new GraphQLError('A plugin given to the plain-query path defines willResolveField, which it does not run.')]);
    }
    let result: ExecutionResult;
    try {
      result = await execute({ schema, document, contextValue, variableValues: plain.variables, operationName: plain.operationName });
    } catch (error) {
      const failure = error instanceof Error ? error : new GraphQLError(`Unexpected error value: ${String(error)}`);
      await Promise.all(executionListeners.map((listener) => listener.executionDidEnd?.(failure)));
      return sendErrorResponse([ensureGraphQLError(failure)]);
    }
    if (result.errors !== undefined) {
      requestContext.errors = result.errors;
      await each('didEncounterErrors');
    }
    response.body = { kind: 'single', singleResult: { ...result, errors: result.errors === undefined ? undefined : format(result.errors) } };
    await Promise.all(executionListeners.map((listener) => listener.executionDidEnd?.()));
  }
  await each('willSendResponse');
  return answer(response);
}

/** The HTTP response of a finished request context, as Apollo Server's `runHttpQuery` writes a single result. */
function answer(response: { http: { status: number | undefined; headers: HeaderMap }; body?: unknown }): HTTPGraphQLResponse {
  const body = response.body as { kind: 'single'; singleResult: { errors?: unknown; data?: unknown; extensions?: unknown } };
  const { errors, data, extensions } = body.singleResult;
  return {
    ...(response.http.status === undefined ? {} : { status: response.http.status }),
    headers: response.http.headers,
    body: { kind: 'complete', string: `${JSON.stringify({ errors, data, extensions })}\n` },
  };
}

/**
 * Apollo Server's `normalizeAndFormatErrors`: each error as a GraphQLError with a code
 * (INTERNAL_SERVER_ERROR when it has none), its `extensions.http` moved to the response, then
 * `formatError`; a formatter that throws yields the masked error.
 */
function normalizeAndFormat(
  errors: readonly GraphQLError[],
  formatError: FastPathOptions<BaseContext>['formatError'],
  head: { status: number | undefined; headers: HeaderMap },
): GraphQLFormattedError[] {
  return errors.map((error) => {
    try {
      const graphqlError = ensureGraphQLError(error);
      const extensions: Record<string, unknown> = { ...graphqlError.extensions, code: graphqlError.extensions['code'] ?? 'INTERNAL_SERVER_ERROR' };
      const http = extensions['http'];
      if (isHead(http)) {
        mergeHead(head, http);
        delete extensions['http'];
      }
      return formatError({ ...graphqlError.toJSON(), extensions }, error);
    } catch (_formattingError) {
      return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    }
  });
}

function isHead(value: unknown): value is { status?: number; headers?: Map<string, string> } {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  return (!('status' in value) || typeof value.status === 'number') && (!('headers' in value) || value.headers instanceof Map);
}

function mergeHead(target: { status: number | undefined; headers: HeaderMap }, source: { status?: number; headers?: Map<string, string> }): void {
  if (source.status) {
    target.status = source.status;
  }
  for (const [name, value] of source.headers ?? []) {
    target.headers.set(name, value);
  }
}

function ensureGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) {
    return error;
  }
  const cause = error instanceof Error ? error : new GraphQLError(`Unexpected error value: ${String(error)}`);
  return cause instanceof GraphQLError ? cause : new GraphQLError(cause.message, { originalError: cause });
}
