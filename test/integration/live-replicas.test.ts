/**
 * Live updates across replicas on one Redis (built as `npm start` builds them): one poll per
 * proposal per interval for the whole deployment, another replica taking the watch over when one
 * stops, and a Redis outage that loses no change the partner still shows.
 */
import { Redis } from 'ioredis';
import { type Client, createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { loadConfig } from '../../src/config/index.js';
import { type Ledger } from '../../src/ledger/index.js';
import { type App, createApp, type Listening, listen } from '../../src/server/app.js';
import { type ConnectedUpstream, connectUpstream } from '../../src/server/upstream.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { type SandboxAdmin, startTestSandbox } from '../helpers/sandbox.js';
import { describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const KEY = 'ops-key-0123456789abcdef';
const CHANGED = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situationCode } } }';
const INTERVAL_MS = 300;

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;

interface Replica {
  app: App;
  http: Listening;
  upstream: ConnectedUpstream;
  close(): Promise<void>;
}

async function replica(sandbox: Sandbox, redisUrl: string, prefix: string, ledger: Ledger): Promise<Replica> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    LIVE_POLL_INTERVAL_MS: String(INTERVAL_MS),
    LIVE_MAX_BACKOFF_MS: '1000',
  });
  const upstream = await connectUpstream(config, {
    baseUrl: sandbox.sandbox.baseUrl,
    environmentUrl: sandbox.sandbox.environmentUrl,
    authUrl: sandbox.sandbox.authUrl,
    clientId: sandbox.client.clientId,
    privateKeyPem: sandbox.client.privateKeyPem,
  });
  const app = await createApp(config, { upstream: upstream.client, state: upstream.state, ledger });
  const http = await listen(app, { port: 0, host: '127.0.0.1' });
  let closed = false;
  return {
    app,
    http,
    upstream,
    close: async () => {
      if (!closed) {
        closed = true;
        await app.close(1000);
        await upstream.close();
      }
    },
  };
}

interface Change {
  proposalId: string;
  changed: string[];
  initial: boolean;
  proposal: { id: string; situationCode: number } | null;
}

/** One subscriber: its events, awaited by condition (bounded). */
function subscriber(url: string): {
  client: Client;
  changes: Change[];
  errors: unknown[];
  subscribe(id: string): void;
  until(condition: (changes: Change[]) => boolean, what: string): Promise<void>;
} {
  const changes: Change[] = [];
  const errors: unknown[] = [];
  const client = createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${KEY}` },
  });
  return {
    client,
    changes,
    errors,
    subscribe(id) {
      client.subscribe<{ proposalChanged: Change | null }>(
        { query: CHANGED, variables: { id } },
        {
          next: (value) => {
            if (value.data?.proposalChanged) {
              changes.push(value.data.proposalChanged);
            }
            if (value.errors) {
              errors.push(...value.errors);
            }
          },
          error: (error) => errors.push(error),
          complete: () => undefined,
        },
      );
    },
    async until(condition, what) {
      const end = Date.now() + 20_000;
      while (!condition(changes)) {
        if (Date.now() > end) {
          throw new Error(`timed out waiting for ${what}: ${JSON.stringify(changes)} ${JSON.stringify(errors)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describeWithRedis('live updates across replicas on one Redis', () => {
  let sandbox: Sandbox;
  let admin: SandboxAdmin;
  let ledger: TestLedgerDatabase;
  const prefixes: string[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    sandbox = await startTestSandbox({ demo: true });
    admin = sandbox.admin;
    ledger = await openTestLedger();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await admin.clearFaults();
  });

  afterAll(async () => {
    const redis = new Redis(REDIS_TEST_URL);
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
    }
    redis.disconnect();
    await ledger.close();
    await sandbox.close();
  });

  const demo = (label: string): string => sandbox.sandbox.demo.find((proposal) => proposal.label === label)?.id as string;

  it('polls a proposal watched on both replicas at most once per interval for the deployment, and tells every subscriber', async () => {
    const prefix = redisTestPrefix('live-share');
    prefixes.push(prefix);
    const a = await replica(sandbox, REDIS_TEST_URL, prefix, ledger.ledger);
    const b = await replica(sandbox, REDIS_TEST_URL, prefix, ledger.ledger);
    try {
      const id = demo('under-review');
      const subscribers = [a, b, a, b, a, b].map((r) => subscriber(r.http.graphqlUrl));
      clients.push(...subscribers.map((s) => s.client));
      subscribers.forEach((s) => s.subscribe(id));
      await Promise.all(subscribers.map((s) => s.until((changes) => changes.length >= 1, 'the initial event')));
      await admin.resetCalls();
      const startedAt = Date.now();
      await admin.setSituation(id, 2);
      await Promise.all(subscribers.map((s) => s.until((changes) => changes.some((c) => c.proposal?.situationCode === 2), 'the approval')));
      // Let a few more intervals pass with nothing changing, then count.
      await Promise.all(subscribers.map((s) => s.until(() => Date.now() - startedAt >= 5 * INTERVAL_MS, 'five intervals')));
      const calls = (await admin.calls()).operations['/FGTS/ConsultaProposta'] ?? 0;
      const elapsed = Date.now() - startedAt;
      // Two replicas polling on their own would make about twice as many.
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(calls).toBeLessThanOrEqual(Math.floor(elapsed / INTERVAL_MS) + 1);
      const stats = [a, b].map((r) => r.app.live?.stats().watches);
      expect(stats.every((s) => s?.watches === 1)).toBe(true);
      expect((stats[0]?.claimsLost ?? 0) + (stats[1]?.claimsLost ?? 0)).toBeGreaterThan(0);
      // Each subscriber was told of the approval once.
      for (const s of subscribers) {
        expect(s.changes.filter((c) => !c.initial)).toEqual([{ proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situationCode: 2 } }]);
      }
    } finally {
      await admin.setSituation(demo('under-review'), 1);
      await a.close();
      await b.close();
    }
  });

  it('goes on polling from the other replica when one stops, so a change made meanwhile reaches its subscribers', async () => {
    const prefix = redisTestPrefix('live-takeover');
    prefixes.push(prefix);
    const a = await replica(sandbox, REDIS_TEST_URL, prefix, ledger.ledger);
    const b = await replica(sandbox, REDIS_TEST_URL, prefix, ledger.ledger);
    try {
      const id = demo('approved');
      const onA = subscriber(a.http.graphqlUrl);
      const onB = subscriber(b.http.graphqlUrl);
      clients.push(onA.client, onB.client);
      onA.subscribe(id);
      onB.subscribe(id);
      await onA.until((changes) => changes.length >= 1, 'the initial event on a');
      await onB.until((changes) => changes.length >= 1, 'the initial event on b');
      await a.close();
      const pollsBefore = b.app.live?.stats().watches.polls ?? 0;
      await admin.setSituation(id, 3);
      await onB.until((changes) => changes.some((c) => c.proposal?.situationCode === 3), 'the rejection on b');
      expect((b.app.live?.stats().watches.polls ?? 0) - pollsBefore).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.setSituation(demo('approved'), 2);
      await a.close();
      await b.close();
    }
  });

  describe('with Redis behind a proxy', () => {
    let proxy: TcpProxy;

    beforeAll(async () => {
      const target = new URL(REDIS_TEST_URL);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    });

    afterAll(async () => {
      await proxy.close();
    });

    it('loses no change while Redis does not answer: the replica polls on its own and tells its subscribers', async () => {
      const prefix = redisTestPrefix('live-outage');
      prefixes.push(prefix);
      const target = new URL(REDIS_TEST_URL);
      target.host = `127.0.0.1:${proxy.port}`;
      const a = await replica(sandbox, target.toString(), prefix, ledger.ledger);
      try {
        const id = demo('under-review');
        const s = subscriber(a.http.graphqlUrl);
        clients.push(s.client);
        s.subscribe(id);
        await s.until((changes) => changes.length >= 1, 'the initial event');
        proxy.silence(true);
        proxy.resetAll();
        await admin.setSituation(id, 2);
        await s.until((changes) => changes.some((c) => c.proposal?.situationCode === 2), 'the approval during the outage');
        proxy.silence(false);
        await admin.setSituation(id, 3);
        await s.until((changes) => changes.some((c) => c.proposal?.situationCode === 3), 'the rejection after it');
      } finally {
        proxy.silence(false);
        await admin.setSituation(demo('under-review'), 1);
        await a.close();
      }
    });
  });
});
