/**
 * The live channel over a real Redis: a replica whose channel started while Redis did not answer
 * hears every message once Redis is back (the subscription is made again on each connection).
 */
import { type LiveMessage } from '../../src/graphql/live/event-bus.js';
import { RedisLiveBus } from '../../src/server/live-redis.js';
import { describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';

const write = (origin: string, index: number): LiveMessage => ({
  kind: 'write',
  origin,
  proposalId: `proposal-${index}`,
  callerId: 'ops',
  parts: ['SITUATION'],
  created: false,
});

async function until(condition: () => boolean, what: string, step: () => Promise<void> = async () => undefined): Promise<void> {
  const end = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await step();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeWithRedis('live channel over Redis', () => {
  it('delivers every message sent after Redis returns to a replica whose channel started during the outage', async () => {
    const target = new URL(REDIS_TEST_URL);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const prefix = redisTestPrefix('live-late');
    proxy.silence(true);
    const proxied = new URL(REDIS_TEST_URL);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const late = new RedisLiveBus({ url: proxied.toString(), prefix, commandTimeoutMs: 300 });
    const sender = new RedisLiveBus({ url: REDIS_TEST_URL, prefix });
    const heard: LiveMessage[] = [];
    try {
      // Started while Redis does not answer: its subscription cannot be made now.
      await late.subscribe((message) => heard.push(message));
      await sender.subscribe(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      proxy.silence(false);
      proxy.resetAll();
      let probe = 0;
      await until(
        () => heard.some((message) => message.origin === 'probe'),
        'the channel to come back',
        () => sender.publish(write('probe', (probe += 1))).catch(() => undefined),
      );
      for (let index = 0; index < 100; index += 1) {
        await sender.publish(write('sender', index));
      }
      await until(() => heard.filter((message) => message.origin === 'sender').length >= 100, 'the 100 messages');
      expect(heard.filter((message) => message.origin === 'sender').map((message) => message.proposalId)).toEqual(
        Array.from({ length: 100 }, (_, index) => `proposal-${index}`),
      );
    } finally {
      await late.close();
      await sender.close();
      await proxy.close();
    }
  });
});
