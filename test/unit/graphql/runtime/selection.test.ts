import { buildSchema, graphql, type GraphQLResolveInfo } from 'graphql';
import { selectedFields } from '../../../../src/graphql/runtime/selection.js';
import { readsFor } from '../../../../src/graphql/proposal/proposal.reads.js';

// The names and shapes of the credit graph's types, reduced to what readsFor looks at.
const schema = buildSchema(`
  type AgendaInstallment { number: Int balance: String boletos: [Int] pix: [Int] entries: [Int] }
  type AgendaDetail { totalPaid: String installments(numbers: [Int]): [AgendaInstallment] }
  type Installment { number: Int agenda: AgendaInstallment }
  type Proposal { id: ID number: Int situation: Int tacAmount: String installments: [Installment] agenda: AgendaDetail client: String boletos(includeCancelled: Boolean = false): [Int] }
  type Query { proposal: Proposal }
`);

/** Runs `source` and returns the info the `proposal` resolver received. */
async function infoOf(source: string, variableValues?: Record<string, unknown>): Promise<GraphQLResolveInfo> {
  let captured: GraphQLResolveInfo | undefined;
  const result = await graphql({
    schema,
    source,
    variableValues,
    rootValue: {
      proposal: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
        captured = info;
        return null;
      },
    },
  });
  if (!captured) {
    throw new Error(JSON.stringify(result.errors));
  }
  return captured;
}

describe('selectedFields', () => {
  it('folds aliases and follows inline and named fragments of the type', async () => {
    const info = await infoOf(`
      query { proposal { a: id b: id ...Core ... on Proposal { installments { number } } } }
      fragment Core on Proposal { situation }
    `);
    const selection = selectedFields(info, info.fieldNodes, 'Proposal');
    expect([...selection.keys()].sort()).toEqual(['id', 'installments', 'situation']);
    expect(selection.get('id')).toHaveLength(2);
  });

  it('honours @skip and @include with variables', async () => {
    const info = await infoOf(
      `query($no: Boolean!, $yes: Boolean!) { proposal { id situation @skip(if: $yes) client @include(if: $no) number @include(if: $yes) } }`,
      {
        no: false,
        yes: true,
      },
    );
    expect([...selectedFields(info, info.fieldNodes, 'Proposal').keys()].sort()).toEqual(['id', 'number']);
  });

  it('works a selection out once per field nodes, type and variable values', async () => {
    const info = await infoOf(`query($yes: Boolean!) { proposal { id situation @include(if: $yes) } }`, { yes: true });
    const selection = selectedFields(info, info.fieldNodes, 'Proposal');
    expect(selectedFields(info, info.fieldNodes, 'Proposal')).toBe(selection);
    expect([...selection.keys()].sort()).toEqual(['id', 'situation']);
    // Other variables (another request with the same document) get their own answer.
    expect([...selectedFields({ ...info, variableValues: { yes: false } }, info.fieldNodes, 'Proposal').keys()]).toEqual(['id']);
    expect([...selectedFields(info, info.fieldNodes, 'Installment').keys()]).toEqual(['id', 'situation']);
  });

  it('works a selection without directives out once per document, whatever the request', async () => {
    const info = await infoOf(`query { proposal { id installments { number } } }`);
    const selection = selectedFields(info, info.fieldNodes, 'Proposal');
    expect([...selection.keys()]).toEqual(['id', 'installments']);
    // Another request of the same (cached) document: other variables, another fieldNodes array, the same field node.
    expect(selectedFields({ ...info, variableValues: {} }, [...info.fieldNodes], 'Proposal')).toBe(selection);
    // A directive anywhere in it: worked out per variable values, never shared.
    const directed = await infoOf(`query($yes: Boolean!) { proposal { id ... @include(if: $yes) { situation } } }`, { yes: true });
    expect([...selectedFields(directed, directed.fieldNodes, 'Proposal').keys()]).toEqual(['id', 'situation']);
    expect([...selectedFields({ ...directed, variableValues: { yes: false } }, [...directed.fieldNodes], 'Proposal').keys()]).toEqual(['id']);
    expect([...selectedFields({ ...directed, variableValues: { yes: true } }, [...directed.fieldNodes], 'Proposal').keys()]).toEqual(['id', 'situation']);
  });

  it('expands each named fragment once: a chain of 40 fragments each spreading the previous one twice answers at once', async () => {
    const chain = ['fragment F0 on Proposal { id installments { number } }'];
    for (let level = 1; level < 40; level += 1) {
      chain.push(`fragment F${level} on Proposal { ...F${level - 1} ...F${level - 1} situation }`);
    }
    const info = await infoOf(`query { proposal { ...F39 } } ${chain.join(' ')}`);
    const selection = selectedFields(info, info.fieldNodes, 'Proposal');
    expect([...selection.keys()].sort()).toEqual(['id', 'installments', 'situation']);
    // One node per place the field is written, not per path through the fragments (2^39 of them).
    expect(selection.get('id')).toHaveLength(1);
    expect(selection.get('situation')).toHaveLength(39);
    expect(readsFor(info, selection, { id: 'x' })).toMatchObject({ core: true, installments: true, agenda: false });
  });

  it('still expands a fragment spread under @skip elsewhere when one spread is included', async () => {
    const info = await infoOf(`query { proposal { ...Core @skip(if: true) ...Core } } fragment Core on Proposal { situation }`);
    expect([...selectedFields(info, info.fieldNodes, 'Proposal').keys()]).toEqual(['situation']);
  });

  it('answers an empty selection under no field node', async () => {
    const info = await infoOf('query { proposal { id } }');
    expect(selectedFields(info, [], 'Proposal').size).toBe(0);
  });

  it('ignores fragments whose type condition is another type', async () => {
    const info = await infoOf(`query { proposal { ... on Proposal { id } ...Core } } fragment Core on Proposal { situation }`);
    expect([...selectedFields(info, info.fieldNodes, 'Installment').keys()]).toEqual([]);
    expect([...selectedFields(info, info.fieldNodes, 'Proposal').keys()].sort()).toEqual(['id', 'situation']);
  });
});

describe('readsFor', () => {
  it('needs the core record only for core fields no other read carries', async () => {
    const none = { boletos: false, entries: false };
    const alone = await infoOf(`query { proposal { id number } }`);
    const aloneSelection = selectedFields(alone, alone.fieldNodes, 'Proposal');
    expect(readsFor(alone, aloneSelection, { id: 'x' })).toEqual({
      core: true,
      coreFromAgenda: false,
      coreInAgenda: true,
      installments: false,
      installmentsFromAgenda: false,
      agenda: false,
      agendaNeeds: none,
      boletos: [],
    });
    expect(readsFor(alone, aloneSelection, { id: 'x', number: 7 })).toEqual({
      core: false,
      coreFromAgenda: false,
      coreInAgenda: false,
      installments: false,
      installmentsFromAgenda: false,
      agenda: false,
      agendaNeeds: none,
      boletos: [],
    });
    const withInstallments = await infoOf(`query { proposal { id number installments { number } } }`);
    expect(readsFor(withInstallments, selectedFields(withInstallments, withInstallments.fieldNodes, 'Proposal'), { id: 'x' }).core).toBe(false);
    const withCore = await infoOf(`query { proposal { number situation installments { number } } }`);
    expect(readsFor(withCore, selectedFields(withCore, withCore.fieldNodes, 'Proposal'), { id: 'x' }).core).toBe(true);
    // The agenda carries number and situation, not tacAmount: only then may an agenda read answer them.
    expect(readsFor(withCore, selectedFields(withCore, withCore.fieldNodes, 'Proposal'), { id: 'x' }).coreInAgenda).toBe(true);
    const withTac = await infoOf(`query { proposal { situation tacAmount } }`);
    expect(readsFor(withTac, selectedFields(withTac, withTac.fieldNodes, 'Proposal'), { id: 'x' })).toMatchObject({ core: true, coreInAgenda: false });
  });

  it('reads the agenda for installments.agenda or client, and boletos per includeCancelled', async () => {
    const info = await infoOf(
      `query($c: Boolean) { proposal { installments { agenda { balance } } a: boletos b: boletos(includeCancelled: $c) c: boletos(includeCancelled: false) } }`,
      { c: true },
    );
    expect(readsFor(info, selectedFields(info, info.fieldNodes, 'Proposal'), { id: 'x' })).toEqual({
      core: false,
      coreFromAgenda: false,
      coreInAgenda: false,
      // Every selected installment field is in the agenda, read anyway for installments.agenda.
      installments: false,
      installmentsFromAgenda: true,
      agenda: true,
      agendaNeeds: { boletos: false, entries: false },
      boletos: [false, true],
    });
    const client = await infoOf(`query { proposal { client } }`);
    expect(readsFor(client, selectedFields(client, client.fieldNodes, 'Proposal'), { id: 'x' })).toEqual({
      core: false,
      coreFromAgenda: false,
      coreInAgenda: false,
      installments: false,
      installmentsFromAgenda: false,
      agenda: true,
      agendaNeeds: { boletos: false, entries: false },
      boletos: [],
    });
  });

  it('asks the agenda for boletos and entries only when some selection below needs them', async () => {
    const needs = async (query: string): Promise<unknown> => {
      const info = await infoOf(query);
      return readsFor(info, selectedFields(info, info.fieldNodes, 'Proposal'), { id: 'x' }).agendaNeeds;
    };
    expect(await needs(`{ proposal { agenda { totalPaid installments { balance } } } }`)).toEqual({ boletos: false, entries: false });
    expect(await needs(`{ proposal { installments { agenda { pix } } } }`)).toEqual({ boletos: true, entries: false });
    expect(await needs(`{ proposal { agenda { installments(numbers: [1]) { entries } } installments { agenda { boletos } } } }`)).toEqual({
      boletos: true,
      entries: true,
    });
  });
});
