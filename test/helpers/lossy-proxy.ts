import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

/** A loopback HTTP proxy that can lose answers: the request reaches the target, its answer never comes back. */
export interface LossyProxy {
  /** `http://127.0.0.1:PORT`, standing for the target's origin. */
  url: string;
  /** The next `count` requests whose path ends with `pathSuffix` are forwarded, then the client's connection is reset. */
  loseAnswers(pathSuffix: string, count?: number): void;
  /** The next `count` requests whose path ends with `pathSuffix` never reach the target: the client's connection is reset at once. */
  dropRequests(pathSuffix: string, count?: number): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (an origin, e.g. the sandbox's `http://127.0.0.1:PORT`) on port 0. */
export async function startLossyProxy(target: string): Promise<LossyProxy> {
  const losing = new Map<string, number>();
  const dropping = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const dropped = [...dropping.keys()].find((s) => path.endsWith(s) && (dropping.get(s) ?? 0) > 0);
    if (dropped !== undefined) {
      // Lost on the way to the partner: it never sees the request.
      dropping.set(dropped, (dropping.get(dropped) ?? 1) - 1);
      req.resume();
      req.socket.destroy();
      return;
    }
    const suffix = [...losing.keys()].find((s) => path.endsWith(s));
    const lose = suffix !== undefined && (losing.get(suffix) ?? 0) > 0;
    if (lose && suffix !== undefined) {
      losing.set(suffix, (losing.get(suffix) ?? 1) - 1);
    }
    const upstream = httpRequest(new URL(path, target), { method: req.method, headers: req.headers }, (answer) => {
      if (lose) {
        // The partner has processed the request; its answer is lost on the way back.
        answer.resume();
        answer.once('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.once('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    loseAnswers(pathSuffix, count = 1) {
      losing.set(pathSuffix, count);
    },
    dropRequests(pathSuffix, count = 1) {
      dropping.set(pathSuffix, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
