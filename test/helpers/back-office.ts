/**
 * The reference back office (examples/back-office/) for browser tests: built with Vite from the
 * committed SDL, and served as static files with /graphql forwarded to a graph, as Vite's own
 * preview would (one origin for the browser: queries, mutations and the SSE subscriptions).
 */
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';

/** The example app's folder. */
export const BACK_OFFICE_DIR = resolve('examples/back-office');

/** Runs `node <script> ...args` in the app's folder; rejects with its output when it fails. */
function run(script: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: BACK_OFFICE_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${script} ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

/**
 * Checks that the app's generated documents match the committed SDL (graphql-codegen --check: run
 * `npm run codegen` in examples/back-office when it fails), then builds the app into `outDir`.
 */
export async function buildBackOffice(outDir: string): Promise<void> {
  await run(binOf('@graphql-codegen/cli', 'graphql-codegen'), ['--config', 'codegen.yml', '--check']);
  await run(binOf('vite', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
}

/** The script of `bin` of package `name`, found as Node finds the app's packages (node_modules up from its folder). */
function binOf(name: string, bin: string): string {
  for (let dir = BACK_OFFICE_DIR; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) {
      const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
      const script = typeof bins === 'string' ? bins : bins?.[bin];
      if (script === undefined) {
        throw new Error(`${name} has no ${bin} script`);
      }
      return join(dirname(manifest), script);
    }
    if (dirname(dir) === dir) {
      throw new Error(`${name} is not installed (the back office's devDependencies are the repository root's: npm ci)`);
    }
  }
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A running static server of the built app. */
export interface BackOfficeServer {
  /** `http://127.0.0.1:PORT/` */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` on 127.0.0.1:0 and forwards `/graphql` (any method, streamed both ways, so an SSE
 * subscription stays open) to `graphUrl`.
 */
export async function serveBackOffice(dir: string, graphUrl: string): Promise<BackOfficeServer> {
  const graph = new URL(graphUrl);
  const root = resolve(dir);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://back-office');
    if (url.pathname === graph.pathname) {
      const upstream = httpRequest(
        { host: graph.hostname, port: graph.port, method: req.method, path: `${graph.pathname}${url.search}`, headers: { ...req.headers, host: graph.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
      return;
    }
    const file = normalize(join(root, url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname)));
    const inside = file.startsWith(`${root}${sep}`);
    const found = inside && statSync(file, { throwIfNoEntry: false })?.isFile() === true;
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
