/**
 * A Relay frontend compiles against the committed SDL: a `@connection` over `creditViewer.proposals` (keyed
 * by its filter and order arguments, with `totalCount`; refetched from `Query`, since Relay refetches
 * only a type named `Viewer` without an id, and ours is `CreditViewer`: docs/federation.md) and a `node` refetch of a `Proposal`. The SDL
 * is the subgraph's; Relay reads it as a client would, without the federation `extend schema @link`
 * (relay-compiler 21 cannot build a schema extension; the directives it leaves alone).
 *
 * relay-compiler ships a prebuilt binary per platform and needs no install script: a pinned
 * devDependency, run from node_modules/.bin (or from RELAY_COMPILER when set).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const COMPILER = process.env['RELAY_COMPILER'] ?? join(ROOT, 'node_modules/.bin/relay-compiler');

const DOCUMENTS = `
export const myProposals = graphql\`
  query relayMyProposalsQuery($situation: ProposalSituation, $orderBy: ProposalOrder) {
    ...relay_proposals @arguments(situation: $situation, orderBy: $orderBy)
  }
\`;

export const proposals = graphql\`
  fragment relay_proposals on Query
  @refetchable(queryName: "relayProposalsPaginationQuery")
  @argumentDefinitions(
    count: { type: "Int", defaultValue: 20 }
    cursor: { type: "String" }
    situation: { type: "ProposalSituation" }
    orderBy: { type: "ProposalOrder" }
  ) {
    creditViewer {
      proposals(first: $count, after: $cursor, situation: $situation, orderBy: $orderBy)
        @connection(key: "relay_proposals", filters: ["situation", "orderBy"]) {
        totalCount
        edges {
          node {
            id
            ...relay_proposal
          }
        }
      }
    }
  }
\`;

export const proposal = graphql\`
  fragment relay_proposal on Proposal @refetchable(queryName: "relayProposalRefetchQuery") {
    id
    number
    situation
    financedAmount
  }
\`;
`;

function compile(cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(COMPILER, [], { cwd, timeout: 110_000, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      done({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('relay-compiler over the committed SDL', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'relay-'));
    mkdirSync(join(dir, 'src/__generated__'), { recursive: true });
    const sdl = readFileSync(join(ROOT, 'schema/schema.graphql'), 'utf8').replace(/^extend schema @link[^\n]*\n/m, '');
    writeFileSync(join(dir, 'schema.graphql'), sdl);
    writeFileSync(join(dir, 'src', 'relay.ts'), DOCUMENTS);
    writeFileSync(
      join(dir, 'relay.config.json'),
      JSON.stringify({
        src: './src',
        schema: './schema.graphql',
        language: 'typescript',
        artifactDirectory: './src/__generated__',
        customScalarTypes: { Decimal: 'string', DateTime: 'string', Date: 'string' },
      }),
    );
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('compiles a @connection on creditViewer.proposals and a node refetch of a Proposal', async () => {
    const { code, output } = await compile(dir);
    expect({ code, failed: /ERROR/.test(output) ? output : undefined }).toEqual({ code: 0, failed: undefined });
    const artifact = (name: string): string => readFileSync(join(dir, 'src/__generated__', `${name}.graphql.ts`), 'utf8');
    const pagination = artifact('relayProposalsPaginationQuery');
    expect(pagination).toContain('proposals(first: $count, after: $cursor, situation: $situation, orderBy: $orderBy)');
    expect(pagination).toMatch(/pageInfo \{\\n\s+endCursor\\n\s+hasNextPage\\n/);
    const fragment = artifact('relay_proposals');
    expect(fragment).toContain('"name": "__relay_proposals_connection"');
    expect(fragment).toMatch(/"direction": "forward"/);
    expect(artifact('relayProposalRefetchQuery')).toContain('node(id: $id)');
  });
});
