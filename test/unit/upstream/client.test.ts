import { createServer } from 'node:net';
import { type AddressInfo } from 'node:net';
import { type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../src/upstream/errors.js';
import { cancelarProposta } from '../../../src/upstream/fgts.api.js';
import { consultaProposta, consultarParcelas, incluirManual } from '../../../src/upstream/proposal.api.js';
import { consultarPessoa } from '../../../src/upstream/registry.api.js';
import { okText, useFakeUpstreamClients } from './fake-upstream.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('UpstreamClient', () => {
  const upstream = useFakeUpstreamClients({
    timeouts: { connectMs: 1000, headersMs: 2000, bodyMs: 2000, deadlineMs: 2000 },
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
  });
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => upstream.client(extra);

  describe('requests', () => {
    it('posts JSON with the bearer token and an IdempotencyKey, and parses a text/plain body', async () => {
      upstream.fake.onOperation(() => okText({ parcelas: [{ nroParcela: 1, vlrParcela: 10.5 }] }));
      const result = await consultarParcelas(client(), { dto: { codigoProposta: 'abc' } });
      expect(result.parcelas).toEqual([{ nroParcela: 1, vlrParcela: 10.5 }]);
      expect(result.hasError).toBe(false);
      const [req] = upstream.fake.operationRequests();
      expect(req?.method).toBe('POST');
      expect(req?.path).toBe('/Proposta/ConsultarParcelas');
      expect(req?.headers.authorization).toBe('Bearer tok-1');
      expect(req?.headers['content-type']).toBe('application/json');
      expect(req?.headers.idempotencykey).toMatch(UUID);
      expect(JSON.parse(req?.body ?? '')).toEqual({ dto: { codigoProposta: 'abc' } });
    });

    it('sends CancelarProposta to the environment address and keeps PascalCase fields', async () => {
      upstream.fake.onOperation(() => ({ status: 200, body: JSON.stringify({ Msg: 'ok', HasError: false, Messages: [], Boleto: '8369' }) }));
      const result = await cancelarProposta(client(), { CodigoProposta: 'abc' }, { idempotencyKey: 'k-1' });
      expect(result).toEqual({ Msg: 'ok', HasError: false, Messages: [], Boleto: '8369' });
      expect(upstream.fake.operationRequests()[0]?.path).toBe('/environment/FGTS/CancelarProposta');
      expect(upstream.fake.operationRequests()[0]?.headers.idempotencykey).toBe('k-1');
    });

    it('throws the typed rejection of a PascalCase failure', async () => {
      upstream.fake.onOperation(() => ({ status: 200, body: JSON.stringify({ HasError: true, Messages: [{ Code: 'C0112', Context: 'V0001' }] }) }));
      await expect(consultaProposta(client(), { dto: { CodigoProposta: 'x' } })).rejects.toMatchObject({
        code: 'UPSTREAM_NOT_FOUND',
        operation: 'ConsultaProposta',
        items: [{ code: 'C0112', detail: 'V0001', meaning: 'Proposal not found.' }],
      });
    });

    it('parses the json string of a person look-up', async () => {
      upstream.fake.onOperation(() => okText({ json: JSON.stringify({ nome: 'Ana', enderecos: [] }) }));
      const person = await consultarPessoa(client(), { filter: { documentoCliente: '1' } });
      expect(person.json).toEqual({ nome: 'Ana', enderecos: [] });
    });

    it.each([
      ['an empty body', ''],
      ['an HTML page', '<html><body>Bad gateway</body></html>'],
      ['an array', '[]'],
      ['a JSON string', '"ok"'],
    ])('throws UPSTREAM_BAD_RESPONSE for a 200 with %s, without retrying', async (_name, body) => {
      upstream.fake.onOperation(() => ({ status: 200, body }));
      const c = client();
      await expect(consultarParcelas(c, {})).rejects.toBeInstanceOf(UpstreamBadResponseError);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, errors: 1, attempts: 1, retries: 0 });
    });
    it('refuses a body over maxResponseBytes with UPSTREAM_BAD_RESPONSE', async () => {
      upstream.fake.onOperation(() => okText({ filler: 'x'.repeat(5000) }));
      const error = await consultarParcelas(client({ maxResponseBytes: 1024 }), {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamBadResponseError);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });
  });

  describe('retries', () => {
    it('retries a read on 5xx and succeeds, counting the attempts', async () => {
      upstream.fake.onOperation((_r, i) => (i < 2 ? { status: 500, body: '<html>oops</html>' } : okText({ parcelas: [] })));
      const c = client();
      await expect(consultarParcelas(c, {})).resolves.toMatchObject({ parcelas: [] });
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, successes: 1, attempts: 3, retries: 2 });
      // One key per call, kept across its retries.
      expect(new Set(upstream.fake.operationRequests().map((r) => r.headers.idempotencykey)).size).toBe(1);
    });

    it('gives up after maxAttempts with UPSTREAM_UNAVAILABLE', async () => {
      upstream.fake.onOperation(() => ({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html>502 Bad Gateway</html>' }));
      const c = client();
      const error = await consultarParcelas(c, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect((error as UpstreamUnavailableError).status).toBe(502);
      expect(upstream.fake.operationRequests()).toHaveLength(3);
    });

    it('honours Retry-After before the next attempt', async () => {
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '0.3' }, body: '' } : okText()));
      await consultarParcelas(client(), {});
      const [first, second] = upstream.fake.operationRequests();
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(290);
    });

    it('does not wait for a Retry-After beyond the deadline: fails at once', async () => {
      upstream.fake.onOperation(() => ({ status: 429, headers: { 'retry-after': '30' }, body: '' }));
      const started = performance.now();
      const error = await consultarParcelas(client(), {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamRateLimitedError);
      expect((error as UpstreamRateLimitedError).local).toBe(false);
      expect((error as UpstreamRateLimitedError).retryAfterSeconds).toBe(30);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });

    it('retries a write on 503 with the same generated IdempotencyKey', async () => {
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 503, body: '' } : okText({ codigo: 'p-1', numero: 7 })));
      const result = await incluirManual(client(), { dto: { vlrSolicitado: 1000 } });
      expect(result).toMatchObject({ codigo: 'p-1', numero: 7 });
      const keys = upstream.fake.operationRequests().map((r) => r.headers.idempotencykey);
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(UUID);
      expect(keys[1]).toBe(keys[0]);
    });

    it('uses the caller key on every attempt of a write', async () => {
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 429, body: '' } : okText({ codigo: 'p-1' })));
      await incluirManual(client(), {}, { idempotencyKey: 'caller-key' });
      expect(upstream.fake.operationRequests().map((r) => r.headers.idempotencykey)).toEqual(['caller-key', 'caller-key']);
    });

    it('does not retry a write on 500 or 504 (the upstream may have processed it)', async () => {
      for (const status of [500, 504]) {
        const before = upstream.fake.operationRequests().length;
        upstream.fake.onOperation(() => ({ status, body: '' }));
        await expect(incluirManual(client(), {})).rejects.toBeInstanceOf(UpstreamError);
        expect(upstream.fake.operationRequests().length - before).toBe(1);
      }
    });

    it('does not retry a business rejection', async () => {
      upstream.fake.onOperation(() => ({ status: 400, body: JSON.stringify({ hasError: true, messages: [{ code: 'T0665', context: 'D0020' }] }) }));
      await expect(incluirManual(client(), {})).rejects.toBeInstanceOf(UpstreamRejectedError);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });

    it('generates a new key per read call', async () => {
      const c = client();
      await consultarParcelas(c, {});
      await consultarParcelas(c, {});
      const [a, b] = upstream.fake.operationRequests().map((r) => r.headers.idempotencykey);
      expect(a).not.toBe(b);
    });

    it('retries a read when the connection is refused, then reports UPSTREAM_UNAVAILABLE', async () => {
      const port = await closedPort();
      const c = client({ baseUrl: `http://127.0.0.1:${port}` });
      const error = await consultarParcelas(c, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamUnavailableError);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ attempts: 3, retries: 2, errorsByCode: { UPSTREAM_UNAVAILABLE: 1 } });
    });
  });

  describe('401', () => {
    it('renews the token once and replays once', async () => {
      upstream.fake.onOperation((r) => (r.headers.authorization === 'Bearer tok-1' ? { status: 401, body: '{"hasError":true}' } : okText()));
      const c = client();
      await consultarParcelas(c, {});
      expect(upstream.fake.tokenRequests()).toHaveLength(2);
      expect(upstream.fake.operationRequests().map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ attempts: 2, retries: 0, authReplays: 1 });
    });

    it('gives up with UPSTREAM_AUTH_FAILED after one renewal, never looping', async () => {
      upstream.fake.onOperation(() => ({ status: 401, body: '' }));
      const error = await consultarParcelas(client(), {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamAuthError);
      expect((error as UpstreamAuthError).status).toBe(401);
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      expect(upstream.fake.tokenRequests()).toHaveLength(2);
    });

    it('never puts the token into an error', async () => {
      upstream.fake.onOperation(() => ({ status: 401, body: '' }));
      const error = (await consultarParcelas(client(), {}).catch((e: unknown) => e)) as Error;
      expect(`${error.message} ${error.stack ?? ''} ${JSON.stringify(error)}`).not.toMatch(/tok-\d/);
    });
  });

  describe('deadline', () => {
    it('ends a call that never answers at its deadline with UPSTREAM_TIMEOUT', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client();
      // The token first: on a loaded machine signing and fetching it could eat the whole 200 ms.
      await c.checkAuth();
      const started = performance.now();
      const error = await consultarParcelas(c, {}, { deadlineMs: 200 }).catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1800);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });

    it('ends a call cancelled by the caller with UPSTREAM_TIMEOUT', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      await expect(consultarParcelas(client(), {}, { signal: controller.signal })).rejects.toBeInstanceOf(UpstreamTimeoutError);
    });
  });

  describe('rate limit', () => {
    it('spreads a burst out and refuses, unsent, what would wait beyond the bound', async () => {
      const c = client({ rateLimit: { requestsPerSecond: 10, burst: 2, maxConcurrent: 10, maxWaitMs: 250 } });
      await consultarParcelas(c, {}); // token fetched; one bucket token spent
      await new Promise((r) => setTimeout(r, 250)); // bucket full again (2)
      const before = upstream.fake.operationRequests().length;
      const t0 = performance.now();
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => consultarParcelas(c, {})));
      const sent = upstream.fake.operationRequests().slice(before);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
      expect(refused).toHaveLength(4);
      for (const r of refused) {
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamRateLimitedError);
        expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', local: true });
      }
      expect(sent).toHaveLength(4);
      // Two at once (the burst), the others spaced by the rate (lower bounds: load only delays).
      const offsets = sent.map((r) => r.at - t0).sort((a, b) => a - b);
      expect(offsets.filter((o) => o < 80).length).toBeLessThanOrEqual(2);
      expect(offsets[2]).toBeGreaterThanOrEqual(80);
      expect(offsets[3]).toBeGreaterThanOrEqual(180);
    });

    it('caps concurrency', async () => {
      upstream.fake.onOperation(() => ({ ...okText(), delayMs: 60 }));
      const c = client({ rateLimit: { requestsPerSecond: 1000, burst: 100, maxConcurrent: 2, maxWaitMs: 2000 } });
      await Promise.all(Array.from({ length: 6 }, () => consultarParcelas(c, {})));
      expect(upstream.fake.operationRequests()).toHaveLength(6);
      expect(upstream.fake.maxInFlight()).toBe(2);
    });

    it('refuses a call that waits on the concurrency cap beyond the bound', async () => {
      upstream.fake.onOperation(() => ({ ...okText(), delayMs: 300 }));
      const c = client({ rateLimit: { requestsPerSecond: 1000, burst: 100, maxConcurrent: 1, maxWaitMs: 100 } });
      const results = await Promise.allSettled([consultarParcelas(c, {}), consultarParcelas(c, {})]);
      expect(results[0]?.status).toBe('fulfilled');
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UpstreamRateLimitedError);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });
  });

  describe('stats and close', () => {
    it('records calls, errors by code and latencies per operation', async () => {
      upstream.fake.onOperation((_r, i) => (i === 1 ? { status: 200, body: '[]' } : { ...okText(), delayMs: 20 }));
      const c = client();
      await consultarParcelas(c, {});
      await consultarParcelas(c, {}).catch(() => undefined);
      await consultarParcelas(c, {});
      const s = c.stats();
      expect(s.tokenRequests).toBe(1);
      expect(s.operations.ConsultarParcelas).toMatchObject({
        calls: 3,
        successes: 2,
        errors: 1,
        errorsByCode: { UPSTREAM_BAD_RESPONSE: 1 },
        attempts: 3,
      });
      const latency = s.operations.ConsultarParcelas?.latency;
      expect(latency?.count).toBe(3);
      expect(latency?.p99Ms).toBeGreaterThanOrEqual(20);
      expect(latency?.histogram.reduce((n, b) => n + b.count, 0)).toBe(3);
    });

    it('refuses calls after close and cancels calls in flight', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client();
      const pending = consultarParcelas(c, {}).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      await c.close();
      expect(await pending).toBeInstanceOf(UpstreamError);
      await expect(consultarParcelas(c, {})).rejects.toBeInstanceOf(UpstreamUnavailableError);
    });
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
