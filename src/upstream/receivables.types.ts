/**
 * Request and response types of the receivables agenda operations (payment entries, details,
 * boletos).
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type AgendaLocator, type DateTimeString, type Envelope, type EnvelopeWithParametros, type Parametro } from './envelope.types.js';

// ---------------------------------------------------------------------------------------------
// 10.-15. Receivables agenda
// ---------------------------------------------------------------------------------------------

export interface DtoLancamentoParcela {
  dtPagamento?: DateTimeString;
  vlrPagamento?: number;
  vlrDesconto?: number;
  permiteDescapitalizacao?: boolean;
  descricaoLancamento?: string;
}

export interface IncluirLancamentoParcelaRequest {
  dto?: AgendaLocator & { nroParcela?: number };
  dtoLancamentoParcela?: DtoLancamentoParcela;
  parametros?: Parametro[];
}
export type IncluirLancamentoParcelaResponse = EnvelopeWithParametros;

export interface IncluirLancamentoMultiplasParcelasRequest {
  dto?: AgendaLocator;
  dtoLancamentoParcelas?: Array<DtoLancamentoParcela & { nroParcela?: number }>;
  parametros?: Parametro[];
}
export type IncluirLancamentoMultiplasParcelasResponse = EnvelopeWithParametros;

export interface ConsultarDetalhesRequest {
  dto?: AgendaLocator & { nroParcelas?: number[] };
  dtoConsultaDetalhes?: { trazerBoleto?: boolean; trazerAgendaDetalhada?: boolean };
}

export interface QrCode {
  emv?: string | null;
  /** PNG, base64. */
  imagem?: string | null;
}

export interface AgendaBoleto {
  numeroBoleto?: number | null;
  liquidacao?: boolean | null;
  dtCredito?: DateTimeString | null;
  dtExpiracao?: DateTimeString | null;
  linhaDigitavel?: string | null;
  operacaoBoletoRegistro?: number | null;
  situacaoBoletoRegistro?: number | null;
  descricaoBoletoRegistro?: string | null;
  urlImpressao?: string | null;
  qrCode?: QrCode | null;
}

export interface AgendaPix {
  liquidacao?: boolean | null;
  dtCredito?: DateTimeString | null;
  dtVencimento?: DateTimeString | null;
  dtExpiracao?: DateTimeString | null;
  emv?: string | null;
  imagem?: string | null;
}

export interface AgendaLancamento {
  dtVencimento?: DateTimeString | null;
  dtLancamento?: DateTimeString | null;
  vlrParcela?: number | null;
  vlrMulta?: number | null;
  vlrJuros?: number | null;
  vlrMora?: number | null;
  vlrIOF?: number | null;
  vlrTarifas?: number | null;
  vlrAbatimento?: number | null;
  vlrParcelaAtualizado?: number | null;
  vlrPagamento?: number | null;
  vlrSaldoParcela?: number | null;
  vlrDesconto?: number | null;
  informarFundo?: boolean | null;
  viaBoleto?: boolean | null;
  descLancamento?: string | null;
}

export interface AgendaParcela {
  codigoParcela?: string | null;
  nroParcela?: number | null;
  situacao?: number | null;
  dtVencimento?: DateTimeString | null;
  vlrParcela?: number | null;
  nroOrdemPagamento?: string | null;
  vlrSaldoAtual?: number | null;
  vlrTotalPago?: number | null;
  vlrDesconto?: number | null;
  dtVencimentoAtual?: DateTimeString | null;
  boletos?: AgendaBoleto[] | null;
  pix?: AgendaPix[] | null;
  lancamentos?: AgendaLancamento[] | null;
}

export interface ConsultarDetalhesResponse extends Envelope {
  numeroProposta?: number | null;
  dtInclusao?: DateTimeString | null;
  dtCancelamento?: DateTimeString | null;
  dtLiquidacao?: DateTimeString | null;
  situacaoAgenda?: number | null;
  descricaoSituacaoAgenda?: string | null;
  documentoFederalCliente?: string | null;
  nomeCliente?: string | null;
  nomeEmpresa?: string | null;
  ecCliente?: string | null;
  descricaoTipoContrato?: string | null;
  vlrFinanciado?: number | null;
  vlrRetencaoDiarioAprox?: number | null;
  vlrTotalPago?: number | null;
  qtdeParcelas?: number | null;
  situacaoProposta?: number | null;
  parcelas?: AgendaParcela[] | null;
}

export interface ConsultarBoletosRequest {
  dto?: AgendaLocator;
  dtoConsultaBoletos?: { numerosBoletos?: number[]; trazerBoletosCancelados?: boolean };
}

/** A boleto record of ConsultarBoletos (print URL in `impressao`; `vlrPago`, `dtCancelamento` may be null). */
export interface BoletoRegistro {
  numeroBoleto?: number | null;
  numeroProposta?: number | null;
  liquidacao?: boolean | null;
  /** A string listing installment numbers. */
  parcelas?: string | null;
  descricao?: string | null;
  impressao?: string | null;
  linhaDigitavel?: string | null;
  documentoFederalCliente?: string | null;
  cliente?: string | null;
  parceiro?: string | null;
  dtInclusao?: DateTimeString | null;
  dtVencimento?: DateTimeString | null;
  dtCancelamento?: DateTimeString | null;
  dtExpiracao?: DateTimeString | null;
  dtCredito?: DateTimeString | null;
  valorBoleto?: number | null;
  vlrPago?: number | null;
  qrCode?: QrCode | null;
}

export interface ConsultarBoletosResponse extends Envelope {
  boletos?: BoletoRegistro[] | null;
}

export interface GerarMultiplosBoletosParcela {
  nroParcela?: number;
  dtVencimento?: DateTimeString;
  dtExpiracao?: DateTimeString;
  vlrDesconto?: number;
  permiteDescapitalizacao?: boolean;
}

export interface GerarMultiplosBoletosRequest {
  dto?: AgendaLocator;
  dtoGerarMultiplosBoletos?: {
    descricaoBoleto?: string;
    notificarCliente?: boolean;
    tipoRegistro?: number;
    parcelas?: GerarMultiplosBoletosParcela[];
  };
}
export type GerarMultiplosBoletosResponse = EnvelopeWithParametros;

export interface GerarUnicoBoletoRequest {
  dto?: AgendaLocator & { nroParcelas?: number[] };
  dtoGerarUnicoBoleto?: {
    dtVencimento?: DateTimeString;
    dtExpiracao?: DateTimeString;
    liquidacao?: boolean;
    descricaoBoleto?: string;
    vlrBoleto?: number;
    vlrDesconto?: number;
    permiteDescapitalizacao?: boolean;
    tipoRegistro?: number;
  };
}
export type GerarUnicoBoletoResponse = EnvelopeWithParametros;
