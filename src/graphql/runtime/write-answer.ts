import { GraphQLError, type GraphQLFieldResolver } from 'graphql';
import { type GraphErrorCode } from '../../shared/error-codes.js';

/** Writes that succeeded (sent and answered, or found applied, or replayed) during each request, by its context. */
const applied = new WeakMap<object, number>();

/** Tells the request `ctx` that one of its writes took effect at the partner. */
export function noteWriteApplied(ctx: object): void {
  applied.set(ctx, (applied.get(ctx) ?? 0) + 1);
}

/**
 * A mutation's resolver whose failure after its write took effect answers that truth instead of the
 * failure: a payload read (the proposal, the paid installments) that timed out must not tell the
 * client that a payment which was applied and recorded failed, or it retries with a new key and pays
 * twice. The answer is OUTCOME_UNKNOWN (the code on which clients retry with the same key) with
 * `applied: true`: the retry replays the recorded success from the ledger and reads the payload
 * again, with no second write.
 */
export function answeringAppliedWrites<TSource, TContext extends object, TArgs>(
  resolve: GraphQLFieldResolver<TSource, TContext, TArgs>,
): GraphQLFieldResolver<TSource, TContext, TArgs> {
  return async (source, args, ctx, info) => {
    const before = applied.get(ctx) ?? 0;
    try {
      return (await resolve(source, args, ctx, info)) as unknown;
    } catch (error) {
      // Mutation fields run one after another: a write applied since this one started is its own.
      if ((applied.get(ctx) ?? 0) > before) {
        throw writeAppliedAnswerLost(info.fieldName);
      }
      throw error;
    }
  };
}

/** The write took effect and is recorded; its payload could not be read. */
export function writeAppliedAnswerLost(mutation: string): GraphQLError {
  return new GraphQLError(
    `The ${mutation} write was applied and recorded, but reading its result failed; retry with the same idempotencyKey (never a new one) to get it, with no second write.`,
    { extensions: { code: 'OUTCOME_UNKNOWN' satisfies GraphErrorCode, retryable: true, applied: true } },
  );
}
