import { buildSchema, getVariableValues, parse, validate } from 'graphql';
import { translateMessage, TRANSLATIONS } from '../../../src/server/error-messages.js';

const schema = buildSchema(`
  type Proposal { id: ID! situation: String agenda: Agenda }
  type Agenda { id: ID! }
  type Query { proposal(id: ID!): Proposal }
`);

/** The messages graphql-js writes for `document` (parse or validation). */
function messagesOf(document: string): string[] {
  try {
    return validate(schema, parse(document)).map((error) => error.message);
  } catch (error) {
    return [(error as Error).message];
  }
}

describe('request-level messages in Brazilian Portuguese', () => {
  it('translates every graphql-js message of common client mistakes, keeping the names quoted', () => {
    const english = [
      ...messagesOf('{ proposal(id: "1") { situaton } }'),
      ...messagesOf('{ proposal(id: "1") { nothing } }'),
      ...messagesOf('{ proposal(id: "1", first: 2) { id } }'),
      ...messagesOf('{ proposal { id } }'),
      ...messagesOf('{ proposal(id: "1") }'),
      ...messagesOf('{ proposal(id: "1") { id { x } } }'),
      ...messagesOf('query($id: ID!) { proposal(id: "1") { id } }'),
      ...messagesOf('query Q { proposal(id: $id) { id } }'),
      ...messagesOf('query($id: Idd) { proposal(id: "1") { id } }'),
      ...messagesOf('{ proposal(id: "1") { ...Missing } }'),
      ...messagesOf('{ proposal(id: "1") { id } } fragment Unused on Proposal { id }'),
      ...messagesOf('{ proposal(id: 1.5) { id } }'),
      ...messagesOf('{ proposal(id: "1") { id }'),
      ...(
        getVariableValues(
          schema,
          parse('query($id: ID!) { proposal(id: $id) { id } }').definitions.flatMap((d) => ('variableDefinitions' in d ? (d.variableDefinitions ?? []) : [])),
          {},
        ).errors ?? []
      ).map((e) => e.message),
    ];
    expect(english.length).toBeGreaterThanOrEqual(14);
    const untranslated = english.filter((message) => translateMessage(message) === message);
    expect(untranslated).toEqual([]);
    expect(translateMessage('Cannot query field "situaton" on type "Proposal". Did you mean "situation"?')).toBe(
      'Não é possível consultar o campo "situaton" no tipo "Proposal". Você quis dizer "situation"?',
    );
    expect(translateMessage('Variable "$id" of required type "ID!" was not provided.')).toBe('A variável "$id", do tipo obrigatório "ID!", não foi informada.');
  });

  it('leaves messages the table does not know as they are', () => {
    expect(translateMessage('Something new from graphql-js.')).toBe('Something new from graphql-js.');
    expect(TRANSLATIONS.length).toBeGreaterThan(20);
  });
});
