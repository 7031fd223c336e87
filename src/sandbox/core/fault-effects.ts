import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type FaultDecision } from '../faults.js';
import { sendJson } from '../http.js';

/** Held-open (hung) requests are destroyed after this long. */
const HANG_LIMIT_MS = 120_000;

/**
 * Carries out fault decisions: injected latency, injected failures and hung requests. Owns every
 * timer it starts, so closing the sandbox stops them all and destroys the answers held open.
 */
export class FaultEffects {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly held = new Set<ServerResponse>();

  /**
   * Applies a decision; true when the request was answered (or is being held open). An injected
   * failure is answered after the latency. A passing request's latency is waited here only with
   * `latency: 'before'` (the token endpoint); the operations pass `'after'` and wait with
   * {@link answerDelay} once the work is done, as a slow server does: the work happens, only its
   * answer is late, so a client that gives up meanwhile leaves the write applied.
   */
  async apply(
    req: IncomingMessage,
    res: ServerResponse,
    decision: FaultDecision,
    errorBody: (status: number) => unknown,
    latency: 'before' | 'after' = 'before',
  ): Promise<boolean> {
    if (decision.action === 'hang') {
      this.holdOpen(req, res);
      return true;
    }
    if (decision.latencyMs > 0 && (decision.action === 'error' || latency === 'before')) {
      await this.delay(decision.latencyMs);
    }
    if (decision.action === 'error') {
      req.resume();
      const headers: Record<string, string> = decision.retryAfterSeconds !== undefined ? { 'Retry-After': String(decision.retryAfterSeconds) } : {};
      const contentType = req.url?.startsWith('/connect/token') ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8';
      sendJson(res, decision.status, errorBody(decision.status), contentType, headers);
      return true;
    }
    return false;
  }

  /** Waits `ms` before an answer whose work is done (resolves at once for 0). */
  answerDelay(ms: number): Promise<void> {
    return ms > 0 ? this.delay(ms) : Promise.resolve();
  }

  /** Stops timers and destroys held-open answers (on close). */
  shutdown(): void {
    for (const timer of this.timers) {
      clearTimeout(timer);
    }
    this.timers.clear();
    for (const res of this.held) {
      res.destroy();
    }
    this.held.clear();
  }

  private holdOpen(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    this.held.add(res);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      res.destroy();
    }, HANG_LIMIT_MS);
    this.timers.add(timer);
    res.once('close', () => {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.held.delete(res);
    });
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
