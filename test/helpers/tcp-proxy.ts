import { connect, createServer, type Server, type Socket } from 'node:net';
import { type AddressInfo } from 'node:net';

/** A loopback TCP proxy in front of a server (PostgreSQL), whose faults a test turns on and off. */
export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** Resets (RST) every connection open now, in use or idle; new ones go through as before. */
  resetAll(): void;
  /** Silent mode: connections are accepted and kept open, but nothing is forwarded either way (a server that stopped answering). */
  silence(on: boolean): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (`host:port`) on 127.0.0.1, port 0. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket | undefined]>();
  let silent = false;
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (silent) {
      // Accepted, never answered: the bytes are read and dropped.
      const pair: [Socket, Socket | undefined] = [client, undefined];
      pairs.add(pair);
      client.on('data', () => undefined);
      client.on('close', () => pairs.delete(pair));
      return;
    }
    const upstream = connect(targetPort, targetHost);
    upstream.on('error', () => client.destroy());
    const pair: [Socket, Socket | undefined] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (!silent) {
          to.write(chunk);
        }
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get open() {
      return pairs.size;
    },
    resetAll() {
      for (const [client, upstream] of pairs) {
        client.resetAndDestroy();
        upstream?.resetAndDestroy();
      }
      pairs.clear();
    },
    silence(on) {
      silent = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream?.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
