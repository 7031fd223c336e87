import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { sandboxStateFile, type Service, startService } from '../../src/service.js';
import { type Logger, silentLogger } from '../../src/server/logger.js';
import { executeGraphQL } from '../helpers/graph.js';

/** npm start opens the embedded PGlite ledger: its start-up (WASM) is slow on a loaded machine. */
const START_TIMEOUT_MS = 240_000;

const CREATE = `mutation ($input: CreateProposalInput!, $idempotencyKey: String!) {
  createProposal(input: $input, idempotencyKey: $idempotencyKey) { proposal { id number operationCode } userErrors { code } }
}`;
const MINE = '{ creditViewer { proposals(first: 50) { totalCount nodes { id number operationCode situation } } } }';

/** The demo proposals as the development caller lists them: the operation codes docs/callers.md shows, one per situation. */
const DEMO = [
  ['DEMO-APPROVED', 'APPROVED'],
  ['DEMO-CANCELLED', 'CANCELLED'],
  ['DEMO-CEDED', 'CEDED'],
  ['DEMO-DISBURSED', 'DISBURSED'],
  ['DEMO-DRAFT', 'DRAFT'],
  ['DEMO-FGTS-DISBURSED', 'DISBURSED'],
  ['DEMO-FINALIZED', 'FINALIZED'],
  ['DEMO-PENDING', 'PENDING'],
  ['DEMO-PENDING-PAYMENT', 'PENDING_PAYMENT'],
  ['DEMO-REJECTED', 'REJECTED'],
  ['DEMO-RELEASED-FOR-PAYMENT', 'RELEASED_FOR_PAYMENT'],
  ['DEMO-UNDER-REVIEW', 'UNDER_REVIEW'],
  ['DEMO-VERIFIED', 'VERIFIED'],
];

interface Listed {
  id: string;
  number: number;
  operationCode: string | null;
  situation: string;
}

/** Creates a proposal through the graph as the development caller; its id and number. */
async function create(graphqlUrl: string, code: string): Promise<{ id: string; number: number }> {
  const result = await executeGraphQL<
    { createProposal: { proposal: { id: string; number: number; operationCode: string } | null; userErrors: unknown[] } },
    Record<string, unknown>
  >(graphqlUrl, CREATE, {
    idempotencyKey: randomUUID(),
    input: {
      clientDocument: '529.982.247-25',
      clientName: 'Cliente Reinicio',
      contractType: 'CP',
      requestedAmount: '1500.00',
      monthlyInterestRate: '2.5',
      installments: 6,
      operationCode: code,
    },
  });
  expect(result.errors).toBeUndefined();
  expect(result.data?.createProposal.userErrors).toEqual([]);
  const proposal = result.data?.createProposal.proposal;
  expect(proposal?.operationCode).toBe(code);
  return { id: proposal?.id ?? '', number: proposal?.number ?? 0 };
}

describe('restarts of the service on one DATA_DIR (what npm start and npm run dev do)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-restarts-'));
  let service: Service | undefined;

  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (): Promise<Service> =>
    startService(loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_ANALYSIS_SECONDS: '0' }), silentLogger);

  it(
    'lists every proposal created across three starts, with distinct ids and numbers and no error',
    async () => {
      const created: Array<{ id: string; number: number; code: string }> = [];
      let demoIds: string[] = [];
      for (let start_ = 0; start_ < 3; start_ += 1) {
        service = await start();
        const url = service.http.graphqlUrl;
        const demo = (service.sandbox?.demo ?? []).map((proposal) => proposal.id);
        if (start_ === 0) {
          demoIds = demo;
          expect(existsSync(sandboxStateFile(loadConfig({ DATA_DIR: dataDir })))).toBe(true);
        } else {
          // The twin came back as it was: the demo is the one of the first start, not a second one.
          expect(demo).toEqual(demoIds);
        }
        const code = `RESTART-${start_}`;
        created.push({ ...(await create(url, code)), code });
        const listed = await executeGraphQL<{ creditViewer: { proposals: { totalCount: number; nodes: Listed[] } } }, Record<string, never>>(url, MINE, {});
        expect(listed.errors).toBeUndefined();
        const nodes = listed.data?.creditViewer.proposals.nodes ?? [];
        // The demo proposals (the development caller's from the first start) and every one created since.
        expect(listed.data?.creditViewer.proposals.totalCount).toBe(DEMO.length + created.length);
        const mine = nodes.filter((node) => !demoIds.includes(node.id));
        expect(mine.map((node) => [node.id, node.number, node.operationCode]).sort()).toEqual(created.map((p) => [p.id, p.number, p.code]).sort());
        // Every one is a proposal the partner knows (the analysis is immediate here: approved).
        expect(mine.map((node) => node.situation)).toEqual(created.map(() => 'APPROVED'));
        expect(
          nodes
            .filter((node) => demoIds.includes(node.id))
            .map((node) => [node.operationCode, node.situation])
            .sort(),
        ).toEqual(DEMO);
        await service.close();
        service = undefined;
      }
      expect(new Set(created.map((p) => p.id)).size).toBe(3);
      expect(new Set(created.map((p) => p.number)).size).toBe(3);
      for (const p of created) {
        expect(demoIds).not.toContain(p.id);
      }
    },
    START_TIMEOUT_MS,
  );
});

/** A logger keeping the error lines' message and code (the rest of its levels are silent). */
function recordingLogger(lines: Array<{ message: string; errorCode?: string }>): Logger {
  const logger: Logger = {
    ...silentLogger,
    error: (message, fields) => lines.push({ message, ...(typeof fields?.errorCode === 'string' ? { errorCode: fields.errorCode } : {}) }),
    child: () => logger,
  };
  return logger;
}

describe('a ledger naming proposals its partner does not know', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-lost-twin-'));
  let service: Service | undefined;

  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'answers those items alone with PROPOSAL_UNKNOWN_TO_PARTNER, the others as usual, and says what to do in the log',
    async () => {
      const config = loadConfig({ PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_ANALYSIS_SECONDS: '0' });
      service = await startService(config, silentLogger);
      const lost = await create(service.http.graphqlUrl, 'LOST-1');
      await service.close();
      // The twin's state is gone (deleted by hand, or a DATA_DIR from before the twin kept one); the ledger's is not.
      rmSync(sandboxStateFile(config));
      const lines: Array<{ message: string; errorCode?: string }> = [];
      service = await startService(config, recordingLogger(lines));
      const kept = await create(service.http.graphqlUrl, 'KEPT-1');
      // No id of the lost proposal is issued again by the fresh twin.
      expect(kept.id).not.toBe(lost.id);
      const listed = await executeGraphQL<
        { creditViewer: { proposals: { edges: Array<{ node: Listed | null }>; nodes: Array<Listed | null> } } },
        Record<string, never>
      >(service.http.graphqlUrl, '{ creditViewer { proposals(first: 20) { edges { node { id situation } } nodes { id operationCode situation } } } }', {});
      // Newest first: the one created now, the lost one, then the demo proposals (adopted at the first start).
      const nodes = listed.data?.creditViewer.proposals.nodes ?? [];
      expect(nodes.slice(0, 2)).toEqual([{ id: kept.id, operationCode: 'KEPT-1', situation: 'APPROVED' }, null]);
      expect(nodes.slice(2).map((node) => node?.operationCode)).toEqual(expect.arrayContaining(DEMO.map(([code]) => code)));
      expect(listed.data?.creditViewer.proposals.edges.slice(0, 2)).toEqual([{ node: { id: kept.id, situation: 'APPROVED' } }, { node: null }]);
      expect(listed.errors?.map((error) => [error.path?.join('.'), error.extensions?.code, error.extensions?.proposalId])).toEqual([
        ['creditViewer.proposals.edges.1.node', 'PROPOSAL_UNKNOWN_TO_PARTNER', lost.id],
        ['creditViewer.proposals.nodes.1', 'PROPOSAL_UNKNOWN_TO_PARTNER', lost.id],
      ]);
      const told = lines.filter((line) => line.errorCode === 'PROPOSAL_UNKNOWN_TO_PARTNER');
      // One line per item, however many places of the answer show it.
      expect(told).toHaveLength(1);
      expect(told[0]?.message).toContain('npm run reset');
    },
    START_TIMEOUT_MS,
  );
});
