/**
 * The chokepoint's tail: hedged reads (a read whose response headers are late is sent once more;
 * the first answer wins) and the circuit breaker (a partner that keeps failing is not called until a
 * probe finds it back). Waits are on the fake upstream's requests, never timed.
 */
import { type CallLimiter, type CallTicket, LimiterRefusal } from '../../../src/upstream/limiter.js';
import { type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';
import { UpstreamCircuitOpenError } from '../../../src/upstream/errors.js';
import { consultarParcelas, incluirManual } from '../../../src/upstream/proposal.api.js';
import { type FakeAnswer, okText, useFakeUpstreamClients, waitFor } from './fake-upstream.js';

const UNAVAILABLE: FakeAnswer = { status: 503, body: '' };
const REJECTED: FakeAnswer = {
  status: 200,
  body: JSON.stringify({ hasError: true, msg: 'x', messages: [{ code: 'C0112', context: 'V0001', description: 'x' }] }),
};

describe('UpstreamClient tail', () => {
  const upstream = useFakeUpstreamClients({ timeouts: { connectMs: 1000, headersMs: 10_000, bodyMs: 10_000, deadlineMs: 10_000 }, retry: { maxAttempts: 1 } });
  const client = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient => upstream.client(extra);

  /** Answers operation request `i` with `answers[i]` (the last one after that). */
  const script = (...answers: FakeAnswer[]): void => {
    const from = upstream.fake.operationRequests().length;
    upstream.fake.onOperation((_r, i) => answers[Math.min(i - from, answers.length - 1)] as FakeAnswer);
  };
  const parcelas = (n: number): FakeAnswer => okText({ parcelas: [{ nroParcela: n }] });
  const stats = (c: UpstreamClient) => c.stats().operations.ConsultarParcelas;

  describe('hedged reads', () => {
    it("sends a read once more when its headers are late and answers with the hedge's answer", async () => {
      script({ hang: true }, parcelas(2));
      const c = client({ hedge: { afterMs: 50 } });
      let attempts = 0;
      const answer = await consultarParcelas(c, { dto: { codigoProposta: 'p' } }, { onAttempt: () => (attempts += 1) });
      expect(answer.parcelas).toEqual([{ nroParcela: 2 }]);
      expect(attempts).toBe(2);
      const [first, second] = upstream.fake.operationRequests();
      expect(second?.body).toBe(first?.body);
      expect(second?.headers.idempotencykey).toBe(first?.headers.idempotencykey);
      expect(stats(c)).toMatchObject({ calls: 1, successes: 1, attempts: 2, retries: 0, hedges: 1, hedgeWins: 1 });
    });

    it('answers with the first attempt when its answer comes before the hedge', async () => {
      script({ ...parcelas(1), delayMs: 300 }, { hang: true });
      const c = client({ hedge: { afterMs: 50 } });
      const answer = await consultarParcelas(c, {});
      expect(answer.parcelas).toEqual([{ nroParcela: 1 }]);
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      expect(stats(c)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 0 });
    });

    it("waits for the hedge's answer when the first attempt fails meanwhile (and the other way round)", async () => {
      script({ ...UNAVAILABLE, delayMs: 200 }, { ...parcelas(2), delayMs: 400 });
      const c = client({ hedge: { afterMs: 50 } });
      expect((await consultarParcelas(c, {})).parcelas).toEqual([{ nroParcela: 2 }]);
      expect(stats(c)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 1, errors: 0 });
      script({ ...parcelas(1), delayMs: 300 }, UNAVAILABLE);
      const d = client({ hedge: { afterMs: 50 } });
      expect((await consultarParcelas(d, {})).parcelas).toEqual([{ nroParcela: 1 }]);
      expect(stats(d)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 0, errors: 0 });
    });

    it("takes the hedge's business answer as the answer", async () => {
      script({ hang: true }, REJECTED);
      const c = client({ hedge: { afterMs: 50 } });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_NOT_FOUND' });
      expect(stats(c)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 1 });
    });

    it('fails with the last failure when both attempts fail, then retries as usual', async () => {
      script({ ...UNAVAILABLE, delayMs: 200 }, { status: 500, body: '', delayMs: 250 }, parcelas(3));
      const c = client({ hedge: { afterMs: 50 }, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
      expect((await consultarParcelas(c, {})).parcelas).toEqual([{ nroParcela: 3 }]);
      expect(stats(c)).toMatchObject({ attempts: 3, retries: 1, hedges: 1, hedgeWins: 0 });
      const d = client({ hedge: { afterMs: 50 } });
      script({ ...UNAVAILABLE, delayMs: 150 }, { status: 500, body: '', delayMs: 400 });
      await expect(consultarParcelas(d, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 500 });
      expect(stats(d)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 0 });
    });

    it('hedges once per call: two hung attempts end at the deadline', async () => {
      script({ hang: true });
      const c = client({ hedge: { afterMs: 50 }, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
      await expect(consultarParcelas(c, {}, { deadlineMs: 400 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      expect(stats(c)).toMatchObject({ attempts: 2, hedges: 1, hedgeWins: 0, errorsByCode: { UPSTREAM_TIMEOUT: 1 } });
    });

    it('hedges neither a write nor a read whose headers came (a slow body), nor with hedging off', async () => {
      script({ hang: true });
      const c = client({ hedge: { afterMs: 50 } });
      await expect(incluirManual(c, {}, { deadlineMs: 300 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      script({ status: 200, body: '{"msg":', stallBody: true });
      await expect(consultarParcelas(c, {}, { deadlineMs: 300 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      script({ hang: true });
      const off = client({ hedge: false });
      await expect(consultarParcelas(off, {}, { deadlineMs: 300 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(stats(off)).toMatchObject({ attempts: 1, hedges: 0 });
    });

    it('hedges after a third of the deadline by default, and never past the deadline', async () => {
      script({ hang: true }, parcelas(2));
      const c = client({ timeouts: { deadlineMs: 900 } });
      // Measured from the call's start, which is before the hedge's timer starts: the gap between the
      // two arrivals also holds the first request's own way to the fake upstream, which a loaded
      // machine can make longer than the second's (271 ms seen in a CI rehearsal).
      const startedAt = performance.now();
      expect((await consultarParcelas(c, {})).parcelas).toEqual([{ nroParcela: 2 }]);
      const [first, second] = upstream.fake.operationRequests();
      expect(first?.at).toBeLessThan(second?.at ?? 0);
      expect((second?.at ?? 0) - startedAt).toBeGreaterThanOrEqual(299);
      // A call deadline shorter than the hedge delay: no hedge.
      script({ hang: true });
      await expect(consultarParcelas(c, {}, { deadlineMs: 200 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(3);
    });

    it('hedges no retry of a call that was hedged already', async () => {
      script({ ...UNAVAILABLE, delayMs: 200 }, { status: 500, body: '', delayMs: 250 }, { ...parcelas(3), delayMs: 200 }, parcelas(4));
      const c = client({ hedge: { afterMs: 50 }, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
      expect((await consultarParcelas(c, {})).parcelas).toEqual([{ nroParcela: 3 }]);
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(stats(c)).toMatchObject({ attempts: 3, retries: 1, hedges: 1, hedgeWins: 0 });
    });

    it('asks the limiter for the hedge like for any read, and gives both slots back', async () => {
      const tickets: CallTicket[] = [];
      let released = 0;
      const limiter: CallLimiter = {
        acquire: (ticket) => {
          tickets.push(ticket);
          return Promise.resolve(() => {
            released += 1;
          });
        },
        close: () => undefined,
      };
      script({ hang: true }, parcelas(2));
      const c = client({ limiter, hedge: { afterMs: 50 } });
      await consultarParcelas(c, {}, { caller: 'app-1' });
      expect(tickets.map((t) => [t.caller, t.write])).toEqual([
        ['app-1', false],
        ['app-1', false],
      ]);
      await c.close();
      expect(released).toBe(2);
    });
  });

  describe('circuit breaker', () => {
    let clock: number;
    beforeEach(() => {
      clock = 0;
    });
    const breakerClient = (extra: Partial<UpstreamClientOptions> = {}): UpstreamClient =>
      client({ hedge: false, breaker: { failureThreshold: 3, coolDownMs: 1000, now: () => clock }, ...extra });

    it('opens after consecutive failed calls and then refuses calls unsent with a retryable UPSTREAM_CIRCUIT_OPEN', async () => {
      script(UNAVAILABLE);
      const c = breakerClient();
      for (let i = 0; i < 3; i += 1) {
        await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      }
      expect(c.breakerState()).toEqual({ state: 'open', consecutiveFailures: 3, opened: 1, rejected: 0, retryInMs: 1000 });
      clock += 400;
      const refused = await consultarParcelas(c, {}).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UpstreamCircuitOpenError);
      expect(refused).toMatchObject({
        code: 'UPSTREAM_CIRCUIT_OPEN',
        operation: 'ConsultarParcelas',
        retryAfterSeconds: 1,
        message: 'ConsultarParcelas: the partner keeps failing; the circuit is open and the call was not sent',
      });
      await expect(incluirManual(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_CIRCUIT_OPEN' });
      expect(upstream.fake.operationRequests()).toHaveLength(3);
      expect(stats(c)).toMatchObject({ calls: 4, attempts: 3, errorsByCode: { UPSTREAM_UNAVAILABLE: 3, UPSTREAM_CIRCUIT_OPEN: 1 } });
      expect(c.breakerState()).toMatchObject({ state: 'open', rejected: 2 });
    });

    it('lets one probe through after the cool-down: its success closes the circuit, its failure reopens it', async () => {
      script(UNAVAILABLE);
      const c = breakerClient();
      for (let i = 0; i < 3; i += 1) {
        await consultarParcelas(c, {}).catch(() => undefined);
      }
      clock += 1000;
      expect(c.breakerState().state).toBe('half-open');
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(c.breakerState()).toMatchObject({ state: 'open', opened: 2 });
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_CIRCUIT_OPEN' });
      clock += 1000;
      script(parcelas(1));
      await expect(consultarParcelas(c, {})).resolves.toMatchObject({ parcelas: [{ nroParcela: 1 }] });
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 0, opened: 2, rejected: 1 });
      expect(upstream.fake.operationRequests()).toHaveLength(5);
    });

    it('counts a timed-out call as a failure', async () => {
      script({ hang: true });
      const c = breakerClient({ breaker: { failureThreshold: 1, now: () => clock } });
      await expect(consultarParcelas(c, {}, { deadlineMs: 100 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(c.breakerState()).toMatchObject({ state: 'open', consecutiveFailures: 1 });
    });

    it('takes a business rejection and a 429 as the partner alive: the streak ends', async () => {
      script(UNAVAILABLE, UNAVAILABLE, REJECTED, UNAVAILABLE, UNAVAILABLE, { status: 429, body: '' }, UNAVAILABLE, UNAVAILABLE);
      const c = breakerClient();
      for (let i = 0; i < 8; i += 1) {
        await consultarParcelas(c, {}).catch(() => undefined);
      }
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 2, opened: 0, rejected: 0 });
    });

    it('takes a call the caller cancelled, or our limiter refused, as saying nothing of the partner', async () => {
      script(UNAVAILABLE);
      let refuse = false;
      const limiter: CallLimiter = {
        acquire: (ticket) =>
          refuse
            ? new Promise((_resolve, reject) => ticket.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }))
            : Promise.resolve(() => undefined),
        close: () => undefined,
      };
      const c = breakerClient({ limiter });
      await consultarParcelas(c, {}).catch(() => undefined);
      await consultarParcelas(c, {}).catch(() => undefined);
      script({ hang: true });
      const caller = new AbortController();
      const cancelled = consultarParcelas(c, {}, { signal: caller.signal }).catch((e: unknown) => e);
      await new Promise<void>((resolve) => {
        const poll = (): void => (upstream.fake.operationRequests().length === 3 ? resolve() : void setTimeout(poll, 5));
        poll();
      });
      caller.abort();
      expect(await cancelled).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      refuse = true;
      await expect(consultarParcelas(c, {}, { deadlineMs: 100 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 2, opened: 0, rejected: 0 });
    });

    it("takes our limiter's wait-bound refusal (a local UPSTREAM_RATE_LIMITED) as saying nothing of the partner", async () => {
      script(UNAVAILABLE);
      let refuse = false;
      const limiter: CallLimiter = {
        acquire: () =>
          refuse ? Promise.reject(new LimiterRefusal('wait-bound', 'the partner budget would be waited on for too long')) : Promise.resolve(() => undefined),
        close: () => undefined,
      };
      const c = breakerClient({ limiter });
      await consultarParcelas(c, {}).catch(() => undefined);
      await consultarParcelas(c, {}).catch(() => undefined);
      refuse = true;
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', local: true });
      expect(upstream.fake.operationRequests()).toHaveLength(2);
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 2, opened: 0, rejected: 0 });
    });

    it('takes a call cut short by close() as saying nothing of the partner', async () => {
      script({ hang: true });
      const c = breakerClient({ breaker: { failureThreshold: 1, now: () => clock } });
      const call = consultarParcelas(c, {}).catch((e: unknown) => e);
      await waitFor(() => upstream.fake.operationRequests().length === 1);
      await c.close();
      expect(await call).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'ConsultarParcelas: the upstream client was closed' });
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 0, opened: 0, rejected: 0 });
    });

    it('counts a call that timed out waiting for its token as a failure, though nothing was sent', async () => {
      upstream.fake.onToken(() => ({ hang: true }));
      const c = breakerClient({ breaker: { failureThreshold: 1, now: () => clock } });
      await expect(consultarParcelas(c, {}, { deadlineMs: 100 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(upstream.fake.operationRequests()).toHaveLength(0);
      expect(c.breakerState()).toMatchObject({ state: 'open', consecutiveFailures: 1, opened: 1 });
    });

    it('counts a call whose retry waited for our limiter until the deadline as a failure: its first attempt found the partner down', async () => {
      script(UNAVAILABLE);
      let acquired = 0;
      const limiter: CallLimiter = {
        acquire: (ticket) => {
          acquired += 1;
          return acquired === 1
            ? Promise.resolve(() => undefined)
            : new Promise((_resolve, reject) => ticket.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
        },
        close: () => undefined,
      };
      const c = breakerClient({ limiter, breaker: { failureThreshold: 1, now: () => clock }, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
      await expect(consultarParcelas(c, {}, { deadlineMs: 200 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      expect(acquired).toBe(2);
      expect(upstream.fake.operationRequests()).toHaveLength(1);
      expect(c.breakerState()).toMatchObject({ state: 'open', consecutiveFailures: 1, opened: 1 });
    });

    it('never opens when turned off, and reports closed', async () => {
      script(UNAVAILABLE);
      const c = client({ breaker: false, hedge: false });
      for (let i = 0; i < 6; i += 1) {
        await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      }
      expect(upstream.fake.operationRequests()).toHaveLength(6);
      expect(c.breakerState()).toEqual({ state: 'closed', consecutiveFailures: 0, opened: 0, rejected: 0 });
    });

    it('opens after 5 failed calls by default', async () => {
      script(UNAVAILABLE);
      const c = client({ hedge: false });
      for (let i = 0; i < 5; i += 1) {
        await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      }
      await expect(consultarParcelas(c, {})).rejects.toMatchObject({ code: 'UPSTREAM_CIRCUIT_OPEN', retryAfterSeconds: 15 });
      expect(upstream.fake.operationRequests()).toHaveLength(5);
    });
  });
});
