import { type Change, CriticalityLevel, diff } from '@graphql-inspector/core';
import {
  buildASTSchema,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  print,
  type TypeNode,
  visit,
} from 'graphql';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientSdl, SCHEMA_PATH } from './emit-schema.js';
import { isEntryPoint } from '../shared/entry-point.js';

/** The SDL clients rely on, relative to the repository root: the gate compares the emitted SDL with it. */
export const RELEASED_SCHEMA_PATH = 'schema/released/schema.graphql';

/** How a deprecation names its removal date; the date is the first day the element may be gone. */
const REMOVAL = /Removed after (\d{4}-\d{2}-\d{2})\./;

/** One change of the schema against the released SDL. */
export interface SchemaChange {
  /** Schema coordinate (`Query.proposal`, `Proposal.installments(first:)`, `Enum.VALUE`) or `@key(Type)`. */
  readonly path: string;
  readonly message: string;
}

/** What the gate found. */
export interface GateReport {
  /** Breaking changes not allowed by the policy: any one fails the gate. */
  readonly breaking: readonly SchemaChange[];
  /** Breaking changes the policy allows: elements removed after their deprecation's date. */
  readonly removedAsAnnounced: readonly SchemaChange[];
  /** Changes that may change what a client sees without failing validation (a new enum value, a default changed). */
  readonly dangerous: readonly SchemaChange[];
  /** Deprecations of the new SDL without a removal date ("Removed after YYYY-MM-DD."): each fails the gate. */
  readonly undatedDeprecations: readonly string[];
}

/** The removal date of a deprecation reason, or undefined when it names none. */
export function removalDate(reason: string | null | undefined): string | undefined {
  return reason === null || reason === undefined ? undefined : REMOVAL.exec(reason)?.[1];
}

/** The deprecation reason of the element at `path` in `schema` (a field, argument, input field or enum value). */
function deprecationOf(schema: GraphQLSchema, path: string): string | undefined {
  const [typeName, member, argument] = path.split('.');
  const type = typeName === undefined ? undefined : schema.getType(typeName);
  if (member === undefined || type === undefined) {
    return undefined;
  }
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    return argument === undefined
      ? (field?.deprecationReason ?? undefined)
      : (field?.args.find((arg) => arg.name === argument)?.deprecationReason ?? undefined);
  }
  if (isInputObjectType(type)) {
    return type.getFields()[member]?.deprecationReason ?? undefined;
  }
  if (isEnumType(type)) {
    return type.getValue(member)?.deprecationReason ?? undefined;
  }
  return undefined;
}

const namedType = (node: TypeNode): string => (node.kind === Kind.NAMED_TYPE ? node.name.value : namedType(node.type));

/** Every coordinate of `sdl` whose type is `typeName`: fields, arguments and input fields that use it. */
function usesOf(sdl: string, typeName: string): string[] {
  const uses: string[] = [];
  for (const definition of parse(sdl).definitions) {
    if ('fields' in definition && definition.fields !== undefined && 'name' in definition && definition.name !== undefined) {
      for (const field of definition.fields) {
        const coordinate = `${definition.name.value}.${field.name.value}`;
        if (namedType(field.type) === typeName) {
          uses.push(coordinate);
        }
        for (const argument of 'arguments' in field ? (field.arguments ?? []) : []) {
          if (namedType(argument.type) === typeName) {
            uses.push(`${coordinate}.${argument.name.value}`);
          }
        }
      }
    }
  }
  return uses;
}

/** The `@key` field sets of each entity of a subgraph SDL, as `Type @key(fields: "...")`. */
function federationKeys(subgraphSdl: string): Set<string> {
  const keys = new Set<string>();
  visit(parse(subgraphSdl), {
    enter(node) {
      if (
        (node.kind === Kind.OBJECT_TYPE_DEFINITION || node.kind === Kind.OBJECT_TYPE_EXTENSION || node.kind === Kind.INTERFACE_TYPE_DEFINITION) &&
        node.directives
      ) {
        for (const directive of node.directives) {
          if (directive.name.value === 'key') {
            keys.add(`${node.name.value} ${print(directive)}`);
          }
        }
      }
    },
  });
  return keys;
}

const asChange = (change: Change): SchemaChange => ({ path: change.path ?? '', message: change.message });

/**
 * Compares a new subgraph SDL with the released one. graphql-inspector diffs the client view of both
 * (the federation directives stripped: it does not understand `@link`'d ones), and the federation keys
 * are compared here. A breaking change passes only when its element was deprecated in the released
 * SDL with a removal date that `today` (YYYY-MM-DD, UTC) has passed; a type removed passes when every
 * use of it in the released SDL did.
 */
export async function checkSchemaChanges(releasedSubgraphSdl: string, newSubgraphSdl: string, today: string): Promise<GateReport> {
  const releasedClient = clientSdl(releasedSubgraphSdl);
  const released = buildASTSchema(parse(releasedClient));
  const current = buildASTSchema(parse(clientSdl(newSubgraphSdl)));
  const changes = await diff(released, current);
  const expired = (path: string): boolean => {
    const date = removalDate(deprecationOf(released, path));
    return date !== undefined && date < today;
  };
  const breaking: SchemaChange[] = [];
  const removedAsAnnounced: SchemaChange[] = [];
  for (const change of changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking)) {
    const path = change.path ?? '';
    const allowed = change.type === 'TYPE_REMOVED' ? usesOf(releasedClient, path).every((use) => expired(use)) : removalKinds.has(change.type) && expired(path);
    (allowed ? removedAsAnnounced : breaking).push(asChange(change));
  }
  const newKeys = federationKeys(newSubgraphSdl);
  for (const key of federationKeys(releasedSubgraphSdl)) {
    if (!newKeys.has(key)) {
      breaking.push({ path: key, message: `Federation key ${key} was removed: the router can no longer reach the entity by it.` });
    }
  }
  const undatedDeprecations: string[] = [];
  visit(parse(newSubgraphSdl), {
    enter(node) {
      if (node.kind === Kind.DIRECTIVE && node.name.value === 'deprecated') {
        const reason = node.arguments?.find((argument) => argument.name.value === 'reason');
        const text = reason?.value.kind === Kind.STRING ? reason.value.value : undefined;
        if (removalDate(text) === undefined) {
          undatedDeprecations.push(text ?? '(no reason)');
        }
      }
    },
  });
  return {
    breaking,
    removedAsAnnounced,
    dangerous: changes.filter((c) => c.criticality.level === CriticalityLevel.Dangerous).map(asChange),
    undatedDeprecations,
  };
}

/** The removals a deprecation can announce (a retyped element cannot be: it was never deprecated as the new type). */
const removalKinds: ReadonlySet<string> = new Set(['FIELD_REMOVED', 'FIELD_ARGUMENT_REMOVED', 'INPUT_FIELD_REMOVED', 'ENUM_VALUE_REMOVED']);

/**
 * `node dist/graphql/schema-gate.js [--released path] [--schema path]`: compares schema/schema.graphql
 * with schema/released/schema.graphql; prints the dangerous changes and removals as announced, and
 * exits 1 on a breaking change or an undated deprecation.
 */
async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const pathOf = (flag: string, fallback: string): string => {
    const index = argv.indexOf(flag);
    return resolve(root, index >= 0 && argv[index + 1] !== undefined ? argv[index + 1]! : fallback);
  };
  const report = await checkSchemaChanges(
    readFileSync(pathOf('--released', RELEASED_SCHEMA_PATH), 'utf8'),
    readFileSync(pathOf('--schema', SCHEMA_PATH), 'utf8'),
    new Date().toISOString().slice(0, 10),
  );
  for (const change of report.dangerous) {
    process.stdout.write(`dangerous: ${change.path}: ${change.message}\n`);
  }
  for (const change of report.removedAsAnnounced) {
    process.stdout.write(`removed after its announced date: ${change.path}: ${change.message}\n`);
  }
  for (const change of report.breaking) {
    process.stderr.write(`BREAKING: ${change.path}: ${change.message}\n`);
  }
  for (const reason of report.undatedDeprecations) {
    process.stderr.write(`deprecation without "Removed after YYYY-MM-DD.": ${reason}\n`);
  }
  const failed = report.breaking.length + report.undatedDeprecations.length;
  process.stdout.write(
    failed === 0
      ? `schema gate: no breaking change against ${RELEASED_SCHEMA_PATH} (${report.dangerous.length} dangerous).\n`
      : `schema gate: ${failed} problem(s) against ${RELEASED_SCHEMA_PATH}; see docs/federation.md "Schema changes and deprecations".\n`,
  );
  return failed === 0 ? 0 : 1;
}

if (isEntryPoint(import.meta.url, 'schema-gate')) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`schema gate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
