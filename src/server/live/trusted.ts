/**
 * The trusted documents gate (server/trusted-documents-gate.ts) over the live transports: the same
 * manifest, modes, router exemption and codes as HTTP requests. A graphql-ws `subscribe` payload or
 * a graphql-sse request names its document by `documentId` or `extensions.persistedQuery.sha256Hash`
 * (with an empty `query`, which both protocols require), or sends its text.
 */
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type GraphQLError, type OperationTypeNode } from 'graphql';
import { refuse } from '../front-door.js';
import { type TrustedDocumentGate } from '../trusted-documents-gate.js';
import { refused } from './documents.js';

/** A graphql-ws operation's text, its id resolved, or the refusal (`extensions.code` as over HTTP). */
export function trustedQuery(
  gate: TrustedDocumentGate,
  payload: object,
  scopes: readonly string[],
): { query: string } | { errors: GraphQLError[]; operation?: OperationTypeNode } {
  const decision = gate.decideOperation(payload as Record<string, unknown>, scopes);
  return decision.kind === 'run' ? { query: decision.query } : { errors: [refused(decision.message, decision.code)] };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Decides a graphql-sse request before graphql-sse reads it: a document by id is written into the
 * request (the POST body's `query`, or the GET URL's), so the handler runs it as if its text had
 * been sent. A refusal is answered here (400, in the HTTP refusal's JSON form, as graphql-sse refuses a request).
 */
export function trustSseRequest(gate: TrustedDocumentGate, request: FastifyRequest, reply: FastifyReply, scopes: readonly string[]): 'refused' | undefined {
  const get = request.method === 'GET';
  const fields = get ? request.query : request.body;
  if (!isRecord(fields)) {
    // Not a GraphQL request: graphql-sse answers it.
    return undefined;
  }
  const decision = gate.decideOperation(fields, scopes);
  if (decision.kind === 'refuse') {
    refuse(request, reply, 400, decision.code, decision.message);
    return 'refused';
  }
  if (decision.query === fields.query) {
    return undefined;
  }
  if (!get) {
    fields.query = decision.query;
    delete fields.documentId;
    return undefined;
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && name !== 'documentId') {
      search.set(name, value);
    }
  }
  search.set('query', decision.query);
  const path = request.raw.url ?? '';
  request.raw.url = `${path.split('?')[0] ?? ''}?${search.toString()}`;
  return undefined;
}
