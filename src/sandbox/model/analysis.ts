import { Situation, type CreditAnalysis, type Proposal } from './types.js';

/** How long the simulated credit analysis of a new proposal takes on the sandbox clock, by default. */
export const DEFAULT_ANALYSIS_DELAY_MS = 10_000;
/** Largest amount the analysis approves for an individual (CPF) without a `vlrPreAprovado`. */
export const INDIVIDUAL_CREDIT_LIMIT = 100_000;
/** Largest amount the analysis approves for a company (CNPJ) without a `vlrPreAprovado`. */
export const COMPANY_CREDIT_LIMIT = 1_000_000;

/** What the analysis looks at: the amount asked, who asks, and the limit the partner pre-approved. */
export interface AnalysisInput {
  requestedAmount: number;
  personType: 1 | 2;
  /** IncluirManual `vlrPreAprovado` when sent and positive. */
  preApprovedAmount?: number;
}

/**
 * The analysis of a new proposal, decided when it is created so that the outcome depends only on
 * the request (deterministic): approved, unless the amount asked is above the client's limit
 * (`vlrPreAprovado` when the request sends one, else the limit of its person type), then rejected.
 */
export function decideAnalysis(input: AnalysisInput, createdAt: Date, delayMs: number): CreditAnalysis {
  const limit = input.preApprovedAmount ?? (input.personType === 2 ? COMPANY_CREDIT_LIMIT : INDIVIDUAL_CREDIT_LIMIT);
  const dueAt = new Date(createdAt.getTime() + delayMs);
  if (input.requestedAmount > limit) {
    return { dueAt, outcome: Situation.Rejected, reason: 'Valor solicitado acima do limite de crédito do cliente.' };
  }
  return { dueAt, outcome: Situation.Approved };
}

/** True when `proposal` is under review with an analysis that has concluded by `now`. */
export function analysisConcluded(proposal: Proposal, now: Date): boolean {
  return proposal.situation === Situation.UnderReview && proposal.analysis !== undefined && proposal.analysis.dueAt.getTime() <= now.getTime();
}
