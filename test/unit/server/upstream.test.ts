/**
 * The partner-tail settings reach the upstream client: UPSTREAM_HEDGE_AFTER_MS and UPSTREAM_BREAKER_*
 * go from the environment through loadConfig and upstreamClientOptions into the client's behaviour.
 */
import { loadConfig } from '../../../src/config/index.js';
import { upstreamClientOptions } from '../../../src/server/upstream.js';
import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.js';
import { UpstreamCircuitOpenError } from '../../../src/upstream/errors.js';
import { consultarParcelas } from '../../../src/upstream/proposal.api.js';
import { type FakeUpstream, okText, startFakeUpstream, testKeys } from '../upstream/fake-upstream.js';

describe('upstreamClientOptions', () => {
  let fake: FakeUpstream;
  const clients: UpstreamClient[] = [];

  beforeEach(async () => {
    fake = await startFakeUpstream();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await fake.close();
  });

  const connection = () => ({
    baseUrl: fake.url,
    environmentUrl: `${fake.url}/environment`,
    authUrl: fake.url,
    clientId: 'client-1',
    privateKeyPem: testKeys().privateKeyPem,
  });

  function client(env: Record<string, string>): UpstreamClient {
    // One attempt per call, so the breaker's count of failed calls is the count of requests.
    const c = createUpstreamClient({ ...upstreamClientOptions(connection(), loadConfig(env).upstreamLimits), retry: { maxAttempts: 1 }, random: () => 0.5 });
    clients.push(c);
    return c;
  }

  it('passes the defaults explicitly: a hedge after a third of the deadline, the breaker at 5 failures in 30 s, 15 s cool-down', () => {
    const options = upstreamClientOptions(connection(), loadConfig({}).upstreamLimits);
    expect(options.hedge).toEqual({ afterMs: 3333 });
    expect(options.breaker).toEqual({ failureThreshold: 5, windowMs: 30_000, coolDownMs: 15_000 });
    expect(options.timeouts).toEqual({ deadlineMs: 10_000 });
  });

  it('turns hedging and the breaker off with 0', () => {
    const options = upstreamClientOptions(connection(), loadConfig({ UPSTREAM_HEDGE_AFTER_MS: '0', UPSTREAM_BREAKER_FAILURES: '0' }).upstreamLimits);
    expect(options.hedge).toBe(false);
    expect(options.breaker).toBe(false);
  });

  it('UPSTREAM_BREAKER_FAILURES=2 opens the breaker after two failed calls: the third is refused unsent', async () => {
    fake.onOperation(() => ({ status: 503, body: '' }));
    const c = client({ UPSTREAM_BREAKER_FAILURES: '2', UPSTREAM_BREAKER_COOLDOWN_MS: '600000', UPSTREAM_HEDGE_AFTER_MS: '0' });
    await expect(consultarParcelas(c, {})).rejects.not.toBeInstanceOf(UpstreamCircuitOpenError);
    await expect(consultarParcelas(c, {})).rejects.not.toBeInstanceOf(UpstreamCircuitOpenError);
    await expect(consultarParcelas(c, {})).rejects.toBeInstanceOf(UpstreamCircuitOpenError);
    expect(fake.operationRequests()).toHaveLength(2);
    expect(c.breakerState()).toMatchObject({ state: 'open', opened: 1, rejected: 1 });
  });

  it('UPSTREAM_HEDGE_AFTER_MS sends a read whose headers are late once more, and the hedge answers', async () => {
    let index = 0;
    fake.onOperation(() => (index++ === 0 ? { hang: true } : okText({ parcelas: [{ nroParcela: 2 }] })));
    // A deadline of a minute: unwired, the default hedge (a third of it) would come after the test's own timeout.
    const c = client({ UPSTREAM_HEDGE_AFTER_MS: '50', UPSTREAM_TIMEOUT_MS: '60000' });
    expect((await consultarParcelas(c, {})).parcelas).toEqual([{ nroParcela: 2 }]);
    expect(fake.operationRequests()).toHaveLength(2);
    expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, attempts: 2, hedges: 1, hedgeWins: 1 });
  });
});
