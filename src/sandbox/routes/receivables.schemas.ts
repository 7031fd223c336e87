import { type OperationDoc, fields, str, int, num, bool, dateTime, uuid, obj, arr, ref, agendaLocator, parametros, withEnvelope } from './schema.js';

/** The request and answer each receivables operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

const paymentItem = obj({
  nroParcela: int,
  dtPagamento: dateTime,
  vlrPagamento: num,
  vlrDesconto: num,
  permiteDescapitalizacao: bool,
  descricaoLancamento: str,
});

/** /AgendaRecebivel/IncluirLancamentoParcela. */
export const INCLUIR_LANCAMENTO_PARCELA: OperationDoc = {
  summary: 'Registers a payment entry for one installment.',
  request: obj(
    {
      dto: obj({ codigoProposta: uuid, codigoOperacao: str, nroParcela: int }),
      dtoLancamentoParcela: obj({ dtPagamento: dateTime, vlrPagamento: num, vlrDesconto: num, permiteDescapitalizacao: bool, descricaoLancamento: str }),
      parametros,
    },
    ['dto', 'dtoLancamentoParcela'],
  ),
  response: withEnvelope(),
};

/** /AgendaRecebivel/IncluirLancamentoMultiplasParcelas. */
export const INCLUIR_LANCAMENTO_MULTIPLAS_PARCELAS: OperationDoc = {
  summary: 'Registers payment entries for several installments (all or none).',
  request: obj({ dto: agendaLocator, dtoLancamentoParcelas: arr(paymentItem), parametros }, ['dto', 'dtoLancamentoParcelas']),
  response: withEnvelope(),
};

/** /AgendaRecebivel/ConsultarDetalhes. */
export const CONSULTAR_DETALHES: OperationDoc = {
  summary: 'Receivables agenda detail.',
  request: obj(
    {
      dto: obj({ codigoProposta: uuid, codigoOperacao: str, nroParcelas: arr(int) }),
      dtoConsultaDetalhes: obj({ trazerBoleto: bool, trazerAgendaDetalhada: bool }),
    },
    ['dto'],
  ),
  response: withEnvelope({
    numeroProposta: int,
    ...fields(['dtInclusao', 'dtCancelamento', 'dtLiquidacao'], dateTime),
    situacaoAgenda: int,
    ...fields(['descricaoSituacaoAgenda', 'documentoFederalCliente', 'nomeCliente', 'nomeEmpresa', 'ecCliente', 'descricaoTipoContrato'], str),
    ...fields(['vlrFinanciado', 'vlrRetencaoDiarioAprox', 'vlrTotalPago'], num),
    ...fields(['qtdeParcelas', 'situacaoProposta'], int),
    parcelas: arr(ref('AgendaInstallment')),
  }),
  components: {
    AgendaInstallment: obj({
      codigoParcela: uuid,
      nroParcela: int,
      situacao: int,
      dtVencimento: dateTime,
      vlrParcela: num,
      nroOrdemPagamento: str,
      ...fields(['vlrSaldoAtual', 'vlrTotalPago', 'vlrDesconto'], num),
      dtVencimentoAtual: dateTime,
      boletos: arr(
        obj({
          numeroBoleto: int,
          liquidacao: bool,
          ...fields(['dtCredito', 'dtExpiracao'], dateTime),
          linhaDigitavel: str,
          ...fields(['operacaoBoletoRegistro', 'situacaoBoletoRegistro'], int),
          ...fields(['descricaoBoletoRegistro', 'urlImpressao'], str),
          qrCode: ref('QrCode'),
        }),
      ),
      pix: arr(obj({ liquidacao: bool, ...fields(['dtCredito', 'dtVencimento', 'dtExpiracao'], dateTime), emv: str, imagem: str })),
      lancamentos: arr(
        obj({
          ...fields(['dtVencimento', 'dtLancamento'], dateTime),
          ...fields(
            [
              'vlrParcela',
              'vlrMulta',
              'vlrJuros',
              'vlrMora',
              'vlrIOF',
              'vlrTarifas',
              'vlrAbatimento',
              'vlrParcelaAtualizado',
              'vlrPagamento',
              'vlrSaldoParcela',
              'vlrDesconto',
            ],
            num,
          ),
          ...fields(['informarFundo', 'viaBoleto'], bool),
          descLancamento: str,
        }),
      ),
    }),
  },
};

/** /AgendaRecebivel/ConsultarBoletos. */
export const CONSULTAR_BOLETOS: OperationDoc = {
  summary: 'Boletos of a proposal.',
  request: obj({ dto: agendaLocator, dtoConsultaBoletos: obj({ numerosBoletos: arr(int), trazerBoletosCancelados: bool }) }, ['dto']),
  response: withEnvelope({ boletos: arr(ref('BoletoRecord')) }),
  components: {
    BoletoRecord: obj({
      ...fields(['numeroBoleto', 'numeroProposta'], int),
      liquidacao: bool,
      ...fields(['parcelas', 'descricao', 'impressao', 'linhaDigitavel', 'documentoFederalCliente', 'cliente', 'parceiro'], str),
      ...fields(['dtInclusao', 'dtVencimento', 'dtCancelamento', 'dtExpiracao', 'dtCredito'], dateTime),
      ...fields(['valorBoleto', 'vlrPago'], num),
      qrCode: ref('QrCode'),
    }),
  },
};

/** /AgendaRecebivel/GerarMultiplosBoletos. */
export const GERAR_MULTIPLOS_BOLETOS: OperationDoc = {
  summary: 'One boleto per listed installment.',
  request: obj(
    {
      dto: agendaLocator,
      dtoGerarMultiplosBoletos: obj({
        descricaoBoleto: str,
        notificarCliente: bool,
        tipoRegistro: int,
        parcelas: arr(obj({ nroParcela: int, dtVencimento: dateTime, dtExpiracao: dateTime, vlrDesconto: num, permiteDescapitalizacao: bool })),
      }),
    },
    ['dto', 'dtoGerarMultiplosBoletos'],
  ),
  response: withEnvelope(),
};

/** /AgendaRecebivel/GerarUnicoBoleto. */
export const GERAR_UNICO_BOLETO: OperationDoc = {
  summary: 'One boleto covering the listed installments.',
  request: obj(
    {
      dto: obj({ codigoProposta: uuid, codigoOperacao: str, nroParcelas: arr(int) }),
      dtoGerarUnicoBoleto: obj({
        dtVencimento: dateTime,
        dtExpiracao: dateTime,
        liquidacao: bool,
        descricaoBoleto: str,
        vlrBoleto: num,
        vlrDesconto: num,
        permiteDescapitalizacao: bool,
        tipoRegistro: int,
      }),
    },
    ['dto'],
  ),
  response: withEnvelope(),
};
