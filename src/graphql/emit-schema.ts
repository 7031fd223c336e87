import 'reflect-metadata';
import { printSubgraphSchema } from '@apollo/subgraph';
import { type ASTNode, type DefinitionNode, Kind, parse, print, visit } from 'graphql';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCreditGraphSchema } from './schema.js';

/** First lines of the emitted file. */
export const SCHEMA_HEADER = [
  '# GENERATED FILE, do not edit: `npm run schema` writes it from the type-graphql sources (src/graphql/).',
  '# `npm run schema:check` and test/unit/schema-drift.test.ts fail when it is stale.',
  '',
].join('\n');

/** The committed SDL, relative to the repository root. */
export const SCHEMA_PATH = 'schema/schema.graphql';

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
 * `node dist/graphql/emit-schema.js [--check] [--out path]`: writes the SDL (default
 * schema/schema.graphql), or with `--check` exits 1 when the file differs from what would be written.
 */
async function main(argv: readonly string[]): Promise<number> {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const outIndex = argv.indexOf('--out');
  const target = resolve(root, outIndex >= 0 && argv[outIndex + 1] !== undefined ? argv[outIndex + 1]! : SCHEMA_PATH);
  const sdl = await renderSchema();
  if (argv.includes('--check')) {
    let committed: string | undefined;
    try {
      committed = readFileSync(target, 'utf8');
    } catch (_error) {
      committed = undefined;
    }
    if (committed !== sdl) {
      process.stderr.write(`${target} is stale: run \`npm run schema\` and commit the result.\n`);
      return 1;
    }
    process.stdout.write(`${target} is up to date.\n`);
    return 0;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, sdl);
  process.stdout.write(`wrote ${target}\n`);
  return 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
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
