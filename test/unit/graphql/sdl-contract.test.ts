/**
 * The frontend contract, read from the emitted SDL as a frontend team's script would:
 * no JSON outside `raw...` fields, an enum beside every raw integer code, no description paragraph
 * repeated more than three times, calendar dates typed `Date`.
 */
import { readFileSync } from 'node:fs';
import {
  buildASTSchema,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  parse,
} from 'graphql';

const SDL = readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8');
// The federation link and directives are not part of this check; only the types are.
const schema = buildASTSchema(parse(SDL.replace(/^extend schema @link[^\n]*\n/m, '').replace(/ @key\(fields: "[^"]*"\)/g, '')), { assumeValidSDL: true });

/** Identifiers that happen to end in Code: numbers that name something, not codes with meanings. */
const IDENTIFIER_CODES = new Set(['PaymentEntry.bankCode', 'PaymentAccountInput.bankCode']);

type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;

function ownTypes(): GraphQLNamedType[] {
  return Object.values(schema.getTypeMap()).filter((t) => !t.name.startsWith('__'));
}

function fieldsOf(type: GraphQLNamedType): Array<[string, AnyField]> {
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    return Object.values(type.getFields()).map((field) => [`${type.name}.${field.name}`, field] as [string, AnyField]);
  }
  return [];
}

const allFields = ownTypes().flatMap(fieldsOf);

describe('the emitted SDL as a frontend contract', () => {
  it('types no field JSON except the raw... escape hatches', () => {
    const json = allFields.filter(([, field]) => getNamedType(field.type).name === 'JSON').map(([name]) => name);
    expect(json.filter((name) => !/\.raw[A-Z]?\w*$/.test(name))).toEqual([]);
  });

  it('puts an enum beside every raw Int ...Code output field (xCode beside x)', () => {
    const missing: string[] = [];
    for (const type of ownTypes()) {
      if (!isObjectType(type) && !isInterfaceType(type)) {
        continue;
      }
      const fields = type.getFields();
      for (const field of Object.values(fields)) {
        const key = `${type.name}.${field.name}`;
        if (!field.name.endsWith('Code') || getNamedType(field.type).name !== 'Int' || IDENTIFIER_CODES.has(key)) {
          continue;
        }
        const sibling = fields[field.name.slice(0, -'Code'.length)];
        const enumType = sibling ? getNamedType(sibling.type) : undefined;
        if (!isEnumType(enumType) || !enumType.getValues().some((v) => v.name === 'UNKNOWN')) {
          missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('repeats no description paragraph more than three times', () => {
    const counts = new Map<string, number>();
    const count = (description: string | null | undefined): void => {
      for (const paragraph of (description ?? '')
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => p !== '')) {
        counts.set(paragraph, (counts.get(paragraph) ?? 0) + 1);
      }
    };
    for (const type of ownTypes()) {
      count(type.description);
      if (isEnumType(type)) {
        type.getValues().forEach((v) => count(v.description));
      }
      for (const [, field] of fieldsOf(type)) {
        count(field.description);
        if ('args' in field) {
          field.args.forEach((arg) => count(arg.description));
        }
      }
    }
    const repeated = [...counts.entries()].filter(([, n]) => n > 3).map(([paragraph, n]) => `${n}x ${paragraph}`);
    expect(repeated).toEqual([]);
  });

  it('types calendar dates Date and instants DateTime', () => {
    const misfits = allFields
      .filter(([name, field]) => {
        const type = getNamedType(field.type).name;
        const calendar = /(Date|^.*\.validUntil)$/.test(name);
        return (calendar && type !== 'Date') || (type === 'Date' && !calendar) || (/At$/.test(name) && type !== 'DateTime');
      })
      .map(([name, field]) => `${name}: ${getNamedType(field.type).name}`);
    expect(misfits).toEqual([]);
    for (const name of [
      'Installment.dueDate',
      'Boleto.dueDate',
      'AgendaInstallment.dueDate',
      'IndividualGuarantorInput.birthDate',
      'RegistrationRecord.birthDate',
    ]) {
      expect(allFields.find(([key]) => key === name)?.[1].type.toString()).toMatch(/^Date!?$/);
    }
    expect(isScalarType(schema.getType('Date'))).toBe(true);
  });

  it('has every entity implement Node with a non-null ID id, and Query.node / nodes find them', () => {
    const entities = [
      'Proposal',
      'Installment',
      'AgendaDetail',
      'AgendaInstallment',
      'AgendaBoleto',
      'Boleto',
      'PixCharge',
      'LedgerEntry',
      'PaymentEntry',
      'FgtsCancellation',
      'Guarantor',
      'Signer',
      'ProposalDocument',
      'ProposalOperation',
      'Person',
    ];
    const node = schema.getType('Node');
    expect(isInterfaceType(node)).toBe(true);
    const implementing = ownTypes()
      .filter((t) => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'))
      .map((t) => t.name)
      .sort();
    expect(implementing).toEqual([...entities].sort());
    for (const name of implementing) {
      expect(`${name}.id: ${String(allFields.find(([key]) => key === `${name}.id`)?.[1].type)}`).toBe(`${name}.id: ID!`);
    }
    // Every other object with an id is an entity too, so no id escapes a client cache's normalization.
    const withId = ownTypes()
      .filter((t) => isObjectType(t) && 'id' in t.getFields())
      .map((t) => t.name)
      .sort();
    expect(withId.filter((name) => !implementing.includes(name))).toEqual([]);
    const query = schema.getQueryType()?.getFields();
    expect(String(query?.['node']?.type)).toBe('Node');
    expect(String(query?.['nodes']?.type)).toBe('[Node]!');
  });
});
