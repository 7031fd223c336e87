import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { type OperationRecord } from '../../ledger/index.js';
import { nodeId } from '../common/node.js';
import { type GraphContext } from '../runtime/context.js';
import { OperationState, ProposalOperation } from './proposal-history.type.js';
import { Proposal } from './proposal.type.js';

const STATES: Record<OperationRecord['state'], OperationState> = {
  in_progress: OperationState.IN_PROGRESS,
  succeeded: OperationState.SUCCEEDED,
  rejected: OperationState.REJECTED,
  failed: OperationState.FAILED,
  unknown: OperationState.UNKNOWN,
};

/** The succeeded writes of `operations` that recorded read-back details, oldest first (the read-back fields of each noun). */
export function succeeded(records: readonly OperationRecord[], operations: readonly string[]): OperationRecord[] {
  return records.filter((r) => r.state === 'succeeded' && r.details !== null && operations.includes(r.operation));
}

/**
 * `Proposal.operations`: every write made through the graph, from the ledger (one batched ledger read
 * per request, no partner call); the nouns' own read-back fields (guarantors, signers, documents) are
 * resolved in their folders from the same read. A write whose outcome is not known yet
 * (in progress, unknown) is not read back until it is found to have succeeded.
 */
@Resolver((_of) => Proposal)
export class ProposalHistoryResolver {
  @FieldResolver((_returns) => [ProposalOperation], {
    description:
      "Every write made through the graph on this proposal (its creation included), oldest first, with its state. idempotencyKey is shown only on the caller's own writes. Read from the graph's ledger: no partner call. Upstream: none (ledger).",
  })
  async operations(@Root() proposal: Proposal, @Ctx() ctx: GraphContext): Promise<ProposalOperation[]> {
    const records = await ctx.history.load(proposal.id);
    return records.map((r) =>
      Object.assign(new ProposalOperation(), {
        id: nodeId('ProposalOperation', proposal.id, r.id),
        operation: r.operation,
        state: STATES[r.state],
        callerId: r.caller_id,
        requestedAt: r.created_at,
        finishedAt: r.finished_at,
        attempts: r.attempts,
        idempotencyKey: r.caller_id === ctx.callerId ? r.idempotency_key : null,
      }),
    );
  }
}
