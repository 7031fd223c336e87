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

/**
 * Decides a GraphQL over SSE request whose operation `fields` carry (its POST body or GET parameters,
 * already read as an object): `query` is the text a document's id stands for, undefined when the
 * request sends its own; `'refused'` once the refusal is answered (400, in the HTTP refusal's JSON form).
 */
export function trustSseRequest(
  gate: TrustedDocumentGate,
  fields: Record<string, unknown>,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
): { query: string | undefined } | 'refused' {
  const decision = gate.decideOperation(fields, scopes);
  if (decision.kind === 'refuse') {
    refuse(request, reply, 400, decision.code, decision.message);
    return 'refused';
  }
  return { query: decision.query === fields.query ? undefined : decision.query };
}
