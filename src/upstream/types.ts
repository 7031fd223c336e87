/**
 * Request and response types of the 18 upstream operations (docs/partner/contract.md, "Resources
 * and their fields" and "Operations"; loose shapes from docs/partner/facts.md).
 *
 * Field names are the upstream's, exactly: camelCase everywhere except the /FGTS/ responses and the
 * /FGTS/ConsultaProposta locator, which are PascalCase. The contract shows no mandatory request
 * fields, so request fields are optional too. Every response field is optional and nullable: the
 * upstream omits fields freely and serializes absent values as `null` (docs/partner/facts.md: `vlrPago`,
 * `dtCancelamento` may be null). Dates travel as ISO 8601 strings.
 */

/** An ISO 8601 date-time string in UTC, as the upstream sends and accepts. */
export type DateTimeString = string;

// ---------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------

/** A message item of the camelCase envelope. */
export interface EnvelopeMessage {
  messageType?: number | null;
  code?: string | null;
  context?: string | null;
  description?: string | null;
  field?: string | null;
}

/** A message item of the PascalCase (/FGTS/) envelope. */
export interface PascalEnvelopeMessage {
  MessageType?: number | null;
  Code?: string | null;
  Context?: string | null;
  Description?: string | null;
  Field?: string | null;
}

/** `{ nome, valor }` pairs carried by several requests and responses. */
export interface Parametro {
  nome?: string;
  valor?: string;
}

/** The camelCase envelope every non-/FGTS/ response carries. */
export interface Envelope {
  msg?: string | null;
  hasError?: boolean | null;
  messages?: EnvelopeMessage[] | null;
}

/** The PascalCase envelope of the /FGTS/ responses. */
export interface PascalEnvelope {
  Msg?: string | null;
  HasError?: boolean | null;
  Messages?: PascalEnvelopeMessage[] | null;
}

/** Envelope plus the `parametros` list some writes return. */
export interface EnvelopeWithParametros extends Envelope {
  parametros?: Parametro[] | null;
}

// ---------------------------------------------------------------------------------------------
// Proposal locator
// ---------------------------------------------------------------------------------------------

/** The proposal locator `dto` (subsets and additions per endpoint). */
export interface PropostaLocator {
  /** UUID of the proposal. */
  codigoProposta?: string;
  codigoOperacao?: string;
  numeroProposta?: number;
}

/** Locator by code and operation code (receivables endpoints). */
export interface AgendaLocator {
  codigoProposta?: string;
  codigoOperacao?: string;
}

// ---------------------------------------------------------------------------------------------
// 1. IncluirAssinaturaCCB, 2. IncluirAssinaturaCCBFinalizada
// ---------------------------------------------------------------------------------------------

/** A signer invited to sign electronically (IncluirAssinaturaCCB). */
export interface AssinanteConvite {
  nome?: string;
  email?: string;
  documento?: string;
  descricao?: string;
  telefoneCelular?: string;
  notificarPorEmail?: boolean;
  notificarPorChat?: boolean;
  notificarPorSMS?: boolean;
  codigoIdentificador?: string;
  dtLimiteAssinatura?: DateTimeString;
}

export interface IncluirAssinaturaCCBRequest {
  dto?: PropostaLocator;
  assinantes?: AssinanteConvite[];
}
export type IncluirAssinaturaCCBResponse = EnvelopeWithParametros;

/** A signer who already signed in the partner's own system (IncluirAssinaturaCCBFinalizada). */
export interface AssinanteFinalizado {
  nome?: string;
  email?: string;
  documento?: string;
  descricao?: string;
  telefoneCelular?: string;
  notificarPorEmail?: boolean;
  notificarPorChat?: boolean;
  dtAssinatura?: DateTimeString;
  ipAssinatura?: string;
}

export interface IncluirAssinaturaCCBFinalizadaRequest {
  dto?: PropostaLocator;
  assinantes?: AssinanteFinalizado[];
}
export type IncluirAssinaturaCCBFinalizadaResponse = EnvelopeWithParametros;

// ---------------------------------------------------------------------------------------------
// 3. IncluirDocumento
// ---------------------------------------------------------------------------------------------

/** The file (docs/partner/facts.md: base64 in `documento.arquivo`). */
export interface DocumentoArquivo {
  tipoDocumento?: number;
  /** At most 255 characters. */
  nomeArquivo?: string;
  /** At most 20 characters. */
  extensao?: string;
  dtValidade?: DateTimeString;
  /** File content, base64. */
  arquivo?: string;
}

export interface IncluirDocumentoRequest {
  dto?: PropostaLocator;
  documento?: DocumentoArquivo;
}

export interface IncluirDocumentoResponse extends Envelope {
  codigo?: string | null;
  tipoDocumento?: number | null;
  nomeArquivo?: string | null;
  extensao?: string | null;
  dtValidade?: DateTimeString | null;
  arquivo?: string | null;
}

// ---------------------------------------------------------------------------------------------
// 4. CancelarProposta (environment address), 5. ConsultaProposta (/FGTS/, PascalCase)
// ---------------------------------------------------------------------------------------------

/**
 * CancelarProposta's request body is "not shown" by the contract. The sandbox reads the PascalCase
 * locator (as /FGTS/ConsultaProposta uses) at the top level or inside `dto`, plus the client's CPF
 * and a reason; other fields pass through unchanged.
 */
export interface CancelarPropostaRequest {
  CodigoProposta?: string;
  CodigoOperacao?: string;
  NumeroProposta?: number;
  /** The client's CPF (a mismatch is numbered message 4). */
  DocumentoFederal?: string;
  Motivo?: string;
  dto?: { CodigoProposta?: string; CodigoOperacao?: string; NumeroProposta?: number; DocumentoFederal?: string; Motivo?: string };
  [field: string]: unknown;
}

export interface CancelarPropostaResponse extends PascalEnvelope {
  /** The boleto (or Pix copy-and-paste) to return the disbursed amount. */
  Boleto?: string | null;
}

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

/** The manual proposal input (`dto` of IncluirManual). */
export interface IncluirManualDto {
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
  vlrOutrasDespesas?: number;
  vlrOutrosServicos?: number;
  vlrSeguro?: number;
  vlrProdutoBem?: number;
  vlrEntrada?: number;
  vlrEntradaTradeIn?: number;
  vlrEntradaParcelada?: number;
  vlrDespesasAF?: number;
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
type Group<Prefix extends string, N extends number, Fields> = UnionToIntersection<
  N extends number ? Indexed<Prefix, N, Fields> : never
>;

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
} & Group<
  'socio',
  Idx1to5,
  { Nome: string; Documento: string; RG: string; RGEmissor: string; RGUF: string; Percentual: number; DtEntrada: DateTimeString }
> &
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
export interface CalcularValoresPropostaDto {
  vlrSolicitado?: number;
  percJurosNegociado?: number;
  vlrOutrasDespesas?: number;
  vlrOutrosServicos?: number;
  vlrSeguro?: number;
  vlrProdutoBem?: number;
  vlrEntrada?: number;
  vlrEntradaTradeIn?: number;
  vlrEntradaParcelada?: number;
  vlrDespesasAF?: number;
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

// ---------------------------------------------------------------------------------------------
// 16.-18. Registry and bureau
// ---------------------------------------------------------------------------------------------

export interface ConsultarPessoaRequest {
  filter?: {
    tipoRegistro?: number;
    documentoCliente?: string;
    childDirectID?: string;
    childSearch?: string;
  };
}

export interface ConsultarPessoaResponse extends Envelope {
  /** The upstream's `json` string, parsed by the client (`undefined` when absent or empty). */
  json?: unknown;
}

export interface ConsultarCadastroBuscaRequest {
  consulta?: { documento?: string };
}

export interface ConsultarCadastroBuscaResponse extends Envelope {
  falha?: boolean | null;
  /** The upstream's `json` string, parsed by the client (`undefined` when absent or empty). */
  json?: unknown;
}

/** ConsultaBureauCnpj's request body is "not shown"; `documento` is what the sandbox reads. Other fields pass through. */
export interface ConsultaBureauCnpjRequest {
  documento?: string;
  [field: string]: unknown;
}

/**
 * ConsultaBureauCnpj answers a "JSON report" whose fields are not shown. The envelope fields are
 * typed when present; the report's own fields stay `unknown`. A `json` string, if any, is parsed.
 */
export interface ConsultaBureauCnpjResponse extends Envelope {
  json?: unknown;
  [field: string]: unknown;
}
