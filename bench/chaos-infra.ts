/**
 * The moving parts `npm run chaos` controls: a TCP proxy in front of PostgreSQL that can reset its
 * connections or go silent, a private redis-server it can kill and start again, the graph's replica
 * processes (`node dist/main.js`), and a database of its own. Every child is registered with
 * {@link Children}, which kills what is left on any exit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';

/** Every child process started, killed (SIGKILL) when this process exits for any reason. */
export class Children {
  private readonly all = new Set<ChildProcess>();

  constructor() {
    process.once('exit', () => this.killAll());
  }

  add(child: ChildProcess): ChildProcess {
    this.all.add(child);
    child.once('exit', () => this.all.delete(child));
    return child;
  }

  killAll(): void {
    for (const child of this.all) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
      }
    }
  }
}

/** A free loopback port (bound then released; the caller binds it right after). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface Pair {
  client: Socket;
  server: Socket | undefined;
  /** Bytes held while the proxy is silent, each way. */
  toServer: Buffer[];
  toClient: Buffer[];
  /** Reset this connection when the server next answers (the query ran; its answer is lost). */
  resetOnAnswer: boolean;
}

/**
 * A TCP proxy to PostgreSQL. `reset()` resets every open connection (RST to the client, the server
 * side closed), as a database restart or a network blip would. `silence()` stops forwarding bytes
 * both ways and holds new connections unanswered, without closing anything (a partition, a frozen
 * server); `resume()` delivers what was held and carries on.
 */
export class DatabaseProxy {
  /** Connections reset so far. */
  resets = 0;
  /** Of those, the ones reset while carrying a query (see {@link armResets}). */
  midQuery = 0;
  private armed = 0;
  private silent = false;
  private readonly pairs = new Set<Pair>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private accept(client: Socket): void {
    const pair: Pair = { client, server: undefined, toServer: [], toClient: [], resetOnAnswer: false };
    this.pairs.add(pair);
    const drop = (): void => {
      this.pairs.delete(pair);
      client.destroy();
      pair.server?.destroy();
    };
    client.on('error', drop);
    client.on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (this.silent || pair.server === undefined) {
        pair.toServer.push(chunk);
        return;
      }
      if (this.armed > 0) {
        this.armed -= 1;
        this.midQuery += 1;
        if (this.midQuery % 2 === 1) {
          // Lost on the way: the server never sees this query.
          this.resetPair(pair);
          return;
        }
        pair.resetOnAnswer = true;
      }
      pair.server.write(chunk);
    });
    if (!this.silent) {
      this.open(pair);
    }
  }

  private open(pair: Pair): void {
    const server = connect(this.target.port, this.target.host);
    pair.server = server;
    server.on('connect', () => {
      if (!this.silent) {
        this.flush(pair);
      }
    });
    server.on('data', (chunk: Buffer) => {
      if (this.silent) {
        pair.toClient.push(chunk);
      } else if (pair.resetOnAnswer) {
        this.resetPair(pair);
      } else {
        pair.client.write(chunk);
      }
    });
    const drop = (): void => {
      this.pairs.delete(pair);
      pair.client.destroy();
      server.destroy();
    };
    server.on('error', drop);
    server.on('close', drop);
  }

  private flush(pair: Pair): void {
    if (pair.server === undefined || pair.server.connecting) {
      return;
    }
    for (const chunk of pair.toServer.splice(0)) {
      pair.server.write(chunk);
    }
    for (const chunk of pair.toClient.splice(0)) {
      pair.client.write(chunk);
    }
  }

  private resetPair(pair: Pair): void {
    this.pairs.delete(pair);
    this.resets += 1;
    pair.client.resetAndDestroy();
    pair.server?.destroy();
  }

  /** Resets every connection open now; returns how many. */
  reset(): number {
    const count = this.pairs.size;
    for (const pair of [...this.pairs]) {
      this.resetPair(pair);
    }
    return count;
  }

  /**
   * Resets the connections that carry the next `count` queries, alternately before the query
   * reaches the server and after it ran (its answer lost on the way back).
   */
  armResets(count: number): void {
    this.armed = count;
  }

  /** Cancels resets armed and not yet spent. */
  disarm(): void {
    this.armed = 0;
  }

  silence(): void {
    this.silent = true;
  }

  resume(): void {
    this.silent = false;
    for (const pair of this.pairs) {
      if (pair.server === undefined) {
        this.open(pair);
      } else {
        this.flush(pair);
      }
    }
  }

  get connections(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.reset();
    await new Promise<void>((done) => (this.server === undefined ? done() : this.server.close(() => done())));
  }
}

/** A private redis-server on a loopback port: no persistence, killed with SIGKILL, started again on the same port. */
export class RedisServer {
  private child: ChildProcess | undefined;
  kills = 0;

  constructor(
    readonly port: number,
    private readonly children: Children,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = this.children.add(
      spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          child.stdout?.off('data', onData);
          child.stdout?.resume();
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.resume();
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-300)}`)));
    });
  }

  /** kill -9: every connection drops at once, every key is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      return;
    }
    this.kills += 1;
    await new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGKILL')));
  }

  async stop(): Promise<void> {
    await this.kill();
  }
}

/** A fresh database `chaos_<pid>_<n>` on the PostgreSQL server; `drop()` removes it, forcing its connections off. */
export async function createDatabase(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `chaos_${process.pid}_${Date.now() % 1_000_000}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** How a replica process ended. */
export interface ReplicaExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Whether the suite sent the signal that ended it. */
  deliberate: boolean;
  /** Whether it had started (logged "started"); false: its start-up failed. */
  started: boolean;
  /** The phase it ended in. */
  phase: string;
  at: number;
}

/**
 * One replica of the graph: `node dist/main.js` with the given environment, its JSON log lines
 * appended to `logFile`. `start()` resolves once it logs "started" (with its URL: PORT=0).
 */
export class Replica {
  private child: ChildProcess | undefined;
  url = '';
  /** Mutations sent to this process whose answer has not come back. */
  writesInFlight = 0;
  readonly exits: ReplicaExit[] = [];
  starts = 0;
  private deliberate = false;
  private log: WriteStream;
  phase = 'start';

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: Record<string, string>,
    private readonly children: Children,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  /** Started and not told to stop: where a load balancer would send requests. */
  get serving(): boolean {
    return this.alive && this.url !== '' && !this.deliberate;
  }

  get alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    this.deliberate = false;
    this.url = '';
    this.starts += 1;
    const child = this.children.add(spawn(process.execPath, [this.entry], { env: this.env, stdio: ['ignore', 'pipe', 'pipe'] }));
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => this.log.write(chunk));
    child.once('exit', (code, signal) => {
      this.exits.push({ code, signal, deliberate: this.deliberate, started: this.url !== '', phase: this.phase, at: Date.now() });
      this.log.write(`\n--- chaos: ${this.name} exited code=${code} signal=${signal} deliberate=${this.deliberate} phase=${this.phase}\n`);
    });
    this.url = await new Promise<string>((resolve, reject) => {
      let output: string | undefined = '';
      const timer = setTimeout(() => reject(new Error(`${this.name} did not log "started" within ${timeoutMs} ms`)), timeoutMs);
      child.stdout?.on('data', (chunk: Buffer) => {
        this.log.write(chunk);
        if (output === undefined) {
          return;
        }
        output += chunk.toString();
        const match = /"graph":"(http:\/\/[^"]+)\/graphql"[^\n]*"message":"started"/.exec(output);
        if (match?.[1] !== undefined) {
          output = undefined;
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (code ${code}, signal ${signal}) before it started; see its log`));
      });
    });
  }

  /** Sends `signal` and waits up to `waitMs` for the exit; resolves the time it took, or undefined when it did not exit (then it is killed). */
  async stop(signal: NodeJS.Signals, waitMs: number): Promise<number | undefined> {
    const child = this.child;
    if (child === undefined || !this.alive) {
      return 0;
    }
    this.deliberate = true;
    const startedAt = Date.now();
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill(signal);
    const inTime = await Promise.race([exited.then(() => true), sleep(waitMs).then(() => false)]);
    if (!inTime) {
      child.kill('SIGKILL');
      await exited;
      return undefined;
    }
    return Date.now() - startedAt;
  }

  async close(): Promise<void> {
    await this.stop('SIGKILL', 5000);
    await new Promise<void>((done) => this.log.end(() => done()));
  }
}
