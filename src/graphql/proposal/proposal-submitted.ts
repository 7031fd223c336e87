import { type OperationRecord } from '../../ledger/index.js';
import { onlyDigits } from '../../shared/documents.js';
import { type GraphContext } from '../runtime/context.js';
import { type CreateProposalInput } from './proposal.input.js';
import { SubmittedTerms } from './proposal-submitted.type.js';

/**
 * What the ledger keeps of a creation sent through the graph (`details` of its IncluirManual record),
 * so the graph knows what the caller told it before the partner shows it. The client's document is
 * personal data: it is served only through Proposal.client (to whoever may see the proposal, as the
 * agenda's is) and never logged.
 */
export interface SubmittedDetails {
  client: { document: string; name: string | null };
  requestedAmount: string;
  installmentCount: number;
  monthlyInterestRate: string;
  contractType: string;
  firstDueDate: string | null;
}

/** The read-back details of a validated creation. */
export function submittedDetails(input: CreateProposalInput): SubmittedDetails {
  return {
    client: { document: onlyDigits(input.clientDocument), name: input.clientName?.trim() || null },
    requestedAmount: input.requestedAmount.toFixed(2),
    installmentCount: input.installments,
    monthlyInterestRate: input.monthlyInterestRate.toString(),
    contractType: input.contractType,
    firstDueDate: input.firstDueDate ?? null,
  };
}

/** A creation the ledger recorded with its details, and when it was sent. */
export interface Submitted {
  details: SubmittedDetails;
  submittedAt: Date;
}

function isSubmittedDetails(value: unknown): value is SubmittedDetails {
  const client = (value as { client?: { document?: unknown } } | null)?.client;
  return typeof client?.document === 'string';
}

/**
 * The creation of `proposalId` sent through the graph and succeeded, from the ledger (one batched
 * ledger read per request, shared with the read-back fields; no partner call); null when it was not
 * created through the graph, or before creations recorded their details.
 */
export async function submittedOf(ctx: GraphContext, proposalId: string): Promise<Submitted | null> {
  const records: readonly OperationRecord[] = await ctx.history.load(proposalId);
  const creation = records.find((r) => r.operation === 'IncluirManual' && r.state === 'succeeded' && isSubmittedDetails(r.details));
  return creation ? { details: creation.details as SubmittedDetails, submittedAt: creation.created_at } : null;
}

/** The submitted terms as a graph object. */
export function mapSubmittedTerms(submitted: Submitted): SubmittedTerms {
  const { details } = submitted;
  return Object.assign(new SubmittedTerms(), {
    submittedAt: submitted.submittedAt,
    requestedAmount: details.requestedAmount,
    installmentCount: details.installmentCount,
    monthlyInterestRate: details.monthlyInterestRate,
    contractType: details.contractType,
    firstDueDate: details.firstDueDate,
  });
}
