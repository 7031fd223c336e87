/**
 * The 18 upstream operations: path, which base address serves them, whether they write, and the
 * envelope spelling (docs/partner/contract.md, "Operations").
 */

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

function op(path: string, write: boolean, extra: Partial<OperationSpec> = {}): OperationSpec {
  return { path, base: 'base', write, pascal: false, parsesJson: false, ...extra };
}

/** Every operation by its upstream name. */
export const OPERATIONS = {
  IncluirAssinaturaCCB: op('/Proposta/IncluirAssinaturaCCB', true),
  IncluirAssinaturaCCBFinalizada: op('/Proposta/IncluirAssinaturaCCBFinalizada', true),
  IncluirDocumento: op('/Proposta/IncluirDocumento', true),
  CancelarProposta: op('/FGTS/CancelarProposta', true, { base: 'environment', pascal: true }),
  ConsultaProposta: op('/FGTS/ConsultaProposta', false, { pascal: true }),
  IncluirManual: op('/Proposta/IncluirManual', true),
  IncluirAvalista: op('/Proposta/IncluirAvalista', true),
  ConsultarParcelas: op('/Proposta/ConsultarParcelas', false),
  CalcularValoresProposta: op('/Proposta/CalcularValoresProposta', false),
  IncluirLancamentoParcela: op('/AgendaRecebivel/IncluirLancamentoParcela', true),
  IncluirLancamentoMultiplasParcelas: op('/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', true),
  ConsultarDetalhes: op('/AgendaRecebivel/ConsultarDetalhes', false),
  ConsultarBoletos: op('/AgendaRecebivel/ConsultarBoletos', false),
  GerarMultiplosBoletos: op('/AgendaRecebivel/GerarMultiplosBoletos', true),
  GerarUnicoBoleto: op('/AgendaRecebivel/GerarUnicoBoleto', true),
  ConsultarPessoa: op('/Pessoa/ConsultarPessoa', false, { parsesJson: true }),
  ConsultarCadastroBusca: op('/Bureau/ConsultarCadastroBusca', false, { parsesJson: true }),
  ConsultaBureauCnpj: op('/Bureau/ConsultaBureauCnpj', false, { parsesJson: true }),
} as const satisfies Record<string, OperationSpec>;

/** An operation's upstream name, e.g. `ConsultarParcelas`. */
export type OperationName = keyof typeof OPERATIONS;

/** Every operation name, in the contract's order. */
export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
