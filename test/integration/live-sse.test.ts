/**
 * GraphQL over SSE as the graph serves it (distinct connections mode): the protocol's framing and
 * headers, a typed 400 for a request that carries no usable operation, the comment-line heartbeat
 * on every open stream, and a cohort's event sent alike to each of its streams.
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, request as httpRequest } from 'node:http';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEY = 'ops-key-0123456789abcdef';
const INPUT = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };
const CREATE =
  'mutation($key: String!, $input: CreateProposalInput!) { createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } } }';
const CHANGED = 'subscription($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situation } } }';

/** Resolves once `condition` holds, checking every 20 ms; fails after `timeoutMs` (a hang detector, not a speed check). */
async function until(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An open SSE request: its response and everything it has sent so far. */
interface OpenStream {
  response: IncomingMessage;
  /** Settles once the answer has ended. */
  ended: Promise<void>;
  text(): string;
  close(): void;
}

function openStream(graph: TestGraph, init: { method?: 'GET' | 'POST'; search?: string; body?: string; accept?: string }): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${graph.url}${init.search ?? ''}`, {
      agent: false,
      method: init.method ?? 'POST',
      headers: {
        accept: init.accept ?? 'text/event-stream',
        authorization: `Bearer ${KEY}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.once('error', () => undefined);
      const ended = new Promise<void>((settle) => response.once('end', settle));
      resolve({ response, ended, text: () => text, close: () => request.destroy() });
    });
    request.end(init.body);
  });
}

/** The whole answer of an SSE request that ends by itself. */
async function answerOf(
  graph: TestGraph,
  init: Parameters<typeof openStream>[1],
): Promise<{ status: number; headers: IncomingMessage['headers']; text: string }> {
  const stream = await openStream(graph, init);
  await stream.ended;
  return { status: stream.response.statusCode as number, headers: stream.response.headers, text: stream.text() };
}

describe('GraphQL over SSE', () => {
  let graph: TestGraph;
  let id: string;

  beforeAll(async () => {
    graph = await startTestGraph({
      env: {
        GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all`,
        // Events come from the sandbox's moves below, not from a poll in the middle of an assertion.
        LIVE_POLL_INTERVAL_MS: '100',
        LIVE_HEARTBEAT_MS: '150',
      },
    });
    const created = await graph.execute<{ createProposal: { proposal: { id: string } } }>(
      CREATE,
      { key: randomUUID(), input: INPUT },
      { authorization: `Bearer ${KEY}` },
    );
    id = created.data?.createProposal.proposal.id as string;
    await graph.admin.setSituation(id, 1);
  });

  afterAll(async () => {
    await graph.close();
  });

  it('answers a query as one `next` event and a `complete`, with the stream headers and the request id', async () => {
    const answer = await answerOf(graph, { body: JSON.stringify({ query: 'query($id: ID!) { proposal(id: $id) { id } }', variables: { id } }) });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const [comment, next, complete, rest] = answer.text.split('\n\n');
    expect(comment).toBe(':');
    expect(next?.startsWith('event: next\ndata: ')).toBe(true);
    const payload = JSON.parse((next as string).slice('event: next\ndata: '.length)) as { data: unknown; extensions: { requestId: string } };
    expect(payload.data).toEqual({ proposal: { id } });
    expect(payload.extensions.requestId).toBe(answer.headers['x-request-id']);
    expect(complete).toBe('event: complete\ndata:');
    expect(rest).toBe('');
  });

  it('takes a GET with its variables in the query string, and an Accept that lists other types too', async () => {
    const search = `?${new URLSearchParams({ query: 'query($id: ID!) { proposal(id: $id) { id } }', variables: JSON.stringify({ id }) }).toString()}`;
    const answer = await answerOf(graph, { method: 'GET', search, accept: 'text/event-stream, application/json;q=0.9' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`event: next\ndata: {"data":{"proposal":{"id":"${id}"}}`);
    expect(answer.text.endsWith('event: complete\ndata:\n\n')).toBe(true);
  });

  it('refuses a request that carries no usable operation with a typed 400 and the request id', async () => {
    const cases: Array<[Parameters<typeof openStream>[1], string]> = [
      [
        { method: 'GET', search: `?${new URLSearchParams({ query: '{ __typename }', variables: '{not json' }).toString()}` },
        'The variables or extensions parameter is not JSON.',
      ],
      [{ body: JSON.stringify({ query: '{ __typename }', variables: [1] }) }, 'The variables must be an object.'],
      [{ body: JSON.stringify({ query: '{ __typename }', extensions: 'x' }) }, 'The extensions must be an object.'],
      [{ body: JSON.stringify({ query: 42 }) }, 'The query must be a string.'],
      [{ body: JSON.stringify([{ query: '{ __typename }' }]) }, 'The request carries no operation: send a JSON object body, or GET parameters.'],
    ];
    for (const [init, message] of cases) {
      const answer = await answerOf(graph, init);
      const body = JSON.parse(answer.text) as { errors: Array<{ message: string; extensions: { code: string } }>; extensions: { requestId: string } };
      expect({ status: answer.status, type: answer.headers['content-type'], errors: body.errors }).toEqual({
        status: 400,
        type: 'application/json; charset=utf-8',
        errors: [{ message, extensions: { code: 'BAD_REQUEST' } }],
      });
      expect(body.extensions.requestId).toBe(answer.headers['x-request-id']);
    }
  });

  it('sends every open stream a comment line while it waits, and each stream the same bytes of a cohort event', async () => {
    const body = JSON.stringify({ query: CHANGED, variables: { id } });
    const streams = await Promise.all([openStream(graph, { body }), openStream(graph, { body })]);
    try {
      const events = (stream: OpenStream): string[] =>
        stream
          .text()
          .split('\n\n')
          .filter((block) => block.startsWith('event: next'));
      await until(() => streams.every((stream) => events(stream).length === 1), 'the initial events');
      // The heartbeat: comment lines after the initial event, on both streams.
      await until(() => streams.every((stream) => (stream.text().split(events(stream)[0] as string)[1] ?? '').includes(':\n\n')), 'a heartbeat on each stream');
      await graph.admin.setSituation(id, 2);
      await until(() => streams.every((stream) => events(stream).length === 2), 'the change on both streams');
      const [first, second] = streams.map((stream) => events(stream)[1]);
      expect(first).toBe(second);
      expect(JSON.parse((first as string).slice('event: next\ndata: '.length))).toEqual({
        data: { proposalChanged: { proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situation: 'APPROVED' } } },
      });
      expect(graph.app.live?.stats().sseStreams).toBe(2);
    } finally {
      for (const stream of streams) {
        stream.close();
      }
    }
    await until(() => graph.app.live?.stats().sseStreams === 0, 'the streams gone');
  });
});
