import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { callOperation, generateTestClient, getToken, sandboxFixture } from '../../helpers/sandbox.js';

const PARCELAS = '/Proposta/ConsultarParcelas';
const MANUAL = '/Proposta/IncluirManual';
const manualBody = (overrides: Record<string, unknown> = {}) => ({
  dto: { documentoCliente: '52998224725', tipoContrato: 'CDC-PF', vlrSolicitado: 1000, prazo: 12, percJurosNegociado: 2, ...overrides },
});

/** Raw POST (for bodies and content types fetch would not send as given). */
function rawPost(url: string, path: string, body: Buffer | string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('sandbox request pipeline', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') });
  let token: string;
  let demoId: string;

  beforeEach(async () => {
    token = t.token;
    demoId = (await callOperation(t.sandbox, token, MANUAL, manualBody())).json.codigo as string;
  });

  describe('transport', () => {
    it('answers 200 with text/plain JSON', async () => {
      const res = await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.json.hasError).toBe(false);
    });

    it('accepts text/json and application/*+json bodies', async () => {
      for (const type of ['text/json', 'application/problem+json', 'application/json; charset=utf-8']) {
        const res = await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } }, { 'Content-Type': type });
        expect(res.status).toBe(200);
      }
    });

    it('requires the IdempotencyKey header (I0001/V0002, HTTP 400)', async () => {
      const res = await rawPost(t.sandbox.url, PARCELAS, JSON.stringify({ dto: { codigoProposta: demoId } }), {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).messages[0]).toMatchObject({ code: 'I0001', context: 'V0002' });
    });

    it('refuses an IdempotencyKey over 200 characters (I0001/V0003)', async () => {
      const res = await callOperation(t.sandbox, token, PARCELAS, { dto: {} }, { IdempotencyKey: 'k'.repeat(201) });
      expect(res.status).toBe(400);
      expect(res.json.messages[0]).toMatchObject({ code: 'I0001', context: 'V0003' });
    });

    const shapeCases: [string, string, number, string, string][] = [
      ['malformed JSON', '{"dto": ', 400, 'S0001', 'V0001'],
      ['an empty body', '', 400, 'S0001', 'V0001'],
      ['a JSON array', '[1,2]', 400, 'S0001', 'V0002'],
      ['a JSON string', '"dto"', 400, 'S0001', 'V0002'],
      ['dto as a string', '{"dto":"x"}', 400, 'S0003', 'V0001'],
      ['no dto', '{}', 400, 'S0003', 'V0002'],
      ['numeroProposta as a string', '{"dto":{"numeroProposta":"12"}}', 400, 'S0003', 'V0001'],
      ['JSON nested 20,000 levels deep', `{"dto":${'['.repeat(20000)}${']'.repeat(20000)}}`, 400, 'S0001', 'V0005'],
    ];
    it.each(shapeCases)('answers %s with an error envelope', async (_name, body, status, code, context) => {
      const res = await callOperation(t.sandbox, token, PARCELAS, body);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ hasError: true, messages: [{ code, context }] });
    });

    it('answers 415 for an unsupported content type', async () => {
      const res = await callOperation(t.sandbox, token, PARCELAS, '{}', { 'Content-Type': 'text/xml' });
      expect(res.status).toBe(415);
      expect(res.json.messages[0]).toMatchObject({ code: 'S0001', context: 'V0004' });
    });

    it('answers 413 for a body over the limit', async () => {
      const huge = Buffer.alloc(16 * 1024 * 1024 + 10, 0x20);
      const res = await rawPost(t.sandbox.url, MANUAL, huge, {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        IdempotencyKey: 'big',
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text).messages[0]).toMatchObject({ code: 'S0001', context: 'V0003' });
    });

    it('matches operation paths case-insensitively and counts them under the contract path', async () => {
      await t.admin.resetCalls();
      const res = await callOperation(t.sandbox, token, '/proposta/consultarparcelas', { dto: { codigoProposta: demoId } });
      expect(res.status).toBe(200);
      expect((await t.admin.calls()).operations).toEqual({ [PARCELAS]: 1 });
    });

    it('answers 404 for an unknown path and 405 for a wrong method', async () => {
      const unknown = await callOperation(t.sandbox, token, '/Proposta/Nada', {});
      expect(unknown.status).toBe(404);
      expect((await callOperation(t.sandbox, token, '/environment/Proposta/ConsultarParcelas', {})).status).toBe(404);
      expect(unknown.json.messages[0]).toMatchObject({ code: 'S0002', context: 'V0001' });
      const get = await fetch(`${t.sandbox.url}${PARCELAS}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect(JSON.parse(await get.text()).messages[0]).toMatchObject({ code: 'S0002', context: 'V0002' });
    });

    it('serves CancelarProposta at the environment URL and at /FGTS/CancelarProposta', async () => {
      const body = { CodigoProposta: 'not-a-uuid' };
      const env = await callOperation(t.sandbox, token, '/FGTS/CancelarProposta', body);
      const plain = await fetch(`${t.sandbox.baseUrl}/FGTS/CancelarProposta`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, IdempotencyKey: randomUUID() },
        body: JSON.stringify(body),
      });
      expect(env.status).toBe(400);
      expect(plain.status).toBe(400);
      expect((await t.admin.calls()).operations['/FGTS/CancelarProposta']).toBe(2);
    });
  });

  describe('call counters', () => {
    it('counts operations (even 401s), token requests and the most in flight', async () => {
      await t.admin.resetCalls();
      await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } });
      await callOperation(t.sandbox, undefined, PARCELAS, { dto: { codigoProposta: demoId } });
      await getToken(t.sandbox, t.client);
      await t.admin.setFaults({ latencyMs: 150, operations: [PARCELAS] });
      await Promise.all([1, 2, 3, 4].map(() => callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } })));
      const calls = await t.admin.calls();
      expect(calls).toEqual({ total: 6, operations: { [PARCELAS]: 6 }, maxInFlight: 4, tokenRequests: 1 });
      await t.admin.resetCalls();
      expect(await t.admin.calls()).toEqual({ total: 0, operations: {}, maxInFlight: 0, tokenRequests: 0 });
    });
  });

  describe('idempotency', () => {
    it('replays a repeated write with the same key and body and changes nothing', async () => {
      const key = randomUUID();
      const first = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key });
      const before = (await t.admin.proposals()).length;
      const again = await callOperation(t.sandbox, token, MANUAL, { dto: { ...manualBody().dto } }, { IdempotencyKey: key });
      expect(again.status).toBe(first.status);
      expect(again.json).toEqual(first.json);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await t.admin.proposals()).length).toBe(before);
    });

    it('compares bodies canonically (key order does not matter)', async () => {
      const key = randomUUID();
      const a = await callOperation(
        t.sandbox,
        token,
        MANUAL,
        '{"dto":{"prazo":12,"vlrSolicitado":1000,"tipoContrato":"CP","documentoCliente":"52998224725"}}',
        { IdempotencyKey: key },
      );
      const b = await callOperation(
        t.sandbox,
        token,
        MANUAL,
        '{ "dto": {"documentoCliente":"52998224725","tipoContrato":"CP","vlrSolicitado":1000,"prazo":12} }',
        { IdempotencyKey: key },
      );
      expect(b.json.codigo).toBe(a.json.codigo);
    });

    it('refuses the same key with a different body (I0001/V0001, HTTP 409)', async () => {
      const key = randomUUID();
      await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key });
      const res = await callOperation(t.sandbox, token, MANUAL, manualBody({ vlrSolicitado: 2000 }), { IdempotencyKey: key });
      expect(res.status).toBe(409);
      expect(res.json.messages[0]).toMatchObject({ code: 'I0001', context: 'V0001', field: 'IdempotencyKey' });
    });

    it('applies concurrent writes with one key exactly once', async () => {
      const key = randomUUID();
      const before = (await t.admin.proposals()).length;
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key })));
      expect(new Set(answers.map((a) => a.json.codigo)).size).toBe(1);
      expect((await t.admin.proposals()).length).toBe(before + 1);
    });

    it('scopes keys per client id', async () => {
      const other = await generateTestClient('client-b');
      await t.admin.registerClient('client-b', other.publicKeyPem);
      const otherToken = await getToken(t.sandbox, other);
      const key = randomUUID();
      const a = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key });
      const b = await callOperation(t.sandbox, otherToken, MANUAL, manualBody(), { IdempotencyKey: key });
      expect(b.status).toBe(200);
      expect(b.json.codigo).not.toBe(a.json.codigo);
    });

    it('replays a failed write with its first answer', async () => {
      const key = randomUUID();
      const first = await callOperation(t.sandbox, token, MANUAL, manualBody({ prazo: 0 }), { IdempotencyKey: key });
      expect(first.status).toBe(400);
      const again = await callOperation(t.sandbox, token, MANUAL, manualBody({ prazo: 0 }), { IdempotencyKey: key });
      expect(again.status).toBe(400);
      expect(again.json).toEqual(first.json);
    });

    it('treats every write as new while replay is off (PUT /_sandbox/idempotency), and replays again once it is back on', async () => {
      expect(await t.admin.replay()).toBe(true);
      const kept = randomUUID();
      const recorded = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: kept });
      await t.admin.setReplay(false);
      expect(await t.admin.replay()).toBe(false);
      const before = (await t.admin.proposals()).length;
      const key = randomUUID();
      const first = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key });
      const second = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: key });
      const otherBody = await callOperation(t.sandbox, token, MANUAL, manualBody({ vlrSolicitado: 2000 }), { IdempotencyKey: key });
      const sameAsRecorded = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: kept });
      for (const res of [first, second, otherBody, sameAsRecorded]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(new Set([first.json.codigo, second.json.codigo, otherBody.json.codigo, sameAsRecorded.json.codigo, recorded.json.codigo]).size).toBe(5);
      expect((await t.admin.proposals()).length).toBe(before + 4);

      await t.admin.setReplay(true);
      const replayed = await callOperation(t.sandbox, token, MANUAL, manualBody(), { IdempotencyKey: kept });
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.json.codigo).toBe(recorded.json.codigo);
      // Nothing was recorded while replay was off: the key is new.
      const fresh = await callOperation(t.sandbox, token, MANUAL, manualBody({ vlrSolicitado: 3000 }), { IdempotencyKey: key });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('idempotent-replayed')).toBeNull();
      expect((await t.admin.proposals()).length).toBe(before + 5);
    });

    it('refuses a replay setting that is not a boolean, and reset turns replay back on', async () => {
      for (const body of ['{"replay": "false"}', '{}', '[]']) {
        const res = await fetch(`${t.sandbox.url}/_sandbox/idempotency`, { method: 'PUT', body });
        expect(res.status).toBe(400);
      }
      expect((await fetch(`${t.sandbox.url}/_sandbox/idempotency`, { method: 'POST', body: '{}' })).status).toBe(405);
      await t.admin.setReplay(false);
      await t.admin.reset();
      expect(await t.admin.replay()).toBe(true);
      token = await getToken(t.sandbox, t.client);
    });

    it('does not cache reads', async () => {
      const key = randomUUID();
      await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } }, { IdempotencyKey: key });
      const second = await callOperation(t.sandbox, token, MANUAL, manualBody({ prazo: 6 }));
      const other = await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: second.json.codigo } }, { IdempotencyKey: key });
      expect(other.status).toBe(200);
      expect(other.json.parcelas).toHaveLength(6);
      expect(other.json.parcelas[0].codigoProposta).toBe(second.json.numero);
    });
  });

  describe('ownership', () => {
    it('answers C0112/V0002 to another client and C0112/V0001 for an unknown proposal', async () => {
      const other = await generateTestClient('intruder');
      await t.admin.registerClient('intruder', other.publicKeyPem);
      const otherToken = await getToken(t.sandbox, other);
      const foreign = await callOperation(t.sandbox, otherToken, PARCELAS, { dto: { codigoProposta: demoId } });
      expect(foreign.status).toBe(200);
      expect(foreign.json).toMatchObject({ hasError: true, messages: [{ code: 'C0112', context: 'V0002' }] });
      const unknown = await callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: randomUUID() } });
      expect(unknown.json).toMatchObject({ hasError: true, messages: [{ code: 'C0112', context: 'V0001' }] });
      const fgts = await callOperation(t.sandbox, otherToken, '/FGTS/ConsultaProposta', { dto: { CodigoProposta: demoId } });
      expect(fgts.json).toMatchObject({ HasError: true, Messages: [{ Code: 'C0112', Context: 'V0002' }] });
    });
  });

  describe('faults', () => {
    const read = () => callOperation(t.sandbox, token, PARCELAS, { dto: { codigoProposta: demoId } });

    it('fails the next N matching requests with errorStatus and Retry-After', async () => {
      await t.admin.setFaults({ failNext: 2, errorStatus: 429, retryAfterSeconds: 3 });
      const a = await read();
      const b = await read();
      const c = await read();
      expect([a.status, b.status, c.status]).toEqual([429, 429, 200]);
      expect(a.headers.get('retry-after')).toBe('3');
      expect(a.json.messages[0]).toMatchObject({ code: '429', context: 'FAULT' });
    });

    it('draws errorRate dice deterministically under a seed', async () => {
      const run = async (): Promise<number[]> => {
        await t.admin.setFaults({ errorRate: 0.5, seed: 42 });
        const out: number[] = [];
        for (let i = 0; i < 20; i++) {
          out.push((await read()).status);
        }
        return out;
      };
      const first = await run();
      const second = await run();
      expect(second).toEqual(first);
      expect(first.filter((s) => s === 503).length).toBeGreaterThan(3);
      expect(first.filter((s) => s === 200).length).toBeGreaterThan(3);
    });

    it('applies only to the listed operations', async () => {
      await t.admin.setFaults({ errorRate: 1, operations: ['/Proposta/IncluirManual'] });
      expect((await read()).status).toBe(200);
      expect((await callOperation(t.sandbox, token, MANUAL, manualBody())).status).toBe(503);
      expect((await getToken(t.sandbox, t.client)).length).toBeGreaterThan(10);
    });

    it('faults the token endpoint only when listed', async () => {
      await t.admin.setFaults({ failNext: 1, operations: ['/connect/token'] });
      await expect(getToken(t.sandbox, t.client)).rejects.toThrow(/503/);
      expect((await read()).status).toBe(200);
    });

    it('adds latency before answering', async () => {
      await t.admin.setFaults({ latencyMs: 200 });
      const started = Date.now();
      expect((await read()).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    });

    it('holds hangNext requests open until the client gives up', async () => {
      await t.admin.setFaults({ hangNext: 1 });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 300);
      await expect(
        fetch(`${t.sandbox.url}${PARCELAS}`, {
          method: 'POST',
          signal: controller.signal,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, IdempotencyKey: 'h' },
          body: JSON.stringify({ dto: { codigoProposta: demoId } }),
        }),
      ).rejects.toThrow();
      clearTimeout(timer);
      expect((await read()).status).toBe(200);
      expect(await (await fetch(`${t.sandbox.url}/_sandbox/faults`)).json()).toMatchObject({ hangNext: 0 });
    });

    it('refuses invalid fault settings with 400', async () => {
      const res = await fetch(`${t.sandbox.url}/_sandbox/faults`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"errorRate": 2}' });
      expect(res.status).toBe(400);
    });

    it('refuses an unknown operation path with 400 naming the valid ones, and changes nothing', async () => {
      await t.admin.setFaults({ latencyMs: 1, operations: [PARCELAS] });
      const res = await fetch(`${t.sandbox.url}/_sandbox/faults`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ errorRate: 1, operations: ['/Proposta/ConsultaParcelas'] }),
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(/^unknown operation paths: \/Proposta\/ConsultaParcelas; valid paths: /);
      const valid = error.slice(error.indexOf('valid paths: ') + 'valid paths: '.length).split(', ');
      expect(valid).toHaveLength(19);
      expect(valid).toEqual(expect.arrayContaining([PARCELAS, MANUAL, '/FGTS/CancelarProposta', '/AgendaRecebivel/GerarUnicoBoleto', '/connect/token']));
      expect(await (await fetch(`${t.sandbox.url}/_sandbox/faults`)).json()).toEqual({ latencyMs: 1, operations: [PARCELAS] });
    });

    it('clears faults with DELETE and on reset', async () => {
      await t.admin.setFaults({ errorRate: 1 });
      await t.admin.clearFaults();
      expect((await read()).status).toBe(200);
      await t.admin.setFaults({ errorRate: 1 });
      await t.admin.reset();
      token = await getToken(t.sandbox, t.client);
      expect((await read()).status).toBe(200);
    });
  });

  describe('admin', () => {
    it('lists proposals with their owner', async () => {
      expect(await t.admin.proposals()).toEqual([
        { codigo: demoId, numero: 100001, codigoOperacao: 'SBX100001', situacao: 1, ownerClientId: t.client.clientId },
      ]);
    });

    it('moves the clock and resets it', async () => {
      expect(await t.admin.now()).toBe('2026-03-10T12:00:00.000Z');
      expect(await t.admin.advanceDays(3)).toBe('2026-03-13T12:00:00.000Z');
      expect(await t.admin.setNow('2027-01-01T00:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
      await t.admin.reset();
      expect(await t.admin.now()).toBe('2026-03-10T12:00:00.000Z');
    });

    it('moves a proposal to 9 and opens its agenda', async () => {
      await t.admin.setSituation(demoId, 9);
      const res = await callOperation(t.sandbox, token, '/FGTS/ConsultaProposta', { dto: { CodigoProposta: demoId } });
      expect(res.json.Situacao).toBe(9);
      expect(res.json.PropostaLancamentos[0]).toMatchObject({ Situacao: 1, DtPagamento: '2026-03-10T12:00:00.000Z' });
      const details = await callOperation(t.sandbox, token, '/AgendaRecebivel/ConsultarDetalhes', { dto: { codigoProposta: demoId } });
      expect(details.json.parcelas).toHaveLength(12);
    });

    it('answers 404/400/405 to bad admin requests', async () => {
      expect((await fetch(`${t.sandbox.url}/_sandbox/nothing`)).status).toBe(404);
      expect((await fetch(`${t.sandbox.url}/_sandbox/reset`)).status).toBe(405);
      const bad = await fetch(`${t.sandbox.url}/_sandbox/proposals/${demoId}/situacao`, { method: 'POST', body: '{"situacao": 99}' });
      expect(bad.status).toBe(400);
      const unknown = await fetch(`${t.sandbox.url}/_sandbox/proposals/${randomUUID()}/situacao`, { method: 'POST', body: '{"situacao": 2}' });
      expect(unknown.status).toBe(404);
      const badEscape = await fetch(`${t.sandbox.url}/_sandbox/proposals/%E0%A4%A/situacao`, { method: 'POST', body: '{"situacao": 2}' });
      expect(badEscape.status).toBe(404);
      const clients = await fetch(`${t.sandbox.url}/_sandbox/clients`, { method: 'POST', body: '{"clientId":"x","publicKeyPem":"nope"}' });
      expect(clients.status).toBe(400);
    });

    it('describes the admin API in an OpenAPI document of its own, built from its route table', async () => {
      const doc = (await (await fetch(`${t.sandbox.url}/_sandbox/admin/openapi.json`)).json()) as {
        openapi: string;
        paths: Record<string, Record<string, { summary: string }>>;
      };
      expect(doc.openapi).toMatch(/^3\.0\./);
      expect(Object.keys(doc.paths['/_sandbox/idempotency'] ?? {})).toEqual(['get', 'put']);
      expect(doc.paths['/_sandbox/idempotency']?.put?.summary).toMatch(/replay: false/);
      expect(Object.keys(doc.paths['/_sandbox/analysis'] ?? {})).toEqual(['get', 'put']);
      expect(Object.keys(doc.paths['/_sandbox/proposals/{codigo}/situacao'] ?? {})).toEqual(['post']);
      expect(Object.keys(doc.paths)).toHaveLength(15);
      // Every documented method is served; every other one answers 405 naming those.
      const put = await fetch(`${t.sandbox.url}/_sandbox/calls`, { method: 'PUT' });
      expect([put.status, await put.json()]).toEqual([405, { error: 'method not allowed; use GET, DELETE' }]);
    });

    it('serves an OpenAPI 3 document with the 18 operations and the token endpoint', async () => {
      const doc = (await (await fetch(`${t.sandbox.url}/_sandbox/openapi.json`)).json()) as { openapi: string; paths: Record<string, { post?: unknown }> };
      expect(doc.openapi).toMatch(/^3\.0\./);
      expect(Object.keys(doc.paths).sort()).toEqual(
        [
          '/connect/token',
          '/Proposta/IncluirAssinaturaCCB',
          '/Proposta/IncluirAssinaturaCCBFinalizada',
          '/Proposta/IncluirDocumento',
          '/FGTS/CancelarProposta',
          '/FGTS/ConsultaProposta',
          '/Proposta/IncluirManual',
          '/Proposta/IncluirAvalista',
          '/Proposta/ConsultarParcelas',
          '/Proposta/CalcularValoresProposta',
          '/AgendaRecebivel/IncluirLancamentoParcela',
          '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas',
          '/AgendaRecebivel/ConsultarDetalhes',
          '/AgendaRecebivel/ConsultarBoletos',
          '/AgendaRecebivel/GerarMultiplosBoletos',
          '/AgendaRecebivel/GerarUnicoBoleto',
          '/Pessoa/ConsultarPessoa',
          '/Bureau/ConsultarCadastroBusca',
          '/Bureau/ConsultaBureauCnpj',
        ].sort(),
      );
      expect(Object.values(doc.paths).every((p) => p.post !== undefined)).toBe(true);
      const full = doc as unknown as { components: { schemas: Record<string, unknown> } };
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([A-Za-z]+)"/g)].map((m) => m[1] as string);
      expect(refs.length).toBeGreaterThan(20);
      expect(refs.filter((r) => !(r in full.components.schemas))).toEqual([]);
    });
  });
});
