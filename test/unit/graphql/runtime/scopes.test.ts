import { buildSchema, graphql, parse, print } from 'graphql';
import { declareAccessRules, enforceAccessRules, FEDERATION_FIELDS, FIELD_SCOPES } from '../../../../src/graphql/runtime/scopes.js';

const SDL = `
type Query { person(document: String!): Person registrationRecord(document: String!): Person bureauReport(document: String!): Person proposal: String personAccessRecords: String callerAccessRecords: String proposalAccessRecords: String personAccessRecordExport: String }
type Mutation { createProposal: String }
type Person { document: String! details: String raw: String fetchedAt: String name: String }
`;

describe('declareAccessRules', () => {
  it('puts @requiresScopes on the look-ups and @authenticated on every other root field', () => {
    const printed = print(declareAccessRules(parse(SDL)));
    expect(printed).toContain('person(document: String!): Person @requiresScopes(scopes: [["registry.read"]])');
    expect(printed).toContain('details: String @requiresScopes(scopes: [["registry.read"]])');
    expect(printed).toContain('proposal: String @authenticated');
    expect(printed).toContain('createProposal: String @authenticated');
    expect(printed).toContain('personAccessRecords: String @requiresScopes(scopes: [["audit.read"]])');
    // Not a root field and not a look-up: no rule.
    expect(printed).toMatch(/\n {2}name: String\n/);
    expect(Object.keys(FIELD_SCOPES)).toHaveLength(10);
  });

  it('refuses rules for fields the schema does not have, so a rename cannot drop a rule silently', () => {
    expect(() => declareAccessRules(parse(SDL.replace('raw: String', 'rawRecord: String')))).toThrow('Person.raw');
  });
});

describe('declareAccessRules, exactly', () => {
  it("prints every rule in full, keeps a field's own directives, and rules type extensions too", () => {
    const document = parse(`
      directive @tag(name: String!) repeatable on FIELD_DEFINITION
      type Query { person(document: String!): Person @tag(name: "pii") registrationRecord(document: String!): Person bureauReport(document: String!): Person }
      extend type Query { proposal: String personAccessRecords: String callerAccessRecords: String proposalAccessRecords: String personAccessRecordExport: String }
      type Person { details: String raw: String fetchedAt: String }
      interface Node { id: ID }
    `);
    expect(print(declareAccessRules(document))).toBe(
      [
        'directive @tag(name: String!) repeatable on FIELD_DEFINITION',
        '',
        'type Query {',
        '  person(document: String!): Person @tag(name: "pii") @requiresScopes(scopes: [["registry.read"]])',
        '  registrationRecord(document: String!): Person @requiresScopes(scopes: [["registry.read"]])',
        '  bureauReport(document: String!): Person @requiresScopes(scopes: [["registry.read"]])',
        '}',
        '',
        'extend type Query {',
        '  proposal: String @authenticated',
        '  personAccessRecords: String @requiresScopes(scopes: [["audit.read"]])',
        '  callerAccessRecords: String @requiresScopes(scopes: [["audit.read"]])',
        '  proposalAccessRecords: String @requiresScopes(scopes: [["audit.read"]])',
        '  personAccessRecordExport: String @requiresScopes(scopes: [["audit.read"]])',
        '}',
        '',
        'type Person {',
        '  details: String @requiresScopes(scopes: [["registry.read"]])',
        '  raw: String @requiresScopes(scopes: [["registry.read"]])',
        '  fetchedAt: String @requiresScopes(scopes: [["registry.read"]])',
        '}',
        '',
        'interface Node {',
        '  id: ID',
        '}',
      ].join('\n'),
    );
  });

  it('names every missing field in its refusal', () => {
    expect(() =>
      declareAccessRules(
        parse(
          'type Query { person: String registrationRecord: String bureauReport: String personAccessRecords: String callerAccessRecords: String proposalAccessRecords: String personAccessRecordExport: String } type Person { details: String }',
        ),
      ),
    ).toThrow(new Error('access rules name fields the schema does not have: Person.raw, Person.fetchedAt'));
  });

  it('maps each look-up to registry.read, the access record to audit.read and the federation fields to federation', () => {
    expect(FIELD_SCOPES).toEqual({
      'Query.person': 'registry.read',
      'Query.registrationRecord': 'registry.read',
      'Query.bureauReport': 'registry.read',
      'Person.details': 'registry.read',
      'Person.raw': 'registry.read',
      'Person.fetchedAt': 'registry.read',
      'Query.personAccessRecords': 'audit.read',
      'Query.callerAccessRecords': 'audit.read',
      'Query.proposalAccessRecords': 'audit.read',
      'Query.personAccessRecordExport': 'audit.read',
    });
    expect(FEDERATION_FIELDS).toEqual({ _service: 'federation', _entities: 'federation' });
  });
});

describe('enforceAccessRules', () => {
  const ENFORCED = `
    directive @requiresScopes(scopes: [[String!]!]!) on FIELD_DEFINITION
    directive @authenticated on FIELD_DEFINITION
    directive @other(scopes: [[String!]!]) on FIELD_DEFINITION
    type Query {
      person: Person @requiresScopes(scopes: [["registry.read"]])
      both: String @requiresScopes(scopes: [["registry.read", "proposals.all"], ["federation"]])
      open: String @authenticated
      decoy: String @other(scopes: [["registry.read"]])
      _service: String
      _entities: String
    }
    type Person { name: String _service: String }
  `;
  const calls: string[] = [];
  const schema = enforceAccessRules(buildSchema(ENFORCED));
  const root = {
    person: () => {
      calls.push('person');
      return { name: 'Ana', _service: 'sdl' };
    },
    both: () => 'both',
    open: () => 'open',
    decoy: () => 'decoy',
    _service: () => 'service',
    _entities: () => 'entities',
  };

  async function run(query: string, scopes: string[]) {
    return graphql({ schema, source: query, rootValue: root, contextValue: { scopes: new Set(scopes) } });
  }

  beforeEach(() => {
    calls.length = 0;
  });

  it('answers INSUFFICIENT_SCOPE, naming the scope, before the resolver runs', async () => {
    const result = await run('{ person { name } }', ['proposals.all']);
    expect(result.data).toEqual({ person: null });
    expect(result.errors?.map((e) => [e.message, e.extensions])).toEqual([
      ['This field needs the registry.read scope.', { code: 'INSUFFICIENT_SCOPE', scope: 'registry.read' }],
    ]);
    expect(calls).toEqual([]);
    expect((await run('{ person { name } }', ['registry.read'])).data).toEqual({ person: { name: 'Ana' } });
    expect(calls).toEqual(['person']);
  });

  it.each([
    [['registry.read', 'proposals.all'], 'both'],
    [['federation'], 'both'],
    [['registry.read'], null], // one scope of a set is not the set
    [['proposals.all'], null],
    [[], null],
  ])('with %j a field of two scope sets answers %p', async (scopes, value) => {
    const result = await run('{ both }', scopes);
    expect(result.data).toEqual({ both: value });
    expect(result.errors?.[0]?.extensions).toEqual(
      value === null ? { code: 'INSUFFICIENT_SCOPE', scope: 'registry.read proposals.all or federation' } : undefined,
    );
  });

  it("needs federation for the router's root fields only, and nothing for other directives", async () => {
    expect((await run('{ _service _entities open decoy }', [])).errors?.map((e) => [e.path?.[0], e.extensions?.['scope']])).toEqual([
      ['_service', 'federation'],
      ['_entities', 'federation'],
    ]);
    expect((await run('{ _service _entities }', ['federation'])).data).toEqual({ _service: 'service', _entities: 'entities' });
    // A field named _service elsewhere is not the router's.
    expect((await run('{ person { _service } }', ['registry.read'])).data).toEqual({ person: { _service: 'sdl' } });
  });
});
