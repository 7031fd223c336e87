import { createHash } from 'node:crypto';
import { type GraphQLResolveInfo } from 'graphql';
import {
  type CallOptions,
  isCatalogueCode,
  observedMeaningOf,
  type OperationName,
  type Parametro,
  UpstreamEnvelopeError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
} from '../../upstream/index.js';
import { type GraphContext } from '../context.js';
import { catalogueCode, toGraphQLError } from '../errors.js';
import { type ProposalIdentity } from '../proposal/proposal.mapper.js';
import { resolveProposal } from '../proposal/proposal.reference.js';
import { type Proposal } from '../proposal/proposal.type.js';
import { graphFieldPath } from './field-paths.js';
import { IdempotencyKeyReusedError, requestFingerprint } from './idempotency.js';
import { UpstreamParameter } from './parameter.type.js';
import { selectedFields } from './selection.js';
import { userError, type UserError, UserErrorCode } from './user-error.type.js';
import { validateInput } from './validation.js';

/** Description of every mutation's idempotencyKey argument. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Your key for this mutation (e.g. a UUID). Repeating the mutation with the same key and the same input, as the same caller, answers the first result and sends the partner the same derived IdempotencyKey, so nothing is created or paid twice. The same key with a different input is refused with userError IDEMPOTENCY_KEY_REUSED and nothing is sent. Upstream: IdempotencyKey header (derived from your key, never sent as is).';

/**
 * The upstream IdempotencyKey for a client's `idempotencyKey`: a UUID-shaped SHA-256 of the
 * operation, the caller and the client's key. The same mutation repeated with the same key by the
 * same caller sends the same upstream key (so the partner cannot apply it twice); different callers
 * or operations never share one. Without a client key there is nothing to derive and the upstream
 * client generates a fresh key (reused across its own retries).
 */
export function deriveIdempotencyKey(operation: string, callerId: string, clientKey: string | null | undefined): string | undefined {
  if (clientKey === null || clientKey === undefined || clientKey === '') {
    return undefined;
  }
  const hex = createHash('sha256').update(`credit-graph/v1\n${operation}\n${callerId}\n${clientKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A write's outcome: its answer, or the business failures to report as user errors. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; userErrors: UserError[] };

const GENERIC_REJECTION = 'The credit partner rejected the operation.';

/** The partner's answer to a reused IdempotencyKey with another request (HTTP 409). */
const KEY_REUSED = { code: 'I0001', detail: 'V0001' };

/** The user error of an idempotency key reused with a different request. */
export function keyReusedUserError(): UserError {
  return userError(UserErrorCode.IDEMPOTENCY_KEY_REUSED, new IdempotencyKeyReusedError().message, ['idempotencyKey'], `${KEY_REUSED.code}/${KEY_REUSED.detail}`);
}

/**
 * The user errors of an upstream rejection: catalogue code, English meaning (the contract's, else
 * the observed one, never the partner's free text) and the graph input path of the field the
 * partner names (common/field-paths.ts, by the rejected operation). I0001/V0001 (IdempotencyKey
 * reused with another request, e.g. after a restart emptied the graph's own store) is
 * IDEMPOTENCY_KEY_REUSED, as when the graph catches it first.
 */
export function rejectionUserErrors(error: UpstreamEnvelopeError): UserError[] {
  const code =
    error instanceof UpstreamNotFoundError
      ? UserErrorCode.NOT_FOUND
      : error instanceof UpstreamForbiddenError
        ? UserErrorCode.FORBIDDEN
        : UserErrorCode.REJECTED;
  if (error.items.length === 0) {
    return [userError(code, GENERIC_REJECTION, null, null)];
  }
  return error.items.map(item => {
    if (isCatalogueCode(item, KEY_REUSED.code, KEY_REUSED.detail)) {
      return keyReusedUserError();
    }
    const meaning = item.meaning ?? observedMeaningOf(item.code, item.detail) ?? GENERIC_REJECTION;
    return userError(code, meaning, graphFieldPath(error.operation, item.field), catalogueCode(item.code, item.detail) || null);
  });
}

/** Options of `runWrite`. */
export interface WriteOptions {
  /** Upstream operation name (part of the derived key and of the request fingerprint). */
  operation: string;
  /**
   * The upstream request body the write sends. Its fingerprint is remembered with the key, so the
   * same key with another request is refused instead of answered with the first request's result.
   */
  request: unknown;
  /** The client's idempotency key, if any. */
  idempotencyKey?: string | null;
  /** The proposal written to: its loaders are cleared afterwards so later reads are fresh. */
  proposalId?: string;
}

/**
 * Runs one upstream write: derives the IdempotencyKey (and answers a repeat of the same request
 * from the idempotency store without writing again; refuses the key reused for another request
 * without any call), turns envelope rejections into user errors,
 * turns transport and auth failures into GraphQL errors (errors.ts), and clears the proposal's
 * loaders whatever happened (a timed-out write may still have been applied).
 */
export async function runWrite<T>(ctx: GraphContext, options: WriteOptions, write: (call: CallOptions) => Promise<T>): Promise<WriteOutcome<T>> {
  const idempotencyKey = deriveIdempotencyKey(options.operation, ctx.callerId, options.idempotencyKey);
  try {
    const value =
      idempotencyKey === undefined
        ? await write({})
        : await ctx.idempotency.once(idempotencyKey, requestFingerprint(options.operation, options.request), () => write({ idempotencyKey }));
    return { ok: true, value };
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) {
      return { ok: false, userErrors: [keyReusedUserError()] };
    }
    if (error instanceof UpstreamEnvelopeError) {
      return { ok: false, userErrors: rejectionUserErrors(error) };
    }
    throw toGraphQLError(error);
  } finally {
    if (options.proposalId !== undefined) {
      // Before the payload is read: the shared cache forgets what this write touched.
      await ctx.reads.invalidateProposal(options.proposalId, options.operation as OperationName);
      ctx.loaders.clearProposal(options.proposalId);
    }
  }
}

/**
 * A mutation's write: `input` validated first (class-validator, with the upstream catalogue's codes),
 * an invalid input answered as user errors without any upstream call; then `runWrite`.
 */
export async function validatedWrite<T, R>(
  ctx: GraphContext,
  input: object,
  options: Omit<WriteOptions, 'request'> & { request: () => R },
  write: (request: R, call: CallOptions) => Promise<T>,
): Promise<WriteOutcome<T>> {
  const invalid = await validateInput(input);
  if (invalid.length > 0) {
    return { ok: false, userErrors: invalid };
  }
  // The request is built only from a valid input (the mappers assume one).
  const request = options.request();
  return runWrite(ctx, { ...options, request }, call => write(request, call));
}

/** Maps the `parametros` a write answers with. */
export function mapParameters(items: readonly Parametro[] | null | undefined): UpstreamParameter[] {
  return (items ?? []).map(p => Object.assign(new UpstreamParameter(), { name: p.nome ?? '', value: p.valor ?? null }));
}

/**
 * The `proposal` of a mutation payload, read fresh after the write with exactly the reads its
 * selection needs (nothing when `proposal` is not selected).
 */
export async function payloadProposal(
  ctx: GraphContext,
  identity: ProposalIdentity,
  info: GraphQLResolveInfo,
  payloadType: string,
): Promise<Proposal | null> {
  const nodes = selectedFields(info, info.fieldNodes, payloadType).get('proposal');
  if (!nodes) {
    return null;
  }
  // The write just named this proposal: existence needs no confirming read.
  return resolveProposal(ctx, identity, info, selectedFields(info, nodes, 'Proposal'), { known: true });
}

/** Whether `field` is selected on the payload. */
export function payloadSelects(info: GraphQLResolveInfo, payloadType: string, field: string): boolean {
  return selectedFields(info, info.fieldNodes, payloadType).has(field);
}
