import { readFileSync } from 'node:fs';
import { buildSchema, isObjectType, isScalarType, specifiedScalarTypes } from 'graphql';

/*
 * The client kit stays true to the graph: codegen.yml maps every custom scalar of the client SDL,
 * and docs/frontend.md ("For frontend teams") gives the same map and the Node implementations a
 * cache needs.
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

  it('lists every implementation of Node in possibleTypes', () => {
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter(type => isObjectType(type) && type.getInterfaces().some(i => i.name === 'Node'))
      .map(type => type.name)
      .sort();
    const listed = /Node: \[([^\]]*)\]/.exec(frontendSection())?.[1]?.match(/'(\w+)'/g)?.map(name => name.slice(1, -1));
    expect(listed).toEqual(nodeTypes);
    expect(nodeTypes).toContain('Installment');
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
