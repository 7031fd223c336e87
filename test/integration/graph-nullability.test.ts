/**
 * Nullability that tells the truth: every field the schema declares non-null holds
 * a value over the sandbox's demo data. The selection is built from the schema itself, so a field
 * added as non-null later is covered without touching this test.
 */
import {
  getNamedType,
  getNullableType,
  type GraphQLField,
  type GraphQLNamedType,
  GraphQLNonNull,
  type GraphQLSchema,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { buildCreditGraphSchema } from '../../src/graphql/schema.js';
import { DEMO_CPFS } from '../../src/sandbox/demo.js';
import { keyed } from '../helpers/keys.js';
import { type GraphHarness, startGraphHarness } from '../helpers/graph.js';

/** A selection of every field of `type`, recursing into object types not already on the path. */
function selectAll(schema: GraphQLSchema, type: GraphQLNamedType, path: readonly string[] = []): string {
  if (!isObjectType(type)) {
    return '';
  }
  const fields = Object.values(type.getFields()).flatMap((field) => {
    if (field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) {
      return [];
    }
    const named = getNamedType(field.type);
    if (isLeafType(named)) {
      return [field.name];
    }
    if (path.includes(named.name)) {
      return [];
    }
    const inner = selectAll(schema, named, [...path, type.name]);
    return inner ? [`${field.name} { ${inner} }`] : [];
  });
  return fields.join(' ');
}

/** Walks `value` (the answer for `type`) and records, per non-null field, whether it held a value. */
function walk(type: GraphQLNamedType, value: unknown, seen: Map<string, boolean>): void {
  if (!isObjectType(type) || value === null || typeof value !== 'object') {
    return;
  }
  for (const [name, fieldValue] of Object.entries(value as Record<string, unknown>)) {
    const field: GraphQLField<unknown, unknown> | undefined = type.getFields()[name];
    if (!field) {
      continue;
    }
    if (field.type instanceof GraphQLNonNull) {
      const key = `${type.name}.${name}`;
      seen.set(key, (seen.get(key) ?? true) && fieldValue !== null && fieldValue !== undefined);
    }
    const inner = getNullableType(field.type);
    const named = getNamedType(field.type);
    const items = isListType(inner) && Array.isArray(fieldValue) ? (fieldValue as unknown[]) : [fieldValue];
    for (const item of items) {
      walk(named, item, seen);
    }
  }
}

describe('nullability over the demo data', () => {
  let h: GraphHarness;
  let schema: GraphQLSchema;

  beforeAll(async () => {
    h = await startGraphHarness();
    schema = await buildCreditGraphSchema();
    // An FGTS cancellation event and a payment of installment 2 give the event and entry types data too.
    const cancelled = await h.run(keyed(`mutation($id: ID!) { cancelFgtsProposal(input: { proposalId: $id }) { userErrors { code } } }`), {
      id: h.demo('fgts-disbursed').id,
    });
    expect(cancelled.data?.cancelFgtsProposal).toEqual({ userErrors: [] });
  });

  afterAll(async () => {
    await h.close();
  });

  it('answers every field of every demo proposal, and of the people behind them, with no error', async () => {
    const ids = h.sandbox.demo.map((d) => d.id);
    const proposalSelection = selectAll(schema, schema.getType('Proposal') as GraphQLNamedType);
    const personSelection = selectAll(schema, schema.getType('RegistrationRecord') as GraphQLNamedType);
    const bureauSelection = selectAll(schema, schema.getType('BureauReport') as GraphQLNamedType);
    const simulationSelection = selectAll(schema, schema.getType('ProposalSimulation') as GraphQLNamedType);
    const seen = new Map<string, boolean>();
    const proposals = await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { ${proposalSelection} } }`, { ids });
    expect(proposals.errors).toBeUndefined();
    const list = proposals.data?.proposals as unknown[];
    expect(list).toHaveLength(ids.length);
    expect(list.every((p) => p !== null)).toBe(true);
    for (const proposal of list) {
      walk(schema.getType('Proposal') as GraphQLNamedType, proposal, seen);
    }
    for (const document of DEMO_CPFS) {
      const people = await h.run(
        `query($document: String!) { registrationRecord(document: $document) { ${personSelection} } bureauReport(document: $document) { ${bureauSelection} } }`,
        { document },
      );
      expect(people.errors).toBeUndefined();
      walk(schema.getType('RegistrationRecord') as GraphQLNamedType, people.data?.registrationRecord, seen);
      walk(schema.getType('BureauReport') as GraphQLNamedType, people.data?.bureauReport, seen);
    }
    const simulation = await h.run(
      `{ simulateProposal(input: { requestedAmount: "5000.00", monthlyInterestRate: "2.5", installments: 12 }) { ${simulationSelection} } }`,
    );
    expect(simulation.errors).toBeUndefined();
    walk(schema.getType('ProposalSimulation') as GraphQLNamedType, simulation.data?.simulateProposal, seen);

    // Every non-null field of the types answered was seen, and always with a value.
    const nonNull = [...seen.entries()];
    expect(nonNull.filter(([, held]) => !held)).toEqual([]);
    const expected = [
      'Proposal',
      'Installment',
      'AgendaDetail',
      'AgendaInstallment',
      'AgendaBoleto',
      'PixCharge',
      'LedgerEntry',
      'Boleto',
      'PaymentEntry',
      'FgtsCancellation',
    ].flatMap((typeName) => {
      const type = schema.getType(typeName);
      return isObjectType(type)
        ? Object.values(type.getFields())
            .filter((f) => isNonNullType(f.type))
            .map((f) => `${typeName}.${f.name}`)
        : [];
    });
    expect(expected.filter((key) => !seen.has(key))).toEqual([]);
    expect(expected).toEqual(
      expect.arrayContaining(['Installment.amount', 'Installment.dueDate', 'Boleto.amount', 'Boleto.digitableLine', 'AgendaInstallment.dueDate']),
    );
  });

  it('nulls only the field whose own partner call failed, never the proposal around it', async () => {
    const ids = [h.demo('disbursed').id, h.demo('approved').id];
    for (const [operation, field] of [
      ['/AgendaRecebivel/ConsultarBoletos', 'boletos'],
      ['/Proposta/ConsultarParcelas', 'installments'],
    ] as const) {
      await h.admin('DELETE', '/_sandbox/faults');
      await h.admin('PUT', '/_sandbox/faults', { failNext: 1, errorStatus: 503, operations: [operation] });
      const result = await h.run(`query($ids: [ID!]!) { proposals(ids: $ids) { id financedAmount ${field} { number } } }`, { ids: [ids[1]] });
      const proposal = (result.data?.proposals as Array<Record<string, unknown>>)[0];
      expect(proposal).toEqual({ id: ids[1], financedAmount: expect.stringMatching(/^\d+\.\d{2}$/), [field]: null });
      expect(result.errors?.map((e) => e.path)).toEqual([['proposals', 0, field]]);
    }
    await h.admin('DELETE', '/_sandbox/faults');
  });
});
