/**
 * How long a partner answer may be served from the read cache, per operation, and which reads each
 * write makes obsolete.
 */
import { PARTNER_OPERATIONS, READ_OPERATIONS, WRITE_OPERATIONS, type WriteOperation } from '../shared/partner-operations.js';
import { type OperationName, OPERATIONS } from './operations.js';

// The policies' shape and the read operations' names are settings (src/shared/settings.ts): config/
// reads the operator's overrides (READ_CACHE_POLICIES) against them. The defaults and what each
// write touches are declared with each operation (src/shared/partner-operations.ts).
import { type ReadOperation, type ReadPolicy } from '../shared/settings.js';
export { type ReadOperation, type ReadPolicy };

/** The freshness of each read unless the operator overrides it (docs/partner-calls.md, "Sharing partner calls"). */
export const DEFAULT_READ_POLICIES: Readonly<Record<ReadOperation, ReadPolicy>> = Object.freeze(
  Object.fromEntries(READ_OPERATIONS.map((operation) => [operation, PARTNER_OPERATIONS[operation].policy])) as Record<ReadOperation, ReadPolicy>,
);

/**
 * The policies in force: each operation's default with the operator's override (any of its fields)
 * laid over it.
 */
export function readPoliciesWith(overrides: Partial<Record<ReadOperation, Partial<ReadPolicy>>> = {}): Record<ReadOperation, ReadPolicy> {
  const policies = { ...DEFAULT_READ_POLICIES } as Record<ReadOperation, ReadPolicy>;
  for (const [operation, override] of Object.entries(overrides) as Array<[ReadOperation, Partial<ReadPolicy>]>) {
    policies[operation] = { ...policies[operation], ...override };
  }
  return policies;
}

/** Whether `operation` only reads (Consulta*, Consultar*, Calcular*). */
export function isReadOperation(operation: OperationName): operation is ReadOperation {
  return !OPERATIONS[operation].write;
}

/** The proposal reads a write makes obsolete ("exactly what it touched"). */
export const WRITE_TOUCHES: Readonly<Record<WriteOperation, readonly ReadOperation[]>> = Object.freeze(
  Object.fromEntries(WRITE_OPERATIONS.map((operation) => [operation, PARTNER_OPERATIONS[operation].touches])) as Record<
    WriteOperation,
    readonly ReadOperation[]
  >,
);

/** Tag of every look-up by operation code (the partner's answer names no proposal before it is read). */
export const BY_OPERATION_CODE_TAG = 'by-operation-code';

/** The tag of one proposal's reads of one operation. */
export function proposalTag(proposalId: string, operation: ReadOperation): string {
  return `p:${proposalId}:${operation}`;
}

/** The proposal UUID a request body names (`dto.codigoProposta`, `dto.CodigoProposta` or `CodigoProposta`). */
export function proposalIdOf(body: unknown): string | undefined {
  const record = body as { dto?: Record<string, unknown>; CodigoProposta?: unknown } | null;
  const candidates = [record?.dto?.codigoProposta, record?.dto?.CodigoProposta, record?.CodigoProposta];
  const found = candidates.find((c) => typeof c === 'string' && c !== '');
  return found as string | undefined;
}

/** The tags of one read: its proposal's tag for this operation, or the operation-code tag. */
export function readTags(operation: ReadOperation, body: unknown): string[] {
  const id = proposalIdOf(body);
  if (id !== undefined) {
    return [proposalTag(id, operation)];
  }
  const record = body as { dto?: Record<string, unknown> } | null;
  if (typeof record?.dto?.CodigoOperacao === 'string' || typeof record?.dto?.codigoOperacao === 'string') {
    return [BY_OPERATION_CODE_TAG];
  }
  return [];
}

/**
 * The tags a write makes obsolete: the reads it touched of the proposal it names; when it names
 * none (a write by operation code or number alone), everything, since what it touched is unknown.
 */
export function writeTags(operation: WriteOperation, body: unknown, proposalId = proposalIdOf(body)): string[] {
  const touched = WRITE_TOUCHES[operation];
  const byCode = touched.includes('ConsultaProposta') || operation === 'IncluirManual' ? [BY_OPERATION_CODE_TAG] : [];
  if (operation === 'IncluirManual') {
    return byCode;
  }
  if (proposalId === undefined) {
    return ['all'];
  }
  return [...touched.map((read) => proposalTag(proposalId, read)), ...byCode];
}
