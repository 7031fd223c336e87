/**
 * IOF on credit operations (Imposto sobre Operações Financeiras), as configuration.
 *
 * Source: Decreto nº 6.306/2007 (Regulamento do IOF), art. 7, inciso I (daily rates for individual
 * and legal-entity borrowers, the period counted in days and capped at 365) and § 15 (the flat
 * additional rate on the operation's value), in the wording of Decreto nº 12.499 of 11 June 2025,
 * which revoked Decretos nº 12.466 and 12.467 of May 2025 and is in force since its publication:
 * - individuals (PF): 0.0082 % a day plus 0.38 % flat (unchanged by the 2025 decrees);
 * - legal entities (PJ): 0.0082 % a day (doubled from 0.0041 % by Decreto 12.466, effective
 *   1 June 2025, kept by Decreto 12.499) plus 0.38 % flat (Decreto 12.466 had raised it to 0.95 %;
 *   Decreto 12.499 brought it back to 0.38 %);
 * - PJ under Simples Nacional (and MEI) in operations up to R$ 30,000: 0.00274 % a day plus 0.38 %.
 *   The sandbox has no tax-regime input, so it applies the general PJ rate; the Simples rate is kept
 *   here for completeness.
 *
 * Rates are fractions (0.000082 = 0.0082 %). Change them here, not in the calculation.
 */
export interface IofRates {
  /** Daily rate applied to each amortized amount for each day until its due date. */
  daily: string;
  /** Flat additional rate applied once to the principal. */
  additional: string;
  /** Days beyond which the daily rate stops accruing. */
  maxDays: number;
}

/** Rates by tipoPessoa: 1 individual (PF), 2 legal entity (PJ). */
export const IOF_RATES: Readonly<Record<1 | 2, IofRates>> = {
  1: { daily: '0.000082', additional: '0.0038', maxDays: 365 },
  2: { daily: '0.000082', additional: '0.0038', maxDays: 365 },
};

/** PJ under Simples Nacional / MEI, operations up to R$ 30,000 (not selectable through the contract's inputs). */
export const IOF_RATES_SIMPLES_NACIONAL: Readonly<IofRates> = { daily: '0.0000274', additional: '0.0038', maxDays: 365 };

/** Where the rates come from, for documentation and the OpenAPI description. */
export const IOF_SOURCE = 'Decreto 6.306/2007 art. 7, I and § 15, as amended by Decreto 12.499/2025 (which replaced Decretos 12.466/2025 and 12.467/2025)';
