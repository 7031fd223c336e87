/**
 * The floor beside the graph in the same run (bench/floor-server.ts): S0 answers the installments
 * query's bytes from memory, S1 passes one `ConsultarParcelas` call through undici. Both are measured
 * exactly as the graph is (same requests, same concurrency, CPU read from /proc), so every figure the
 * resources bench prints is also a ratio to its floor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StandaloneSandbox } from './limits.js';

export interface Floor {
  pid: number;
  url: string;
  close(): Promise<void>;
}

/** Starts S0 (answering `body`) or S1 (one partner call per request) on `port`. */
export async function startFloor(kind: 's0' | 's1', sandbox: StandaloneSandbox, port: number, body = '{}'): Promise<Floor> {
  const main = resolve(fileURLToPath(new URL('.', import.meta.url)), 'floor-server.js');
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH ?? '',
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
}

/** The graph's figures for one ledger, beside the floor and the target ratio of each. */
export interface GraphFigures {
  ledger: string;
  typename: number;
  warm: number;
  dashboard: number;
  cold: number;
  coldDashboard: number;
}

const TARGETS: { label: string; pick: (row: GraphFigures) => number; floor: keyof FloorFigures; target: number }[] = [
  { label: '`{ __typename }`', pick: (row) => row.typename, floor: 's0', target: 2.5 },
  { label: 'installments, warm', pick: (row) => row.warm, floor: 's0', target: 3 },
  { label: '4-group dashboard, warm', pick: (row) => row.dashboard, floor: 's0', target: 4 },
  { label: 'installments, one partner call', pick: (row) => row.cold, floor: 's1', target: 2 },
  { label: 'dashboard, two partner calls', pick: (row) => row.coldDashboard, floor: 's1', target: 3 },
];

/** The table of ratios: CPU ms per request of the graph over the floor's, with the target of each. */
export function floorTable(floor: FloorFigures, rows: GraphFigures[]): string {
  const lines = [
    `floor CPU ms/request: S0 ${floor.s0.toFixed(3)}, S1 ${floor.s1.toFixed(3)}`,
    '',
    `| request | floor | ${rows.map((row) => `${row.ledger} ms (x floor)`).join(' | ')} | target |`,
    `|---|---|${rows.map(() => '---|').join('')}---|`,
    ...TARGETS.map(
      (target) =>
        `| ${target.label} | ${target.floor.toUpperCase()} | ${rows
          .map((row) => {
            const ratio = target.pick(row) / floor[target.floor];
            return `${target.pick(row).toFixed(3)} (${ratio.toFixed(2)}x${ratio <= target.target ? '' : ' over'})`;
          })
          .join(' | ')} | <= ${target.target}x |`,
    ),
  ];
  return lines.join('\n');
}
