/**
 * Hedged reads: an attempt whose response headers have not come after `hedgeAfterMs` (with the
 * deadline still ahead) is sent once more; the first answer wins and the other attempt is cancelled.
 */
import { type AttemptOutcome } from './response.js';
import { type OperationRecorder } from './stats.js';

/** Told when an attempt was sent and when its response headers came (the hedge's clock). */
export interface AttemptEvents {
  sent?: () => void;
  headers?: () => void;
}

/** What the hedge reads and writes of its call's progress. */
export interface HedgeProgress {
  recorder: OperationRecorder;
  /** A hedge was sent (at most one per call). */
  hedged: boolean;
}

/**
 * An attempt (`send`) and, when its response headers have not come after `hedgeAfterMs` (and the
 * deadline is still ahead), a second one. The first answer wins and the other attempt is cancelled;
 * a retryable failure of one waits for the other's answer. Rejects only when the call's signal ends
 * (or the limiter fails).
 */
export function hedgedExchange(
  send: (attemptSignal: AbortSignal, events: AttemptEvents) => Promise<AttemptOutcome>,
  signal: AbortSignal,
  deadline: number,
  hedgeAfterMs: number,
  progress: HedgeProgress,
): Promise<AttemptOutcome> {
  return new Promise<AttemptOutcome>((resolve, reject) => {
    const controllers: AbortController[] = [];
    let running = 0;
    let done = false;
    let failed: AttemptOutcome | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (settle: () => void, winner?: AbortController): void => {
      done = true;
      clearTimeout(timer);
      for (const controller of controllers) {
        if (controller !== winner) {
          controller.abort();
        }
      }
      settle();
    };
    const launch = (hedge: boolean): void => {
      const own = new AbortController();
      controllers.push(own);
      running += 1;
      // The attempt's signal follows the call's, as AbortSignal.any([signal, own.signal]) would, without
      // the weak references Node keeps for every composite signal (measured: bench/README.md).
      const follow = (): void => own.abort(signal.reason);
      if (signal.aborted) {
        follow();
      } else {
        signal.addEventListener('abort', follow, { once: true });
      }
      const unfollow = (): void => signal.removeEventListener('abort', follow);
      const events: AttemptEvents = hedge
        ? {}
        : {
            sent: () => {
              timer = setTimeout(() => {
                if (!done && performance.now() < deadline) {
                  progress.hedged = true;
                  progress.recorder.hedges += 1;
                  launch(true);
                }
              }, hedgeAfterMs);
            },
            headers: () => clearTimeout(timer),
          };
      send(own.signal, events).then(
        (outcome) => {
          unfollow();
          running -= 1;
          if (done) {
            return;
          }
          // A retryable failure of one attempt waits for the other's answer.
          if (!outcome.ok && outcome.retry !== 'none' && running > 0) {
            failed = outcome;
            return;
          }
          // An answer of the hedge wins; when both failed, the later failure is no win.
          if (hedge && (outcome.ok || outcome.retry === 'none')) {
            progress.recorder.hedgeWins += 1;
          }
          finish(() => resolve(outcome), own);
        },
        (error: unknown) => {
          unfollow();
          running -= 1;
          if (done) {
            return;
          }
          if (signal.aborted || running === 0) {
            finish(() => (failed !== undefined && !signal.aborted ? resolve(failed) : reject(error)));
          }
        },
      );
    };
    launch(false);
  });
}
