/**
 * What the live transports check of an operation before it runs: the same document guard as HTTP
 * requests, the same token limit on the parse, the operation picked as Apollo Server picks it, and
 * graphql-js validation of a subscription; each refusal a typed GraphQL error.
 */
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { type DocumentNode, getOperationAST, GraphQLError, type GraphQLSchema, type OperationTypeNode, parse, validate } from 'graphql';
import { type LiveErrorCode } from '../../shared/error-codes.js';
import { type DocumentGuard } from '../guard.js';
import { type Caller } from '../types.js';

/** A document ready to run, or the errors refusing it; `operation` when it could be told. */
export type Prepared = { document: DocumentNode; operation: OperationTypeNode } | { errors: GraphQLError[]; operation?: OperationTypeNode | undefined };

/** A refusal with its `extensions.code`. */
export function refused(message: string, code: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** The error a stream ends with, and a new operation is refused with, once the connection's token expired. */
export function tokenExpired(): GraphQLError {
  return refused('The token this connection was opened with has expired; connect again with a fresh one.', 'TOKEN_EXPIRED' satisfies LiveErrorCode);
}

/** Whether `caller`'s credentials have expired. */
export function expired(caller: Caller | undefined): boolean {
  return caller?.expiresAt !== undefined && caller.expiresAt <= Date.now();
}

/** The document of an operation, through `guard` and a parse bounded by `maxTokens`, or its refusal. */
export function prepareDocument(guard: DocumentGuard, maxTokens: number, query: unknown, operationName: string | null | undefined): Prepared {
  if (typeof query !== 'string') {
    return { errors: [refused('An operation needs a query.', 'BAD_REQUEST')] };
  }
  const inspected = guard.document(query);
  if (inspected !== undefined && !('kind' in inspected)) {
    const { code, ...extensions } = inspected.error.extensions ?? {};
    return {
      errors: [refused(inspected.error.message, String(code ?? 'BAD_REQUEST'), extensions)],
      operation: inspected.operationType as OperationTypeNode | undefined,
    };
  }
  let document: DocumentNode;
  try {
    // The guard answers undefined when the document does not parse within the token limit: the same parse says why.
    document = inspected ?? parse(query, { maxTokens });
  } catch (error) {
    return { errors: [refused(error instanceof GraphQLError ? error.message : 'Syntax error.', ApolloServerErrorCode.GRAPHQL_PARSE_FAILED)] };
  }
  const operation = getOperationAST(document, operationName ?? undefined);
  if (operation === null || operation === undefined) {
    return {
      errors: [refused('The document has no operation of that name, or several and no name was given.', ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE)],
    };
  }
  return { document, operation: operation.operation };
}

/** graphql-js validation of a subscription, each error GRAPHQL_VALIDATION_FAILED (queries and mutations are validated by Apollo Server). */
export function validateSubscription(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  return validate(schema, document).map(
    (error) => new GraphQLError(error.message, { nodes: error.nodes, extensions: { code: ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED } }),
  );
}
