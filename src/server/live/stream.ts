/**
 * A subscription's event stream as the transports hand it to graphql-ws and graphql-sse: it can be
 * ended from outside (a token that expired, a stopping replica, a full send buffer) with a last
 * event, and it reports once why it ended.
 */
import { type ExecutionResult } from 'graphql';
import { type SubscriptionEndReason } from '../metrics.js';

/** A subscription's events, endable by the transport. */
export interface LiveStream extends AsyncGenerator<ExecutionResult> {
  /** Ends the stream: `last`, when given, is its final event; then it completes. The source is ended at once. */
  end(reason: SubscriptionEndReason, last?: ExecutionResult): void;
}

/** `source` as a {@link LiveStream}; `onEnd` is told once why it ended. */
export function endableStream(source: AsyncGenerator<ExecutionResult>, onEnd: (reason: SubscriptionEndReason) => void): LiveStream {
  let ended: SubscriptionEndReason | undefined;
  let last: ExecutionResult | undefined;
  let waiting: ((result: IteratorResult<ExecutionResult>) => void) | undefined;
  const finish = (reason: SubscriptionEndReason): boolean => {
    if (ended !== undefined) {
      return false;
    }
    ended = reason;
    onEnd(reason);
    return true;
  };
  const done = (): IteratorResult<ExecutionResult> => ({ value: undefined, done: true });
  let closed: Promise<unknown> | undefined;
  const closeSource = (): Promise<unknown> => (closed ??= source.return(undefined).catch(() => undefined));
  const stream: LiveStream = {
    next() {
      if (ended !== undefined) {
        const value = last;
        last = undefined;
        return Promise.resolve(value === undefined ? done() : { value, done: false });
      }
      return new Promise((resolve, reject) => {
        waiting = resolve;
        source.next().then(
          (result) => {
            // Ended meanwhile: the waiter was already answered.
            if (waiting !== resolve) {
              return;
            }
            waiting = undefined;
            if (result.done === true) {
              finish('completed');
              resolve(done());
            } else {
              resolve(result);
            }
          },
          (error: unknown) => {
            if (waiting !== resolve) {
              return;
            }
            waiting = undefined;
            finish('error');
            reject(error);
          },
        );
      });
    },
    end(reason, final) {
      if (!finish(reason)) {
        return;
      }
      void closeSource();
      const wake = waiting;
      waiting = undefined;
      if (wake === undefined) {
        last = final;
      } else {
        wake(final === undefined ? done() : { value: final, done: false });
      }
    },
    async return() {
      finish('client');
      last = undefined;
      const wake = waiting;
      waiting = undefined;
      wake?.(done());
      await closeSource();
      return done();
    },
    async throw(error: unknown) {
      finish('error');
      await closeSource();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
    async [Symbol.asyncDispose]() {
      await stream.return(undefined);
    },
  };
  return stream;
}
