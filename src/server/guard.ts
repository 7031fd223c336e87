/**
 * The document guard: cheap checks of a GraphQL document before Apollo Server parses and validates
 * it, so a hostile document costs milliseconds and never stalls other requests.
 *
 * - Size, before anything reads the text: more than `maxQueryBytes` UTF-8 bytes is refused with
 *   QUERY_TOO_LARGE (a 14 MB comment or block string is never lexed), then one lexing pass, stopped
 *   at `maxTokens`, refuses a token (comment, string, block string, name, number) longer than
 *   `maxTokenLength` characters with TOKEN_TOO_LONG.
 * - Tokens: graphql-js `parse(..., { maxTokens })` stops lexing at the limit (Apollo Server gets the
 *   same `parseOptions`, so its own parse is bounded too and reports GRAPHQL_PARSE_FAILED).
 * - Introspection, where it is off: a document selecting `__schema` or `__type` is refused with
 *   INTROSPECTION_DISABLED (Apollo Server's own rule would answer GRAPHQL_VALIDATION_FAILED).
 * - Directives: at most `maxDirectives` in the document (TOO_MANY_DIRECTIVES).
 * - The graph's shape rules (selections after fragment expansion, depth, introspection depth
 *   included, and aliases) walk the document, each fragment once,
 *   before graphql-js's own validation, some of whose rules grow with the square of the fields.
 * - Subscriptions: the graph has none; a subscription is refused with SUBSCRIPTIONS_NOT_SUPPORTED
 *   (HTTP 400) instead of reaching execution.
 *
 * A document that passed is remembered by its text (a bounded map), so a repeated query costs one
 * look-up.
 */
import Negotiator from 'negotiator';
import {
  type DocumentNode,
  getOperationAST,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  Kind,
  Lexer,
  parse,
  Source,
  type Token,
  TokenKind,
  validate,
  type ValidationRule,
  visit,
  BREAK,
} from 'graphql';

import { ApolloServerValidationErrorCode } from '@apollo/server/errors';
import { type GuardErrorCode } from '../shared/error-codes.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../shared/settings.js';
export { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits };

/** A refused request: the HTTP status and the one error of the response. */
export interface GuardRefusal {
  status: number;
  error: GraphQLFormattedError;
  /** The operation's name, when the document names one (for metrics and logs). */
  operationName: string | undefined;
  /** The operation's type, when it could be told. */
  operationType: string | undefined;
}

/** Checks requests before Apollo Server sees them. */
export interface DocumentGuard {
  /** A refusal, or undefined to let Apollo Server handle the request (also when the request is not readable here). */
  check(request: GraphQLHttpRequest): GuardRefusal | undefined;
  /**
   * The same checks of a document alone (the subscription transports): the parsed document, a
   * refusal, or undefined when it does not parse (the caller reports the syntax error).
   */
  document(query: string): DocumentNode | GuardRefusal | undefined;
  /** The parsed document of a query text that passed (remembered), without checking anything: undefined when it is not remembered. */
  passed(query: string): DocumentNode | undefined;
  /** Whether a request that passed {@link check} runs a mutation (read from the remembered document: no parse). */
  isMutation(request: GraphQLHttpRequest): boolean;
}

/** Documents remembered as passed; beyond this the map starts over (a flood of distinct documents costs a full check each). */
const REMEMBERED_DOCUMENTS = 1000;
/** Longer documents are checked every time rather than kept as map keys. */
const REMEMBERED_MAX_LENGTH = 20_000;

/** Options of {@link createDocumentGuard}. */
export interface DocumentGuardOptions {
  /** Whether introspection is served (config GRAPHQL_INTROSPECTION); when false, it is refused with INTROSPECTION_DISABLED. Default true. */
  introspection?: boolean;
}

/** Refuses `__schema` and `__type` with INTROSPECTION_DISABLED, HTTP 400 (`__typename` stays allowed). */
const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(
        new GraphQLError('Introspection is off on this graph; use the committed schema/schema.graphql.', {
          nodes: [node],
          extensions: { code: ApolloServerValidationErrorCode.INTROSPECTION_DISABLED, http: { status: 400 } },
        }),
      );
    }
  },
});

/** A guard for documents against `schema`, with the graph's shape `rules` and `limits`. */
export function createDocumentGuard(
  schema: GraphQLSchema,
  graphRules: readonly ValidationRule[],
  limits: DocumentLimits,
  options: DocumentGuardOptions = {},
): DocumentGuard {
  const passed = new Map<string, DocumentNode>();
  const rules = options.introspection === false ? [noIntrospectionRule, ...graphRules] : graphRules;

  const inspect = (query: string): DocumentNode | GuardRefusal | undefined => {
    const known = passed.get(query);
    if (known !== undefined) {
      return known;
    }
    const oversized = checkSize(query, limits);
    if (oversized !== undefined) {
      return oversized;
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.maxTokens });
    } catch (_error) {
      // Apollo Server parses with the same maxTokens and answers GRAPHQL_PARSE_FAILED with the location.
      return undefined;
    }
    const directives = countDirectives(document, limits.maxDirectives);
    if (directives > limits.maxDirectives) {
      return refusal(
        new GraphQLError(`The document has more than ${limits.maxDirectives} directives; the graph accepts at most ${limits.maxDirectives}.`, {
          extensions: { code: 'TOO_MANY_DIRECTIVES' satisfies GuardErrorCode, maxDirectives: limits.maxDirectives },
        }),
        undefined,
      );
    }
    if (rules.length > 0) {
      const [first] = validate(schema, document, rules);
      if (first !== undefined) {
        return refusal(first, undefined);
      }
    }
    if (query.length <= REMEMBERED_MAX_LENGTH) {
      if (passed.size >= REMEMBERED_DOCUMENTS) {
        passed.clear();
      }
      passed.set(query, document);
    }
    return document;
  };

  return {
    document: inspect,
    passed: (query) => passed.get(query),
    isMutation(request) {
      const { query, operationName } = readOperation(request);
      const document = query === undefined ? undefined : passed.get(query);
      return document !== undefined && getOperationAST(document, operationName)?.operation === 'mutation';
    },
    check(request) {
      const { query, operationName } = readOperation(request);
      if (query === undefined) {
        return undefined;
      }
      const inspected = inspect(query);
      if (inspected === undefined || !('kind' in inspected)) {
        return inspected;
      }
      const operation = getOperationAST(inspected, operationName);
      if (operation?.operation === 'subscription') {
        return refusal(
          new GraphQLError('The graph serves queries and mutations; subscriptions are not supported.', {
            extensions: { code: 'SUBSCRIPTIONS_NOT_SUPPORTED' satisfies GuardErrorCode },
          }),
          operation.name?.value,
          'subscription',
        );
      }
      return undefined;
    },
  };
}

/** What the guard reads of a GraphQL HTTP request: a GET's query string (fastify's parsed `query`) or a POST's parsed body. */
export interface GraphQLHttpRequest {
  method: string;
  query: unknown;
  body: unknown;
}

/** The query text and operation name of a POST JSON body or of a GET query string. */
function readOperation(request: GraphQLHttpRequest): { query: string | undefined; operationName: string | undefined } {
  if (request.method === 'GET') {
    const params = (typeof request.query === 'object' && request.query !== null ? request.query : {}) as { query?: unknown; operationName?: unknown };
    return {
      query: typeof params.query === 'string' ? params.query : undefined,
      operationName: typeof params.operationName === 'string' ? params.operationName : undefined,
    };
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { query: undefined, operationName: undefined };
  }
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  return {
    query: typeof query === 'string' ? query : undefined,
    operationName: typeof operationName === 'string' ? operationName : undefined,
  };
}

/**
 * QUERY_TOO_LARGE or TOKEN_TOO_LONG, or undefined. The length check reads no character: a string
 * longer than `maxQueryBytes` UTF-16 units has at least as many UTF-8 bytes. The lexing pass stops
 * after `maxTokens` tokens (parse refuses more) and at the first syntax error (parse reports it).
 */
function checkSize(query: string, limits: DocumentLimits): GuardRefusal | undefined {
  if (query.length > limits.maxQueryBytes || Buffer.byteLength(query, 'utf8') > limits.maxQueryBytes) {
    return refusal(
      new GraphQLError(
        `The query text is longer than ${limits.maxQueryBytes} bytes; the graph reads at most ${limits.maxQueryBytes}. Send large values as variables.`,
        {
          extensions: { code: 'QUERY_TOO_LARGE' satisfies GuardErrorCode, maxQueryBytes: limits.maxQueryBytes },
        },
      ),
      undefined,
    );
  }
  const tooLong = (token: Token): boolean => token.end - token.start > limits.maxTokenLength;
  const lexer = new Lexer(new Source(query));
  try {
    for (let tokens = 0; tokens <= limits.maxTokens; tokens += 1) {
      const token = lexer.advance();
      // Comments are skipped by advance() but stay linked before the token they precede.
      let long = tooLong(token);
      for (let comment = token.prev; !long && comment !== null && comment.kind === TokenKind.COMMENT; comment = comment.prev) {
        long = tooLong(comment);
      }
      if (long) {
        return refusal(
          new GraphQLError(
            `The document has a token (a comment, string or name) longer than ${limits.maxTokenLength} characters; the graph reads at most ${limits.maxTokenLength}. Send large values as variables.`,
            {
              extensions: { code: 'TOKEN_TOO_LONG' satisfies GuardErrorCode, maxTokenLength: limits.maxTokenLength },
            },
          ),
          undefined,
        );
      }
      if (token.kind === TokenKind.EOF) {
        break;
      }
    }
  } catch (_error) {
    // A syntax error: parse reports it, with its location (GRAPHQL_PARSE_FAILED).
  }
  return undefined;
}

/** Directives of the document, counting stops one past `max`. */
function countDirectives(document: DocumentNode, max: number): number {
  let count = 0;
  visit(document, {
    [Kind.DIRECTIVE]() {
      count += 1;
      return count > max ? BREAK : undefined;
    },
  });
  return count;
}

function refusal(error: GraphQLError, operationName: string | undefined, operationType?: string): GuardRefusal {
  const { http, ...extensions } = error.extensions as { http?: { status?: number } } & Record<string, unknown>;
  const formatted = error.toJSON();
  return {
    status: http?.status ?? 400,
    error: { message: formatted.message, ...(formatted.locations === undefined ? {} : { locations: formatted.locations }), extensions },
    operationName,
    operationType,
  };
}

/** The GraphQL-over-HTTP media type of a response, as Apollo Server writes it. */
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json; charset=utf-8';
/** The legacy media type of a GraphQL response, the default. */
export const APPLICATION_JSON = 'application/json; charset=utf-8';

/** In this order: equal preferences (and no Accept header) choose the first, as Apollo Server's own negotiation does. */
const REFUSAL_MEDIA_TYPES = ['application/json', 'application/graphql-response+json'];

/**
 * The media type of an answer to a request refused before GraphQL runs (by the front door or this
 * guard), negotiated as Apollo Server negotiates its own answers: `application/graphql-response+json`
 * when `accept` prefers it to `application/json`, so a client such as Apollo Client's HttpLink reads
 * the `errors` of a 4xx as GraphQL errors with their `extensions.code`; `application/json` otherwise,
 * also without an Accept header or when it accepts neither (the GraphQL over HTTP spec's legacy
 * default). Statuses are the same for both (4xx/5xx: the answer has no `data`).
 */
export function refusalContentType(accept: string | null | undefined): string {
  if (!accept) {
    return APPLICATION_JSON;
  }
  const chosen = new Negotiator({ headers: { accept } }).mediaType(REFUSAL_MEDIA_TYPES);
  return chosen === 'application/graphql-response+json' ? GRAPHQL_RESPONSE_JSON : APPLICATION_JSON;
}
