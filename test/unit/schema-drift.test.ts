import { readFileSync } from 'node:fs';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, type GraphQLNamedType, parse } from 'graphql';
import {
  CLIENT_SCHEMA_HEADER,
  CLIENT_SCHEMA_PATH,
  clientSdl,
  renderClientSchema,
  renderSchema,
  SCHEMA_HEADER,
  SCHEMA_PATH,
  sortSdl,
} from '../../src/graphql/emit-schema.js';
import { buildCreditGraphSchema } from '../../src/graphql/schema.js';

/** Every named type of an SDL (built without federation) with its field names and their argument names. */
function shapeOf(sdl: string): Record<string, string[]> {
  const schema = buildSchema(sdl, { assumeValidSDL: true });
  const named = Object.values(schema.getTypeMap()).filter((type: GraphQLNamedType) => !type.name.startsWith('__'));
  return Object.fromEntries(
    named.map((type) => [
      type.name,
      'getFields' in type
        ? Object.values((type as { getFields(): Record<string, { name: string; args?: ReadonlyArray<{ name: string }> }> }).getFields())
            .map((field) => `${field.name}(${(field.args ?? []).map((arg) => arg.name).join(',')})`)
            .sort()
        : [],
    ]),
  );
}

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

describe('schema/client.graphql', () => {
  it('is what `npm run schema` emits from the current sources (run it and commit the file if this fails)', async () => {
    const committed = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
    expect(committed).toBe(await renderClientSchema());
  });

  it('holds no federation internals: no @link, federation directives, _service, _entities, _Any or _Entity', () => {
    const committed = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
    expect(committed.startsWith(CLIENT_SCHEMA_HEADER)).toBe(true);
    const body = committed.slice(CLIENT_SCHEMA_HEADER.length);
    for (const internal of ['@link', '@key', '@shareable', '@authenticated', '@requiresScopes', '_service', '_entities', '_Any', '_Entity', '_Service']) {
      expect(body).not.toContain(internal);
    }
    // A plain GraphQL schema: it builds and validates with graphql-js alone.
    expect(() => buildSchema(body)).not.toThrow();
  });

  it('has every type, field and argument of the subgraph SDL', () => {
    const subgraph = readFileSync(SCHEMA_PATH, 'utf8');
    const client = readFileSync(CLIENT_SCHEMA_PATH, 'utf8');
    expect(shapeOf(client)).toEqual(shapeOf(subgraph));
    expect(shapeOf(client).Proposal).toContain('installments()');
  });

  it('drops the entity machinery of the built subgraph (_service, _entities, _Any, _Entity) and keeps the rest', async () => {
    const full = printSchemaWithDirectives(await buildCreditGraphSchema());
    expect(full).toContain('_entities');
    const client = clientSdl(full);
    expect(client).not.toMatch(/_service|_entities|_Any|_Entity|_Service|@key|@link|@authenticated|@requiresScopes|@shareable/);
    expect(shapeOf(client)).toEqual(shapeOf(readFileSync(CLIENT_SCHEMA_PATH, 'utf8')));
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
