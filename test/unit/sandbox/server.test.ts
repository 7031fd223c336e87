import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { FaultEffects } from '../../../src/sandbox/core/fault-effects.js';
import { createRequestHandler } from '../../../src/sandbox/router.js';
import { SandboxState } from '../../../src/sandbox/core/state.js';
import { generateTestClient, getToken } from '../../helpers/sandbox.js';

describe('the sandbox core (state, router, pipeline)', () => {
  let server: Server;
  let core: SandboxState;
  const effects = new FaultEffects();
  let url: string;
  const logs: string[] = [];

  beforeAll(async () => {
    core = new SandboxState({ log: (l) => logs.push(l) });
    const client = await generateTestClient();
    await core.tokens.registerClient(client.clientId, client.publicKeyPem);
    core.routes.set('/Proposta/Boom', {
      path: '/Proposta/Boom',
      write: true,
      pascal: false,
      handler: () => {
        throw new TypeError('unexpected');
      },
      doc: { summary: 'Throws.', request: { type: 'object' }, response: { type: 'object' } },
    });
    const handle = createRequestHandler(core, effects);
    server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    core.url = url;
  });
  afterAll(async () => {
    effects.shutdown();
    await new Promise((r) => server.close(r));
  });

  it('answers an unexpected handler exception with a 500 envelope, logs it and does not cache it', async () => {
    const token = await getToken(
      { url, baseUrl: url, authUrl: url, environmentUrl: `${url}/environment`, demo: [], close: async () => undefined },
      await generateTestClient(),
    );
    const post = () =>
      fetch(`${url}/Proposta/Boom`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, IdempotencyKey: 'k', 'Content-Type': 'application/json' },
        body: '{}',
      });
    const res = await post();
    expect(res.status).toBe(500);
    expect(JSON.parse(await res.text())).toEqual({
      msg: expect.any(String),
      hasError: true,
      messages: [expect.objectContaining({ code: 'S0500', context: 'V0001' })],
    });
    expect(logs.some((l) => l.includes('/Proposta/Boom threw') && l.includes('unexpected'))).toBe(true);
    expect(logs.join('\n')).not.toContain(token);
    expect((await post()).headers.get('idempotent-replayed')).toBeNull();
  });

  it('runs writes one at a time', async () => {
    const order: string[] = [];
    const slow = (name: string, ms: number) =>
      core.exclusive(async () => {
        order.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        order.push(`end ${name}`);
      });
    await Promise.all([slow('a', 30), slow('b', 1), slow('c', 10)]);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('keeps the queue going after a failed write', async () => {
    await expect(core.exclusive(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(core.exclusive(() => 42)).resolves.toBe(42);
  });
});
