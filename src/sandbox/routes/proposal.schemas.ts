import { IOF_SOURCE } from '../config/iof.js';
import { GUARANTOR_PF_FIELDS, GUARANTOR_PJ_FIELDS, type GuarantorFieldType } from './guarantor.js';
import { IGNORED_MANUAL_NUMBERS } from './proposal.input.js';
import { type OperationDoc, type Schema, str, int, num, bool, dateTime, uuid, obj, arr, ref, fields, parametros, withEnvelope } from './schema.js';

/** The request and answer each proposal operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

const GUARANTOR_TYPES: Record<GuarantorFieldType, Schema> = { string: str, integer: int, number: num, boolean: bool, datetime: dateTime };
function guarantorPart(table: Readonly<Record<string, GuarantorFieldType>>): Schema {
  return { ...obj(Object.fromEntries(Object.entries(table).map(([k, t]) => [k, GUARANTOR_TYPES[t]]))), additionalProperties: true };
}

/** A field whose wrong type the operation refuses with its own catalogue code, not S0003 (checkRequest leaves it to the handler). */
const refusedWith = (code: string, schema: Schema): Schema => ({ ...schema, 'x-refused-with': code });

/** The amount, term and calculation format both IncluirManual and CalcularValoresProposta check (T0665). */
const TERMS: Record<string, Schema> = {
  vlrSolicitado: refusedWith('T0665/D0020', num),
  prazo: refusedWith('T0665/D0021', int),
  formatoCalculo: refusedWith('T0665/D0022', int),
};

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

/** /Proposta/IncluirManual. */
export const INCLUIR_MANUAL: OperationDoc = {
  summary: 'Includes a proposal manually.',
  request: obj({ dto: ref('ManualProposal'), parametros }, ['dto']),
  response: withEnvelope({ codigo: uuid, numero: int }),
  components: {
    ManualProposal: obj({
      ...fields(['documentoCliente', 'documentoPromotor', 'documentoParceiroCorrespondente', 'observacoesVendedor', 'codigoOperacao', 'tipoContrato'], str),
      ...fields(['codigoVersaoCCB', 'nroDiasAcrescimo', 'tipoIndiceFinan'], int),
      ...TERMS,
      // The contract types it as an integer; the facts announce alphanumeric CCB numbers.
      numeroCCB: { oneOf: [int, { type: 'string', minLength: 1, maxLength: 50 }] },
      ...fields(
        [
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
  },
};

/** /Proposta/IncluirAvalista. */
export const INCLUIR_AVALISTA: OperationDoc = {
  summary: 'Adds a guarantor.',
  request: obj({ dto: ref('Locator'), avalista: ref('Guarantor') }, ['dto', 'avalista']),
  response: withEnvelope({ codigo: uuid, numero: int }),
  components: {
    Guarantor: {
      type: 'object',
      description:
        'Every field optional; avalistaPF / avalistaPJ carry the indexed fields of the contract (refBanco1Nome, socio5DtEntrada, ...), type-checked.',
      properties: {
        ...fields(['nome', 'documentoFederal', 'cep', 'logradouro', 'nroLogradouro', 'bairro', 'complemento', 'cidade', 'uf'], str),
        avalistaPF: guarantorPart(GUARANTOR_PF_FIELDS),
        avalistaPJ: guarantorPart(GUARANTOR_PJ_FIELDS),
      },
    },
  },
};

/** /Proposta/ConsultarParcelas. */
export const CONSULTAR_PARCELAS: OperationDoc = {
  summary: 'Installments of a proposal.',
  request: obj({ dto: ref('Locator'), parametros }, ['dto']),
  response: withEnvelope({ parcelas: arr(ref('Installment')) }),
  components: {
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
  },
};

/** /Proposta/CalcularValoresProposta. */
export const CALCULAR_VALORES_PROPOSTA: OperationDoc = {
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
  components: {
    CalculationInput: obj({
      ...fields(
        ['percJurosNegociado', ...OPERATION_AMOUNTS, 'vlrIOF', 'vlrTAC', 'vlrAvaliacao', 'vlrBlindagem', 'vlrAcessorios', 'vlrVistoria', 'vlrCertiDocs'],
        num,
      ),
      ...fields(['nroDiasAcrescimo', 'tipoPessoa'], int),
      ...TERMS,
    }),
  },
};
