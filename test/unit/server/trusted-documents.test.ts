import { readFileSync } from 'node:fs';
import { buildASTSchema, parse, print, visit } from 'graphql';
import {
  APOLLO_MANIFEST_PATH,
  CLIENT_SDL_PATH,
  MANIFEST_MODULE_PATH,
  PERSISTED_DOCUMENTS_PATH,
  readPersistedDocuments,
  renderManifests,
  repositorySources,
  trustedDocuments,
  validateDocuments,
} from '../../../src/server/trusted-documents.js';

const read = (path: string): string => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('the trusted documents manifest', () => {
  const documents = trustedDocuments(repositorySources());
  const sdl = read(CLIENT_SDL_PATH);

  it('holds every repository operation, and the committed manifests are what generation writes', () => {
    const names = new Set(documents.map((d) => d.name));
    expect(names.has('ProposalWithAgenda')).toBe(true);
    expect(names.has('MyProposals')).toBe(true);
    const { persisted, apollo, module } = renderManifests(documents);
    expect(read(MANIFEST_MODULE_PATH)).toBe(module);
    expect(read(PERSISTED_DOCUMENTS_PATH)).toBe(persisted);
    expect(read(APOLLO_MANIFEST_PATH)).toBe(apollo);
    const manifest = readPersistedDocuments(persisted);
    expect(manifest.size).toBe(documents.length);
    for (const id of manifest.keys()) {
      expect(id).toMatch(/^sha256:[0-9a-f]{64}$/);
    }
    const list = JSON.parse(apollo) as { format: string; version: number; operations: { id: string }[] };
    expect(list.format).toBe('apollo-persisted-query-manifest');
    expect(list.version).toBe(1);
    expect(list.operations.map((o) => `sha256:${o.id}`)).toEqual([...manifest.keys()]);
  });

  it('validates every document against the current client SDL', () => {
    expect(validateDocuments(documents, buildASTSchema(parse(sdl)))).toEqual([]);
  });

  it('fails a document that no longer validates once a field it selects is removed', () => {
    const edited = print(
      visit(parse(sdl), {
        ObjectTypeDefinition(node) {
          return node.name.value === 'Installment' ? { ...node, fields: node.fields?.filter((f) => f.name.value !== 'dueDate') } : undefined;
        },
      }),
    );
    const problems = validateDocuments(documents, buildASTSchema(parse(edited)));
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.some((p) => p.startsWith('ProposalWithAgenda (sha256:') && p.includes('Cannot query field "dueDate" on type "Installment"'))).toBe(true);
  });

  it('refuses a manifest entry whose id is not its body hash', () => {
    expect(() => readPersistedDocuments(JSON.stringify({ 'sha256:00': '{ viewer { id } }' }))).toThrow(/is not a document whose sha256 is its id/);
  });

  it('names an unknown fragment spread', () => {
    expect(() => trustedDocuments([{ files: ['x.graphql'], texts: ['query Q { ...Missing }'] }])).toThrow(
      'x.graphql: operation Q spreads unknown fragment Missing',
    );
  });
});
