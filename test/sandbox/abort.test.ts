import { connect } from 'node:net';
import { callOperation, getToken, startTestSandbox } from '../helpers/sandbox.js';

/** Sends headers announcing 1000 bytes, a few bytes of body, then drops the connection. */
function abortMidBody(port: number, path: string, token: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nIdempotencyKey: a\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"dto":',
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 30);
    });
    socket.on('error', reject);
  });
}

describe('sandbox with clients that give up', () => {
  it('keeps serving after requests aborted mid-body, during latency and while reading', async () => {
    const t = await startTestSandbox();
    try {
      const token = await getToken(t.sandbox, t.client);
      const port = Number(new URL(t.sandbox.url).port);
      await t.admin.setFaults({ latencyMs: 100, operations: ['/Proposta/IncluirManual', '/connect/token'] });
      for (const path of ['/Proposta/IncluirManual', '/connect/token', '/_sandbox/clients']) {
        await abortMidBody(port, path, token);
      }
      await t.admin.clearFaults();
      await abortMidBody(port, '/Proposta/IncluirManual', token);
      await new Promise((r) => setTimeout(r, 150));
      const res = await callOperation(t.sandbox, token, '/Proposta/CalcularValoresProposta', { dto: { vlrSolicitado: 100, prazo: 2 } });
      expect(res.status).toBe(200);
      const calls = await t.admin.calls();
      expect(calls.operations['/Proposta/IncluirManual']).toBe(2);
      expect(calls.maxInFlight).toBe(1);
    } finally {
      await t.close();
    }
  });
});
