import { parse, print } from 'graphql';
import { declareAccessRules, FIELD_SCOPES } from '../../../src/graphql/scopes.js';

const SDL = `
type Query { person(document: String!): Person registrationRecord(document: String!): Person bureauReport(document: String!): Person proposal: String }
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
    // Not a root field and not a look-up: no rule.
    expect(printed).toMatch(/\n {2}name: String\n/);
    expect(Object.keys(FIELD_SCOPES)).toHaveLength(6);
  });

  it('refuses rules for fields the schema does not have, so a rename cannot drop a rule silently', () => {
    expect(() => declareAccessRules(parse(SDL.replace('raw: String', 'rawRecord: String')))).toThrow('Person.raw');
  });
});
