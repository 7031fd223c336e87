/**
 * The chokepoint's rules one by one: what each failure becomes (code and message), how the 401
 * replay and the retries count, cancellation, close, readiness and statistics. Timing is never
 * measured: waits are gated on the fake upstream, and the back-off arithmetic is tested as a pure
 * function.
 */
import { getEventListeners } from 'node:events';
import { backoffDelay, type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';
import { type OperationName } from '../../../src/upstream/operations.js';
import { consultarParcelas, incluirManual } from '../../../src/upstream/proposal.api.js';
import { okText, useFakeUpstreamClients, waitFor } from './fake-upstream.js';

describe('UpstreamClient call rules', () => {
  const upstream = useFakeUpstreamClients({
    timeouts: { connectMs: 1000, headersMs: 10_000, bodyMs: 10_000, deadlineMs: 10_000 },
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
  });
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => upstream.client(extra);

  describe('the request', () => {
    it('accepts JSON or text and sends to the base address without its trailing slashes', async () => {
      await consultarParcelas(client({ baseUrl: `${upstream.fake.url}///` }), {});
      const [req] = upstream.fake.operationRequests();
      expect(req?.path).toBe('/Proposta/ConsultarParcelas');
      expect(req?.headers.accept).toBe('application/json, text/plain, */*');
    });

    it('refuses an operation it does not know, sending nothing', async () => {
      const c = client();
      await expect(c.request('NoSuchOperation' as OperationName, {})).rejects.toMatchObject({
        code: 'UPSTREAM_BAD_RESPONSE',
        operation: 'NoSuchOperation',
        message: 'unknown upstream operation NoSuchOperation',
      });
      expect(upstream.fake.requests).toHaveLength(0);
    });

    it('uses the default scope when the configured one is empty', async () => {
      await consultarParcelas(client({ scope: '' }), {});
      expect(new URLSearchParams(upstream.fake.tokenRequests()[0]?.body).get('scope')).toBe('bmp.digital.api.full.access');
    });
  });

  describe('401', () => {
    it('does not count the replay after a 401 as one of the attempts', async () => {
      // 401, then 503, then success: the replay is free, so two attempts remain for the 503.
      upstream.fake.onOperation(
        (_r, i) =>
          [
            { status: 401, body: '' },
            { status: 503, body: '' },
          ][i] ?? okText(),
      );
      const c = client({ retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
      await consultarParcelas(c, {});
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, successes: 1, attempts: 3, retries: 1, authReplays: 1 });
    });

    it('says a freshly renewed token was refused when the replay gets 401 too', async () => {
      upstream.fake.onOperation(() => ({ status: 401, body: '' }));
      await expect(consultarParcelas(client(), {})).rejects.toMatchObject({
        code: 'UPSTREAM_AUTH_FAILED',
        status: 401,
        message: 'ConsultarParcelas: the upstream refused a freshly renewed token (HTTP 401)',
      });
    });

    it('asks for the current token again before a retry (another call may have renewed it)', async () => {
      // Call A's first answer (a 503) is held until call B, rejected with 401, has renewed the token
      // and been answered; A's retry must then carry the renewed token, not the one it started with.
      let releaseA: () => void = () => undefined;
      const bDone = new Promise<void>((resolve) => {
        releaseA = resolve;
      });
      let aFirst = true;
      upstream.fake.onOperation(async (req) => {
        const who = (JSON.parse(req.body) as { who: string }).who;
        if (who === 'A' && aFirst) {
          aFirst = false;
          await bDone;
          return { status: 503, body: '' };
        }
        if (req.headers.authorization === 'Bearer tok-1') {
          return { status: 401, body: '' };
        }
        if (who === 'B') {
          releaseA();
        }
        return okText();
      });
      const c = client();
      await c.checkAuth();
      const a = c.request('ConsultarParcelas', { who: 'A' });
      await waitFor(() => upstream.fake.operationRequests().length === 1);
      await c.request('ConsultarParcelas', { who: 'B' });
      await a;
      const sentByA = upstream.fake.operationRequests().filter((r) => r.body.includes('"A"'));
      expect(sentByA.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 2, successes: 2, authReplays: 1, retries: 1 });
      expect(upstream.fake.tokenRequests()).toHaveLength(2);
    });
  });

  describe('retries', () => {
    it('does not retry at all with maxAttempts 1', async () => {
      upstream.fake.onOperation(() => ({ status: 503, body: '' }));
      const c = client({ retry: { maxAttempts: 1 } });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ attempts: 1, retries: 0, errors: 1, errorsByCode: { UPSTREAM_UNAVAILABLE: 1 } });
    });

    it('treats maxAttempts below 1 as 1', async () => {
      upstream.fake.onOperation(() => ({ status: 503, body: '' }));
      await expect(consultarParcelas(client({ retry: { maxAttempts: 0 } }), {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
    });

    it('retries a write on 502 and 429 but never on 408', async () => {
      for (const [status, sent] of [
        [502, 3],
        [429, 3],
        [408, 1],
      ] as const) {
        const before = upstream.fake.operationRequests().length;
        upstream.fake.onOperation(() => ({ status, body: '' }));
        await expect(incluirManual(client(), {})).rejects.toMatchObject({ status });
        expect(upstream.fake.operationRequests().length - before).toBe(sent);
      }
    });

    it('retries a read on 408', async () => {
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 408, body: '' } : okText()));
      await consultarParcelas(client(), {});
      expect(upstream.fake.operationRequests()).toHaveLength(2);
    });
  });

  describe('backoffDelay', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 2000 };

    it.each<[number, number, number]>([
      [1, 0, 50],
      [1, 0.5, 75],
      [1, 0.999, 99.95],
      [2, 0.5, 150],
      [3, 0, 200],
      [5, 1, 1600],
      [6, 0.5, 1500], // 3200 capped at 2000
      [10, 0, 1000],
    ])('waits, after attempt %i with jitter %d, %d ms', (attempt, random, expected) => {
      expect(backoffDelay(attempt, undefined, { ...policy, random: () => random })).toBeCloseTo(expected, 9);
    });

    it('never waits less than Retry-After, and ignores a shorter one', () => {
      expect(backoffDelay(1, 3000, { ...policy, random: () => 0.5 })).toBe(3000);
      expect(backoffDelay(1, 10, { ...policy, random: () => 0.5 })).toBe(75);
      expect(backoffDelay(1, 0, { ...policy, random: () => 0 })).toBe(50);
    });
  });

  describe('cancellation and close', () => {
    it('refuses at once, unsent, a call whose signal is already aborted', async () => {
      const c = client();
      await c.checkAuth();
      await expect(consultarParcelas(c, {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'ConsultarParcelas: cancelled by the caller',
      });
      expect(upstream.fake.operationRequests()).toHaveLength(0);
    });

    it('says the caller cancelled a call in flight, and leaves no listener on its signal', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client();
      const caller = new AbortController();
      const call = consultarParcelas(c, {}, { signal: caller.signal });
      await waitFor(() => upstream.fake.operationRequests().length === 1);
      caller.abort();
      await expect(call).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: 'ConsultarParcelas: cancelled by the caller' });
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    });

    it('removes its listener from the caller signal when the call succeeds', async () => {
      const caller = new AbortController();
      await consultarParcelas(client(), {}, { signal: caller.signal });
      expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
    });

    it('says the deadline passed for a call that never answers', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      await expect(consultarParcelas(client(), {}, { deadlineMs: 100 })).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        operation: 'ConsultarParcelas',
        message: 'ConsultarParcelas: the call deadline passed',
      });
    });

    it('cancels a call in flight on close() as UPSTREAM_UNAVAILABLE, then refuses new calls unsent', async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client();
      const call = consultarParcelas(c, {}).catch((e: unknown) => e);
      await waitFor(() => upstream.fake.operationRequests().length === 1);
      await c.close();
      expect(await call).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'ConsultarParcelas: the upstream client was closed' });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'ConsultarParcelas: the upstream client is closed',
      });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 2, errors: 2, errorsByCode: { UPSTREAM_UNAVAILABLE: 2 } });
    });

    it('closes once: a second close() resolves', async () => {
      const c = client();
      await consultarParcelas(c, {});
      await c.close();
      await expect(c.close()).resolves.toBeUndefined();
    });
  });

  describe('checkAuth', () => {
    it('fetches the token once and then answers from the cache', async () => {
      const c = client();
      await c.checkAuth();
      await c.checkAuth();
      expect(upstream.fake.tokenRequests()).toHaveLength(1);
      expect(upstream.fake.operationRequests()).toHaveLength(0);
      expect(c.stats()).toMatchObject({ tokenRequests: 1, tokenFailures: 0 });
    });

    it('reports a refusing token endpoint with its typed error', async () => {
      upstream.fake.onToken(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_client' }) }));
      await expect(client().checkAuth()).rejects.toMatchObject({ code: 'UPSTREAM_AUTH_FAILED', operation: 'token', oauthError: 'invalid_client' });
    });

    it('gives up at the client deadline when the token endpoint hangs', async () => {
      upstream.fake.onToken(() => ({ hang: true }));
      await expect(client({ timeouts: { deadlineMs: 100 } }).checkAuth()).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        operation: 'token',
        message: 'token: deadline passed while waiting for a token',
      });
    });

    it('refuses once the client is closed, without asking for a token', async () => {
      const c = client();
      await c.close();
      await expect(c.checkAuth()).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', operation: 'token', message: 'token: the upstream client is closed' });
      expect(upstream.fake.tokenRequests()).toHaveLength(0);
    });
  });

  describe('stats', () => {
    it('keeps one entry per operation, and resetStats() forgets them but not the token counters', async () => {
      const c = client();
      await consultarParcelas(c, {});
      await consultarParcelas(c, {});
      await incluirManual(c, {});
      expect(Object.keys(c.stats().operations).sort()).toEqual(['ConsultarParcelas', 'IncluirManual']);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 2, successes: 2, attempts: 2 });
      c.resetStats();
      expect(c.stats()).toEqual({ operations: {}, tokenRequests: 1, tokenFailures: 0 });
      await consultarParcelas(c, {});
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1 });
    });
  });
});
