/**
 * The example operations: every operation of `schema/operations/*.graphql` with a `# variables:`
 * comment line above it. That folder is their one home: the explorer opens them as tabs, the README
 * quotes them (test/integration/server-readme.test.ts checks each quote against its file) and the
 * README test runs each, as written, against the sandbox's demo data. `<disbursed id>` and the other
 * `<label id>` placeholders in the variables stand for the demo proposals' ids.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Kind, parse } from 'graphql';

/** One example operation. */
export interface ExampleOperation {
  /** The operation's name, e.g. `ProposalWithAgenda`. */
  name: string;
  operation: 'query' | 'mutation' | 'subscription';
  /** The operation's text as its file writes it (without the comments above it). */
  query: string;
  /** Its variables: the JSON text of the `# variables:` line. */
  variables: string;
}

const VARIABLES_LINE = /^#\s*variables:\s*(.*)$/;

/** The example operations of one `.graphql` document, in their order; throws on a document that does not parse. */
export function exampleOperations(source: string): ExampleOperation[] {
  const examples: ExampleOperation[] = [];
  for (const definition of parse(source).definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.name === undefined || definition.loc === undefined) {
      continue;
    }
    // The comment block right above the operation, read upwards from the line before it.
    const above = source.slice(0, definition.loc.start).split('\n').slice(0, -1);
    let variables: string | undefined;
    for (let line = above.length - 1; line >= 0 && (above[line] ?? '').startsWith('#'); line -= 1) {
      variables ??= VARIABLES_LINE.exec(above[line] ?? '')?.[1]?.trim();
    }
    if (variables !== undefined) {
      examples.push({ name: definition.name.value, operation: definition.operation, query: source.slice(definition.loc.start, definition.loc.end), variables });
    }
  }
  return examples;
}

/**
 * The example operations of every `.graphql` file in `dir`, files in name order; queries first, then
 * mutations (an explorer opens on a read). A file that cannot be read or parsed adds none.
 */
export async function readExampleOperations(dir: string): Promise<ExampleOperation[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.graphql')).sort();
  const perFile = await Promise.all(
    names.map(async (name) => {
      try {
        return exampleOperations(await readFile(join(dir, name), 'utf8'));
      } catch {
        return [];
      }
    }),
  );
  const all = perFile.flat();
  return [...all.filter((example) => example.operation === 'query'), ...all.filter((example) => example.operation !== 'query')];
}
