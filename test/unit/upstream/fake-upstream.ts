/**
 * A tiny loopback stand-in for the upstream, for focused client tests (slow token endpoint,
 * Retry-After, odd bodies). Records every request. Not a test file.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from '../../../src/upstream/client.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Never answer (the socket is destroyed when the server closes). */
  hang?: boolean;
  /** Send the status, headers and `body`, then never end the body. */
  stallBody?: boolean;
}

export type FakeHandler = (req: RecordedRequest, index: number) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Requests to operation paths (not /connect/token). */
  operationRequests(): RecordedRequest[];
  tokenRequests(): RecordedRequest[];
  /** Most operation requests in flight at once. */
  maxInFlight(): number;
  /** Replaces the operation handler. */
  onOperation(handler: FakeHandler): void;
  /** Replaces the token handler (default: 200 with `tok-N`, expires_in 3600). */
  onToken(handler: FakeHandler): void;
  close(): Promise<void>;
}

let keys: { privateKeyPem: string; publicKeyPem: string } | undefined;

/** An RSA 2048 key pair, generated once per test file. */
export function testKeys(): { privateKeyPem: string; publicKeyPem: string } {
  if (keys === undefined) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys = {
      privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }
  return keys;
}

/** A success envelope answered as the upstream does: 200, text/plain, JSON body. */
export function okText(fields: Record<string, unknown> = {}): FakeAnswer {
  return {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    body: JSON.stringify({ msg: 'ok', hasError: false, messages: [], ...fields }),
  };
}

export async function startFakeUpstream(options: { expiresIn?: number } = {}): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let tokenCount = 0;
  let opCount = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let tokenHandler: FakeHandler = () => {
    tokenCount += 1;
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: `tok-${tokenCount}`, expires_in: options.expiresIn ?? 3600, token_type: 'Bearer' }),
    };
  };
  let opHandler: FakeHandler = () => okText();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      requests.push(recorded);
      const isToken = recorded.path === '/connect/token';
      if (!isToken) {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        let done = false;
        const settle = (): void => {
          if (!done) {
            done = true;
            inFlight -= 1;
          }
        };
        // 'finish' fires as the answer is handed over, before the client can send its next request.
        res.once('finish', settle);
        res.once('close', settle);
      }
      const index = isToken ? requests.filter((r) => r.path === '/connect/token').length - 1 : opCount++;
      void Promise.resolve((isToken ? tokenHandler : opHandler)(recorded, index)).then(async (answer) => {
        if (answer.hang) {
          return;
        }
        if (answer.delayMs) {
          await new Promise((r) => setTimeout(r, answer.delayMs));
        }
        if (res.destroyed) {
          return;
        }
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        if (answer.stallBody) {
          res.write(answer.body ?? '');
          return;
        }
        res.end(answer.body ?? '');
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    operationRequests: () => requests.filter((r) => r.path !== '/connect/token'),
    maxInFlight: () => maxInFlight,
    tokenRequests: () => requests.filter((r) => r.path === '/connect/token'),
    onOperation: (h) => {
      opHandler = h;
    },
    onToken: (h) => {
      tokenHandler = h;
    },
    close: async () => {
      for (const s of sockets) {
        s.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Resolves once `condition` holds (polled every 5 ms); fails the test after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) {
      throw new Error('condition not met in time');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * The one client fixture of the upstream unit tests: a fake upstream started before each test and a
 * `client(extra)` factory over it whose clients are closed after the test; `defaults` are the test
 * file's own timeouts and retry policy.
 */
export function useFakeUpstreamClients(defaults: Partial<UpstreamClientOptions>): {
  readonly fake: FakeUpstream;
  client: (extra?: Partial<UpstreamClientOptions>) => UpstreamClient;
} {
  let current: FakeUpstream | undefined;
  const clients: UpstreamClient[] = [];
  beforeEach(async () => {
    current = await startFakeUpstream();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await current?.close();
  });
  return {
    get fake(): FakeUpstream {
      if (current === undefined) {
        throw new Error('the fake upstream starts before each test');
      }
      return current;
    },
    client(extra: Partial<UpstreamClientOptions> = {}): UpstreamClient {
      const fake = this.fake;
      const c = createUpstreamClient({
        baseUrl: `${fake.url}/`,
        environmentUrl: `${fake.url}/environment`,
        authUrl: fake.url,
        clientId: 'client-1',
        privateKeyPem: testKeys().privateKeyPem,
        scope: 'bmp.digital.api.full.access',
        random: () => 0.5,
        ...defaults,
        ...extra,
      });
      clients.push(c);
      return c;
    },
  };
}
