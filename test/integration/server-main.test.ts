import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/index.js';
import { type Service, startService } from '../../src/service.js';
import { silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';
import { startTestSandbox } from '../helpers/sandbox.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const PROPOSAL = 'query ($id: ID!) { proposal(id: $id) { id number situationCode } }';

/** npm start opens the embedded PGlite ledger: its start-up (WASM) is slow on a loaded machine. */
const START_TIMEOUT_MS = 120_000;

describe('startService (what npm start runs)', () => {
  let service: Service | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-main-'));

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it(
    'starts the embedded sandbox with demo data, serves it through the graph and prints both URLs and the demo ids',
    async () => {
      service = await startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), silentLogger);
      const sandbox = service.sandbox;
      expect(sandbox).toBeDefined();
      expect(sandbox?.demo.map((proposal) => proposal.label)).toEqual(
        expect.arrayContaining(['approved', 'under-review', 'disbursed', 'fgts-disbursed', 'ceded']),
      );
      expect(service.banner).toContain(service.http.graphqlUrl);
      expect(service.banner).toContain(sandbox?.url);
      for (const proposal of sandbox?.demo ?? []) {
        expect(service.banner).toContain(proposal.id);
      }
      const disbursed = sandbox?.demo.find((proposal) => proposal.label === 'disbursed');
      const response = await executeGraphQL<{ proposal: { id: string; number: number; situationCode: number } }, { id: string | undefined }>(
        service.http.graphqlUrl,
        PROPOSAL,
        { id: disbursed?.id },
      );
      expect(response.errors).toBeUndefined();
      expect(response.data?.proposal).toEqual({ id: disbursed?.id, number: disbursed?.number, situationCode: 9 });
    },
    START_TIMEOUT_MS,
  );

  it(
    'gives the embedded sandbox the credit analysis delay of SANDBOX_ANALYSIS_SECONDS',
    async () => {
      service = await startService(
        loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_ANALYSIS_SECONDS: '2.5' }),
        silentLogger,
      );
      const analysis = await fetch(`${service.sandbox?.url ?? ''}/_sandbox/analysis`);
      expect(await analysis.json()).toEqual({ delayMs: 2500 });
    },
    START_TIMEOUT_MS,
  );

  it(
    'stops the graph and the sandbox on close',
    async () => {
      service = await startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), silentLogger);
      const { graphqlUrl } = service.http;
      const sandboxUrl = service.sandbox?.url ?? '';
      await service.close();
      await expect(fetch(graphqlUrl)).rejects.toThrow();
      await expect(fetch(`${sandboxUrl}/_sandbox/calls`)).rejects.toThrow();
    },
    START_TIMEOUT_MS,
  );

  it(
    'uses the configured upstream and starts no sandbox when UPSTREAM_* is set',
    async () => {
      const upstream = await startTestSandbox({ demo: true });
      try {
        service = await startService(
          loadConfig({
            PORT: '0',
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            UPSTREAM_BASE_URL: upstream.sandbox.baseUrl,
            UPSTREAM_ENVIRONMENT_URL: upstream.sandbox.environmentUrl,
            UPSTREAM_AUTH_URL: upstream.sandbox.authUrl,
            UPSTREAM_CLIENT_ID: upstream.client.clientId,
            UPSTREAM_PRIVATE_KEY: upstream.client.privateKeyPem,
          }),
          silentLogger,
        );
        expect(service.sandbox).toBeUndefined();
        expect(service.banner).toContain(upstream.sandbox.baseUrl);
        const approved = upstream.sandbox.demo.find((proposal) => proposal.label === 'approved');
        await upstream.admin.resetCalls();
        const response = await executeGraphQL<{ proposal: { id: string } }, { id: string | undefined }>(service.http.graphqlUrl, PROPOSAL, {
          id: approved?.id,
        });
        expect(response.data?.proposal.id).toBe(approved?.id);
        expect((await upstream.admin.calls()).total).toBe(1);
      } finally {
        await service?.close();
        service = undefined;
        await upstream.close();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    'refuses a port in use with a ConfigError naming PORT, and leaves nothing running',
    async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as AddressInfo).port;
      const sandboxPort = await freePort();
      try {
        const attempt = startService(
          loadConfig({ PORT: String(port), SANDBOX_PORT: String(sandboxPort), LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
          silentLogger,
        );
        await expect(attempt).rejects.toBeInstanceOf(ConfigError);
        await expect(attempt).rejects.toMatchObject({ variable: 'PORT' });
        // The embedded sandbox it had started is closed again.
        await expect(fetch(`http://127.0.0.1:${sandboxPort}/_sandbox/calls`)).rejects.toThrow();
      } finally {
        await new Promise<void>((resolve) => blocker.close(() => resolve()));
      }
    },
    START_TIMEOUT_MS,
  );
});
