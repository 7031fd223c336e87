import { readFileSync } from 'node:fs';
import { UserErrorCode } from '../../../../src/graphql/common/user-error.type.js';
import { ERROR_CODES } from '../../../../src/shared/error-codes.js';

/** The codes in the first column of the table under `heading` in docs/errors.md. */
function tableCodes(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  if (start < 0) {
    throw new Error(`docs/errors.md has no section ${heading}`);
  }
  const rest = markdown.slice(start + heading.length);
  const end = rest.search(/\n## /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return section
    .split('\n')
    .map((line) => /^\|\s*`([A-Z_]+)`\s*\|/.exec(line)?.[1])
    .filter((code): code is string => code !== undefined);
}

/** What `documented` lacks of `expected`, and what it has beyond it (each empty when they agree). */
function drift(documented: readonly string[], expected: Iterable<string>): { undocumented: string[]; unknown: string[]; repeated: string[] } {
  const wanted = new Set(expected);
  const listed = new Set(documented);
  return {
    undocumented: [...wanted].filter((code) => !listed.has(code)).sort(),
    unknown: [...listed].filter((code) => !wanted.has(code)).sort(),
    repeated: documented.filter((code, index) => documented.indexOf(code) !== index),
  };
}

describe('docs/errors.md', () => {
  const markdown = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');

  it('lists exactly the extensions.code values of the registry (graph, Apollo Server, document guard, HTTP layer), each once', () => {
    const documented = tableCodes(markdown, '## `extensions.code`');
    expect(drift(documented, ERROR_CODES)).toEqual({
      undocumented: [],
      unknown: [],
      repeated: [],
    });
    // Pins the registry itself, so a code dropped from both the source and the doc is noticed too.
    expect(new Set(documented).size).toBe(49);
    expect(ERROR_CODES).toHaveLength(49);
  });

  it('reports a code missing from the doc and a code the source does not have', () => {
    expect(drift(['A', 'B', 'B'], ['B', 'C'])).toEqual({ undocumented: ['C'], unknown: ['A'], repeated: ['B'] });
  });

  it('lists exactly the user error codes', () => {
    expect(tableCodes(markdown, '## `userErrors[].legacyCode` (deprecated)')).toEqual(Object.values(UserErrorCode));
  });
});
