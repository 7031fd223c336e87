/**
 * Documents sent apart from GraphQL: POST /uploads takes the raw bytes (its own limit, its own
 * callers' uploads), attachDocument names them by uploadId, and the GraphQL body limit is sized for
 * GraphQL (1 MiB by default), answered 413 PAYLOAD_TOO_LARGE past it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';
import { type RecordingProxy, startRecordingProxy } from '../helpers/recording-proxy.js';

const KEY_A = 'ops-key-a-0123456789abcdef';
const KEY_B = 'ops-key-b-0123456789abcdef';
const TEN_MIB = 10 * 1024 * 1024;
const ATTACH = `mutation($input: AttachDocumentInput!, $key: String!) {
  attachDocument(input: $input, idempotencyKey: $key) { document { typeCode fileName sizeBytes sha256 } userErrors { code field } }
}`;

interface AttachResult {
  document: { typeCode: number; fileName: string; sizeBytes: number; sha256: string } | null;
  userErrors: Array<{ code: string; field: string[] | null }>;
}

describe('documents through POST /uploads', () => {
  let graph: TestGraph;
  let proxy: RecordingProxy;
  const proposalId = (): string => graph.sandbox.demo.find((proposal) => proposal.label === 'approved')?.id ?? '';
  const upload = (body: Buffer, key = KEY_A, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${graph.baseUrl}/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', authorization: `Bearer ${key}`, ...headers },
      body: new Uint8Array(body),
    });
  const attach = async (input: Record<string, unknown>, idempotencyKey: string, key = KEY_A): Promise<AttachResult> => {
    const answer = await graph.execute<{ attachDocument: AttachResult }>(
      ATTACH,
      { input: { proposalId: proposalId(), documentTypeCode: 22, fileName: 'ccb.pdf', extension: 'pdf', ...input }, key: idempotencyKey },
      { authorization: `Bearer ${key}` },
    );
    expect(answer.errors).toBeUndefined();
    return answer.data?.attachDocument as AttachResult;
  };
  const partnerDocuments = async (): Promise<number> => (await graph.admin.calls()).operations['/Proposta/IncluirDocumento'] ?? 0;

  beforeAll(async () => {
    proxy = await startRecordingProxy();
    graph = await startTestGraph({
      env: { GRAPHQL_API_KEYS: [`a:${KEY_A}:proposals.all`, `b:${KEY_B}:proposals.all`].join(',') },
      upstreamBaseUrl: proxy.url,
    });
    proxy.target = graph.sandbox.baseUrl;
  });
  afterAll(async () => {
    await graph.close();
    await proxy.close();
  });
  beforeEach(async () => {
    proxy.documents.length = 0;
    await graph.admin.resetCalls();
  });

  it('attaches a 10 MiB document sent through POST /uploads: the partner receives exactly those bytes, once', async () => {
    const file = randomBytes(TEN_MIB);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const answer = await upload(file);
    expect(answer.status).toBe(201);
    const uploaded = (await answer.json()) as { uploadId: string; sizeBytes: number; sha256: string };
    expect(uploaded).toMatchObject({ sizeBytes: TEN_MIB, sha256 });
    const first = await attach({ uploadId: uploaded.uploadId }, 'upload-10mib');
    expect(first).toEqual({ document: { typeCode: 22, fileName: 'ccb.pdf', sizeBytes: TEN_MIB, sha256 }, userErrors: [] });
    // The same key and the same upload: the first answer again, no second write.
    const again = await attach({ uploadId: uploaded.uploadId }, 'upload-10mib');
    expect(again).toEqual(first);
    // Attached once: another key cannot attach it a second time.
    expect(await attach({ uploadId: uploaded.uploadId }, 'upload-10mib-again')).toEqual({
      document: null,
      userErrors: [{ code: 'UPLOAD_NOT_FOUND', field: ['input', 'uploadId'] }],
    });
    expect(await partnerDocuments()).toBe(1);
    expect(proxy.documents).toHaveLength(1);
    const sent = JSON.parse(proxy.documents[0]?.toString('utf8') ?? '{}') as { documento: { arquivo: string } };
    expect(Buffer.from(sent.documento.arquivo, 'base64').equals(file)).toBe(true);
  });

  it('refuses an upload past UPLOAD_MAX_BYTES with 413 PAYLOAD_TOO_LARGE, and an unauthenticated one with 401', async () => {
    const big = await upload(Buffer.alloc(TEN_MIB + 1));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
    const anonymous = await upload(Buffer.from('x'), 'wrong-key-0123456789abcdef');
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });

  it("refuses another caller's upload and an unknown id with UPLOAD_NOT_FOUND, sending nothing", async () => {
    const uploaded = (await (await upload(Buffer.from('%PDF-1.4 mine'))).json()) as { uploadId: string };
    const notFound = { document: null, userErrors: [{ code: 'UPLOAD_NOT_FOUND', field: ['input', 'uploadId'] }] };
    expect(await attach({ uploadId: uploaded.uploadId }, 'other-caller', KEY_B)).toEqual(notFound);
    expect(await attach({ uploadId: '00000000-0000-4000-8000-000000000000' }, 'unknown-id')).toEqual(notFound);
    expect(await partnerDocuments()).toBe(0);
  });

  it('leaves an upload free for another key when its first attach was refused before it was recorded', async () => {
    const file = Buffer.from('%PDF-1.4 corrected');
    const uploaded = (await (await upload(file)).json()) as { uploadId: string };
    expect(await attach({ uploadId: uploaded.uploadId, extension: 'exe', fileName: 'ccb.exe' }, 'wrong-extension')).toEqual({
      document: null,
      userErrors: [{ code: 'EXTENSION_NOT_ALLOWED', field: ['input', 'extension'] }],
    });
    expect(await partnerDocuments()).toBe(0);
    const corrected = await attach({ uploadId: uploaded.uploadId, documentTypeCode: 6 }, 'corrected');
    expect(corrected).toEqual({
      document: { typeCode: 6, fileName: 'ccb.pdf', sizeBytes: file.length, sha256: createHash('sha256').update(file).digest('hex') },
      userErrors: [],
    });
    expect(await partnerDocuments()).toBe(1);
  });

  it('takes exactly one of contentBase64 and uploadId', async () => {
    const uploaded = (await (await upload(Buffer.from('%PDF-1.4 both'))).json()) as { uploadId: string };
    const content = Buffer.from('%PDF-1.4 inline').toString('base64');
    expect(await attach({ uploadId: uploaded.uploadId, contentBase64: content }, 'both')).toEqual({
      document: null,
      userErrors: [{ code: 'CONTENT_AND_UPLOAD', field: ['input', 'uploadId'] }],
    });
    expect(await attach({}, 'neither')).toEqual({ document: null, userErrors: [{ code: 'DOCUMENT_MISSING', field: ['input', 'contentBase64'] }] });
    expect(await partnerDocuments()).toBe(0);
    // A small document still travels inline (a proof of address: the CCB above is in automatic analysis).
    const inline = await attach({ contentBase64: content, documentTypeCode: 6 }, 'inline');
    expect(inline.userErrors).toEqual([]);
    expect(inline.document?.sizeBytes).toBe(15);
    expect(await partnerDocuments()).toBe(1);
  });

  it('answers a GraphQL body past GRAPHQL_MAX_BODY_BYTES (1 MiB) with 413 PAYLOAD_TOO_LARGE', async () => {
    const content = Buffer.alloc(1024 * 1024).toString('base64');
    const response = await fetch(graph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY_A}` },
      body: JSON.stringify({ query: ATTACH, variables: { input: { proposalId: proposalId(), contentBase64: content }, key: 'too-large' } }),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors.map((error) => error.extensions.code)).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(await partnerDocuments()).toBe(0);
  });
});
