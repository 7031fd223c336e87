/**
 * A start that fails exits: with production settings the built service whose ledger cannot be
 * reached or refuses it, or whose port is taken, writes one line naming the failure (no secret in
 * it) and exits 1, whatever the failed assembly had already started (the live bus's Redis clients
 * reconnecting to an unreachable Redis used to keep it alive until SIGTERM).
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { builtService, exited } from '../../helpers/built-service.js';

const API_KEY = 'a-failed-start-must-not-print-this-key-0123456789';
const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DATABASE_PASSWORD = 'never-printed-password';

/** A local port where nothing listens (taken, then given back). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('a failed start of the built service in production', () => {
  let folder: string;
  let upstreamPort: number;

  beforeAll(async () => {
    folder = await builtService('credit-graph-failed-start-');
    upstreamPort = await freePort();
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** Starts the built graph with production settings and `env` added; its exit code and output. */
  async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        NODE_NO_WARNINGS: '1',
        HOST: '127.0.0.1',
        PORT: '0',
        GRAPHQL_API_KEYS: `ops:${API_KEY}`,
        UPSTREAM_BASE_URL: `http://127.0.0.1:${upstreamPort}/base`,
        UPSTREAM_ENVIRONMENT_URL: `http://127.0.0.1:${upstreamPort}/environment`,
        UPSTREAM_AUTH_URL: `http://127.0.0.1:${upstreamPort}/auth`,
        UPSTREAM_CLIENT_ID: 'failed-start',
        UPSTREAM_PRIVATE_KEY: PRIVATE_KEY,
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await exited(child);
    for (const secret of [API_KEY, DATABASE_PASSWORD, PRIVATE_KEY.split('\n')[1] ?? PRIVATE_KEY]) {
      expect(stdout + stderr).not.toContain(secret);
    }
    return { code, stderr, stdout };
  }

  it('exits 1 with one line when nothing answers at the ledger', async () => {
    const port = await freePort();
    const { code, stderr } = await start({ DATABASE_URL: `postgres://graph:${DATABASE_PASSWORD}@127.0.0.1:${port}/test` });
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'Start-up failed: LedgerUnavailableError (LEDGER_UNAVAILABLE)\n' });
  }, 60_000);

  it('exits 1 with one line when the database refuses it and the Redis of REDIS_URL does not answer', async () => {
    const { code, stderr } = await start({
      DATABASE_URL: `postgres://no_such_role:${DATABASE_PASSWORD}@127.0.0.1:5432/test`,
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      REDIS_COMMAND_TIMEOUT_MS: '200',
    });
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'Start-up failed: LedgerUnavailableError (LEDGER_UNAVAILABLE)\n' });
  }, 60_000);

  it('exits 1 with one line when its port is already in use', async () => {
    const taken: Server = createServer();
    await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
    const port = (taken.address() as { port: number }).port;
    try {
      const { code, stderr } = await start({
        PORT: String(port),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      });
      expect({ code, stderr }).toEqual({ code: 1, stderr: `Configuration error: PORT: port ${port} is not available (EADDRINUSE)\n` });
    } finally {
      await new Promise<void>((done) => taken.close(() => done()));
    }
  }, 60_000);
});
