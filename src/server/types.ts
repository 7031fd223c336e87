/**
 * The types the server's files share (the app, the routes, the subscription transports): kept apart
 * so that none of those files imports another for a type alone.
 */
import { type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { type ExecutionArgs, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import { CALLER_SCOPES } from '../config/index.js';
import { type LiveStats } from '../graphql/live/watches.js';

export { ANONYMOUS_CALLER } from '../shared/callers.js';

/** Every scope: what the anonymous caller of an unauthenticated (development) graph holds. */
export const ALL_SCOPES: readonly string[] = CALLER_SCOPES;

/** An authenticated caller. */
export interface Caller {
  callerId: string;
  scopes: readonly string[];
  /** When its credentials stop being valid (a JWT's `exp`, epoch ms); absent for API keys. */
  expiresAt?: number;
}

/** What the app tells the graph about one request. */
export interface GraphRequest {
  /** The authenticated caller. */
  callerId: string;
  /** The caller's scopes (proposals.all, registry.read, federation); none when absent. */
  scopes?: readonly string[];
  /**
   * The client asked for fresh data (`Cache-Control: no-cache` on the GraphQL request): no answer
   * of the shared read cache is served to this request.
   */
  fresh: boolean;
  /** The request's `Accept-Language` header (the language of userErrors messages), when sent. */
  acceptLanguage?: string | undefined;
  /**
   * The request's id: the caller's well-formed `x-fapi-interaction-id` or `x-request-id`, else
   * generated; echoed on the answer. The app always sets it; absent (a context built outside the
   * app, e.g. a tool), the graph generates one.
   */
  requestId?: string;
  /** Why the caller asks: its `x-purpose` header (printable, at most 200 characters), kept on the access record. */
  purpose?: string;
}

/** What the graph gives the subscription transports. */
export interface LiveGraph {
  /** graphql/live's subscribe (a fresh context per event). */
  subscribe(args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult>;
  /** Ends the watches (after the transports closed their streams). */
  close(): Promise<void>;
  /** The watches' counters (polls, claims lost to other replicas...). */
  stats(): LiveStats;
}

/** What the app serves: a schema, a per-request context factory and the error codes the graph owns. */
export interface GraphBinding<TContext extends BaseContext = BaseContext> {
  schema: GraphQLSchema;
  /** Called once per HTTP request with the authenticated caller: loaders live here, never shared between requests. */
  context: (request: GraphRequest) => Promise<TContext>;
  /** The graph's own Apollo Server plugins (e.g. `extensions.cost`). */
  plugins?: readonly ApolloServerPlugin<TContext>[];
  /** Called once when the app stops, after Apollo Server (e.g. to close shared cache connections). */
  close?: () => Promise<void>;
  /**
   * Query-shape rules (e.g. depth and alias limits) checked by the document guard before Apollo
   * Server parses and validates the document (graphql's own validation has rules that grow with the
   * square of the fields). Their errors reach the client with their own `extensions.code` (Apollo
   * Server's `validationRules` would recode them all GRAPHQL_VALIDATION_FAILED) and the HTTP status
   * of `extensions.http` (default 400).
   */
  validationRules?: readonly ValidationRule[];
  /** `extensions.code` values the graph puts on errors meant for clients; anything else is masked. */
  errorCodes: Iterable<string>;
  /** The graph's mapping of a thrown error to the error a client sees (e.g. upstream errors to coded GraphQLErrors). */
  normalizeError?: (error: unknown) => unknown;
  /** Subscriptions (graphql/live): served over graphql-ws and graphql-sse (server/live.ts) when present. */
  subscriptions?: LiveGraph;
}
