/**
 * The built service always exits after SIGTERM, even when the reader of its log pipe stopped reading
 * (pino's destination used to retry a full pipe forever and hold the exit) or exited before the signal, and `npm start` hands
 * signals to the graph (its script execs node: no orphan is left running). Its compile cache is
 * filled by a start, and a directory it cannot make costs only the cache.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtService, exited, graphUrlOf } from '../../helpers/built-service.js';

describe('the built service on SIGTERM', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await builtService('credit-graph-exit-');
    mkdirSync(join(folder, 'data'));
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('exits within the hard deadline when the reader of its log pipe stopped reading and SIGTERM reaches its process group', async () => {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: folder,
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        SANDBOX_PORT: '0',
        LOG_LEVEL: 'debug',
        DATA_DIR: join(folder, 'data'),
        UPSTREAM_TIMEOUT_MS: '1000',
        SHUTDOWN_GRACE_MS: '1500',
      },
    });
    const url = await graphUrlOf(child);
    // The reader stops reading but keeps the pipe open: once the pipe is full every write is EAGAIN.
    child.stdout?.pause();
    child.stdout?.removeAllListeners('data');
    const query = JSON.stringify({ query: '{ __typename }' });
    for (let i = 0; i < 400; i += 1) {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query });
    }
    const code = exited(child);
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    // Graceful stop or the hard deadline (1.5 s grace + 5 s): either way it ends, never sleeps forever.
    expect([0, 1]).toContain(await code);
  }, 120_000);

  it('stops gracefully on SIGTERM to its group when the reader of its output pipes exited before the signal', async () => {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: folder,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        SANDBOX_PORT: '0',
        LOG_LEVEL: 'debug',
        DATA_DIR: join(folder, 'data'),
        UPSTREAM_TIMEOUT_MS: '1000',
        SHUTDOWN_GRACE_MS: '1500',
      },
    });
    const url = await graphUrlOf(child);
    // The reader exits: both read ends close, and every later line of the graph is EPIPE.
    child.stdout?.destroy();
    child.stderr?.destroy();
    const query = JSON.stringify({ query: '{ __typename }' });
    for (let i = 0; i < 400; i += 1) {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: query });
      expect(response.status).toBe(200);
    }
    const code = exited(child);
    process.kill(-(child.pid ?? 0), 'SIGTERM');
    // The ordered stop itself finished (0), not the hard deadline (1) and not a crash on EPIPE.
    expect(await code).toBe(0);
  }, 120_000);
});

describe("the built service's log output", () => {
  let folder: string;

  beforeAll(async () => {
    folder = await builtService('credit-graph-log-');
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('lets the process exit when the last lines meet a pipe whose reader exited (EPIPE at the final flush)', async () => {
    // A line still in the batch when the exit flushes it, and nobody left to read it: sonic-boom's
    // own flushSync retried the EPIPE every 100 ms for ever, in the exit path itself.
    const script = `
      const { stdoutDestination } = await import(${JSON.stringify(join(folder, 'dist/server/logger.js'))});
      const output = stdoutDestination();
      process.stderr.write('ready\\n');
      process.stdin.once('data', () => {
        output.stream.write('{"message":"the last line"}\\n');
        output.abandon();
        process.exit(0);
      });
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    await new Promise<void>((ready) => child.stderr?.once('data', () => ready()));
    // The reader exits: the read end closes, the next write is EPIPE.
    child.stdout?.destroy();
    const code = exited(child);
    child.stdin?.write('go\n');
    expect({ code: await code, errors }).toEqual({ code: 0, errors: 'ready\n' });
  }, 120_000);
});

describe('the built service and the V8 compile cache', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await builtService('credit-graph-cache-');
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  /** Starts the built graph with `env` added, answers one query, stops it; the exit code. */
  async function startOnce(env: Record<string, string>): Promise<number | null> {
    const data = mkdtempSync(join(folder, 'data-'));
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { PATH: process.env.PATH ?? '', PORT: '0', SANDBOX_PORT: '0', DATA_DIR: data, ...env },
    });
    const url = await graphUrlOf(child);
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(await response.json()).toEqual(expect.objectContaining({ data: { __typename: 'Query' } }));
    const code = exited(child);
    child.kill('SIGTERM');
    return code;
  }

  it('fills the compile cache (by default in the temporary directory) with the modules a start compiled', async () => {
    // Without NODE_COMPILE_CACHE Node itself makes no cache: main.ts turns it on, under os.tmpdir().
    const temporary = join(folder, 'tmp');
    mkdirSync(temporary);
    expect(await startOnce({ TMPDIR: temporary })).toBe(0);
    const cache = join(temporary, 'node-compile-cache');
    // One subdirectory per Node version, V8 flags and user id (a worker thread of the embedded ledger's
    // initdb may add one), holding one file per module.
    const files = readdirSync(cache).reduce((sum, version) => sum + readdirSync(join(cache, version)).length, 0);
    expect(files).toBeGreaterThan(500);
  }, 120_000);

  it('starts and serves as before when the cache directory cannot be made', async () => {
    // Under a regular file: not even root can make it.
    expect(await startOnce({ NODE_COMPILE_CACHE: join(folder, 'package.json', 'cache') })).toBe(0);
  }, 120_000);
});
