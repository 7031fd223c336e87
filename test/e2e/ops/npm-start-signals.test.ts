/**
 * `npm start` hands signals to the graph: its script ends in `exec node --max-semi-space-size=8 dist/bundle/main.js`, so npm's only
 * child is the graph itself (no shell in between), and npm 11 forwards SIGTERM and SIGINT to its
 * child (@npmcli/run-script's signal manager). Run in a copy of the project's build inputs (never the
 * working tree's dist/, which a parallel run may be using), on free loopback ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

/** Whether something accepts connections on the loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/** The process and every descendant, from /proc (Linux): pid and command line. */
function tree(root: number): Array<{ pid: number; command: string }> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (/^\d+$/.test(entry)) {
      try {
        // The command name (field 2) may hold spaces; the parent pid is the 2nd field after its ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone between the listing and the read.
      }
    }
  }
  const found = [root];
  for (let i = 0; i < found.length; i += 1) {
    for (const [pid, parent] of parents) {
      if (parent === found[i]) {
        found.push(pid);
      }
    }
  }
  return found.map((pid) => ({ pid, command: commandOf(pid) }));
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done({ code: child.exitCode, signal: child.signalCode })
      : child.once('exit', (code, signal) => done({ code, signal })),
  );
}

describe('npm start on SIGTERM', () => {
  let copy: string;

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'credit-graph-npm-start-'));
    for (const entry of ['src', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json']) {
      cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    // Built once here, so each start below skips the build.
    const build = spawn(process.execPath, [join(copy, 'scripts', 'build-if-changed.mjs')], { cwd: copy, stdio: 'ignore' });
    expect((await exited(build)).code).toBe(0);
  }, 300_000);

  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
  });

  /** Starts `npm start` in its own process group and waits for the graph's first 200 on /health. */
  const start = async (): Promise<{ npm: ChildProcess; port: number; sandboxPort: number; output: () => string }> => {
    const port = await freePort();
    const sandboxPort = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: copy,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        // The node running these tests runs npm and the graph too (npm's shebang is `env node`).
        PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
        HOME: copy,
        npm_config_update_notifier: 'false',
        PORT: String(port),
        SANDBOX_PORT: String(sandboxPort),
        DATA_DIR: mkdtempSync(join(copy, 'data-')),
        LOG_LEVEL: 'info',
      },
    });
    let text = '';
    npm.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    // The banner is printed once the graph listens.
    await new Promise<void>((done, fail) => {
      const onData = (): void => {
        if (text.includes('The credit graph:')) {
          npm.stdout?.off('data', onData);
          done();
        }
      };
      npm.stdout?.on('data', onData);
      npm.once('exit', (code) => fail(new Error(`npm start exited with ${code} before listening:\n${text}`)));
    });
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    return { npm, port, sandboxPort, output: () => text };
  };

  /** What must hold once the tree was told to stop: every process of it gone, both ports closed, a graceful stop. */
  const expectStopped = async (
    stopped: { code: number | null; signal: NodeJS.Signals | null },
    pids: number[],
    run: { port: number; sandboxPort: number; output: () => string },
  ): Promise<void> => {
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(pids.filter(alive)).toEqual([]);
    expect(await listening(run.port)).toBe(false);
    expect(await listening(run.sandboxPort)).toBe(false);
    // The graph stopped gracefully: one signal seen, not a second one forcing the exit.
    expect(run.output()).toContain('"message":"stopped"');
    expect(run.output()).not.toContain('second signal');
  };

  it("has the graph as npm's only child (exec: no shell in between), and stops the whole tree when npm alone gets SIGTERM (as npm as PID 1 in a container)", async () => {
    const run = await start();
    const pid = run.npm.pid ?? 0;
    const processes = tree(pid);
    expect(processes.slice(1).map((p) => p.command)).toEqual([expect.stringMatching(/(^|\/)node( --[a-z-]+(=\S+)?)* dist\/bundle\/main\.js$/)]);
    const stopped = exited(run.npm);
    process.kill(pid, 'SIGTERM');
    await expectStopped(
      await stopped,
      processes.map((p) => p.pid),
      run,
    );
  }, 180_000);

  it("stops the whole tree when its process group gets SIGTERM (as a terminal's Ctrl-C reaches every process of the foreground group)", async () => {
    const run = await start();
    const pid = run.npm.pid ?? 0;
    const processes = tree(pid);
    const stopped = exited(run.npm);
    process.kill(-pid, 'SIGTERM');
    await expectStopped(
      await stopped,
      processes.map((p) => p.pid),
      run,
    );
  }, 180_000);
});
