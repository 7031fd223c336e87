import { callOperation, getToken, sandboxFixture } from '../../helpers/sandbox.js';

const INVITE = '/Proposta/IncluirAssinaturaCCB';
const SIGNED = '/Proposta/IncluirAssinaturaCCBFinalizada';

const signer = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Ana Lima',
  email: 'ana@example.com',
  documento: '529.982.247-25',
  descricao: 'Cliente',
  telefoneCelular: '(11) 98765-4321',
  notificarPorEmail: true,
  ...overrides,
});
const second = (overrides: Record<string, unknown> = {}) =>
  signer({ nome: 'Bruno Reis', email: 'bruno@example.com', documento: '11144477735', descricao: 'Avalista', telefoneCelular: '21987654321', ...overrides });

describe('sandbox signature operations', () => {
  const t = sandboxFixture({ now: new Date('2026-03-10T12:00:00Z') });
  let token: string;
  let id: string;
  const call = (path: string, body: unknown) => callOperation(t.sandbox, token, path, body);
  const invite = (assinantes: unknown) => call(INVITE, { dto: { codigoProposta: id }, assinantes });
  const contexts = (res: { json: { messages: { code: string; context: string }[] } }) => res.json.messages.map((m) => `${m.code}/${m.context}`);

  beforeEach(async () => {
    token = t.token;
    const created = await call('/Proposta/IncluirManual', { dto: { documentoCliente: '52998224725', tipoContrato: 'CP', vlrSolicitado: 1000, prazo: 6 } });
    id = created.json.codigo as string;
    await t.admin.concludeAnalyses();
  });
  afterEach(async () => {
    // Client settings survive reset (they belong to the registration): restore the defaults.
    await t.admin.registerClient(t.client.clientId, t.client.publicKeyPem, { emailNotification: true, chatNotification: false });
  });

  describe('IncluirAssinaturaCCB', () => {
    it('registers signers on an approved proposal', async () => {
      const res = await invite([signer(), second()]);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ hasError: false });
      expect(res.json.parametros).toEqual([
        { nome: 'quantidadeAssinantes', valor: '2' },
        { nome: 'assinaturasPendentes', valor: '2' },
        { nome: 'urlAssinatura', valor: expect.stringMatching(new RegExp(`^${t.sandbox.url}/assinatura/${id}/[0-9a-f]{32}$`)) },
      ]);
    });

    it('answers C0060/V0001 without signers', async () => {
      for (const assinantes of [[], undefined]) {
        const res = await invite(assinantes);
        expect(res.status).toBe(400);
        expect(contexts(res)).toEqual(['C0060/V0001']);
      }
    });

    it('answers C0060/V0003 while a new proposal is under analysis, and accepts the signers once it is approved', async () => {
      const fresh = await call('/Proposta/IncluirManual', { dto: { documentoCliente: '11144477735', tipoContrato: 'CP', vlrSolicitado: 2000, prazo: 6 } });
      const freshId = fresh.json.codigo as string;
      const early = await call(INVITE, { dto: { codigoProposta: freshId }, assinantes: [signer()] });
      expect(early.status).toBe(200);
      expect(contexts(early)).toEqual(['C0060/V0003']);
      expect((await t.admin.proposals()).find((p) => p.codigo === freshId)?.situacao).toBe(1);
      await t.admin.concludeAnalyses();
      const late = await call(INVITE, { dto: { codigoProposta: freshId }, assinantes: [signer()] });
      expect(late.json).toMatchObject({ hasError: false });
      expect((await t.admin.proposals()).find((p) => p.codigo === freshId)?.situacao).toBe(2);
    });

    it('answers C0060/V0003 before approval and C0060/V0002 naming a later situation', async () => {
      await t.admin.setSituation(id, 1);
      const review = await invite([signer()]);
      expect(review.status).toBe(200);
      expect(contexts(review)).toEqual(['C0060/V0003']);
      await t.admin.setSituation(id, 9);
      const paid = await invite([signer()]);
      expect(contexts(paid)).toEqual(['C0060/V0002']);
      expect(paid.json.messages[0].description).toMatch(/situação 9 \(Paga\)/);
    });

    it('answers T0668/D0002 without a locator and C0112 for unknown or foreign proposals', async () => {
      expect(contexts(await call(INVITE, { dto: {}, assinantes: [signer()] }))).toEqual(['T0668/D0002']);
      expect(contexts(await call(INVITE, { dto: { numeroProposta: 424242 }, assinantes: [signer()] }))).toEqual(['C0112/V0001']);
    });

    const fieldCases: [string, Record<string, unknown>, string][] = [
      ['name missing', { nome: '' }, 'T0668/D0003'],
      ['document missing', { documento: undefined }, 'T0668/D0004'],
      ['document invalid', { documento: '12345678900' }, 'T0668/D0004'],
      ['e-mail missing', { email: ' ' }, 'T0668/D0005'],
      ['e-mail invalid', { email: 'ana@' }, 'T0668/D0006'],
      ['e-mail longer than 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'T0668/D0001'],
      ['mobile missing', { telefoneCelular: undefined }, 'T0668/D0007'],
      ['mobile with 10 digits', { telefoneCelular: '1198765432' }, 'T0668/D0008'],
      ['mobile with letters', { telefoneCelular: '11a87654321' }, 'T0668/D0008'],
      ['mobile with an invalid area code', { telefoneCelular: '01987654321' }, 'T0668/D0009'],
      ['mobile not starting with 6 to 9', { telefoneCelular: '11587654321' }, 'T0668/D0010'],
      ['mobile with 12 digits', { telefoneCelular: '119876543210' }, 'T0668/D0011'],
    ];
    it.each(fieldCases)('refuses a signer with %s (HTTP 400)', async (_name, overrides, expected) => {
      const res = await invite([signer(overrides)]);
      expect(res.status).toBe(400);
      expect(contexts(res)).toEqual([expected]);
      expect(res.json.messages[0].field).toMatch(/^assinantes\[0\]\./);
    });

    it('accepts a mobile with the +55 country code', async () => {
      expect((await invite([signer({ telefoneCelular: '+55 11 98765-4321' })])).status).toBe(200);
    });

    it('refuses duplicates by name and role (D0012) and by e-mail or phone (D0013)', async () => {
      expect(contexts(await invite([signer(), signer({ email: 'other@example.com', telefoneCelular: '11912345678' })]))).toEqual(['T0668/D0012']);
      expect(contexts(await invite([signer(), second({ email: 'ANA@example.com' })]))).toEqual(['T0668/D0013']);
      expect(contexts(await invite([signer(), second({ telefoneCelular: '11987654321' })]))).toEqual(['T0668/D0013']);
      expect((await invite([signer()])).status).toBe(200);
      expect(contexts(await invite([signer({ documento: '11144477735', email: 'z@example.com', telefoneCelular: '11911112222' })]))).toEqual(['T0668/D0012']);
      expect(contexts(await invite([second({ email: 'ana@example.com' })]))).toEqual(['T0668/D0013']);
    });

    it('answers C0060/V0004 when e-mail notification is off and V0005 when chat is not configured', async () => {
      expect(contexts(await invite([signer({ notificarPorChat: true })]))).toEqual(['C0060/V0005']);
      await t.admin.registerClient(t.client.clientId, t.client.publicKeyPem, { emailNotification: false, chatNotification: true });
      token = await getToken(t.sandbox, t.client);
      expect(contexts(await invite([signer()]))).toEqual(['C0060/V0004']);
      expect((await invite([signer({ notificarPorEmail: false, notificarPorChat: true })])).status).toBe(200);
    });

    it('answers C0060/V0006 for a phone restricted from chat messages', async () => {
      await t.admin.registerClient(t.client.clientId, t.client.publicKeyPem, { chatNotification: true });
      token = await getToken(t.sandbox, t.client);
      expect(contexts(await invite([signer({ notificarPorChat: true, telefoneCelular: '11999990000' })]))).toEqual(['C0060/V0006']);
      expect((await invite([signer({ notificarPorChat: true })])).status).toBe(200);
    });
  });

  describe('IncluirAssinaturaCCBFinalizada', () => {
    it('finalizes the proposal (situation 6) once every registered signer has signed', async () => {
      await invite([signer(), second()]);
      const first = await call(SIGNED, {
        dto: { codigoProposta: id },
        assinantes: [
          { nome: 'Ana Lima', email: 'ana@example.com', documento: '52998224725', dtAssinatura: '2026-03-10T11:00:00Z', ipAssinatura: '203.0.113.7' },
        ],
      });
      expect(first.status).toBe(200);
      expect(first.json.parametros).toEqual([
        { nome: 'quantidadeAssinantes', valor: '2' },
        { nome: 'assinaturasPendentes', valor: '1' },
        { nome: 'situacaoProposta', valor: '2' },
      ]);
      const last = await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [second({ ipAssinatura: '2001:db8::1' })] });
      expect(last.json.parametros).toContainEqual({ nome: 'situacaoProposta', valor: '6' });
      expect((await t.admin.proposals())[0]?.situacao).toBe(6);
      const again = await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [second()] });
      expect(contexts(again)).toEqual(['C0060/V0002']);
    });

    it('adds new signed signers and finalizes when they are all', async () => {
      const res = await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [signer()] });
      expect(res.json.parametros).toContainEqual({ nome: 'situacaoProposta', valor: '6' });
    });

    it('validates signers like IncluirAssinaturaCCB (mobile optional) and the IP address', async () => {
      expect(contexts(await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [signer({ email: 'x' })] }))).toEqual(['T0668/D0006']);
      expect((await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [] })).json.messages[0].context).toBe('V0001');
      const ip = await call(SIGNED, { dto: { codigoProposta: id }, assinantes: [signer({ ipAssinatura: '999.1.1.1' })] });
      expect(ip.status).toBe(400);
      expect(ip.json.messages[0]).toMatchObject({ code: 'S0003', field: 'assinantes[0].ipAssinatura' });
      expect((await t.admin.proposals())[0]?.situacao).toBe(2);
    });
  });
});
