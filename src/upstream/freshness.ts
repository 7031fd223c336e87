/**
 * How long a partner answer may be served from the read cache, per operation, and which reads each
 * write makes obsolete.
 */
import { type OperationName, OPERATIONS } from './operations.js';

// The policies' shape and the read operations' names are settings (src/shared/settings.ts): config/
// reads the operator's overrides (READ_CACHE_POLICIES) against them; the defaults live here.
import { type ReadOperation, type ReadPolicy } from '../shared/settings.js';
export { type ReadOperation, type ReadPolicy };

/** Reads of one proposal's living state: seconds. */
const PROPOSAL_STATE: ReadPolicy = { freshSeconds: 5, staleWhileRevalidateSeconds: 30, maxStaleSeconds: 300 };
/** Person, bureau and registration look-ups: rarely change, may be billed: hours. */
const REGISTRY: ReadPolicy = { freshSeconds: 3600, staleWhileRevalidateSeconds: 3600, maxStaleSeconds: 86_400 };

/** The freshness of each read unless the operator overrides it (docs/partner-calls.md, "Sharing partner calls"). */
export const DEFAULT_READ_POLICIES: Readonly<Record<ReadOperation, ReadPolicy>> = Object.freeze({
  ConsultaProposta: PROPOSAL_STATE,
  ConsultarParcelas: PROPOSAL_STATE,
  ConsultarDetalhes: PROPOSAL_STATE,
  ConsultarBoletos: PROPOSAL_STATE,
  // A pure calculation of the partner's (the same input gives the same answer, until its rates change).
  CalcularValoresProposta: { freshSeconds: 600, staleWhileRevalidateSeconds: 600, maxStaleSeconds: 3600 },
  ConsultarPessoa: REGISTRY,
  ConsultarCadastroBusca: REGISTRY,
  ConsultaBureauCnpj: REGISTRY,
});

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
export const WRITE_TOUCHES: Readonly<Record<Exclude<OperationName, ReadOperation>, readonly ReadOperation[]>> = Object.freeze({
  // A payment entry: the agenda (balances, entries), the installments (paid amounts) and the boletos it settles.
  IncluirLancamentoParcela: ['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos'],
  IncluirLancamentoMultiplasParcelas: ['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos'],
  // A boleto: the boleto list, the agenda (boletos, Pix) and the installments (digitable line, "nosso número").
  GerarUnicoBoleto: ['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos'],
  GerarMultiplosBoletos: ['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos'],
  // Signatures, documents and guarantors may move the proposal's situation.
  IncluirAssinaturaCCB: ['ConsultaProposta'],
  IncluirAssinaturaCCBFinalizada: ['ConsultaProposta'],
  IncluirDocumento: ['ConsultaProposta'],
  IncluirAvalista: ['ConsultaProposta'],
  CancelarProposta: ['ConsultaProposta', 'ConsultarParcelas', 'ConsultarDetalhes', 'ConsultarBoletos'],
  // A new proposal: only look-ups by operation code can have seen it (as "not found").
  IncluirManual: [],
});

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
export function writeTags(operation: Exclude<OperationName, ReadOperation>, body: unknown, proposalId = proposalIdOf(body)): string[] {
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
