import { parentPort, workerData } from 'node:worker_threads';
import { createSandbox, type SandboxClient } from '../src/sandbox/server.js';

/**
 * Runs the sandbox on its own thread (its own event loop), so the upstream latency it injects and
 * the work it does are not charged to the graph being measured. Posts `{ url, ..., demo }` once
 * listening; closes and exits on the message 'close'.
 */
const { client, demoOwner } = workerData as { client: SandboxClient; demoOwner: string };
const sandbox = await createSandbox({ port: 0, clients: [client], demoOwner });
parentPort?.postMessage({
  url: sandbox.url,
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  environmentUrl: sandbox.environmentUrl,
  demo: sandbox.demo,
});
parentPort?.on('message', (message: unknown) => {
  if (message === 'close') {
    void sandbox.close().then(() => parentPort?.close());
  }
});
