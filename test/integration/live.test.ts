/**
 * Live updates end to end: subscriptions over graphql-ws and graphql-sse against the real app and a
 * sandbox, proposals moved through the sandbox's admin API (the partner sends no events: the
 * watcher's poll finds the change).
 */
import { randomUUID } from 'node:crypto';
import { createClient as createSseClient } from 'graphql-sse';
import { type Client } from 'graphql-ws';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { change, type Event, Events, subscribe, wsClient } from '../helpers/live-client.js';

const KEYS = { ops: 'ops-key-0123456789abcdef', alice: 'alice-key-0123456789abcdef', bob: 'bob-key-0123456789abcdef' };
const ENV = {
  GRAPHQL_API_KEYS: `ops:${KEYS.ops}:proposals.all,alice:${KEYS.alice},bob:${KEYS.bob}`,
  LIVE_POLL_INTERVAL_MS: '100',
  LIVE_MAX_BACKOFF_MS: '400',
};

const CHANGED = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situation situationCode } } }';
const VIEWER = 'subscription { viewerProposalEvents { proposalId changed initial proposal { id situationCode } } }';
const CREATE =
  'mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } } }';
const INPUT = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };

describe('live updates', () => {
  let graph: TestGraph;
  const clients: Client[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({ env: ENV });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await graph.admin.clearFaults();
  });

  afterAll(async () => {
    await graph.close();
  });

  const demo = (label: string): string => {
    const found = graph.sandbox.demo.find((proposal) => proposal.label === label);
    if (found === undefined) {
      throw new Error(`no demo proposal ${label}`);
    }
    return found.id;
  };

  describe('proposalChanged over graphql-ws', () => {
    it('starts with the current state, then tells the situation change the poll finds', async () => {
      const id = demo('under-review');
      const client = wsClient(graph, KEYS.ops);
      clients.push(client);
      const { events } = subscribe(client, CHANGED, { id });
      await events.until((received) => received.length >= 1, 'the initial event');
      expect(change(events.received[0])).toEqual({
        proposalId: id,
        changed: ['SITUATION'],
        initial: true,
        proposal: { id, situation: 'UNDER_REVIEW', situationCode: 1 },
      });
      await graph.admin.setSituation(id, 2);
      await events.until((received) => received.some((event) => change(event)?.proposal?.situationCode === 2), 'the approval');
      const approved = events.received.find((event) => change(event)?.proposal?.situationCode === 2);
      expect(change(approved)).toEqual({ proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situation: 'APPROVED', situationCode: 2 } });
      await graph.admin.setSituation(id, 1);
    });

    it("refuses another caller's proposal when subscribing, with no partner call", async () => {
      const created = await graph.execute<{ createProposal: { proposal: { id: string } } }>(
        CREATE,
        { key: randomUUID(), input: INPUT },
        { authorization: `Bearer ${KEYS.alice}` },
      );
      const id = created.data?.createProposal.proposal.id as string;
      await graph.admin.resetCalls();
      const client = wsClient(graph, KEYS.bob);
      clients.push(client);
      const { events } = subscribe(client, CHANGED, { id });
      await events.until((received) => received.length >= 1 || events.error !== undefined, 'the refusal');
      const errors = events.received[0]?.errors ?? (events.error as Array<{ extensions?: Record<string, unknown> }>);
      expect(errors.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);
      expect((await graph.admin.calls()).total).toBe(0);
    });

    it('closes a connection whose connection_init carries no valid key (4403)', async () => {
      const closes: Array<{ code: number; reason: string }> = [];
      const client = wsClient(graph, 'not-a-key', closes);
      clients.push(client);
      const { events } = subscribe(client, CHANGED, { id: demo('approved') });
      await events.until(() => events.error !== undefined || closes.length > 0, 'the refusal');
      expect(closes.map((close) => close.code)).toContain(4403);
      expect(events.received).toEqual([]);
    });

    it('reports a partner outage as an error event, keeps the stream, and delivers the state the partner shows once it answers', async () => {
      const id = demo('under-review');
      const client = wsClient(graph, KEYS.ops);
      clients.push(client);
      const { events } = subscribe(client, CHANGED, { id });
      await events.until((received) => received.length >= 1, 'the initial event');
      await graph.admin.setFaults({ errorRate: 1, errorStatus: 503, operations: ['/FGTS/ConsultaProposta'] } as never);
      await events.until((received) => received.some((event) => event.errors !== undefined), 'the outage event');
      const outage = events.received.find((event) => event.errors !== undefined);
      expect(outage?.errors?.map((error) => error.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(outage?.data).toEqual({ proposalChanged: null });
      // Moved while the partner fails: the change must not be lost.
      await graph.admin.setSituation(id, 3);
      await graph.admin.clearFaults();
      await events.until((received) => received.some((event) => change(event)?.proposal?.situationCode === 3), 'the rejection after recovery');
      expect(events.completed).toBe(false);
      await graph.admin.setSituation(id, 1);
    });

    it('refuses a subscription past the per-connection cap with SUBSCRIPTION_LIMIT_REACHED', async () => {
      const capped = await startTestGraph({ env: { ...ENV, LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '1' } });
      try {
        const client = wsClient(capped, KEYS.ops);
        clients.push(client);
        const first = subscribe(client, CHANGED, { id: capped.sandbox.demo[0]?.id });
        await first.events.until((received) => received.length >= 1, 'the first subscription');
        const second = subscribe(client, CHANGED, { id: capped.sandbox.demo[1]?.id });
        await second.events.until(() => second.events.error !== undefined, 'the refusal');
        expect((second.events.error as Array<{ extensions?: Record<string, unknown> }>).map((error) => error.extensions)).toEqual([
          { code: 'SUBSCRIPTION_LIMIT_REACHED', limit: 1, scope: 'connection' },
        ]);
        await client.dispose();
      } finally {
        await capped.close();
      }
    });

    it('refuses a subscription past the per-caller cap, across connections', async () => {
      const capped = await startTestGraph({ env: { ...ENV, LIVE_MAX_SUBSCRIPTIONS_PER_CALLER: '1' } });
      try {
        const one = wsClient(capped, KEYS.ops);
        const two = wsClient(capped, KEYS.ops);
        clients.push(one, two);
        const first = subscribe(one, CHANGED, { id: capped.sandbox.demo[0]?.id });
        await first.events.until((received) => received.length >= 1, 'the first subscription');
        const second = subscribe(two, CHANGED, { id: capped.sandbox.demo[1]?.id });
        await second.events.until((received) => received.length >= 1, 'the refusal');
        expect(second.events.received[0]?.errors?.map((error) => error.extensions?.code)).toEqual(['SUBSCRIPTION_LIMIT_REACHED']);
        await one.dispose();
        await two.dispose();
      } finally {
        await capped.close();
      }
    });
  });

  describe('viewerProposalEvents', () => {
    it('tells the caller of a proposal it creates while subscribed, at once (no poll needed)', async () => {
      const client = wsClient(graph, KEYS.alice);
      clients.push(client);
      const { events } = subscribe(client, VIEWER);
      const created = await graph.execute<{ createProposal: { proposal: { id: string } } }>(
        CREATE,
        { key: randomUUID(), input: INPUT },
        { authorization: `Bearer ${KEYS.alice}` },
      );
      const id = created.data?.createProposal.proposal.id as string;
      await events.until((received) => received.some((event) => change(event)?.proposalId === id), 'the new proposal');
      expect(change(events.received.find((event) => change(event)?.proposalId === id))).toEqual({
        proposalId: id,
        changed: ['SITUATION'],
        initial: true,
        proposal: { id, situationCode: 1 },
      });
    });
  });

  describe('proposalChanged over graphql-sse', () => {
    it('streams the same events over SSE with the Authorization header', async () => {
      const id = demo('approved');
      const client = createSseClient({ url: graph.url, headers: { authorization: `Bearer ${KEYS.ops}` }, retryAttempts: 0 });
      const events = new Events();
      const stop = client.subscribe(
        { query: CHANGED, variables: { id } },
        { next: (value) => events.push(value as Event), error: (error) => events.fail(error), complete: () => events.complete() },
      );
      try {
        await events.until((received) => received.length >= 1, 'the initial event');
        expect(change(events.received[0])).toEqual({
          proposalId: id,
          changed: ['SITUATION'],
          initial: true,
          proposal: { id, situation: 'APPROVED', situationCode: 2 },
        });
        await graph.admin.setSituation(id, 3);
        await events.until((received) => received.some((event) => change(event)?.proposal?.situationCode === 3), 'the change');
      } finally {
        stop();
        client.dispose();
        await graph.admin.setSituation(id, 2);
      }
    });

    it('answers 401 to an SSE request without a valid key', async () => {
      const response = await fetch(graph.url, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ query: CHANGED, variables: { id: demo('approved') } }),
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('a replica stopping', () => {
    it('closes its WebSockets with 1001 and ends its SSE streams; a resubscription elsewhere delivers the current state', async () => {
      const stopping = await startTestGraph({ env: ENV });
      const other = await startTestGraph({
        env: ENV,
        reuseSandbox: { sandbox: stopping.sandbox, admin: stopping.admin, client: stopping.testClient },
        ledger: stopping.ledger,
      });
      try {
        const id = stopping.sandbox.demo.find((proposal) => proposal.label === 'under-review')?.id as string;
        const closes: Array<{ code: number; reason: string }> = [];
        const ws = wsClient(stopping, KEYS.ops, closes);
        const wsEvents = subscribe(ws, CHANGED, { id }).events;
        const sse = createSseClient({ url: stopping.url, headers: { authorization: `Bearer ${KEYS.ops}` }, retryAttempts: 0 });
        const sseEvents = new Events();
        sse.subscribe(
          { query: CHANGED, variables: { id } },
          { next: (value) => sseEvents.push(value as Event), error: (error) => sseEvents.fail(error), complete: () => sseEvents.complete() },
        );
        await wsEvents.until((received) => received.length >= 1, 'the ws initial event');
        await sseEvents.until((received) => received.length >= 1, 'the sse initial event');
        await stopping.app.close();
        await wsEvents.until(() => closes.length > 0, 'the close');
        expect(closes.map((close) => close.code)).toEqual([1001]);
        await sseEvents.until(() => sseEvents.completed || sseEvents.error !== undefined, 'the end of the SSE stream');
        // Moved while the client was between replicas: the resubscription's first event shows it.
        await stopping.admin.setSituation(id, 2);
        const again = wsClient(other, KEYS.ops);
        clients.push(again);
        const resumed = subscribe(again, CHANGED, { id }).events;
        await resumed.until((received) => received.length >= 1, 'the initial event elsewhere');
        expect(change(resumed.received[0])?.proposal?.situationCode).toBe(2);
        await ws.dispose();
        sse.dispose();
      } finally {
        await other.close();
        await stopping.close();
      }
    });
  });
});
