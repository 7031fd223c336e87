/**
 * Monotonic reads across queries and replicas: after a change at the partner, no answer about a
 * proposal's situation moves back to an older one than an answer already given, whichever query
 * (proposal, node, creditViewer.proposals) or replica answers and whatever the read cache holds.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { loadConfig } from '../../src/config/index.js';
import { createApp, type Listening, listen } from '../../src/server/app.js';
import { type ConnectedUpstream, connectUpstream } from '../../src/server/upstream.js';
import { MAX_FACTS, type ProposalMarks, situationRank } from '../../src/upstream/reads/monotonic.js';
import { RedisProposalMarks } from '../../src/upstream/stores/redis-marks.js';
import { executeGraphQL, type GraphResponse, TEST_READ_POLICIES } from '../helpers/graph.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { describeWithRedis, REDIS_TEST_URL, redisTestPrefix } from '../helpers/services.js';
import { FactsTold, FACT_QUERIES, TELLING_QUERIES, WARM_QUERIES } from '../helpers/monotonic-facts.js';

const KEY = 'ui-key-0123456789abcdef';
type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;

interface Replica {
  ask<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphResponse<T>>;
  /** Runs mutation `name` with `input`, expecting no userErrors. */
  write(name: string, input: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** Marks that remember nothing: the guard switched off, to show what the cache alone would serve. */
const FORGETFUL: ProposalMarks = { raise: async (_id, facts) => ({ ...facts }), settle: async () => undefined, close: async () => undefined };

async function replica(sandbox: Sandbox, env: Record<string, string>, ledgers: TestLedgerDatabase, marks?: ProposalMarks): Promise<Replica> {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    GRAPHQL_API_KEYS: `ui:${KEY}:proposals.all`,
    ...env,
  });
  const upstream: ConnectedUpstream = await connectUpstream(config, {
    baseUrl: sandbox.sandbox.baseUrl,
    environmentUrl: sandbox.sandbox.environmentUrl,
    authUrl: sandbox.sandbox.authUrl,
    clientId: sandbox.client.clientId,
    privateKeyPem: sandbox.client.privateKeyPem,
  });
  const state = marks === undefined ? upstream.state : { ...upstream.state, situationMarks: marks };
  const app = await createApp(config, { upstream: upstream.client, state, ledger: await ledgers.open() });
  const http: Listening = await listen(app, { port: 0, host: '127.0.0.1' });
  const ask: Replica['ask'] = (query, variables, headers = {}) =>
    executeGraphQL(http.graphqlUrl, query, variables, { authorization: `Bearer ${KEY}`, ...headers });
  return {
    ask,
    write: async (name, input) => {
      const type = `${name.charAt(0).toUpperCase()}${name.slice(1)}Input`;
      const answer = await ask<Record<string, { userErrors: unknown[] }>>(
        `mutation($key: String!, $input: ${type}!) { ${name}(idempotencyKey: $key, input: $input) { userErrors { code } } }`,
        { key: randomUUID(), input },
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data?.[name]?.userErrors).toEqual([]);
    },
    close: async () => {
      await app.close(1000);
      await upstream.close();
    },
  };
}

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id } userErrors { code } }
}`;
/** The proposal record's situation (FGTS/ConsultaProposta). */
const PROBE = 'query($id: ID!) { proposal(id: $id) { id situation situationCode } }';
const NODE = 'query($id: ID!) { node(id: $id) { ... on Proposal { id situation situationCode } } }';
/** The list: one ConsultaProposta per row, the same read the probe makes. */
const LIST = '{ creditViewer { proposals(first: 50) { edges { node { id situation situationCode } } } } }';
/** With the agenda selected, the situation folds into the agenda's read (AgendaRecebivel/ConsultarDetalhes). */
const DETAIL = 'query($id: ID!) { proposal(id: $id) { id situation situationCode agenda { situation } } }';

interface Told {
  id: string;
  situation: string;
  situationCode: number;
}

/** The situation code one answer told of `id`. */
function toldOf(answer: GraphResponse<Record<string, unknown>>, id: string): number {
  expect(answer.errors).toBeUndefined();
  const data = answer.data as { proposal?: Told; node?: Told; creditViewer?: { proposals: { edges: Array<{ node: Told }> } } };
  const told = data.proposal ?? data.node ?? data.creditViewer?.proposals.edges.map((e) => e.node).find((n) => n.id === id);
  if (told === undefined) {
    throw new Error('the answer did not speak of the proposal');
  }
  return told.situationCode;
}

/** A demo sandbox, a ledger database and a Redis key prefix of one describe block, removed after it. */
function monotonicWorld(name: string): { sandbox: Sandbox; ledgers: TestLedgerDatabase; prefix: string } {
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true });
  const world = { prefix: redisTestPrefix(name) } as { sandbox: Sandbox; ledgers: TestLedgerDatabase; prefix: string };
  beforeAll(async () => {
    await redis.connect();
    world.sandbox = await startTestSandbox({ demo: true });
    world.ledgers = await openTestLedger();
  });
  afterAll(async () => {
    await world.sandbox.close();
    await world.ledgers.close();
    const keys = await redis.keys(`${world.prefix}*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    redis.disconnect();
  });
  return world;
}

describeWithRedis('monotonic reads of a proposal across queries and replicas', () => {
  const world = monotonicWorld('monotonic');

  it('never answers an older situation than one already answered, in 200 interleaved reads on two replicas after a disbursement', async () => {
    // Proposal reads stay fresh for 10 minutes: without the guard, the cached record would say
    // "under review" for all of them while the agenda's read says "disbursed".
    const env = { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: world.prefix, READ_CACHE_POLICIES: TEST_READ_POLICIES, REDIS_COMMAND_TIMEOUT_MS: '30000' };
    const a = await replica(world.sandbox, env, world.ledgers);
    const b = await replica(world.sandbox, env, world.ledgers);
    try {
      const input = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };
      const created = await a.ask<{ createProposal: { proposal: { id: string }; userErrors: unknown[] } }>(CREATE, { key: randomUUID(), input });
      expect(created.data?.createProposal.userErrors).toEqual([]);
      const id = created.data?.createProposal.proposal.id ?? '';
      const before = toldOf(await a.ask(PROBE, { id }), id);
      expect(toldOf(await b.ask(LIST, {}), id)).toBe(before);
      expect(situationRank(before)).toBeLessThan(situationRank(9) ?? 0);

      // The change at the partner: disbursed (the agenda opens), while both replicas' cache holds the record.
      await world.sandbox.admin.setSituation(id, 9);
      await world.sandbox.admin.resetCalls();
      // The agenda's read is not cached yet: it tells "disbursed" first.
      expect(toldOf(await b.ask(DETAIL, { id }), id)).toBe(9);

      const queries = [PROBE, LIST, NODE, DETAIL];
      const replicas = [a, b];
      let newest = situationRank(9) ?? 0;
      const regressions: string[] = [];
      for (let i = 0; i < 200; i += 1) {
        const code = toldOf(await (replicas[i % 2] as Replica).ask(queries[i % 4] as string, i % 4 === 1 ? {} : { id }), id);
        const rank = situationRank(code) ?? -1;
        if (rank < newest) {
          regressions.push(`read ${i} answered ${code}`);
        }
        newest = Math.max(newest, rank);
      }
      expect(regressions).toEqual([]);
      // The cached record (under review) was refreshed once, by the first read that would have served
      // it; its new answer, in the shared cache, served every later read on both replicas.
      expect((await world.sandbox.admin.calls()).operations['/FGTS/ConsultaProposta']).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describeWithRedis('monotonic reads of payments, boletos and signatures', () => {
  const world = monotonicWorld('monotonic-facts');

  const POLICIES = { READ_CACHE_POLICIES: TEST_READ_POLICIES, REDIS_COMMAND_TIMEOUT_MS: '30000' };

  /**
   * One proposal through signatures, disbursement, a payment and a boleto re-issued (the first one
   * cancelled), written by `outside` (a graph with its own cache: for `readers` a change at the
   * partner they did not see) while the readers' caches hold the earlier answers. Then reads the
   * answers of keys nobody cached tell the new state, and 200 interleaved reads follow.
   */
  async function scenario(readers: Replica[]): Promise<{ told: FactsTold; calls: Record<string, number> }> {
    const outside = await replica(world.sandbox, POLICIES, world.ledgers);
    try {
      const input = { clientDocument: '52998224725', contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 };
      const created = await outside.ask<{ createProposal: { proposal: { id: string } } }>(CREATE, { key: randomUUID(), input });
      const id = created.data?.createProposal.proposal.id ?? '';
      const told = new FactsTold(id);
      await world.sandbox.admin.setSituation(id, 2);
      await outside.write('inviteSigners', {
        proposalId: id,
        signers: [{ name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', mobilePhone: '11987654321' }],
      });
      for (const query of WARM_QUERIES.slice(0, 2)) {
        told.observe('warm', await (readers[0] as Replica).ask(query, { id }));
      }
      await world.sandbox.admin.setSituation(id, 9);
      await outside.write('generateSingleBoleto', { proposalId: id, installmentNumbers: [1] });
      for (const query of WARM_QUERIES.slice(2)) {
        told.observe('warm', await (readers[0] as Replica).ask(query, { id }));
      }
      // The changes the readers do not see: a payment, and the boleto issued again (the first cancelled).
      await outside.write('registerInstallmentPayment', { proposalId: id, payment: { installmentNumber: 2, amount: '10.00' } });
      await outside.write('generateSingleBoleto', { proposalId: id, installmentNumbers: [1] });
      await world.sandbox.admin.resetCalls();
      for (const query of TELLING_QUERIES) {
        told.observe('telling', await (readers[readers.length - 1] as Replica).ask(query, { id }));
      }
      told.expectNewState();
      // Reads nobody had cached: one partner call each, nothing more for the marks.
      expect((await world.sandbox.admin.calls()).operations).toEqual({ '/AgendaRecebivel/ConsultarBoletos': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
      await world.sandbox.admin.resetCalls();
      for (let i = 0; i < 200; i += 1) {
        const query = FACT_QUERIES[i % FACT_QUERIES.length] as string;
        told.observe(`read ${i}`, await (readers[i % readers.length] as Replica).ask(query, { id }));
      }
      return { told, calls: (await world.sandbox.admin.calls()).operations };
    } finally {
      await outside.close();
    }
  }

  it('never answers an older payment, boleto or signature than one already answered, in memory (one replica)', async () => {
    const a = await replica(world.sandbox, POLICIES, world.ledgers);
    try {
      const { told, calls } = await scenario([a]);
      expect(told.regressions).toEqual([]);
      // Each cached answer older than what was told is read again once: the record (approved after
      // disbursed), the open boletos (the first still open, the second missing) and the agenda's
      // ledger (without the payment). The installments (ConsultarParcelas) told nothing newer.
      expect(calls).toEqual({ '/FGTS/ConsultaProposta': 1, '/AgendaRecebivel/ConsultarBoletos': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
    } finally {
      await a.close();
    }
  });

  it('never answers an older payment, boleto or signature than one already answered, on two replicas sharing Redis', async () => {
    const env = { ...POLICIES, REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: `${world.prefix}on:` };
    const a = await replica(world.sandbox, env, world.ledgers);
    const b = await replica(world.sandbox, env, world.ledgers);
    try {
      const { told, calls } = await scenario([a, b]);
      expect(told.regressions).toEqual([]);
      // Refreshed once for both replicas: the new answers replace the old in the shared cache.
      expect(calls).toEqual({ '/FGTS/ConsultaProposta': 1, '/AgendaRecebivel/ConsultarBoletos': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('answers older states without the marks (the guard switched off), for no partner call', async () => {
    const env = { ...POLICIES, REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: `${world.prefix}off:` };
    const a = await replica(world.sandbox, env, world.ledgers, FORGETFUL);
    const b = await replica(world.sandbox, env, world.ledgers, FORGETFUL);
    try {
      const { told, calls } = await scenario([a, b]);
      // Every read of a cached key answers the state before the changes: the record (approved), the
      // signers alone (invited), the open boletos and the agenda's ledger (nothing paid).
      expect(told.regressionCounts()).toEqual({ situation: 34, signers: 34, boletos: 33, payments: 33 });
      expect(calls).toEqual({});
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describeWithRedis('proposal marks in Redis', () => {
  const prefix = redisTestPrefix('marks');
  const redis = new Redis(REDIS_TEST_URL, { lazyConnect: true });

  beforeAll(async () => {
    await redis.connect();
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) {
      await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('raises each fact to the newest value, caps the facts, settles only unchanged facts, with a TTL', async () => {
    const marks = new RedisProposalMarks(redis, prefix, 60_000);
    expect(await marks.raise('p', {})).toEqual({});
    expect(await redis.exists(`${prefix}marks:p`)).toBe(0);
    expect(await marks.raise('p', { s: 2, ap: 1000 })).toEqual({ s: 2, ap: 1000 });
    expect(await marks.raise('p', { s: 1, ap: 1500, 'b:7': 1 })).toEqual({ s: 2, ap: 1500, 'b:7': 1 });
    await marks.settle('p', { ap: 1500, 'b:7': 1, s: 3 }, { ap: 500 });
    expect(await marks.raise('p', {})).toEqual({ s: 2, ap: 500 });
    const many = Object.fromEntries(Array.from({ length: MAX_FACTS + 10 }, (_, i) => [`b:${100 + i}`, 1]));
    expect(Object.keys(await marks.raise('p', many))).toHaveLength(MAX_FACTS);
    const ttl = await redis.pttl(`${prefix}marks:p`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
