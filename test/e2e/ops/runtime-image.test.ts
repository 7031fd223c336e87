/**
 * A rehearsal of the Dockerfile's runtime stage without a Docker engine: a clean folder holding only
 * `dist/` (compiled and bundled here, as the build stage does) and the production dependencies (the
 * packages package-lock.json does not mark `dev`, exactly what `npm ci --omit=dev` installs, copied
 * from node_modules so the rehearsal needs no network), started as the image's CMD starts it, in
 * production, against a standalone sandbox. A runtime import of a dev dependency makes it fail.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print } from 'graphql';
import { SCHEMA_PATH, sortSdl } from '../../../src/graphql/emit-schema.js';
import { startTestSandbox } from '../../helpers/sandbox.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const API_KEY = 'rehearsal-key-0123456789abcdef';
const DOCKERFILE = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The image's CMD, exec form: `node` and its arguments. */
const IMAGE_COMMAND = JSON.parse((DOCKERFILE.trim().split('\n').at(-1) ?? '').replace(/^CMD /, '')) as string[];
/** What the image's CMD runs node with, and the environment the image sets for it (beside NODE_ENV, PORT, DATA_DIR). */
const IMAGE_ARGS = IMAGE_COMMAND.slice(1);
const IMAGE_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * A folder for the rehearsal with no `node_modules` in any ancestor: node's resolution walks up every
 * parent, and a stray /tmp/node_modules would hand the clean folder packages it does not hold.
 */
function cleanBase(): string {
  const candidates = [process.env.RUNTIME_REHEARSAL_DIR, tmpdir(), '/var/tmp', '/dev/shm', homedir()].filter((dir): dir is string => dir !== undefined);
  const clean = (dir: string): boolean => {
    for (let current = resolve(dir); ; current = dirname(current)) {
      if (existsSync(join(current, 'node_modules'))) {
        return false;
      }
      if (dirname(current) === current) {
        return true;
      }
    }
  };
  const found = candidates.find((dir) => existsSync(dir) && clean(dir));
  if (found === undefined) {
    throw new Error(`no folder without a node_modules ancestor among ${candidates.join(', ')}; set RUNTIME_REHEARSAL_DIR`);
  }
  return found;
}

interface LockPackage {
  dev?: boolean;
}

/** Copies the production dependency tree of package-lock.json from ROOT/node_modules into `target`. */
function copyProductionDependencies(target: string): number {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  let copied = 0;
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true || !path.startsWith('node_modules/')) {
      continue;
    }
    const source = join(ROOT, path);
    if (!existsSync(source)) {
      continue; // an optional package for another platform
    }
    // Nested node_modules are entries of their own in the lockfile, copied (or not) on their own.
    cpSync(source, join(target, path), { recursive: true, filter: (from) => from === source || !from.slice(source.length).includes('/node_modules') });
    copied += 1;
  }
  return copied;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? { PATH: process.env.PATH ?? '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Resolves with the graph URL the service prints, or rejects with what it wrote when it exits first. */
function graphUrlOf(child: ChildProcess, output: { text: string }): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const onData = (chunk: Buffer): void => {
      output.text += chunk.toString();
      const match = /The credit graph:\s+(http:\/\/\S+\/graphql)/.exec(output.text);
      if (match?.[1] !== undefined) {
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} before listening:\n${output.text}`)));
  });
}

describe('the runtime stage of the Docker image, rehearsed in a clean folder', () => {
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(join(cleanBase(), 'credit-graph-runtime-'));
    const build = await run(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(folder, 'dist')],
      { cwd: ROOT },
    );
    expect(build).toMatchObject({ code: 0 });
    cpSync(join(ROOT, 'package.json'), join(folder, 'package.json'));
    cpSync(join(ROOT, 'package-lock.json'), join(folder, 'package-lock.json'));
    expect(copyProductionDependencies(folder)).toBeGreaterThan(10);
    // Bundled from the production dependencies only: a bundle needing a dev package fails here, as
    // one left importing a package at run time (besides PGlite, which finds its files beside itself).
    const bundled = await run(process.execPath, [join(ROOT, 'scripts/bundle.mjs'), join(folder, 'dist')], { cwd: folder });
    expect(bundled).toMatchObject({ code: 0, stderr: '' });
    expect(bundled.stdout).toMatch(/packages left to load: @electric-sql\/pglite\n$/);
    mkdirSync(join(folder, 'data'));
  }, 300_000);

  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('holds no dev dependency: importing one fails, importing a production one works', async () => {
    writeFileSync(join(folder, 'dist', 'probe-dev.js'), "await import('playwright-core');\n");
    writeFileSync(join(folder, 'dist', 'probe-prod.js'), "await import('@apollo/server');\n");
    const dev = await run(process.execPath, ['dist/probe-dev.js'], { cwd: folder });
    expect(dev.code).not.toBe(0);
    expect(dev.stderr).toContain('ERR_MODULE_NOT_FOUND');
    expect(await run(process.execPath, ['dist/probe-prod.js'], { cwd: folder })).toMatchObject({ code: 0 });
    rmSync(join(folder, 'dist', 'probe-dev.js'));
    rmSync(join(folder, 'dist', 'probe-prod.js'));
  });

  it("starts as the image's CMD does (the bundle) in production against a standalone sandbox and answers a query, then stops on SIGTERM", async () => {
    const upstream = await startTestSandbox({ demo: true });
    const child = spawn(process.execPath, IMAGE_ARGS, {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        ...IMAGE_ENV,
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        DATA_DIR: join(folder, 'data'),
        // The demo proposals belong to no graph caller: reading one takes proposals.all; _service, federation.
        GRAPHQL_API_KEYS: `rehearsal:${API_KEY}:proposals.all+federation`,
        UPSTREAM_BASE_URL: upstream.sandbox.baseUrl,
        UPSTREAM_ENVIRONMENT_URL: upstream.sandbox.environmentUrl,
        UPSTREAM_AUTH_URL: upstream.sandbox.authUrl,
        UPSTREAM_CLIENT_ID: upstream.client.clientId,
        UPSTREAM_PRIVATE_KEY: upstream.client.privateKeyPem,
      },
    });
    const output = { text: '' };
    try {
      const url = await graphUrlOf(child, output);
      const demo = upstream.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
        body: JSON.stringify({ query: 'query ($id: ID!) { proposal(id: $id) { id number situation } }', variables: { id: demo?.id } }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toMatchObject({ data: { proposal: { id: demo?.id, number: demo?.number, situation: 'DISBURSED' } } });
      // The bundle's schema is the committed one, type for type (type-graphql names types after
      // classes: the bundler keeps their names).
      const service = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
        body: JSON.stringify({ query: '{ _service { sdl } }' }),
      });
      const { data } = (await service.json()) as { data: { _service: { sdl: string } } };
      const definitions = (sdl: string): Map<string, string> =>
        new Map(
          parse(sortSdl(sdl)).definitions.flatMap((definition) =>
            'name' in definition && definition.name !== undefined ? [[definition.name.value, print(definition)]] : [],
          ),
        );
      const served = definitions(data._service.sdl);
      // The federation's own root fields are served, not committed.
      served.set('Query', (served.get('Query') ?? '').replace(/\n {2}_entities\(.*\n {2}_service: _Service!/, ''));
      const committed = definitions(readFileSync(join(ROOT, SCHEMA_PATH), 'utf8'));
      expect(committed.size).toBeGreaterThan(50);
      expect([...committed].filter(([name, text]) => served.get(name) !== text).map(([name]) => name)).toEqual([]);
      const metrics = await (await fetch(url.replace('/graphql', '/metrics'))).text();
      expect(metrics).toMatch(/^credit_graph_upstream_calls_total\{operation="ConsultaProposta",outcome="ok"\} 1$/m);
      expect(metrics).toMatch(/^credit_graph_process_resident_memory_bytes \d+/m);
      // Production serves no explorer.
      expect((await fetch(url, { headers: { accept: 'text/html' } })).headers.get('content-type')).not.toMatch(/html/);
    } finally {
      const exited = new Promise<number | null>((done) => {
        if (child.exitCode !== null) {
          done(child.exitCode);
        } else {
          child.once('exit', (code) => done(code));
        }
      });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await upstream.close();
    }
    // One JSON line per event; the key and the private key never appear.
    expect(output.text).toContain('"message":"started"');
    expect(output.text).not.toContain(API_KEY);
    expect(output.text).not.toContain('PRIVATE KEY');
  }, 120_000);

  it('exits non-zero in production without UPSTREAM_* settings, naming them, before listening', async () => {
    const result = await run(process.execPath, IMAGE_ARGS, {
      cwd: folder,
      env: { PATH: process.env.PATH ?? '', ...IMAGE_ENV, NODE_ENV: 'production', PORT: '0', DATA_DIR: join(folder, 'data') },
    });
    expect(result.code).toBe(1);
    for (const name of [
      'UPSTREAM_BASE_URL',
      'UPSTREAM_ENVIRONMENT_URL',
      'UPSTREAM_AUTH_URL',
      'UPSTREAM_CLIENT_ID',
      'UPSTREAM_PRIVATE_KEY',
      'DEMO_SANDBOX=true',
    ]) {
      expect(result.stderr).toContain(name);
    }
    expect(result.stdout).not.toContain('The credit graph:');
  });
});

describe('the Dockerfile and compose.yaml', () => {
  const dockerfile = DOCKERFILE;

  it('builds in a stage with dev dependencies and runs dist/ with production dependencies only, as node, in production', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build = '', runtime = ''] = stages;
    expect(build).toMatch(/AS build/);
    expect(build).toMatch(/RUN npm ci --ignore-scripts/);
    expect(build).not.toMatch(/--omit=dev/);
    expect(build).toMatch(/RUN npm run build/);
    expect(runtime).toMatch(/AS runtime/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev/);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(runtime).not.toMatch(/^COPY (src|test|\.)\b/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(build).toMatch(/^COPY scripts\/bundle\.mjs scripts\/remembering-negotiator\.mjs \.\/scripts\/$/m);
    expect(runtime.trim().split('\n').at(-1)).toBe('CMD ["node", "--max-semi-space-size=8", "dist/bundle/main.js"]');
    expect(runtime).toMatch(/MALLOC_ARENA_MAX=2 \\$/m);
    expect(runtime).toMatch(/MALLOC_MMAP_THRESHOLD_=32768$/m);
    // V8's compile cache, made as the user and with the flags that start the graph (Node keeps one per user id and per flags).
    expect(runtime).toMatch(/NODE_COMPILE_CACHE=\/app\/\.compile-cache/);
    expect(runtime.indexOf('RUN node --max-semi-space-size=8 scripts/warm-compile-cache.mjs')).toBeGreaterThan(runtime.indexOf('USER node'));
  });

  it('starts node with the same flags, allocator setting and bundle in the image as npm start does', () => {
    const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
    const npm = /&& MALLOC_ARENA_MAX=(\d+) MALLOC_MMAP_THRESHOLD_=(\d+) exec node (.*) (dist\/bundle\/main\.js)$/.exec(start);
    expect(npm?.slice(1)).toEqual([IMAGE_ENV.MALLOC_ARENA_MAX, IMAGE_ENV.MALLOC_MMAP_THRESHOLD_, '--max-semi-space-size=8', 'dist/bundle/main.js']);
    expect(IMAGE_COMMAND).toEqual(['node', '--max-semi-space-size=8', 'dist/bundle/main.js']);
  });

  it('keeps node_modules, dist, tests and secrets out of the build context', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'dist', '.git', '.env', 'test']) {
      expect(ignored).toContain(entry);
    }
  });

  it('runs two graph replicas sharing Redis and PostgreSQL', async () => {
    const { parse } = await import('yaml');
    const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { build?: string; image?: string; environment?: Record<string, string>; depends_on?: Record<string, unknown> }>;
    };
    const graphs = Object.entries(compose.services).filter(([, service]) => service.build === '.');
    expect(graphs.map(([name]) => name)).toEqual(['graph-1', 'graph-2']);
    for (const [, service] of graphs) {
      expect(service.environment).toMatchObject({
        NODE_ENV: 'production',
        REDIS_URL: 'redis://redis:6379',
        DATABASE_URL: expect.stringMatching(/^postgres:\/\/.+@postgres:5432\//),
      });
      expect(Object.keys(service.depends_on ?? {})).toEqual(['redis', 'postgres']);
    }
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
  });
});
