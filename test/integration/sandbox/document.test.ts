import { callOperation, getToken, sandboxFixture } from '../../helpers/sandbox.js';

const DOC = '/Proposta/IncluirDocumento';
const PDF = Buffer.from('%PDF-1.4 sandbox test').toString('base64');

describe('sandbox IncluirDocumento', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') });
  let id: string;
  const upload = (documento: unknown, dto: unknown = { codigoProposta: id }) => callOperation(t.sandbox, t.token, DOC, { dto, documento });
  const doc = (overrides: Record<string, unknown> = {}) => ({
    tipoDocumento: 1,
    nomeArquivo: 'rg.pdf',
    extensao: 'pdf',
    dtValidade: '2030-01-01T00:00:00Z',
    arquivo: PDF,
    ...overrides,
  });
  const ctx = (res: { json: { messages: { code: string; context: string }[] } }) => res.json.messages.map((m) => `${m.code}/${m.context}`);

  beforeEach(async () => {
    id = (
      await callOperation(t.sandbox, t.token, '/Proposta/IncluirManual', {
        dto: { documentoCliente: '52998224725', tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 6 },
      })
    ).json.codigo as string;
  });

  it('stores a document and answers its record', async () => {
    const res = await upload(doc());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      msg: expect.any(String),
      hasError: false,
      messages: [],
      codigo: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tipoDocumento: 1,
      nomeArquivo: 'rg.pdf',
      extensao: 'pdf',
      dtValidade: '2030-01-01T00:00:00.000Z',
      arquivo: PDF,
    });
  });

  it('takes the extension from the file name when extensao is absent, case-insensitively', async () => {
    const res = await upload(doc({ extensao: undefined, nomeArquivo: 'FOTO.JPEG' }));
    expect(res.json.extensao).toBe('jpeg');
  });

  it('replaces a document of the same type', async () => {
    const a = await upload(doc());
    const b = await upload(doc({ nomeArquivo: 'rg2.pdf' }));
    expect(b.status).toBe(200);
    expect(b.json.codigo).not.toBe(a.json.codigo);
  });

  it('locks a CCB (tipoDocumento 22) in automatic analysis until the proposal moves (C0068/V0003)', async () => {
    expect((await upload(doc({ tipoDocumento: 22, nomeArquivo: 'ccb.pdf' }))).status).toBe(200);
    const locked = await upload(doc({ tipoDocumento: 22, nomeArquivo: 'ccb2.pdf' }));
    expect(locked.status).toBe(200);
    expect(ctx(locked)).toEqual(['C0068/V0003']);
    await t.admin.setSituation(id, 6);
    expect((await upload(doc({ tipoDocumento: 22, nomeArquivo: 'ccb3.pdf' }))).json.hasError).toBe(false);
  });

  const cases: [string, unknown, number, string][] = [
    ['no documento', undefined, 400, 'C0107/V0003'],
    ['an empty file', { tipoDocumento: 1, nomeArquivo: 'a.pdf', arquivo: '' }, 400, 'C0107/V0003'],
    ['no file name', { tipoDocumento: 1, extensao: 'pdf', arquivo: PDF }, 400, 'C0068/V0001'],
    ['a file name over 255 characters', { tipoDocumento: 1, nomeArquivo: `${'a'.repeat(256)}.pdf`, arquivo: PDF }, 400, 'C0068/V0001'],
    ['no extension at all', { tipoDocumento: 1, nomeArquivo: 'semextensao', arquivo: PDF }, 400, 'C0020/V0001'],
    ['an extension not allowed', { tipoDocumento: 1, nomeArquivo: 'a.exe', arquivo: PDF }, 400, 'C0107/V0001'],
    ['an extension over 20 characters', { tipoDocumento: 1, nomeArquivo: 'a', extensao: 'p'.repeat(21), arquivo: PDF }, 400, 'C0107/V0001'],
    ['a document type out of range', { tipoDocumento: 67, nomeArquivo: 'a.pdf', arquivo: PDF }, 400, 'C0107/V0002'],
    ['no document type', { nomeArquivo: 'a.pdf', arquivo: PDF }, 400, 'C0107/V0002'],
    ['content that is not base64', { tipoDocumento: 1, nomeArquivo: 'a.pdf', arquivo: 'não é base64!' }, 200, 'C0068/V0002'],
  ];
  it.each(cases)('refuses %s', async (_name, documento, status, expected) => {
    const res = await upload(documento);
    expect(res.status).toBe(status);
    expect(ctx(res)).toEqual([expected]);
  });

  it('answers C0112/V0001 for an unknown proposal and C0112/V0002 for a foreign one', async () => {
    expect(ctx(await upload(doc(), { numeroProposta: 1 }))).toEqual(['C0112/V0001']);
    const { generateTestClient } = await import('../../helpers/sandbox.js');
    const other = await generateTestClient('doc-intruder');
    await t.admin.registerClient(other.clientId, other.publicKeyPem);
    const res = await callOperation(t.sandbox, await getToken(t.sandbox, other), DOC, { dto: { codigoProposta: id }, documento: doc() });
    expect(ctx(res)).toEqual(['C0112/V0002']);
  });
});
