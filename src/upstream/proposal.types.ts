/**
 * Request and response types of the proposal operations: /FGTS/ConsultaProposta (PascalCase),
 * IncluirManual, IncluirAvalista, ConsultarParcelas and CalcularValoresProposta.
 *
 * Field names are the upstream's, exactly (docs/partner/contract.md, "Resources and their fields";
 * loose shapes from docs/partner/facts.md): camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. Request fields are optional (the contract
 * shows none as mandatory); every response field is optional and nullable. Dates travel as ISO 8601
 * strings.
 */
import { type DateTimeString, type Envelope, type Parametro, type PascalEnvelope, type PropostaLocator } from './envelope.types.js';

export interface ConsultaPropostaRequest {
  dto?: {
    CodigoProposta?: string;
    CodigoOperacao?: string;
  };
}

/** A payment entry of the proposal (PropostaLancamentos item). */
export interface PropostaLancamento {
  CampoID?: string | null;
  DescricaoCampo?: string | null;
  VlrTransacao?: number | null;
  DtPrevPagto?: DateTimeString | null;
  DtPagamento?: DateTimeString | null;
  Situacao?: number | null;
  LinhaDigitavel?: string | null;
  DtVenctoBoleto?: DateTimeString | null;
  VlrBoleto?: number | null;
  CodigoBanco?: number | null;
  NumeroBanco?: string | null;
  TipoConta?: number | null;
  Agencia?: string | null;
  AgenciaDig?: string | null;
  Conta?: string | null;
  ContaDig?: string | null;
  DocumentoFederal?: string | null;
  NomePagamento?: string | null;
  TextoRetornoPagamento?: string | null;
  AutenticacaoBancaria?: string | null;
  ControleBancario?: string | null;
  DescricaoOcorrencia?: string | null;
}

/** An FGTS cancellation event (CancelamentoFGTS item). */
export interface CancelamentoFGTS {
  Detalhes?: string | null;
  ContextoEvento?: string | null;
  TipoEvento?: number | null;
  NomeEvento?: string | null;
  DtEvento?: string | null;
  NumCodigoBarras?: string | null;
  NumLinhaDigitavel?: string | null;
  PixCopiaCola?: string | null;
  VlrBoleto?: number | null;
  DtVencimento?: DateTimeString | null;
  NumeroBoleto?: number | null;
  UrlImpressaoBoleto?: string | null;
}

/** The proposal record of /FGTS/ConsultaProposta. */
export interface ConsultaPropostaResponse extends PascalEnvelope {
  Codigo?: string | null;
  DtInclusao?: string | null;
  Situacao?: number | null;
  VlrFinanciado?: number | null;
  VlrTAC?: number | null;
  VlrSeguro?: number | null;
  VlrIOF?: number | null;
  VlrOutrasDespesas?: number | null;
  VlrOutrosServicos?: number | null;
  VlrTotalCredito?: number | null;
  VlrTotalDivida?: number | null;
  QtdeParcelas?: number | null;
  PercCETMensal?: number | null;
  PercCETAnual?: number | null;
  PercJurosMensal?: number | null;
  PercJurosAnual?: number | null;
  CodigoProposta?: string | null;
  NumeroCCB?: string | null;
  MotivoRejeicao?: string | null;
  MotivoPendencia?: string | null;
  MotivoCancelamento?: string | null;
  TextoRetornoPagamento?: string | null;
  AutenticacaoBancaria?: string | null;
  ControleBancario?: string | null;
  StatusProtocoloAgente?: string | null;
  PropostaLancamentos?: PropostaLancamento[] | null;
  CancelamentoFGTS?: CancelamentoFGTS[] | null;
}

// ---------------------------------------------------------------------------------------------
// 6. IncluirManual
// ---------------------------------------------------------------------------------------------

export interface PropostaContaPagamentoDTO {
  codigoBanco?: number;
  tipoConta?: number;
  agencia?: string;
  agenciaDig?: string;
  conta?: string;
  contaDig?: string;
  numeroBanco?: string;
  documentoFederalPagamento?: string;
  nomePagamento?: string;
}

export interface PropostaLancamentoInput {
  campoID?: string;
  vlrTransacao?: number;
  dtPagamento?: DateTimeString;
  linhaDigitavel?: string;
  numeroBanco?: string;
  agencia?: string;
  agenciaDig?: string;
  conta?: string;
  contaDig?: string;
  documentoFederal?: string;
  nomePagamento?: string;
  documentoFederalCedente?: string;
  nomeCedente?: string;
  codigoBanco?: number;
  tipoConta?: number;
}

/** The amounts of an operation both the simulation and the creation carry (their `dto`s). */
export interface ValoresOperacao {
  vlrOutrasDespesas?: number;
  vlrOutrosServicos?: number;
  vlrSeguro?: number;
  vlrProdutoBem?: number;
  vlrEntrada?: number;
  vlrEntradaTradeIn?: number;
  vlrEntradaParcelada?: number;
  vlrDespesasAF?: number;
}

/** The manual proposal input (`dto` of IncluirManual). */
export interface IncluirManualDto extends ValoresOperacao {
  documentoCliente?: string;
  documentoPromotor?: string;
  documentoParceiroCorrespondente?: string;
  observacoesVendedor?: string;
  codigoOperacao?: string;
  tipoContrato?: string;
  codigoVersaoCCB?: number;
  prazo?: number;
  nroDiasAcrescimo?: number;
  formatoCalculo?: number;
  tipoIndiceFinan?: number;
  /** An integer in the contract; announced to become alphanumeric (docs/partner/facts.md). */
  numeroCCB?: number | string;
  vlrSolicitado?: number;
  percJurosNegociado?: number;
  vlrPreAprovado?: number;
  vlrCorban?: number;
  vlrAvaliacao?: number;
  vlrDespachante?: number;
  vlrRegistro?: number;
  vlrServTerceiro?: number;
  vlrRegistroCartorio?: number;
  vlrTxAdmMensal?: number;
  vlrSeguroMensal1?: number;
  vlrSeguroMensal2?: number;
  percRetencao?: number;
  vlrRetencao?: number;
  vlrTAC?: number;
  vlrBlindagem?: number;
  vlrAcessorios?: number;
  vlrVistoria?: number;
  vlrCertiDocs?: number;
  percIndiceFinan?: number;
  dtPrimeiroVencto?: DateTimeString;
  propostaContaPagamentoDTO?: PropostaContaPagamentoDTO;
  propostaLancamentos?: PropostaLancamentoInput[];
}

export interface IncluirManualRequest {
  dto?: IncluirManualDto;
  parametros?: Parametro[];
}

export interface IncluirManualResponse extends Envelope {
  /** UUID of the new proposal. */
  codigo?: string | null;
  numero?: number | null;
}

// ---------------------------------------------------------------------------------------------
// 7. IncluirAvalista
// ---------------------------------------------------------------------------------------------

/** Individual guarantor (`avalistaPF`). Indexed groups are spelled out one field per index. */
export interface AvalistaPF {
  rg?: string;
  rgOrgao?: string;
  rguf?: string;
  nomePai?: string;
  nomeMae?: string;
  sexo?: string;
  telefoneFixo?: string;
  telefoneCelular?: string;
  email?: string;
  localTrabalho?: string;
  cnpjTrabalho?: string;
  cargoTrabalho?: string;
  obsOutrosRendimentos?: string;
  cepTrabalho?: string;
  logradouroTrabalho?: string;
  nroLogradouroTrabalho?: string;
  bairroTrabalho?: string;
  complementoTrabalho?: string;
  cidadeTrabalho?: string;
  ufTrabalho?: string;
  telefoneFixoTrabalho?: string;
  telefoneCelularTrabalho?: string;
  emailTrabalho?: string;
  nomeConjuge?: string;
  cpfConjuge?: string;
  rgConjuge?: string;
  rgOrgaoConjuge?: string;
  rgufConjuge?: string;
  localTrabalhoConjuge?: string;
  obsOutrosRendimentosConjuge?: string;
  telefoneFixoConjuge?: string;
  telefoneCelularConjuge?: string;
  emailConjuge?: string;
  naturalDeCidade?: string;
  naturalDeUF?: string;
  nacionalidade?: string;
  rgData?: DateTimeString;
  dtNasc?: DateTimeString;
  rgDataConjuge?: DateTimeString;
  estadoCivil?: number;
  nroDependentes?: number;
  vlrRendimentoTrabalho?: number;
  vlrOutrosRendimentos?: number;
  vlrRendimentoTrabalhoConjuge?: number;
  vlrOutrosRendimentosConjuge?: number;
  mostrarConjugeCCB?: boolean;
  refBanco1Nome?: string;
  refBanco1Agencia?: string;
  refBanco1Conta?: string;
  refBanco1Gerente?: string;
  refBanco1Telefone?: string;
  refBanco1DtAbertura?: DateTimeString;
  refBanco2Nome?: string;
  refBanco2Agencia?: string;
  refBanco2Conta?: string;
  refBanco2Gerente?: string;
  refBanco2Telefone?: string;
  refBanco2DtAbertura?: DateTimeString;
  refComercial1Nome?: string;
  refComercial1Parentesco?: string;
  refComercial1Telefone?: string;
  refComercial2Nome?: string;
  refComercial2Parentesco?: string;
  refComercial2Telefone?: string;
  refComercial3Nome?: string;
  refComercial3Parentesco?: string;
  refComercial3Telefone?: string;
  patrimonio1Descricao?: string;
  patrimonio1Valor?: number;
  patrimonio2Descricao?: string;
  patrimonio2Valor?: number;
  patrimonio3Descricao?: string;
  patrimonio3Valor?: number;
}

type Indexed<Prefix extends string, N extends number, Fields> = {
  [K in keyof Fields as `${Prefix}${N}${K & string}`]?: Fields[K];
};
type Idx1to2 = 1 | 2;
type Idx1to3 = 1 | 2 | 3;
type Idx1to4 = 1 | 2 | 3 | 4;
type Idx1to5 = 1 | 2 | 3 | 4 | 5;
type Idx1to6 = 1 | 2 | 3 | 4 | 5 | 6;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Group<Prefix extends string, N extends number, Fields> = UnionToIntersection<N extends number ? Indexed<Prefix, N, Fields> : never>;

/** Legal-entity guarantor (`avalistaPJ`); indexed groups (`socio1Nome` ... `socio5DtEntrada`) are typed by template. */
export type AvalistaPJ = {
  nomeFantasia?: string;
  webSite?: string;
  telefoneFixo?: string;
  telefoneFixoRamal?: string;
  ramoAtividade?: string;
  email?: string;
  nomeContatoContador?: string;
  emailContatoContador?: string;
  telefoneContatoContador?: string;
  telefoneRamalContatoContador?: string;
  assistente?: string;
  dtFundacao?: DateTimeString;
  capitalSocial?: number;
  patrimonioLiq?: number;
  faturamentoMedio12Meses?: number;
  comprasMedio12Meses?: number;
  percExportacao?: number;
  percImportacao?: number;
} & Group<'socio', Idx1to5, { Nome: string; Documento: string; RG: string; RGEmissor: string; RGUF: string; Percentual: number; DtEntrada: DateTimeString }> &
  Group<'adm', Idx1to5, { Nome: string; CPF: string; Cargo: string; DtEntrada: DateTimeString; DtTermino: DateTimeString }> &
  Group<'colig', Idx1to5, { Nome: string; CNPJ: string; Cidade: string; UF: string; Participante: string; Percentual: number }> &
  Group<'refBanco', Idx1to3, { Nome: string; Agencia: string; Conta: string; Gerente: string; Telefone: string; DtAbertura: DateTimeString }> &
  Group<
    'refCom',
    Idx1to4,
    { Fornecedor: string; TelefoneFornec: string; Cliente: string; TelefoneCliente: string; PercentualFornec: number; PercentualCliente: number }
  > &
  Group<'refNeg', Idx1to2, { Contrato: string; Fornecedor: string; Telefone: string; ValorNegocio: number; Rentabilidade: number }> &
  Group<'dadosFinanc', Idx1to6, { ProdServ: string; Percentual: number }> &
  Group<'bens', Idx1to3, { Qtde: number; Tipo: string; OnusCredor: string; ValorAtual: number }>;

/** The guarantor (`avalista`): common fields plus the PF or PJ object as needed. */
export interface Avalista {
  nome?: string;
  documentoFederal?: string;
  cep?: string;
  logradouro?: string;
  nroLogradouro?: string;
  bairro?: string;
  complemento?: string;
  cidade?: string;
  uf?: string;
  avalistaPF?: AvalistaPF;
  avalistaPJ?: AvalistaPJ;
}

export interface IncluirAvalistaRequest {
  dto?: PropostaLocator;
  avalista?: Avalista;
}

export interface IncluirAvalistaResponse extends Envelope {
  codigo?: string | null;
  numero?: number | null;
}

// ---------------------------------------------------------------------------------------------
// 8. ConsultarParcelas, 9. CalcularValoresProposta
// ---------------------------------------------------------------------------------------------

export interface ConsultarParcelasRequest {
  dto?: PropostaLocator;
  parametros?: Parametro[];
}

/** An installment; each item repeats the envelope. */
export interface Parcela extends Envelope {
  codigo?: string | null;
  /** The proposal NUMBER (integer), unlike the request's UUID `codigoProposta` (docs/partner/facts.md). */
  codigoProposta?: number | null;
  nroParcela?: number | null;
  dtVencimento?: DateTimeString | null;
  vlrParcela?: number | null;
  situacao?: number | null;
  linhaDigitavel?: string | null;
  dtPagamento?: DateTimeString | null;
  nossoNumero?: string | null;
  nossoNumeroDv?: string | null;
  vlrJuros?: number | null;
  vlrJurosMora?: number | null;
  vlrDesconto?: number | null;
  vlrPago?: number | null;
}

export interface ConsultarParcelasResponse extends Envelope {
  parcelas?: Parcela[] | null;
}

/** The calculation input (`dto` of CalcularValoresProposta). */
export interface CalcularValoresPropostaDto extends ValoresOperacao {
  vlrSolicitado?: number;
  percJurosNegociado?: number;
  vlrIOF?: number;
  vlrTAC?: number;
  vlrAvaliacao?: number;
  vlrBlindagem?: number;
  vlrAcessorios?: number;
  vlrVistoria?: number;
  vlrCertiDocs?: number;
  prazo?: number;
  nroDiasAcrescimo?: number;
  formatoCalculo?: number;
  tipoPessoa?: number;
}

export interface CalcularValoresPropostaRequest {
  dto?: CalcularValoresPropostaDto;
  parametros?: Parametro[];
}

export interface CalcularValoresPropostaResponse extends Envelope {
  vlrParcela?: number | null;
  vlrTAC?: number | null;
  vlrBoleto?: number | null;
  vlrSeguro?: number | null;
  vlrIOF?: number | null;
  vlrTotalCredito?: number | null;
  vlrTotalDivida?: number | null;
  percCETMensal?: number | null;
  percCETAnual?: number | null;
  percJurosMensal?: number | null;
  percJurosAnual?: number | null;
}
