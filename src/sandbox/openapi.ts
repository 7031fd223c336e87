import { IOF_SOURCE } from './config/iof.js';
import { GUARANTOR_PF_FIELDS, GUARANTOR_PJ_FIELDS, type GuarantorFieldType } from './routes/guarantor.js';
import { operationRoutes } from './routes/index.js';
import { IGNORED_MANUAL_NUMBERS } from './routes/proposal.input.js';

/*
 * The OpenAPI 3.0 document served at GET /_sandbox/openapi.json: one path per route of the route
 * table plus the token endpoint, each with the request and response schema written below.
 */

type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const bool: Schema = { type: 'boolean' };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const uuid: Schema = { type: 'string', format: 'uuid' };

function obj(properties: Record<string, Schema>, required: string[] = []): Schema {
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
const arr = (items: Schema): Schema => ({ type: 'array', items });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const fields = (names: string[], type: Schema): Record<string, Schema> => Object.fromEntries(names.map((n) => [n, type]));

const GUARANTOR_TYPES: Record<GuarantorFieldType, Schema> = { string: str, integer: int, number: num, boolean: bool, datetime: dateTime };
function guarantorPart(table: Readonly<Record<string, GuarantorFieldType>>): Schema {
  return { ...obj(Object.fromEntries(Object.entries(table).map(([k, t]) => [k, GUARANTOR_TYPES[t]]))), additionalProperties: true };
}

const locator = obj({ codigoProposta: uuid, codigoOperacao: str, numeroProposta: int });
const agendaLocator = obj({ codigoProposta: uuid, codigoOperacao: str });
const parametros = arr(ref('Parametro'));

/** The amounts both IncluirManual's and CalcularValoresProposta's dto carry. */
const OPERATION_AMOUNTS = [
  'vlrOutrasDespesas',
  'vlrOutrosServicos',
  'vlrSeguro',
  'vlrProdutoBem',
  'vlrEntrada',
  'vlrEntradaTradeIn',
  'vlrEntradaParcelada',
  'vlrDespesasAF',
];

const components: Record<string, Schema> = {
  Message: obj({ messageType: int, code: str, context: str, description: str, field: str }),
  MessagePascal: obj({ MessageType: int, Code: str, Context: str, Description: str, Field: str }),
  Parametro: obj({ nome: str, valor: str }),
  Envelope: obj({ msg: str, hasError: bool, messages: arr(ref('Message')), parametros }),
  EnvelopePascal: obj({ Msg: str, HasError: bool, Messages: arr(ref('MessagePascal')) }),
  Locator: locator,
  QrCode: obj({ emv: str, imagem: str }),
  SignerInvite: obj({
    ...fields(['nome', 'email', 'documento', 'descricao', 'telefoneCelular', 'codigoIdentificador'], str),
    ...fields(['notificarPorEmail', 'notificarPorChat', 'notificarPorSMS'], bool),
    dtLimiteAssinatura: dateTime,
  }),
  SignerSigned: obj({
    ...fields(['nome', 'email', 'documento', 'descricao', 'telefoneCelular', 'ipAssinatura'], str),
    ...fields(['notificarPorEmail', 'notificarPorChat'], bool),
    dtAssinatura: dateTime,
  }),
  Documento: obj({
    tipoDocumento: int,
    nomeArquivo: { type: 'string', maxLength: 255 },
    extensao: { type: 'string', maxLength: 20 },
    dtValidade: dateTime,
    arquivo: { type: 'string', format: 'byte' },
  }),
  ManualProposal: obj({
    ...fields(['documentoCliente', 'documentoPromotor', 'documentoParceiroCorrespondente', 'observacoesVendedor', 'codigoOperacao', 'tipoContrato'], str),
    ...fields(['codigoVersaoCCB', 'prazo', 'nroDiasAcrescimo', 'formatoCalculo', 'tipoIndiceFinan', 'numeroCCB'], int),
    ...fields(
      [
        'vlrSolicitado',
        'percJurosNegociado',
        'vlrPreAprovado',
        'vlrOutrasDespesas',
        'vlrOutrosServicos',
        'vlrSeguro',
        'vlrTAC',
        // Accepted and type-checked, not computed with: the request reader's own list.
        ...IGNORED_MANUAL_NUMBERS,
      ],
      num,
    ),
    dtPrimeiroVencto: dateTime,
    propostaContaPagamentoDTO: obj({
      codigoBanco: int,
      tipoConta: int,
      ...fields(['agencia', 'agenciaDig', 'conta', 'contaDig', 'numeroBanco', 'documentoFederalPagamento', 'nomePagamento'], str),
    }),
    propostaLancamentos: arr(
      obj({
        campoID: str,
        vlrTransacao: num,
        dtPagamento: dateTime,
        ...fields(
          [
            'linhaDigitavel',
            'numeroBanco',
            'agencia',
            'agenciaDig',
            'conta',
            'contaDig',
            'documentoFederal',
            'nomePagamento',
            'documentoFederalCedente',
            'nomeCedente',
          ],
          str,
        ),
        codigoBanco: int,
        tipoConta: int,
      }),
    ),
  }),
  CalculationInput: obj({
    ...fields(
      [
        'vlrSolicitado',
        'percJurosNegociado',
        ...OPERATION_AMOUNTS,
        'vlrIOF',
        'vlrTAC',
        'vlrAvaliacao',
        'vlrBlindagem',
        'vlrAcessorios',
        'vlrVistoria',
        'vlrCertiDocs',
      ],
      num,
    ),
    ...fields(['prazo', 'nroDiasAcrescimo', 'formatoCalculo', 'tipoPessoa'], int),
  }),
  Guarantor: {
    type: 'object',
    description: 'Every field optional; avalistaPF / avalistaPJ carry the indexed fields of the contract (refBanco1Nome, socio5DtEntrada, ...), type-checked.',
    properties: {
      ...fields(['nome', 'documentoFederal', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf'], str),
      avalistaPF: guarantorPart(GUARANTOR_PF_FIELDS),
      avalistaPJ: guarantorPart(GUARANTOR_PJ_FIELDS),
    },
  },
  Installment: obj({
    msg: str,
    hasError: bool,
    messages: arr(ref('Message')),
    codigo: uuid,
    codigoProposta: int,
    nroParcela: int,
    dtVencimento: dateTime,
    vlrParcela: num,
    situacao: int,
    linhaDigitavel: str,
    dtPagamento: dateTime,
    nossoNumero: str,
    nossoNumeroDv: str,
    ...fields(['vlrJuros', 'vlrJurosMora', 'vlrDesconto', 'vlrPago'], num),
  }),
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
  BoletoRecord: obj({
    ...fields(['numeroBoleto', 'numeroProposta'], int),
    liquidacao: bool,
    ...fields(['parcelas', 'descricao', 'impressao', 'linhaDigitavel', 'documentoFederalCliente', 'cliente', 'parceiro'], str),
    ...fields(['dtInclusao', 'dtVencimento', 'dtCancelamento', 'dtExpiracao', 'dtCredito'], dateTime),
    ...fields(['valorBoleto', 'vlrPago'], num),
    qrCode: ref('QrCode'),
  }),
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
};

const paymentItem = obj({
  nroParcela: int,
  dtPagamento: dateTime,
  vlrPagamento: num,
  vlrDesconto: num,
  permiteDescapitalizacao: bool,
  descricaoLancamento: str,
});

interface OperationDoc {
  summary: string;
  request: Schema;
  response: Schema;
}

const withEnvelope = (extra: Record<string, Schema> = {}): Schema => ({ allOf: [ref('Envelope'), obj(extra)] });
const withPascalEnvelope = (extra: Record<string, Schema> = {}): Schema => ({ allOf: [ref('EnvelopePascal'), obj(extra)] });

/** Request and response schema of each operation, by contract path. */
export const OPERATION_DOCS: Record<string, OperationDoc> = {
  '/Proposta/IncluirAssinaturaCCB': {
    summary: 'Registers signers to invite (proposal must be approved).',
    request: obj({ dto: ref('Locator'), assinantes: arr(ref('SignerInvite')) }, ['dto', 'assinantes']),
    response: withEnvelope(),
  },
  '/Proposta/IncluirAssinaturaCCBFinalizada': {
    summary: 'Registers signers who already signed; finalizes (situation 6) when all have signed.',
    request: obj({ dto: ref('Locator'), assinantes: arr(ref('SignerSigned')) }, ['dto', 'assinantes']),
    response: withEnvelope(),
  },
  '/Proposta/IncluirDocumento': {
    summary: 'Attaches a document (base64) to a proposal.',
    request: obj({ dto: ref('Locator'), documento: ref('Documento') }, ['dto', 'documento']),
    response: withEnvelope({ codigo: uuid, tipoDocumento: int, nomeArquivo: str, extensao: str, dtValidade: dateTime, arquivo: str }),
  },
  '/FGTS/CancelarProposta': {
    summary:
      'Cancels an FGTS proposal (served at {environment_url}); numbered HTTP 400 messages on refusal (4, 5, 10, 13, 27, 28, 38; 5, 10 and 13 come from conditions set with POST /_sandbox/proposals/{codigo}/fgts).',
    request: obj({ CodigoProposta: uuid, CodigoOperacao: str, NumeroProposta: int, DocumentoFederal: str, Motivo: str }),
    response: withPascalEnvelope({ Boleto: { type: 'string', nullable: true } }),
  },
  '/FGTS/ConsultaProposta': {
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
  },
  '/Proposta/IncluirManual': {
    summary: 'Includes a proposal manually.',
    request: obj({ dto: ref('ManualProposal'), parametros }, ['dto']),
    response: withEnvelope({ codigo: uuid, numero: int }),
  },
  '/Proposta/IncluirAvalista': {
    summary: 'Adds a guarantor.',
    request: obj({ dto: ref('Locator'), avalista: ref('Guarantor') }, ['dto', 'avalista']),
    response: withEnvelope({ codigo: uuid, numero: int }),
  },
  '/Proposta/ConsultarParcelas': {
    summary: 'Installments of a proposal.',
    request: obj({ dto: ref('Locator'), parametros }, ['dto']),
    response: withEnvelope({ parcelas: arr(ref('Installment')) }),
  },
  '/Proposta/CalcularValoresProposta': {
    summary: `Simulates proposal values: Price table, IOF financed (rates: ${IOF_SOURCE}), CET as the monthly IRR.`,
    request: obj({ dto: ref('CalculationInput'), parametros }, ['dto']),
    response: withEnvelope(
      fields(
        [
          'vlrParcela',
          'vlrTAC',
          'vlrBoleto',
          'vlrSeguro',
          'vlrIOF',
          'vlrTotalCredito',
          'vlrTotalDivida',
          'percCETMensal',
          'percCETAnual',
          'percJurosMensal',
          'percJurosAnual',
        ],
        num,
      ),
    ),
  },
  '/AgendaRecebivel/IncluirLancamentoParcela': {
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
  },
  '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas': {
    summary: 'Registers payment entries for several installments (all or none).',
    request: obj({ dto: agendaLocator, dtoLancamentoParcelas: arr(paymentItem), parametros }, ['dto', 'dtoLancamentoParcelas']),
    response: withEnvelope(),
  },
  '/AgendaRecebivel/ConsultarDetalhes': {
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
  },
  '/AgendaRecebivel/ConsultarBoletos': {
    summary: 'Boletos of a proposal.',
    request: obj({ dto: agendaLocator, dtoConsultaBoletos: obj({ numerosBoletos: arr(int), trazerBoletosCancelados: bool }) }, ['dto']),
    response: withEnvelope({ boletos: arr(ref('BoletoRecord')) }),
  },
  '/AgendaRecebivel/GerarMultiplosBoletos': {
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
  },
  '/AgendaRecebivel/GerarUnicoBoleto': {
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
  },
  '/Pessoa/ConsultarPessoa': {
    summary: 'A person record; json is a JSON string.',
    request: obj({ filter: obj({ tipoRegistro: int, documentoCliente: str, childDirectID: str, childSearch: str }) }, ['filter']),
    response: obj({ msg: str, hasError: bool, messages: arr(ref('Message')), json: str }),
  },
  '/Bureau/ConsultarCadastroBusca': {
    summary: 'Registry data of a CPF/CNPJ; json is a JSON string.',
    request: obj({ consulta: obj({ documento: str }) }, ['consulta']),
    response: obj({ msg: str, messages: arr(ref('Message')), hasError: bool, falha: bool, json: str }),
  },
  '/Bureau/ConsultaBureauCnpj': {
    summary: 'Bureau report on a CPF/CNPJ (body sandbox-defined, see README).',
    request: { type: 'object', additionalProperties: true },
    response: { type: 'object', additionalProperties: true },
  },
};

const tokenPath = {
  post: {
    summary: 'OAuth 2.0 client credentials with an RS256 client assertion.',
    operationId: 'token',
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: obj(
            {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: str,
              scope: { type: 'string', maxLength: 300 },
              client_assertion: str,
              client_assertion_type: { type: 'string', enum: ['urn:ietf:params:oauth:client-assertion-type:jwt-bearer'] },
            },
            ['grant_type', 'client_id', 'client_assertion', 'client_assertion_type'],
          ),
        },
      },
    },
    responses: {
      '200': { description: 'Token', content: { 'application/json': { schema: obj({ access_token: str, expires_in: int, token_type: str, scope: str }) } } },
      '400': {
        description: 'OAuth2 error',
        content: {
          'application/json': {
            schema: obj({
              error: { type: 'string', enum: ['invalid_client', 'invalid_scope', 'invalid_request', 'unsupported_grant_type'] },
              error_description: str,
            }),
          },
        },
      },
    },
  },
};

/** Builds the OpenAPI document for a sandbox at `url`. */
export function buildOpenApi(url: string): Record<string, unknown> {
  const paths: Record<string, unknown> = { '/connect/token': tokenPath };
  for (const route of operationRoutes()) {
    const doc = OPERATION_DOCS[route.path];
    const envelope = route.pascal ? ref('EnvelopePascal') : ref('Envelope');
    paths[route.path] = {
      ...(route.path === '/FGTS/CancelarProposta' ? { servers: [{ url: `${url}/environment` }] } : {}),
      post: {
        summary: doc?.summary ?? route.path,
        operationId: route.path.split('/').pop(),
        parameters: [{ name: 'IdempotencyKey', in: 'header', required: true, schema: { type: 'string', maxLength: 200 } }],
        requestBody: {
          required: true,
          content: Object.fromEntries(['application/json', 'text/json', 'application/*+json'].map((t) => [t, { schema: doc?.request ?? { type: 'object' } }])),
        },
        responses: {
          '200': { description: 'Envelope (hasError true for business failures)', content: { 'text/plain': { schema: doc?.response ?? envelope } } },
          '400': { description: 'Validation failure', content: { 'text/plain': { schema: envelope } } },
          '401': { description: 'Missing, invalid, expired or revoked token', content: { 'text/plain': { schema: ref('Envelope') } } },
          '409': { description: 'IdempotencyKey reused with another body (I0001/V0001)', content: { 'text/plain': { schema: envelope } } },
        },
        'x-sandbox-write': route.write,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Credit partner API (sandbox)', version: '1.0', description: 'Offline twin of the partner API; see src/sandbox/README.md.' },
    servers: [{ url }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: components,
    },
    paths,
  };
}
