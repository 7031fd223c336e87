/**
 * `hedgedExchange` driven attempt by attempt on jest's fake clock: when the hedge goes (and when it
 * never does), which answer wins, which attempt is cancelled, what is counted, and how rejections
 * (the call's signal, a limiter failure) end the exchange. The client's own hedging over HTTP is in
 * client.tail.test.ts.
 */
import { getEventListeners } from 'node:events';
import { jest } from '@jest/globals';
import { UpstreamRejectedError, UpstreamUnavailableError } from '../../../src/upstream/errors.js';
import { type AttemptEvents, type HedgeProgress, hedgedExchange } from '../../../src/upstream/hedge.js';
import { type AttemptOutcome } from '../../../src/upstream/response.js';
import { OperationRecorder } from '../../../src/upstream/stats.js';

/** One attempt `send` was asked for: its signal and events, and how the test ends it. */
interface Attempt {
  signal: AbortSignal;
  events: AttemptEvents;
  answer: (outcome: AttemptOutcome) => void;
  fail: (error: unknown) => void;
}

const ok = (n: number): AttemptOutcome => ({ ok: true, data: { n } });
const unavailable = (status: number): AttemptOutcome => ({
  ok: false,
  error: new UpstreamUnavailableError(`x: HTTP ${status}`, { operation: 'x', status }),
  retry: 'read',
});
const rejected: AttemptOutcome = { ok: false, error: new UpstreamRejectedError('x: rejected', { operation: 'x', status: 200, items: [] }), retry: 'none' };

/** An exchange whose attempts the test answers by hand; `hedgeAfterMs` 100 and the deadline 1000 ms ahead unless told. */
function exchange(options: { hedgeAfterMs?: number; deadlineInMs?: number; signal?: AbortSignal } = {}) {
  const attempts: Attempt[] = [];
  const progress: HedgeProgress = { recorder: new OperationRecorder(), hedged: false };
  const send = (signal: AbortSignal, events: AttemptEvents): Promise<AttemptOutcome> =>
    new Promise<AttemptOutcome>((resolve, reject) => {
      attempts.push({ signal, events, answer: resolve, fail: reject });
    });
  const result: { state: 'pending' | 'resolved' | 'rejected'; value?: unknown } = { state: 'pending' };
  hedgedExchange(
    send,
    options.signal ?? new AbortController().signal,
    performance.now() + (options.deadlineInMs ?? 1000),
    options.hedgeAfterMs ?? 100,
    progress,
  ).then(
    (value) => Object.assign(result, { state: 'resolved', value }),
    (error: unknown) => Object.assign(result, { state: 'rejected', value: error }),
  );
  const attempt = (i: number): Attempt => {
    const found = attempts[i];
    if (found === undefined) {
      throw new Error(`attempt ${i} was never sent`);
    }
    return found;
  };
  /** The first attempt sent, and the hedge sent after `hedgeAfterMs`. */
  const hedged = async (): Promise<void> => {
    attempt(0).events.sent?.();
    await jest.advanceTimersByTimeAsync(options.hedgeAfterMs ?? 100);
    expect(attempts).toHaveLength(2);
  };
  return { attempts, attempt, progress, result, hedged };
}

describe('hedgedExchange', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  describe('when the hedge goes', () => {
    it('sends a second attempt once the first was sent hedgeAfterMs ago without headers, and not a millisecond before', async () => {
      const x = exchange();
      await jest.advanceTimersByTimeAsync(500);
      expect(x.attempts).toHaveLength(1);
      x.attempt(0).events.sent?.();
      await jest.advanceTimersByTimeAsync(99);
      expect(x.attempts).toHaveLength(1);
      expect(x.progress).toMatchObject({ hedged: false, recorder: { hedges: 0 } });
      await jest.advanceTimersByTimeAsync(1);
      expect(x.attempts).toHaveLength(2);
      expect(x.progress).toMatchObject({ hedged: true, recorder: { hedges: 1, hedgeWins: 0 } });
      expect(x.result.state).toBe('pending');
    });

    it('hedges once: the hedge has no events of its own and starts no third attempt', async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(1).events.sent?.();
      x.attempt(1).events.headers?.();
      await jest.advanceTimersByTimeAsync(900);
      expect(x.attempts).toHaveLength(2);
      expect(x.progress.recorder.hedges).toBe(1);
    });

    it('never hedges once the first attempt has its headers', async () => {
      const x = exchange();
      x.attempt(0).events.sent?.();
      await jest.advanceTimersByTimeAsync(99);
      x.attempt(0).events.headers?.();
      expect(jest.getTimerCount()).toBe(0);
      await jest.advanceTimersByTimeAsync(900);
      expect(x.attempts).toHaveLength(1);
      x.attempt(0).answer(ok(1));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(1) });
      expect(x.progress).toMatchObject({ hedged: false, recorder: { hedges: 0, hedgeWins: 0 } });
    });

    it('never hedges when the delay ends on the deadline, and hedges when it ends a millisecond before', async () => {
      const late = exchange({ hedgeAfterMs: 100, deadlineInMs: 100 });
      late.attempt(0).events.sent?.();
      await jest.advanceTimersByTimeAsync(100);
      expect(late.attempts).toHaveLength(1);
      expect(late.progress).toMatchObject({ hedged: false, recorder: { hedges: 0 } });
      const inTime = exchange({ hedgeAfterMs: 100, deadlineInMs: 101 });
      await inTime.hedged();
      expect(inTime.progress).toMatchObject({ hedged: true, recorder: { hedges: 1 } });
    });
  });

  describe('which answer wins', () => {
    it("answers with the hedge's answer, counts its win and cancels the first attempt only", async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(1).answer(ok(2));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(2) });
      expect(x.progress.recorder).toMatchObject({ hedges: 1, hedgeWins: 1 });
      expect(x.attempt(0).signal.aborted).toBe(true);
      expect(x.attempt(1).signal.aborted).toBe(false);
      // The cancelled attempt then ends (answered or rejected): nothing changes, the winner is left alone.
      x.attempt(0).answer(ok(1));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(2) });
      expect(x.progress.recorder).toMatchObject({ hedges: 1, hedgeWins: 1 });
      expect(x.attempt(1).signal.aborted).toBe(false);
    });

    it('answers with the first attempt when it answers first, cancels the hedge and counts no win', async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).answer(ok(1));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(1) });
      expect(x.progress.recorder).toMatchObject({ hedges: 1, hedgeWins: 0 });
      expect(x.attempt(1).signal.aborted).toBe(true);
      expect(x.attempt(0).signal.aborted).toBe(false);
      x.attempt(1).fail(new Error('aborted'));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(1) });
      expect(x.attempt(0).signal.aborted).toBe(false);
    });

    it('answers at once with a first answer that comes before the hedge, leaving no timer', async () => {
      const x = exchange();
      x.attempt(0).events.sent?.();
      await jest.advanceTimersByTimeAsync(50);
      x.attempt(0).answer(unavailable(503));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: unavailable(503) });
      expect(jest.getTimerCount()).toBe(0);
      expect(x.attempt(0).signal.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(500);
      expect(x.attempts).toHaveLength(1);
    });

    it("waits for the other attempt's answer after a retryable failure, either way round", async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).answer(unavailable(503));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result.state).toBe('pending');
      expect(x.attempt(1).signal.aborted).toBe(false);
      x.attempt(1).answer(ok(2));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(2) });
      expect(x.progress.recorder.hedgeWins).toBe(1);

      const y = exchange();
      await y.hedged();
      y.attempt(1).answer(unavailable(500));
      await jest.advanceTimersByTimeAsync(0);
      expect(y.result.state).toBe('pending');
      expect(y.attempt(0).signal.aborted).toBe(false);
      y.attempt(0).answer(ok(1));
      await jest.advanceTimersByTimeAsync(0);
      expect(y.result).toEqual({ state: 'resolved', value: ok(1) });
      expect(y.progress.recorder.hedgeWins).toBe(0);
    });

    it('answers with the later failure when both fail retryably, and counts no win', async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).answer(unavailable(503));
      await jest.advanceTimersByTimeAsync(0);
      x.attempt(1).answer(unavailable(500));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: unavailable(500) });
      expect(x.progress.recorder).toMatchObject({ hedges: 1, hedgeWins: 0 });
    });

    it("takes a business answer (not retryable) as the answer at once, the hedge's counted as a win", async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).answer(rejected);
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: rejected });
      expect(x.attempt(1).signal.aborted).toBe(true);
      expect(x.progress.recorder.hedgeWins).toBe(0);

      const y = exchange();
      await y.hedged();
      y.attempt(1).answer(rejected);
      await jest.advanceTimersByTimeAsync(0);
      expect(y.result).toEqual({ state: 'resolved', value: rejected });
      expect(y.attempt(0).signal.aborted).toBe(true);
      expect(y.progress.recorder.hedgeWins).toBe(1);
    });
  });

  describe("the call's signal", () => {
    it('is followed by each attempt while it runs, and let go of once each attempt has settled', async () => {
      const call = new AbortController();
      const x = exchange({ signal: call.signal });
      await x.hedged();
      expect(getEventListeners(call.signal, 'abort')).toHaveLength(2);
      x.attempt(1).answer(ok(2));
      await jest.advanceTimersByTimeAsync(0);
      // The winner settled; the loser was cancelled and still has to settle.
      expect(x.attempt(0).signal.aborted).toBe(true);
      expect(x.attempt(0).signal.reason).toMatchObject({ name: 'AbortError' });
      expect(getEventListeners(call.signal, 'abort')).toHaveLength(1);
      x.attempt(0).fail(new Error('cancelled'));
      await jest.advanceTimersByTimeAsync(0);
      expect(getEventListeners(call.signal, 'abort')).toHaveLength(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(2) });
    });

    it('already ended gives an attempt that starts ended, with its reason, and no listener', async () => {
      const call = new AbortController();
      const reason = new Error('gone before the call');
      call.abort(reason);
      const x = exchange({ signal: call.signal });
      expect(x.attempt(0).signal.aborted).toBe(true);
      expect(x.attempt(0).signal.reason).toBe(reason);
      expect(getEventListeners(call.signal, 'abort')).toHaveLength(0);
      x.attempt(0).fail(reason);
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'rejected', value: reason });
    });
  });

  describe('rejections', () => {
    it("ends every attempt when the call's signal ends, and rejects with the first attempt's rejection", async () => {
      const call = new AbortController();
      const x = exchange({ signal: call.signal });
      await x.hedged();
      const reason = new Error('the caller went away');
      call.abort(reason);
      expect(x.attempt(0).signal.aborted).toBe(true);
      expect(x.attempt(1).signal.aborted).toBe(true);
      // With the call's reason, as AbortSignal.any would give it.
      expect([x.attempt(0).signal.reason, x.attempt(1).signal.reason]).toEqual([reason, reason]);
      const first = new Error('first');
      x.attempt(0).fail(first);
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'rejected', value: first });
      x.attempt(1).fail(new Error('second'));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result.value).toBe(first);
    });

    it("rejects, after the call's signal ended, even when the other attempt had failed retryably", async () => {
      const call = new AbortController();
      const x = exchange({ signal: call.signal });
      await x.hedged();
      x.attempt(1).answer(unavailable(503));
      await jest.advanceTimersByTimeAsync(0);
      call.abort();
      const aborted = new Error('aborted');
      x.attempt(0).fail(aborted);
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'rejected', value: aborted });
    });

    it("waits for the other attempt when one is rejected (the limiter failed), and takes the other's answer", async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(1).fail(new Error('limiter closed'));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result.state).toBe('pending');
      expect(x.attempt(0).signal.aborted).toBe(false);
      x.attempt(0).answer(ok(1));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: ok(1) });
      expect(x.progress.recorder.hedgeWins).toBe(0);
    });

    it('answers with the retryable failure of one attempt when the other is then rejected', async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).answer(unavailable(503));
      await jest.advanceTimersByTimeAsync(0);
      x.attempt(1).fail(new Error('limiter closed'));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'resolved', value: unavailable(503) });
      expect(x.progress.recorder.hedgeWins).toBe(0);
    });

    it('rejects with the later rejection when both attempts are rejected, and at once when only one was sent', async () => {
      const x = exchange();
      await x.hedged();
      x.attempt(0).fail(new Error('first'));
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result.state).toBe('pending');
      const second = new Error('second');
      x.attempt(1).fail(second);
      await jest.advanceTimersByTimeAsync(0);
      expect(x.result).toEqual({ state: 'rejected', value: second });

      const y = exchange();
      const only = new Error('limiter closed');
      y.attempt(0).fail(only);
      await jest.advanceTimersByTimeAsync(0);
      expect(y.result).toEqual({ state: 'rejected', value: only });
      expect(jest.getTimerCount()).toBe(0);
    });
  });
});
