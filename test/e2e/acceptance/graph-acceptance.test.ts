import { DEVELOPMENT_PERSON_ID_SECRET } from '../../../src/config/index.js';
import { createPersonIds } from '../../../src/graphql/common/person-id.js';
import { randomUUID } from 'node:crypto';
import { keyed } from '../../helpers/keys.js';
/**
 * Black-box acceptance of the credit graph, written from the requirements, README.md,
 * docs/errors.md and the schema descriptions only. Every request goes over HTTP to the real app
 * (test/helpers/graph.ts: sandbox + graph on port 0); upstream calls are read from the sandbox's
 * own counter (`/_sandbox/calls`), proposals from `/_sandbox/proposals`.
 */
import { readFileSync } from 'node:fs';
import { parse, type GraphQLFormattedError } from 'graphql';
import { startTestGraph, type GraphResponse, type TestGraph } from '../../helpers/graph.js';

/** Carla's Person.id as the test graph (development PERSON_ID_SECRET) issues it: the entity key. */
const CARLA_ID = createPersonIds(DEVELOPMENT_PERSON_ID_SECRET).encode('39053344705');

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const MONEY = /^-?\d+\.\d{2,}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are indexed freely
type Data = any;

interface UserError {
  code: string;
  field: string[] | null;
  message: string;
  upstreamCode: string | null;
}

/** Demo proposal ids by their operation code (the sandbox seeds them; the banner lists them). */
interface Demo {
  approved: string;
  underReview: string;
  disbursed: string;
  fgtsDisbursed: string;
  ceded: string;
}

async function demoIds(graph: TestGraph): Promise<Demo> {
  const all = await graph.admin.proposals();
  const byCode = (code: string): string => {
    const found = all.find((proposal) => proposal.codigoOperacao === code);
    if (found === undefined) {
      throw new Error(`demo proposal ${code} missing`);
    }
    return found.codigo;
  };
  return {
    approved: byCode('DEMO-APPROVED'),
    underReview: byCode('DEMO-UNDER-REVIEW'),
    disbursed: byCode('DEMO-DISBURSED'),
    fgtsDisbursed: byCode('DEMO-FGTS-DISBURSED'),
    ceded: byCode('DEMO-CEDED'),
  };
}

/** Runs `run` between a reset and a read of the sandbox call counter. */
async function counted<T>(graph: TestGraph, run: () => Promise<T>): Promise<{ result: T; calls: Awaited<ReturnType<TestGraph['admin']['calls']>> }> {
  await graph.admin.resetCalls();
  const result = await run();
  return { result, calls: await graph.admin.calls() };
}

function ok(response: GraphResponse<Data>): Data {
  expect(response.errors).toBeUndefined();
  expect(response.status).toBe(200);
  return response.data;
}

function codes(errors: readonly GraphQLFormattedError[] | undefined): unknown[] {
  return (errors ?? []).map((error) => error.extensions?.code);
}

/** Cents of a Decimal string, exactly (no float arithmetic). */
function cents(decimal: string): number {
  expect(decimal).toMatch(MONEY);
  const [units = '0', fraction = '00'] = decimal.split('.');
  return Number(units) * 100 + Number(fraction.slice(0, 2));
}

/**
 * The disbursed demo proposal's installment amounts by number, as the partner scheduled them: they
 * follow the day the demo was created (its first due date), so a boleto's amount is compared with
 * the schedule's, to the cent, not with a figure of one calendar day.
 */
async function installmentAmounts(): Promise<Map<number, string>> {
  const data = ok(await graph.execute('query ($id: ID!) { proposal(id: $id) { installments { number amount } } }', { id: demo.disbursed }));
  return new Map(data.proposal.installments.map((installment: Data) => [installment.number as number, installment.amount as string]));
}

const CREATE = /* GraphQL */ `
  mutation Create($key: String!, $input: CreateProposalInput!) {
    createProposal(idempotencyKey: $key, input: $input) {
      proposal {
        id
        number
        operationCode
        situation
        situationCode
        financedAmount
      }
      userErrors {
        code
        field
        message
        upstreamCode
      }
    }
  }
`;

function proposalInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { clientDocument: '529.982.247-25', contractType: 'CP', installments: 6, monthlyInterestRate: '1.99', requestedAmount: '1000.00', ...overrides };
}

let graph: TestGraph;
let demo: Demo;

beforeAll(async () => {
  graph = await startTestGraph({ env: { READ_CACHE: 'off' } });
  demo = await demoIds(graph);
});

afterAll(async () => {
  await graph.close();
});

afterEach(async () => {
  await graph.admin.clearFaults();
});

describe('lazy and minimal upstream calls', () => {
  it('a query selecting only installments of one proposal costs exactly 1 call (ConsultarParcelas)', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute('query ($id: ID!) { proposal(id: $id) { installments { number amount dueDate } } }', { id: demo.disbursed }),
    );
    const data = ok(result);
    expect(data.proposal.installments).toHaveLength(12);
    expect(data.proposal.installments[0]).toEqual({ number: 1, amount: expect.stringMatching(MONEY), dueDate: expect.stringMatching(DAY) });
    expect(calls.total).toBe(1);
    expect(calls.operations).toEqual({ '/Proposta/ConsultarParcelas': 1 });
  });

  it('core fields + installments + agenda cost exactly 3 calls, all in flight together', async () => {
    // With 150 ms of latency per call the three overlap: the sandbox's most-in-flight count proves it
    // without timing the request (how long it takes is the benchmark's business, not a test's).
    await graph.admin.setFaults({ latencyMs: 150 });
    const { result, calls } = await counted(graph, () =>
      graph.execute(
        `query ($id: ID!) { proposal(id: $id) {
          id number situation situationCode financedAmount
          installments { number amount }
          agenda { installments(numbers: [1, 2]) { number balance } }
        } }`,
        { id: demo.disbursed },
      ),
    );
    const data = ok(result);
    expect(data.proposal).toMatchObject({ id: demo.disbursed, number: 100003, situation: 'DISBURSED', situationCode: 9 });
    expect(data.proposal.agenda.installments.map((item: Data) => item.number)).toEqual([1, 2]);
    // Folding: the disbursed proposal's agenda carries the selected core fields and installments.
    expect(calls.total).toBe(1);
    expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
    expect(calls.maxInFlight).toBe(1);
  });

  it('the same proposal under two aliases costs no more calls than once', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute(
        `query ($id: ID!) {
          a: proposal(id: $id) { id situation installments { number } agenda { installmentCount } }
          b: proposal(id: $id) { number financedAmount installments { amount } agenda { totalPaid installments(numbers: [2]) { balance } } }
        }`,
        { id: demo.disbursed },
      ),
    );
    const data = ok(result);
    expect(data.a.installments).toHaveLength(12);
    expect(data.b.number).toBe(100003);
    expect(calls.total).toBe(1);
    expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
  });

  it('Proposal.agenda, Installment.agenda and client share one ConsultarDetalhes per proposal', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute(
        `query ($id: ID!) { proposal(id: $id) {
          agenda { clientName installments(numbers: [1]) { balance } }
          client { document }
          installments { number agenda { number balance } }
        } }`,
        { id: demo.disbursed },
      ),
    );
    const data = ok(result);
    expect(data.proposal.client.document).toMatch(/^\d{11}$/);
    expect(data.proposal.installments.map((item: Data) => item.agenda.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data.proposal.installments[0].agenda.balance).toBe('0.00');
    expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
  });

  it('an unknown proposal is null after one call', async () => {
    const core = await counted(graph, () => graph.execute('query ($id: ID!) { proposal(id: $id) { id situation financedAmount } }', { id: UNKNOWN_ID }));
    expect(ok(core.result)).toEqual({ proposal: null });
    expect(core.calls.total).toBe(1);
    expect(core.calls.operations).toEqual({ '/FGTS/ConsultaProposta': 1 });

    const installments = await counted(graph, () => graph.execute('query ($id: ID!) { proposal(id: $id) { installments { number } } }', { id: UNKNOWN_ID }));
    expect(ok(installments.result)).toEqual({ proposal: null });
    expect(installments.calls.total).toBe(1);
  });

  it('proposals of 20 disbursed ids with installments and each installment agenda cost 20 calls: one agenda per proposal carries its installments (never one per installment)', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const created = ok(await graph.execute(CREATE, { key: `acceptance-bulk-${index}`, input: proposalInput({ installments: 2 + (index % 5) }) }));
      expect(created.createProposal.userErrors).toEqual([]);
      ids.push(created.createProposal.proposal.id);
      await graph.admin.setSituation(created.createProposal.proposal.id, 9);
    }
    // Each read held 1 s at the sandbox, so all 20 are seen in flight together even when a loaded
    // machine (two suites at once) takes several hundred ms to send them: 150 ms saw 18 of 20.
    await graph.admin.setFaults({ latencyMs: 1000 });
    const { result, calls } = await counted(graph, () =>
      graph.execute('query ($ids: [ID!]!) { proposals(ids: $ids) { id installments { number agenda { number balance } } } }', { ids }),
    );
    const data = ok(result);
    expect(data.proposals.map((proposal: Data) => proposal.id)).toEqual(ids);
    data.proposals.forEach((proposal: Data, index: number) => {
      expect(proposal.installments).toHaveLength(2 + (index % 5));
      for (const installment of proposal.installments) {
        expect(installment.agenda.number).toBe(installment.number);
        expect(installment.agenda.balance).toMatch(MONEY);
      }
    });
    expect(calls.total).toBe(20);
    expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 20 });
    expect(calls.maxInFlight).toBeGreaterThanOrEqual(20);
  });

  it('proposals keeps the order asked, gives null for an unknown id, and a repeated id costs one read', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute('query ($ids: [ID!]!) { proposals(ids: $ids) { id number situation } }', {
        ids: [demo.ceded, UNKNOWN_ID, demo.disbursed, demo.ceded, demo.approved],
      }),
    );
    expect(ok(result).proposals).toEqual([
      { id: demo.ceded, number: 100005, situation: 'CEDED' },
      null,
      { id: demo.disbursed, number: 100003, situation: 'DISBURSED' },
      { id: demo.ceded, number: 100005, situation: 'CEDED' },
      { id: demo.approved, number: 100001, situation: 'APPROVED' },
    ]);
    expect(calls.operations).toEqual({ '/FGTS/ConsultaProposta': 4 });
  });

  it('proposals is bounded: 50 ids are served, 51 are BAD_USER_INPUT before any call', async () => {
    const idsOf = (count: number): string[] => Array.from({ length: count }, (_, index) => `${String(index + 1).padStart(8, '0')}-0000-4000-8000-000000000000`);
    const fifty = await counted(graph, () => graph.execute('query ($ids: [ID!]!) { proposals(ids: $ids) { situation } }', { ids: idsOf(50) }));
    expect(ok(fifty.result).proposals).toEqual(Array.from({ length: 50 }, () => null));
    expect(fifty.calls.total).toBe(50);

    const over = await counted(graph, () => graph.execute('query ($ids: [ID!]!) { proposals(ids: $ids) { situation } }', { ids: idsOf(51) }));
    expect(codes(over.result.errors)).toEqual(['BAD_USER_INPUT']);
    expect(over.calls.total).toBe(0);
  });

  it('looks a proposal up by operationCode, and checks number against the record', async () => {
    const byCode = await counted(graph, () =>
      graph.execute('{ proposalByOperationCode(operationCode: "DEMO-DISBURSED") { id number operationCode situation } }'),
    );
    expect(ok(byCode.result).proposalByOperationCode).toEqual({ id: demo.disbursed, number: 100003, operationCode: 'DEMO-DISBURSED', situation: 'DISBURSED' });
    expect(byCode.calls.total).toBe(1);

    expect(ok(await graph.execute('query ($id: ID!) { proposal(id: $id, number: 100003) { number } }', { id: demo.disbursed })).proposal).toEqual({
      number: 100003,
    });
    expect(ok(await graph.execute('query ($id: ID!) { proposal(id: $id, number: 100002) { number } }', { id: demo.disbursed })).proposal).toBeNull();
    expect(
      ok(await graph.execute('query ($id: ID!) { proposal(id: $id, operationCode: "DEMO-APPROVED") { id } }', { id: demo.disbursed })).proposal,
    ).toBeNull();
  });

  it('boletos: one ConsultarBoletos per includeCancelled value, numbers filtered without another call', async () => {
    const amounts = await installmentAmounts();
    const { result, calls } = await counted(graph, () =>
      graph.execute(
        `query ($id: ID!) { proposal(id: $id) {
          all: boletos { number digitableLine amount dueDate installmentNumbers }
          two: boletos(numbers: [5000001]) { number }
          cancelledToo: boletos(includeCancelled: true) { number }
        } }`,
        { id: demo.disbursed },
      ),
    );
    const data = ok(result);
    expect(data.proposal.all[0]).toEqual({
      number: 5000001,
      digitableLine: expect.stringMatching(/^\d{47}$/),
      amount: amounts.get(2),
      dueDate: expect.stringMatching(DAY),
      installmentNumbers: [2],
    });
    expect(data.proposal.two).toEqual([{ number: 5000001 }]);
    expect(calls.operations).toEqual({ '/AgendaRecebivel/ConsultarBoletos': 2 });
  });

  it('a proposal that is not disbursed has a null agenda, null client and null Installment.agenda', async () => {
    const data = ok(
      await graph.execute('query ($id: ID!) { proposal(id: $id) { agenda { totalPaid } client { document } installments { agenda { balance } } } }', {
        id: demo.approved,
      }),
    );
    expect(data.proposal.agenda).toBeNull();
    expect(data.proposal.client).toBeNull();
    expect(data.proposal.installments.every((item: Data) => item.agenda === null)).toBe(true);
  });
});

describe('the surface: fixed names, scalars, descriptions', () => {
  it('has the fixed field names (introspection)', async () => {
    const fieldsOf = async (name: string): Promise<string[]> => {
      const data = ok(await graph.execute(`{ __type(name: "${name}") { fields(includeDeprecated: true) { name } } }`));
      return data.__type.fields.map((field: Data) => field.name);
    };
    expect(await fieldsOf('Proposal')).toEqual(
      expect.arrayContaining([
        'id',
        'number',
        'operationCode',
        'situation',
        'situationCode',
        'financedAmount',
        'installments',
        'agenda',
        'boletos',
        'client',
        'paymentEntries',
        'fgtsCancellations',
      ]),
    );
    expect(await fieldsOf('Installment')).toEqual(expect.arrayContaining(['number', 'amount', 'dueDate', 'agenda']));
    expect(await fieldsOf('AgendaDetail')).toEqual(expect.arrayContaining(['installments']));
    expect(await fieldsOf('AgendaInstallment')).toEqual(expect.arrayContaining(['number', 'balance', 'boletos', 'pix', 'entries']));
    expect(await fieldsOf('Boleto')).toEqual(expect.arrayContaining(['number', 'digitableLine', 'amount', 'dueDate']));
    // Per-mutation codes: CreditUserError is the interface of what every mutation's error shares; code is each one's enum.
    expect(await fieldsOf('CreditUserError')).toEqual(expect.arrayContaining(['field', 'message', 'messageKey', 'upstreamCode', 'legacyCode']));
    expect(await fieldsOf('PaymentUserError')).toEqual(expect.arrayContaining(['code', 'field', 'message', 'messageKey', 'upstreamCode', 'legacyCode']));
    expect(await fieldsOf('Query')).toEqual(
      expect.arrayContaining(['proposal', 'proposals', 'person', 'registrationRecord', 'bureauReport', 'simulateProposal']),
    );

    const mutations = ok(await graph.execute('{ __type(name: "Mutation") { fields { name args { name } type { ofType { name fields { name } } } } } }'));
    const expected = [
      'createProposal',
      'addGuarantor',
      'inviteSigners',
      'registerSignedSigners',
      'attachDocument',
      'cancelFgtsProposal',
      'registerInstallmentPayment',
      'registerInstallmentPayments',
      'generateBoletos',
      'generateSingleBoleto',
    ];
    for (const name of expected) {
      const field = mutations.__type.fields.find((candidate: Data) => candidate.name === name);
      expect(field).toBeDefined();
      expect(field.args.map((arg: Data) => arg.name)).toContain('idempotencyKey');
      expect(field.type.ofType.fields.map((payloadField: Data) => payloadField.name)).toContain('userErrors');
    }
  });

  it('every type and field of schema/schema.graphql has a description, every field naming its upstream field', () => {
    const document = parse(readFileSync('schema/schema.graphql', 'utf8'));
    const missing: string[] = [];
    const noUpstream: string[] = [];
    for (const definition of document.definitions) {
      if (!('name' in definition) || definition.name === undefined) {
        continue;
      }
      const typeName = definition.name.value;
      if (typeName !== 'Query' && typeName !== 'Mutation' && typeName !== 'Subscription' && !('description' in definition && definition.description)) {
        missing.push(typeName);
      }
      const fields = 'fields' in definition && definition.fields !== undefined ? definition.fields : [];
      for (const field of fields) {
        const description = field.description?.value;
        if (description === undefined || description === '') {
          missing.push(`${typeName}.${field.name.value}`);
        } else if (!/Upstream/i.test(description)) {
          noUpstream.push(`${typeName}.${field.name.value}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(noUpstream).toEqual([]);
  });

  it('money is a Decimal string to the cent, times are ISO DateTime, codes keep their raw integer', async () => {
    const data = ok(
      await graph.execute(
        `query ($id: ID!) { proposal(id: $id) {
          situation situationCode financedAmount totalDebtAmount createdAt
          installments { amount dueDate }
          agenda { proposalSituation proposalSituationCode }
        } }`,
        { id: demo.disbursed },
      ),
    );
    expect(data.proposal.situation).toBe('DISBURSED');
    expect(data.proposal.situationCode).toBe(9);
    expect(data.proposal.agenda).toEqual({ proposalSituation: 'DISBURSED', proposalSituationCode: 9 });
    expect(data.proposal.financedAmount).toMatch(MONEY);
    expect(data.proposal.createdAt).toMatch(ISO);
    const total = data.proposal.installments.reduce((sum: number, item: Data) => sum + cents(item.amount), 0);
    expect(total).toBe(cents(data.proposal.totalDebtAmount));
  });

  it('person, registrationRecord, bureauReport and simulateProposal answer with one call each', async () => {
    const person = await counted(graph, () => graph.execute('{ person(document: "390.533.447-05") { document name } }'));
    expect(ok(person.result).person.document).toBe('39053344705');
    expect(person.calls.operations).toEqual({ '/Pessoa/ConsultarPessoa': 1 });

    const onlyDocument = await counted(graph, () => graph.execute('{ person(document: "39053344705") { document } }'));
    expect(ok(onlyDocument.result).person).toEqual({ document: '39053344705' });
    expect(onlyDocument.calls.total).toBe(0);

    const registry = await counted(graph, () =>
      graph.execute('{ registrationRecord(document: "11.222.333/0001-81") { document personType personTypeCode partners { name sharePercent } raw } }'),
    );
    const record = ok(registry.result).registrationRecord;
    expect(record).toMatchObject({ document: '11222333000181', personType: 'COMPANY', personTypeCode: 2 });
    expect(record.partners.length).toBeGreaterThan(0);
    expect(typeof record.raw).toBe('object');
    expect(registry.calls.operations).toEqual({ '/Bureau/ConsultarCadastroBusca': 1 });

    const bureau = await counted(graph, () =>
      graph.execute(
        '{ bureauReport(document: "39053344705") { document score riskBand liabilities { count total items { creditor amount contractDate } } raw } }',
      ),
    );
    const report = ok(bureau.result).bureauReport;
    expect(report.document).toBe('39053344705');
    expect(report.liabilities.items.length).toBeGreaterThan(0);
    expect(report.liabilities.items[0]).toEqual({
      creditor: expect.any(String),
      amount: expect.stringMatching(MONEY),
      contractDate: expect.stringMatching(DAY),
    });
    expect(report.liabilities.total).toMatch(MONEY);
    expect(bureau.calls.operations).toEqual({ '/Bureau/ConsultaBureauCnpj': 1 });

    const simulation = await counted(graph, () =>
      graph.execute(
        '{ simulateProposal(input: { requestedAmount: "1000.00", installments: 6, monthlyInterestRate: "1.99" }) { installmentAmount iofAmount totalCreditAmount totalDebtAmount } }',
      ),
    );
    const values = ok(simulation.result).simulateProposal;
    expect(cents(values.totalCreditAmount)).toBe(100_000 + cents(values.iofAmount));
    expect(simulation.calls.operations).toEqual({ '/Proposta/CalcularValoresProposta': 1 });
  });

  it('invalid read arguments are BAD_USER_INPUT before any call; a partner rejection of a read is UPSTREAM_REJECTED', async () => {
    const badDocument = await counted(graph, () => graph.execute('{ person(document: "39053344706") { name } bureauReport(document: "123") { score } }'));
    expect(codes(badDocument.result.errors)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(badDocument.calls.total).toBe(0);

    const badId = await counted(graph, () => graph.execute('{ proposal(id: "not-a-uuid") { situation } }'));
    expect(codes(badId.result.errors)).toEqual(['BAD_USER_INPUT']);
    expect(badId.calls.total).toBe(0);

    const badAmount = await counted(graph, () =>
      graph.execute('{ simulateProposal(input: { requestedAmount: "0", installments: 6, monthlyInterestRate: "1.99" }) { installmentAmount } }'),
    );
    expect(codes(badAmount.result.errors)).toEqual(['BAD_USER_INPUT']);
    expect(badAmount.calls.total).toBe(0);

    const rejected = await graph.execute(
      '{ simulateProposal(input: { requestedAmount: "1000.00", installments: 6, monthlyInterestRate: "1.99", calculationFormat: 77 }) { installmentAmount } }',
    );
    expect(rejected.errors?.[0]?.extensions).toMatchObject({
      code: 'UPSTREAM_REJECTED',
      upstreamOperation: 'CalcularValoresProposta',
      upstreamCodes: ['T0665/D0022'],
    });
  });
});

describe('mutations', () => {
  const INVITE = /* GraphQL */ `
    mutation Invite($key: String!, $input: InviteSignersInput!) {
      inviteSigners(idempotencyKey: $key, input: $input) {
        signerCount
        pendingSignerCount
        proposal {
          situation
        }
        userErrors {
          code
          field
          message
          upstreamCode
        }
      }
    }
  `;
  const signer = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    name: 'Ana Signer',
    document: '52998224725',
    email: 'ana@example.com',
    mobilePhone: '11987654321',
    ...overrides,
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email' }, ['input', 'signers', '0', 'email'], /^T0668\/D000[16]$/, 'INVALID_EMAIL'],
    ['a 10-digit mobile', { mobilePhone: '1198765432' }, ['input', 'signers', '0', 'mobilePhone'], /^T0668\/D0008$/, 'INVALID_MOBILE'],
    ['a mobile starting with 5', { mobilePhone: '11587654321' }, ['input', 'signers', '0', 'mobilePhone'], /^T0668\/D0010$/, 'INVALID_MOBILE'],
    ['invalid CPF check digits', { document: '52998224724' }, ['input', 'signers', '0', 'document'], /^T0668\/D0004$/, 'INVALID_DOCUMENT'],
    ['an empty name', { name: '' }, ['input', 'signers', '0', 'name'], /^T0668\/D0003$/, 'NAME_MISSING'],
  ])('inviteSigners with %s is refused with its own code, the catalogue code and 0 upstream calls', async (_label, override, field, upstreamCode, code) => {
    const { result, calls } = await counted(graph, () =>
      graph.execute(INVITE, { key: randomUUID(), input: { proposalId: demo.approved, signers: [signer(override)] } }),
    );
    const payload = ok(result).inviteSigners;
    expect(payload.userErrors).toHaveLength(1);
    expect(payload.userErrors[0]).toMatchObject({ code, field });
    expect(payload.userErrors[0].upstreamCode).toMatch(upstreamCode);
    expect(payload.userErrors[0].message).toEqual(expect.any(String));
    expect(calls.total).toBe(0);
  });

  it('inviteSigners with no signers is C0060/V0001 before any call', async () => {
    const { result, calls } = await counted(graph, () => graph.execute(INVITE, { key: randomUUID(), input: { proposalId: demo.approved, signers: [] } }));
    expect(ok(result).inviteSigners.userErrors).toEqual([
      expect.objectContaining({ code: 'NO_SIGNERS', field: ['input', 'signers'], upstreamCode: 'C0060/V0001' }),
    ]);
    expect(calls.total).toBe(0);
  });

  it('inviteSigners on a proposal that is not approved is a REJECTED userError (C0060), not a GraphQL error', async () => {
    const underReview = await counted(graph, () => graph.execute(INVITE, { key: randomUUID(), input: { proposalId: demo.underReview, signers: [signer()] } }));
    expect(ok(underReview.result).inviteSigners.userErrors).toEqual([
      { code: 'NOT_APPROVED', field: null, message: expect.any(String), upstreamCode: 'C0060/V0003' },
    ]);
    expect(underReview.calls.operations).toEqual({ '/Proposta/IncluirAssinaturaCCB': 1 });

    const disbursed = ok(await graph.execute(INVITE, { key: randomUUID(), input: { proposalId: demo.disbursed, signers: [signer()] } }));
    expect(disbursed.inviteSigners.userErrors).toEqual([expect.objectContaining({ code: 'WRONG_SITUATION', upstreamCode: 'C0060/V0002' })]);

    const unknown = ok(await graph.execute(INVITE, { key: randomUUID(), input: { proposalId: UNKNOWN_ID, signers: [signer()] } }));
    expect(unknown.inviteSigners.userErrors).toEqual([expect.objectContaining({ code: 'NOT_FOUND', upstreamCode: 'C0112/V0001' })]);
  });

  it('attachDocument with a bad file extension is C0107/V0001 before any call', async () => {
    const ATTACH = 'mutation ($input: AttachDocumentInput!) { attachDocument(input: $input) { document { id } userErrors { code field upstreamCode } } }';
    const content = Buffer.from('hello').toString('base64');
    const { result, calls } = await counted(graph, () =>
      graph.execute(keyed(ATTACH), {
        input: { proposalId: demo.approved, documentTypeCode: 5, fileName: 'cpf.exe', extension: 'exe', contentBase64: content },
      }),
    );
    expect(ok(result).attachDocument).toEqual({
      document: null,
      userErrors: [{ code: 'EXTENSION_NOT_ALLOWED', field: ['input', 'extension'], upstreamCode: 'C0107/V0001' }],
    });
    expect(calls.total).toBe(0);

    const attached = ok(
      await graph.execute(keyed(ATTACH), {
        input: { proposalId: demo.approved, documentTypeCode: 5, fileName: 'cpf.pdf', extension: 'pdf', contentBase64: content },
      }),
    );
    expect(attached.attachDocument.userErrors).toEqual([]);
    expect(attached.attachDocument.document.id).toEqual(expect.any(String));
  });

  it('createProposal validates CPF check digits, contract type, amount and term before any call (T0665)', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute(CREATE, {
        key: randomUUID(),
        input: proposalInput({ clientDocument: '529.982.247-24', contractType: '', requestedAmount: '0', installments: 0 }),
      }),
    );
    const upstreamCodes = ok(result)
      .createProposal.userErrors.map((error: UserError) => error.upstreamCode)
      .sort();
    expect(upstreamCodes).toEqual(['T0665/D0002', 'T0665/D0019', 'T0665/D0020', 'T0665/D0021']);
    expect(ok(result).createProposal.proposal).toBeNull();
    expect(calls.total).toBe(0);
  });

  it('the same idempotencyKey twice creates one proposal', async () => {
    const before = (await graph.admin.proposals()).length;
    const first = ok(await graph.execute(CREATE, { key: 'acceptance-create-once', input: proposalInput({ operationCode: 'ACCEPT-ONCE' }) }));
    const second = ok(await graph.execute(CREATE, { key: 'acceptance-create-once', input: proposalInput({ operationCode: 'ACCEPT-ONCE' }) }));
    expect(first.createProposal.userErrors).toEqual([]);
    expect(second.createProposal.proposal.id).toBe(first.createProposal.proposal.id);
    expect(first.createProposal.proposal).toMatchObject({ operationCode: 'ACCEPT-ONCE', situation: 'UNDER_REVIEW', situationCode: 1 });
    expect((await graph.admin.proposals()).length).toBe(before + 1);
  });

  it('the same idempotencyKey sent by concurrent requests creates one proposal', async () => {
    const before = (await graph.admin.proposals()).length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => graph.execute(CREATE, { key: 'acceptance-create-concurrent', input: proposalInput() })));
    const ids = new Set(answers.map((answer) => ok(answer).createProposal.proposal.id));
    expect(ids.size).toBe(1);
    expect((await graph.admin.proposals()).length).toBe(before + 1);
  });

  it('invite then register signed signers: the payload proposal is read fresh (APPROVED then FINALIZED)', async () => {
    const created = ok(await graph.execute(CREATE, { key: 'acceptance-signers', input: proposalInput() })).createProposal.proposal;
    // Before the partner's credit analysis has approved it, signers are refused (C0060/V0003).
    const early = ok(await graph.execute(INVITE, { key: 'acceptance-invite-early', input: { proposalId: created.id, signers: [signer()] } })).inviteSigners;
    expect(early.userErrors).toEqual([expect.objectContaining({ code: 'NOT_APPROVED', upstreamCode: 'C0060/V0003' })]);
    await graph.admin.concludeAnalyses();
    const invited = ok(await graph.execute(INVITE, { key: 'acceptance-invite', input: { proposalId: created.id, signers: [signer()] } })).inviteSigners;
    expect(invited.userErrors).toEqual([]);
    expect([invited.signerCount, invited.pendingSignerCount]).toEqual([1, 1]);
    expect(invited.proposal).toEqual({ situation: 'APPROVED' });

    const signed = ok(
      await graph.execute(
        `mutation ($input: RegisterSignedSignersInput!) { registerSignedSigners(idempotencyKey: "acceptance-signed", input: $input) {
          proposal { situation situationCode } userErrors { code upstreamCode } } }`,
        {
          input: {
            proposalId: created.id,
            signers: [{ name: 'Ana Signer', document: '52998224725', email: 'ana@example.com', signedAt: '2026-01-10T10:00:00Z', signingIp: '10.0.0.1' }],
          },
        },
      ),
    ).registerSignedSigners;
    expect(signed).toEqual({ proposal: { situation: 'FINALIZED', situationCode: 6 }, userErrors: [] });
  });

  it('a payment of 100.00 reduces the balance by exactly 100.00, once per idempotencyKey', async () => {
    const before = ok(
      await graph.execute('query ($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [11]) { balance totalPaid } } } }', { id: demo.disbursed }),
    ).proposal.agenda.installments[0];
    const PAY = `mutation ($id: ID!) { registerInstallmentPayment(idempotencyKey: "acceptance-pay-11",
      input: { proposalId: $id, payment: { installmentNumber: 11, amount: "100.00", description: "Acceptance" } }) {
      installments { number balance totalPaid entries { paymentAmount description } } userErrors { code upstreamCode } } }`;
    const first = await counted(graph, () => graph.execute(PAY, { key: randomUUID(), id: demo.disbursed }));
    const paid = ok(first.result).registerInstallmentPayment;
    expect(paid.userErrors).toEqual([]);
    expect(paid.installments).toHaveLength(1);
    expect(cents(before.balance) - cents(paid.installments[0].balance)).toBe(10_000);
    expect(cents(paid.installments[0].totalPaid) - cents(before.totalPaid)).toBe(10_000);
    expect(paid.installments[0].entries).toContainEqual({ paymentAmount: '100.00', description: 'Acceptance' });
    expect(first.calls.operations['/AgendaRecebivel/IncluirLancamentoParcela']).toBe(1);

    const again = ok(await graph.execute(PAY, { key: randomUUID(), id: demo.disbursed })).registerInstallmentPayment;
    expect(again.installments[0].balance).toBe(paid.installments[0].balance);
    const after = ok(
      await graph.execute('query ($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [11]) { balance } } } }', { id: demo.disbursed }),
    );
    expect(after.proposal.agenda.installments[0].balance).toBe(paid.installments[0].balance);
  });

  it('after a mutation, reads of the same proposal later in the same request see fresh data', async () => {
    const data = ok(
      await graph.execute(
        `mutation ($id: ID!) {
          first: registerInstallmentPayment(idempotencyKey: "acceptance-fresh-a", input: { proposalId: $id, payment: { installmentNumber: 12, amount: "10.00" } }) {
            proposal { agenda { installments(numbers: [12]) { balance } } } userErrors { code }
          }
          second: registerInstallmentPayment(idempotencyKey: "acceptance-fresh-b", input: { proposalId: $id, payment: { installmentNumber: 12, amount: "0.01" } }) {
            proposal { agenda { installments(numbers: [12]) { balance totalPaid } } } installments { balance } userErrors { code }
          }
        }`,
        { id: demo.disbursed },
      ),
    );
    const firstBalance = data.first.proposal.agenda.installments[0].balance;
    const secondBalance = data.second.proposal.agenda.installments[0].balance;
    expect(cents(firstBalance) - cents(secondBalance)).toBe(1);
    expect(data.second.installments[0].balance).toBe(secondBalance);
    expect(data.second.proposal.agenda.installments[0].totalPaid).toBe('10.01');
  });

  it('payments of several installments apply all or none', async () => {
    const PAYMENTS = `mutation ($id: ID!, $payments: [InstallmentPaymentInput!]!) {
      registerInstallmentPayments(input: { proposalId: $id, payments: $payments }) { installments { number balance } userErrors { code upstreamCode } } }`;
    const read = async (): Promise<string[]> =>
      ok(
        await graph.execute('query ($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [9, 10]) { balance } } } }', { id: demo.disbursed }),
      ).proposal.agenda.installments.map((item: Data) => item.balance);
    const before = await read();
    const refused = ok(
      await graph.execute(keyed(PAYMENTS), {
        id: demo.disbursed,
        payments: [
          { installmentNumber: 9, amount: '1.00' },
          { installmentNumber: 10, amount: '99999.00' },
        ],
      }),
    ).registerInstallmentPayments;
    expect(refused.installments).toEqual([]);
    expect(refused.userErrors).toEqual([{ code: 'OVER_BALANCE', upstreamCode: 'C0202/V0002' }]);
    expect(await read()).toEqual(before);

    const accepted = ok(
      await graph.execute(keyed(PAYMENTS), {
        id: demo.disbursed,
        payments: [
          { installmentNumber: 9, amount: '200.00' },
          { installmentNumber: 10, amount: '0.50' },
        ],
      }),
    ).registerInstallmentPayments;
    expect(accepted.userErrors).toEqual([]);
    expect(accepted.installments.map((item: Data) => cents(item.balance))).toEqual([cents(before[0] ?? '') - 20_000, cents(before[1] ?? '') - 50]);
  });

  it('a non-positive payment is INVALID_INPUT before any call; a payment on a proposal without agenda is C0200/V0001', async () => {
    const PAY =
      'mutation ($id: ID!, $amount: Decimal!) { registerInstallmentPayment(input: { proposalId: $id, payment: { installmentNumber: 6, amount: $amount } }) { userErrors { code field upstreamCode } } }';
    const zero = await counted(graph, () => graph.execute(keyed(PAY), { id: demo.disbursed, amount: '0' }));
    expect(ok(zero.result).registerInstallmentPayment.userErrors).toEqual([
      expect.objectContaining({ code: 'AMOUNT_NOT_POSITIVE', field: ['input', 'payment', 'amount'] }),
    ]);
    expect(zero.calls.total).toBe(0);

    const noAgenda = ok(await graph.execute(keyed(PAY), { id: demo.approved, amount: '1.00' }));
    expect(noAgenda.registerInstallmentPayment.userErrors).toEqual([{ code: 'PROPOSAL_NOT_DISBURSED', field: null, upstreamCode: 'C0200/V0001' }]);
  });

  it('generateBoletos (the README example) issues one boleto, and the same key issues no second one', async () => {
    const GENERATE = `mutation GenerateBoleto($id: ID!) {
      generateBoletos(idempotencyKey: "acceptance-boleto-3", input: { proposalId: $id, installments: [{ number: 3 }] }) {
        boletos { number digitableLine amount dueDate installmentNumbers qrCode { emv } }
        userErrors { code field message upstreamCode }
      }
    }`;
    const amounts = await installmentAmounts();
    const first = ok(await graph.execute(GENERATE, { id: demo.disbursed })).generateBoletos;
    expect(first.userErrors).toEqual([]);
    expect(first.boletos).toEqual([
      {
        number: expect.any(Number),
        digitableLine: expect.stringMatching(/^\d{47}$/),
        amount: amounts.get(3),
        dueDate: expect.stringMatching(DAY),
        installmentNumbers: [3],
        qrCode: { emv: expect.stringMatching(/^000201/) },
      },
    ]);
    const second = ok(await graph.execute(GENERATE, { id: demo.disbursed })).generateBoletos;
    expect(second.boletos.map((boleto: Data) => boleto.number)).toEqual([first.boletos[0].number]);
    const list = ok(await graph.execute('query ($id: ID!) { proposal(id: $id) { boletos { number installmentNumbers } } }', { id: demo.disbursed }));
    expect(list.proposal.boletos.filter((boleto: Data) => boleto.installmentNumbers.includes(3))).toHaveLength(1);
  });

  it('generateSingleBoleto covers several installments for the sum of their balances', async () => {
    const amounts = await installmentAmounts();
    const sum = cents(amounts.get(7) ?? '') + cents(amounts.get(8) ?? '');
    const data = ok(
      await graph.execute(
        'mutation ($id: ID!) { generateSingleBoleto(idempotencyKey: "acceptance-single", input: { proposalId: $id, installmentNumbers: [7, 8] }) { boletos { amount installmentNumbers } userErrors { code } } }',
        { id: demo.disbursed },
      ),
    );
    expect(data.generateSingleBoleto).toEqual({ boletos: [{ amount: (sum / 100).toFixed(2), installmentNumbers: [7, 8] }], userErrors: [] });
  });

  it('addGuarantor: individual and company guarantors, validation before any call', async () => {
    const GUARANTOR =
      'mutation ($key: String!, $input: AddGuarantorInput!) { addGuarantor(idempotencyKey: $key, input: $input) { guarantor { kind name document number } userErrors { code field upstreamCode } } }';
    const individual = ok(
      await graph.execute(GUARANTOR, {
        key: 'acceptance-guarantor-pf',
        input: { proposalId: demo.approved, name: 'Gui', document: '529.982.247-25', individual: { email: 'gui@example.com' } },
      }),
    ).addGuarantor;
    expect(individual).toEqual({ guarantor: { kind: 'INDIVIDUAL', name: 'Gui', document: '52998224725', number: expect.any(Number) }, userErrors: [] });
    const company = ok(
      await graph.execute(GUARANTOR, {
        key: 'acceptance-guarantor-pj',
        input: { proposalId: demo.approved, name: 'Empresa', document: '11.222.333/0001-81', company: { tradeName: 'E' } },
      }),
    ).addGuarantor;
    expect(company.guarantor).toMatchObject({ kind: 'COMPANY', document: '11222333000181' });

    const bad = await counted(graph, () =>
      graph.execute(GUARANTOR, {
        key: randomUUID(),
        input: { proposalId: demo.approved, name: 'Gui', document: '52998224725', individual: { email: 'bad@', mobilePhone: '1198765432' } },
      }),
    );
    const errors = ok(bad.result).addGuarantor.userErrors;
    expect(errors.map((error: UserError) => error.field?.join('.'))).toEqual(
      expect.arrayContaining(['input.individual.email', 'input.individual.mobilePhone']),
    );
    expect(errors.map((error: UserError) => error.code).sort()).toEqual(['INVALID_EMAIL', 'INVALID_MOBILE']);
    expect(bad.calls.total).toBe(0);
  });

  it('cancelFgtsProposal: a ceded proposal is refused (400/28); an FGTS one is cancelled with a return boleto, then 400/27', async () => {
    const CANCEL = `mutation ($key: String!, $id: ID!) { cancelFgtsProposal(idempotencyKey: $key, input: { proposalId: $id, reason: "acceptance" }) {
      returnBoleto proposal { situation situationCode fgtsCancellations { eventTypeCode amount digitableLine } } userErrors { code upstreamCode } } }`;
    const ceded = ok(await graph.execute(CANCEL, { key: randomUUID(), id: demo.ceded })).cancelFgtsProposal;
    expect(ceded.userErrors).toEqual([{ code: 'CANCELLATION_NOT_ALLOWED', upstreamCode: '400/28' }]);

    const cancelled = ok(await graph.execute(CANCEL, { key: 'acceptance-cancel-fgts', id: demo.fgtsDisbursed })).cancelFgtsProposal;
    expect(cancelled.userErrors).toEqual([]);
    expect(cancelled.returnBoleto).toEqual(expect.any(String));
    expect(cancelled.proposal).toMatchObject({ situation: 'CANCELLED', situationCode: 4 });
    expect(cancelled.proposal.fgtsCancellations).toEqual([
      { eventTypeCode: 2, amount: expect.stringMatching(MONEY), digitableLine: expect.stringMatching(/^\d{47}$/) },
    ]);

    const again = ok(await graph.execute(CANCEL, { key: 'acceptance-cancel-fgts-2', id: demo.fgtsDisbursed })).cancelFgtsProposal;
    expect(again.userErrors).toEqual([{ code: 'ALREADY_CANCELLED', upstreamCode: '400/27' }]);
  });

  it('a mutation that failed upstream can be retried with the same key and applies once', async () => {
    const PAY = `mutation ($id: ID!) { registerInstallmentPayment(idempotencyKey: "acceptance-retry-5",
      input: { proposalId: $id, payment: { installmentNumber: 5, amount: "5.00" } }) { installments { balance } userErrors { code } } }`;
    const before = ok(
      await graph.execute('query ($id: ID!) { proposal(id: $id) { agenda { installments(numbers: [5]) { balance } } } }', { id: demo.disbursed }),
    ).proposal.agenda.installments[0].balance;
    await graph.admin.setFaults({ errorRate: 1, operations: ['/AgendaRecebivel/IncluirLancamentoParcela'] });
    const failed = await graph.execute(PAY, { key: randomUUID(), id: demo.disbursed });
    expect(codes(failed.errors)).toEqual(['UPSTREAM_UNAVAILABLE']);
    await graph.admin.clearFaults();
    const retried = ok(await graph.execute(PAY, { key: randomUUID(), id: demo.disbursed })).registerInstallmentPayment;
    expect(cents(before) - cents(retried.installments[0].balance)).toBe(500);
    const replayed = ok(await graph.execute(PAY, { key: randomUUID(), id: demo.disbursed })).registerInstallmentPayment;
    expect(replayed.installments[0].balance).toBe(retried.installments[0].balance);
  });
});

describe('errors', () => {
  const READ = 'query ($id: ID!) { proposal(id: $id) { installments { number } } }';

  it.each([
    [503, 'UPSTREAM_UNAVAILABLE', true],
    [500, 'UPSTREAM_UNAVAILABLE', true],
    [429, 'UPSTREAM_RATE_LIMITED', true],
    [504, 'UPSTREAM_TIMEOUT', true],
    [401, 'UPSTREAM_AUTH_FAILED', false],
  ])('an upstream %i is a GraphQL error with extensions.code %s', async (status, code, retryable) => {
    await graph.admin.setFaults({ errorRate: 1, errorStatus: status, operations: ['/Proposta/ConsultarParcelas'] });
    const response = await graph.execute(READ, { id: demo.disbursed });
    expect(response.status).toBe(200);
    expect(response.errors).toHaveLength(1);
    const error = response.errors?.[0];
    expect(error?.extensions).toMatchObject({ code, retryable, upstreamOperation: 'ConsultarParcelas', upstreamStatus: status });
    expect(JSON.stringify(response.errors)).not.toMatch(/stack|at .*\.(ts|js):\d+|Bearer|IdempotencyKey|127\.0\.0\.1/i);
  });

  it('a 429 with Retry-After gives retryAfterSeconds', async () => {
    await graph.admin.setFaults({ errorRate: 1, errorStatus: 429, retryAfterSeconds: 60, operations: ['/Proposta/ConsultarParcelas'] });
    const response = await graph.execute(READ, { id: demo.disbursed });
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 60 });
  });

  it('a partner slower than UPSTREAM_TIMEOUT_MS is UPSTREAM_TIMEOUT; past GRAPHQL_MAX_UPSTREAM_CALLS a field is UPSTREAM_CALL_BUDGET_EXCEEDED', async () => {
    const small = await startTestGraph({ env: { READ_CACHE: 'off', UPSTREAM_TIMEOUT_MS: '300', GRAPHQL_MAX_UPSTREAM_CALLS: '2' } });
    try {
      const id = (await demoIds(small)).disbursed;
      await small.admin.setFaults({ latencyMs: 1500, operations: ['/Proposta/ConsultarParcelas'] });
      // The code proves the 300 ms deadline ended the call, not the 1500 ms answer.
      const response = await small.execute(READ, { id });
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', upstreamOperation: 'ConsultarParcelas' });
      await small.admin.clearFaults();

      await small.admin.resetCalls();
      const budget = await small.execute(
        'query ($id: ID!) { proposal(id: $id) { situation monthlyInterestRate installments { number paidAt } agenda { totalPaid } } }',
        { id },
      );
      expect(budget.errors).toHaveLength(1);
      expect(budget.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_CALL_BUDGET_EXCEEDED', maxUpstreamCalls: 2 });
      expect(budget.data?.proposal).toMatchObject({ situation: 'DISBURSED' });
      expect((await small.admin.calls()).total).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('every extensions.code met here is listed in docs/errors.md', () => {
    const documented = new Set([...readFileSync('docs/errors.md', 'utf8').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]));
    for (const code of [
      'UPSTREAM_TIMEOUT',
      'UPSTREAM_UNAVAILABLE',
      'UPSTREAM_RATE_LIMITED',
      'UPSTREAM_AUTH_FAILED',
      'UPSTREAM_REJECTED',
      'BAD_USER_INPUT',
      'TOO_MANY_ALIASES',
      'BAD_REQUEST',
      'ROUTE_NOT_FOUND',
      'METHOD_NOT_ALLOWED',
      'UNSUPPORTED_MEDIA_TYPE',
      'INVALID_INPUT',
      'REJECTED',
      'NOT_FOUND',
    ]) {
      expect(documented).toContain(code);
    }
  });
});

describe('HTTP, Apollo Sandbox and limits', () => {
  it('GET /graphql from a browser serves the offline GraphiQL in development, and Apollo Sandbox with ?explorer=apollo', async () => {
    const response = await fetch(graph.url, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('/explorer/graphiql.min.js');
    const apollo = await fetch(`${graph.url}?explorer=apollo`, { headers: { accept: 'text/html' } });
    expect(await apollo.text()).toMatch(/embeddable-sandbox/);
  });

  it('introspection works and CORS allows https://studio.apollographql.com', async () => {
    const data = ok(await graph.execute('{ __schema { queryType { name } mutationType { name } } }'));
    expect(data.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' } });
    const preflight = await fetch(graph.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://studio.apollographql.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://studio.apollographql.com');
  });

  it('CSRF prevention: a text/plain POST and a plain GET are 400 BAD_REQUEST; a preflighted GET works', async () => {
    const textPost = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(textPost.status).toBe(400);
    expect(((await textPost.json()) as Data).errors[0].extensions.code).toBe('BAD_REQUEST');
    const plainGet = await fetch(`${graph.url}?query=${encodeURIComponent('{ __typename }')}`);
    expect(plainGet.status).toBe(400);
    const preflighted = await fetch(`${graph.url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(await preflighted.json()).toEqual({
      data: { __typename: 'Query' },
      extensions: {
        cost: { estimatedUpstreamCalls: 0, upstreamCalls: 0, cacheHits: 0, throttleStatus: expect.objectContaining({ maximumAvailable: expect.any(Number) }) },
        requestId: preflighted.headers.get('x-request-id'),
      },
    });
  });

  it('answers the HTTP-layer codes of the README', async () => {
    const malformed = await fetch(graph.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Data).errors[0].extensions.code).toBe('BAD_REQUEST');
    const notFound = await fetch(`${graph.baseUrl}/nope`);
    expect(notFound.status).toBe(404);
    expect(((await notFound.json()) as Data).errors[0].extensions.code).toBe('ROUTE_NOT_FOUND');
    const wrongMethod = await fetch(graph.url, { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(((await wrongMethod.json()) as Data).errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
    const latin1 = await fetch(graph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{"query":"{ __typename }"}',
    });
    expect(latin1.status).toBe(415);
    expect(await (await fetch(`${graph.baseUrl}/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${graph.baseUrl}/ready`)).json()).toEqual({ status: 'ready', checks: { server: 'ok', upstreamAuth: 'ok', ledger: 'ok' } });
  });

  it('more than 30 aliases is HTTP 400 TOO_MANY_ALIASES before any upstream call', async () => {
    const aliases = Array.from({ length: 31 }, (_, index) => `a${index}: proposal(id: "${UNKNOWN_ID}") { situation }`).join(' ');
    const { result, calls } = await counted(graph, () => graph.execute(`{ ${aliases} }`));
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'TOO_MANY_ALIASES', aliases: 31, maxAliases: 30 });
    expect(calls.total).toBe(0);
  });
});

describe('federation entities', () => {
  it('_entities resolves Proposal and Person references through the same loaders (a repeated id costs one read, unknown is null)', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute('query ($r: [_Any!]!) { _entities(representations: $r) { ... on Proposal { id situation } ... on Person { document name } } }', {
        r: [
          { __typename: 'Proposal', id: demo.disbursed },
          { __typename: 'Proposal', id: demo.disbursed },
          { __typename: 'Proposal', id: UNKNOWN_ID },
          { __typename: 'Person', id: CARLA_ID },
        ],
      }),
    );
    const entities = ok(result)._entities;
    expect(entities[0]).toEqual({ id: demo.disbursed, situation: 'DISBURSED' });
    expect(entities[1]).toEqual(entities[0]);
    expect(entities[2]).toBeNull();
    expect(entities[3]).toEqual({ document: '39053344705', name: expect.any(String) });
    expect(calls.operations).toEqual({ '/FGTS/ConsultaProposta': 2, '/Pessoa/ConsultarPessoa': 1 });
  });
});

describe('README example queries as written', () => {
  it('ProposalWithAgenda: installment 1 paid, a boleto with Pix for installment 2, 1 call (folded into the agenda)', async () => {
    const { result, calls } = await counted(graph, () =>
      graph.execute(
        `query ProposalWithAgenda($id: ID!) {
          proposal(id: $id) {
            id number operationCode situation situationCode financedAmount
            installments { number amount dueDate }
            agenda {
              installments(numbers: [1, 2]) {
                number balance
                boletos { number digitableLine }
                pix { emv }
                entries { postedAt paymentAmount description }
              }
            }
          }
        }`,
        { id: demo.disbursed },
      ),
    );
    const proposal = ok(result).proposal;
    expect(proposal).toMatchObject({
      id: demo.disbursed,
      number: 100003,
      situation: 'DISBURSED',
      situationCode: 9,
      financedAmount: expect.stringMatching(MONEY),
    });
    const [first, second] = proposal.agenda.installments;
    expect(first).toMatchObject({ number: 1, balance: '0.00', boletos: [], pix: [] });
    expect(first.entries).toEqual([{ postedAt: expect.stringMatching(ISO), paymentAmount: proposal.installments[0].amount, description: expect.any(String) }]);
    expect(second.boletos).toEqual([{ number: 5000001, digitableLine: expect.stringMatching(/^\d{47}$/) }]);
    expect(second.pix).toEqual([{ emv: expect.stringMatching(/^000201/) }]);
    expect(calls.total).toBe(1);
  });
});

describe('acceptance findings, fixed', () => {
  const PAY = `mutation ($key: String!, $id: ID!, $n: Int!, $amount: Decimal!) { registerInstallmentPayment(idempotencyKey: $key,
    input: { proposalId: $id, payment: { installmentNumber: $n, amount: $amount } }) { installments { balance } userErrors { code field message upstreamCode } } }`;
  const GENERATE = `mutation ($key: String!, $id: ID!, $n: Int!) { generateBoletos(idempotencyKey: $key, input: { proposalId: $id, installments: [{ number: $n }] }) {
    boletos { number installmentNumbers } userErrors { code field message upstreamCode } } }`;

  async function disbursed(key: string): Promise<string> {
    const created = ok(await graph.execute(CREATE, { key, input: proposalInput() }));
    const id: string = created.createProposal.proposal.id;
    await graph.admin.setSituation(id, 9);
    return id;
  }

  it('money with more than two decimals is refused before any call (payment 1.005, createProposal and simulateProposal 1000.001)', async () => {
    const id = await disbursed('acceptance-fix-decimals');
    const pay = await counted(graph, () => graph.execute(PAY, { key: randomUUID(), id, n: 1, amount: '1.005' }));
    expect(ok(pay.result).registerInstallmentPayment.userErrors).toEqual([
      { code: 'TOO_MANY_DECIMAL_PLACES', field: ['input', 'payment', 'amount'], message: expect.any(String), upstreamCode: null },
    ]);
    expect(pay.calls.total).toBe(0);

    const create = await counted(graph, () => graph.execute(CREATE, { key: randomUUID(), input: proposalInput({ requestedAmount: '1000.001' }) }));
    expect(ok(create.result).createProposal.userErrors.map((error: UserError) => [error.code, error.field])).toEqual([
      ['TOO_MANY_DECIMAL_PLACES', ['input', 'requestedAmount']],
    ]);
    expect(create.calls.total).toBe(0);

    const simulate = await counted(graph, () =>
      graph.execute('{ simulateProposal(input: { requestedAmount: "1000.001", installments: 6, monthlyInterestRate: "1.99" }) { installmentAmount } }'),
    );
    expect(codes(simulate.result.errors)).toEqual(['BAD_USER_INPUT']);
    expect(simulate.calls.total).toBe(0);
  });

  it('an unknown proposal selecting only id, __typename or operationCode is null after one ConsultaProposta; so is proposals(ids) { id }', async () => {
    for (const selection of ['id', '__typename', 'operationCode']) {
      const one = await counted(graph, () => graph.execute(`query ($id: ID!) { proposal(id: $id) { ${selection} } }`, { id: UNKNOWN_ID }));
      expect(ok(one.result)).toEqual({ proposal: null });
      expect(one.calls.operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
    }
    const list = await counted(graph, () => graph.execute('query ($ids: [ID!]!) { proposals(ids: $ids) { id } }', { ids: [UNKNOWN_ID, demo.approved] }));
    expect(ok(list.result)).toEqual({ proposals: [null, { id: demo.approved }] });
    expect(list.calls.operations).toEqual({ '/FGTS/ConsultaProposta': 2 });

    const shared = await counted(graph, () => graph.execute('query ($id: ID!) { proposal(id: $id) { id financedAmount } }', { id: demo.disbursed }));
    expect(ok(shared.result).proposal).toEqual({ id: demo.disbursed, financedAmount: expect.stringMatching(MONEY) });
    expect(shared.calls.total).toBe(1);
  });

  it('an idempotencyKey reused with another input is IDEMPOTENCY_KEY_REUSED after 0 calls; the same input still replays', async () => {
    const id = await disbursed('acceptance-fix-reuse');
    const first = ok(await graph.execute(GENERATE, { key: 'acceptance-fix-reuse-k', id, n: 3 })).generateBoletos;
    expect(first.boletos.map((boleto: Data) => boleto.installmentNumbers)).toEqual([[3]]);
    const reused = await counted(graph, () => graph.execute(GENERATE, { key: 'acceptance-fix-reuse-k', id, n: 6 }));
    expect(ok(reused.result).generateBoletos).toEqual({
      boletos: [],
      userErrors: [{ code: 'IDEMPOTENCY_KEY_REUSED', field: ['idempotencyKey'], message: expect.any(String), upstreamCode: 'I0001/V0001' }],
    });
    expect(reused.calls.total).toBe(0);
    const replay = ok(await graph.execute(GENERATE, { key: 'acceptance-fix-reuse-k', id, n: 3 })).generateBoletos;
    expect(replay.boletos.map((boleto: Data) => boleto.number)).toEqual(first.boletos.map((boleto: Data) => boleto.number));
  });

  it('partner rejections name the graph input field and the English meaning of sandbox-observed codes', async () => {
    const id = await disbursed('acceptance-fix-field');
    const over = await counted(graph, () => graph.execute(PAY, { key: randomUUID(), id, n: 2, amount: '99999.00' }));
    expect(ok(over.result).registerInstallmentPayment.userErrors).toEqual([
      {
        code: 'OVER_BALANCE',
        field: ['input', 'payment', 'amount'],
        message: 'The payment plus the discount exceeds the installment balance.',
        upstreamCode: 'C0202/V0002',
      },
    ]);
    // One write, after the agenda read it records for in-doubt resolution (docs/in-doubt.md).
    expect(over.calls.operations).toEqual({ '/AgendaRecebivel/IncluirLancamentoParcela': 1, '/AgendaRecebivel/ConsultarDetalhes': 1 });
  });

  it('input refused before any call carries the partner code: C0202/V0001, C0201/V0003, T0665/D0002, C0068/V0002', async () => {
    const { result, calls } = await counted(graph, async () => ({
      zero: ok(await graph.execute(PAY, { key: randomUUID(), id: demo.disbursed, n: 6, amount: '0' })).registerInstallmentPayment.userErrors,
      empty: ok(
        await graph.execute(keyed('mutation ($id: ID!) { generateBoletos(input: { proposalId: $id, installments: [] }) { userErrors { upstreamCode } } }'), {
          id: demo.disbursed,
        }),
      ).generateBoletos.userErrors,
      guarantor: ok(
        await graph.execute(keyed('mutation ($input: AddGuarantorInput!) { addGuarantor(input: $input) { userErrors { upstreamCode } } }'), {
          input: { proposalId: demo.approved, name: 'Gui', document: '52998224724' },
        }),
      ).addGuarantor.userErrors,
      base64: ok(
        await graph.execute(keyed('mutation ($input: AttachDocumentInput!) { attachDocument(input: $input) { userErrors { upstreamCode } } }'), {
          input: { proposalId: demo.approved, documentTypeCode: 5, fileName: 'cpf.pdf', extension: 'pdf', contentBase64: '%%%' },
        }),
      ).attachDocument.userErrors,
    }));
    expect(result.zero.map((error: UserError) => error.upstreamCode)).toEqual(['C0202/V0001']);
    expect(result.empty).toEqual([{ upstreamCode: 'C0201/V0003' }]);
    expect(result.guarantor).toEqual([{ upstreamCode: 'T0665/D0002' }]);
    expect(result.base64).toEqual([{ upstreamCode: 'C0068/V0002' }]);
    expect(calls.total).toBe(0);
  });

  it('enum values describe the upstream code they stand for', async () => {
    const data = ok(
      await graph.execute(`{ g: __type(name: "GuarantorKind") { enumValues { name description } } p: __type(name: "PersonType") { enumValues { name description } }
        u: __type(name: "UserErrorCode") { enumValues { name description } } }`),
    );
    for (const type of [data.g, data.p, data.u]) {
      for (const value of type.enumValues) {
        expect(value.description).toMatch(/Upstream/);
      }
    }
    expect(data.u.enumValues.map((value: Data) => value.name)).toContain('IDEMPOTENCY_KEY_REUSED');
  });
});
