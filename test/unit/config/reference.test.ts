import { readFileSync } from 'node:fs';
import { BEGIN_MARKER, END_MARKER, REFERENCE_PATH, renderReference, updateReference } from '../../../src/config/reference.js';
import { settingDocs, settingsSchema } from '../../../src/config/schema.js';

/** docs/configuration.md is generated from the schema: `npm test` catches drift as `npm run docs:config:check` does in CI. */
describe('the configuration reference', () => {
  const page = readFileSync(REFERENCE_PATH, 'utf8');

  it('is up to date with src/config/schema.ts (run npm run docs:config)', () => {
    expect(updateReference(page)).toBe(page);
  });

  it('lists every declared variable exactly once, secrets marked', () => {
    const generated = page.slice(page.indexOf(BEGIN_MARKER), page.indexOf(END_MARKER));
    const rows = [...generated.matchAll(/^\| `([A-Z0-9_]+)` \|.*$/gm)];
    const names = Object.keys(settingsSchema.shape);
    expect(rows.map((row) => row[1]).sort()).toEqual([...names].sort());
    const secret = rows.filter((row) => row[0].includes('**secret**')).map((row) => row[1]);
    expect(secret.sort()).toEqual([
      'AUDIT_HMAC_KEY',
      'DATABASE_URL',
      'GRAPHQL_API_KEYS',
      'METRICS_TOKEN',
      'PERSON_ID_SECRET',
      'REDIS_URL',
      'UPSTREAM_PRIVATE_KEY',
    ]);
  });

  it('gives every variable a description, a type and a default', () => {
    for (const [name, schema] of Object.entries(settingsSchema.shape)) {
      const doc = settingDocs.get(schema);
      expect({ name, description: (doc?.description.length ?? 0) > 10, type: (doc?.type.length ?? 0) > 0, shown: (doc?.shown.length ?? 0) > 0 }).toEqual({
        name,
        description: true,
        type: true,
        shown: true,
      });
    }
  });

  it('puts the tables between the markers, leaving the hand-written text around them', () => {
    const stale = page.replace('| `PORT` | `4000` |', '| `PORT` | `4001` |');
    expect(stale).not.toBe(page);
    expect(updateReference(stale)).toBe(page);
    expect(updateReference(`intro\n${BEGIN_MARKER}\nold\n${END_MARKER}\nrules\n`)).toBe(
      `intro\n${BEGIN_MARKER}\n\n${renderReference()}\n\n${END_MARKER}\nrules\n`,
    );
    expect(() => updateReference('no markers')).toThrow(/markers/);
  });
});
