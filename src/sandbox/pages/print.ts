import { timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type SandboxStore } from '../model/store.js';
import { type Proposal } from '../model/types.js';
import { SANDBOX_PAYEE } from '../receivables/boletos.js';
import { qrPngBase64Sync } from '../receivables/codes.js';
import { itfSvg } from '../receivables/itf.js';
import { escapeHtml, formatBrl, formatDate, maskDocument } from './format.js';

/*
 * Boleto print pages: GET <sandbox url>/boletos/<number>/impressao/<token>, the `impressao` /
 * `urlImpressao` / `UrlImpressaoBoleto` of the answers. No bearer token (end customers open these
 * links); the 128-bit random token in the path is what protects them. Documented in the README,
 * section "Boleto print pages".
 */

/** The print path: number, then the 32-hex-digit token. */
export const PRINT_PATH = /^\/boletos\/(\d{1,12})\/impressao\/([0-9a-f]{32})$/;

/** What a print page shows: the boleto's own data. */
export interface PrintableBoleto {
  number: number;
  token: string;
  amount: number;
  dueDate: Date;
  createdAt: Date;
  digitableLine: string;
  barcode: string;
  description: string;
  proposalNumber: number;
  payerName: string;
  payerDocument: string;
  status: 'open' | 'settled' | 'cancelled';
  pixEmv?: string;
  /** PNG, base64. */
  pixImage?: string;
}

/** Finds a boleto (agenda boleto or FGTS return boleto) by number, whatever its token. */
export function findPrintable(store: SandboxStore, number: number): PrintableBoleto | undefined {
  for (const p of store.proposals.values()) {
    const b = p.agenda?.boletos.find((x) => x.number === number);
    if (b) {
      return {
        ...payer(p),
        number,
        token: b.printToken,
        amount: b.amount,
        dueDate: b.dueDate,
        createdAt: b.createdAt,
        digitableLine: b.digitableLine,
        barcode: b.barcode,
        description: b.description,
        status: b.cancelledAt ? 'cancelled' : b.settled ? 'settled' : 'open',
        pixEmv: b.pix?.emv,
        pixImage: b.pix?.image,
      };
    }
    const e = p.fgtsCancellations.find((x) => x.boletoNumber === number);
    if (e && e.printToken && e.barcode && e.digitableLine && e.dueDate && e.boletoAmount !== undefined) {
      return {
        ...payer(p),
        number,
        token: e.printToken,
        amount: e.boletoAmount,
        dueDate: e.dueDate,
        createdAt: e.eventAt,
        digitableLine: e.digitableLine,
        barcode: e.barcode,
        description: `Devolução do valor liberado (cancelamento FGTS da proposta ${p.number})`,
        status: 'open',
        pixEmv: e.pixCopyPaste,
        pixImage: e.pixCopyPaste ? qrPngBase64Sync(e.pixCopyPaste) : undefined,
      };
    }
  }
  return undefined;
}

function payer(p: Proposal): Pick<PrintableBoleto, 'proposalNumber' | 'payerName' | 'payerDocument'> {
  return { proposalNumber: p.number, payerName: p.clientName, payerDocument: maskDocument(p.clientDocument) };
}

/** The digitable line in its five printed groups: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function formatDigitableLine(line: string): string {
  const d = line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33, 47)}`;
}

const STATUS_TEXT = { open: '', settled: 'PAGO', cancelled: 'CANCELADO' } as const;

/** The printable HTML page of a boleto (UTF-8, no external resources). */
export function renderBoletoPage(b: PrintableBoleto): string {
  const e = escapeHtml;
  const nossoNumero = String(b.number).padStart(11, '0');
  const row = (label: string, value: string, cls = ''): string => `<tr><th>${e(label)}</th><td${cls ? ` class="${cls}"` : ''}>${value}</td></tr>`;
  const pix = b.pixEmv
    ? `<section class="pix"><h2>Pix</h2>` +
      (b.pixImage ? `<img class="qr" alt="QR Code Pix" src="data:image/png;base64,${e(b.pixImage)}">` : '') +
      `<p>Pix copia e cola:</p><p class="emv">${e(b.pixEmv)}</p></section>`
    : '';
  const status = STATUS_TEXT[b.status];
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Boleto ${b.number}</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;margin:24px;color:#000}
.notice{border:1px dashed #900;color:#900;padding:4px 8px;font-size:12px}
.status{font-size:24px;font-weight:bold;color:#900}
table{border-collapse:collapse;width:100%;max-width:720px;margin:12px 0}
th,td{border:1px solid #000;padding:4px 8px;text-align:left;font-size:13px}
th{width:30%;font-weight:normal;color:#333}
.line{font-family:monospace;font-size:16px;font-weight:bold;letter-spacing:1px}
.emv{font-family:monospace;font-size:11px;word-break:break-all;max-width:720px}
.barcode{display:block;margin:12px 0;height:50px}
@media print{.notice{display:none}}
</style>
</head>
<body>
<p class="notice">Documento gerado pelo sandbox da API parceira: sem valor de pagamento.</p>
${status ? `<p class="status">${status}</p>\n` : ''}<h1>${e(SANDBOX_PAYEE.bankCode)}-9 | <span class="line">${e(formatDigitableLine(b.digitableLine))}</span></h1>
<table>
${row('Beneficiário', e(SANDBOX_PAYEE.name))}
${row('Agência / Código do beneficiário', e(`${SANDBOX_PAYEE.branch} / ${SANDBOX_PAYEE.account}`))}
${row('Pagador', `${e(b.payerName)} (${e(b.payerDocument)})`)}
${row('Número do documento', e(`${b.proposalNumber}`))}
${row('Nosso número', e(`${SANDBOX_PAYEE.wallet}/${nossoNumero}`))}
${row('Data do documento', e(formatDate(b.createdAt)))}
${row('Vencimento', e(formatDate(b.dueDate)), 'due')}
${row('Valor do documento', e(formatBrl(b.amount)), 'amount')}
${row('Descrição', e(b.description))}
${row('Linha digitável', e(formatDigitableLine(b.digitableLine)), 'line')}
</table>
${itfSvg(b.barcode)}
${pix}
</body>
</html>
`;
}

/** Security headers of a print page: nothing external, no referrer (the URL carries the token). */
const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};

/**
 * Serves a print path. Answers `undefined` when the path is not a print page of a known boleto with
 * the right token (the caller answers the 404 envelope, the same for an unknown number and a wrong
 * token, so a number's existence is not revealed); 'method' when the method is not GET/HEAD;
 * otherwise sends the page and answers 'sent'.
 */
export function servePrintPage(store: SandboxStore, req: IncomingMessage, res: ServerResponse, path: string): 'sent' | 'method' | undefined {
  const match = PRINT_PATH.exec(path);
  if (!match) {
    return undefined;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return 'method';
  }
  const boleto = findPrintable(store, Number(match[1]));
  const given = Buffer.from(match[2] as string);
  if (!boleto || given.length !== boleto.token.length || !timingSafeEqual(given, Buffer.from(boleto.token))) {
    return undefined;
  }
  req.resume();
  const html = Buffer.from(renderBoletoPage(boleto), 'utf8');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': html.length, ...PAGE_HEADERS });
  res.end(req.method === 'HEAD' ? undefined : html);
  return 'sent';
}
