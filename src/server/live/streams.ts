/**
 * The subscriptions a replica streams: each one's owner (a WebSocket or an SSE request, and its
 * caller), counted by transport and reported to the metrics when it starts, ends (and why) or is
 * refused; ended together when their owner's token expires or its send buffer fills.
 */
import { type ExecutionArgs, type ExecutionResult } from 'graphql';
import { type LiveMetrics, type LiveTransportName, type SubscriptionEndReason } from '../metrics.js';
import { type Caller, type LiveGraph } from '../types.js';
import { tokenExpired } from './documents.js';
import { endableStream, type LiveStream } from './stream.js';

/** The streams of one WebSocket or one SSE request, and whose they are. */
export interface StreamOwner {
  transport: LiveTransportName;
  streams: Set<LiveStream>;
  caller?: Caller;
}

/** The longest timer Node keeps (about 24.8 days); a later expiry is checked at each operation only. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The replica's subscriptions. */
export class LiveStreams {
  /** Streaming now, by transport. */
  readonly active: Record<LiveTransportName, number> = { websocket: 0, sse: 0 };
  private readonly owners = new WeakMap<object, StreamOwner>();
  /** Set when the replica stops: whatever ends then ends for that reason. */
  stopping = false;

  constructor(
    private readonly graph: LiveGraph,
    private readonly metrics: LiveMetrics,
  ) {}

  /** Marks `contextValue` as a subscription of `owner` (before graphql-ws subscribes with it). */
  own(contextValue: object, owner: StreamOwner): void {
    this.owners.set(contextValue, owner);
  }

  /** Counts a refusal. */
  refused(transport: LiveTransportName, errors: readonly { extensions?: Readonly<Record<string, unknown>> | undefined }[] | undefined): void {
    this.metrics.refused(transport, String(errors?.[0]?.extensions?.['code'] ?? 'INTERNAL_SERVER_ERROR'));
  }

  /** graph/live's subscribe, its stream made endable and counted as `owner`'s (by default the one its context was marked with). */
  async subscribe(
    args: ExecutionArgs,
    owner: StreamOwner = this.owners.get(args.contextValue as object) ?? { transport: 'websocket', streams: new Set() },
  ): Promise<LiveStream | ExecutionResult> {
    const result = await this.graph.subscribe(args);
    if (!(Symbol.asyncIterator in result)) {
      this.refused(owner.transport, result.errors);
      return result;
    }
    const stream = endableStream(result, (reason: SubscriptionEndReason) => {
      this.active[owner.transport] -= 1;
      owner.streams.delete(stream);
      this.metrics.ended(owner.transport, this.stopping ? 'server_stopping' : reason);
    });
    this.active[owner.transport] += 1;
    owner.streams.add(stream);
    this.metrics.started(owner.transport);
    return stream;
  }

  /** Ends every stream of `owner`, each with `last()` as its final event when given. */
  endAll(owner: StreamOwner, reason: SubscriptionEndReason, last?: () => ExecutionResult): void {
    for (const stream of [...owner.streams]) {
      stream.end(reason, last?.());
    }
  }

  /** Ends the owner's streams with TOKEN_EXPIRED when `caller`'s token expires: the timer (unref'd), to clear when the owner goes. */
  expireAt(owner: StreamOwner, caller: Caller): NodeJS.Timeout | undefined {
    if (caller.expiresAt === undefined || caller.expiresAt - Date.now() > MAX_TIMER_MS) {
      return undefined;
    }
    const timer = setTimeout(() => this.endAll(owner, 'token_expired', () => ({ errors: [tokenExpired()] })), Math.max(0, caller.expiresAt - Date.now()));
    timer.unref();
    return timer;
  }
}
