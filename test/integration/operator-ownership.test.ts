/**
 * Ownership as an operator runs it: a sandbox on its
 * own port as the partner, two graph replicas built as `npm start` builds them (`loadConfig`,
 * `connectUpstream`, `createApp` opening the ledger from DATABASE_URL) on ONE PostgreSQL
 * database, and two API keys: two callers, neither with `proposals.all`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { createApp, type Listening, listen } from '../../src/server/app.js';
import { type ConnectedUpstream, connectUpstream } from '../../src/server/upstream.js';
import { executeGraphQL, type GraphResponse } from '../helpers/graph.js';
import { type SandboxAdmin, startTestSandbox } from '../helpers/sandbox.js';
import { createTestDatabase, describeWithPostgres } from '../helpers/services.js';

const KEYS = { alice: 'alice-key-0123456789abcdef', bob: 'bob-key-0123456789abcdef' } as const;
type Caller = keyof typeof KEYS;

interface Replica {
  ask<T = any>(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<GraphResponse<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read by path
  close(): Promise<void>;
}

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>;

async function replica(sandbox: Sandbox, databaseUrl: string): Promise<Replica> {
  // `federation` lets both callers send `_entities` as a router would; neither has proposals.all.
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    LEDGER_RECONCILE_INTERVAL_MS: '0',
    DATABASE_URL: databaseUrl,
    // Each replica journals its access records in a folder of its own, as each container would.
    AUDIT_JOURNAL_DIR: mkdtempSync(join(tmpdir(), 'credit-graph-replica-journal-')),
    GRAPHQL_API_KEYS: `alice:${KEYS.alice}:federation,bob:${KEYS.bob}:federation`,
  });
  const upstream: ConnectedUpstream = await connectUpstream(config, {
    baseUrl: sandbox.sandbox.baseUrl,
    environmentUrl: sandbox.sandbox.environmentUrl,
    authUrl: sandbox.sandbox.authUrl,
    clientId: sandbox.client.clientId,
    privateKeyPem: sandbox.client.privateKeyPem,
  });
  const app = await createApp(config, { upstream: upstream.client, state: upstream.state });
  const http: Listening = await listen(app, { port: 0, host: '127.0.0.1' });
  return {
    ask: (caller, query, variables = {}) => executeGraphQL(http.graphqlUrl, query, variables, { authorization: `Bearer ${KEYS[caller]}` }),
    close: async () => {
      await app.close(1000);
      await upstream.close();
    },
  };
}

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id number operationCode } userErrors { code } }
}`;
const READ = `query($id: ID!) { proposal(id: $id) { id situation client { document } } }`;
const BY_CODE = `query($code: String!) { proposalByOperationCode(operationCode: $code) { id } }`;
const LIST = `query($ids: [ID!]!) { proposals(ids: $ids) { id situation } }`;
const ENTITIES = `query($reps: [_Any!]!) { _entities(representations: $reps) { ... on Proposal { id situation client { document } } } }`;
const READ_BACK = `query($id: ID!) {
  proposal(id: $id) {
    id
    guarantors { id number name document kind }
    signers { name email document role status signedAt addedBy }
    operations { operation state callerId idempotencyKey }
  }
}`;
const VIEWER = `query($first: Int!, $after: String) {
  creditViewer { callerId scopes proposals(first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }
}`;

const SIGNERS = [
  { name: 'Ana Assinante', email: 'ana@example.com', document: '529.982.247-25', mobilePhone: '11987654321', description: 'Emitente' },
  { name: 'Bruno Avalista', email: 'bruno@example.com', document: '111.444.777-35', mobilePhone: '21987654321', description: 'Avalista' },
];

describeWithPostgres('operator: two callers on two replicas over one PostgreSQL ledger', () => {
  let sandbox: Sandbox;
  let admin: SandboxAdmin;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: Replica;
  let two: Replica;
  /** Alice's first proposal (disbursed below, so its client's document is readable). */
  let aliceProposal: { id: string; number: number; operationCode: string };
  const aliceIds: string[] = [];
  const bobIds: string[] = [];

  const calls = async (): Promise<number> => (await admin.calls()).total;

  const create = async (r: Replica, caller: Caller, clientDocument: string): Promise<{ id: string; number: number; operationCode: string }> => {
    const answer = await r.ask(caller, CREATE, {
      key: randomUUID(),
      input: { clientDocument, contractType: 'CP', requestedAmount: '1500.00', monthlyInterestRate: '1.99', installments: 6 },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createProposal.userErrors).toEqual([]);
    return answer.data.createProposal.proposal;
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ demo: true });
    admin = sandbox.admin;
    database = await createTestDatabase('operator_ownership');
    // Both replicas migrate the one database at start-up (under the advisory lock).
    [one, two] = await Promise.all([replica(sandbox, database.url), replica(sandbox, database.url)]);
    aliceProposal = await create(one, 'alice', '52998224725');
    aliceIds.push(aliceProposal.id);
    await admin.setSituation(aliceProposal.id, 9);
  }, 120_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await sandbox?.close();
    await database?.drop();
  });

  beforeEach(async () => {
    await admin.resetCalls();
  });

  it("lets the owner read its proposal and its client's document", async () => {
    const answer = await two.ask('alice', READ, { id: aliceProposal.id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.proposal).toEqual({ id: aliceProposal.id, situation: 'DISBURSED', client: { document: '52998224725' } });
  });

  it("answers another caller null for the proposal and its client's document on every read path, with no partner call", async () => {
    for (const r of [one, two]) {
      const byId = await r.ask('bob', READ, { id: aliceProposal.id });
      expect(byId.errors).toBeUndefined();
      expect(byId.data).toEqual({ proposal: null });
      const byCode = await r.ask('bob', BY_CODE, { code: aliceProposal.operationCode });
      expect(byCode.data).toEqual({ proposalByOperationCode: null });
      const list = await r.ask('bob', LIST, { ids: [aliceProposal.id] });
      expect(list.data).toEqual({ proposals: [null] });
      const entities = await r.ask('bob', ENTITIES, { reps: [{ __typename: 'Proposal', id: aliceProposal.id }] });
      expect(entities.errors).toBeUndefined();
      expect(entities.data).toEqual({ _entities: [null] });
    }
    // Exactly the answer to an unknown id.
    const unknown = await one.ask('bob', READ, { id: randomUUID() });
    expect(unknown).toMatchObject({ data: { proposal: null } });
    expect(unknown.errors).toBeUndefined();
    expect(await calls()).toBe(0);
  });

  it("refuses another caller's writes on the proposal as NOT_FOUND, with no partner call", async () => {
    const notFound = [{ code: 'NOT_FOUND', field: ['input', 'proposalId'] }];
    const guarantor = await two.ask(
      'bob',
      `mutation($id: ID!, $key: String!) {
      addGuarantor(idempotencyKey: $key, input: { proposalId: $id, name: "Gil Garante", document: "111.444.777-35", state: "sp", individual: { email: "gil@example.com" } }) { guarantor { id } userErrors { code field } }
    }`,
      { id: aliceProposal.id, key: randomUUID() },
    );
    expect(guarantor.data.addGuarantor).toEqual({ guarantor: null, userErrors: notFound });
    const invite = await one.ask(
      'bob',
      `mutation($input: InviteSignersInput!, $key: String!) { inviteSigners(idempotencyKey: $key, input: $input) { userErrors { code field } } }`,
      {
        input: { proposalId: aliceProposal.id, signers: [SIGNERS[0]] },
        key: randomUUID(),
      },
    );
    expect(invite.data.inviteSigners).toEqual({ userErrors: notFound });
    const payment = await two.ask(
      'bob',
      `mutation($id: ID!, $key: String!) {
      registerInstallmentPayment(idempotencyKey: $key, input: { proposalId: $id, payment: { installmentNumber: 1, amount: "10.00" } }) { userErrors { code field } }
    }`,
      { id: aliceProposal.id, key: randomUUID() },
    );
    expect(payment.data.registerInstallmentPayment).toEqual({ userErrors: notFound });
    const cancel = await one.ask(
      'bob',
      `mutation($id: ID!, $key: String!) { cancelFgtsProposal(idempotencyKey: $key, input: { proposalId: $id }) { userErrors { code field } } }`,
      {
        id: aliceProposal.id,
        key: randomUUID(),
      },
    );
    expect(cancel.data.cancelFgtsProposal).toEqual({ userErrors: notFound });
    expect(await calls()).toBe(0);
  });

  it('reads back, through the other replica and at no partner call, the guarantors and signers the owner added', async () => {
    const proposal = await create(one, 'alice', '39053344705');
    aliceIds.push(proposal.id);
    await admin.setSituation(proposal.id, 2);
    const added = await one.ask(
      'alice',
      `mutation($id: ID!, $key: String!) {
      addGuarantor(idempotencyKey: $key, input: { proposalId: $id, name: "Gil Garante", document: "111.444.777-35", state: "sp", individual: { email: "gil@example.com" } }) { guarantor { id number } userErrors { code } }
    }`,
      { id: proposal.id, key: 'alice-guarantor-1' },
    );
    expect(added.data.addGuarantor.userErrors).toEqual([]);
    const invited = await one.ask(
      'alice',
      `mutation($input: InviteSignersInput!, $key: String!) { inviteSigners(idempotencyKey: $key, input: $input) { userErrors { code } } }`,
      {
        input: { proposalId: proposal.id, signers: SIGNERS },
        key: 'alice-invite-1',
      },
    );
    expect(invited.data.inviteSigners.userErrors).toEqual([]);
    const signed = await one.ask(
      'alice',
      `mutation($input: RegisterSignedSignersInput!, $key: String!) { registerSignedSigners(idempotencyKey: $key, input: $input) { userErrors { code } } }`,
      {
        input: {
          proposalId: proposal.id,
          signers: [{ name: 'Ana Assinante', email: 'ana@example.com', document: '52998224725', signedAt: '2026-01-10T12:00:00Z', signingIp: '203.0.113.7' }],
        },
        key: 'alice-signed-1',
      },
    );
    expect(signed.data.registerSignedSigners.userErrors).toEqual([]);

    await admin.resetCalls();
    const back = await two.ask('alice', READ_BACK, { id: proposal.id });
    expect(back.errors).toBeUndefined();
    expect(back.data.proposal).toEqual({
      id: proposal.id,
      guarantors: [
        {
          id: added.data.addGuarantor.guarantor.id,
          number: added.data.addGuarantor.guarantor.number,
          name: 'Gil Garante',
          document: '11144477735',
          kind: 'INDIVIDUAL',
        },
      ],
      signers: [
        {
          name: 'Ana Assinante',
          email: 'ana@example.com',
          document: '52998224725',
          role: 'Emitente',
          status: 'SIGNED',
          signedAt: '2026-01-10T12:00:00.000Z',
          addedBy: 'alice',
        },
        { name: 'Bruno Avalista', email: 'bruno@example.com', document: '11144477735', role: 'Avalista', status: 'INVITED', signedAt: null, addedBy: 'alice' },
      ],
      operations: [
        { operation: 'IncluirManual', state: 'SUCCEEDED', callerId: 'alice', idempotencyKey: expect.any(String) },
        { operation: 'IncluirAvalista', state: 'SUCCEEDED', callerId: 'alice', idempotencyKey: 'alice-guarantor-1' },
        { operation: 'IncluirAssinaturaCCB', state: 'SUCCEEDED', callerId: 'alice', idempotencyKey: 'alice-invite-1' },
        { operation: 'IncluirAssinaturaCCBFinalizada', state: 'SUCCEEDED', callerId: 'alice', idempotencyKey: 'alice-signed-1' },
      ],
    });
    expect(await calls()).toBe(0);
    // Nothing of it reaches the other caller, on either replica.
    expect((await one.ask('bob', READ_BACK, { id: proposal.id })).data).toEqual({ proposal: null });
    expect((await two.ask('bob', READ_BACK, { id: proposal.id })).data).toEqual({ proposal: null });
    expect(await calls()).toBe(0);
  });

  it("pages creditViewer.proposals through the caller's own proposals only, newest first, with cursors stable across replicas and no partner call", async () => {
    for (const document of ['11144477735', '52998224725', '39053344705']) {
      aliceIds.push((await create(two, 'alice', document)).id);
      bobIds.push((await create(one, 'bob', document)).id);
    }
    await admin.resetCalls();
    const seen: string[] = [];
    const cursors: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      // Each page from the other replica than the last.
      const r = pages % 2 === 0 ? one : two;
      const page: GraphResponse<any> = await r.ask('alice', VIEWER, { first: 2, after }); // eslint-disable-line @typescript-eslint/no-explicit-any -- read by path
      expect(page.errors).toBeUndefined();
      expect(page.data.creditViewer.callerId).toBe('alice');
      expect(page.data.creditViewer.scopes).toEqual(['federation']);
      const { edges, pageInfo } = page.data.creditViewer.proposals;
      seen.push(...edges.map((e: { node: { id: string } }) => e.node.id));
      cursors.push(...edges.map((e: { cursor: string }) => e.cursor));
      pages += 1;
      expect(pageInfo.endCursor).toBe(edges.at(-1).cursor);
      if (!pageInfo.hasNextPage) {
        break;
      }
      after = pageInfo.endCursor;
    }
    expect(seen).toEqual([...aliceIds].reverse());
    expect(pages).toBe(3);
    // Opaque: base64url text that names neither a caller nor a raw id.
    for (const cursor of cursors) {
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor.includes(seen[0] as string)).toBe(false);
    }
    // Stable: the other replica gives the same cursors, and continues from any of them the same way.
    const whole = await two.ask('alice', VIEWER, { first: 50 });
    expect(whole.data.creditViewer.proposals.edges.map((e: { cursor: string }) => e.cursor)).toEqual(cursors);
    const fromSecond = await one.ask('alice', VIEWER, { first: 50, after: cursors[1] });
    expect(fromSecond.data.creditViewer.proposals.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(seen.slice(2));
    expect(fromSecond.data.creditViewer.proposals.pageInfo.hasNextPage).toBe(false);

    const bob = await two.ask('bob', VIEWER, { first: 50 });
    expect(bob.data.creditViewer.proposals.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([...bobIds].reverse());
    expect(await calls()).toBe(0);
  });

  it('refuses a page larger than 50 with BAD_USER_INPUT and a foreign cursor, before any read', async () => {
    const big = await one.ask('alice', VIEWER, { first: 51 });
    expect(big.errors?.map((e) => e.extensions?.['code'])).toEqual(['BAD_USER_INPUT']);
    const foreign = await two.ask('alice', VIEWER, { first: 2, after: Buffer.from(aliceProposal.id).toString('base64url') });
    expect(foreign.errors?.map((e) => e.extensions?.['code'])).toEqual(['BAD_USER_INPUT']);
    expect(await calls()).toBe(0);
  });
});
