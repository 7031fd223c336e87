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

const done = (): IteratorResult<ExecutionResult> => ({ value: undefined, done: true });

/**
 * `source` as a {@link LiveStream}; `onEnd` is told once why it ended. A class, not an object of
 * closures: an open subscription holds one small object, its methods shared.
 */
class EndableStream implements LiveStream {
  private ended: SubscriptionEndReason | undefined;
  private last: ExecutionResult | undefined;
  private waiting: ((result: IteratorResult<ExecutionResult>) => void) | undefined;
  private closed: Promise<unknown> | undefined;

  constructor(
    private readonly source: AsyncGenerator<ExecutionResult>,
    private readonly onEnd: (reason: SubscriptionEndReason) => void,
  ) {}

  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.ended !== undefined) {
      const value = this.last;
      this.last = undefined;
      return Promise.resolve(value === undefined ? done() : { value, done: false });
    }
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.source.next().then(
        (result) => {
          // Ended meanwhile: the waiter was already answered.
          if (this.waiting !== resolve) {
            return;
          }
          this.waiting = undefined;
          if (result.done === true) {
            this.finish('completed');
            resolve(done());
          } else {
            resolve(result);
          }
        },
        (error: unknown) => {
          if (this.waiting !== resolve) {
            return;
          }
          this.waiting = undefined;
          this.finish('error');
          reject(error);
        },
      );
    });
  }

  end(reason: SubscriptionEndReason, final?: ExecutionResult): void {
    if (!this.finish(reason)) {
      return;
    }
    void this.closeSource();
    const wake = this.waiting;
    this.waiting = undefined;
    if (wake === undefined) {
      this.last = final;
    } else {
      wake(final === undefined ? done() : { value: final, done: false });
    }
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.finish('client');
    this.last = undefined;
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.(done());
    await this.closeSource();
    return done();
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.finish('error');
    await this.closeSource();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }

  private finish(reason: SubscriptionEndReason): boolean {
    if (this.ended !== undefined) {
      return false;
    }
    this.ended = reason;
    this.onEnd(reason);
    return true;
  }

  private closeSource(): Promise<unknown> {
    return (this.closed ??= this.source.return(undefined).catch(() => undefined));
  }
}

/** `source` as a {@link LiveStream}; `onEnd` is told once why it ended. */
export function endableStream(source: AsyncGenerator<ExecutionResult>, onEnd: (reason: SubscriptionEndReason) => void): LiveStream {
  return new EndableStream(source, onEnd);
}
