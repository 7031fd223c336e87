import { connect } from 'node:net';
import { callOperation, sandboxFixture } from '../../helpers/sandbox.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const ANA = { nome: 'Ana Lima', email: 'ana@example.com', documento: '529.982.247-25', descricao: 'Cliente', telefoneCelular: '11987654321' };
const BRUNO = { nome: 'Bruno Reis', email: 'bruno@example.com', documento: '11144477735', descricao: 'Avalista', telefoneCelular: '21987654321' };

describe('the signer journey page (urlAssinatura)', () => {
  const t = sandboxFixture({ now: NOW });
  let id: string;
  let url: string;
  const call = (path: string, body: unknown) => callOperation(t.sandbox, t.token, path, body);
  const post = (form: Record<string, string>, target = url, contentType = 'application/x-www-form-urlencoded') =>
    fetch(target, { method: 'POST', headers: { 'Content-Type': contentType }, body: new URLSearchParams(form).toString() });
  const situation = async () => (await t.admin.proposals()).find((p) => p.codigo === id)?.situacao;

  beforeEach(async () => {
    id = (await call('/Proposta/IncluirManual', { dto: { documentoCliente: '39053344705', tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 6 } })).json
      .codigo as string;
    await t.admin.concludeAnalyses();
    const invited = await call('/Proposta/IncluirAssinaturaCCB', { dto: { codigoProposta: id }, assinantes: [ANA, BRUNO] });
    url = (invited.json.parametros as { nome: string; valor: string }[]).find((p) => p.nome === 'urlAssinatura')?.valor ?? '';
  });

  it('links to a page with an unguessable t.token, the same for every invitation of the proposal', async () => {
    expect(url).toMatch(new RegExp(`^${t.sandbox.url}/assinatura/${id}/[0-9a-f]{32}$`));
    const more = await call('/Proposta/IncluirAssinaturaCCB', {
      dto: { codigoProposta: id },
      assinantes: [{ ...ANA, nome: 'Carla Dias', email: 'carla@example.com', documento: '39053344705', telefoneCelular: '31987654321' }],
    });
    expect(more.json.parametros).toContainEqual({ nome: 'urlAssinatura', valor: url });
  });

  it('shows the proposal summary and who signs, with security headers, and is no operation', async () => {
    await t.admin.resetCalls();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<td id="numero">100001</td>');
    expect(html).toContain('<td id="valor">R$ 1.000,00</td>');
    expect(html).toContain('***.533.447-**');
    expect(html).not.toContain('39053344705');
    expect(html).toMatch(/<td>Ana Lima<\/td><td>Cliente<\/td><td class="status">Pendente<\/td>/);
    expect(html).toMatch(/<td>Bruno Reis<\/td><td>Avalista<\/td><td class="status">Pendente<\/td>/);
    expect(html).toContain('<form method="post" id="sign">');
    expect((await t.admin.calls()).total).toBe(0);
  });

  it('answers the same 404 envelope for a wrong t.token and an unknown proposal, and 405 to other methods', async () => {
    const wrong = url.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
    const unknown = url.replace(id, '00000000-0000-4000-8000-000000000000');
    for (const target of [wrong, unknown, `${t.sandbox.url}/assinatura/${id}`]) {
      const res = await fetch(target);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ hasError: true, messages: [{ code: 'S0002', context: 'V0001' }] });
    }
    const put = await fetch(url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const signAtWrong = await post({ documento: ANA.documento, aceite: 'sim' }, wrong);
    expect(signAtWrong.status).toBe(404);
    expect((await t.admin.signers(id)).signers.every((s) => !s.signed)).toBe(true);
  });

  it('records each signature with the sandbox time and the IP, and finalizes (6) when every signer has signed', async () => {
    // The sandbox clock stands at NOW + the 10 s of the credit analysis.
    const first = await post({ documento: ANA.documento, aceite: 'sim' });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Assinatura de Ana Lima registrada em 10/03/2026 12:00 UTC. Faltam 1 assinatura(s).');
    expect(await situation()).toBe(2);
    await t.admin.advanceSeconds(90);
    const second = await post({ documento: BRUNO.documento, aceite: 'sim' });
    const html = await second.text();
    expect(second.status).toBe(200);
    expect(html).toContain('Todas as assinaturas foram registradas: proposta finalizada.');
    expect(html).not.toContain('<form');
    expect(await situation()).toBe(6);
    expect((await t.admin.signers(id)).signers).toEqual([
      expect.objectContaining({ name: 'Ana Lima', document: '52998224725', signed: true, signedAt: '2026-03-10T12:00:10.000Z', signedFromIp: '127.0.0.1' }),
      expect.objectContaining({ name: 'Bruno Reis', document: '11144477735', signed: true, signedAt: '2026-03-10T12:01:40.000Z', signedFromIp: '127.0.0.1' }),
    ]);
    const late = await post({ documento: BRUNO.documento, aceite: 'sim' });
    expect(late.status).toBe(409);
  });

  it('refuses, changing nothing: no consent, a document of nobody invited, a second signature, a form of another type', async () => {
    expect((await post({ documento: ANA.documento })).status).toBe(400);
    expect((await post({ documento: '12345678909', aceite: 'sim' })).status).toBe(400);
    expect((await post({ aceite: 'sim' })).status).toBe(400);
    expect((await post({ documento: ANA.documento, aceite: 'sim' }, url, 'application/json')).status).toBe(415);
    expect((await t.admin.signers(id)).signers.every((s) => !s.signed)).toBe(true);
    expect((await post({ documento: ANA.documento, aceite: 'sim' })).status).toBe(200);
    const again = await post({ documento: '529.982.247-25', aceite: 'sim' });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Este assinante já assinou.');
    expect(await situation()).toBe(2);
  });

  it('refuses a form over 16 KiB with 413 and keeps serving after a client that gives up mid-form', async () => {
    const big = await post({ documento: ANA.documento, aceite: 'sim', padding: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    const { port, pathname } = new URL(url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST ${pathname} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ndocumento=529`);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 30);
      });
      socket.on('error', reject);
    });
    expect((await fetch(url)).status).toBe(200);
    expect((await t.admin.signers(id)).signers.every((s) => !s.signed)).toBe(true);
  });

  it('takes no signature once the proposal left approval', async () => {
    await t.admin.setSituation(id, 4);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Esta proposta não aceita assinaturas: situação 4 (Cancelada).');
    expect(page).not.toContain('<form');
    const res = await post({ documento: ANA.documento, aceite: 'sim' });
    expect(res.status).toBe(409);
    expect((await t.admin.signers(id)).signers.every((s) => !s.signed)).toBe(true);
  });
});
