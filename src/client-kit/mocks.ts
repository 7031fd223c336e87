/**
 * The client kit's mocks: the client SDL (schema/client.graphql) answering every query, mutation and
 * subscription with realistic, seeded values and no server, for frontend component tests.
 *
 * - Values a screen shows as the graph gives them: CPFs and CNPJs with valid check digits, Decimals
 *   as strings with two decimals ("1234.56"; rates 0.50 to 4.99), calendar days as "YYYY-MM-DD",
 *   instants as RFC 3339 UTC, enums from their own values, proposal ids as UUIDs, other node ids opaque.
 * - Deterministic: the same seed and the same operations give the same values (for snapshots).
 * - A proposal asked by id is that proposal (`proposal(id:)`, `proposals(ids:)`, `proposalChanged(id:)`),
 *   the same object each time within one mocked schema.
 * - Any value can be fixed per type (`mocks: { Proposal: () => ({ situation: 'APPROVED' }) }`).
 *
 * With Apollo Client: `new SchemaLink({ schema })` (./apollo.ts: `mockApolloLink`) and the
 * generated possibleTypes; with Relay: `Network.create(relayFetch(schema))`. docs/frontend.md shows both.
 */
import { addMocksToSchema, createMockStore, type IMocks, type IMockStore } from '@graphql-tools/mock';
import { type IResolvers } from '@graphql-tools/utils';
import {
  buildSchema,
  execute,
  getNamedType,
  getNullableType,
  isEnumType,
  isInterfaceType,
  isListType,
  isObjectType,
  isScalarType,
  parse,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import type { FetchFunction, GraphQLResponse } from 'relay-runtime';
import { cnpj, cpf, digitableLine, isoDate, isoDateTime, money, personName, rate, seededRng, type Rng } from './values.js';

export interface MockOptions {
  /** The client SDL's text (schema/client.graphql); ./sdl.ts `clientSdl()` reads it in Node. */
  sdl: string;
  /** Seed of every generated value; 1 by default. */
  seed?: number;
  /** Values to fix, per type: merged over the kit's (a function returning some of the type's fields). */
  mocks?: IMocks;
  /** Resolvers over the mock store, merged over the kit's (see @graphql-tools/mock's `resolvers`). */
  resolvers?: (store: IMockStore) => IResolvers;
}

export interface MockedSchema {
  schema: GraphQLSchema;
  store: IMockStore;
}

/** A UUID v4 from the seeded source (a proposal's id is its UUID). */
function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** An opaque node id as the graph mints them: base64url of its type, its proposal and a key. */
function nodeId(rng: Rng, typeName: string): string {
  return btoa(`${typeName}:${uuid(rng)}:${rng.int(1, 99)}`)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A value for a String field, chosen by the field's name. */
function stringValue(rng: Rng, typeName: string, field: string): string {
  if (/(^|[a-z])(document|cpf)$/i.test(field) || field === 'document') {
    return cpf(rng);
  }
  if (/cnpj$/i.test(field)) {
    return cnpj(rng);
  }
  if (/email$/i.test(field)) {
    return `pessoa${rng.int(1, 999)}@example.com`;
  }
  if (/name$/i.test(field)) {
    return personName(rng);
  }
  if (/digitableLine$/i.test(field)) {
    return digitableLine(rng);
  }
  if (/phone$/i.test(field)) {
    return `+55119${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  }
  if (/url$/i.test(field)) {
    return `https://example.com/${typeName.toLowerCase()}/${rng.int(1, 9999)}`;
  }
  if (/(zip|postalCode|cep)$/i.test(field)) {
    return String(rng.int(1_000_000, 99_999_999)).padStart(8, '0');
  }
  if (/(code|number)$/i.test(field)) {
    return `${field.replace(/[a-z]/g, '').toUpperCase() || 'C'}-${String(rng.int(1, 999_999)).padStart(6, '0')}`;
  }
  return `${field} ${rng.int(1, 99)}`;
}

/** A value for a field of a leaf type, by its scalar (or enum) and its name; undefined for an object field. */
function leafValue(rng: Rng, typeName: string, field: GraphQLField<unknown, unknown>): unknown {
  const nullable = getNullableType(field.type);
  const named = getNamedType(field.type);
  if (isListType(nullable)) {
    if (!isScalarType(named) && !isEnumType(named)) {
      return undefined;
    }
    // Lists of leaves (installment numbers, codes): two, in order for numbers.
    const one = { ...field, type: named } as GraphQLField<unknown, unknown>;
    const values = [leafValue(rng, typeName, one), leafValue(rng, typeName, one)];
    return named.name === 'Int' ? (values as number[]).sort((a, b) => a - b) : values;
  }
  if (isEnumType(named)) {
    return rng.pick(named.getValues()).value;
  }
  if (!isScalarType(named)) {
    return undefined;
  }
  switch (named.name) {
    case 'ID':
      return typeName === 'Proposal' && field.name === 'id' ? uuid(rng) : nodeId(rng, typeName);
    case 'Decimal':
      return /(rate|percent|cet)/i.test(field.name) ? rate(rng) : money(rng);
    case 'Date':
      return isoDate(rng);
    case 'DateTime':
      return isoDateTime(rng);
    case 'Int':
      return /(count|installments?|number|term|months?)$/i.test(field.name) ? rng.int(1, 24) : rng.int(0, 100);
    case 'Float':
      return rng.int(0, 10_000) / 100;
    case 'Boolean':
      return rng.next() < 0.5;
    case 'JSON':
      return { source: 'mock', [field.name]: rng.int(1, 99) };
    default:
      return stringValue(rng, typeName, field.name);
  }
}

/** The kit's mocks: per object type, its leaf fields; per abstract type, one of its implementations; scalars seeded. */
function kitMocks(schema: GraphQLSchema, rng: Rng): IMocks {
  const mocks: IMocks = {
    ID: () => nodeId(rng, 'Node'),
    String: () => `text ${rng.int(1, 99)}`,
    Int: () => rng.int(0, 100),
    Float: () => rng.int(0, 10_000) / 100,
    Boolean: () => rng.next() < 0.5,
    Decimal: () => money(rng),
    Date: () => isoDate(rng),
    DateTime: () => isoDateTime(rng),
    JSON: () => ({ source: 'mock' }),
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) {
      continue;
    }
    if (isEnumType(type)) {
      mocks[type.name] = () => rng.pick(type.getValues()).value;
    } else if (isInterfaceType(type)) {
      const implementations = schema.getPossibleTypes(type).map((object) => object.name);
      mocks[type.name] = () => ({ __typename: rng.pick(implementations) });
    } else if (isObjectType(type)) {
      const fields = Object.values(type.getFields());
      mocks[type.name] = () =>
        Object.fromEntries(
          fields.flatMap((field) => {
            const value = leafValue(rng, type.name, field);
            return value === undefined ? [] : [[field.name, value]];
          }),
        );
    }
  }
  return mocks;
}

/** Merges fixed values over the kit's: a type's fields from both, the caller's winning. */
function mergeMocks(kit: IMocks, fixed: IMocks): IMocks {
  const merged: IMocks = { ...kit };
  for (const [name, mock] of Object.entries(fixed)) {
    const base = kit[name];
    merged[name] =
      typeof base === 'function' && typeof mock === 'function'
        ? () => {
            const ours: unknown = base();
            const theirs: unknown = mock();
            return typeof ours === 'object' && ours !== null && typeof theirs === 'object' && theirs !== null ? { ...ours, ...theirs } : theirs;
          }
        : mock;
  }
  return merged;
}

/** The client SDL with every resolver mocked: realistic, seeded values, and a proposal asked by id is that proposal. */
export function mockClientSchema(options: MockOptions): MockedSchema {
  const base = buildSchema(options.sdl);
  const rng = seededRng(options.seed ?? 1);
  const mocks = mergeMocks(kitMocks(base, rng), options.mocks ?? {});
  const store = createMockStore({ schema: base, mocks });
  const byId = (typeName: string) => (_: unknown, args: { id: string }) => store.get(typeName, args.id);
  const kitResolvers: IResolvers = {
    Query: {
      proposal: byId('Proposal'),
      proposals: (_: unknown, args: { ids: readonly string[] }) => args.ids.map((id) => store.get('Proposal', id)),
    },
  };
  if (base.getSubscriptionType()?.getFields()['proposalChanged']) {
    // The watched proposal's change, the same object the queries read: one event when subscribed
    // (graphql's subscribe), the event itself when run as one result (Apollo's SchemaLink executes).
    const change = (id: string): unknown => {
      store.set('ProposalChange', id, { proposalId: id, proposal: store.get('Proposal', id) });
      return store.get('ProposalChange', id);
    };
    kitResolvers['Subscription'] = {
      proposalChanged: {
        subscribe: async function* (_: unknown, args: { id: string }) {
          yield { proposalChanged: change(args.id) };
        },
        resolve: (source: { proposalChanged?: unknown } | undefined, args: { id: string }) => source?.proposalChanged ?? change(args.id),
      },
    };
  }
  const extra = options.resolvers?.(store) ?? {};
  const resolvers: IResolvers = { ...kitResolvers };
  for (const [typeName, fields] of Object.entries(extra)) {
    resolvers[typeName] = { ...(resolvers[typeName] as object | undefined), ...(fields as object) };
  }
  const schema = addMocksToSchema({ schema: base, store, resolvers, preserveResolvers: false });
  return { schema, store };
}

/**
 * Runs `document` (a DocumentNode or its text) against a mocked schema: what a Relay network's fetch,
 * urql's exchange or any test helper returns to its client. Invalid operations answer their
 * validation errors, as the graph would.
 */
export async function executeMock(
  schema: GraphQLSchema,
  document: DocumentNode | string,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): Promise<ExecutionResult> {
  const parsed = typeof document === 'string' ? parse(document) : document;
  const errors = validate(schema, parsed);
  if (errors.length > 0) {
    return { errors };
  }
  return await execute({ schema, document: parsed, variableValues: variables, operationName: operationName ?? undefined });
}

/**
 * A Relay `FetchFunction` over a mocked schema: `new Environment({ network: Network.create(relayFetch(schema)), store })`.
 * Only its type comes from relay-runtime (erased at run time): the kit needs no Relay to load.
 */
export function relayFetch(schema: GraphQLSchema): FetchFunction {
  return async (params, variables) => {
    if (typeof params.text !== 'string') {
      throw new TypeError(`operation ${params.name} has no text: persisted queries need their text to run against the mocks`);
    }
    const result = await executeMock(schema, params.text, variables, params.name);
    return { ...result, data: result.data ?? undefined } as GraphQLResponse;
  };
}
