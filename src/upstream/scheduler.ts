/**
 * The fair limiter in front of the partner: every call waits for a slot of the {@link PartnerBudget}
 * (rate, burst and in-flight cap, in memory or shared through Redis), and while calls wait they are
 * served fairly: writes first (a payment must not queue behind a flood of reads), then reads in turn,
 * one queue per caller, round-robin, `weight` calls per turn where a caller is weighted. One caller's
 * flood therefore delays another caller by at most one call per turn, never by its whole queue.
 * Background calls (`priority: 'background'`: live watchers' polls) come last, only while nothing else
 * waits, so they never delay a query or a write.
 */
import { MemoryPartnerBudget, type PartnerBudget } from './budget.js';
import { type CallLimiter, type CallTicket, LimiterRefusal, type OverdueOptions, type OverdueStats, type RateLimitOptions } from './limiter.js';
import { OverdueBook } from './overdue.js';

/** Time and timers, injectable so tests move time instead of sleeping. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real time. */
export const REAL_CLOCK: SchedulerClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Options of {@link FairLimiter}. */
export interface FairLimiterOptions {
  budget: PartnerBudget;
  /** The partner's sustained rate: how fast queues drain, for the refusal estimate. */
  requestsPerSecond: number;
  /** The partner's burst: that many calls may find a slot at once (default 1), for the refusal estimate. */
  burst?: number;
  /** Longest a call may wait for a slot (a tighter per-call bound, its deadline, may apply). */
  maxWaitMs: number;
  /** Calls per turn by caller id (default 1). */
  weights?: Readonly<Record<string, number>>;
  clock?: SchedulerClock;
  /** Told whenever the number of waiting calls changes. */
  onQueue?: (event: { waiting: number; inFlight: number }) => void;
  /** Hung calls moved out of the slots into a bounded pool (limiter.ts); default: never moved. */
  overdue?: OverdueOptions;
  /** The budget's in-flight cap (`maxConcurrent`): with `overdue`, whether a new call would have to queue. */
  slots?: number;
}

interface Waiter {
  caller: string;
  write: boolean;
  background: boolean;
  resolve: (release: (answered?: boolean) => void) => void;
  reject: (error: LimiterRefusal) => void;
  timer: unknown;
  cleanup: () => void;
}

/** Writes first, then callers' reads in weighted round-robin, each call holding one partner slot. */
export class FairLimiter implements CallLimiter {
  private readonly writes: Waiter[] = [];
  /** Background calls, served only when no write and no read waits. */
  private readonly background: Waiter[] = [];
  /** Waiting reads per caller; a caller with none is not in the map. */
  private readonly reads = new Map<string, Waiter[]>();
  /** Callers with waiting reads, in turn order; `turn` points at the one to serve next. */
  private readonly rotation: string[] = [];
  private turn = 0;
  private servedThisTurn = 0;
  private held = 0;
  /** The overdue pool's counts and threshold (overdue.ts), with `overdue`. */
  private readonly book: OverdueBook | undefined;
  private pumping = false;
  private retryTimer: unknown;
  private retryAt = Number.POSITIVE_INFINITY;
  private closed = false;
  private readonly clock: SchedulerClock;

  constructor(private readonly options: FairLimiterOptions) {
    if (!(options.requestsPerSecond > 0) || !(options.maxWaitMs >= 0)) {
      throw new RangeError('the fair limiter needs requestsPerSecond > 0 and maxWaitMs >= 0');
    }
    this.clock = options.clock ?? REAL_CLOCK;
    this.book = options.overdue === undefined ? undefined : new OverdueBook(options.overdue, () => this.clock.now());
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    let n = this.writes.length + this.background.length;
    for (const queue of this.reads.values()) {
      n += queue.length;
    }
    return n;
  }

  /** Calls of this process holding a partner slot. */
  get inFlight(): number {
    return this.held;
  }

  /** Calls moved out of the slots for outliving `overdue.afterMs`, still unanswered. */
  get overdue(): number {
    return this.book?.calls ?? 0;
  }

  /** The overdue pool's counts and threshold, with `overdue`. */
  overdueStats(): OverdueStats | undefined {
    return this.book?.stats();
  }

  /** Waiting reads of one caller. */
  waitingOf(caller: string): number {
    return this.reads.get(caller)?.length ?? 0;
  }

  /** Callers with waiting reads, the one served next first. */
  get order(): string[] {
    return [...this.rotation.slice(this.turn), ...this.rotation.slice(0, this.turn)];
  }

  acquire(ticket: CallTicket): Promise<(answered?: boolean) => void> {
    if (this.closed) {
      return Promise.reject(new LimiterRefusal('closed', 'the client is closed'));
    }
    if (ticket.signal?.aborted) {
      return Promise.reject(new LimiterRefusal('aborted', 'aborted while waiting for a rate-limit slot'));
    }
    if (this.book?.full(this.options.slots ?? this.held) === true) {
      this.book?.refused();
      return Promise.reject(
        new LimiterRefusal('overdue-full', `${this.overdue} partner calls are overdue and every slot is taken: refused rather than queued behind them`),
      );
    }
    const bound = Math.min(this.options.maxWaitMs, ticket.waitBoundMs);
    const estimate = this.estimatedWaitMs(ticket);
    if (estimate > bound) {
      return Promise.reject(new LimiterRefusal('wait-bound', `rate limit: a slot is about ${Math.ceil(estimate)} ms away, over the ${bound} ms wait bound`));
    }
    return new Promise<(answered?: boolean) => void>((resolve, reject) => {
      const onAbort = (): void => {
        this.remove(waiter);
        reject(new LimiterRefusal('aborted', 'aborted while waiting for a rate-limit slot'));
      };
      const waiter: Waiter = {
        caller: ticket.caller,
        write: ticket.write,
        background: !ticket.write && ticket.priority === 'background',
        resolve,
        reject,
        timer: this.clock.setTimeout(() => {
          this.remove(waiter);
          reject(new LimiterRefusal('wait-bound', `rate limit: no slot within the ${bound} ms wait bound`));
        }, bound),
        cleanup: () => {
          this.clock.clearTimeout(waiter.timer);
          ticket.signal?.removeEventListener('abort', onAbort);
        },
      };
      ticket.signal?.addEventListener('abort', onAbort, { once: true });
      this.enqueue(waiter);
      void this.pump();
    });
  }

  /** Refuses every waiting call and every later one. */
  close(): void {
    this.closed = true;
    if (this.retryTimer !== undefined) {
      this.clock.clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    const all = [...this.writes.splice(0), ...[...this.reads.values()].flat(), ...this.background.splice(0)];
    this.reads.clear();
    this.rotation.length = 0;
    for (const waiter of all) {
      waiter.cleanup();
      waiter.reject(new LimiterRefusal('closed', 'the client is closed'));
    }
  }

  /**
   * How long a new call would wait: the calls served before it (writes, then per turn at most as
   * many of each other caller's reads as its own queue needs turns) at the partner's sustained rate,
   * less the burst that may be free at once (optimistic: a call the estimate lets in still gives up
   * at its bound).
   */
  private estimatedWaitMs(ticket: CallTicket): number {
    let ahead = this.writes.length;
    if (!ticket.write && ticket.priority === 'background') {
      // Behind everyone waiting now (and, later, behind whoever arrives before its turn).
      ahead = this.waiting;
    } else if (!ticket.write) {
      const mine = this.waitingOf(ticket.caller);
      const turnsNeeded = Math.ceil((mine + 1) / this.weight(ticket.caller));
      for (const [caller, queue] of this.reads) {
        ahead += caller === ticket.caller ? queue.length : Math.min(queue.length, turnsNeeded * this.weight(caller));
      }
    }
    const burst = Math.max(1, this.options.burst ?? 1);
    return (Math.max(0, ahead + 1 - burst) / this.options.requestsPerSecond) * 1000;
  }

  private weight(caller: string): number {
    return Math.max(1, Math.floor(this.options.weights?.[caller] ?? 1));
  }

  private enqueue(waiter: Waiter): void {
    if (waiter.background) {
      this.background.push(waiter);
    } else if (waiter.write) {
      this.writes.push(waiter);
    } else {
      const queue = this.reads.get(waiter.caller);
      if (queue === undefined) {
        this.reads.set(waiter.caller, [waiter]);
        // A newcomer takes its turn after every caller already waiting.
        this.rotation.splice(this.turn, 0, waiter.caller);
        if (this.rotation.length > 1) {
          this.turn += 1;
        }
        this.turn %= this.rotation.length;
      } else {
        queue.push(waiter);
      }
    }
    this.report();
  }

  /** The next waiter by the rules (writes, then the caller whose turn it is), taken out of its queue. */
  private takeNext(): Waiter | undefined {
    const write = this.writes.shift();
    if (write !== undefined) {
      return write;
    }
    if (this.rotation.length === 0) {
      return this.background.shift();
    }
    this.turn %= this.rotation.length;
    const caller = this.rotation[this.turn] as string;
    const queue = this.reads.get(caller) as Waiter[];
    const waiter = queue.shift() as Waiter;
    this.servedThisTurn += 1;
    if (queue.length === 0) {
      this.dropCaller(caller);
    } else if (this.servedThisTurn >= this.weight(caller)) {
      this.turn = (this.turn + 1) % this.rotation.length;
      this.servedThisTurn = 0;
    }
    return waiter;
  }

  private dropCaller(caller: string): void {
    this.reads.delete(caller);
    const index = this.rotation.indexOf(caller);
    if (index < 0) {
      return;
    }
    this.rotation.splice(index, 1);
    if (index < this.turn) {
      this.turn -= 1;
    } else if (index === this.turn) {
      this.servedThisTurn = 0;
    }
    this.turn = this.rotation.length === 0 ? 0 : this.turn % this.rotation.length;
  }

  private remove(waiter: Waiter): void {
    waiter.cleanup();
    if (waiter.write || waiter.background) {
      const queue = waiter.write ? this.writes : this.background;
      const index = queue.indexOf(waiter);
      if (index >= 0) {
        queue.splice(index, 1);
      }
    } else {
      const queue = this.reads.get(waiter.caller);
      const index = queue?.indexOf(waiter) ?? -1;
      if (queue !== undefined && index >= 0) {
        queue.splice(index, 1);
        if (queue.length === 0) {
          this.dropCaller(waiter.caller);
        }
      }
    }
    this.report();
  }

  /** Hands out partner slots while there are waiters and the budget grants them. One pump at a time. */
  private async pump(): Promise<void> {
    if (this.pumping || this.closed) {
      return;
    }
    this.pumping = true;
    try {
      while (!this.closed && this.waiting > 0) {
        const grant = await this.options.budget.tryAcquire();
        if (!grant.ok) {
          this.retryIn(grant.retryInMs);
          break;
        }
        // Whoever is next NOW gets it (the head may have timed out while the budget answered).
        const waiter = this.takeNext();
        if (waiter === undefined) {
          await this.options.budget.release(grant.lease);
          break;
        }
        waiter.cleanup();
        this.held += 1;
        this.report();
        waiter.resolve(this.releaser(grant.lease));
      }
    } catch (_error) {
      // The budget store failed (it degrades by itself); try again shortly rather than stall.
      this.retryIn(100);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * The release of one granted slot. With `overdue`, a call still running after the pool's threshold
   * gives its slot back (the budget's lease) and is counted in the overdue pool until it ends; while
   * the pool is full it keeps its slot and tries again a quarter of the threshold later. An answered
   * call's latency goes to the pool's measure (the threshold may follow it).
   */
  private releaser(lease: string): (answered?: boolean) => void {
    let state: 'held' | 'overdue' | 'released' = 'held';
    let stuck = false;
    const book = this.book;
    const started = this.clock.now();
    const unstick = (): void => {
      if (stuck && book !== undefined) {
        stuck = false;
        book.stuck -= 1;
      }
    };
    const giveBack = (): void => {
      void this.options.budget.release(lease).then(
        () => this.pump(),
        () => this.pump(),
      );
    };
    let timer: unknown;
    const watch = (ms: number): void => {
      timer = this.clock.setTimeout(() => {
        if (state !== 'held' || book === undefined) {
          return;
        }
        if (book.calls >= book.options.maxCalls) {
          if (!stuck) {
            stuck = true;
            book.stuck += 1;
          }
          watch(Math.max(1, Math.ceil(book.afterMs / 4)));
          return;
        }
        unstick();
        state = 'overdue';
        this.held -= 1;
        book.moved();
        this.report();
        giveBack();
      }, ms);
    };
    if (book !== undefined) {
      watch(book.afterMs);
    }
    return (answered = false) => {
      if (state === 'released') {
        return;
      }
      if (timer !== undefined) {
        this.clock.clearTimeout(timer);
      }
      unstick();
      if (answered) {
        book?.answered(this.clock.now() - started);
      }
      if (state === 'overdue') {
        state = 'released';
        if (book !== undefined) {
          book.calls -= 1;
        }
        this.report();
        return;
      }
      state = 'released';
      this.held -= 1;
      this.report();
      giveBack();
    };
  }

  private retryIn(ms: number): void {
    const at = this.clock.now() + ms;
    if (this.retryTimer !== undefined && this.retryAt <= at) {
      return;
    }
    if (this.retryTimer !== undefined) {
      this.clock.clearTimeout(this.retryTimer);
    }
    this.retryAt = at;
    this.retryTimer = this.clock.setTimeout(
      () => {
        this.retryTimer = undefined;
        this.retryAt = Number.POSITIVE_INFINITY;
        void this.pump();
      },
      Math.max(1, ms),
    );
  }

  private report(): void {
    this.options.onQueue?.({ waiting: this.waiting, inFlight: this.held });
  }
}

/**
 * The limiter the client's `rateLimit` option builds: the fair limiter over a partner budget held by
 * this process (the burst defaults to max(1, ceil(requestsPerSecond))). A replica sharing its budget
 * with others builds its own over the shared one (`server/upstream.ts`).
 */
export function localLimiter(options: RateLimitOptions, clock: SchedulerClock = REAL_CLOCK): FairLimiter {
  if (!(options.requestsPerSecond > 0) || !(options.maxConcurrent >= 1) || !(options.maxWaitMs >= 0)) {
    throw new RangeError('rateLimit needs requestsPerSecond > 0, maxConcurrent >= 1 and maxWaitMs >= 0');
  }
  const burst = Math.max(1, options.burst ?? Math.ceil(options.requestsPerSecond));
  const budget = new MemoryPartnerBudget({ requestsPerSecond: options.requestsPerSecond, burst, maxConcurrent: options.maxConcurrent }, () => clock.now());
  return new FairLimiter({
    budget,
    requestsPerSecond: options.requestsPerSecond,
    burst,
    maxWaitMs: options.maxWaitMs,
    clock,
    slots: options.maxConcurrent,
    ...(options.overdue === undefined ? {} : { overdue: options.overdue }),
  });
}
