import { readFileSync } from 'node:fs';
import { GRAPH_ERROR_CODES } from '../../../src/graphql/errors.js';
import { UserErrorCode } from '../../../src/graphql/common/user-error.type.js';

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
    .map(line => /^\|\s*`([A-Z_]+)`\s*\|/.exec(line)?.[1])
    .filter((code): code is string => code !== undefined);
}

describe('docs/errors.md', () => {
  const markdown = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');

  it('lists exactly the extensions.code values of src/graphql/errors.ts, in order', () => {
    expect(tableCodes(markdown, '## `extensions.code`')).toEqual([...GRAPH_ERROR_CODES]);
  });

  it('lists exactly the user error codes', () => {
    expect(tableCodes(markdown, '## `userErrors[].code`')).toEqual(Object.values(UserErrorCode));
  });
});
