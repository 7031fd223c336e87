import { createReadiness, READINESS_TIMEOUT_MS } from '../../../src/server/health.js';

describe('createReadiness', () => {
  it('is ready when every check passes and names the failing check otherwise', async () => {
    let problem: string | undefined = undefined;
    const readiness = createReadiness(
      [
        { name: 'server', check: async () => undefined },
        { name: 'upstream', check: async () => problem },
      ],
      { cacheMs: 0 },
    );
    expect(await readiness.report()).toEqual({ status: 'ready', checks: { server: 'ok', upstream: 'ok' } });
    problem = 'UPSTREAM_AUTH_FAILED';
    expect(await readiness.report()).toEqual({ status: 'unavailable', checks: { server: 'ok', upstream: 'UPSTREAM_AUTH_FAILED' } });
  });

  it('caches a passing report but still notices at once that the server stopped', async () => {
    let serving = true;
    let upstreamChecks = 0;
    const readiness = createReadiness(
      [
        { name: 'server', check: async () => (serving ? undefined : 'not serving') },
        {
          name: 'upstream',
          check: async () => {
            upstreamChecks += 1;
            return undefined;
          },
        },
      ],
      { cacheMs: 60_000 },
    );
    await readiness.report();
    await readiness.report();
    expect(upstreamChecks).toBe(1);
    serving = false;
    expect((await readiness.report()).status).toBe('unavailable');
  });

  it('runs an uncached check (the ledger) on every probe, so its failure shows while a passing report is cached', async () => {
    let ledger: string | undefined = undefined;
    let upstreamChecks = 0;
    const readiness = createReadiness(
      [
        { name: 'server', check: async () => undefined },
        { name: 'upstream', check: async () => ((upstreamChecks += 1), undefined) },
        { name: 'ledger', check: async () => ledger, uncached: true },
      ],
      { cacheMs: 60_000 },
    );
    expect((await readiness.report()).status).toBe('ready');
    expect((await readiness.report()).status).toBe('ready');
    expect(upstreamChecks).toBe(1);
    ledger = 'LEDGER_UNAVAILABLE';
    expect(await readiness.report()).toEqual({ status: 'unavailable', checks: { server: 'ok', upstream: 'ok', ledger: 'LEDGER_UNAVAILABLE' } });
  });

  it("answers within its own deadline by default, well inside a prober's 5 s", () => {
    expect(READINESS_TIMEOUT_MS).toBe(2000);
  });

  it('fails a check that throws (with its code) or hangs', async () => {
    const coded = Object.assign(new Error('token endpoint said no to 39053344705'), { code: 'UPSTREAM_AUTH_FAILED' });
    const readiness = createReadiness(
      [
        { name: 'thrower', check: async () => Promise.reject(coded) },
        { name: 'plain', check: async () => Promise.reject(new Error('boom')) },
        { name: 'hanger', check: () => new Promise<undefined>(() => undefined) },
      ],
      { cacheMs: 0, timeoutMs: 50 },
    );
    expect(await readiness.report()).toEqual({
      status: 'unavailable',
      checks: { thrower: 'UPSTREAM_AUTH_FAILED', plain: 'failed', hanger: 'timed out' },
    });
  });
});
