/**
 * The access record of subscriptions: an event that discloses a person's data is recorded once per
 * subscriber it is delivered to (that subscriber's caller and subscription request id), though it is
 * executed once for its whole cohort; an event that discloses nothing records nothing.
 */
import { type Client } from 'graphql-ws';
import { accessKeys, MemoryAccessStore } from '../../src/ledger/index.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { change, subscribe, wsClient } from '../helpers/live-client.js';

const KEYS = { ana: 'ana-key-0123456789abcdef', bia: 'bia-key-0123456789abcdef', cid: 'cid-key-0123456789abcdef', officer: 'officer-key-0123456789ab' };
const SECRET = 'live audit test key, at least thirty-two characters';
const keys = accessKeys(SECRET);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WITH_CLIENT = 'subscription($id: ID!) { proposalChanged(id: $id) { initial changed proposal { id client { document name } } } }';
const WITHOUT = 'subscription($id: ID!) { proposalChanged(id: $id) { initial changed proposal { id situationCode } } }';
const RECORD = 'callerId requestId action kind fields subjectHmac proposalId outcome purpose';

describe('the access record of subscription events', () => {
  let graph: TestGraph;
  const clients: Client[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({
      access: { store: new MemoryAccessStore() },
      env: {
        AUDIT_HMAC_KEY: SECRET,
        LIVE_POLL_INTERVAL_MS: '100',
        GRAPHQL_API_KEYS: [
          `ana:${KEYS.ana}:proposals.all`,
          `bia:${KEYS.bia}:proposals.all`,
          `cid:${KEYS.cid}:proposals.all`,
          `officer:${KEYS.officer}:audit.read`,
        ].join(','),
      },
    });
  });
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
    await graph?.close();
  });

  const demo = (label: string): string => graph.sandbox.demo.find((proposal) => proposal.label === label)?.id as string;

  async function recordsOf(callerId: string): Promise<Array<Record<string, unknown>>> {
    const result = await graph.execute(
      `query($c: String!) { callerAccessRecords(callerId: $c, first: 100) { nodes { ${RECORD} } } }`,
      { c: callerId },
      {
        authorization: `Bearer ${KEYS.officer}`,
      },
    );
    expect(result.errors).toBeUndefined();
    return (result.data as { callerAccessRecords: { nodes: Array<Record<string, unknown>> } }).callerAccessRecords.nodes;
  }

  const settled = (received: Array<{ data?: unknown }>): boolean => change(received.at(-1) as never)?.changed?.includes('BOLETOS') === true;

  it('records each delivered event once per subscriber, with its caller, request id, subject HMAC and fields; nothing for one that discloses nothing', async () => {
    const id = demo('disbursed');
    const [ana, bia, cid] = [wsClient(graph, KEYS.ana), wsClient(graph, KEYS.bia), wsClient(graph, KEYS.cid)];
    clients.push(ana, bia, cid);
    // Two subscriptions of ana share one cohort (one execution per event); bia's is a cohort of its own.
    const subscribers = [subscribe(ana, WITH_CLIENT, { id }).events, subscribe(ana, WITH_CLIENT, { id }).events, subscribe(bia, WITH_CLIENT, { id }).events];
    const plain = subscribe(cid, WITHOUT, { id }).events;
    // The watch reads the situation, then the agenda, then the boletos: the proposal is settled once the boletos were told.
    await Promise.all([...subscribers, plain].map((events) => events.until(settled, 'the settled state')));
    const client = { document: '39053344705', name: 'Carla Demo Paga' };
    for (const events of subscribers) {
      // A subscription that joins after the watch's first read starts from the groups read so far (the situation, maybe the agenda).
      const first = change(events.received[0] as never);
      expect([['SITUATION'], ['SITUATION', 'AGENDA'], ['SITUATION', 'AGENDA', 'BOLETOS']]).toContainEqual(first?.changed);
      expect(events.received[0]).toEqual({ data: { proposalChanged: { initial: true, changed: first?.changed, proposal: { id, client } } } });
      expect(events.received.every((event) => change(event)?.proposal !== null)).toBe(true);
    }
    const expected = (callerId: string) => ({
      callerId,
      requestId: expect.stringMatching(UUID),
      action: 'READ',
      kind: 'person',
      fields: ['document', 'name'],
      subjectHmac: keys.subject(client.document),
      proposalId: null,
      outcome: 'DISCLOSED',
      purpose: null,
    });
    /** How many records each subscription (request id) of `callerId` has, in ascending order. */
    const perSubscription = (records: Array<Record<string, unknown>>): number[] => {
      const counts = new Map<unknown, number>();
      for (const record of records) {
        counts.set(record.requestId, (counts.get(record.requestId) ?? 0) + 1);
      }
      return [...counts.values()].sort((a, b) => a - b);
    };
    const anas = await recordsOf('ana');
    const bias = await recordsOf('bia');
    // One record per event delivered to each subscriber, though ana's cohort executed each event once.
    expect(perSubscription(anas)).toEqual([subscribers[0]!.received.length, subscribers[1]!.received.length].sort((a, b) => a - b));
    expect(perSubscription(bias)).toEqual([subscribers[2]!.received.length]);
    expect(anas).toEqual(anas.map(() => expected('ana')));
    expect(bias).toEqual(bias.map(() => expected('bia')));
    expect(plain.received.length).toBeGreaterThanOrEqual(1);
    expect(await recordsOf('cid')).toEqual([]);
  });
});
