/**
 * Cohorts: subscriptions whose events would be the same (same document, operation and variables,
 * same caller, scopes and language: the same ownership and visibility) share one watch stream, and
 * each change is executed and serialized once for all of them. Each member has its own queue of
 * results not yet taken by its transport, where the latest state of a proposal replaces an older
 * one still waiting (a subscriber that falls behind is caught up, not replayed every step).
 */
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, GraphQLError, print } from 'graphql';
import { canonicalJson } from '../../shared/canonical-json.js';
import { type GraphContext } from '../runtime/context.js';
import { type LiveEvent, type LiveHub, type LiveStream } from './watches.js';

/** One result waiting for a member, with what it is the state of. */
interface Delivery {
  proposalId: string;
  /** A first event (current state): never replaced by a later change. */
  initial: boolean;
  result: ExecutionResult;
}

const printed = new WeakMap<DocumentNode, string>();

/** What makes two subscriptions' events the same. */
export function cohortKey(args: ExecutionArgs, ctx: GraphContext): string {
  let text = printed.get(args.document);
  if (text === undefined) {
    text = print(args.document);
    printed.set(args.document, text);
  }
  return canonicalJson([text, args.operationName ?? null, args.variableValues ?? {}, ctx.callerId, [...ctx.scopes].sort(), ctx.locale]);
}

/** One subscriber of a cohort: an async generator of the cohort's results, its own queue. */
export class CohortMember implements AsyncGenerator<ExecutionResult> {
  private queue: Delivery[] = [];
  private waiter: ((result: IteratorResult<ExecutionResult>) => void) | undefined;
  private done = false;
  private ready: boolean;

  constructor(
    /** The stream's events up to this place were already in the state this member starts from. */
    readonly joinedAt: number,
    private readonly onGone: (member: CohortMember) => void,
    initials?: Promise<Delivery[]>,
    /** Told of each result as its transport takes it (the member's own access record). */
    private readonly taken?: (result: ExecutionResult) => void,
  ) {
    this.ready = initials === undefined;
    void initials?.then(
      (deliveries) => this.start(deliveries),
      () => this.start([]),
    );
  }

  /** Results waiting for the transport (for tests and the benchmark). */
  get queued(): number {
    return this.queue.length;
  }

  private start(initials: Delivery[]): void {
    this.queue.unshift(...initials);
    this.ready = true;
    this.wake();
  }

  offer(delivery: Delivery): void {
    if (this.done) {
      return;
    }
    if (!delivery.initial) {
      const queued = this.queue.findLast((waiting) => waiting.proposalId === delivery.proposalId && !waiting.initial);
      if (queued !== undefined) {
        // Latest state wins: the transport has not taken the older one yet.
        queued.result = delivery.result;
        return;
      }
    }
    this.queue.push(delivery);
    this.wake();
  }

  private wake(): void {
    if (this.waiter === undefined || !this.ready) {
      return;
    }
    const delivery = this.queue.shift();
    if (delivery !== undefined) {
      const waiter = this.waiter;
      this.waiter = undefined;
      this.taken?.(delivery.result);
      waiter({ value: delivery.result, done: false });
    } else if (this.done) {
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter({ value: undefined, done: true });
    }
  }

  /** The cohort's stream ended: what is queued is still delivered, then `done`. */
  finish(): void {
    if (!this.done) {
      this.done = true;
      this.onGone(this);
      this.wake();
    }
  }

  next(): Promise<IteratorResult<ExecutionResult>> {
    if (this.ready) {
      const delivery = this.queue.shift();
      if (delivery !== undefined) {
        this.taken?.(delivery.result);
        return Promise.resolve({ value: delivery.result, done: false });
      }
      if (this.done) {
        return Promise.resolve({ value: undefined, done: true });
      }
    }
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  return(): Promise<IteratorResult<ExecutionResult>> {
    this.queue = [];
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
    this.queue = [];
    this.finish();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator](): AsyncGenerator<ExecutionResult> {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }
}

/** The subscriptions sharing one watch stream and one execution per event. */
export class Cohort {
  private readonly members = new Set<CohortMember>();
  private ended = false;

  constructor(
    private readonly hub: LiveHub,
    private readonly callerId: string,
    private readonly stream: LiveStream,
    /** Executes one event for the whole cohort (with the event size cap applied). */
    private readonly run: (event: LiveEvent) => Promise<ExecutionResult>,
    private readonly onEnd: (cohort: Cohort) => void,
  ) {}

  get open(): boolean {
    return !this.ended;
  }

  get size(): number {
    return this.members.size;
  }

  /**
   * The member of the subscription that made the cohort (counted by the hub when its stream opened); starts the pump.
   * `taken` is told of each result as the member's transport takes it.
   */
  first(taken?: (result: ExecutionResult) => void): CohortMember {
    const member = new CohortMember(0, (gone) => this.gone(gone), undefined, taken);
    this.members.add(member);
    void this.pump();
    return member;
  }

  /** Another subscription joins: counted against its caller's cap (throws past it); its first events are the current state. */
  join(taken?: (result: ExecutionResult) => void): CohortMember {
    this.hub.admit(this.callerId);
    const snapshot = this.hub.snapshot(this.stream);
    const initials = Promise.all(snapshot.map(async (event) => ({ proposalId: event.proposalId, initial: true, result: await this.run(event) })));
    const member = new CohortMember(this.stream.pushed, (gone) => this.gone(gone), initials, taken);
    this.members.add(member);
    return member;
  }

  private gone(member: CohortMember): void {
    if (!this.members.delete(member)) {
      return;
    }
    this.hub.leave(this.callerId);
    if (this.members.size === 0) {
      this.end();
      this.stream.end();
    }
  }

  private end(): void {
    if (!this.ended) {
      this.ended = true;
      this.onEnd(this);
    }
  }

  private async pump(): Promise<void> {
    for (;;) {
      const next = await this.stream.next();
      if (next.done === true) {
        break;
      }
      const event = next.value;
      let result: ExecutionResult;
      try {
        result = await this.run(event);
      } catch (error) {
        result = { errors: [error instanceof GraphQLError ? error : new GraphQLError('The event could not be executed.')] };
      }
      const delivery: Delivery = { proposalId: event.proposalId, initial: event.kind === 'change' && event.initial, result };
      const seq = event.seq ?? Number.POSITIVE_INFINITY;
      for (const member of this.members) {
        if (seq > member.joinedAt) {
          member.offer(delivery);
        }
      }
    }
    this.end();
    for (const member of [...this.members]) {
      member.finish();
    }
  }
}
