/** One subscription's stream of events: the changes and failures a subscriber is told of, in order. */
import { type UpstreamCaller } from '../../upstream/index.js';
import { type LivePart, type LiveReads } from './event-bus.js';

/** A change a subscriber is told of: the parts that changed and the reads that show them. */
export interface LiveChange {
  kind: 'change';
  proposalId: string;
  parts: LivePart[];
  /** The first event of a subscription: the current state. */
  initial: boolean;
  /** The watch's partner reads when the change was seen (absent ones are read as queries read them). */
  reads: LiveReads;
  /** Its place in the stream (set when pushed; a merged change takes the later place). */
  seq?: number;
}

/** A poll that failed: the stream stays up and the next successful poll delivers the current state. */
export interface LiveFailure {
  kind: 'failure';
  proposalId: string;
  code: string;
  seq?: number;
}

/** What a subscription stream yields. */
export type LiveEvent = LiveChange | LiveFailure;

/** Most events queued for a slow subscriber; past it, changes of one proposal are merged. */
const MAX_QUEUED = 16;

/** One subscription's events, in order; `return()` (the transport ending it) lets go of its watches. */
export class LiveStream implements AsyncIterableIterator<LiveEvent> {
  private readonly queue: LiveEvent[] = [];
  private waiter: ((result: IteratorResult<LiveEvent>) => void) | undefined;
  private done = false;
  /** Fingerprints of what this subscriber was told, per proposal: a part is told again only when it changed. */
  readonly seen = new Map<string, Partial<Record<LivePart, string>>>();
  readonly proposals = new Set<string>();
  /** Events pushed so far (the last one's `seq`). */
  pushed = 0;

  constructor(
    readonly callerId: string,
    /** Its own initial reads go through the subscriber's session (its turn, the read cache). */
    readonly session: UpstreamCaller,
    /** A viewer stream: the caller's proposals, new ones included. */
    readonly viewer: boolean,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {}

  get ended(): boolean {
    return this.done;
  }

  push(event: LiveEvent): void {
    if (this.done) {
      return;
    }
    this.pushed += 1;
    event.seq = this.pushed;
    if (this.waiter !== undefined) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter({ value: event, done: false });
      return;
    }
    if (this.queue.length >= MAX_QUEUED && event.kind === 'change') {
      const queued = this.queue.find((e): e is LiveChange => e.kind === 'change' && e.proposalId === event.proposalId);
      if (queued !== undefined) {
        queued.parts = [...new Set([...queued.parts, ...event.parts])];
        queued.reads = event.reads;
        queued.seq = event.seq;
        return;
      }
      this.queue.shift();
    }
    this.queue.push(event);
  }

  /** Ends the stream (the transport completes it). */
  end(): void {
    if (this.done) {
      return;
    }
    // Events already queued are still delivered (e.g. the failure that ends it), then `done`.
    this.done = true;
    this.waiter?.({ value: undefined, done: true });
    this.waiter = undefined;
    this.onEnd(this);
  }

  next(): Promise<IteratorResult<LiveEvent>> {
    const event = this.queue.shift();
    if (event !== undefined) {
      return Promise.resolve({ value: event, done: false });
    }
    if (this.done) {
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  return(): Promise<IteratorResult<LiveEvent>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<LiveEvent> {
    return this;
  }
}
