import { createHash } from 'node:crypto';
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import { type AccessOutcome, type Attempt, LedgerUnavailableError, type OperationRecord, writeOnce } from '../../ledger/index.js';
import {
  type CallOptions,
  IDEMPOTENCY_KEY_REUSED,
  isIdempotencyKeyReused,
  isUpstreamError,
  observedMeaningOf,
  type OperationName,
  type Parametro,
  UpstreamAuthError,
  UpstreamCircuitOpenError,
  UpstreamEnvelopeError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamUnavailableError,
} from '../../upstream/index.js';
import { type GraphContext } from './context.js';
import { catalogueCode, idempotencyKeyInUse, outcomeUnknown, toGraphQLError } from './errors.js';
import { type WriteOperation } from '../../shared/partner-operations.js';
import { type FieldPaths, graphFieldPath } from '../common/field-paths.js';
import { IdempotencyKeyReusedError, requestFingerprint } from './idempotency.js';
import { UpstreamParameter } from '../common/parameter.type.js';
import { type PartnerReads, probeFamily, probeFor } from './in-doubt.js';
import { selectedFields } from './selection.js';
import { userError, type UserError, UserErrorCode } from '../common/user-error.type.js';
import { type MutationDeclaration } from './partner-writes.js';
import { validateInput } from '../common/validation.js';
import { noteWriteApplied } from './write-answer.js';

/** Description of every mutation's idempotencyKey argument. */
export const IDEMPOTENCY_KEY_DESCRIPTION =
  'Every mutation takes an idempotencyKey: your key for that write (e.g. a UUID; 1 to 255 characters). The graph records the write under it before calling the partner, in its ledger shared by every replica: repeating the mutation with the same key and the same input, as the same caller, answers the first result without a second call, even after a restart or on another replica; while the first is still running a repeat waits for it (or gets IDEMPOTENCY_KEY_IN_USE). The same key with a different input is refused with userError IDEMPOTENCY_KEY_REUSED and nothing is sent. When the answer of a write was lost (OUTCOME_UNKNOWN), retry with the same key: the graph finds out at the partner whether it happened before sending anything again. The partner never sees your key: it gets one derived from it (its IdempotencyKey header).';

/**
 * The short description of one mutation's `idempotencyKey` argument; the full rules are said once,
 * on the Mutation type ({@link IDEMPOTENCY_KEY_DESCRIPTION}).
 */
export function idempotencyKeyDescription(mutation: string): string {
  return `Your key for this ${mutation} (1 to 255 characters, e.g. a UUID): retry with the same key and the same input and the first result comes back, with no second write. How keys work: the description of the Mutation type. Upstream: IdempotencyKey header (derived from it).`;
}

/** Longest accepted `idempotencyKey` (Stripe's limit). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * The upstream IdempotencyKey for a client's `idempotencyKey`: a UUID-shaped SHA-256 of the
 * operation, the caller and the client's key. The same mutation repeated with the same key by the
 * same caller sends the same upstream key (so the partner cannot apply it twice); different callers
 * or operations never share one.
 */
export function deriveIdempotencyKey(operation: string, callerId: string, clientKey: string): string {
  const hex = createHash('sha256').update(`credit-graph/v1\n${operation}\n${callerId}\n${clientKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The operation code a created proposal gets when the caller gives none: derived from the caller
 * and its key, so a create whose answer was lost can be found at the partner
 * (FGTS/ConsultaProposta by CodigoOperacao) instead of being sent a second time.
 */
export function derivedOperationCode(callerId: string, clientKey: string): string {
  return `cg-${createHash('sha256').update(`credit-graph/operation-code/v1\n${callerId}\n${clientKey}`).digest('hex').slice(0, 32)}`;
}

/** A write's outcome: its answer, or the business failures to report as user errors. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false; userErrors: UserError[] };

const GENERIC_REJECTION = 'The credit partner rejected the operation.';

/** The user error of an idempotency key reused with a different request. */
export function keyReusedUserError(): UserError {
  return userError(
    UserErrorCode.IDEMPOTENCY_KEY_REUSED,
    new IdempotencyKeyReusedError().message,
    ['idempotencyKey'],
    catalogueCode(IDEMPOTENCY_KEY_REUSED.code, IDEMPOTENCY_KEY_REUSED.detail),
  );
}

/**
 * The user errors of an upstream rejection: catalogue code, English meaning (the contract's, else
 * the observed one, never the partner's free text) and the graph input path of the field the
 * partner names (`fieldPaths`: the rejected operation's table, declared with its mutation).
 * I0001/V0001 (IdempotencyKey reused with another request) is IDEMPOTENCY_KEY_REUSED, as when the
 * graph catches it first.
 */
export function rejectionUserErrors(error: UpstreamEnvelopeError, fieldPaths: FieldPaths = {}): UserError[] {
  const code =
    error instanceof UpstreamNotFoundError
      ? UserErrorCode.NOT_FOUND
      : error instanceof UpstreamForbiddenError
        ? UserErrorCode.FORBIDDEN
        : UserErrorCode.REJECTED;
  if (error.items.length === 0) {
    return [userError(code, GENERIC_REJECTION, null, null)];
  }
  return error.items.map((item) => {
    if (isIdempotencyKeyReused(item)) {
      return keyReusedUserError();
    }
    const meaning = item.meaning ?? observedMeaningOf(item.code, item.detail) ?? GENERIC_REJECTION;
    return userError(code, meaning, graphFieldPath(fieldPaths, item.field), catalogueCode(item.code, item.detail) || null);
  });
}

/** The field paths the mutation declares for the operation it sends. */
function fieldPathsOf(options: Pick<WriteOptions<unknown>, 'operation' | 'mutation'>): FieldPaths | undefined {
  return options.mutation.writes[options.operation as WriteOperation]?.fieldPaths;
}

/** The answer to a write on a proposal the caller may not change: the same as for an unknown one. */
export function proposalNotFoundUserError(): UserError {
  return userError(UserErrorCode.NOT_FOUND, 'The credit partner does not know this proposal.', ['input', 'proposalId'], null);
}

/** Options of `runWrite`. */
export interface WriteOptions<T> {
  /** Upstream operation name (part of the derived key and of the request fingerprint). */
  operation: string;
  /** The mutation's declaration (`<noun>.errors.ts`): where `operation`'s rejected fields land in its input. */
  mutation: MutationDeclaration;
  /**
   * The upstream request body the write sends. Its fingerprint is recorded with the key, so the
   * same key with another request is refused instead of answered with the first request's result.
   */
  request: unknown;
  /** The client's idempotency key. */
  idempotencyKey: string;
  /** The proposal written to: only its owner (or a caller with proposals.all) may write; its loaders are cleared afterwards. */
  proposalId?: string;
  /** What in-doubt resolution needs to find this write at the partner (default: its probe family's `describe` of the request; graphql/probes.ts). */
  probe?: unknown;
  /** What read-back serves after success (no file content, no secrets). */
  details?: unknown;
  /** The input fields sent, for the access record (names only); default: the request's top-level names. */
  fields?: readonly string[];
  /** For a write that creates a proposal: which one, from its answer (it then belongs to the caller). */
  creates?: (value: T) => { proposalId: string; number: number | null; operationCode: string | null } | undefined;
}

/** Whether an upstream failure proves the write never took effect at the partner (else it is in doubt). */
export function provenNotApplied(error: unknown): boolean {
  const attempts = isUpstreamError(error) ? error.attempts : undefined;
  if (attempts !== undefined && attempts.unanswered > 0) {
    // An earlier attempt (under the same key) went unanswered: a later 5xx or 429 says nothing about it.
    return false;
  }
  if (attempts?.sent === 0) {
    // Nothing left this process (a wait for a slot or a token ended by the deadline).
    return true;
  }
  if (error instanceof UpstreamRateLimitedError || error instanceof UpstreamAuthError || error instanceof UpstreamCircuitOpenError) {
    // Refused by our limiter, by a 429, by authentication or by the open circuit: the partner did not process it.
    return true;
  }
  // A 5xx answer: the partner says it failed. A reset, a deadline or a closed client prove nothing.
  return error instanceof UpstreamUnavailableError && error.status !== undefined;
}

export { type DrainResult, WritesInFlight } from './writes-in-flight.js';

/**
 * Runs one upstream write exactly once per caller and key: refuses a proposal the caller may not
 * change (before any call), records the write in the ledger before sending it (ledger/write.ts),
 * answers repeats from the ledger, turns envelope rejections into user errors (replayed to
 * repeats), transport and auth failures into GraphQL errors, a lost answer into OUTCOME_UNKNOWN,
 * and clears the proposal's loaders whatever happened.
 */
export async function runWrite<T>(ctx: GraphContext, options: WriteOptions<NoInfer<T>>, write: (call: CallOptions) => Promise<T>): Promise<WriteOutcome<T>> {
  const subject = await writeSubject(ctx, options);
  let outcome: AccessOutcome = 'failed';
  try {
    const result = await checkedWrite(ctx, options, write);
    outcome = result.ok ? 'succeeded' : result.userErrors.some((e) => REFUSED_BY_GRAPH.has(e.code)) ? 'refused' : 'rejected';
    return result;
  } catch (error) {
    outcome = error instanceof GraphQLError && error.extensions.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'failed';
    throw error;
  } finally {
    const fields = options.fields ?? (options.request !== null && typeof options.request === 'object' ? Object.keys(options.request) : []);
    ctx.audit.wrote(options.operation, fields, options.proposalId ?? null, subject, outcome);
  }
}

/** User error codes of writes the graph refused itself, before anything was recorded or sent. */
const REFUSED_BY_GRAPH: ReadonlySet<string> = new Set([UserErrorCode.INVALID_INPUT, UserErrorCode.NOT_FOUND]);

/**
 * Whose data a write concerns, for its access record: the client of a creation (its read-back
 * details), else the client the ledger recorded when the proposal was created through the graph.
 * Null when unknown; a ledger that fails here leaves the subject out, never the write.
 */
async function writeSubject(ctx: GraphContext, options: { details?: unknown; proposalId?: string }): Promise<string | null> {
  const own = clientDocument(options.details);
  if (own !== null || options.proposalId === undefined) {
    return own;
  }
  const records = await ctx.history.load(options.proposalId).catch(() => []);
  const creation = records.find((r) => r.operation === 'IncluirManual' && r.state === 'succeeded');
  return creation === undefined ? null : clientDocument(creation.details);
}

function clientDocument(details: unknown): string | null {
  const document = (details as { client?: { document?: unknown } } | null | undefined)?.client?.document;
  return typeof document === 'string' ? document : null;
}

/** {@link runWrite}'s checks and the write itself. */
async function checkedWrite<T>(ctx: GraphContext, options: WriteOptions<NoInfer<T>>, write: (call: CallOptions) => Promise<T>): Promise<WriteOutcome<T>> {
  const key = options.idempotencyKey;
  if (key.trim() === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return {
      ok: false,
      userErrors: [
        userError(
          UserErrorCode.INVALID_INPUT,
          `idempotencyKey must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
          ['idempotencyKey'],
          null,
          'idempotencyKeyLength',
        ),
      ],
    };
  }
  if (options.proposalId !== undefined && !(await ctx.ownership.mayAccess(options.proposalId))) {
    return { ok: false, userErrors: [proposalNotFoundUserError()] };
  }
  const inFlight = ctx.writesInFlight;
  try {
    return await (inFlight === undefined ? sendWrite(ctx, options, write, () => undefined) : inFlight.track((hold) => sendWrite(ctx, options, write, hold)));
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** {@link runWrite} past its checks: the ledger's exactly-once write, `hold` told of the record sent. */
async function sendWrite<T>(
  ctx: GraphContext,
  options: WriteOptions<NoInfer<T>>,
  write: (call: CallOptions) => Promise<T>,
  hold: (record: OperationRecord) => void,
): Promise<WriteOutcome<T>> {
  const key = options.idempotencyKey;
  const { creates } = options;
  /** Set once the write may have reached the partner: from then on a ledger failure leaves it in doubt, never "not sent". */
  let sent = false;
  /** The proposal a successful write changed (or created), told to its live subscribers once the cache forgot it. */
  let changed: { proposalId: string; created: boolean } | undefined;
  const family = probeFamily(ctx.probes, options.operation);
  // In-doubt writes are decided on what the partner shows now: past the shared read cache.
  const partner: PartnerReads = { upstream: ctx.uncached, ledger: ctx.ledger, caller: ctx.callerId };
  const prepare = family?.prepare;
  try {
    const result = await writeOnce(
      ctx.ledger,
      {
        callerId: ctx.callerId,
        idempotencyKey: key,
        operation: options.operation,
        requestHash: requestFingerprint(options.operation, options.request),
        upstreamKey: deriveIdempotencyKey(options.operation, ctx.callerId, key),
        proposalId: options.proposalId ?? null,
        probe: options.probe ?? family?.describe?.(options.request),
        details: options.details,
      },
      {
        ...ctx.writes,
        probe: probeFor(ctx.probes, options.operation, partner),
        ...(prepare === undefined
          ? {}
          : {
              prepare: (record) => {
                hold(record);
                return prepare.call(family, partner, record.probe);
              },
            }),
        send: async (record): Promise<Attempt> => {
          hold(record);
          sent = true;
          try {
            const value = await write({ idempotencyKey: record.upstream_key });
            const created = creates?.(value);
            return created === undefined
              ? { state: 'succeeded', outcome: value }
              : {
                  state: 'succeeded',
                  outcome: value,
                  proposalId: created.proposalId,
                  createdProposal: { number: created.number, operationCode: created.operationCode },
                };
          } catch (error) {
            if (error instanceof UpstreamEnvelopeError) {
              return { state: 'rejected', outcome: rejectionUserErrors(error, fieldPathsOf(options)) };
            }
            return provenNotApplied(error) ? { state: 'failed', error } : { state: 'unknown', error };
          }
        },
      },
    ).catch((error: unknown) => {
      // Every failure writeOnce lets through is the ledger's (send failures are classified above).
      // Once sent, the partner may have applied it: in doubt (a retry resolves it), never "nothing was sent".
      throw sent ? outcomeUnknown(options.operation) : new LedgerUnavailableError('the operations ledger failed', { cause: error });
    });
    switch (result.kind) {
      case 'succeeded': {
        noteWriteApplied(ctx);
        const created = creates?.(result.outcome as T);
        const proposalId = options.proposalId ?? created?.proposalId;
        changed = proposalId === undefined ? undefined : { proposalId, created: created !== undefined };
        return { ok: true, value: result.outcome as T };
      }
      case 'rejected':
        return { ok: false, userErrors: (result.outcome as UserError[]).map((e) => userError(e.code, e.message, e.field, e.upstreamCode)) };
      case 'reused':
        return { ok: false, userErrors: [keyReusedUserError()] };
      case 'in_use':
        throw idempotencyKeyInUse();
      case 'unknown':
        throw outcomeUnknown(options.operation);
      case 'failed':
        throw toGraphQLError(result.error);
      default: {
        const never: never = result;
        throw new Error(`unexpected write result ${JSON.stringify(never)}`);
      }
    }
  } catch (error) {
    throw toGraphQLError(error);
  } finally {
    if (options.proposalId !== undefined) {
      // Before the payload is read: the shared cache forgets what this write touched.
      await ctx.reads.invalidateProposal(options.proposalId, options.operation as OperationName);
      ctx.loaders.clearProposal(options.proposalId);
      ctx.history.clear(options.proposalId);
    }
    if (changed !== undefined) {
      ctx.live?.written({ ...changed, callerId: ctx.callerId, operation: options.operation });
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
  options: Omit<WriteOptions<NoInfer<T>>, 'request' | 'details'> & { request: () => R; details?: (request: R) => unknown },
  write: (request: R, call: CallOptions) => Promise<T>,
): Promise<WriteOutcome<T>> {
  const invalid = await validateInput(input);
  const fields = Object.keys(input).sort();
  if (invalid.length > 0) {
    ctx.audit.wrote(options.operation, fields, options.proposalId ?? null, null, 'refused');
    return { ok: false, userErrors: invalid };
  }
  // The request (and the read-back details) are built only from a valid input (the mappers assume one).
  const request = options.request();
  const { details, ...rest } = options;
  return runWrite(ctx, { fields, ...rest, request, ...(details === undefined ? {} : { details: details(request) }) }, (call) => write(request, call));
}

/** Maps the `parametros` a write answers with. */
export function mapParameters(items: readonly Parametro[] | null | undefined): UpstreamParameter[] {
  return (items ?? []).map((p) => Object.assign(new UpstreamParameter(), { name: p.nome ?? '', value: p.valor ?? null }));
}

/** Whether `field` is selected on the payload. */
export function payloadSelects(info: GraphQLResolveInfo, payloadType: string, field: string): boolean {
  return selectedFields(info, info.fieldNodes, payloadType).has(field);
}
