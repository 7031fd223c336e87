import { readFileSync } from 'node:fs';
import { buildSchema, parse } from 'graphql';
import { renderSchema, SCHEMA_HEADER, SCHEMA_PATH, sortSdl } from '../../src/graphql/emit-schema.js';

describe('schema/schema.graphql', () => {
  it('is what `npm run schema` emits from the current sources (run it and commit the file if this fails)', async () => {
    const committed = readFileSync(SCHEMA_PATH, 'utf8');
    expect(committed).toBe(await renderSchema());
  });

  it('starts with the generated-file header and keeps the federation keys', () => {
    const committed = readFileSync(SCHEMA_PATH, 'utf8');
    expect(committed.startsWith(SCHEMA_HEADER)).toBe(true);
    expect(committed).toMatch(/type Proposal implements Node @key\(fields: "id"\)/);
    expect(committed).toMatch(/type Person implements Node @key\(fields: "id"\)/);
  });
});

describe('sortSdl', () => {
  it('orders definitions, fields, arguments and enum values by name, schema extensions first', () => {
    const sdl = sortSdl(`
      type Query { b(z: Int, a: Int): Int a: Int }
      enum Color { RED BLUE }
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
      input Filter { y: Int x: Int }
    `);
    expect(sdl).toBe(
      [
        'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])',
        '',
        'enum Color {\n  BLUE\n  RED\n}',
        '',
        'input Filter {\n  x: Int\n  y: Int\n}',
        '',
        'type Query {\n  a: Int\n  b(a: Int, z: Int): Int\n}',
      ].join('\n'),
    );
  });

  it('changes order only, never content', () => {
    const source = 'type Query { z: String, a(id: ID!): Thing } type Thing { b: Int a: [String!]! }';
    const sorted = sortSdl(source);
    const fields = (sdl: string) =>
      Object.fromEntries(
        Object.values(buildSchema(sdl).getTypeMap())
          .filter((type) => !type.name.startsWith('__') && 'getFields' in type)
          .map((type) => [type.name, Object.keys((type as { getFields(): object }).getFields()).sort()]),
      );
    expect(fields(sorted)).toEqual(fields(source));
    expect(parse(sorted).definitions).toHaveLength(2);
  });
});
