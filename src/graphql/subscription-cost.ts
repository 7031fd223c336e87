/** A subscription's cost at subscribe time, as a query's (graphql/cost.ts). */
import { type ExecutionArgs, type GraphQLError, type OperationDefinitionNode } from 'graphql';
import { type CallerBudgets } from '../upstream/index.js';
import { estimateOperation } from './cost.js';
import { type GraphContext } from './runtime/context.js';
import { throttledError } from './throttled.js';

/**
 * The cost analysis of a subscription at subscribe time, as the cost plugin's for a query: one
 * event's estimate taken from the caller's budget, or THROTTLED when the budget does not hold it
 * (a failing budget store refuses nothing).
 */
export function subscriptionAdmission(
  budgets: CallerBudgets,
): (args: ExecutionArgs, operation: OperationDefinitionNode, ctx: GraphContext) => Promise<GraphQLError | undefined> {
  return async (args, operation, ctx) => {
    const estimated = estimateOperation(args.schema, args.document, operation, args.variableValues ?? undefined);
    const admission = await budgets.admit(ctx.callerId, estimated).catch(() => undefined);
    return admission === undefined || admission.admitted ? undefined : throttledError(ctx.locale, estimated, admission.status);
  };
}
