/**
 * The access record through the real graph: every disclosure of a person's data and every write
 * leaves exactly one record (caller, subject HMAC, fields, request id, outcome), refusals too; only
 * audit.read answers and exports them; the document never reaches the records' storage in clear.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { accessKeys, SqlAccessStore } from '../../src/ledger/index.js';
import { keyed } from '../helpers/keys.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

const KEYS = {
  officer: 'officer-key-0123456789',
  analyst: 'analyst-key-0123456789',
  router: 'router-key-01234567890',
  web: 'web-key-0123456789abcd',
  admin: 'admin-key-0123456789ab',
};
const SECRET = 'audit test key, at least thirty-two characters';
const keys = accessKeys(SECRET);
const CPF = '52998224725';
const CARLA = '39053344705';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const RECORD = 'callerId requestId action kind fields subjectHmac proposalId outcome purpose sequence hash at';

describe('the access record', () => {
  let graph: TestGraph;
  let database: TestLedgerDatabase;

  beforeAll(async () => {
    database = await openTestLedger();
    graph = await startTestGraph({
      ledger: database.ledger,
      access: { store: new SqlAccessStore(database.sql!) },
      env: {
        AUDIT_HMAC_KEY: SECRET,
        GRAPHQL_API_KEYS: [
          `officer:${KEYS.officer}:audit.read`,
          `analyst:${KEYS.analyst}:registry.read+proposals.all`,
          `router:${KEYS.router}:federation+registry.read`,
          `web:${KEYS.web}`,
          `admin:${KEYS.admin}:proposals.all+registry.read+federation`,
        ].join(','),
      },
    });
  });
  afterAll(async () => {
    await graph?.close();
    await database?.close();
  });

  const as = (caller: keyof typeof KEYS) => (query: string, variables?: Record<string, unknown>) =>
    graph.execute(query, variables, { authorization: `Bearer ${KEYS[caller]}` });

  /** The records of one person (or with `extra` filters), newest first, as the officer reads them. */
  async function recordsOf(document: string): Promise<Array<Record<string, unknown>>> {
    const result = await as('officer')(`query($d: String!) { personAccessRecords(document: $d, first: 100) { nodes { ${RECORD} } } }`, { d: document });
    expect(result.errors).toBeUndefined();
    return (result.data as { personAccessRecords: { nodes: Array<Record<string, unknown>> } }).personAccessRecords.nodes.filter(
      (r) => r.kind !== 'access_records',
    );
  }

  async function callerRecords(callerId: string): Promise<Array<Record<string, unknown>>> {
    const result = await as('officer')(`query($c: String!) { callerAccessRecords(callerId: $c, first: 100) { nodes { ${RECORD} } } }`, { c: callerId });
    expect(result.errors).toBeUndefined();
    return (result.data as { callerAccessRecords: { nodes: Array<Record<string, unknown>> } }).callerAccessRecords.nodes;
  }

  it('records a bureau look-up once, with caller, subject HMAC, fields, request id, outcome and purpose', async () => {
    const before = (await callerRecords('analyst')).length;
    const result = await as('analyst')(`{ bureauReport(document: "529.982.247-25", purpose: "credit analysis") { document score riskBand } }`);
    expect(result.errors).toBeUndefined();
    const records = (await callerRecords('analyst')).slice(0, (await callerRecords('analyst')).length - before);
    expect(records).toEqual([
      {
        callerId: 'analyst',
        requestId: expect.stringMatching(UUID),
        action: 'READ',
        kind: 'bureau_report',
        fields: ['document', 'riskBand', 'score'],
        subjectHmac: keys.subject(CPF),
        proposalId: null,
        outcome: 'DISCLOSED',
        purpose: 'credit analysis',
        sequence: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        at: expect.any(String),
      },
    ]);
  });

  it("keeps the caller's x-purpose header and x-request-id on the record", async () => {
    const before = (await callerRecords('analyst')).length;
    const result = await graph.execute(`{ bureauReport(document: "529.982.247-25") { score } }`, undefined, {
      authorization: `Bearer ${KEYS.analyst}`,
      'x-purpose': 'fraud review',
      'x-request-id': 'audit-req-42',
    });
    expect(result.errors).toBeUndefined();
    const after = await callerRecords('analyst');
    expect(after.slice(0, after.length - before).map((r) => [r.kind, r.purpose, r.requestId, r.fields])).toEqual([
      ['bureau_report', 'fraud review', 'audit-req-42', ['score']],
    ]);
  });

  it('records a refused look-up once, with no partner call', async () => {
    await graph.admin.resetCalls();
    const result = await as('web')(`{ registrationRecord(document: "${CARLA}") { name addresses { city } } }`);
    expect(result.errors?.[0]?.extensions?.code).toBe('INSUFFICIENT_SCOPE');
    expect((await graph.admin.calls()).total).toBe(0);
    const records = await callerRecords('web');
    expect(records.map((r) => [r.kind, r.fields, r.outcome, r.subjectHmac])).toEqual([
      ['registration_record', ['addresses', 'name'], 'REFUSED', keys.subject(CARLA)],
    ]);
  });

  it('records a person read through _entities once', async () => {
    const id = ((await as('analyst')(`{ person(document: "${CARLA}") { id } }`)).data as { person: { id: string } }).person.id;
    const result = await as('router')(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Person { document name } } }`, {
      r: [{ __typename: 'Person', id }],
    });
    expect(result.errors).toBeUndefined();
    const records = await callerRecords('router');
    expect(records.map((r) => [r.kind, r.fields, r.outcome, r.subjectHmac, r.callerId])).toEqual([
      ['person', ['document', 'name'], 'DISCLOSED', keys.subject(CARLA), 'router'],
    ]);
    expect(records[0]?.requestId).toMatch(UUID);
  });

  it("records a proposal's client document and a payment once each, and the proposal's story lists its writes", async () => {
    const created = await as('analyst')(
      keyed(
        `mutation { createProposal(input: { clientDocument: "${CPF}", clientName: "Cliente Teste", contractType: "CP", requestedAmount: "1200.00", monthlyInterestRate: "2.5", installments: 6, operationCode: "AUDIT-${randomUUID()}" }) { proposal { id } userErrors { code } } }`,
      ),
    );
    const id = (created.data as { createProposal: { proposal: { id: string } } }).createProposal.proposal.id;
    await graph.admin.setSituation(id, 9);
    const before = await recordsOf(CPF);

    const read = await as('analyst')(`query($id: ID!) { proposal(id: $id) { id client { document } } }`, { id });
    expect(read.errors).toBeUndefined();
    const paid = await as('analyst')(
      keyed(
        `mutation($id: ID!) { registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 1, amount: "10.00" } }) { userErrors { code } } }`,
      ),
      { id },
    );
    expect(paid.data).toEqual({ registerInstallmentPayment: { userErrors: [] } });

    const added = (await recordsOf(CPF)).slice(0, (await recordsOf(CPF)).length - before.length);
    expect(added.map((r) => [r.action, r.kind, r.fields, r.outcome, r.proposalId, r.callerId])).toEqual([
      ['WRITE', 'IncluirLancamentoParcela', ['payment', 'proposalId'], 'SUCCEEDED', id, 'analyst'],
      ['READ', 'person', ['document'], 'DISCLOSED', null, 'analyst'],
    ]);
    const [payment, client] = added;
    expect(payment?.requestId).not.toBe(client?.requestId);

    const story = await as('officer')(`query($id: ID!) { proposalAccessRecords(proposalId: $id) { nodes { action kind outcome callerId subjectHmac } } }`, {
      id,
    });
    expect((story.data as { proposalAccessRecords: { nodes: unknown[] } }).proposalAccessRecords.nodes).toEqual([
      { action: 'WRITE', kind: 'IncluirLancamentoParcela', outcome: 'SUCCEEDED', callerId: 'analyst', subjectHmac: keys.subject(CPF) },
    ]);
  });

  it('leaves no record for an answer that discloses no personal data', async () => {
    const before = (await callerRecords('admin')).length;
    const result = await as('admin')(`{ creditViewer { callerId } }`);
    expect(result.errors).toBeUndefined();
    expect((await callerRecords('admin')).length).toBe(before);
  });

  it('answers only audit.read: every other scope is refused', async () => {
    for (const caller of ['web', 'analyst', 'router', 'admin'] as const) {
      for (const query of [
        `{ personAccessRecords(document: "${CPF}") { nodes { recordId } } }`,
        `{ callerAccessRecords(callerId: "analyst") { nodes { recordId } } }`,
        `{ proposalAccessRecords(proposalId: "${randomUUID()}") { nodes { recordId } } }`,
        `{ personAccessRecordExport(document: "${CPF}", format: JSON) { content } }`,
      ]) {
        const result = await as(caller)(query);
        expect([caller, result.data, result.errors?.map((e) => e.extensions?.code)]).toEqual([caller, null, ['INSUFFICIENT_SCOPE']]);
      }
    }
  });

  it("pages a person's records newest first, within a time window", async () => {
    // The officer's own look-ups are recorded too: the window ends before them.
    const to = new Date(Date.now() + 1).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const list = `query($d: String!, $n: Int!, $a: String, $to: DateTime) {
      personAccessRecords(document: $d, first: $n, after: $a, to: $to) { nodes { hash } pageInfo { hasNextPage endCursor } } }`;
    type Page = { personAccessRecords: { nodes: Array<{ hash: string }>; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const all = ((await as('officer')(list, { d: CPF, n: 100, to })).data as Page).personAccessRecords;
    expect(all.nodes.length).toBeGreaterThanOrEqual(3);
    expect(all.pageInfo.hasNextPage).toBe(false);
    const first = ((await as('officer')(list, { d: CPF, n: 1, to })).data as Page).personAccessRecords;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = ((await as('officer')(list, { d: CPF, n: 100, to, a: first.pageInfo.endCursor })).data as Page).personAccessRecords;
    expect([...first.nodes, ...rest.nodes]).toEqual(all.nodes);
    const future = await as('officer')(`query($d: String!) { personAccessRecords(document: $d, from: "2999-01-01T00:00:00Z") { nodes { recordId } } }`, {
      d: CPF,
    });
    expect(future.data).toEqual({ personAccessRecords: { nodes: [] } });
    const bad = await as('officer')(`{ personAccessRecords(document: "${CPF}", after: "nope") { nodes { recordId } } }`);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("exports one person's records as JSON and CSV, without the document", async () => {
    const listed = await recordsOf(CPF);
    const json = await as('officer')(`{ personAccessRecordExport(document: "${CPF}", format: JSON) { fileName contentType content recordCount } }`);
    const file = (json.data as { personAccessRecordExport: { fileName: string; contentType: string; content: string; recordCount: number } })
      .personAccessRecordExport;
    expect(file.contentType).toBe('application/json');
    expect(file.fileName).toMatch(/^access-records-[0-9a-f]{12}-\d{4}-\d{2}-\d{2}T\d{6}Z\.json$/);
    const parsed = JSON.parse(file.content) as { subjectHmac: string; records: Array<{ hash: string; kind: string }> };
    expect(parsed.subjectHmac).toBe(keys.subject(CPF));
    const exported = parsed.records.filter((r) => r.kind !== 'access_records').map((r) => r.hash);
    expect(exported).toEqual(listed.map((r) => r.hash));
    expect(file.content).not.toContain(CPF);

    const csv = await as('officer')(`{ personAccessRecordExport(document: "${CPF}", format: CSV) { contentType content recordCount } }`);
    const text = (csv.data as { personAccessRecordExport: { contentType: string; content: string; recordCount: number } }).personAccessRecordExport;
    expect(text.contentType).toBe('text/csv; charset=utf-8');
    const lines = text.content.trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,callerId,requestId,action,kind,fields,outcome,purpose,proposalId,subjectHmac,id,chain,seq,hash');
    expect(lines).toHaveLength(text.recordCount + 1);
    for (const hash of listed.map((r) => r.hash)) {
      expect(text.content).toContain(hash as string);
    }
    expect(text.content).not.toContain(CPF);
  });

  it('never stores a CPF or CNPJ in clear', async () => {
    await recordsOf(CPF);
    const { rows } = await sql<{ row: string }>`select row_to_json(r)::text as row from ledger_access_records r`.execute(database.sql!);
    expect(rows.length).toBeGreaterThan(5);
    const stored = rows.map((r) => r.row).join('\n');
    for (const document of [CPF, CARLA, '529.982.247-25']) {
      expect(stored).not.toContain(document);
    }
    expect(stored).toContain(keys.subject(CPF));
  });
});
