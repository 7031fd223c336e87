/**
 * The floor beside the graph in the same run (bench/floor-server.ts): S0 answers the installments
 * query's bytes from memory, S1 passes one `ConsultarParcelas` call through undici, SA is fastify and
 * Apollo Server with nothing of the graph on them (its `{ __typename }` and installments from memory,
 * to show how much of each ratio the stack alone takes). All are measured
 * exactly as the graph is (same requests, same concurrency, CPU read from /proc), so every figure the
 * resources bench prints is also a ratio to its floor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StandaloneSandbox } from './limits.js';
import { startCommand } from './start-command.js';

export interface Floor {
  pid: number;
  url: string;
  close(): Promise<void>;
}

/** Starts S0 (answering `body`), S1 (one partner call per request) or SA (fastify and Apollo Server answering `body`'s installments) on `port`. */
export async function startFloor(kind: 's0' | 's1' | 'stack', sandbox: StandaloneSandbox, port: number, body = '{}'): Promise<Floor> {
  const main = resolve(fileURLToPath(new URL('.', import.meta.url)), 'floor-server.js');
  // SA runs as npm start runs the graph (its node flags and environment, production); S0 and S1 are bare.
  const start = kind === 'stack' ? await startCommand() : { env: {}, flags: [] };
  const child: ChildProcess = spawn(process.execPath, [...start.flags, main], {
    env: {
      PATH: process.env.PATH ?? '',
      ...start.env,
      ...(kind === 'stack' ? { NODE_ENV: 'production' } : {}),
      FLOOR_KIND: kind,
      FLOOR_PORT: String(port),
      FLOOR_BODY: body,
      FLOOR_UPSTREAM_URL: sandbox.url,
      FLOOR_CLIENT_ID: sandbox.clientId,
      FLOOR_PRIVATE_KEY: sandbox.privateKeyPem,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  await new Promise<void>((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        done();
      }
    });
    child.once('exit', (code) => fail(new Error(`floor ${kind} exited with ${code}: ${stderr.slice(0, 500)}`)));
  });
  return {
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}/graphql`,
    close: async () => {
      const gone = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** The floors' CPU per request, ms. */
export interface FloorFigures {
  s0: number;
  s1: number;
  /** SA: `{ __typename }` and the installments query. */
  stackTypename: number;
  stackWarm: number;
}

/** The graph's figures for one ledger, beside the floor and the target ratio of each. */
export interface GraphFigures {
  ledger: string;
  /** The floors measured in the same interleaved rounds as this graph (medians). */
  floor: FloorFigures;
  /** The median of each round's ratio of a figure to its floor in that round (SA's too). */
  ratios: Record<'typename' | 'warm' | 'dashboard' | 'cold' | 'coldDashboard' | 'stackTypename' | 'stackWarm', number>;
  typename: number;
  warm: number;
  dashboard: number;
  cold: number;
  coldDashboard: number;
}

const TARGETS: {
  label: string;
  key: 'typename' | 'warm' | 'dashboard' | 'cold' | 'coldDashboard';
  floor: 's0' | 's1';
  stack?: 'stackTypename' | 'stackWarm';
  target: number;
}[] = [
  { label: '`{ __typename }`', key: 'typename', floor: 's0', stack: 'stackTypename', target: 2.5 },
  { label: 'installments, warm', key: 'warm', floor: 's0', stack: 'stackWarm', target: 3 },
  { label: '4-group dashboard, warm', key: 'dashboard', floor: 's0', target: 4 },
  { label: 'installments, one partner call', key: 'cold', floor: 's1', target: 2 },
  { label: 'dashboard, two partner calls', key: 'coldDashboard', floor: 's1', target: 3 },
];

/**
 * The table of ratios: CPU ms per request of each graph (median of its rounds) and its ratio to its
 * floor (the median of each round's ratio to the floor measured in that round), with the target of
 * each; where SA answers the same query, SA's figures beside it (what the stack alone takes of the ratio).
 */
export function floorTable(rows: GraphFigures[]): string {
  const lines = [
    ...rows.map(
      ({ ledger, floor }) =>
        `floor CPU ms/request beside ${ledger}: S0 ${floor.s0.toFixed(3)}, S1 ${floor.s1.toFixed(3)}; SA (fastify + Apollo Server, nothing else) \`{ __typename }\` ${floor.stackTypename.toFixed(3)}, installments ${floor.stackWarm.toFixed(3)}`,
    ),
    '',
    `| request | floor | ${rows.map((row) => `SA beside ${row.ledger} (x floor) | ${row.ledger} ms (x floor)`).join(' | ')} | target |`,
    `|---|---|${rows.map(() => '---|---|').join('')}---|`,
    ...TARGETS.map(
      (target) =>
        `| ${target.label} | ${target.floor.toUpperCase()} | ${rows
          .map((row) => {
            const stack = target.stack === undefined ? '' : `${row.floor[target.stack].toFixed(3)} (${row.ratios[target.stack].toFixed(2)}x)`;
            const ratio = row.ratios[target.key];
            return `${stack} | ${row[target.key].toFixed(3)} (${ratio.toFixed(2)}x${ratio <= target.target ? '' : ' over'})`;
          })
          .join(' | ')} | <= ${target.target}x |`,
    ),
  ];
  return lines.join('\n');
}
