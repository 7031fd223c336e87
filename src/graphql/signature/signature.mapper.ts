import { onlyDigits } from '../../shared/documents.js';
import { type AssinanteConvite, type AssinanteFinalizado, type Parametro } from '../../upstream/index.js';
import { type ProposalSituation } from '../proposal/proposal-situation.type.js';
import { toProposalSituation } from '../proposal/proposal.mapper.js';
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

/** One signer as the ledger keeps it for read-back (no phone, no IP: read-back does not show them). */
export interface SignerDetails {
  name: string;
  email: string;
  document: string;
  role: string | null;
  /** ISO time of the signing, for a signer registered as signed. */
  signedAt: string | null;
  signingDeadline: string | null;
}

/** What the ledger keeps of a signer registration (`Proposal.signers`). */
export interface SignersDetails {
  signers: SignerDetails[];
}

/** The read-back details of one signer: what both registrations keep, and when it signed or must sign. */
function signerDetails(s: SignerInviteInput | SignedSignerInput, signedAt: Date | null, signingDeadline: Date | null): SignerDetails {
  return {
    name: s.name,
    email: s.email,
    document: onlyDigits(s.document),
    role: s.description ?? null,
    signedAt: signedAt === null ? null : signedAt.toISOString(),
    signingDeadline: signingDeadline === null ? null : signingDeadline.toISOString(),
  };
}

/** The read-back details of invited signers. */
export function invitedSignersDetails(signers: readonly SignerInviteInput[]): SignersDetails {
  return { signers: signers.map((s) => signerDetails(s, null, s.signingDeadline ?? null)) };
}

/** The read-back details of signers registered as signed. */
export function signedSignersDetails(signers: readonly SignedSignerInput[]): SignersDetails {
  return { signers: signers.map((s) => signerDetails(s, s.signedAt, null)) };
}

/** The typed results a signer registration answers in `parametros` (each null when absent). */
export function signerResults(parametros: readonly Parametro[] | null | undefined): {
  signingUrl: string | null;
  signerCount: number | null;
  pendingSignerCount: number | null;
  proposalSituation: ProposalSituation | null;
  proposalSituationCode: number | null;
} {
  const value = (name: string): string | null => parametros?.find((p) => p.nome === name)?.valor ?? null;
  const int = (name: string): number | null => {
    const text = value(name)?.trim();
    return text !== undefined && /^\d+$/.test(text) ? Number(text) : null;
  };
  const situationCode = int('situacaoProposta');
  return {
    signingUrl: value('urlAssinatura'),
    signerCount: int('quantidadeAssinantes'),
    pendingSignerCount: int('assinaturasPendentes'),
    proposalSituation: situationCode === null ? null : toProposalSituation(situationCode),
    proposalSituationCode: situationCode,
  };
}
