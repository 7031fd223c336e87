import { EventEmitter } from 'node:events';
import { type IncomingMessage } from 'node:http';
import { type Server } from 'graphql-ws';
import { type WebSocket } from 'ws';
import { openWebSocket, type SocketBase } from '../../../src/server/live/websocket.js';
import { type Logger } from '../../../src/server/logger.js';

/** A WebSocket as openWebSocket uses it, and the TCP socket under it, noting what happens to both in order. */
function fakeSocket(): { socket: WebSocket; request: IncomingMessage; events: string[] } {
  const events: string[] = [];
  const ws = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    protocol: 'graphql-transport-ws',
    bufferedAmount: 0,
    send: (data: string) => events.push(`send ${data}`),
    ping: () => undefined,
    close: () => undefined,
    terminate: () => undefined,
  });
  const raw = { cork: () => events.push('cork'), uncork: () => events.push('uncork') };
  return { socket: ws as unknown as WebSocket, request: { socket: raw } as unknown as IncomingMessage, events };
}

describe('a WebSocket served to graphql-ws', () => {
  it('sends the messages of one turn of the event loop in one write: corked at the first, uncorked after the turn', async () => {
    const { socket, request, events } = fakeSocket();
    let send: (data: string) => void = () => undefined;
    const server = {
      opened: (transport: { send(data: string): void }) => {
        send = transport.send;
        return async () => undefined;
      },
    } as unknown as Server<SocketBase>;
    openWebSocket(
      server,
      { socket, request },
      {
        heartbeatMs: 60_000,
        sendBuffer: { maxBytes: 1_000_000, maxEvents: 100 },
        stats: { peakBufferedBytes: 0, overflows: 0 },
        logger: { error: () => undefined } as unknown as Logger,
        onSlowConsumer: () => undefined,
      },
    );
    send('a');
    await Promise.resolve();
    send('b');
    send('c');
    expect(events).toEqual(['cork', 'send a', 'send b', 'send c']);
    await new Promise((resolve) => setImmediate(resolve));
    send('d');
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['cork', 'send a', 'send b', 'send c', 'uncork', 'cork', 'send d', 'uncork']);
    socket.emit('close', 1000, Buffer.from(''));
  });
});
