/**
 * The 18 upstream operations as the client sends them: path, which base address serves them, whether
 * they write, and the envelope spelling. Derived from the one declaration of every partner operation
 * (src/shared/partner-operations.ts; docs/partner/contract.md, "Operations").
 */
import { PARTNER_OPERATIONS } from '../shared/partner-operations.js';

export interface OperationSpec {
  /** Path as the contract names it. */
  readonly path: string;
  /** `environment` only for CancelarProposta, served from its own address. */
  readonly base: 'base' | 'environment';
  /** Everything that is not Consulta*, Consultar* or Calcular*. Writes retry only with the same IdempotencyKey. */
  readonly write: boolean;
  /** PascalCase envelope (/FGTS/). */
  readonly pascal: boolean;
  /** The response's `json` string field is parsed. */
  readonly parsesJson: boolean;
}

/** An operation's upstream name, e.g. `ConsultarParcelas`. */
export type OperationName = keyof typeof PARTNER_OPERATIONS;

/** Every operation by its upstream name. */
export const OPERATIONS: Readonly<Record<OperationName, OperationSpec>> = Object.freeze(
  Object.fromEntries(
    Object.entries(PARTNER_OPERATIONS).map(([name, { path, base, write, pascal, parsesJson }]) => [name, { path, base, write, pascal, parsesJson }]),
  ) as Record<OperationName, OperationSpec>,
);

/** Every operation name, in the declaration's order (the reads, then the writes). */
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
