/**
 * Client mistakes in the shape of a document are typed client errors on every transport, never a
 * masked INTERNAL_SERVER_ERROR logged as the graph's own fault: the document guard's refusals
 * (directives, sizes) over SSE and WebSocket, as over HTTP.
 */
import { createClient as createWsClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { type Logger, type LogFields } from '../../src/server/logger.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEY = 'ops-key-0123456789abcdef';
const CHANGED = (directives: string): string => `subscription($id: ID!) { proposalChanged(id: $id) { proposalId ${directives} } }`;

/** A logger keeping the messages of its error lines. */
function recordingLogger(errors: string[]): Logger {
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: (message: string, _fields?: LogFields) => void errors.push(message),
    child: () => logger,
    isEnabled: () => false,
    safe: () => undefined,
  };
  return logger;
}

describe('document mistakes on the subscription transports', () => {
  let graph: TestGraph;
  const errors: string[] = [];
  const id = (): string => graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';

  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all` }, logger: recordingLogger(errors) });
  });
  afterAll(async () => {
    await graph.close();
  });
  beforeEach(() => {
    errors.length = 0;
  });

  it('answers 1,500 unknown directives over SSE with TOO_MANY_DIRECTIVES, logging no error', async () => {
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: CHANGED('@unknown '.repeat(1500)), variables: { id: id() } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions?: Record<string, unknown> }> };
    expect(body.errors.map((error) => error.extensions?.['code'])).toEqual(['TOO_MANY_DIRECTIVES']);
    expect(errors).toEqual([]);
  });

  it('answers one unknown directive over SSE with GRAPHQL_VALIDATION_FAILED, logging no error', async () => {
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: CHANGED('@unknown'), variables: { id: id() } }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions?: Record<string, unknown> }> };
    expect(body.errors.map((error) => error.extensions?.['code'])).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(errors).toEqual([]);
  });

  it.each([
    ['variables that do not coerce', {}, 'BAD_USER_INPUT'],
    ['an object where an id goes', { id: Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, index])) }, 'BAD_USER_INPUT'],
  ])('answers %s over SSE with a client error, logging no error', async (_name, variables, code) => {
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
      body: JSON.stringify({ query: CHANGED(''), variables }),
    });
    const text = await response.text();
    const codes = [...text.matchAll(/"extensions":\{"code":"([A-Z_]+)"/g)].map((match) => match[1]);
    expect(codes).toEqual([code]);
    expect(text.length).toBeLessThan(2000);
    expect(errors).toEqual([]);
  });

  it('answers 1,500 unknown directives over WebSocket with TOO_MANY_DIRECTIVES, logging no error', async () => {
    const client = createWsClient({
      url: graph.url.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${KEY}` },
      retryAttempts: 0,
      lazy: true,
    });
    try {
      const codes = await new Promise<unknown[]>((resolve) => {
        client.subscribe(
          { query: CHANGED('@unknown '.repeat(1500)), variables: { id: id() } },
          {
            next: () => resolve(['an event']),
            error: (error) =>
              resolve(Array.isArray(error) ? error.map((e: { extensions?: Record<string, unknown> }) => e.extensions?.['code']) : [String(error)]),
            complete: () => resolve(['complete']),
          },
        );
      });
      expect(codes).toEqual(['TOO_MANY_DIRECTIVES']);
      expect(errors).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});
