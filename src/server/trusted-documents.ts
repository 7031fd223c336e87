import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildASTSchema,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  print,
  validate,
  visit,
} from 'graphql';
import { isEntryPoint } from '../shared/entry-point.js';

/** The manifest in the GraphQL over HTTP persisted documents form: `sha256:<hex>` -> document text. */
export const PERSISTED_DOCUMENTS_PATH = 'schema/trusted/persisted-documents.json';
/** The same documents in Apollo's persisted query list format (ids are the bare sha256 of the body). */
export const APOLLO_MANIFEST_PATH = 'schema/trusted/persisted-query-manifest.json';
/** The same manifest as a module the graph embeds (the built image ships no schema/ directory). */
export const MANIFEST_MODULE_PATH = 'src/server/trusted-documents.manifest.ts';
/** The SDL manifest documents are validated against (the graph as a client sees it). */
export const CLIENT_SDL_PATH = 'schema/client.graphql';

/** One trusted document: one operation with the fragments it spreads, printed canonically. */
export interface TrustedDocument {
  /** `sha256:<hex of body>`. */
  readonly id: string;
  readonly name: string;
  readonly type: 'query' | 'mutation' | 'subscription';
  readonly body: string;
  /** Where the operation is declared, relative to the repository root. */
  readonly source: string;
}

/** A group of sources whose fragments may be spread by any of its operations. */
interface SourceGroup {
  readonly files: readonly string[];
  /** The GraphQL text of each file (template literals extracted from TypeScript). */
  readonly texts: readonly string[];
}

const root = (): string => resolve(fileURLToPath(new URL('../..', import.meta.url)));

function listFiles(dir: string, accept: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'gql' && entry.name !== 'node_modules') {
        out.push(...listFiles(path, accept));
      }
    } else if (accept(entry.name)) {
      out.push(path);
    }
  }
  return out.sort();
}

/** The text of every `graphql(\`...\`)` call in a TypeScript source (the client preset's form). */
export function graphqlCalls(source: string): string[] {
  return [...source.matchAll(/graphql\(\s*`([^`]*)`\s*\)/g)].map((match) => match[1] ?? '');
}

/** The repository's operations: schema/operations/*.graphql, and the back office's graphql() calls. */
export function repositorySources(base = root()): SourceGroup[] {
  const operations = listFiles(join(base, 'schema/operations'), (name) => name.endsWith('.graphql'));
  const backOffice = listFiles(join(base, 'examples/back-office/src'), (name) => /\.tsx?$/.test(name));
  return [
    { files: operations.map((f) => relative(base, f)), texts: operations.map((f) => readFileSync(f, 'utf8')) },
    {
      files: backOffice.map((f) => relative(base, f)),
      texts: backOffice.map((f) => graphqlCalls(readFileSync(f, 'utf8')).join('\n')),
    },
  ];
}

function spreads(node: DefinitionNode): string[] {
  const names: string[] = [];
  visit(node, {
    FragmentSpread(spread) {
      names.push(spread.name.value);
    },
  });
  return names;
}

/** Every operation of `groups` as a standalone document (the operation, then its fragments by name). */
export function trustedDocuments(groups: readonly SourceGroup[]): TrustedDocument[] {
  const documents: TrustedDocument[] = [];
  for (const group of groups) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    const operations: { node: OperationDefinitionNode; source: string }[] = [];
    group.texts.forEach((text, index) => {
      if (text.trim() === '') {
        return;
      }
      const source = group.files[index] ?? '';
      let document: DocumentNode;
      try {
        document = parse(text, { noLocation: true });
      } catch (error) {
        throw new Error(`${source}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          fragments.set(definition.name.value, definition);
        } else if (definition.kind === Kind.OPERATION_DEFINITION) {
          if (!definition.name) {
            throw new Error(`${source}: every trusted operation needs a name`);
          }
          operations.push({ node: definition, source });
        }
      }
    });
    for (const { node, source } of operations) {
      const used = new Set<string>();
      const pending = spreads(node);
      while (pending.length > 0) {
        const name = pending.pop() as string;
        if (used.has(name)) {
          continue;
        }
        const fragment = fragments.get(name);
        if (!fragment) {
          throw new Error(`${source}: operation ${node.name?.value ?? ''} spreads unknown fragment ${name}`);
        }
        used.add(name);
        pending.push(...spreads(fragment));
      }
      const definitions = [node, ...[...used].sort().map((name) => fragments.get(name) as FragmentDefinitionNode)];
      const body = print({ kind: Kind.DOCUMENT, definitions });
      documents.push({
        id: `sha256:${createHash('sha256').update(body).digest('hex')}`,
        name: node.name?.value ?? '',
        type: node.operation as TrustedDocument['type'],
        body,
        source,
      });
    }
  }
  // One operation name may appear in two clients with different bodies (each its own id); the same
  // body twice is one document.
  const seen = new Map<string, TrustedDocument>();
  for (const document of documents) {
    if (!seen.has(document.id)) {
      seen.set(document.id, document);
    }
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The problems of each manifest document against `schema`: one line per error, naming the operation. */
export function validateDocuments(documents: readonly TrustedDocument[], schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const document of documents) {
    for (const error of validate(schema, parse(document.body))) {
      problems.push(`${document.name} (${document.id}, from ${document.source}): ${error.message}`);
    }
  }
  return problems;
}

/** The two committed manifest files, as text. */
export function renderManifests(documents: readonly TrustedDocument[]): { persisted: string; apollo: string; module: string } {
  const persisted = Object.fromEntries(documents.map((d) => [d.id, d.body]));
  const apollo = {
    format: 'apollo-persisted-query-manifest',
    version: 1,
    operations: documents.map((d) => ({ id: d.id.slice('sha256:'.length), name: d.name, type: d.type, body: d.body })),
  };
  const module = [
    "// Generated by `npm run documents` from the repository's operations (docs/trusted-documents.md): do not edit.",
    '/** The trusted documents: `sha256:<hex>` -> the document whose SHA-256 that is. */',
    `export const PERSISTED_DOCUMENTS: Readonly<Record<string, string>> = ${JSON.stringify(persisted, null, 2)};`,
    '',
  ].join('\n');
  return { persisted: `${JSON.stringify(persisted, null, 2)}\n`, apollo: `${JSON.stringify(apollo, null, 2)}\n`, module };
}

/** Reads a committed persisted-documents manifest (`sha256:<hex>` -> body) and checks every id is the body's hash. */
export function readPersistedDocuments(text: string): Map<string, string> {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const out = new Map<string, string>();
  for (const [id, body] of Object.entries(parsed)) {
    if (typeof body !== 'string' || id !== `sha256:${createHash('sha256').update(body).digest('hex')}`) {
      throw new Error(`trusted documents manifest: entry ${id} is not a document whose sha256 is its id`);
    }
    out.set(id, body);
  }
  return out;
}

/**
 * `node dist/server/trusted-documents.js [--check]`: writes the manifests from the repository's
 * operations, or (with --check) fails when a document does not validate against schema/client.graphql
 * or when the committed manifests differ from what would be generated.
 */
export function main(args: readonly string[], base = root()): number {
  const check = args.includes('--check');
  const documents = trustedDocuments(repositorySources(base));
  const schema = buildASTSchema(parse(readFileSync(join(base, CLIENT_SDL_PATH), 'utf8')));
  const problems = validateDocuments(documents, schema);
  for (const problem of problems) {
    process.stderr.write(`trusted document does not validate: ${problem}\n`);
  }
  const { persisted, apollo, module } = renderManifests(documents);
  const targets = [
    { path: MANIFEST_MODULE_PATH, text: module },
    { path: PERSISTED_DOCUMENTS_PATH, text: persisted },
    { path: APOLLO_MANIFEST_PATH, text: apollo },
  ];
  let stale = 0;
  for (const target of targets) {
    const file = join(base, target.path);
    if (check) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        // absent: stale
      }
      if (current !== target.text) {
        stale += 1;
        process.stderr.write(`${target.path} is stale: run npm run documents\n`);
      }
    } else {
      writeFileSync(file, target.text);
    }
  }
  process.stdout.write(`trusted documents: ${documents.length} operations, ${problems.length} invalid${check ? `, ${stale} stale manifest(s)` : ''}.\n`);
  return problems.length + stale === 0 ? 0 : 1;
}

if (isEntryPoint(import.meta.url, 'trusted-documents')) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`trusted documents failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
