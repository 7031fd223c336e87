import { buildSchema, type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, parse } from 'graphql';
import { estimateOperation, estimateUpstreamCalls } from '../../../src/graphql/cost.js';

/** The estimate of the one operation of `source`. */
function estimate(source: string, variables: Record<string, unknown> = {}): number {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  let operation: OperationDefinitionNode | undefined;
  for (const definition of parse(source).definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments[definition.name.value] = definition;
    } else if (definition.kind === Kind.OPERATION_DEFINITION) {
      operation = definition;
    }
  }
  if (operation === undefined) {
    throw new Error('no operation');
  }
  return estimateUpstreamCalls(operation, fragments, variables);
}

/** `levels` fragments on `type`, each spreading the previous one twice, the first selecting `fields`. */
function chain(type: string, levels: number, fields: string): string {
  const definitions = [`fragment F0 on ${type} { ${fields} }`];
  for (let level = 1; level < levels; level += 1) {
    definitions.push(`fragment F${level} on ${type} { ...F${level - 1} ...F${level - 1} }`);
  }
  return definitions.join(' ');
}

describe('estimateUpstreamCalls', () => {
  it('estimates a fragment bomb of 40 doubling fragments as the flat query it means', () => {
    const flat = estimate('{ proposal(id: "x") { situation installments { number } boletos { number } } }');
    expect(flat).toBe(3);
    expect(estimate(`{ proposal(id: "x") { ...F39 } } ${chain('Proposal', 40, 'situation installments { number } boletos { number }')}`)).toBe(3);
  });

  it('counts a root field reached through a fragment spread twice once, as graphql-js executes it once', () => {
    expect(estimate(`{ ...Q ...Q } fragment Q on Query { proposal(id: "x") { installments { number } } }`)).toBe(1);
    expect(estimate(`{ ...F27 } ${chain('Query', 28, 'proposal(id: "x") { installments { number } }')}`)).toBe(1);
  });

  it('counts mutation payload proposals once however often their fragment is spread', () => {
    const payload = 'fragment P on CreateProposalPayload { proposal { situation installments { number } } }';
    // The write, the read that settles an answer lost on the way, and the proposal's two reads.
    expect(estimate(`mutation { createProposal(idempotencyKey: "k", input: {}) { ...P ...P } } ${payload}`)).toBe(4);
  });

  it('counts a write, its in-doubt probe and what its payload reads beyond the proposal', () => {
    expect(estimate('mutation { registerInstallmentPayment(idempotencyKey: "k", input: {}) { userErrors { code } } }')).toBe(2);
    expect(estimate('mutation { registerInstallmentPayment(idempotencyKey: "k", input: {}) { paidInstallments { id } userErrors { code } } }')).toBe(2);
    expect(estimate('mutation { registerInstallmentPayment(idempotencyKey: "k", input: {}) { paidInstallments { balance } } }')).toBe(6);
  });

  it('counts a page of viewer.proposals per node and per group, and the situation scan', () => {
    expect(estimate('{ creditViewer { proposals { totalCount edges { node { id } } } } }')).toBe(0);
    expect(estimate('{ creditViewer { proposals(first: 5) { nodes { situation installments { number } agenda { id } boletos { number } } } } }')).toBe(20);
    expect(estimate('query($n: Int) { creditViewer { proposals(first: $n) { edges { node { situation } } } } }', { n: null })).toBe(20);
    expect(estimate('{ creditViewer { proposals(first: 2, situation: APPROVED) { nodes { id } } } }')).toBe(50);
  });

  it('counts node and nodes per id, as a proposal or as another object', () => {
    expect(estimate('{ node(id: "x") { id } }')).toBe(0);
    expect(estimate('{ node(id: "x") { ... on Proposal { situation agenda { id } } } }')).toBe(4);
    expect(estimate('{ nodes(ids: ["a", "b"]) { ... on Proposal { situation } } }')).toBe(8);
  });

  it('keeps the exact figures of ordinary operations', () => {
    expect(estimate('{ proposal(id: "x") { id } }')).toBe(1);
    expect(estimate('{ proposals(ids: ["a", "b", "a"]) { situation agenda { totalPaid } } }')).toBe(4);
    expect(estimate('query($ids: [ID!]!) { proposals(ids: $ids) { installments { number } } }', { ids: ['a', 'b', 'c'] })).toBe(3);
    expect(estimate('{ a: proposal(id: "x") { id } b: proposalByOperationCode(operationCode: "c") { situation } }')).toBe(3);
    expect(estimate('{ proposal(id: "x") { client { name } } }')).toBe(1);
    expect(estimate('{ proposal(id: "x") { client { details { name } } } }')).toBe(2);
    expect(estimate('{ __typename }')).toBe(0);
  });
});

describe('estimateOperation (the cost plugin, per request)', () => {
  const schema = buildSchema(`
    type Installment { number: Int }
    type Proposal { id: ID situation: Int installments: [Installment] boletos: [Int] }
    type Query { proposal(id: ID!): Proposal proposals(ids: [ID!]!): [Proposal] }
  `);
  const operationOf = (document: DocumentNode): OperationDefinitionNode => {
    const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (operation === undefined) {
      throw new Error('no operation');
    }
    return operation;
  };

  it('answers the same document with other variables by what those variables ask', () => {
    const document = parse('query($ids: [ID!]!) { proposals(ids: $ids) { situation installments { number } } }');
    const operation = operationOf(document);
    expect(estimateOperation(schema, document, operation, { ids: ['a', 'b'] })).toBe(4);
    expect(estimateOperation(schema, document, operation, { ids: ['a', 'b', 'c'] })).toBe(6);
    // Coerced as execution coerces them: one id is a list of one.
    expect(estimateOperation(schema, document, operation, { ids: 'a' })).toBe(2);
  });

  it('follows @include on a variable in every request of one document', () => {
    const document = parse('query($id: ID!, $more: Boolean!) { proposal(id: $id) { installments { number } boletos @include(if: $more) } }');
    const operation = operationOf(document);
    expect(estimateOperation(schema, document, operation, { id: 'x', more: false })).toBe(1);
    expect(estimateOperation(schema, document, operation, { id: 'x', more: true })).toBe(2);
    expect(estimateOperation(schema, document, operation, { id: 'x', more: false })).toBe(1);
  });

  it('gives an estimate no variable changes for every request of the document', () => {
    const document = parse('query($id: ID!) { proposal(id: $id) { situation installments { number } } }');
    const operation = operationOf(document);
    expect(estimateOperation(schema, document, operation, { id: 'x' })).toBe(2);
    expect(estimateOperation(schema, document, operation, { id: 'y' })).toBe(2);
    expect(estimateOperation(schema, document, operation, undefined)).toBe(2);
  });
});
