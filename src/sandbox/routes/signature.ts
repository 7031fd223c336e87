import { isIP } from 'node:net';
import { documentKind, onlyDigits } from '../../shared/documents.js';
import { fail, failWith, message, SandboxFailure, type MessageItem } from '../envelope.js';
import { finalizeWhenSigned } from '../lifecycle/transitions.js';
import { Situation, SITUATION_NAMES, type Proposal, type Signer } from '../model/types.js';
import { itemObject, optArray, optBoolean, optDate, optString, readLocator, hasLocator, reqObject, type Json } from './input.js';
import { signingUrl } from '../pages/signing.js';
import { type OperationContext, type OperationRoute } from './types.js';
import { INCLUIR_ASSINATURA_CCB, INCLUIR_ASSINATURA_CCB_FINALIZADA } from './signature.schemas.js';

/** Situations before approval: adding signers answers C0060/V0003 ("must be approved"); later ones V0002. */
const BEFORE_APPROVAL = new Set<number>([Situation.Draft, Situation.UnderReview, Situation.Pending]);
/** Longest e-mail accepted (RFC 5321); longer ones get T0668/D0001. */
export const MAX_EMAIL_LENGTH = 254;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Mobile numbers whose last four digits are these are restricted from chat messages (C0060/V0006). */
export const CHAT_RESTRICTED_SUFFIX = '0000';

function normalizeEmail(s: string): string {
  return s.trim().toLowerCase();
}

/** Digits of a mobile number with a leading Brazil country code (55 + 11 digits) removed. */
function mobileDigits(s: string): string {
  const digits = onlyDigits(s);
  return digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits;
}

/** The C0060 situation rule: signers only while the proposal is approved. */
function requireApproved(p: Proposal): void {
  if (p.situation === Situation.Approved) {
    return;
  }
  if (BEFORE_APPROVAL.has(p.situation)) {
    fail('C0060', 'V0003', 'Não é possível incluir assinantes: a proposta precisa estar aprovada.', 'codigoProposta');
  }
  fail(
    'C0060',
    'V0002',
    `Não é possível incluir assinantes: a proposta está na situação ${p.situation} (${SITUATION_NAMES[p.situation] ?? 'desconhecida'}).`,
    'codigoProposta',
  );
}

interface SignerInput {
  name: string;
  email: string;
  document: string;
  role: string;
  mobile: string;
  raw: Json;
  path: string;
}

/** T0668 checks on one signer; pushes messages, returns the normalized fields. */
function checkSigner(raw: Json, path: string, mobileRequired: boolean, items: MessageItem[]): SignerInput {
  const name = optString(raw, 'nome', `${path}.nome`)?.trim() ?? '';
  const who = name || path;
  const document = optString(raw, 'documento', `${path}.documento`)?.trim() ?? '';
  const email = optString(raw, 'email', `${path}.email`)?.trim() ?? '';
  const mobileRaw = optString(raw, 'telefoneCelular', `${path}.telefoneCelular`)?.trim() ?? '';
  const role = optString(raw, 'descricao', `${path}.descricao`)?.trim() ?? '';
  if (name === '') {
    items.push(message('T0668', 'D0003', 'O nome do assinante deve ser informado.', `${path}.nome`));
  }
  if (document === '') {
    items.push(message('T0668', 'D0004', `O documento do assinante ${who} deve ser informado.`, `${path}.documento`));
  } else if (!documentKind(document)) {
    items.push(message('T0668', 'D0004', `O documento do assinante ${who} deve ser um CPF ou CNPJ válido.`, `${path}.documento`));
  }
  if (email === '') {
    items.push(message('T0668', 'D0005', `O e-mail do assinante ${who} deve ser informado.`, `${path}.email`));
  } else if (email.length > MAX_EMAIL_LENGTH) {
    items.push(message('T0668', 'D0001', `E-mail inválido: mais de ${MAX_EMAIL_LENGTH} caracteres.`, `${path}.email`));
  } else if (!EMAIL.test(email)) {
    items.push(message('T0668', 'D0006', `O e-mail do assinante ${who} é inválido.`, `${path}.email`));
  }
  const mobile = mobileDigits(mobileRaw);
  if (mobileRaw === '') {
    if (mobileRequired) {
      items.push(message('T0668', 'D0007', `O celular do assinante ${who} deve ser informado.`, `${path}.telefoneCelular`));
    }
  } else if (/[^\d\s()+.-]/.test(mobileRaw) || mobile.length < 11) {
    items.push(message('T0668', 'D0008', 'O celular deve ter 11 dígitos.', `${path}.telefoneCelular`));
  } else if (mobile.length > 11) {
    items.push(message('T0668', 'D0011', 'O celular deve ter 11 dígitos.', `${path}.telefoneCelular`));
  } else if (mobile[0] === '0' || mobile[1] === '0') {
    items.push(message('T0668', 'D0009', 'O celular deve ter 11 dígitos (DDD válido mais 9 dígitos).', `${path}.telefoneCelular`));
  } else if (!'6789'.includes(mobile[2] ?? '')) {
    items.push(message('T0668', 'D0010', 'O número do celular deve começar com 6, 7, 8 ou 9.', `${path}.telefoneCelular`));
  }
  return { name, email, document: onlyDigits(document), role, mobile, raw, path };
}

/**
 * D0012 (same name and role) and D0013 (same e-mail or mobile) against `existing` and earlier items.
 * Keyed sets keep it linear: a request may carry tens of thousands of signers.
 */
function checkDuplicates(inputs: SignerInput[], existing: Signer[], items: MessageItem[]): void {
  const nameRoles = new Set<string>();
  const emails = new Set<string>();
  const mobiles = new Set<string>();
  const remember = (name: string, role: string, email: string, mobile: string): void => {
    nameRoles.add(`${name}\u0000${role}`);
    emails.add(email);
    mobiles.add(mobile);
  };
  for (const o of existing) {
    remember(o.name.toLowerCase(), o.role.toLowerCase(), normalizeEmail(o.email), o.mobile);
  }
  for (const s of inputs) {
    const key = { name: s.name.toLowerCase(), role: s.role.toLowerCase(), email: normalizeEmail(s.email), mobile: s.mobile };
    if (key.name !== '' && nameRoles.has(`${key.name}\u0000${key.role}`)) {
      items.push(message('T0668', 'D0012', `ERR01: já existe um assinante com o nome ${s.name} e a descrição ${s.role || '(vazia)'}.`, `${s.path}.nome`));
    } else if ((key.email !== '' && emails.has(key.email)) || (key.mobile !== '' && mobiles.has(key.mobile))) {
      items.push(message('T0668', 'D0013', `ERR02: já existe um assinante com este e-mail ou celular (${s.name || s.path}).`, `${s.path}.email`));
    }
    remember(key.name, key.role, key.email, key.mobile);
  }
}

function readSigners(body: Json): Json[] {
  const list = optArray(body, 'assinantes');
  if (!list || list.length === 0) {
    throw new SandboxFailure(message('C0060', 'V0001', 'Nenhum assinante foi enviado.', 'assinantes'), 400);
  }
  return list.map((raw, i) => itemObject(raw, `assinantes[${i}]`));
}

function locate(ctx: OperationContext, body: Json): Proposal {
  const dto = reqObject(body, 'dto');
  const locator = readLocator(dto);
  if (!hasLocator(locator)) {
    throw new SandboxFailure(message('T0668', 'D0002', 'Proposta não encontrada: informe codigoProposta, codigoOperacao ou numeroProposta.', 'dto'), 400);
  }
  return ctx.store.require(locator, ctx.clientId);
}

/**
 * POST /Proposta/IncluirAssinaturaCCB: registers signers to invite (unsigned). Checks, in order:
 * locator (T0668/D0002, C0112), signers present (C0060/V0001), situation (C0060/V0002/V0003),
 * the T0668 field rules and duplicates, then the client's notification settings (C0060/V0004..6).
 */
export function incluirAssinaturaCCB(ctx: OperationContext, body: Json): Json {
  const proposal = locate(ctx, body);
  const raws = readSigners(body);
  requireApproved(proposal);
  const items: MessageItem[] = [];
  const inputs = raws.map((raw, i) => checkSigner(raw, `assinantes[${i}]`, true, items));
  checkDuplicates(inputs, proposal.signers, items);
  if (items.length > 0) {
    throw new SandboxFailure(items, 400);
  }
  const settings = ctx.clientSettings ?? { emailNotification: true, chatNotification: false };
  const flags = inputs.map((s) => ({
    email: optBoolean(s.raw, 'notificarPorEmail', `${s.path}.notificarPorEmail`) ?? false,
    chat: optBoolean(s.raw, 'notificarPorChat', `${s.path}.notificarPorChat`) ?? false,
    sms: optBoolean(s.raw, 'notificarPorSMS', `${s.path}.notificarPorSMS`) ?? false,
    identifier: optString(s.raw, 'codigoIdentificador', `${s.path}.codigoIdentificador`),
    deadline: optDate(s.raw, 'dtLimiteAssinatura', `${s.path}.dtLimiteAssinatura`),
  }));
  flags.forEach((f, i) => {
    const path = `assinantes[${i}]`;
    if (f.email && !settings.emailNotification) {
      fail('C0060', 'V0004', 'A notificação por e-mail não está configurada para esta integração.', `${path}.notificarPorEmail`);
    }
    if (f.chat && !settings.chatNotification) {
      fail('C0060', 'V0005', 'A notificação por mensagem de chat não está configurada para esta integração.', `${path}.notificarPorChat`);
    }
    if (f.chat && inputs[i]?.mobile.endsWith(CHAT_RESTRICTED_SUFFIX)) {
      fail('C0060', 'V0006', 'O celular informado está restrito para mensagens de chat.', `${path}.telefoneCelular`);
    }
  });
  // The signing link's secret, drawn once per proposal (pages/signing.ts serves it).
  proposal.signingToken ??= ctx.ids.printToken();
  inputs.forEach((s, i) => {
    const f = flags[i];
    proposal.signers.push({
      name: s.name,
      email: s.email,
      document: s.document,
      role: s.role,
      mobile: s.mobile,
      signed: false,
      notifyByEmail: f?.email ?? false,
      notifyByChat: f?.chat ?? false,
      notifyBySms: f?.sms ?? false,
      identifier: f?.identifier,
      signingDeadline: f?.deadline,
    });
  });
  return {
    parametros: [
      { nome: 'quantidadeAssinantes', valor: String(proposal.signers.length) },
      { nome: 'assinaturasPendentes', valor: String(proposal.signers.filter((s) => !s.signed).length) },
      { nome: 'urlAssinatura', valor: signingUrl(ctx.baseUrl, proposal) },
    ],
  };
}

/**
 * POST /Proposta/IncluirAssinaturaCCBFinalizada: registers signers who already signed. A signer
 * matching a registered one by document or e-mail marks that one signed; others are added signed.
 * When every registered signer has signed, the proposal moves to 6 (finalized).
 */
export function incluirAssinaturaCCBFinalizada(ctx: OperationContext, body: Json): Json {
  const proposal = locate(ctx, body);
  const raws = readSigners(body);
  requireApproved(proposal);
  const items: MessageItem[] = [];
  const inputs = raws.map((raw, i) => checkSigner(raw, `assinantes[${i}]`, false, items));
  checkDuplicates(inputs, [], items);
  if (items.length > 0) {
    throw new SandboxFailure(items, 400);
  }
  const now = ctx.clock.now();
  const details = inputs.map((s) => {
    const signedAt = optDate(s.raw, 'dtAssinatura', `${s.path}.dtAssinatura`) ?? now;
    const ip = optString(s.raw, 'ipAssinatura', `${s.path}.ipAssinatura`)?.trim();
    if (ip !== undefined && ip !== '' && isIP(ip) === 0) {
      failWith('WrongType', 'ipAssinatura deve ser um endereço IPv4 ou IPv6.', `${s.path}.ipAssinatura`);
    }
    return {
      signedAt,
      ip: ip || undefined,
      email: optBoolean(s.raw, 'notificarPorEmail', `${s.path}.notificarPorEmail`) ?? false,
      chat: optBoolean(s.raw, 'notificarPorChat', `${s.path}.notificarPorChat`) ?? false,
    };
  });
  // The first registered signer (in order) with the same document or e-mail; indexed so that a
  // request with tens of thousands of signers stays linear.
  const byDocument = new Map<string, Signer>();
  const byEmail = new Map<string, Signer>();
  const order = new Map<Signer, number>();
  const index = (o: Signer): void => {
    order.set(o, order.size);
    if (!byDocument.has(o.document)) {
      byDocument.set(o.document, o);
    }
    const email = normalizeEmail(o.email);
    if (!byEmail.has(email)) {
      byEmail.set(email, o);
    }
  };
  proposal.signers.forEach(index);
  inputs.forEach((s, i) => {
    const d = details[i];
    if (!d) {
      return;
    }
    const candidates = [byDocument.get(s.document), byEmail.get(normalizeEmail(s.email))].filter((o): o is Signer => o !== undefined);
    const existing = candidates.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))[0];
    if (existing) {
      existing.signed = true;
      existing.signedAt = d.signedAt;
      existing.signedFromIp = d.ip;
      return;
    }
    const added: Signer = {
      name: s.name,
      email: s.email,
      document: s.document,
      role: s.role,
      mobile: s.mobile,
      signed: true,
      signedAt: d.signedAt,
      signedFromIp: d.ip,
      notifyByEmail: d.email,
      notifyByChat: d.chat,
      notifyBySms: false,
    };
    proposal.signers.push(added);
    index(added);
  });
  const pending = finalizeWhenSigned(ctx, proposal);
  return {
    parametros: [
      { nome: 'quantidadeAssinantes', valor: String(proposal.signers.length) },
      { nome: 'assinaturasPendentes', valor: String(pending) },
      { nome: 'situacaoProposta', valor: String(proposal.situation) },
    ],
  };
}

export const signatureRoutes: OperationRoute[] = [
  { path: '/Proposta/IncluirAssinaturaCCB', write: true, pascal: false, handler: incluirAssinaturaCCB, doc: INCLUIR_ASSINATURA_CCB },
  {
    path: '/Proposta/IncluirAssinaturaCCBFinalizada',
    write: true,
    pascal: false,
    handler: incluirAssinaturaCCBFinalizada,
    doc: INCLUIR_ASSINATURA_CCB_FINALIZADA,
  },
];
