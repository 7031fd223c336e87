import { readdirSync, readFileSync } from 'node:fs';
import { parse, validate, type GraphQLSchema } from 'graphql';
import { buildCreditGraphSchema } from '../../../src/graphql/schema.js';

const dir = new URL('../../../schema/operations/', import.meta.url);

describe('schema/operations', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildCreditGraphSchema();
  });

  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql'));

  it('has the example operations', () => {
    expect(files.sort()).toEqual(['call-counts.graphql', 'live.graphql', 'mutations.graphql', 'proposal.graphql', 'viewer.graphql']);
  });

  it.each(files)('%s validates against the schema', (file) => {
    const document = parse(readFileSync(new URL(file, dir), 'utf8'));
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });
});
