import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.js';
import { combineObservers, NOOP_UPSTREAM_OBSERVER, safeObserver, type TokenRenewalEvent, type UpstreamCallEvent } from '../../../src/upstream/observer.js';
import { consultarParcelas, incluirManual } from '../../../src/upstream/proposal.api.js';
import { type FakeUpstream, okText, startFakeUpstream, testKeys } from './fake-upstream.js';

describe('UpstreamObserver', () => {
  let fake: FakeUpstream;
  let client: UpstreamClient | undefined;

  beforeEach(async () => {
    fake = await startFakeUpstream();
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await fake.close();
  });

  function observed(observer: Parameters<typeof createUpstreamClient>[0]['observer']): UpstreamClient {
    client = createUpstreamClient({
      baseUrl: `${fake.url}/`,
      environmentUrl: `${fake.url}/environment`,
      authUrl: fake.url,
      clientId: 'client-1',
      privateKeyPem: testKeys().privateKeyPem,
      scope: 'bmp.digital.api.full.access',
      timeouts: { connectMs: 1000, headersMs: 5000, bodyMs: 5000, deadlineMs: 5000 },
      retry: { maxAttempts: 1 },
      ...(observer === undefined ? {} : { observer }),
    });
    return client;
  }

  describe('client events', () => {
    it('reports a successful call with its operation, outcome ok and whether it writes', async () => {
      const calls: UpstreamCallEvent[] = [];
      const tokens: TokenRenewalEvent[] = [];
      fake.onOperation(() => okText({ parcelas: [] }));
      const before = Date.now();
      await consultarParcelas(observed({ call: (event) => calls.push(event), tokenRenewal: (event) => tokens.push(event) }), {
        dto: { codigoProposta: 'abc' },
      });
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ operation: 'ConsultarParcelas', outcome: 'ok', write: false });
      expect(calls[0]?.status).toBeUndefined();
      expect(calls[0]?.startedAtMs).toBeGreaterThanOrEqual(before);
      expect(calls[0]?.durationMs).toBeGreaterThanOrEqual(0);
      expect(tokens).toEqual([expect.objectContaining({ outcome: 'ok' })]);
    });

    it('reports a failed call with the error code and the HTTP status', async () => {
      const calls: UpstreamCallEvent[] = [];
      fake.onOperation(() => ({ status: 500, body: 'boom' }));
      await expect(consultarParcelas(observed({ call: (event) => calls.push(event) }), { dto: { codigoProposta: 'abc' } })).rejects.toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
      });
      expect(calls).toEqual([expect.objectContaining({ operation: 'ConsultarParcelas', outcome: 'UPSTREAM_UNAVAILABLE', status: 500, write: false })]);
    });

    it('marks writes as writes', async () => {
      const calls: UpstreamCallEvent[] = [];
      fake.onOperation(() => okText({ codigoProposta: 'p1' }));
      await incluirManual(observed({ call: (event) => calls.push(event) }), {} as never).catch(() => undefined);
      expect(calls.map((event) => [event.operation, event.write])).toEqual([['IncluirManual', true]]);
    });

    it('reports a refused token request with its code', async () => {
      const tokens: TokenRenewalEvent[] = [];
      fake.onToken(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_client' }) }));
      await expect(consultarParcelas(observed({ tokenRenewal: (event) => tokens.push(event) }), { dto: { codigoProposta: 'abc' } })).rejects.toMatchObject({
        code: 'UPSTREAM_AUTH_FAILED',
      });
      expect(tokens.map((event) => event.outcome)).toEqual(['UPSTREAM_AUTH_FAILED']);
    });

    it('answers the call even when the observer throws', async () => {
      fake.onOperation(() => okText({ parcelas: [{ nroParcela: 1, vlrParcela: 2 }] }));
      const result = await consultarParcelas(
        observed({
          call: () => {
            throw new Error('broken metrics');
          },
          tokenRenewal: () => {
            throw new Error('broken metrics');
          },
        }),
        { dto: { codigoProposta: 'abc' } },
      );
      expect(result.parcelas).toEqual([{ nroParcela: 1, vlrParcela: 2 }]);
    });
  });

  describe('safeObserver', () => {
    it('fills missing methods with no-ops and returns the no-op observer for undefined', () => {
      expect(safeObserver(undefined)).toBe(NOOP_UPSTREAM_OBSERVER);
      const seen: string[] = [];
      const observer = safeObserver({ cache: (event) => seen.push(`${event.operation}:${event.outcome}`) });
      observer.cache({ operation: 'ConsultaProposta', outcome: 'stale' });
      observer.limiterQueue({ waiting: 3 });
      observer.throttled({ callerId: 'app', budget: 'caller' });
      expect(seen).toEqual(['ConsultaProposta:stale']);
    });
  });

  describe('combineObservers', () => {
    it('forwards every event to each observer in order, past one that throws', () => {
      const seen: string[] = [];
      const combined = combineObservers(
        {
          throttled: () => {
            throw new Error('first is broken');
          },
        },
        undefined,
        { throttled: (event) => seen.push(`second ${event.callerId}`), limiterQueue: (event) => seen.push(`second waiting ${event.waiting}`) },
        { throttled: (event) => seen.push(`third ${event.budget}`) },
      );
      combined.throttled({ callerId: 'app', budget: 'caller' });
      combined.limiterQueue({ waiting: 2 });
      expect(seen).toEqual(['second app', 'third caller', 'second waiting 2']);
    });
  });
});
