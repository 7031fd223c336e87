import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { FaultEffects } from './core/fault-effects.js';
import { createRequestHandler } from './router.js';
import { SandboxState } from './core/state.js';
import { type Sandbox, type SandboxOptions } from './options.js';

export type { CallStats, DemoProposal, Sandbox, SandboxClient, SandboxOptions } from './options.js';

/**
 * Starts a sandbox (see src/sandbox/README.md): builds its state, registers the clients, listens,
 * restores its state file or creates the demo data, and answers its URLs. The listener only: requests go to `core/router.ts`.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = new SandboxState(options);
  for (const client of options.clients ?? []) {
    await state.tokens.registerClient(client.clientId, client.publicKeyPem);
  }
  const effects = new FaultEffects();
  const handle = createRequestHandler(state, effects);
  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 5_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.url = url;
  try {
    await state.start();
  } catch (err) {
    server.close();
    server.closeAllConnections();
    throw err;
  }
  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: url,
    authUrl: url,
    environmentUrl: `${url}/environment`,
    get demo() {
      return state.demo;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        effects.shutdown();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => state.persist());
      return closing;
    },
  };
}
