import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { type Service, startService } from '../../src/service.js';
import { silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';

/** npm start opens the embedded PGlite ledger: its start-up (WASM) is slow on a loaded machine. */
const START_TIMEOUT_MS = 240_000;

const MINE = `{
  creditViewer { callerId proposals(first: 50) { totalCount nodes { id number operationCode situation situationCode } } }
  __type(name: "ProposalSituation") { enumValues { name } }
}`;
const MINE_IN = 'query ($situation: ProposalSituation) { creditViewer { proposals(first: 50, situation: $situation) { nodes { operationCode } } } }';

/** The demo proposals as docs/callers.md and the README list them: operation code, situation, its code, by operation code. */
const DEMO = [
  ['DEMO-APPROVED', 'APPROVED', 2],
  ['DEMO-CANCELLED', 'CANCELLED', 4],
  ['DEMO-CEDED', 'CEDED', 10],
  ['DEMO-DISBURSED', 'DISBURSED', 9],
  ['DEMO-DRAFT', 'DRAFT', 0],
  ['DEMO-FGTS-DISBURSED', 'DISBURSED', 9],
  ['DEMO-FINALIZED', 'FINALIZED', 6],
  ['DEMO-PENDING', 'PENDING', 5],
  ['DEMO-PENDING-PAYMENT', 'PENDING_PAYMENT', 11],
  ['DEMO-REJECTED', 'REJECTED', 3],
  ['DEMO-RELEASED-FOR-PAYMENT', 'RELEASED_FOR_PAYMENT', 8],
  ['DEMO-UNDER-REVIEW', 'UNDER_REVIEW', 1],
  ['DEMO-VERIFIED', 'VERIFIED', 7],
] as const;

interface Listed {
  id: string;
  number: number;
  operationCode: string | null;
  situation: string;
  situationCode: number;
}

interface Mine {
  creditViewer: { callerId: string; proposals: { totalCount: number; nodes: Listed[] } };
  __type: { enumValues: Array<{ name: string }> };
}

describe('the development caller on a fresh DATA_DIR (what npm start and npm run dev give a frontend developer)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-demo-caller-'));
  let service: Service | undefined;

  beforeAll(async () => {
    service = await startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), silentLogger);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const calls = async (): Promise<{ total: number; operations: Record<string, number> }> =>
    (await (await fetch(`${service?.sandbox?.url ?? ''}/_sandbox/calls`)).json()) as { total: number; operations: Record<string, number> };

  it('lists "My proposals" in every situation of the schema but UNKNOWN, with their DEMO- operation codes, from the first start', async () => {
    await fetch(`${service?.sandbox?.url ?? ''}/_sandbox/calls`, { method: 'DELETE' });
    const listed = await executeGraphQL<Mine, Record<string, never>>(service?.http.graphqlUrl ?? '', MINE, {});
    expect(listed.errors).toBeUndefined();
    const viewer = listed.data?.creditViewer;
    expect(viewer?.callerId).toBe('anonymous');
    expect(viewer?.proposals.totalCount).toBe(13);
    const nodes = viewer?.proposals.nodes ?? [];
    expect(nodes.map((node) => [node.operationCode, node.situation, node.situationCode]).sort()).toEqual(DEMO.map((row) => [...row]));
    const everySituation = (listed.data?.__type.enumValues ?? []).map((value) => value.name).filter((name) => name !== 'UNKNOWN');
    expect(everySituation).toHaveLength(12);
    expect([...new Set(nodes.map((node) => node.situation))].sort()).toEqual(everySituation.sort());
    // They are the sandbox's demo proposals, as it created them.
    const demo = service?.sandbox?.demo ?? [];
    expect(nodes.map((node) => [node.id, node.number, node.operationCode]).sort()).toEqual(demo.map((d) => [d.id, d.number, d.operationCode]).sort());
    // The list is the ledger's; each node's situation is one partner read.
    expect(await calls()).toMatchObject({ total: 13, operations: { '/FGTS/ConsultaProposta': 13 } });
  });

  it('filters "My proposals" by each situation to exactly the demo proposals in it', async () => {
    for (const situation of [...new Set(DEMO.map(([, name]) => name))]) {
      const page = await executeGraphQL<{ creditViewer: { proposals: { nodes: Array<{ operationCode: string }> } } }, { situation: string }>(
        service?.http.graphqlUrl ?? '',
        MINE_IN,
        { situation },
      );
      expect([situation, page.errors]).toEqual([situation, undefined]);
      expect([situation, (page.data?.creditViewer.proposals.nodes ?? []).map((node) => node.operationCode).sort()]).toEqual([
        situation,
        DEMO.filter(([, name]) => name === situation).map(([code]) => code),
      ]);
    }
  });
});
