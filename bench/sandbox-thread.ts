import { Worker } from 'node:worker_threads';
import { type DemoProposal } from '../src/sandbox/server.js';

/** The sandbox as the main thread sees it: addresses and demo data; it lives on a worker thread. */
export interface Sandbox {
  url: string;
  baseUrl: string;
  authUrl: string;
  environmentUrl: string;
  demo: DemoProposal[];
  close(): Promise<void>;
}

/**
 * Starts the sandbox on a worker thread (bench/sandbox-worker.ts), with `publicKeyPem` registered for
 * `clientId` and the demo data owned by it, so its CPU never counts as the graph's.
 */
export async function startSandboxThread(clientId: string, publicKeyPem: string): Promise<Sandbox> {
  const worker = new Worker(new URL('./sandbox-worker.js', import.meta.url), {
    workerData: { client: { clientId, publicKeyPem }, demoOwner: clientId },
  });
  const started = await new Promise<Omit<Sandbox, 'close'>>((resolve, reject) => {
    worker.once('message', (message: Omit<Sandbox, 'close'>) => resolve(message));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the sandbox worker exited with ${code}`)));
  });
  return {
    ...started,
    close: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      }),
  };
}
