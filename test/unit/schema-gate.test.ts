import { readFileSync } from 'node:fs';
import { type ASTNode, Kind, parse, print, visit } from 'graphql';
import { checkSchemaChanges, RELEASED_SCHEMA_PATH } from '../../src/graphql/schema-gate.js';
import { SCHEMA_PATH } from '../../src/graphql/emit-schema.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** `sdl` with `edit` applied to the definition of `typeName`. */
function editType(sdl: string, typeName: string, edit: (node: ASTNode) => ASTNode | null): string {
  return print(
    visit(parse(sdl), {
      enter(node) {
        return 'name' in node && node.name?.value === typeName && node.kind !== Kind.NAMED_TYPE && node.kind !== Kind.FIELD_DEFINITION ? edit(node) : undefined;
      },
    }),
  );
}

const withoutField = (sdl: string, typeName: string, field: string): string =>
  editType(
    sdl,
    typeName,
    (node) => ('fields' in node && node.fields ? { ...node, fields: node.fields.filter((f) => f.name.value !== field) } : node) as ASTNode,
  );

describe('the schema gate', () => {
  const released = read(RELEASED_SCHEMA_PATH);
  const current = read(SCHEMA_PATH);
  const TODAY = '2026-11-28';
  const AFTER_REMOVAL_DATE = '2027-03-02';

  it('passes the committed SDL against the released one', async () => {
    const report = await checkSchemaChanges(released, current, TODAY);
    expect(report.breaking).toEqual([]);
    expect(report.undatedDeprecations).toEqual([]);
  });

  it('fails when a field that was never deprecated is removed', async () => {
    const report = await checkSchemaChanges(released, withoutField(current, 'Proposal', 'number'), TODAY);
    expect(report.breaking.map((change) => change.path)).toEqual(['Proposal.number']);
  });

  it('fails when a deprecated field is removed before its removal date', async () => {
    const report = await checkSchemaChanges(released, withoutField(current, 'Installment', 'agenda'), '2027-03-01');
    expect(report.breaking.map((change) => change.path)).toEqual(['Installment.agenda']);
  });

  it('passes when a deprecated field is removed after its removal date, and reports it', async () => {
    const report = await checkSchemaChanges(released, withoutField(current, 'Installment', 'agenda'), AFTER_REMOVAL_DATE);
    expect(report.breaking).toEqual([]);
    expect(report.removedAsAnnounced.map((change) => change.path)).toEqual(['Installment.agenda']);
  });

  it('fails on a retyped field, a removed argument and a removed enum value', async () => {
    const proposalAt = current.indexOf('type Proposal implements');
    let sdl = current.slice(0, proposalAt) + current.slice(proposalAt).replace('  number: Int!', '  number: String!');
    sdl = editType(sdl, 'CreditOrderDirection', (node) =>
      node.kind === Kind.ENUM_TYPE_DEFINITION ? { ...node, values: node.values?.filter((value) => value.name.value !== 'ASC') } : node,
    );
    sdl = editType(sdl, 'CreditViewer', (node) =>
      node.kind === Kind.OBJECT_TYPE_DEFINITION
        ? {
            ...node,
            fields: node.fields?.map((field) =>
              field.name.value === 'proposals' ? { ...field, arguments: field.arguments?.filter((arg) => arg.name.value !== 'situation') } : field,
            ),
          }
        : node,
    );
    const report = await checkSchemaChanges(released, sdl, TODAY);
    expect(report.breaking.map((change) => change.path).sort()).toEqual(['CreditOrderDirection.ASC', 'CreditViewer.proposals.situation', 'Proposal.number']);
  });

  it('fails when a federation key is removed', async () => {
    const sdl = current.replace(/^type Person implements Node\s+@key\(fields: "id"\)/m, 'type Person implements Node');
    const report = await checkSchemaChanges(released, sdl, TODAY);
    expect(report.breaking.map((change) => change.path)).toEqual(['Person @key(fields: "id")']);
  });

  it('fails on a deprecation without a removal date', async () => {
    const sdl = current.replace(/^( {2}number: Int)$/m, '$1 @deprecated(reason: "Use operationCode.")');
    const report = await checkSchemaChanges(released, sdl, TODAY);
    expect(report.undatedDeprecations).toEqual(['Use operationCode.']);
  });

  it('reports a new enum value of an output enum as dangerous, without failing', async () => {
    const sdl = editType(current, 'ProposalSituation', (node) =>
      node.kind === Kind.ENUM_TYPE_DEFINITION
        ? { ...node, values: [...(node.values ?? []), { kind: Kind.ENUM_VALUE_DEFINITION, name: { kind: Kind.NAME, value: 'ARCHIVED' } }] }
        : node,
    );
    // Against the committed SDL: the released one may already differ from it by dangerous changes of its own.
    const report = await checkSchemaChanges(current, sdl, TODAY);
    expect(report.breaking).toEqual([]);
    expect(report.dangerous.map((change) => change.path)).toEqual(['ProposalSituation.ARCHIVED']);
  });
});
