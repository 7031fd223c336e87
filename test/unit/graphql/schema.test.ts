import { printSubgraphSchema } from '@apollo/subgraph';
import { GraphQLInputObjectType, GraphQLObjectType, isNamedType, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { buildCreditGraphSchema } from '../../../src/graphql/schema.js';

describe('buildCreditGraphSchema', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildCreditGraphSchema();
  });

  it('makes Proposal and Person Federation 2 entities keyed by id (an opaque id for Person, never its document)', () => {
    const sdl = printSubgraphSchema(schema);
    expect(sdl).toMatch(/type Proposal implements Node\s+@key\(fields: "id"\)/);
    expect(sdl).toMatch(/type Person implements Node\s+@key\(fields: "id"\)/);
    // Only the federation directives the SDL uses are imported.
    expect(sdl).toContain(
      '@link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@shareable", "@authenticated", "@requiresScopes", "@cost", "@listSize"])',
    );
    // A value type other subgraphs define too is named for this domain, ours alone (test/e2e/federation/neighbours.test.ts).
    expect(sdl).toMatch(/type CreditPageInfo \{/);
    const entity = schema.getType('_Entity');
    expect(
      entity && 'getTypes' in entity
        ? entity
            .getTypes()
            .map((t) => t.name)
            .sort()
        : [],
    ).toEqual(['Person', 'Proposal']);
  });

  it('keeps the fixed field names of the issue', () => {
    const fields = (name: string): string[] => Object.keys((schema.getType(name) as GraphQLObjectType).getFields());
    expect(fields('Proposal')).toEqual(
      expect.arrayContaining(['id', 'number', 'operationCode', 'situation', 'situationCode', 'financedAmount', 'installments', 'agenda', 'boletos', 'client']),
    );
    expect(fields('Installment')).toEqual(expect.arrayContaining(['number', 'amount', 'dueDate', 'agenda']));
    expect(fields('AgendaDetail')).toEqual(expect.arrayContaining(['installments']));
    expect(fields('AgendaInstallment')).toEqual(expect.arrayContaining(['number', 'balance', 'boletos', 'pix', 'entries']));
    expect(fields('Boleto')).toEqual(expect.arrayContaining(['number', 'digitableLine', 'amount', 'dueDate']));
    expect((schema.getType('Proposal') as GraphQLObjectType).getFields().financedAmount?.type.toString()).toBe('Decimal!');
  });

  it('describes every type and field it defines, naming the upstream field', () => {
    const own = Object.values(schema.getTypeMap()).filter(
      (t: GraphQLNamedType) =>
        isNamedType(t) &&
        !t.name.startsWith('_') &&
        ![
          'String',
          'Int',
          'Float',
          'Boolean',
          'ID',
          'link__Import',
          'link__Purpose',
          'federation__FieldSet',
          'federation__Scope',
          'federation__Policy',
          'federation__ContextFieldValue',
        ].includes(t.name),
    );
    const missing: string[] = [];
    for (const type of own) {
      if (!type.description && type.name !== 'Query' && type.name !== 'Mutation' && type.name !== 'Subscription') {
        missing.push(type.name);
      }
      if (type instanceof GraphQLObjectType || type instanceof GraphQLInputObjectType) {
        // _entities and _service are added by @apollo/subgraph, not by this graph
        for (const field of Object.values(type.getFields()).filter((f) => !f.name.startsWith('_'))) {
          if (!field.description) {
            missing.push(`${type.name}.${field.name}`);
          } else if (!/Upstream|upstream|no extra call|No extra call/.test(field.description)) {
            missing.push(`${type.name}.${field.name} (no upstream name)`);
          }
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) {
              missing.push(`${type.name}.${field.name}(${arg.name})`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
