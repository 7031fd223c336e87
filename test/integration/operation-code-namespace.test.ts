/**
 * Operation codes are kept apart per caller at the partner (src/graphql/common/operation-code.ts): the
 * partner refuses a code any proposal of the upstream client holds (S0005), so without namespaces a
 * caller creating with another caller's code would learn that the code exists. Through the real
 * schema over a real sandbox (startGraphHarness in test/helpers/graph.ts), and an in-doubt create through the real app and a
 * lossy proxy (helpers/graph.ts).
 */
import { randomUUID } from 'node:crypto';
import { createOperationCodeNamespaces } from '../../src/graphql/common/operation-code.js';
import { DEVELOPMENT_PERSON_ID_SECRET } from '../../src/config/index.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { type LossyProxy, startLossyProxy } from '../helpers/lossy-proxy.js';
import { startTestSandbox } from '../helpers/sandbox.js';
import { type GraphHarness, type RunOptions, startGraphHarness } from '../helpers/graph.js';

const ALICE: RunOptions = { callerId: 'alice', scopes: [] };
const BOB: RunOptions = { callerId: 'bob', scopes: [] };
const BACK_OFFICE: RunOptions = { callerId: 'back-office', scopes: ['proposals.all'] };

const CREATE = `mutation($key: String!, $input: CreateProposalInput!) {
  createProposal(idempotencyKey: $key, input: $input) { proposal { id operationCode } userErrors { code field upstreamCode } }
}`;
const BY_CODE = `query($code: String!) { proposalByOperationCode(operationCode: $code) { id operationCode } }`;
const BY_ID = `query($id: ID!) { proposal(id: $id) { id operationCode } }`;

/** The tag the graph gives a caller under the development secret (what the harness and test apps run with). */
const tagOf = (callerId: string): string => createOperationCodeNamespaces(DEVELOPMENT_PERSON_ID_SECRET).tagOf(callerId);

function input(operationCode?: string): Record<string, unknown> {
  return {
    clientDocument: '52998224725',
    contractType: 'CP',
    requestedAmount: '1500.00',
    monthlyInterestRate: '1.99',
    installments: 6,
    ...(operationCode === undefined ? {} : { operationCode }),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are read by path
type Any = any;

describe("operation codes in each caller's namespace", () => {
  let h: GraphHarness;

  const create = async (as: RunOptions, operationCode?: string): Promise<Any> =>
    (await h.run<Any>(CREATE, { key: randomUUID(), input: input(operationCode) }, as)).data.createProposal;
  const heldAtPartner = async (id: string): Promise<string | undefined> =>
    ((await h.admin('GET', '/_sandbox/proposals')) as Array<{ codigo: string; codigoOperacao: string }>).find((p) => p.codigo === id)?.codigoOperacao;

  beforeAll(async () => {
    h = await startGraphHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetCalls();
  });

  it("creates with another caller's operation code exactly as with a code nobody holds, and each caller sees only its own", async () => {
    const taken = `TAKEN-${randomUUID()}`;
    const fresh = `FRESH-${randomUUID()}`;
    const alices = await create(ALICE, taken);
    expect(alices).toEqual({ proposal: { id: expect.any(String), operationCode: taken }, userErrors: [] });
    const withFresh = await create(BOB, fresh);
    const withTaken = await create(BOB, taken);
    // Same shape, same codes, no user error: nothing tells bob that alice holds `taken`.
    expect(withFresh).toEqual({ proposal: { id: expect.any(String), operationCode: fresh }, userErrors: [] });
    expect(withTaken).toEqual({ proposal: { id: expect.any(String), operationCode: taken }, userErrors: [] });
    expect(new Set([alices.proposal.id, withFresh.proposal.id, withTaken.proposal.id]).size).toBe(3);
    expect((await h.calls()).operations['/Proposta/IncluirManual']).toBe(3);

    // The partner holds both, each in its caller's namespace: a keyed tag, never the caller id.
    expect(await heldAtPartner(alices.proposal.id)).toBe(`${tagOf('alice')}-${taken}`);
    expect(await heldAtPartner(withTaken.proposal.id)).toBe(`${tagOf('bob')}-${taken}`);
    expect(await heldAtPartner(withFresh.proposal.id)).toBe(`${tagOf('bob')}-${fresh}`);

    await h.resetCalls();
    expect((await h.run(BY_CODE, { code: taken }, ALICE)).data).toEqual({ proposalByOperationCode: { id: alices.proposal.id, operationCode: taken } });
    expect((await h.run(BY_CODE, { code: taken }, BOB)).data).toEqual({ proposalByOperationCode: { id: withTaken.proposal.id, operationCode: taken } });
    expect((await h.run(BY_ID, { id: withTaken.proposal.id }, ALICE)).data).toEqual({ proposal: null });
    expect((await h.run(BY_ID, { id: alices.proposal.id }, BOB)).data).toEqual({ proposal: null });
    // Its own by id, from the ledger: its own code, no partner call (a ConsultaProposta each for the two code look-ups above).
    expect((await h.run(BY_ID, { id: withTaken.proposal.id }, BOB)).data).toEqual({ proposal: { id: withTaken.proposal.id, operationCode: taken } });
    expect((await h.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 2 });
  });

  it("answers another caller's code in proposalByOperationCode exactly as a code nobody holds, with no partner call", async () => {
    const alices = `ALICE-ONLY-${randomUUID()}`;
    await create(ALICE, alices);
    await h.resetCalls();
    const another = await h.run(BY_CODE, { code: alices }, BOB);
    const nobodys = await h.run(BY_CODE, { code: `NOBODY-${randomUUID()}` }, BOB);
    expect(another).toEqual({ data: { proposalByOperationCode: null } });
    expect(nobodys).toEqual(another);
    expect((await h.calls()).total).toBe(0);
  });

  it("still refuses a caller's own code used twice, as the partner does (OPERATION_CODE_IN_USE, S0005)", async () => {
    const code = `TWICE-${randomUUID()}`;
    expect((await create(ALICE, code)).userErrors).toEqual([]);
    expect(await create(ALICE, code)).toEqual({
      proposal: null,
      userErrors: [{ code: 'OPERATION_CODE_IN_USE', field: ['input', 'operationCode'], upstreamCode: 'S0005/V0001' }],
    });
  });

  it('gives a create without a code a derived one, shown without the namespace and found by it', async () => {
    const created = await create(BOB);
    const code = created.proposal.operationCode as string;
    expect(code).toMatch(/^cg-[0-9a-f]{32}$/);
    expect(await heldAtPartner(created.proposal.id)).toBe(`${tagOf('bob')}-${code}`);
    expect((await h.run(BY_CODE, { code }, BOB)).data).toEqual({ proposalByOperationCode: { id: created.proposal.id, operationCode: code } });
  });

  it("lets a proposals.all caller send and see raw codes, and see another caller's code as the partner holds it", async () => {
    const code = `RAW-${randomUUID()}`;
    const mine = await create(BACK_OFFICE, code);
    expect(mine).toEqual({ proposal: { id: expect.any(String), operationCode: code }, userErrors: [] });
    expect(await heldAtPartner(mine.proposal.id)).toBe(code);
    expect((await h.run(BY_CODE, { code }, BACK_OFFICE)).data).toEqual({ proposalByOperationCode: { id: mine.proposal.id, operationCode: code } });
    // The demo proposals (raw codes, made by the sandbox) are found by their raw code.
    const demo = h.demo('disbursed');
    expect((await h.run(BY_CODE, { code: demo.operationCode }, BACK_OFFICE)).data).toEqual({
      proposalByOperationCode: { id: demo.id, operationCode: demo.operationCode },
    });

    const bobs = await create(BOB, code);
    expect(bobs.userErrors).toEqual([]);
    expect((await h.run(BY_ID, { id: bobs.proposal.id }, BACK_OFFICE)).data).toEqual({
      proposal: { id: bobs.proposal.id, operationCode: `${tagOf('bob')}-${code}` },
    });
  });

  it("lists the caller's own codes in creditViewer.proposals, with no partner call", async () => {
    const lister: RunOptions = { callerId: `lister-${randomUUID().slice(0, 8)}`, scopes: [] };
    const code = `LISTED-${randomUUID()}`;
    const created = await create(lister, code);
    await h.resetCalls();
    const listed = await h.run<Any>(`query { creditViewer { proposals(first: 5) { nodes { id operationCode } } } }`, {}, lister);
    expect(listed.data.creditViewer.proposals.nodes).toEqual([{ id: created.proposal.id, operationCode: code }]);
    expect((await h.calls()).total).toBe(0);
  });
});

describe('an in-doubt create of a caller without proposals.all', () => {
  const KEY = 'carol-key-0123456789abcdef';
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  let proxy: LossyProxy;
  let graph: TestGraph;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ demo: false });
    proxy = await startLossyProxy(sandbox.sandbox.baseUrl);
    graph = await startTestGraph({
      env: { GRAPHQL_API_KEYS: `carol:${KEY}` },
      upstreamBaseUrl: proxy.url,
      reuseSandbox: { sandbox: sandbox.sandbox, admin: sandbox.admin, client: sandbox.client },
      upstream: { timeouts: { deadlineMs: 8000 }, retry: { maxAttempts: 1 } },
    });
    // Only the ledger and the probe can then keep the retry from creating a second proposal.
    await sandbox.admin.setReplay(false);
  }, 60_000);
  afterAll(async () => {
    await graph?.close();
    await proxy?.close();
    await sandbox?.close();
  });

  it("is found by the probe under the code actually sent (the namespaced one), and answers the caller's own code", async () => {
    const code = `LOST-${randomUUID()}`;
    const key = randomUUID();
    const auth = { authorization: `Bearer ${KEY}` };
    proxy.loseAnswers('/Proposta/IncluirManual');
    const lost = await graph.execute<Any>(CREATE, { key, input: input(code) }, auth);
    expect(lost.errors?.map((e) => e.extensions?.code)).toEqual(['OUTCOME_UNKNOWN']);
    const atPartner = (await sandbox.admin.proposals()).filter((p) => p.codigoOperacao === `${tagOf('carol')}-${code}`);
    expect(atPartner).toHaveLength(1);
    await sandbox.admin.resetCalls();
    const retried = await graph.execute<Any>(CREATE, { key, input: input(code) }, auth);
    expect(retried.errors).toBeUndefined();
    expect(retried.data.createProposal).toEqual({ proposal: { id: atPartner[0]?.codigo, operationCode: code }, userErrors: [] });
    // One probe read by the namespaced code, no second write.
    expect((await sandbox.admin.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    expect((await graph.execute<Any>(BY_CODE, { code }, auth)).data).toEqual({ proposalByOperationCode: { id: atPartner[0]?.codigo, operationCode: code } });
    expect((await sandbox.admin.proposals()).filter((p) => p.codigoOperacao.endsWith(code))).toHaveLength(1);
  });
});
