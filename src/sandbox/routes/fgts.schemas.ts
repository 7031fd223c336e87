import { type OperationDoc, fields, str, int, num, dateTime, uuid, obj, arr, ref, withPascalEnvelope } from './schema.js';

/** The request and answer each fgts operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

/** /FGTS/CancelarProposta. */
export const CANCELAR_PROPOSTA: OperationDoc = {
  summary:
    'Cancels an FGTS proposal (served at {environment_url}); numbered HTTP 400 messages on refusal (4, 5, 10, 13, 27, 28, 38; 5, 10 and 13 come from conditions set with POST /_sandbox/proposals/{codigo}/fgts).',
  request: obj({ CodigoProposta: uuid, CodigoOperacao: str, NumeroProposta: int, DocumentoFederal: str, Motivo: str }),
  response: withPascalEnvelope({ Boleto: { type: 'string', nullable: true } }),
};

/** /FGTS/ConsultaProposta. */
export const CONSULTA_PROPOSTA: OperationDoc = {
  summary: 'Every field of a proposal, PascalCase.',
  request: obj({ dto: obj({ CodigoProposta: uuid, CodigoOperacao: str }) }, ['dto']),
  response: withPascalEnvelope({
    Codigo: uuid,
    DtInclusao: str,
    Situacao: int,
    ...fields(['VlrFinanciado', 'VlrTAC', 'VlrSeguro', 'VlrIOF', 'VlrOutrasDespesas', 'VlrOutrosServicos', 'VlrTotalCredito', 'VlrTotalDivida'], num),
    QtdeParcelas: int,
    ...fields(['PercCETMensal', 'PercCETAnual', 'PercJurosMensal', 'PercJurosAnual'], num),
    ...fields(
      [
        'CodigoProposta',
        'NumeroCCB',
        'MotivoRejeicao',
        'MotivoPendencia',
        'MotivoCancelamento',
        'TextoRetornoPagamento',
        'AutenticacaoBancaria',
        'ControleBancario',
        'StatusProtocoloAgente',
      ],
      str,
    ),
    PropostaLancamentos: arr(ref('PaymentEntryPascal')),
    CancelamentoFGTS: arr(ref('CancellationEventPascal')),
  }),
  components: {
    PaymentEntryPascal: obj({
      ...fields(['CampoID', 'DescricaoCampo'], str),
      VlrTransacao: num,
      ...fields(['DtPrevPagto', 'DtPagamento', 'DtVenctoBoleto'], dateTime),
      Situacao: int,
      LinhaDigitavel: str,
      VlrBoleto: num,
      CodigoBanco: int,
      NumeroBanco: str,
      TipoConta: int,
      ...fields(
        [
          'Agencia',
          'AgenciaDig',
          'Conta',
          'ContaDig',
          'DocumentoFederal',
          'NomePagamento',
          'TextoRetornoPagamento',
          'AutenticacaoBancaria',
          'ControleBancario',
          'DescricaoOcorrencia',
        ],
        str,
      ),
    }),
    CancellationEventPascal: obj({
      ...fields(['Detalhes', 'ContextoEvento', 'NomeEvento', 'DtEvento', 'NumCodigoBarras', 'NumLinhaDigitavel', 'PixCopiaCola', 'UrlImpressaoBoleto'], str),
      TipoEvento: int,
      VlrBoleto: num,
      DtVencimento: dateTime,
      NumeroBoleto: int,
    }),
  },
};
