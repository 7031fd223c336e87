/**
 * The live channel over Redis pub/sub (REDIS_URL): every replica's watchers publish their reads and
 * failures and the graph's writes on one channel, and every replica hears them. Two connections
 * (a subscribed one cannot publish). Redis failing costs only the other replicas' copies: each
 * replica delivers its own messages itself, and the next poll (or a resubscription) makes up.
 */
import { Redis } from 'ioredis';
import { type LiveBus, type LiveMessage } from '../graphql/live/event-bus.js';

/** Options of {@link RedisLiveBus}. */
export interface RedisLiveBusOptions {
  url: string;
  /** Key prefix of the deployment: the channel is `<prefix>live`. */
  prefix: string;
  /** A publish answering later fails (default 1000 ms). */
  commandTimeoutMs?: number;
}

/** Largest message accepted from the channel (a proposal's agenda is far smaller). */
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

export class RedisLiveBus implements LiveBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private readonly handlers = new Set<(message: LiveMessage) => void>();
  private listening: Promise<unknown> | undefined;

  constructor(options: RedisLiveBusOptions) {
    this.channel = `${options.prefix}live`;
    const common = {
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 1000,
      connectTimeout: 2000,
      retryStrategy: (attempt: number) => Math.min(200 * attempt, 2000),
      lazyConnect: true,
    };
    // Fail fast while disconnected: a lost message is made up by the next poll, a queue would only grow.
    this.publisher = new Redis(options.url, { ...common, enableOfflineQueue: false });
    this.subscriber = new Redis(options.url, { ...common, enableOfflineQueue: true });
    this.publisher.on('error', () => undefined);
    this.subscriber.on('error', () => undefined);
    // Subscribed again on every connection: ioredis re-subscribes only channels whose subscription
    // once succeeded, so a replica started while Redis did not answer would never hear the channel.
    this.subscriber.on('ready', () => {
      if (this.handlers.size > 0) {
        this.subscriber.subscribe(this.channel).catch(() => undefined);
      }
    });
    this.subscriber.on('messageBuffer', (_channel: Buffer, payload: Buffer) => {
      if (payload.length > MAX_MESSAGE_BYTES) {
        return;
      }
      let message: LiveMessage;
      try {
        message = JSON.parse(payload.toString('utf8')) as LiveMessage;
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null || typeof message.proposalId !== 'string' || typeof message.origin !== 'string') {
        return;
      }
      for (const handler of this.handlers) {
        handler(message);
      }
    });
  }

  async publish(message: LiveMessage): Promise<void> {
    if (this.publisher.status === 'wait') {
      await this.publisher.connect().catch(() => undefined);
    }
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  async subscribe(handler: (message: LiveMessage) => void): Promise<() => void> {
    this.handlers.add(handler);
    this.listening ??= this.subscriber.subscribe(this.channel).catch(() => undefined);
    await Promise.race([this.listening, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}
