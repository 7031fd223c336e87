import 'reflect-metadata';
import { printSubgraphSchema } from '@apollo/subgraph';
import { type ASTNode, type DefinitionNode, type DirectiveNode, Kind, parse, print, visit } from 'graphql';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCreditGraphSchema } from './schema.js';
import { isEntryPoint } from '../shared/entry-point.js';

/** First lines of the emitted file. */
export const SCHEMA_HEADER = [
  '# GENERATED FILE, do not edit: `npm run schema` writes it from the type-graphql sources (src/graphql/).',
  '# `npm run schema:check` and test/unit/schema-drift.test.ts fail when it is stale.',
  '',
].join('\n');

/** The committed SDL, relative to the repository root. */
export const SCHEMA_PATH = 'schema/schema.graphql';

/** The committed client-facing SDL (no federation internals), relative to the repository root. */
export const CLIENT_SCHEMA_PATH = 'schema/client.graphql';

/** First lines of the emitted client SDL. */
export const CLIENT_SCHEMA_HEADER = [
  '# GENERATED FILE, do not edit: `npm run schema` writes it from the type-graphql sources (src/graphql/).',
  '# The graph as a frontend sees it: schema/schema.graphql without the federation internals (@link, @key,',
  '# @shareable, the access-rule directives, _service, _entities, _Any, _Entity). Point codegen and editors here.',
  '# `npm run schema:check` and test/unit/schema-drift.test.ts fail when it is stale.',
  '',
].join('\n');

/**
 * Directives of Apollo Federation (and its `@link`): what a router reads, never a client. Their
 * definitions, their uses and the `extend schema @link(...)` are left out of the client SDL.
 */
const FEDERATION_DIRECTIVES: ReadonlySet<string> = new Set([
  'link',
  'key',
  'shareable',
  'external',
  'requires',
  'provides',
  'extends',
  'tag',
  'inaccessible',
  'override',
  'composeDirective',
  'interfaceObject',
  'authenticated',
  'requiresScopes',
  'policy',
  'context',
  'fromContext',
  'cost',
  'listSize',
]);

/** Types the subgraph specification adds for the router (entities, the service SDL, `@link` imports). */
const FEDERATION_TYPES: ReadonlySet<string> = new Set(['_Any', '_Entity', '_Service', 'FieldSet']);

/** Federation's own names: its directives and types, as the subgraph spells them when not imported (`@federation__requires`, `link__Import`). */
const isFederationName = (name: string): boolean => name.startsWith('federation__') || name.startsWith('link__');

/** Root fields the subgraph specification adds for the router. */
const FEDERATION_FIELDS: ReadonlySet<string> = new Set(['_service', '_entities']);

/**
 * The client SDL from a subgraph SDL: the same types, fields, arguments and descriptions, without
 * the federation directives, types and root fields, so a frontend's codegen, editor or linter reads
 * the graph as it is queried.
 */
export function clientSdl(subgraphSdl: string): string {
  const keepDirectives = (directives: readonly DirectiveNode[] | undefined): DirectiveNode[] | undefined =>
    directives?.filter((directive) => !FEDERATION_DIRECTIVES.has(directive.name.value) && !isFederationName(directive.name.value));
  const stripped = visit(parse(subgraphSdl), {
    enter(node: ASTNode) {
      switch (node.kind) {
        case Kind.SCHEMA_EXTENSION:
        case Kind.SCHEMA_DEFINITION:
          // The only schema extension is federation's `@link`; the root types keep their default names.
          return null;
        case Kind.DIRECTIVE_DEFINITION:
          return FEDERATION_DIRECTIVES.has(node.name.value) || isFederationName(node.name.value) ? null : undefined;
        case Kind.SCALAR_TYPE_DEFINITION:
        case Kind.OBJECT_TYPE_DEFINITION:
        case Kind.UNION_TYPE_DEFINITION:
        case Kind.ENUM_TYPE_DEFINITION:
        case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        case Kind.INTERFACE_TYPE_DEFINITION:
          return FEDERATION_TYPES.has(node.name.value) || isFederationName(node.name.value) ? null : { ...node, directives: keepDirectives(node.directives) };
        case Kind.OBJECT_TYPE_EXTENSION:
        case Kind.INTERFACE_TYPE_EXTENSION:
          return { ...node, directives: keepDirectives(node.directives) };
        case Kind.FIELD_DEFINITION:
          return FEDERATION_FIELDS.has(node.name.value) ? null : { ...node, directives: keepDirectives(node.directives) };
        case Kind.INPUT_VALUE_DEFINITION:
        case Kind.ENUM_VALUE_DEFINITION:
          return { ...node, directives: keepDirectives(node.directives) };
        default:
          return undefined;
      }
    },
  });
  return sortSdl(print(stripped));
}

/** The client SDL as committed: {@link clientSdl} of the subgraph SDL, under {@link CLIENT_SCHEMA_HEADER}. */
export async function renderClientSchema(): Promise<string> {
  const schema = await buildCreditGraphSchema();
  return `${CLIENT_SCHEMA_HEADER}${clientSdl(printSubgraphSchema(schema)).trim()}\n`;
}

/**
 * The subgraph SDL as committed: the credit graph's schema printed with its federation directives
 * (`@link`, `@key`), sorted lexicographically, under {@link SCHEMA_HEADER}.
 */
export async function renderSchema(): Promise<string> {
  const schema = await buildCreditGraphSchema();
  return `${SCHEMA_HEADER}${sortSdl(printSubgraphSchema(schema)).trim()}\n`;
}

type Named = { readonly name: { readonly value: string } };

const byName = <T extends Named>(items: readonly T[] | undefined): T[] | undefined =>
  items === undefined ? undefined : [...items].sort((a, b) => (a.name.value < b.name.value ? -1 : a.name.value > b.name.value ? 1 : 0));

/**
 * Sorts an SDL document: schema definitions and extensions first, then types and directives by name,
 * and inside them fields, arguments, input fields, enum values, interfaces and union members by name.
 * (graphql's lexicographicSortSchema cannot be used: printSubgraphSchema prints from the AST nodes the
 * subgraph was built from, in source order.)
 */
export function sortSdl(sdl: string): string {
  const sorted = visit(parse(sdl), {
    enter(node: ASTNode) {
      switch (node.kind) {
        case Kind.OBJECT_TYPE_DEFINITION:
        case Kind.OBJECT_TYPE_EXTENSION:
        case Kind.INTERFACE_TYPE_DEFINITION:
        case Kind.INTERFACE_TYPE_EXTENSION:
          return { ...node, fields: byName(node.fields), interfaces: byName(node.interfaces) };
        case Kind.FIELD_DEFINITION:
          return { ...node, arguments: byName(node.arguments) };
        case Kind.DIRECTIVE_DEFINITION:
          return { ...node, arguments: byName(node.arguments) };
        case Kind.INPUT_OBJECT_TYPE_DEFINITION:
        case Kind.INPUT_OBJECT_TYPE_EXTENSION:
          return { ...node, fields: byName(node.fields) };
        case Kind.ENUM_TYPE_DEFINITION:
        case Kind.ENUM_TYPE_EXTENSION:
          return { ...node, values: byName(node.values) };
        case Kind.UNION_TYPE_DEFINITION:
        case Kind.UNION_TYPE_EXTENSION:
          return { ...node, types: byName(node.types) };
        default:
          return undefined;
      }
    },
  });
  const rank = (definition: DefinitionNode): string =>
    definition.kind === Kind.SCHEMA_DEFINITION || definition.kind === Kind.SCHEMA_EXTENSION
      ? '0'
      : `1${'name' in definition && definition.name !== undefined ? definition.name.value : ''}`;
  const definitions = [...sorted.definitions].sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));
  return print({ ...sorted, definitions });
}

/**
 * `node dist/graphql/emit-schema.js [--check] [--out path] [--client-out path]`: writes the subgraph
 * SDL (default schema/schema.graphql) and the client SDL (default schema/client.graphql), or with
 * `--check` exits 1 when either file differs from what would be written.
 */
async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const pathOf = (flag: string, fallback: string): string => {
    const index = argv.indexOf(flag);
    return resolve(root, index >= 0 && argv[index + 1] !== undefined ? argv[index + 1]! : fallback);
  };
  const files = [
    { target: pathOf('--out', SCHEMA_PATH), sdl: await renderSchema() },
    { target: pathOf('--client-out', CLIENT_SCHEMA_PATH), sdl: await renderClientSchema() },
  ];
  if (argv.includes('--check')) {
    let stale = 0;
    for (const { target, sdl } of files) {
      let committed: string | undefined;
      try {
        committed = readFileSync(target, 'utf8');
      } catch (_error) {
        committed = undefined;
      }
      if (committed !== sdl) {
        process.stderr.write(`${target} is stale: run \`npm run schema\` and commit the result.\n`);
        stale += 1;
      } else {
        process.stdout.write(`${target} is up to date.\n`);
      }
    }
    return stale === 0 ? 0 : 1;
  }
  for (const { target, sdl } of files) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, sdl);
    process.stdout.write(`wrote ${target}\n`);
  }
  return 0;
}

if (isEntryPoint(import.meta.url, 'emit-schema')) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`schema emit failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
