/**
 * Listening sockets sharing the graph's port (LISTEN_ACCEPTORS, SO_REUSEPORT): connections the
 * kernel hands to any of them are served by the one HTTP server, and the stop waits for requests in
 * flight on each before it closes the stores, then no socket listens any more.
 */
import { type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { SHARES_PORTS } from '../../src/server/acceptors.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEY = 'acceptors-key-0123456789abcdef';
const QUERY = 'query($id: ID!) { proposal(id: $id) { id situation } }';

const connections = (server: { getConnections(cb: (error: Error | null, count: number) => void): void }): Promise<number> =>
  new Promise((resolve, reject) => server.getConnections((error, count) => (error === null ? resolve(count) : reject(error))));

(SHARES_PORTS ? describe : describe.skip)('listening sockets sharing the port', () => {
  let graph: TestGraph;

  beforeAll(async () => {
    graph = await startTestGraph({ env: { LISTEN_ACCEPTORS: '4', GRAPHQL_API_KEYS: `ops:${KEY}:proposals.all` } });
  });
  afterAll(async () => {
    await graph?.close();
  });

  it('serves a connection an added socket took, and the stop waits for its request in flight', async () => {
    const port = Number(new URL(graph.baseUrl).port);
    expect(graph.app.acceptors).toHaveLength(3);
    expect(graph.app.acceptors.map((acceptor) => (acceptor.address() as { port: number }).port)).toEqual([port, port, port]);

    // A connection one of the added sockets took (the kernel's hash decides: try fresh ones until one does).
    const counts = (): Promise<number[]> => Promise.all([graph.app.http.server, ...graph.app.acceptors].map((server) => connections(server)));
    let socket: Socket | undefined;
    const others: Socket[] = [];
    for (let attempt = 0; attempt < 64 && socket === undefined; attempt += 1) {
      const before = await counts();
      const candidate = connect(port, '127.0.0.1');
      await once(candidate, 'connect');
      let after = await counts();
      while (after.reduce((a, b) => a + b, 0) === before.reduce((a, b) => a + b, 0)) {
        await new Promise((done) => setTimeout(done, 1));
        after = await counts();
      }
      if ((after[0] as number) > (before[0] as number)) {
        // Kept open until one is found, so that the counts only grow meanwhile.
        others.push(candidate);
      } else {
        socket = candidate;
      }
    }
    others.forEach((other) => other.destroy());
    expect(socket).toBeDefined();
    const taken = socket as Socket;

    // A slow partner read in flight on it, then the stop: Apollo Server and the stores close only once its answer is out.
    const id = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id as string;
    await graph.admin.setFaults({ latencyMs: 1500, operations: ['/FGTS/ConsultaProposta'] });
    const body = JSON.stringify({ query: QUERY, variables: { id } });
    const sequence: string[] = [];
    graph.app.http.server.on('request', (_request, response: ServerResponse) => response.once('finish', () => sequence.push('answered')));
    let text = '';
    taken.setEncoding('utf8');
    taken.on('data', (chunk: string) => (text += chunk));
    const ended = once(taken, 'end');
    taken.write(
      `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nauthorization: Bearer ${KEY}\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    await new Promise((done) => setTimeout(done, 300));
    await graph.app.close(10_000);
    sequence.push('stopped');
    // The stop waited for the answer on the added socket's connection.
    expect(sequence).toEqual(['answered', 'stopped']);
    await ended;
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    const answer = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { data: unknown; extensions: { cost: { upstreamCalls: number } } };
    expect(answer.data).toEqual({ proposal: { id, situation: 'APPROVED' } });
    expect(answer.extensions.cost.upstreamCalls).toBe(1);
    expect(graph.app.acceptors.map((acceptor) => acceptor.listening)).toEqual([false, false, false]);
    // Nothing listens on the port any more.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    await graph.admin.clearFaults();
  });
});
