/**
 * `npm run bench:audit:http`: the access record's price per HTTP request, as `npm start` runs the graph.
 *
 * One graph process (the built bundle, production settings, PostgreSQL ledger, or the embedded one
 * with BENCH_LEDGER=embedded) against the standalone sandbox; after a warm-up every partner read is a
 * cache hit. Two comparisons, their rounds alternating in one process:
 *
 * - **marginal** (the records alone): one query reading the clients of BENCH_CLIENTS proposals (4)
 *   created through the graph, `p0: proposal(id: $p0) { id client { document name } } p1: ...`. The
 *   trail writes one record per kind of data and subject per answer, so with proposals of as many
 *   different clients the answer is that many records, and with proposals of one client (the same
 *   document) one record. Both sides resolve the same fields of the same number of proposals of the
 *   same shape, hash the same number of (memoized) documents and send answers of the same length
 *   (the documents and names have the same length): the one difference is BENCH_CLIENTS - 1 more
 *   records, each with its id, its journal line (in the answer's one `write`), its place in the
 *   queue and its row, link and share of the batched insert. The per-answer part of recording (the
 *   `write` itself, the commit's fixed work) is on both sides, so it is not in this figure.
 * - **upper bound** (as before): `client { document name }` of the disbursed proposal (one record)
 *   against `client { __typename }` (none): the record and the answer's first journal write, plus
 *   the two fields' own resolution and bytes.
 *
 * - **with and without the record** (the price itself): a second graph runs a copy of the same bundle
 *   whose `AccessRecorder.record` returns at once (made by this bench under dist/bench-unrecorded/ and
 *   deleted after it, never shipped; the bench fails if the bundle no longer has the method's first
 *   line as it expects),
 *   on the same database with its own DATA_DIR. The disclosing query is measured on both in
 *   alternating rounds, then, after a pause for the last records to be inserted, the plain one: each
 *   round's ratio of the recording graph to the other, and their median. What a disclosing request
 *   pays for its record (journal, queue, insert, the collector's share) and what a request that
 *   discloses nothing pays (nothing, within the noise) are both printed.
 *
 * Each variant is warmed up by BENCH_WARMUP requests (4000) before the rounds, so that no round pays
 * for compiling its path. Then BENCH_ROUNDS rounds (30) of BENCH_QUERIES requests (800) per variant,
 * 4 at a time, in alternating order; the graph process's CPU per request (its threads' exact run time,
 * /proc/<pid>/task/<tid>/schedstat; the kernel's share, stime from /proc/<pid>/stat, printed apart),
 * each round's ratio of the two sides, and their median. The marginal price is also printed in µs
 * per extra record (the median of each round's difference, divided by BENCH_CLIENTS - 1).
 */
import 'reflect-metadata';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { syntheticCpf } from './documents.js';
import { startStandaloneSandbox } from './limits.js';
import { cpuMsSince, type Graph, KEY, startGraph, threadTimes } from './resources.js';
import { envNumber } from './setup.js';

const QUERIES = envNumber('BENCH_QUERIES', 800);
const ROUNDS = envNumber('BENCH_ROUNDS', 30);
const WARMUP = envNumber('BENCH_WARMUP', 4000);
const CLIENTS = Math.max(2, envNumber('BENCH_CLIENTS', 4));
const CONCURRENCY = 4;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const DISCLOSING = 'query Disclosing($id: ID!) { proposal(id: $id) { id number client { document name } } }';
const PLAIN = 'query Plain($id: ID!) { proposal(id: $id) { id number client { __typename } } }';
const keys = Array.from({ length: CLIENTS }, (_, i) => `p${i}`);
const CLIENTS_QUERY = `query Clients(${keys.map((k) => `$${k}: ID!`).join(', ')}) { ${keys.map((k) => `${k}: proposal(id: $${k}) { id client { document name } }`).join(' ')} }`;
const CREATE = `mutation Create($input: CreateProposalInput!, $idempotencyKey: String!) {
  createProposal(input: $input, idempotencyKey: $idempotencyKey) { proposal { id } userErrors { code } } }`;

/** utime and stime of a process (ms): the kernel's share is mostly the sockets' and the journal's writes. */
async function cpuTimes(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function post(url: string, query: string, variables: Record<string, unknown>): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  if (response.status !== 200 || text.includes('"errors"')) {
    throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
  }
  return text;
}

/** Sends `requests` requests, CONCURRENCY at a time. */
async function load(url: string, query: string, variables: Record<string, unknown>, requests: number): Promise<void> {
  let left = requests;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left > 0) {
        left -= 1;
        await post(url, query, variables);
      }
    }),
  );
}

/** A proposal created through the graph for a client of `document` (its client is then read from the ledger, no partner call). */
async function createProposal(url: string, document: string, tag: string): Promise<string> {
  const code = `bench-audit-${process.pid}-${tag}`;
  const text = await post(url, CREATE, {
    idempotencyKey: code,
    input: {
      clientDocument: document,
      clientName: 'Cliente Bench',
      contractType: 'CP',
      requestedAmount: '1000.00',
      installments: 6,
      monthlyInterestRate: '2.1',
      operationCode: code,
    },
  });
  const id = (JSON.parse(text) as { data?: { createProposal?: { proposal?: { id?: string } } } }).data?.createProposal?.proposal?.id;
  if (id === undefined) {
    throw new Error(`createProposal answered no proposal: ${text.slice(0, 300)}`);
  }
  return id;
}

/** The first line of `AccessRecorder.record` in the bundle, and the same line returning at once. */
const RECORD_FIRST_LINE = 'record(entries){if(entries.length===0)return;';
const RECORD_RETURNS = 'record(entries){if(entries.length>=0)return;';

/**
 * A copy of the bundle whose `AccessRecorder.record` returns at once (nothing journaled, queued or
 * inserted), beside it under `<dist>/bench-unrecorded/` so that it finds the project's packages and
 * root as the bundle does; its `main.js`. Fails unless exactly one chunk has the line it changes.
 */
async function unrecordedBundle(main: string): Promise<string> {
  const bundle = dirname(main);
  const copy = join(dirname(bundle), 'bench-unrecorded', 'bundle');
  await rm(copy, { recursive: true, force: true });
  await cp(bundle, copy, { recursive: true });
  let changed = 0;
  for (const file of (await readdir(copy)).filter((name) => name.endsWith('.js'))) {
    const text = await readFile(join(copy, file), 'utf8');
    const count = text.split(RECORD_FIRST_LINE).length - 1;
    if (count > 0) {
      changed += count;
      await writeFile(join(copy, file), text.replace(RECORD_FIRST_LINE, RECORD_RETURNS));
    }
  }
  if (changed !== 1) {
    throw new Error(`the bundle has ${changed} copies of AccessRecorder.record's first line as this bench knows it (${RECORD_FIRST_LINE}): update the bench`);
  }
  return join(copy, basename(main));
}

/** CPU per request (ms) of `graph` over QUERIES requests of `query`. */
async function cpuPerRequest(graph: Pick<Graph, 'pid' | 'url'>, query: string, variables: Record<string, unknown>): Promise<number> {
  const threads = await threadTimes(graph.pid);
  await load(graph.url, query, variables, QUERIES);
  return (await cpuMsSince(graph.pid, threads)) / QUERIES;
}

/**
 * `query` on the recording graph and on the unrecorded one in alternating rounds: each side's median
 * CPU per request, the median of the rounds' ratios and of their differences (µs).
 */
async function recordPrice(recording: Graph, unrecorded: Graph, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
  const sides = { recording: [] as number[], without: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: (keyof typeof sides)[] = round % 2 === 0 ? ['recording', 'without'] : ['without', 'recording'];
    for (const side of order) {
      sides[side].push(await cpuPerRequest(side === 'recording' ? recording : unrecorded, query, variables));
    }
  }
  return {
    cpuMsPerRequest: { recording: median(sides.recording).toFixed(3), without: median(sides.without).toFixed(3) },
    pairedRatio: median(sides.recording.map((ms, i) => ms / (sides.without[i] as number))).toFixed(3),
    usPerRequest: median(sides.recording.map((ms, i) => (ms - (sides.without[i] as number)) * 1000)).toFixed(1),
  };
}

const sandbox = await startStandaloneSandbox();
const dataDir = await mkdtemp(join(tmpdir(), 'cg-bench-audit-http-'));
const embedded = process.env.BENCH_LEDGER === 'embedded';
const admin = new pg.Client({ connectionString: DATABASE_URL });
const database = `bench_audit_http_${process.pid}`;
let env: Record<string, string> = { DATA_DIR: dataDir };
if (!embedded) {
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${database}`;
  env = { ...env, DATABASE_URL: url.toString() };
}
const graph = await startGraph(sandbox, env);
try {
  // Proposals of CLIENTS different clients, and CLIENTS - 1 more of the first one's client.
  const documents = keys.map((_, i) => syntheticCpf(710_000_001 + i));
  const different: string[] = [];
  for (const [i, document] of documents.entries()) {
    different.push(await createProposal(graph.url, document, `d${i}`));
  }
  const same = [different[0] as string];
  for (let i = 1; i < CLIENTS; i += 1) {
    same.push(await createProposal(graph.url, documents[0] as string, `s${i}`));
  }
  const variables = (ids: string[]): Record<string, string> => Object.fromEntries(keys.map((k, i) => [k, ids[i] as string]));
  const variants = {
    manyRecords: { query: CLIENTS_QUERY, variables: variables(different) },
    oneRecord: { query: CLIENTS_QUERY, variables: variables(same) },
    disclosing: { query: DISCLOSING, variables: { id: sandbox.disbursedId } },
    plain: { query: PLAIN, variables: { id: sandbox.disbursedId } },
  };
  type Name = keyof typeof variants;
  const names = Object.keys(variants) as Name[];
  // Same length, as the comparison requires: only the number of records differs.
  const [manyText, oneText] = [
    await post(graph.url, CLIENTS_QUERY, variants.manyRecords.variables),
    await post(graph.url, CLIENTS_QUERY, variants.oneRecord.variables),
  ];
  if (manyText.length !== oneText.length) {
    throw new Error(`the two sides answer ${manyText.length} and ${oneText.length} bytes`);
  }
  for (const name of names) {
    await load(graph.url, variants[name].query, variants[name].variables, WARMUP);
  }
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  const system = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const before = await cpuTimes(graph.pid);
      const threads = await threadTimes(graph.pid);
      await load(graph.url, variants[name].query, variants[name].variables, QUERIES);
      samples[name].push((await cpuMsSince(graph.pid, threads)) / QUERIES);
      const after = await cpuTimes(graph.pid);
      system[name].push((after.system - before.system) / QUERIES);
    }
  }
  // The record's price: the same queries on a graph that records nothing, in alternating rounds.
  const unrecordedDir = await mkdtemp(join(tmpdir(), 'cg-bench-audit-http-'));
  const main = process.env.BENCH_GRAPH_MAIN ?? resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist/bundle/main.js');
  const unrecordedMain = await unrecordedBundle(main);
  const unrecorded = await startGraph(sandbox, { ...env, DATA_DIR: unrecordedDir }, unrecordedMain);
  let price: Record<string, unknown>;
  try {
    for (const target of [graph, unrecorded]) {
      await load(target.url, DISCLOSING, variants.disclosing.variables, WARMUP);
      await load(target.url, PLAIN, variants.plain.variables, WARMUP);
    }
    const disclosing = await recordPrice(graph, unrecorded, DISCLOSING, variants.disclosing.variables);
    // The last records are inserted by the next flush: not in the plain query's rounds.
    await new Promise((done) => setTimeout(done, 2000));
    const plain = await recordPrice(graph, unrecorded, PLAIN, variants.plain.variables);
    price = { disclosing, plain };
  } finally {
    await unrecorded.close();
    await rm(unrecordedDir, { recursive: true, force: true });
    // The copy is this run's alone: <dist>/bench-unrecorded goes with it.
    await rm(dirname(dirname(unrecordedMain)), { recursive: true, force: true });
  }
  const ratios = (a: Name, b: Name): number[] => samples[a].map((ms, i) => ms / (samples[b][i] as number));
  const differenceUs = (a: Name, b: Name, per = 1): number => median(samples[a].map((ms, i) => ((ms - (samples[b][i] as number)) * 1000) / per));
  const ms = (name: Name): string => median(samples[name]).toFixed(3);
  const systemMs = Object.fromEntries(names.map((name) => [name, median(system[name]).toFixed(3)]));
  console.log(
    JSON.stringify(
      {
        ledger: embedded ? 'embedded' : 'postgres',
        queries: QUERIES,
        rounds: ROUNDS,
        warmup: WARMUP,
        marginal: {
          records: { many: CLIENTS, one: 1 },
          cpuMsPerRequest: { manyRecords: ms('manyRecords'), oneRecord: ms('oneRecord') },
          pairedRatio: median(ratios('manyRecords', 'oneRecord')).toFixed(3),
          usPerExtraRecord: differenceUs('manyRecords', 'oneRecord', CLIENTS - 1).toFixed(1),
        },
        upperBound: {
          cpuMsPerRequest: { disclosing: ms('disclosing'), plain: ms('plain') },
          pairedRatio: median(ratios('disclosing', 'plain')).toFixed(3),
          usPerRequest: differenceUs('disclosing', 'plain').toFixed(1),
        },
        recordPrice: price,
        systemMsPerRequest: systemMs,
        samples,
      },
      null,
      2,
    ),
  );
} finally {
  await graph.close();
  await sandbox.close();
  await rm(dataDir, { recursive: true, force: true });
  if (!embedded) {
    await admin.query(`drop database ${database}`);
    await admin.end();
  }
}
