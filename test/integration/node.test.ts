import { InMemoryCache } from '@apollo/client/cache';
import { parse, print } from 'graphql';
import { keyed } from '../helpers/keys.js';
import { startTestGraph, type GraphResponse, type TestGraph } from '../helpers/graph.js';

/**
 * Every entity has a stable, opaque id and implements Node; Query.node / nodes
 * find it again; mutation payloads return what they changed, so a normalized client cache updates
 * itself (proved with Apollo Client's own InMemoryCache).
 */
const KEYS = { alice: 'alice-key-0123456789abcdef', bob: 'bob-key-0123456789abcdef0' };
const as = (caller: keyof typeof KEYS): Record<string, string> => ({ authorization: `Bearer ${KEYS[caller]}` });

/** Every entity type reachable from a disbursed proposal, with its id. */
const EVERYTHING = `query Everything($id: ID!) {
  proposal(id: $id) {
    __typename id
    installments { __typename id number upstreamId }
    agenda { installments { __typename id number upstreamId boletos { __typename id number } pix { __typename id } entries { __typename id paymentAmount } } }
    boletos { __typename id number }
    paymentEntries { __typename id amount }
  }
}`;

interface Entity {
  __typename: string;
  id: string;
}

interface Everything {
  proposal: Entity & {
    installments: Array<Entity & { number: number; upstreamId: string | null }>;
    agenda: { installments: Array<Entity & { number: number; upstreamId: string | null; boletos: Entity[]; pix: Entity[]; entries: Entity[] }> };
    boletos: Entity[];
    paymentEntries: Entity[];
  };
}

const errorCode = (response: GraphResponse<unknown>): unknown => response.errors?.[0]?.extensions?.['code'];

describe('Node: stable, opaque ids and Query.node', () => {
  let graph: TestGraph;
  let disbursed: string;
  let everything: Everything['proposal'];

  beforeAll(async () => {
    graph = await startTestGraph({ env: { GRAPHQL_API_KEYS: `alice:${KEYS.alice}:proposals.all,bob:${KEYS.bob}` } });
    disbursed = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
    const first = await graph.execute<Everything>(EVERYTHING, { id: disbursed }, as('alice'));
    expect(first.errors).toBeUndefined();
    everything = first.data?.proposal as Everything['proposal'];
  });

  afterAll(async () => {
    await graph.close();
  });

  beforeEach(async () => {
    await graph.admin.resetCalls();
  });

  const entities = (): Entity[] => {
    const agenda = everything.agenda.installments;
    return [
      everything,
      ...everything.installments,
      ...agenda,
      ...agenda.flatMap((i) => i.boletos),
      ...agenda.flatMap((i) => i.pix),
      ...agenda.flatMap((i) => i.entries),
      ...everything.boletos,
      ...everything.paymentEntries,
    ].map(({ __typename, id }) => ({ __typename, id }));
  };

  it('gives every entity a distinct id that carries no personal data, the same in a second answer', async () => {
    const all = entities();
    const types = new Set(all.map((e) => e.__typename));
    expect([...types].sort()).toEqual(
      ['AgendaBoleto', 'AgendaInstallment', 'Installment', 'LedgerEntry', 'PaymentEntry', 'PixCharge', 'Proposal', 'Boleto'].sort(),
    );
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    // The installment is one object per type: the agenda's view and the installment list share the number, not the id.
    expect(everything.installments[0]?.id).not.toBe(everything.agenda.installments[0]?.id);
    expect(everything.installments[0]?.upstreamId).toBe(everything.agenda.installments[0]?.upstreamId);
    const again = await graph.execute<Everything>(EVERYTHING, { id: disbursed }, { ...as('alice'), 'cache-control': 'no-cache' });
    expect(again.data?.proposal).toEqual(everything);
    const client = (
      await graph.execute<{ proposal: { agenda: { clientDocument: string; clientName: string } } }>(
        'query($id: ID!) { proposal(id: $id) { agenda { clientDocument clientName } } }',
        { id: disbursed },
        as('alice'),
      )
    ).data?.proposal.agenda;
    // A real document to look for, so the checks below cannot pass on an empty answer.
    expect(client?.clientDocument).toMatch(/^(\d{11}|\d{14})$/);
    for (const { id } of all) {
      const decoded = Buffer.from(id, 'base64url').toString('utf8');
      expect(decoded).not.toContain(client?.clientDocument);
      expect(id).not.toContain(client?.clientDocument);
    }
  });

  it('finds every one of them again with nodes(ids), in the order asked, with one partner read per kind of record', async () => {
    const all = entities();
    const found = await graph.execute<{ nodes: Array<Entity | null> }>(
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }',
      { ids: all.map((e) => e.id) },
      { ...as('alice'), 'cache-control': 'no-cache' },
    );
    expect(found.errors).toBeUndefined();
    expect(found.data?.nodes).toEqual(all);
    // The proposal itself (id only, not on record: ConsultaProposta confirms it), which also holds the
    // payment entries; the installment list; one agenda read for every installment asked; the boletos.
    expect((await graph.admin.calls()).operations).toEqual({
      '/FGTS/ConsultaProposta': 1,
      '/Proposta/ConsultarParcelas': 1,
      '/AgendaRecebivel/ConsultarDetalhes': 1,
      '/AgendaRecebivel/ConsultarBoletos': 1,
    });
  });

  it('answers node(id) with the fields of its type, read as the proposal reads them', async () => {
    const installment = everything.agenda.installments.find((i) => i.entries.length > 0);
    const entry = installment?.entries[0] as Entity & { paymentAmount: string };
    const found = await graph.execute<{ node: unknown }>(
      'query($id: ID!) { node(id: $id) { id ... on LedgerEntry { paymentAmount } } }',
      { id: entry.id },
      as('alice'),
    );
    expect(found.data?.node).toEqual({ id: entry.id, paymentAmount: entry.paymentAmount });
    const proposal = await graph.execute<{ node: unknown }>(
      'query($id: ID!) { node(id: $id) { __typename ... on Proposal { id situation } } }',
      { id: disbursed },
      as('alice'),
    );
    expect(proposal.data?.node).toEqual({ __typename: 'Proposal', id: disbursed, situation: 'DISBURSED' });
  });

  it('answers null at no partner call for an object of a proposal the caller may not see', async () => {
    const ids = entities().map((e) => e.id);
    const hidden = await graph.execute<{ nodes: unknown[] }>('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids }, as('bob'));
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data?.nodes).toEqual(ids.map(() => null));
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it("refuses a person's id to a caller without registry.read, at no partner call", async () => {
    const client = await graph.execute<{ proposal: { client: { id: string } } }>(
      'query($id: ID!) { proposal(id: $id) { client { id } } }',
      { id: disbursed },
      as('alice'),
    );
    const personId = client.data?.proposal.client.id ?? '';
    expect(personId).toMatch(/^P1[A-Za-z0-9_-]+$/);
    await graph.admin.resetCalls();
    const refused = await graph.execute('query($id: ID!) { node(id: $id) { id } }', { id: personId }, as('alice'));
    expect(refused.data).toEqual({ node: null });
    expect(errorCode(refused)).toBe('INSUFFICIENT_SCOPE');
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it('refuses a malformed or tampered id with BAD_USER_INPUT at no partner call', async () => {
    const real = everything.boletos[0]?.id ?? '';
    const tampered = Buffer.from(
      Buffer.from(real, 'base64url')
        .toString('utf8')
        .replace(/^Boleto/, 'Bolet0'),
      'utf8',
    ).toString('base64url');
    const notCanonical = `${real}=`;
    for (const id of ['', 'not an id', tampered, notCanonical, Buffer.from('Boleto:not-a-uuid:1').toString('base64url'), 'x'.repeat(300)]) {
      const refused = await graph.execute('query($id: ID!) { node(id: $id) { id } }', { id }, as('alice'));
      expect(errorCode(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.extensions?.['userErrors']).toEqual([
        {
          code: 'INVALID_INPUT',
          field: ['id'],
          message: 'Not an id of this graph: ids are opaque strings taken from an answer (Node.id).',
          upstreamCode: null,
        },
      ]);
    }
    const many = await graph.execute('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [real, 'nope'] }, as('alice'));
    expect(many.errors?.[0]?.extensions?.['userErrors']).toEqual([
      {
        code: 'INVALID_INPUT',
        field: ['ids', '1'],
        message: 'Not an id of this graph: ids are opaque strings taken from an answer (Node.id).',
        upstreamCode: null,
      },
    ]);
    const tooMany = await graph.execute('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array.from({ length: 51 }, () => real) }, as('alice'));
    expect(tooMany.errors?.[0]?.extensions?.['userErrors']).toEqual([
      { code: 'INVALID_INPUT', field: ['ids'], message: 'At most 50 ids.', upstreamCode: null },
    ]);
    expect((await graph.admin.calls()).total).toBe(0);
  });

  it("updates Apollo Client's normalized cache from a payment's payload, with no refetch", async () => {
    const DASHBOARD = parse(`
      query Dashboard($id: ID!) {
        proposal(id: $id) {
          id
          agenda { installments { id number balance totalPaid } }
        }
      }
    `);
    const PAY = parse(`
      mutation Pay($id: ID!, $key: String!) {
        registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 2, amount: "10.00" } }, idempotencyKey: $key) {
          installments { id number balance totalPaid }
          userErrors { code }
        }
      }
    `);
    const cache = new InMemoryCache();
    // What Apollo Client sends: its documents with __typename added to every selection.
    const sent = (document: typeof DASHBOARD): string => print(cache.transformDocument(document));
    const dashboard = await graph.execute<{
      proposal: { id: string; agenda: { installments: Array<{ id: string; number: number; balance: string; totalPaid: string }> } };
    }>(sent(DASHBOARD), { id: disbursed }, as('alice'));
    cache.writeQuery({ query: DASHBOARD, variables: { id: disbursed }, data: { ...(dashboard.data as object) } });
    const before = dashboard.data?.proposal.agenda.installments.find((i) => i.number === 2);

    const paid = await graph.execute<{ registerInstallmentPayment: { installments: Array<{ id: string; balance: string }>; userErrors: unknown[] } }>(
      sent(PAY),
      { id: disbursed, key: `node-cache-${Date.now()}` },
      as('alice'),
    );
    expect(paid.data?.registerInstallmentPayment.userErrors).toEqual([]);
    expect(paid.data?.registerInstallmentPayment.installments.map((i) => i.id)).toEqual([before?.id]);
    // What Apollo Client does with a mutation result: write it to the cache under ROOT_MUTATION.
    cache.writeQuery({ query: PAY, variables: { id: disbursed, key: 'k' }, data: paid.data as object });

    // The dashboard, read from the cache alone, shows the new balance: same __typename and id, one object.
    const cached = cache.readQuery<{ proposal: { agenda: { installments: Array<{ number: number; balance: string; totalPaid: string }> } } }>({
      query: DASHBOARD,
      variables: { id: disbursed },
    });
    const after = cached?.proposal.agenda.installments.find((i) => i.number === 2);
    expect(after?.balance).toBe((Number(before?.balance) - 10).toFixed(2));
    expect(after?.totalPaid).toBe((Number(before?.totalPaid) + 10).toFixed(2));
    expect(cache.identify({ __typename: 'AgendaInstallment', id: before?.id })).toBe(`AgendaInstallment:${before?.id}`);
  });
});

describe('Node ids in payloads of writes', () => {
  it('gives a guarantor added through the graph the id node() finds it by, from the ledger at no partner call', async () => {
    const graph = await startTestGraph();
    try {
      const id = graph.sandbox.demo.find((p) => p.label === 'approved')?.id ?? '';
      const added = await graph.execute<{ addGuarantor: { guarantor: Entity & { upstreamId: string | null }; userErrors: unknown[] } }>(
        keyed(
          `mutation($id: ID!) { addGuarantor(input: { proposalId: $id, name: "Gil Garante", document: "111.444.777-35", state: "sp", individual: { email: "gil@example.com", monthlyIncome: "8500.50" } }) { guarantor { __typename id upstreamId } userErrors { code field } } }`,
        ),
        { id },
      );
      expect(added.data?.addGuarantor.userErrors).toEqual([]);
      const guarantor = added.data?.addGuarantor.guarantor as Entity;
      await graph.admin.resetCalls();
      const found = await graph.execute<{ node: unknown }>('query($id: ID!) { node(id: $id) { __typename id } }', { id: guarantor.id });
      expect(found.data?.node).toEqual({ __typename: 'Guarantor', id: guarantor.id });
      expect((await graph.admin.calls()).total).toBe(0);

      // A person, by the opaque id Proposal.client gives (this development caller holds registry.read).
      const disbursed = graph.sandbox.demo.find((p) => p.label === 'disbursed')?.id ?? '';
      const person =
        (await graph.execute<{ proposal: { client: { id: string } } }>('query($id: ID!) { proposal(id: $id) { client { id } } }', { id: disbursed })).data
          ?.proposal.client.id ?? '';
      await graph.admin.resetCalls();
      const again = await graph.execute<{ node: unknown }>('query($id: ID!) { node(id: $id) { __typename id } }', { id: person });
      expect(again.data?.node).toEqual({ __typename: 'Person', id: person });
      expect((await graph.admin.calls()).total).toBe(0);
    } finally {
      await graph.close();
    }
  });
});
