import { exampleOperations } from '../../../src/server/examples.js';
import { exampleTabs } from '../../../src/server/explorer.js';

const SOURCE = `# Not an example: no variables line.
query Plain {
  __typename
}

# An example.
# variables: { "id": "<disbursed id>" }
# More words after the variables line.
query WithId($id: ID!) {
  proposal(id: $id) { id }
}

# variables: {}
mutation Write {
  __typename
}
`;

describe('example operations', () => {
  it('are the operations with a variables line in their comment block, as the file writes them', () => {
    expect(exampleOperations(SOURCE)).toEqual([
      { name: 'WithId', operation: 'query', query: 'query WithId($id: ID!) {\n  proposal(id: $id) { id }\n}', variables: '{ "id": "<disbursed id>" }' },
      { name: 'Write', operation: 'mutation', query: 'mutation Write {\n  __typename\n}', variables: '{}' },
    ]);
  });

  it('become explorer tabs with the placeholders of their variables replaced', () => {
    expect(exampleTabs(exampleOperations(SOURCE), { '<disbursed id>': 'p-1' }).map((tab) => tab.variables)).toEqual(['{ "id": "p-1" }', '{}']);
  });
});
