/**
 * What bounds a live connection: each stream's send buffer (a subscriber that does not read is
 * disconnected, and what the server holds for it stays under the bound), the sockets that have not
 * authenticated (a bound, and a short wait for connection_init), and a JWT's expiry (its streams end
 * with TOKEN_EXPIRED and its socket takes no new operation). Counted in the subscription metrics.
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEY = 'ops-key-0123456789abcdef';
const INPUT = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };
const CREATE =
  'mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } } }';
const PAY =
  'mutation($key: String!, $input: RegisterInstallmentPaymentInput!) { registerInstallmentPayment(idempotencyKey: $key, input: $input) { userErrors { code } } }';
const ROWS = 'installments { id number amount dueDate situation paidAmount balance } agenda { id situation totalPaid } boletos { id number amount }';
/** A subscription whose events weigh some tens of kilobytes: the proposal's rows, twenty times over. */
const HEAVY = `subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed ${Array.from({ length: 20 }, (_, i) => `p${i}: proposal { ${ROWS} }`).join(' ')} } }`;
const LIGHT = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situation } } }';

/** Resolves once `condition` holds, checking every 20 ms; fails after `timeoutMs` (a hang detector, not a speed check). */
async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A graphql-ws client written by hand: every message it got, its close code, and a way to stop reading. */
class RawSocket {
  readonly messages: Array<{ type: string; id?: string; payload?: any }> = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  closeCode: number | undefined;
  readonly socket: WebSocket;

  constructor(graph: TestGraph) {
    this.socket = new WebSocket(graph.url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    this.socket.on('message', (data) => void this.messages.push(JSON.parse(String(data)) as RawSocket['messages'][number]));
    this.socket.once('close', (code) => (this.closeCode = code));
  }

  async open(): Promise<this> {
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
    return this;
  }

  async init(authorization: string): Promise<this> {
    await this.open();
    this.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization } }));
    await until(() => this.messages.some((message) => message.type === 'connection_ack'), 'connection_ack');
    return this;
  }

  send(id: string, query: string, variables: Record<string, unknown>): void {
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
  }

  of(id: string): RawSocket['messages'] {
    return this.messages.filter((message) => message.id === id);
  }
}

/** An SSE subscription that stops reading after its first event. */
function sleepySse(graph: TestGraph, query: string, variables: Record<string, unknown>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(graph.url, {
      // A connection of its own, never kept in the global agent's pool once the stream ends.
      agent: false,
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('event: next')) {
          response.pause();
          resolve(response);
        }
      });
      response.once('error', () => undefined);
    });
    request.end(JSON.stringify({ query, variables }));
  });
}

async function metricsText(graph: TestGraph): Promise<string> {
  return (await fetch(`${graph.baseUrl}/metrics`)).text();
}

function metric(text: string, line: string): number {
  const found = text.split('\n').find((row) => row.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
}

describe('bounded live connections', () => {
  describe('send buffers', () => {
    const BUFFER_BYTES = 65_536;
    let graph: TestGraph;

    beforeAll(async () => {
      graph = await startTestGraph({
        env: {
          GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`,
          LIVE_SEND_BUFFER_BYTES: String(BUFFER_BYTES),
          LIVE_SEND_BUFFER_EVENTS: '16',
          // Events come from the writes below, not from polls.
          LIVE_POLL_INTERVAL_MS: '600000',
          // Only the send buffer's bound ends the subscribers that do not read: on a loaded machine the
          // writes take long enough for a missed pong to close some of them first.
          LIVE_HEARTBEAT_MS: '600000',
        },
      });
    });

    afterAll(async () => {
      await graph.close();
    });

    it('disconnects ten subscribers that do not read under a write load, holding no more than the bound for them, while a reader gets every event', async () => {
      const auth = { authorization: `Bearer ${KEY}` };
      const created = await graph.execute<{ createProposal: { proposal: { id: string } } }>(CREATE, { key: randomUUID(), input: INPUT }, auth);
      const id = created.data?.createProposal.proposal.id as string;
      await graph.admin.setSituation(id, 9);

      const reader = await new RawSocket(graph).init(`Bearer ${KEY}`);
      reader.send('reader', LIGHT, { id });
      const sleepers: RawSocket[] = [];
      for (let i = 0; i < 5; i += 1) {
        const sleeper = await new RawSocket(graph).init(`Bearer ${KEY}`);
        sleeper.send('heavy', HEAVY, { id });
        await until(() => sleeper.of('heavy').length > 0, 'the first event of a WebSocket subscriber');
        expect(sleeper.of('heavy')[0]?.type).toBe('next');
        sleeper.socket.pause();
        sleepers.push(sleeper);
      }
      const streams = await Promise.all(Array.from({ length: 5 }, () => sleepySse(graph, HEAVY, { id })));
      const live = graph.app.live;
      if (live === undefined) {
        throw new Error('the graph serves no subscriptions');
      }
      expect(live.stats()).toMatchObject({ sockets: 6, sseStreams: 5, subscriptions: 11 });

      // Writes until every subscriber that does not read is gone (each payment is one event to each).
      let payments = 0;
      while (live.stats().subscriptions > 1) {
        expect(payments).toBeLessThan(2000);
        const paid = await graph.execute<{ registerInstallmentPayment: { userErrors: unknown[] } }>(
          PAY,
          { key: randomUUID(), input: { proposalId: id, payment: { installmentNumber: 6, amount: '0.01' } } },
          auth,
        );
        expect(paid.data?.registerInstallmentPayment.userErrors).toEqual([]);
        payments += 1;
      }
      await until(() => live.stats().sockets === 1 && live.stats().sseStreams === 0, 'the slow subscribers closed');
      const stats = live.stats();
      expect(stats.sendBuffers.overflows).toBe(10);
      // What waited in any socket's buffer never passed the bound (measured after every write).
      expect(stats.sendBuffers.peakBufferedBytes).toBeGreaterThan(0);
      expect(stats.sendBuffers.peakBufferedBytes).toBeLessThanOrEqual(BUFFER_BYTES);
      for (const sleeper of sleepers) {
        sleeper.socket.resume();
      }
      await until(() => sleepers.every((sleeper) => sleeper.closeCode !== undefined), 'the clients seeing their sockets closed');
      // 4413 when the close frame got through; 1006 when the socket was cut before it did.
      expect(sleepers.map((sleeper) => [4413, 1006].includes(sleeper.closeCode as number))).toEqual(Array(5).fill(true));
      for (const stream of streams) {
        stream.resume();
      }
      // The reader kept reading: its initial event and one per payment, nothing lost.
      await until(() => reader.of('reader').length === payments + 1, 'every event at the reader');
      expect(reader.closeCode).toBeUndefined();
      const text = await metricsText(graph);
      expect(metric(text, 'credit_graph_subscriptions_ended_total{transport="websocket",reason="slow_consumer"}')).toBe(5);
      expect(metric(text, 'credit_graph_subscriptions_ended_total{transport="sse",reason="slow_consumer"}')).toBe(5);
      expect(metric(text, 'credit_graph_subscriptions_active{transport="websocket"}')).toBe(1);
      expect(metric(text, 'credit_graph_subscriptions_active{transport="sse"}')).toBe(0);
      reader.socket.close();
      for (const stream of streams) {
        stream.socket.destroy();
      }
    });
  });

  describe('sockets that have not authenticated', () => {
    let graph: TestGraph;

    beforeAll(async () => {
      graph = await startTestGraph({
        env: { GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`, LIVE_MAX_UNAUTHENTICATED_SOCKETS: '2', LIVE_CONNECTION_INIT_TIMEOUT_MS: '300' },
      });
    });

    afterAll(async () => {
      await graph.close();
    });

    it('closes one past the bound at once (1013), the others when connection_init does not come (4408), then takes new ones', async () => {
      const waiting = [await new RawSocket(graph).open(), await new RawSocket(graph).open()];
      await until(() => graph.app.live?.stats().unauthenticatedSockets === 2, 'two sockets waiting');
      expect(metric(await metricsText(graph), 'credit_graph_websockets_unauthenticated')).toBe(2);
      const third = await new RawSocket(graph).open();
      await until(() => third.closeCode !== undefined, 'the third socket closed');
      expect(third.closeCode).toBe(1013);
      await until(() => waiting.every((socket) => socket.closeCode !== undefined), 'the waiting sockets closed');
      expect(waiting.map((socket) => socket.closeCode)).toEqual([4408, 4408]);
      expect(graph.app.live?.stats().unauthenticatedSockets).toBe(0);
      // A wrong key is closed at once (4403) and counted out too.
      const wrong = await new RawSocket(graph).open();
      wrong.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer not-a-key' } }));
      await until(() => wrong.closeCode !== undefined, 'the wrong key closed');
      expect(wrong.closeCode).toBe(4403);
      const accepted = await new RawSocket(graph).init(`Bearer ${KEY}`);
      expect(graph.app.live?.stats().unauthenticatedSockets).toBe(0);
      accepted.socket.close();
    });
  });

  describe('a JWT that expires', () => {
    const ISSUER = 'https://issuer.test';
    const AUDIENCE = 'credit-graph';
    let jwks: Server;
    let graph: TestGraph;
    let sign: (exp: number) => Promise<string>;

    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
      jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
      sign = (exp) =>
        new SignJWT({ scope: 'proposals.all' })
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setSubject('web-team')
          .setIssuedAt(exp - 60)
          .setExpirationTime(exp)
          .sign(privateKey);
      graph = await startTestGraph({
        env: {
          GRAPHQL_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
          GRAPHQL_JWT_ISSUER: ISSUER,
          GRAPHQL_JWT_AUDIENCE: AUDIENCE,
          LIVE_POLL_INTERVAL_MS: '600000',
        },
      });
    });

    afterAll(async () => {
      await graph.close();
      await new Promise((resolve) => jwks.close(resolve));
    });

    it('ends its WebSocket and SSE streams with TOKEN_EXPIRED, and refuses new operations on the socket after it', async () => {
      const id = graph.sandbox.demo[0]?.id as string;
      // Past its exp but within the 5 s clock tolerance: accepted now, expired about 3 s from now.
      const token = await sign(Math.floor(Date.now() / 1000) - 2);
      const socket = await new RawSocket(graph).init(`Bearer ${token}`);
      socket.send('one', LIGHT, { id });
      const sse = await fetch(graph.url, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: LIGHT, variables: { id } }),
      });
      expect(sse.status).toBe(200);
      await until(() => socket.of('one').some((message) => message.type === 'complete'), 'the WebSocket stream ended');
      const messages = socket.of('one');
      expect(messages.map((message) => message.type)).toEqual(['next', 'next', 'complete']);
      expect(messages[0]?.payload.data.proposalChanged.initial).toBe(true);
      expect(messages[1]?.payload).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'TOKEN_EXPIRED' } })] });
      // Over SSE: the same last event, then the stream completes.
      const events = (await sse.text()).split('\n\n').filter((block) => block.startsWith('event: '));
      expect(events.map((block) => block.split('\n')[0])).toEqual(['event: next', 'event: next', 'event: complete']);
      expect(events[1]).toContain('"TOKEN_EXPIRED"');
      // The socket takes nothing more: a subscription and a query are refused alike.
      socket.send('two', LIGHT, { id });
      socket.send('three', '{ __typename }', {});
      await until(() => socket.of('two').length > 0 && socket.of('three').length > 0, 'the refusals');
      for (const refused of [socket.of('two'), socket.of('three')]) {
        expect(refused.map((message) => [message.type, message.payload?.[0]?.extensions?.code])).toEqual([['error', 'TOKEN_EXPIRED']]);
      }
      const text = await metricsText(graph);
      expect(metric(text, 'credit_graph_subscriptions_ended_total{transport="websocket",reason="token_expired"}')).toBe(1);
      expect(metric(text, 'credit_graph_subscriptions_ended_total{transport="sse",reason="token_expired"}')).toBe(1);
      expect(metric(text, 'credit_graph_subscriptions_refused_total{transport="websocket",code="TOKEN_EXPIRED"}')).toBe(1);
      expect(metric(text, 'credit_graph_subscriptions_started_total{transport="websocket"}')).toBe(1);
      socket.socket.close();
    });
  });
});
