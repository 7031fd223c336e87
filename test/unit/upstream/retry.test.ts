/**
 * The wait between attempts on jest's fake clock: `sleep` ends after its delay and not before,
 * rejects at once when its signal ends, and leaves neither a timer nor a listener behind. (The
 * backoff's arithmetic is in client.calls.test.ts.)
 */
import { getEventListeners } from 'node:events';
import { jest } from '@jest/globals';
import { sleep } from '../../../src/upstream/retry.js';

/** How the wait ended: 'resolved', the rejection's message, or 'pending'. */
function track(wait: Promise<void>): { readonly outcome: string } {
  const state = { outcome: 'pending' };
  wait.then(
    () => {
      state.outcome = 'resolved';
    },
    (error: unknown) => {
      state.outcome = error instanceof Error ? `rejected: ${error.message}` : 'rejected: not an Error';
    },
  );
  return state;
}

describe('sleep', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('resolves after its delay and not a millisecond before, then leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const wait = track(sleep(100, controller.signal));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(99);
    expect(wait.outcome).toBe('pending');
    await jest.advanceTimersByTimeAsync(1);
    expect(wait.outcome).toBe('resolved');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rejects at once when its signal ends, clearing its timer and its listener', async () => {
    const controller = new AbortController();
    const wait = track(sleep(100, controller.signal));
    await jest.advanceTimersByTimeAsync(10);
    controller.abort();
    await Promise.resolve();
    expect(wait.outcome).toBe('rejected: aborted');
    expect(jest.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(200);
    expect(wait.outcome).toBe('rejected: aborted');
  });

  it('rejects at once, with no timer and no listener, when its signal has already ended', async () => {
    const ended = AbortSignal.abort();
    const wait = track(sleep(100, ended));
    await Promise.resolve();
    expect(wait.outcome).toBe('rejected: aborted');
    expect(jest.getTimerCount()).toBe(0);
    expect(getEventListeners(ended, 'abort')).toHaveLength(0);
  });
});
