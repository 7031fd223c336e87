/**
 * Live cohorts end to end: identical subscriptions share one watch stream (one execution per change),
 * a late joiner starts from the current state, a newly disbursed proposal is told with its agenda,
 * and an event over LIVE_MAX_EVENT_BYTES is replaced by a typed error telling the subscriber to refetch.
 */
import { type Client } from 'graphql-ws';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { change, type Event, subscribe, wsClient } from '../helpers/live-client.js';

const KEY = 'ops-key-0123456789abcdef';
const ENV = { GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`, LIVE_POLL_INTERVAL_MS: '100', LIVE_MAX_BACKOFF_MS: '400', LIVE_MAX_EVENT_BYTES: '1024' };
const CHANGED = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situationCode } } }';
const WITH_AGENDA = 'subscription($id: ID!) { proposalChanged(id: $id) { changed initial proposal { id situationCode agenda { id financedAmount } } } }';
const LARGE =
  'subscription($id: ID!) { proposalChanged(id: $id) { changed initial proposal { id a: installments { number dueDate amount } b: installments { number dueDate amount } } } }';

interface AgendaChange {
  changed: string[];
  initial: boolean;
  proposal: { id: string; situationCode: number; agenda: { id: string; financedAmount: string } | null } | null;
}

describe('live cohorts', () => {
  let graph: TestGraph;
  const clients: Client[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({ env: ENV });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  afterAll(async () => {
    await graph.close();
  });

  const demo = (label: string): string => graph.sandbox.demo.find((proposal) => proposal.label === label)?.id as string;
  const stats = () => graph.app.live?.stats().watches;

  it('shares one watch stream among identical subscriptions, tells each the change once, and starts a late joiner from the current state', async () => {
    const id = demo('under-review');
    const sockets = [wsClient(graph, KEY), wsClient(graph, KEY)];
    clients.push(...sockets);
    const subscribers = Array.from({ length: 30 }, (_, index) => subscribe(sockets[index % 2] as Client, CHANGED, { id }).events);
    await Promise.all(subscribers.map((events) => events.until((received) => received.length >= 1, 'the initial event')));
    expect(stats()).toMatchObject({ subscriptions: 30, streams: 1, watches: 1 });
    await graph.admin.setSituation(id, 2);
    await Promise.all(subscribers.map((events) => events.until((received) => received.length >= 2, 'the approval')));
    for (const events of subscribers) {
      expect(events.received.map((event) => change(event))).toEqual([
        { proposalId: id, changed: ['SITUATION'], initial: true, proposal: { id, situationCode: 1 } },
        { proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situationCode: 2 } },
      ]);
    }
    const late = subscribe(sockets[0] as Client, CHANGED, { id }).events;
    await late.until((received) => received.length >= 1, 'the late initial event');
    expect(change(late.received[0])).toEqual({ proposalId: id, changed: ['SITUATION'], initial: true, proposal: { id, situationCode: 2 } });
    expect(stats()).toMatchObject({ subscriptions: 31, streams: 1 });
    await graph.admin.setSituation(id, 1);
    await late.until((received) => received.length >= 2, 'the late change');
    expect(change(late.received[1])).toEqual({ proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situationCode: 1 } });
    await Promise.all(sockets.map((client) => client.dispose()));
    await late.until(() => stats()?.subscriptions === 0, 'every subscriber gone');
    expect(stats()).toMatchObject({ subscriptions: 0, streams: 0, watches: 0 });
  });

  it('keeps different variables in different cohorts', async () => {
    const client = wsClient(graph, KEY);
    clients.push(client);
    const a = subscribe(client, CHANGED, { id: demo('under-review') }).events;
    const b = subscribe(client, CHANGED, { id: demo('approved') }).events;
    await a.until((received) => received.length >= 1, 'a');
    await b.until((received) => received.length >= 1, 'b');
    expect([change(a.received[0])?.proposal?.situationCode, change(b.received[0])?.proposal?.situationCode]).toEqual([1, 2]);
    expect(stats()).toMatchObject({ subscriptions: 2, streams: 2 });
  });

  it('tells a newly disbursed proposal in one event with its agenda', async () => {
    const id = demo('approved');
    const client = wsClient(graph, KEY);
    clients.push(client);
    const { events } = subscribe(client, WITH_AGENDA, { id });
    await events.until((received) => received.length >= 1, 'the initial event');
    expect((events.received[0]?.data?.proposalChanged as AgendaChange | undefined)?.proposal).toEqual({ id, situationCode: 2, agenda: null });
    await graph.admin.setSituation(id, 9);
    const disbursed = (event: Event) => (event.data?.proposalChanged as AgendaChange | undefined)?.proposal?.situationCode === 9;
    await events.until((received) => received.some(disbursed), 'the disbursement');
    const event = events.received.find(disbursed)?.data?.proposalChanged as AgendaChange;
    expect(event.changed).toEqual(['AGENDA', 'SITUATION']);
    expect(event.proposal?.agenda?.id).toEqual(expect.any(String));
    expect(event.proposal?.agenda?.financedAmount).toEqual(expect.stringMatching(/^\d+\.\d{2}$/));
  });

  it('replaces an event over LIVE_MAX_EVENT_BYTES by EVENT_TOO_LARGE and keeps the stream', async () => {
    const id = demo('disbursed');
    const client = wsClient(graph, KEY);
    clients.push(client);
    const { events } = subscribe(client, LARGE, { id });
    await events.until((received) => received.length >= 1, 'the initial event');
    const [event] = events.received;
    expect(event?.data).toEqual({ proposalChanged: null });
    expect(
      event?.errors?.map((error) => ({ code: error.extensions?.code, proposalId: error.extensions?.proposalId, maxBytes: error.extensions?.maxBytes })),
    ).toEqual([{ code: 'EVENT_TOO_LARGE', proposalId: id, maxBytes: 1024 }]);
    expect(error(event)?.bytes).toBeGreaterThan(1024);
    expect(stats()).toMatchObject({ subscriptions: 1 });
  });
});

function error(event: Event | undefined): Record<string, unknown> | undefined {
  return event?.errors?.[0]?.extensions;
}

describe('live subscription cost', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { ...ENV, CALLER_BUDGETS: 'ops=2/0.001' } });
  });

  afterAll(async () => {
    await graph.close();
  });

  it("refuses at subscribe, with THROTTLED, a subscription whose event's estimate the caller's budget cannot hold, and admits a cheaper one", async () => {
    const id = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id as string;
    const client = wsClient(graph, KEY);
    try {
      const costly = subscribe(
        client,
        'subscription($id: ID!) { proposalChanged(id: $id) { proposal { id agenda { id } installments { number } boletos { id } } } }',
        {
          id,
        },
      ).events;
      await costly.until((received) => received.length >= 1 || costly.error !== undefined, 'the refusal');
      const errors = costly.received[0]?.errors ?? (costly.error as Array<{ extensions?: Record<string, unknown> }>);
      expect(errors.map((e) => e.extensions?.code)).toEqual(['THROTTLED']);
      expect(graph.app.live?.stats().watches.subscriptions).toBe(0);
      const cheap = subscribe(client, CHANGED, { id }).events;
      await cheap.until((received) => received.length >= 1, 'the initial event');
      expect(change(cheap.received[0])?.proposal?.situationCode).toBe(9);
    } finally {
      await client.dispose();
    }
  });
});
