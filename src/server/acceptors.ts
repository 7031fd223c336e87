/**
 * More listening sockets on the graph's port, each handing its connections to the one HTTP server.
 *
 * Node's event loop takes one new connection per listening socket per turn. A graph busy past its
 * capacity turns its loop every few tens of milliseconds, so one socket lets it take a few hundred
 * new connections a second: when clients open more than that (a load balancer's pool growing under
 * a burst), they wait in the kernel's accept queue for seconds before the graph reads a byte, and
 * the admission bound cannot refuse them fast. `LISTEN_ACCEPTORS` sockets bound with SO_REUSEPORT
 * (the kernel spreads new connections over them) take that many per turn. Each hands its
 * connections to the HTTP server through its `connection` event (Node's documented way to inject
 * one), so routing, limits, keep-alive and the stop's idle and forced closes treat them alike.
 */
import { type Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/** Whether the platform spreads connections over sockets sharing a port (SO_REUSEPORT, as Node supports it here). */
export const SHARES_PORTS = process.platform === 'linux' || process.platform === 'freebsd';

/** Opens `count - 1` more listening sockets on `port`, beside the HTTP server's own (which must listen with `reusePort`). */
export async function openAcceptors(http: HttpServer, options: { port: number; host: string; backlog: number; count: number }): Promise<Server[]> {
  const acceptors: Server[] = [];
  try {
    for (let index = 1; index < options.count; index += 1) {
      // As http.Server does for its own connections: no Nagle delay on answers.
      const acceptor = createServer({ noDelay: true }, (socket) => http.emit('connection', socket));
      acceptors.push(acceptor);
      await new Promise<void>((resolve, reject) => {
        acceptor.once('error', reject);
        acceptor.listen({ port: options.port, host: options.host, backlog: options.backlog, reusePort: true }, () => {
          acceptor.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    await closeAcceptors(acceptors);
    throw error;
  }
  return acceptors;
}

/** Stops the acceptors taking connections; resolves once every connection they took has closed. */
export async function closeAcceptors(acceptors: readonly Server[]): Promise<void> {
  await Promise.all(
    acceptors.map(
      (acceptor) =>
        new Promise<void>((resolve) => {
          if (!acceptor.listening) {
            resolve();
            return;
          }
          acceptor.close(() => resolve());
        }),
    ),
  );
}
