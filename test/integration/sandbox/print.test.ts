import { parseDigitableLine } from '../../../src/sandbox/receivables/codes.js';
import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

/** ITF digit patterns (1 = wide), written out here independently of the encoder. */
const PATTERNS = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010'];

/** Decodes the ITF barcode of a print page's SVG back to its digits (throws on any malformed element). */
function decodeItfSvg(html: string): string {
  const svg = /<svg[^>]*class="barcode"[^>]*>.*?<\/svg>/s.exec(html)?.[0];
  if (!svg) {
    throw new Error('no barcode svg');
  }
  const group = /<g fill="#000">(.*)<\/g>/s.exec(svg)?.[1] ?? '';
  const bars = [...group.matchAll(/<rect x="(\d+)" y="0" width="(\d+)" height="50"\/>/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
  const widths: number[] = [];
  bars.forEach(([x, w], i) => {
    if (i > 0) {
      const [px, pw] = bars[i - 1] as readonly [number, number];
      widths.push(x - (px + pw));
    }
    widths.push(w);
  });
  const bit = (w: number): string => {
    if (w !== 1 && w !== 3) {
      throw new Error(`element width ${w}`);
    }
    return w === 3 ? '1' : '0';
  };
  const start = widths.slice(0, 4).map(bit).join('');
  const stop = widths.slice(-3).map(bit).join('');
  if (start !== '0000' || stop !== '100') {
    throw new Error(`start ${start} stop ${stop}`);
  }
  const body = widths.slice(4, -3);
  let digits = '';
  for (let k = 0; k < body.length; k += 10) {
    const chunk = body.slice(k, k + 10).map(bit);
    const first = PATTERNS.indexOf([0, 2, 4, 6, 8].map((e) => chunk[e]).join(''));
    const second = PATTERNS.indexOf([1, 3, 5, 7, 9].map((e) => chunk[e]).join(''));
    if (first < 0 || second < 0) {
      throw new Error('bad pair');
    }
    digits += `${first}${second}`;
  }
  return digits;
}

describe('sandbox boleto print pages', () => {
  const t = sandboxFixture({ demo: true, now: new Date('2026-03-10T12:00:00Z') });
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const demo = (label: string): string => {
    const d = t.sandbox.demo.find((p) => p.label === label);
    if (!d) {
      throw new Error(label);
    }
    return d.id;
  };

  async function demoBoleto() {
    const res = await call('/AgendaRecebivel/ConsultarBoletos', { dto: { codigoProposta: demo('disbursed') } });
    expect(res.json.boletos).toHaveLength(1);
    return res.json.boletos[0];
  }

  it('serves the demo boleto page without auth: payee, payer, amount, due date, digitable line, ITF barcode, Pix QR', async () => {
    const boleto = await demoBoleto();
    const url = boleto.impressao as string;
    const match = new RegExp(`^${t.sandbox.url}/boletos/5000001/impressao/([0-9a-f]{32})$`).exec(url);
    expect(match).not.toBeNull();
    const details = await call('/AgendaRecebivel/ConsultarDetalhes', {
      dto: { codigoProposta: demo('disbursed'), nroParcelas: [2] },
      dtoConsultaDetalhes: { trazerBoleto: true },
    });
    expect(details.json.parcelas[0].boletos[0].urlImpressao).toBe(url);
    await t.admin.resetCalls();

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'");
    const html = await res.text();
    const line = boleto.linhaDigitavel as string;
    const grouped = `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line[32]} ${line.slice(33)}`;
    expect(grouped).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(html).toContain(`<td class="line">${grouped}</td>`);
    expect(html).toContain('<tr><th>Beneficiário</th><td>CREDIT GRAPH SANDBOX SCD</td></tr>');
    expect(html).toContain(`<td class="due">${boleto.dtVencimento.slice(8, 10)}/${boleto.dtVencimento.slice(5, 7)}/${boleto.dtVencimento.slice(0, 4)}</td>`);
    const [int, cents] = (boleto.valorBoleto as number).toFixed(2).split('.') as [string, string];
    expect(html).toContain(`<td class="amount">R$ ${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}</td>`);
    const cpf = boleto.documentoFederalCliente as string;
    expect(html).toContain(`<tr><th>Pagador</th><td>${boleto.cliente} (***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**)</td></tr>`);
    expect(html).not.toContain(cpf);
    expect(html).toContain(`<img class="qr" alt="QR Code Pix" src="data:image/png;base64,${boleto.qrCode.imagem}">`);
    expect(html).toContain(`<p class="emv">${boleto.qrCode.emv}</p>`);
    expect(decodeItfSvg(html)).toBe(parseDigitableLine(line)?.barcode);
    // Not an operation: not counted.
    expect((await t.admin.calls()).total).toBe(0);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('answers the 404 envelope for an unknown number, a wrong t.token, a missing t.token; 405 for POST', async () => {
    const url = (await demoBoleto()).impressao as string;
    const tokenPart = url.slice(-32);
    const wrong = `${tokenPart.slice(0, 31)}${tokenPart[31] === '0' ? '1' : '0'}`;
    for (const path of [
      `/boletos/5009999/impressao/${tokenPart}`,
      `/boletos/5000001/impressao/${wrong}`,
      '/boletos/5000001/impressao',
      `/boletos/5000001/impressao/${tokenPart.toUpperCase()}`,
    ]) {
      const res = await fetch(`${t.sandbox.url}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.json()).toEqual({
        msg: 'Falha na operação.',
        hasError: true,
        messages: [{ messageType: 1, code: 'S0002', context: 'V0001', description: expect.any(String), field: '' }],
      });
    }
    const post = await fetch(url, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(((await post.json()) as { messages: unknown[] }).messages[0]).toMatchObject({ code: 'S0002', context: 'V0002' });
  });

  it('gives every boleto its own t.token, and a boleto keeps its page after cancellation (marked CANCELADO)', async () => {
    const id = demo('disbursed');
    const first = (await demoBoleto()).impressao as string;
    const gen = await call('/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: id, nroParcelas: [2] }, dtoGerarUnicoBoleto: { tipoRegistro: 2 } });
    expect(gen.json.hasError).toBe(false);
    const all = await call('/AgendaRecebivel/ConsultarBoletos', { dto: { codigoProposta: id }, dtoConsultaBoletos: { trazerBoletosCancelados: true } });
    const urls = all.json.boletos.map((b: { impressao: string }) => b.impressao) as string[];
    expect(urls[0]).toBe(first);
    expect(urls[1]).toMatch(new RegExp(`^${t.sandbox.url}/boletos/5000002/impressao/[0-9a-f]{32}$`));
    expect(urls[1]?.slice(-32)).not.toBe(first.slice(-32));
    const cancelled = await (await fetch(first)).text();
    expect(cancelled).toContain('<p class="status">CANCELADO</p>');
    const offline = await (await fetch(urls[1] as string)).text();
    expect(offline).not.toContain('class="status"');
    expect(offline).not.toContain('<img');
    // The old boleto's t.token does not open the new one.
    expect((await fetch(`${t.sandbox.url}/boletos/5000002/impressao/${first.slice(-32)}`)).status).toBe(404);
  });

  it('serves the FGTS cancellation boleto (UrlImpressaoBoleto) with its Pix QR', async () => {
    const id = demo('fgts-disbursed');
    const cancel = await call('/FGTS/CancelarProposta', { CodigoProposta: id });
    expect(cancel.status).toBe(200);
    const event = (await call('/FGTS/ConsultaProposta', { dto: { CodigoProposta: id } })).json.CancelamentoFGTS[0];
    expect(event.UrlImpressaoBoleto).toMatch(new RegExp(`^${t.sandbox.url}/boletos/${event.NumeroBoleto}/impressao/[0-9a-f]{32}$`));
    const res = await fetch(event.UrlImpressaoBoleto as string);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(decodeItfSvg(html)).toBe(event.NumCodigoBarras);
    expect(html).toContain(`<p class="emv">${event.PixCopiaCola}</p>`);
    expect(html).toMatch(/<img class="qr" alt="QR Code Pix" src="data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+">/);
    expect(html).toContain(`<td class="due">${event.DtVencimento.slice(8, 10)}/${event.DtVencimento.slice(5, 7)}/${event.DtVencimento.slice(0, 4)}</td>`);
  });

  it('escapes the client name', async () => {
    const created = await call('/Proposta/IncluirManual', {
      dto: { documentoCliente: '12345678909', tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 3 },
      parametros: [{ nome: 'nomeCliente', valor: '<script>alert("x")</script> & Cia' }],
    });
    const id = created.json.codigo as string;
    await t.admin.setSituation(id, 9);
    await call('/AgendaRecebivel/GerarUnicoBoleto', { dto: { codigoProposta: id, nroParcelas: [1] }, dtoGerarUnicoBoleto: { tipoRegistro: 2 } });
    const boleto = (await call('/AgendaRecebivel/ConsultarBoletos', { dto: { codigoProposta: id } })).json.boletos[0];
    const html = await (await fetch(boleto.impressao as string)).text();
    expect(html).toContain('<td>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Cia (***.456.789-**)</td>');
    expect(html).not.toContain('<script');
  });
});
