import { type OperationDoc, fields, str, bool, dateTime, obj, arr, ref, withEnvelope } from './schema.js';

/** The request and answer each signature operation declares: checked before its handler runs, and its entry in the OpenAPI document. */

/** /Proposta/IncluirAssinaturaCCB. */
export const INCLUIR_ASSINATURA_CCB: OperationDoc = {
  summary: 'Registers signers to invite (proposal must be approved).',
  request: obj({ dto: ref('Locator'), assinantes: arr(ref('SignerInvite')) }, ['dto', 'assinantes']),
  response: withEnvelope(),
  components: {
    SignerInvite: obj({
      ...fields(['nome', 'email', 'documento', 'descricao', 'telefoneCelular', 'codigoIdentificador'], str),
      ...fields(['notificarPorEmail', 'notificarPorChat', 'notificarPorSMS'], bool),
      dtLimiteAssinatura: dateTime,
    }),
  },
};

/** /Proposta/IncluirAssinaturaCCBFinalizada. */
export const INCLUIR_ASSINATURA_CCB_FINALIZADA: OperationDoc = {
  summary: 'Registers signers who already signed; finalizes (situation 6) when all have signed.',
  request: obj({ dto: ref('Locator'), assinantes: arr(ref('SignerSigned')) }, ['dto', 'assinantes']),
  response: withEnvelope(),
  components: {
    SignerSigned: obj({
      ...fields(['nome', 'email', 'documento', 'descricao', 'telefoneCelular', 'ipAssinatura'], str),
      ...fields(['notificarPorEmail', 'notificarPorChat'], bool),
      dtAssinatura: dateTime,
    }),
  },
};
