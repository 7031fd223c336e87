import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType, isScalarType, specifiedScalarTypes } from 'graphql';

/*
 * The client kit stays true to the graph: codegen.yml maps every custom scalar of the client SDL,
 * and docs/frontend.md ("For frontend teams") gives the same map and points at the generated
 * possibleTypes a cache needs.
 */

const clientSdl = readFileSync('schema/client.graphql', 'utf8');
const schema = buildSchema(clientSdl);
const codegen = readFileSync('codegen.yml', 'utf8');
const readme = readFileSync('docs/frontend.md', 'utf8');

const builtIn = new Set(specifiedScalarTypes.map(scalar => scalar.name));
const customScalars = Object.values(schema.getTypeMap())
  .filter(type => isScalarType(type) && !builtIn.has(type.name))
  .map(type => type.name)
  .sort();

/** The `scalars:` map of codegen.yml: `Name: type` lines indented under it. */
function codegenScalars(): Record<string, string> {
  const lines = codegen.split('\n');
  const start = lines.findIndex(line => /^\s+scalars:\s*$/.test(line));
  const indent = (line: string): number => line.length - line.trimStart().length;
  const map: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (line.trim().startsWith('#')) {
      continue;
    }
    if (indent(line) <= indent(lines[start]!) || line.trim() === '') {
      break;
    }
    const [name, type] = line.trim().split(/:\s+/);
    map[name!] = type!;
  }
  return map;
}

/** The page for frontend teams. */
function frontendSection(): string {
  const start = readme.indexOf('# For frontend teams');
  expect(start).toBeGreaterThan(-1);
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

describe('codegen.yml', () => {
  it('reads the client SDL', () => {
    expect(codegen).toMatch(/^schema: schema\/client\.graphql$/m);
  });

  it('maps every custom scalar of the graph, and only those', () => {
    expect(customScalars).toEqual(['Date', 'DateTime', 'Decimal', 'JSON']);
    expect(Object.keys(codegenScalars()).sort()).toEqual(customScalars);
    expect(codegenScalars()).toEqual({ Decimal: 'string', Date: 'string', DateTime: 'string', JSON: 'unknown' });
    expect(codegen).toMatch(/strictScalars: true/);
  });
});

describe('docs/frontend.md, For frontend teams', () => {
  it('gives the scalar map codegen.yml uses, in its table and in its codegen snippet', () => {
    const section = frontendSection();
    const table = Object.fromEntries([...section.matchAll(/^\| `(\w+)` \| `([^`]+)` \|/gm)].map(match => [match[1], match[2]]));
    expect(table).toEqual(codegenScalars());
    expect(section).toContain('scalars: { Decimal: string, Date: string, DateTime: string, JSON: unknown }');
    expect(section).toContain('schema: schema/client.graphql');
  });

  it('points at the generated possibleTypes, which list every implementation of every interface', () => {
    expect(frontendSection()).toContain('possibleTypes: introspection.possibleTypes');
    expect(frontendSection()).toContain('schema/possible-types.json');
    const generated = (JSON.parse(readFileSync('schema/possible-types.json', 'utf8')) as { possibleTypes: Record<string, string[]> }).possibleTypes;
    const expected: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (isObjectType(type) && !type.name.startsWith('__')) {
        for (const implemented of type.getInterfaces()) {
          (expected[implemented.name] ??= []).push(type.name);
        }
      }
    }
    for (const names of Object.values(expected)) {
      names.sort();
    }
    expect(Object.fromEntries(Object.entries(generated).map(([name, names]) => [name, [...names].sort()]))).toEqual(expected);
    expect(generated['Node']).toContain('Installment');
    expect(generated['CreditUserError']).toContain('PaymentUserError');
  });

  it('keys Proposal, Installment, Boleto and AgendaDetail by id, each a Node with an id', () => {
    const section = frontendSection();
    for (const type of ['Proposal', 'Installment', 'Boleto', 'AgendaDetail']) {
      expect(section).toContain(`${type}: { keyFields: ['id'] }`);
      const object = schema.getType(type);
      expect(isObjectType(object) && object.getFields().id?.type.toString()).toBe('ID!');
    }
    expect(section).toContain("proposals: relayStylePagination(['situation', 'orderBy'])");
  });
});
