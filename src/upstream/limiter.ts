/**
 * The upstream is scarce (about one request per second in production): a token bucket
 * (requests per second with a burst) and a concurrency cap, with a bounded FIFO wait. A call whose
 * wait would exceed the bound is refused at once, before anything is sent.
 */

export interface RateLimitOptions {
  requestsPerSecond: number;
  /** Bucket size; default max(1, ceil(requestsPerSecond)). */
  burst?: number;
  maxConcurrent: number;
  /** Longest a call may wait for a slot. */
  maxWaitMs: number;
}

/** One call asking the limiter for a slot. */
export interface CallTicket {
  /** Whose call it is: fair limiters queue per caller. */
  caller: string;
  /** Writes go before reads. */
  write: boolean;
  /** `background`: served only while no write and no other read waits (fair limiters). */
  priority?: 'background';
  signal?: AbortSignal;
  /** Longest the call may wait (its remaining deadline); the limiter's own bound may be shorter. */
  waitBoundMs: number;
}

/** What the upstream client waits on before each HTTP attempt. `acquire` resolves with the slot's release. */
export interface CallLimiter {
  acquire(ticket: CallTicket): Promise<() => void>;
  /** Refuses every waiting call and every later one. */
  close(): void;
}

/** Why the limiter refused a call. */
export class LimiterRefusal extends Error {
  constructor(
    readonly reason: 'wait-bound' | 'aborted' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'LimiterRefusal';
  }
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: LimiterRefusal) => void;
  timer: NodeJS.Timeout;
  cleanup: () => void;
}

/** Token bucket plus concurrency cap, first come first served. `acquire` resolves with a release function. */
export class RateLimiter implements CallLimiter {
  private readonly rate: number;
  private readonly burst: number;
  private tokens: number;
  private last: number;
  private inFlight = 0;
  private readonly queue: Waiter[] = [];
  private refillTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(options.requestsPerSecond > 0) || !(options.maxConcurrent >= 1) || !(options.maxWaitMs >= 0)) {
      throw new RangeError('rateLimit needs requestsPerSecond > 0, maxConcurrent >= 1 and maxWaitMs >= 0');
    }
    this.rate = options.requestsPerSecond / 1000;
    this.burst = Math.max(1, options.burst ?? Math.ceil(options.requestsPerSecond));
    this.tokens = this.burst;
    this.last = this.now();
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Waits for a slot at most `min(maxWaitMs, waitBoundMs)`. Refuses at once when the bucket alone
   * already makes the wait longer than that.
   */
  acquire(ticket: Pick<CallTicket, 'signal' | 'waitBoundMs'> = { waitBoundMs: Number.POSITIVE_INFINITY }): Promise<() => void> {
    const { signal, waitBoundMs } = ticket;
    if (this.closed) {
      return Promise.reject(new LimiterRefusal('closed', 'the client is closed'));
    }
    const bound = Math.min(this.options.maxWaitMs, waitBoundMs);
    this.refill();
    if (this.queue.length === 0 && this.inFlight < this.options.maxConcurrent && this.tokens >= 1) {
      this.tokens -= 1;
      this.inFlight += 1;
      return Promise.resolve(this.releaser());
    }
    const needed = this.queue.length + 1 - this.tokens;
    const bucketWaitMs = needed > 0 ? needed / this.rate : 0;
    if (bucketWaitMs > bound) {
      return Promise.reject(
        new LimiterRefusal('wait-bound', `rate limit: a slot is ${Math.ceil(bucketWaitMs)} ms away, over the ${bound} ms wait bound`),
      );
    }
    if (signal?.aborted) {
      return Promise.reject(new LimiterRefusal('aborted', 'aborted while waiting for a rate-limit slot'));
    }
    return new Promise<() => void>((resolve, reject) => {
      const onAbort = (): void => {
        this.remove(waiter);
        reject(new LimiterRefusal('aborted', 'aborted while waiting for a rate-limit slot'));
      };
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.remove(waiter);
          reject(new LimiterRefusal('wait-bound', `rate limit: no slot within the ${bound} ms wait bound`));
        }, bound),
        cleanup: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.schedule();
    });
  }

  /** Refuses every waiting call and every later one. */
  close(): void {
    this.closed = true;
    if (this.refillTimer !== undefined) {
      clearTimeout(this.refillTimer);
      this.refillTimer = undefined;
    }
    for (const waiter of this.queue.splice(0)) {
      waiter.cleanup();
      waiter.reject(new LimiterRefusal('closed', 'the client is closed'));
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (!released) {
        released = true;
        this.inFlight -= 1;
        this.schedule();
      }
    };
  }

  private remove(waiter: Waiter): void {
    waiter.cleanup();
    const index = this.queue.indexOf(waiter);
    if (index >= 0) {
      this.queue.splice(index, 1);
    }
    this.schedule();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.rate);
    this.last = now;
  }

  private schedule(): void {
    this.refill();
    while (this.queue.length > 0 && this.inFlight < this.options.maxConcurrent && this.tokens >= 1) {
      const waiter = this.queue.shift() as Waiter;
      waiter.cleanup();
      this.tokens -= 1;
      this.inFlight += 1;
      waiter.resolve(this.releaser());
    }
    if (this.queue.length > 0 && this.inFlight < this.options.maxConcurrent && this.tokens < 1 && this.refillTimer === undefined) {
      const delay = Math.max(1, Math.ceil((1 - this.tokens) / this.rate));
      this.refillTimer = setTimeout(() => {
        this.refillTimer = undefined;
        this.schedule();
      }, delay);
    }
  }
}
