import { onlyDigits } from '../../shared/documents.js';
import { type AssinanteConvite, type AssinanteFinalizado } from '../../upstream/types.js';
import { toUpstreamDate } from '../common/validation.js';
import { type SignedSignerInput, type SignerInviteInput } from './signature.input.js';

/** An IncluirAssinaturaCCB `assinantes` item. */
export function signerInviteRequest(s: SignerInviteInput): AssinanteConvite {
  return {
    nome: s.name,
    email: s.email,
    documento: onlyDigits(s.document),
    telefoneCelular: onlyDigits(s.mobilePhone),
    notificarPorEmail: s.notifyByEmail,
    notificarPorChat: s.notifyByChat,
    notificarPorSMS: s.notifyBySms,
    ...(s.description ? { descricao: s.description } : {}),
    ...(s.identifierCode ? { codigoIdentificador: s.identifierCode } : {}),
    ...(s.signingDeadline ? { dtLimiteAssinatura: toUpstreamDate(s.signingDeadline) } : {}),
  };
}

/** An IncluirAssinaturaCCBFinalizada `assinantes` item. */
export function signedSignerRequest(s: SignedSignerInput): AssinanteFinalizado {
  return {
    nome: s.name,
    email: s.email,
    documento: onlyDigits(s.document),
    notificarPorEmail: s.notifyByEmail,
    notificarPorChat: s.notifyByChat,
    dtAssinatura: toUpstreamDate(s.signedAt),
    ipAssinatura: s.signingIp,
    ...(s.mobilePhone ? { telefoneCelular: onlyDigits(s.mobilePhone) } : {}),
    ...(s.description ? { descricao: s.description } : {}),
  };
}
