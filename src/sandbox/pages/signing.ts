import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { onlyDigits } from '../../shared/documents.js';
import { BodyAbortedError, BodyTooLargeError, mediaType, readBody } from '../http.js';
import { finalizeWhenSigned, type LifecycleContext } from '../lifecycle/transitions.js';
import { Situation, SITUATION_NAMES, type Proposal, type Signer } from '../model/types.js';
import { escapeHtml, formatBrl, formatDate, maskDocument } from './format.js';

/*
 * The signer's journey: `urlAssinatura` (IncluirAssinaturaCCB) opens this page. The invited signer
 * sees the proposal's summary, identifies themself with their CPF/CNPJ, confirms they read the CCB
 * and signs; the signature is recorded with the sandbox clock's time and the request's IP, and the
 * proposal is finalized (6) when every registered signer has signed. Like the print pages, no
 * bearer token: the 128-bit random token in the path is the access control. README, "The signer's
 * journey".
 */

/** The signing path: the proposal's codigo, then the 32-hex-digit token. */
export const SIGNING_PATH = /^\/assinatura\/([0-9a-fA-F-]{36})\/([0-9a-f]{32})$/;
/** Largest signing form (two short fields). */
const MAX_FORM_BYTES = 16 * 1024;

/** What the signing page needs of the sandbox: the store, the clock, ids and the write queue. */
export interface SigningContext extends LifecycleContext {
  exclusive<T>(fn: () => Promise<T> | T): Promise<T>;
}

/** The link the signers are sent: `<sandbox url>/assinatura/<codigo>/<token>`. */
export function signingUrl(baseUrl: string, proposal: Proposal): string {
  return `${baseUrl}/assinatura/${proposal.id}/${proposal.signingToken ?? ''}`;
}

/** Security headers of the page: nothing external, forms only to itself, no referrer (the URL is the secret). */
const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex',
};

/** A notice shown above the form: the outcome of a signing attempt. */
interface Notice {
  kind: 'ok' | 'error';
  text: string;
}

/**
 * Serves a signing path. Answers undefined when the path is not the signing page of a proposal with
 * that token (the caller answers the same 404 envelope for an unknown proposal and a wrong token);
 * 'method' for a method other than GET, HEAD or POST; otherwise answers and returns 'sent'.
 */
export async function serveSigningPage(ctx: SigningContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<'sent' | 'method' | undefined> {
  const match = SIGNING_PATH.exec(path);
  if (!match) {
    return undefined;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    return 'method';
  }
  const proposal = ctx.store.proposals.get((match[1] as string).toLowerCase());
  const given = Buffer.from(match[2] as string);
  if (!proposal?.signingToken || given.length !== proposal.signingToken.length || !timingSafeEqual(given, Buffer.from(proposal.signingToken))) {
    return undefined;
  }
  if (req.method !== 'POST') {
    req.resume();
    send(res, 200, renderSigningPage(proposal), req.method === 'HEAD');
    return 'sent';
  }
  const outcome = await sign(ctx, req, proposal);
  if (outcome) {
    send(res, outcome[0], renderSigningPage(proposal, outcome[1]));
  }
  return 'sent';
}

/** Reads the form and records the signature; answers the page's status and notice (none when the client went away). */
async function sign(ctx: SigningContext, req: IncomingMessage, proposal: Proposal): Promise<[number, Notice] | undefined> {
  if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded') {
    req.resume();
    return [415, { kind: 'error', text: 'Envie o formulário da página (application/x-www-form-urlencoded).' }];
  }
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBody(req, MAX_FORM_BYTES)).toString('utf8'));
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      return [413, { kind: 'error', text: 'Formulário grande demais.' }];
    }
    if (err instanceof BodyAbortedError) {
      return undefined;
    }
    throw err;
  }
  const document = onlyDigits(form.get('documento') ?? '');
  const accepted = form.get('aceite') === 'sim';
  const ip = clientIp(req);
  return ctx.exclusive((): [number, Notice] => {
    if (proposal.situation !== Situation.Approved) {
      return [
        409,
        { kind: 'error', text: `Esta proposta não aceita assinaturas: situação ${proposal.situation} (${SITUATION_NAMES[proposal.situation] ?? ''}).` },
      ];
    }
    if (!accepted) {
      return [400, { kind: 'error', text: 'Confirme que leu a CCB e concorda com os termos.' }];
    }
    const signer = document === '' ? undefined : proposal.signers.find((s) => s.document === document && !s.signed);
    if (!signer) {
      const already = document !== '' && proposal.signers.some((s) => s.document === document);
      return already
        ? [409, { kind: 'error', text: 'Este assinante já assinou.' }]
        : [400, { kind: 'error', text: 'O documento informado não é de um assinante desta proposta.' }];
    }
    signer.signed = true;
    signer.signedAt = ctx.clock.now();
    signer.signedFromIp = ip;
    const pending = finalizeWhenSigned(ctx, proposal);
    const outcome = pending === 0 ? 'Todas as assinaturas foram registradas: proposta finalizada.' : `Faltam ${pending} assinatura(s).`;
    return [200, { kind: 'ok', text: `Assinatura de ${signer.name} registrada em ${formatDateTime(signer.signedAt)}. ${outcome}` }];
  });
}

/** The request's peer address (an IPv4 mapped into IPv6 is given as IPv4). */
function clientIp(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  return address?.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

function send(res: ServerResponse, status: number, html: string, headOnly = false): void {
  const body = Buffer.from(html, 'utf8');
  // After a form over the limit the rest of it is not read: the connection cannot be reused.
  const close: Record<string, string> = status === 413 ? { Connection: 'close' } : {};
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, ...PAGE_HEADERS, ...close });
  res.end(headOnly ? undefined : body);
}

/** `dd/mm/yyyy hh:mm UTC`. */
function formatDateTime(d: Date): string {
  return `${formatDate(d)} ${d.toISOString().slice(11, 16)} UTC`;
}

function formatPct(n: number): string {
  return `${n.toFixed(2).replace('.', ',')}%`;
}

function signerRow(s: Signer): string {
  const e = escapeHtml;
  const status = s.signed && s.signedAt ? `Assinado em ${formatDateTime(s.signedAt)}` : 'Pendente';
  return `<tr class="signer ${s.signed ? 'signed' : 'pending'}"><td>${e(s.name)}</td><td>${e(s.role || '-')}</td><td class="status">${e(status)}</td></tr>`;
}

/** The signing page (UTF-8, no script, no external resources). */
export function renderSigningPage(p: Proposal, notice?: Notice): string {
  const e = escapeHtml;
  const v = p.values;
  const row = (label: string, value: string, id = ''): string => `<tr><th>${e(label)}</th><td${id ? ` id="${id}"` : ''}>${e(value)}</td></tr>`;
  const pending = p.signers.filter((s) => !s.signed).length;
  const open = p.situation === Situation.Approved && pending > 0;
  const state =
    p.situation === Situation.Finalized
      ? '<p class="done" id="finalized">Todas as assinaturas foram registradas: proposta finalizada.</p>'
      : open
        ? ''
        : `<p class="closed">Esta proposta não aceita assinaturas: situação ${p.situation} (${e(SITUATION_NAMES[p.situation] ?? '')}).</p>`;
  const form = open
    ? `<form method="post" id="sign">
<h2>Assinar</h2>
<p><label for="documento">Seu CPF ou CNPJ</label><br><input id="documento" name="documento" inputmode="numeric" autocomplete="off" required></p>
<p><label><input type="checkbox" name="aceite" value="sim" required> Li a Cédula de Crédito Bancário e concordo com os seus termos.</label></p>
<p><button type="submit">Assinar a CCB</button></p>
</form>`
    : '';
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Assinatura da CCB - proposta ${p.number}</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#000;max-width:760px}
.sandbox{border:1px dashed #900;color:#900;padding:4px 8px;font-size:12px}
table{border-collapse:collapse;width:100%;margin:12px 0}
th,td{border:1px solid #999;padding:4px 8px;text-align:left;font-size:14px}
th{width:40%;font-weight:normal;color:#333}
.notice-ok,.done{border:1px solid #060;background:#efe;padding:8px}
.notice-error,.closed{border:1px solid #900;background:#fee;padding:8px}
button{font-size:16px;padding:6px 16px}
</style>
</head>
<body>
<p class="sandbox">Ambiente de testes (sandbox da API parceira): esta assinatura não tem valor jurídico.</p>
<h1>Assinatura da CCB</h1>
${notice ? `<p class="notice-${notice.kind}" id="notice" role="status">${e(notice.text)}</p>\n` : ''}${state}
<h2>Resumo da proposta</h2>
<table id="summary">
${row('Proposta', String(p.number), 'numero')}
${row('Cliente', `${p.clientName} (${maskDocument(p.clientDocument)})`)}
${row('Tipo de contrato', p.contractType ?? '-')}
${row('Valor solicitado', formatBrl(v.requestedAmount), 'valor')}
${row('IOF', formatBrl(v.iof))}
${row('Valor financiado', formatBrl(v.financedAmount))}
${row('Parcelas', `${v.schedule.length} x ${formatBrl(v.installmentAmount)}`, 'parcelas')}
${row('Primeiro vencimento', formatDate(p.firstDueDate))}
${row('Juros', `${formatPct(v.monthlyInterestPct)} a.m. (${formatPct(v.annualInterestPct)} a.a.)`)}
${row('CET', `${formatPct(v.monthlyCetPct)} a.m. (${formatPct(v.annualCetPct)} a.a.)`)}
${row('Valor total da dívida', formatBrl(v.totalDebt))}
${row('Situação', `${p.situation} (${SITUATION_NAMES[p.situation] ?? ''})`, 'situacao')}
</table>
<h2>Assinantes</h2>
<table id="signers">
<tr><th>Nome</th><th>Papel</th><th>Assinatura</th></tr>
${p.signers.map(signerRow).join('\n')}
</table>
${form}
</body>
</html>
`;
}
