import { readFileSync } from 'node:fs';
import {
  buildASTSchema,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
} from 'graphql';
import { buildCreditGraphSchema } from '../../../src/graphql/schema.js';
import { describeEntry, familyEntries, messageKeyOf } from '../../../src/graphql/common/user-error-table.js';
import { USER_ERROR_FAMILIES } from '../../../src/graphql/mutations.js';

/**
 * graphql-schema-linter's description rules over a schema (types-have-descriptions,
 * fields-have-descriptions, arguments-have-descriptions, input-object-values-have-descriptions,
 * enum-values-have-descriptions): every element a client can introspect, with its coordinate when
 * it has no description. Federation's own types (`_Any`, `_Entity`, `_Service`) and fields are the
 * router's, not ours, and left out as the client SDL leaves them out.
 */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (text: string | null | undefined): boolean => text === null || text === undefined || text.trim() === '';
  for (const type of Object.values(schema.getTypeMap())) {
    if (
      isIntrospectionType(type) ||
      isSpecifiedScalarType(type) ||
      type.name.startsWith('_') ||
      type.name.startsWith('link__') ||
      type.name.startsWith('federation__') ||
      type.name === 'FieldSet'
    ) {
      continue;
    }
    if (blank(type.description)) {
      missing.push(type.name);
    }
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (field.name.startsWith('_')) {
          continue;
        }
        if (blank(field.description)) {
          missing.push(`${type.name}.${field.name}`);
        }
        for (const arg of field.args) {
          if (blank(arg.description)) {
            missing.push(`${type.name}.${field.name}(${arg.name}:)`);
          }
        }
      }
    }
    if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) {
          missing.push(`${type.name}.${field.name}`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (blank(value.description)) {
          missing.push(`${type.name}.${value.name}`);
        }
      }
    }
  }
  return missing;
}

describe('introspection that explains itself', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildCreditGraphSchema();
  });

  it('describes every type, field, argument, input field and enum value the graph serves', () => {
    expect(undescribed(schema)).toEqual([]);
  });

  it.each(['schema/schema.graphql', 'schema/client.graphql'])('describes every element of the committed %s', (path) => {
    const sdl = readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
    expect(undescribed(buildASTSchema(parse(sdl), { assumeValid: true, assumeValidSDL: true }))).toEqual([]);
  });

  it('finds an undescribed enum value, argument and root type (the check can fail)', () => {
    const sdl = '"q" type Query { "f" f("a" a: Int, b: Int): E } "e" enum E { "x" X Y } type Subscription { "s" s: Int }';
    expect(undescribed(buildASTSchema(parse(sdl)))).toEqual(['Query.f(b:)', 'E.Y', 'Subscription']);
  });

  it('describes every mutation error code with its meaning from the user error table (the text docs/errors.md lists)', () => {
    for (const family of Object.values(USER_ERROR_FAMILIES)) {
      const type = schema.getType(family.enumName);
      if (!isEnumType(type)) {
        throw new Error(`${family.enumName} is not an enum`);
      }
      expect(type.getValues().map((value) => [value.name, value.description])).toEqual(
        familyEntries(family).map((entry) => [entry.code, `${describeEntry(entry)} messageKey: ${messageKeyOf(family, entry.code)}.`]),
      );
    }
    const payment = schema.getType('PaymentErrorCode');
    expect(isEnumType(payment) ? payment.getValue('OVER_BALANCE')?.description : undefined).toBe(
      'The payment plus the discount exceeds the installment balance. messageKey: payment.overBalance.',
    );
  });

  it('describes the Query and Subscription roots', () => {
    expect(schema.getQueryType()?.description).toMatch(/^Reads of proposals/);
    expect(schema.getSubscriptionType()?.description).toMatch(/^Live updates/);
  });
});
