/**
 * Every operation of the credit partner, declared once (docs/partner/contract.md, "Operations"):
 * where it is served, whether it writes, how its envelope is spelled, and either how long its
 * answer may be shared (a read) or which reads it makes obsolete (a write). The client's operation
 * table (upstream/operations.ts), the read policies' names and defaults (shared/settings.ts,
 * upstream/freshness.ts) and the invalidation (upstream/freshness.ts) are derived from it. Pure
 * data, so config/ may read it too.
 */

/** The freshness of one read operation (all in seconds). */
export interface ReadPolicy {
  /** Served from the cache without asking the partner. */
  freshSeconds: number;
  /** Past freshness: still served at once while ONE background read refreshes it. */
  staleWhileRevalidateSeconds: number;
  /**
   * Past freshness: served, marked stale, when the partner read fails with a 5xx, a timeout or the
   * rate limit (stale-if-error). Bounds how old an answer may ever be served.
   */
  maxStaleSeconds: number;
}

/** Reads of one proposal's living state: seconds. */
const PROPOSAL_STATE: ReadPolicy = { freshSeconds: 5, staleWhileRevalidateSeconds: 30, maxStaleSeconds: 300 };
/** Person, bureau and registration look-ups: rarely change, may be billed: hours. */
const REGISTRY: ReadPolicy = { freshSeconds: 3600, staleWhileRevalidateSeconds: 3600, maxStaleSeconds: 86_400 };
/** A pure calculation of the partner's (the same input gives the same answer, until its rates change). */
const CALCULATION: ReadPolicy = { freshSeconds: 600, staleWhileRevalidateSeconds: 600, maxStaleSeconds: 3600 };

interface Common {
  /** Path as the contract names it. */
  readonly path: string;
  /** `environment` only for CancelarProposta, served from its own address. */
  readonly base: 'base' | 'environment';
  /** PascalCase envelope (/FGTS/). */
  readonly pascal: boolean;
  /** The response's `json` string field is parsed. */
  readonly parsesJson: boolean;
}

/** A read (Consulta*, Consultar*, Calcular*): its default freshness in the shared read cache. */
export interface PartnerRead extends Common {
  readonly write: false;
  readonly policy: ReadPolicy;
}

/** A write (everything else; it retries only with the same IdempotencyKey): the reads of the proposal it names that it makes obsolete. */
export interface PartnerWrite<R extends string = string> extends Common {
  readonly write: true;
  readonly touches: readonly R[];
}

const COMMON: Common = { path: '', base: 'base', pascal: false, parsesJson: false };

function read(path: string, policy: ReadPolicy, extra: Partial<Common> = {}): PartnerRead {
  return { ...COMMON, path, write: false, policy, ...extra };
}

/** The reads first: a write names the reads it touches, and the type keeps those names honest. */
const READS = {
  ConsultaProposta: read('/FGTS/ConsultaProposta', PROPOSAL_STATE, { pascal: true }),
  ConsultarParcelas: read('/Proposta/ConsultarParcelas', PROPOSAL_STATE),
  ConsultarDetalhes: read('/AgendaRecebivel/ConsultarDetalhes', PROPOSAL_STATE),
  ConsultarBoletos: read('/AgendaRecebivel/ConsultarBoletos', PROPOSAL_STATE),
  CalcularValoresProposta: read('/Proposta/CalcularValoresProposta', CALCULATION),
  ConsultarPessoa: read('/Pessoa/ConsultarPessoa', REGISTRY, { parsesJson: true }),
  ConsultarCadastroBusca: read('/Bureau/ConsultarCadastroBusca', REGISTRY, { parsesJson: true }),
  ConsultaBureauCnpj: read('/Bureau/ConsultaBureauCnpj', REGISTRY, { parsesJson: true }),
} as const satisfies Record<string, PartnerRead>;

/** The operations that only read. */
export type ReadOperation = keyof typeof READS;

function write(path: string, touches: readonly ReadOperation[], extra: Partial<Common> = {}): PartnerWrite<ReadOperation> {
  return { ...COMMON, path, write: true, touches, ...extra };
}

/** What a payment entry or a boleto touches: the agenda (balances, entries, boletos, Pix), the installments (paid amounts, digitable line) and the boleto list. */
const AGENDA: readonly ReadOperation[] = ['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos'];

const WRITES = {
  // Signatures, documents and guarantors may move the proposal's situation.
  IncluirAssinaturaCCB: write('/Proposta/IncluirAssinaturaCCB', ['ConsultaProposta']),
  IncluirAssinaturaCCBFinalizada: write('/Proposta/IncluirAssinaturaCCBFinalizada', ['ConsultaProposta']),
  IncluirDocumento: write('/Proposta/IncluirDocumento', ['ConsultaProposta']),
  CancelarProposta: write('/FGTS/CancelarProposta', ['ConsultaProposta', 'ConsultarParcelas', 'ConsultarDetalhes', 'ConsultarBoletos'], {
    base: 'environment',
    pascal: true,
  }),
  // A new proposal: only look-ups by operation code can have seen it (as "not found").
  IncluirManual: write('/Proposta/IncluirManual', []),
  IncluirAvalista: write('/Proposta/IncluirAvalista', ['ConsultaProposta']),
  IncluirLancamentoParcela: write('/AgendaRecebivel/IncluirLancamentoParcela', AGENDA),
  IncluirLancamentoMultiplasParcelas: write('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', AGENDA),
  GerarMultiplosBoletos: write('/AgendaRecebivel/GerarMultiplosBoletos', AGENDA),
  GerarUnicoBoleto: write('/AgendaRecebivel/GerarUnicoBoleto', AGENDA),
} as const satisfies Record<string, PartnerWrite<ReadOperation>>;

/** The operations that write. */
export type WriteOperation = keyof typeof WRITES;

/** Every partner operation by its name: the one declaration the tables of the client, the cache and the settings come from. */
export const PARTNER_OPERATIONS: Readonly<Record<ReadOperation, PartnerRead> & Record<WriteOperation, PartnerWrite<ReadOperation>>> = Object.freeze({
  ...READS,
  ...WRITES,
});

/** The operations that only read, by name: what READ_CACHE_POLICIES may name. */
export const READ_OPERATIONS: readonly ReadOperation[] = Object.freeze(Object.keys(READS) as ReadOperation[]);

/** The operations that write, by name. */
export const WRITE_OPERATIONS: readonly WriteOperation[] = Object.freeze(Object.keys(WRITES) as WriteOperation[]);
