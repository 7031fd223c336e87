/**
 * The chokepoint's options and its limiter contract, one rule per test: what each option reaches
 * (addresses, the token cache's clock and renewal window, the response size bound), what every HTTP
 * attempt asks of the limiter and gives back, and what a limiter's refusal becomes. Waits are gated
 * on the fake upstream (`waitFor`), never on elapsed time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { type CallLimiter, type CallTicket, LimiterRefusal } from '../../../src/upstream/limiter.js';
import { type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';
import { cancelarProposta } from '../../../src/upstream/fgts.api.js';
import { type UpstreamCallEvent } from '../../../src/upstream/observer.js';
import { consultarParcelas, incluirManual } from '../../../src/upstream/proposal.api.js';
import { okText, useFakeUpstreamClients, waitFor } from './fake-upstream.js';

/** A limiter that admits every call at once and records what it was asked and given back. */
class RecordingLimiter implements CallLimiter {
  readonly tickets: CallTicket[] = [];
  acquired = 0;
  released = 0;
  closed = 0;
  /** When set, `acquire` rejects with it instead of admitting. */
  refusal: Error | undefined;
  /** Runs as a slot is given back (before the attempt's outcome reaches the client). */
  onRelease: () => void = () => undefined;

  acquire(ticket: CallTicket): Promise<() => void> {
    this.tickets.push(ticket);
    if (this.refusal !== undefined) {
      return Promise.reject(this.refusal);
    }
    this.acquired += 1;
    return Promise.resolve(() => {
      this.released += 1;
      this.onRelease();
    });
  }

  close(): void {
    this.closed += 1;
  }
}

describe('UpstreamClient options and limiter contract', () => {
  const upstream = useFakeUpstreamClients({
    timeouts: { connectMs: 1000, headersMs: 10_000, bodyMs: 10_000, deadlineMs: 10_000 },
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
  });
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => upstream.client(extra);

  describe('addresses', () => {
    it('sends CancelarProposta to the environment address without its trailing slashes', async () => {
      await cancelarProposta(client({ environmentUrl: `${upstream.fake.url}/environment///` }), { CodigoProposta: 'abc' });
      expect(upstream.fake.operationRequests().map((r) => r.path)).toEqual(['/environment/FGTS/CancelarProposta']);
    });
  });

  describe('the token cache', () => {
    it('reads token expiry off the clock it is given', async () => {
      let now = Date.parse('2026-11-25T12:00:00Z');
      const renewals: string[] = [];
      const c = client({ clock: () => now, observer: { tokenRenewal: (e) => renewals.push(e.outcome) } });
      await consultarParcelas(c, {});
      now += 3_500_000; // 100 s before the 3600 s token expires: still served, renewed in the background
      await consultarParcelas(c, {});
      await waitFor(() => renewals.length === 2); // the background renewal's token is in the cache
      now += 7_200_000; // long past the renewed token's expiry too
      await consultarParcelas(c, {});
      expect(renewals).toEqual(['ok', 'ok', 'ok']);
      expect(upstream.fake.operationRequests().map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-3']);
    });

    it('renews the configured number of seconds before expiry, not the default 300', async () => {
      let now = Date.parse('2026-11-25T12:00:00Z');
      const renewals: string[] = [];
      const c = client({ clock: () => now, tokenRenewBeforeSeconds: 1000, observer: { tokenRenewal: (e) => renewals.push(e.outcome) } });
      await consultarParcelas(c, {});
      now += 3_000_000; // 600 s before expiry: inside a 1000 s window, outside the default 300 s one
      await consultarParcelas(c, {});
      await waitFor(() => renewals.length === 2); // the background renewal's token is in the cache
      await consultarParcelas(c, {});
      expect(upstream.fake.operationRequests().map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
    });
  });

  describe("undici's timeouts", () => {
    it("ends a connection attempt that is not accepted within connectMs, before the call's deadline", async () => {
      const port = await unacceptedPort();
      try {
        // 5000 ms (the default) or 10 s (undici's) would leave the 3 s deadline to end the call.
        const c = client({ baseUrl: `http://127.0.0.1:${port.port}`, timeouts: { connectMs: 100, deadlineMs: 3000 }, retry: { maxAttempts: 1 } });
        await c.checkAuth();
        await expect(consultarParcelas(c, {})).rejects.toMatchObject({
          code: 'UPSTREAM_TIMEOUT',
          message: 'ConsultarParcelas: connecting to the upstream timed out',
        });
      } finally {
        port.close();
      }
    });

    it("ends an attempt whose headers do not come within headersMs, before the call's deadline", async () => {
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client({ timeouts: { headersMs: 100, deadlineMs: 10_000 }, retry: { maxAttempts: 1 } });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'ConsultarParcelas: the upstream sent no response headers in time',
      });
    });

    it("ends an attempt whose body stalls for bodyMs, before the call's deadline", async () => {
      upstream.fake.onOperation(() => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: '{"msg":', stallBody: true }));
      const c = client({ timeouts: { bodyMs: 100, deadlineMs: 10_000 }, retry: { maxAttempts: 1 } });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'ConsultarParcelas: the upstream response body stalled',
      });
    });
  });

  describe('the response size bound', () => {
    it('refuses by default a body over 32 MiB, and accepts one just under it', async () => {
      const limit = 32 * 1024 * 1024;
      const envelope = JSON.stringify({ msg: 'ok', hasError: false, messages: [], filler: '' });
      const under = envelope.replace('"filler":""', `"filler":"${'x'.repeat(limit - envelope.length)}"`);
      upstream.fake.onOperation((_r, i) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: i === 0 ? under : `${under} ` }));
      const c = client();
      await expect(consultarParcelas(c, {})).resolves.toMatchObject({ hasError: false });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({
        code: 'UPSTREAM_BAD_RESPONSE',
        message: 'ConsultarParcelas: the upstream response exceeds the size limit',
      });
      expect(upstream.fake.operationRequests()).toHaveLength(2);
    });
  });

  describe('the limiter', () => {
    it("asks for a slot before every attempt, as the call's caller, and gives each back once", async () => {
      const limiter = new RecordingLimiter();
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 503, body: '' } : okText()));
      const c = client({ limiter });
      await consultarParcelas(c, {}, { caller: 'app-1' });
      await incluirManual(c, {});
      expect(limiter.tickets.map((t) => [t.caller, t.write])).toEqual([
        ['app-1', false],
        ['app-1', false],
        ['anonymous', true],
      ]);
      expect(limiter.acquired).toBe(3);
      expect(limiter.released).toBe(3);
    });

    it("passes a background call's priority with each of its attempts, and no priority for other calls", async () => {
      const limiter = new RecordingLimiter();
      upstream.fake.onOperation((_r, i) => (i === 0 ? { status: 503, body: '' } : okText()));
      const c = client({ limiter });
      await consultarParcelas(c, {}, { caller: 'watcher', priority: 'background' });
      await consultarParcelas(c, {}, { caller: 'app-1' });
      expect(limiter.tickets.map((t) => [t.caller, t.priority])).toEqual([
        ['watcher', 'background'],
        ['watcher', 'background'],
        ['app-1', undefined],
      ]);
      expect(limiter.tickets[2]).not.toHaveProperty('priority');
    });

    it("bounds the wait by what is left of the call's deadline, and passes the call's signal", async () => {
      const limiter = new RecordingLimiter();
      const c = client({ limiter, timeouts: { deadlineMs: 5000 } });
      await c.checkAuth();
      await consultarParcelas(c, {});
      const [ticket] = limiter.tickets;
      expect(ticket?.waitBoundMs).toBeGreaterThan(0);
      expect(ticket?.waitBoundMs).toBeLessThanOrEqual(5000);
      expect(ticket?.signal).toBeInstanceOf(AbortSignal);
      expect(ticket?.signal?.aborted).toBe(false);
    });

    it('gives the slot back when the deadline ends the attempt', async () => {
      const limiter = new RecordingLimiter();
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client({ limiter });
      await expect(consultarParcelas(c, {}, { deadlineMs: 200 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(limiter.acquired).toBe(1);
      expect(limiter.released).toBe(1);
    });

    it('turns a wait-bound refusal into a local UPSTREAM_RATE_LIMITED, naming it and sending nothing', async () => {
      const limiter = new RecordingLimiter();
      limiter.refusal = new LimiterRefusal('wait-bound', 'the partner budget would be waited on for more than 2000 ms');
      const c = client({ limiter });
      const error = await consultarParcelas(c, {}).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'UPSTREAM_RATE_LIMITED',
        local: true,
        operation: 'ConsultarParcelas',
        message: 'ConsultarParcelas: the partner budget would be waited on for more than 2000 ms; not sent',
      });
      expect(upstream.fake.operationRequests()).toHaveLength(0);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ calls: 1, attempts: 0, errorsByCode: { UPSTREAM_RATE_LIMITED: 1 } });
    });

    it('does not call any other refusal rate limiting: a closed limiter on an open client is an unexpected failure', async () => {
      const limiter = new RecordingLimiter();
      limiter.refusal = new LimiterRefusal('closed', 'the limiter is closed');
      const error = await consultarParcelas(client({ limiter }), {}).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'ConsultarParcelas: unexpected client failure' });
      expect(upstream.fake.operationRequests()).toHaveLength(0);
    });

    it('says the caller cancelled when the limiter refuses an aborted wait', async () => {
      const limiter = new RecordingLimiter();
      limiter.refusal = new LimiterRefusal('aborted', 'the call was cancelled while waiting');
      const caller = new AbortController();
      const c = client({ limiter });
      await c.checkAuth();
      caller.abort();
      await expect(consultarParcelas(c, {}, { signal: caller.signal })).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'ConsultarParcelas: cancelled by the caller',
      });
    });

    it('closes the limiter it was given when the client closes, once', async () => {
      const limiter = new RecordingLimiter();
      const c = client({ limiter });
      await c.close();
      await c.close();
      expect(limiter.closed).toBe(1);
    });
  });

  describe('attempts', () => {
    it('tells onAttempt of every HTTP request: the first, each retry and the 401 replay', async () => {
      upstream.fake.onOperation((r, i) =>
        r.headers.authorization === 'Bearer tok-1' ? { status: 401, body: '' } : i === 1 ? { status: 503, body: '' } : okText(),
      );
      let attempts = 0;
      const c = client();
      await consultarParcelas(c, {}, { onAttempt: () => (attempts += 1) });
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(attempts).toBe(3);
    });

    it('is not told of a call refused before it was sent', async () => {
      let attempts = 0;
      const c = client();
      await c.close();
      await expect(consultarParcelas(c, {}, { onAttempt: () => (attempts += 1) })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(attempts).toBe(0);
    });
  });

  describe('the back-off wait', () => {
    // A 503 asking for 200 s before the next attempt, inside a 300 s deadline: the client sleeps, and
    // only the abort can end the call before the test's own timeout. The slot's release marks the
    // end of the attempt, after which the client is in its wait.
    const retryLater = { status: 503, headers: { 'retry-after': '200' }, body: '' };

    it('is cut short when the caller cancels during it: cancelled, nothing more sent', async () => {
      upstream.fake.onOperation(() => retryLater);
      const limiter = new RecordingLimiter();
      const caller = new AbortController();
      const c = client({ limiter });
      const call = consultarParcelas(c, {}, { signal: caller.signal, deadlineMs: 300_000 }).catch((e: unknown) => e);
      await waitFor(() => limiter.released === 1);
      caller.abort();
      expect(await call).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: 'ConsultarParcelas: cancelled by the caller' });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(limiter.acquired).toBe(1);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ attempts: 1, retries: 0 });
    });

    it('is cut short by close(): the client was closed, nothing more sent', async () => {
      upstream.fake.onOperation(() => retryLater);
      const limiter = new RecordingLimiter();
      const c = client({ limiter });
      const call = consultarParcelas(c, {}, { deadlineMs: 300_000 }).catch((e: unknown) => e);
      await waitFor(() => limiter.released === 1);
      await c.close();
      expect(await call).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'ConsultarParcelas: the upstream client was closed' });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(limiter.acquired).toBe(1);
    });
  });

  describe('an abort between the attempt and the wait', () => {
    it('ends the call at once when the caller cancels as the slot is given back', async () => {
      upstream.fake.onOperation(() => ({ status: 503, headers: { 'retry-after': '200' }, body: '' }));
      const limiter = new RecordingLimiter();
      const caller = new AbortController();
      limiter.onRelease = () => caller.abort();
      const c = client({ limiter });
      await expect(consultarParcelas(c, {}, { signal: caller.signal, deadlineMs: 300_000 })).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
        message: 'ConsultarParcelas: cancelled by the caller',
      });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(c.stats().operations.ConsultarParcelas).toMatchObject({ attempts: 1, retries: 0 });
    });
  });

  describe('call events', () => {
    it('measure each call inside the window it ran in, succeeded or failed', async () => {
      const calls: UpstreamCallEvent[] = [];
      upstream.fake.onOperation((_r, i) => (i === 0 ? okText() : { status: 400, body: '' }));
      const c = client({ observer: { call: (event) => calls.push(event) } });
      await c.checkAuth();
      const windows: number[] = [];
      for (let i = 0; i < 2; i += 1) {
        const started = performance.now();
        await consultarParcelas(c, {}).catch(() => undefined);
        windows.push(performance.now() - started);
      }
      expect(calls.map((e) => e.outcome)).toEqual(['ok', 'UPSTREAM_BAD_RESPONSE']);
      calls.forEach((event, i) => {
        expect(event.durationMs).toBeGreaterThan(0);
        expect(event.durationMs).toBeLessThanOrEqual(windows[i] ?? 0);
      });
      const latency = c.stats().operations.ConsultarParcelas?.latency;
      expect(latency?.count).toBe(2);
      expect(latency?.maxMs).toBeLessThanOrEqual(Math.max(...windows));
    });

    it('carries no status for a failure that had none (a transport failure)', async () => {
      const calls: UpstreamCallEvent[] = [];
      upstream.fake.onOperation(() => ({ hang: true }));
      const c = client({ observer: { call: (event) => calls.push(event) } });
      await expect(consultarParcelas(c, {}, { deadlineMs: 200 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ operation: 'ConsultarParcelas', outcome: 'UPSTREAM_TIMEOUT', write: false });
      expect(calls[0]).not.toHaveProperty('status');
    });

    it('says whether the call wrote', async () => {
      const calls: UpstreamCallEvent[] = [];
      const c = client({ observer: { call: (event) => calls.push(event) } });
      await incluirManual(c, {});
      expect(calls.map((e) => [e.operation, e.outcome, e.write])).toEqual([['IncluirManual', 'ok', true]]);
    });
  });
});

/**
 * A loopback port that is listening but never accepts: a child process listens with a backlog of 1
 * and blocks its event loop; the accept queue is then filled, so the kernel drops later SYNs and a
 * connection attempt neither succeeds nor fails until its own timeout.
 */
async function unacceptedPort(): Promise<{ port: number; close: () => void }> {
  const script = `
    const server = require('node:net').createServer();
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write(server.address().port + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('error', reject);
  });
  // Linux queues backlog + 1 handshaken connections; once two are in, the queue is full.
  const fillers: Socket[] = [];
  let connected = 0;
  for (let i = 0; i < 4; i += 1) {
    const socket = connect(port, '127.0.0.1', () => (connected += 1));
    socket.on('error', () => undefined);
    fillers.push(socket);
  }
  await waitFor(() => connected >= 2);
  return {
    port,
    close: () => {
      fillers.forEach((s) => s.destroy());
      child.kill('SIGKILL');
    },
  };
}
