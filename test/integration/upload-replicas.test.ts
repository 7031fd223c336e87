/**
 * Uploads every replica sees: held in the ledger's database, a document taken by one replica is
 * attached through another (two graphs over one PostgreSQL, as behind a load balancer), counted
 * against its caller's bound on every replica, refused once expired and purged; an embedded (PGlite)
 * graph that restarts on its DATA_DIR keeps the uploads not yet attached.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { Ledger, openLedgerDatabase, SqlLedgerStore, SqlUploadRows, type UploadRows, UploadStore } from '../../src/ledger/index.js';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { openTestLedger, type TestLedgerDatabase } from '../helpers/ledger.js';
import { type RecordingProxy, startRecordingProxy } from '../helpers/recording-proxy.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { describeWithPostgres } from '../helpers/services.js';

const KEY_A = 'ops-key-a-0123456789abcdef';
const KEY_B = 'ops-key-b-0123456789abcdef';
const MIB = 1024 * 1024;
const ENV = {
  GRAPHQL_API_KEYS: [`a:${KEY_A}:proposals.all`, `b:${KEY_B}:proposals.all`].join(','),
  UPLOAD_CALLER_MAX_BYTES: String(11 * MIB),
  UPLOAD_PURGE_INTERVAL_MS: '0',
};
const ATTACH = `mutation($input: AttachDocumentInput!, $key: String!) {
  attachDocument(input: $input, idempotencyKey: $key) { document { typeCode fileName sizeBytes sha256 } userErrors { code field } }
}`;
const NOT_FOUND = { document: null, userErrors: [{ code: 'UPLOAD_NOT_FOUND', field: ['input', 'uploadId'] }] };
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

interface AttachResult {
  document: { typeCode: number; fileName: string; sizeBytes: number; sha256: string } | null;
  userErrors: Array<{ code: string; field: string[] | null }>;
}

interface Uploaded {
  uploadId: string;
  sizeBytes: number;
  sha256: string;
}

const upload = (graph: TestGraph, body: Buffer, key = KEY_A): Promise<Response> =>
  fetch(`${graph.baseUrl}/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/pdf', authorization: `Bearer ${key}` },
    body: new Uint8Array(body),
  });

const codeOf = async (response: Response): Promise<string | undefined> =>
  ((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code;

async function attach(graph: TestGraph, input: Record<string, unknown>, idempotencyKey: string, key = KEY_A): Promise<AttachResult> {
  const proposalId = graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
  const answer = await graph.execute<{ attachDocument: AttachResult }>(
    ATTACH,
    { input: { proposalId, documentTypeCode: 22, fileName: 'ccb.pdf', extension: 'pdf', ...input }, key: idempotencyKey },
    { authorization: `Bearer ${key}` },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.attachDocument as AttachResult;
}

describeWithPostgres('uploads through two replicas over one PostgreSQL', () => {
  let database: TestLedgerDatabase;
  let proxy: RecordingProxy;
  let replicaA: TestGraph;
  let replicaB: TestGraph;
  /** Replica A's clock runs `offsetMs` ahead (expiry without waiting); its database can be made to fail. */
  let offsetMs = 0;
  let failing = false;
  let rowsA: SqlUploadRows;

  beforeAll(async () => {
    proxy = await startRecordingProxy();
    database = await openTestLedger('postgres');
    const config = loadConfig({ NODE_ENV: 'development', ...ENV });
    rowsA = new SqlUploadRows((database.ledger.store as SqlLedgerStore).kysely);
    const flaky: UploadRows = Object.assign(Object.create(rowsA) as UploadRows, {
      start: async (row: Parameters<UploadRows['start']>[0]) => {
        if (failing) {
          throw new Error('connection reset');
        }
        return rowsA.start(row);
      },
      attach: async (...args: Parameters<UploadRows['attach']>) => {
        if (failing) {
          throw new Error('connection reset');
        }
        return rowsA.attach(...args);
      },
    });
    const uploadsA = new UploadStore(config.uploads, flaky, { now: () => new Date(Date.now() + offsetMs) });
    replicaA = await startTestGraph({ env: ENV, ledger: database.ledger, upstreamBaseUrl: proxy.url, uploads: uploadsA });
    proxy.target = replicaA.sandbox.baseUrl;
    replicaB = await startTestGraph({
      env: ENV,
      ledger: await database.open(),
      upstreamBaseUrl: proxy.url,
      reuseSandbox: { sandbox: replicaA.sandbox, admin: replicaA.admin, client: replicaA.testClient },
    });
  });
  afterAll(async () => {
    await replicaB?.close();
    await replicaA?.close();
    await database?.close();
    await proxy?.close();
  });
  beforeEach(async () => {
    proxy.documents.length = 0;
    await replicaA.admin.resetCalls();
  });

  it('attaches through B a 10 MiB document A took: one IncluirDocumento, carrying exactly the bytes sent', async () => {
    const file = randomBytes(10 * MIB);
    const answer = await upload(replicaA, file);
    expect(answer.status).toBe(201);
    const uploaded = (await answer.json()) as Uploaded;
    expect(uploaded).toMatchObject({ sizeBytes: 10 * MIB, sha256: sha256(file) });
    const attached = await attach(replicaB, { uploadId: uploaded.uploadId }, 'across-replicas');
    expect(attached).toEqual({ document: { typeCode: 22, fileName: 'ccb.pdf', sizeBytes: 10 * MIB, sha256: sha256(file) }, userErrors: [] });
    // The retry through A (the same key): the first answer, no second write; another key: refused.
    expect(await attach(replicaA, { uploadId: uploaded.uploadId }, 'across-replicas')).toEqual(attached);
    expect(await attach(replicaA, { uploadId: uploaded.uploadId }, 'a-second-attach')).toEqual(NOT_FOUND);
    expect((await replicaA.admin.calls()).operations).toEqual({ '/Proposta/IncluirDocumento': 1 });
    expect(proxy.documents).toHaveLength(1);
    const sent = JSON.parse(proxy.documents[0]?.toString('utf8') ?? '{}') as { documento: { arquivo: string } };
    expect(sha256(Buffer.from(sent.documento.arquivo, 'base64'))).toBe(sha256(file));
  });

  it("refuses an unknown id and another caller's upload alike, on either replica, sending nothing", async () => {
    const uploaded = (await (await upload(replicaA, Buffer.from('%PDF-1.4 of a'))).json()) as Uploaded;
    expect(await attach(replicaB, { uploadId: uploaded.uploadId }, 'foreign', KEY_B)).toEqual(NOT_FOUND);
    expect(await attach(replicaA, { uploadId: uploaded.uploadId }, 'foreign', KEY_B)).toEqual(NOT_FOUND);
    expect(await attach(replicaB, { uploadId: '00000000-0000-4000-8000-000000000000' }, 'unknown')).toEqual(NOT_FOUND);
    expect(await attach(replicaB, { uploadId: 'not-an-upload-id' }, 'malformed')).toEqual(NOT_FOUND);
    expect((await replicaA.admin.calls()).operations).toEqual({});
  });

  it("counts a caller's uploads on every replica: past UPLOAD_CALLER_MAX_BYTES, 429 UPLOAD_QUOTA_EXCEEDED on B", async () => {
    // Caller a holds the 10 MiB document taken by A (attached, not yet expired).
    const refused = await upload(replicaB, Buffer.alloc(2 * MIB));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await codeOf(refused)).toBe('UPLOAD_QUOTA_EXCEEDED');
    // Another caller has a bound of its own.
    expect((await upload(replicaB, Buffer.alloc(2 * MIB), KEY_B)).status).toBe(201);
  });

  it('answers 503 LEDGER_UNAVAILABLE when the database fails, for an upload and for an attach', async () => {
    const uploaded = (await (await upload(replicaA, Buffer.from('%PDF-1.4 before the outage'))).json()) as Uploaded;
    failing = true;
    try {
      const refused = await upload(replicaA, Buffer.from('%PDF-1.4 during the outage'));
      expect(refused.status).toBe(503);
      expect(await codeOf(refused)).toBe('LEDGER_UNAVAILABLE');
      const answer = await replicaA.execute(
        ATTACH,
        { input: { proposalId: 'any', documentTypeCode: 6, fileName: 'a.pdf', extension: 'pdf', uploadId: uploaded.uploadId }, key: 'outage' },
        { authorization: `Bearer ${KEY_A}` },
      );
      expect(answer.errors?.map((error) => error.extensions?.['code'])).toEqual(['LEDGER_UNAVAILABLE']);
    } finally {
      failing = false;
    }
    expect((await replicaA.admin.calls()).operations).toEqual({});
  });

  it('refuses an expired upload, and the purge deletes it for every replica', async () => {
    const uploaded = (await (await upload(replicaA, Buffer.from('%PDF-1.4 expiring'))).json()) as Uploaded;
    offsetMs = 900_000;
    expect(await attach(replicaA, { uploadId: uploaded.uploadId, documentTypeCode: 6 }, 'expired')).toEqual(NOT_FOUND);
    // A's clock is past the expiry of the five uploads this suite stored: all are deleted, chunks included.
    const uploadsA = new UploadStore(replicaA.app.config.uploads, rowsA, { now: () => new Date(Date.now() + offsetMs) });
    expect(await uploadsA.purgeExpired()).toBe(5);
    expect(await rowsA.chunks(uploaded.uploadId)).toEqual([]);
    expect(await attach(replicaB, { uploadId: uploaded.uploadId, documentTypeCode: 6 }, 'expired')).toEqual(NOT_FOUND);
    expect((await replicaA.admin.calls()).operations).toEqual({});
  });
});

describe('uploads of an embedded (PGlite) graph that restarts on its DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'credit-graph-uploads-'));
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ demo: true });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One run of the graph over the embedded ledger in `dataDir`, until `work` ends. */
  async function run<T>(work: (graph: TestGraph) => Promise<T>): Promise<T> {
    const database = await openLedgerDatabase({ dataDir });
    try {
      const graph = await startTestGraph({
        env: ENV,
        ledger: new Ledger(new SqlLedgerStore(database.db)),
        reuseSandbox: { sandbox: sandbox.sandbox, admin: sandbox.admin, client: sandbox.client },
      });
      try {
        return await work(graph);
      } finally {
        await graph.close();
      }
    } finally {
      await database.close();
    }
  }

  it('keeps an upload not yet attached across the restart', async () => {
    const file = randomBytes(3 * MIB);
    const uploaded = await run(async (graph) => (await (await upload(graph, file)).json()) as Uploaded);
    expect(uploaded.sha256).toBe(sha256(file));
    await sandbox.admin.resetCalls();
    const attached = await run((graph) => attach(graph, { uploadId: uploaded.uploadId }, 'after-restart'));
    expect(attached).toEqual({ document: { typeCode: 22, fileName: 'ccb.pdf', sizeBytes: 3 * MIB, sha256: sha256(file) }, userErrors: [] });
    expect((await sandbox.admin.calls()).operations).toEqual({ '/Proposta/IncluirDocumento': 1 });
  });
});
