/** Codes of the ledger's own failures. */
export type LedgerErrorCode = 'LEDGER_UNAVAILABLE';

/** The ledger's database cannot be reached, opened or migrated: no write is sent without a record. */
export class LedgerUnavailableError extends Error {
  readonly code: LedgerErrorCode = 'LEDGER_UNAVAILABLE';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LedgerUnavailableError';
  }
}
