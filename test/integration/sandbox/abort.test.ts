import { connect } from 'node:net';
import { createUpstreamClient, incluirManual, UpstreamTimeoutError } from '../../../src/upstream/index.js';
import { callOperation, getToken, startTestSandbox } from '../../helpers/sandbox.js';

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
  it('keeps serving after requests aborted mid-body, with latency set and without', async () => {
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

/** Polls the sandbox admin until `found` holds for what `read` returns (the sandbox has no event for "a write was applied"). */
async function eventually<T>(read: () => Promise<T>, found: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (found(value) || Date.now() > until) {
      return value;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const MANUAL = '/Proposta/IncluirManual';
const manual = (operationCode: string) => ({
  dto: { documentoCliente: '52998224725', tipoContrato: 'CP', vlrSolicitado: 1500, prazo: 6, percJurosNegociado: 1.99, codigoOperacao: operationCode },
});

describe('sandbox latency: the work is done at once, only the answer is late', () => {
  it('applies a write whose client gave up while its answer was delayed, once; a retry under its key replays it', async () => {
    const t = await startTestSandbox();
    try {
      const token = await getToken(t.sandbox, t.client);
      await t.admin.setFaults({ latencyMs: 60_000, operations: [MANUAL] });
      const abort = new AbortController();
      const sent = fetch(`${t.sandbox.baseUrl}${MANUAL}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', IdempotencyKey: 'late-1', Authorization: `Bearer ${token}` },
        body: JSON.stringify(manual('OP-LATE-1')),
        signal: abort.signal,
      });
      const applied = await eventually(
        () => t.admin.proposals(),
        (all) => all.some((p) => p.codigoOperacao === 'OP-LATE-1'),
      );
      expect(applied.filter((p) => p.codigoOperacao === 'OP-LATE-1')).toHaveLength(1);
      abort.abort();
      await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
      await t.admin.clearFaults();
      // The retry under the same key is the replay of the write that happened, not a second one.
      const again = await callOperation(t.sandbox, token, MANUAL, manual('OP-LATE-1'), { IdempotencyKey: 'late-1' });
      expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
      expect((await t.admin.proposals()).filter((p) => p.codigoOperacao === 'OP-LATE-1')).toHaveLength(1);
      expect((await t.admin.calls()).operations[MANUAL]).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('answers a client that waits with the result of the work, after the latency', async () => {
    const t = await startTestSandbox();
    try {
      const token = await getToken(t.sandbox, t.client);
      await t.admin.setFaults({ latencyMs: 50, operations: [MANUAL] });
      const res = await callOperation(t.sandbox, token, MANUAL, manual('OP-LATE-2'));
      expect(res.status).toBe(200);
      const [created] = (await t.admin.proposals()).filter((p) => p.codigoOperacao === 'OP-LATE-2');
      expect(res.json.codigo).toBe(created?.codigo);
      // Failures before the work are late too, and change nothing.
      const unauthorized = await callOperation(t.sandbox, 'not-a-token', MANUAL, manual('OP-LATE-3'));
      const malformed = await callOperation(t.sandbox, token, MANUAL, '{"dto":');
      expect([unauthorized.status, malformed.status]).toEqual([401, 400]);
      expect((await t.admin.proposals()).filter((p) => p.codigoOperacao === 'OP-LATE-3')).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('leaves the write applied once at the sandbox when an upstream client times out waiting for its answer', async () => {
    const t = await startTestSandbox();
    const client = createUpstreamClient({
      baseUrl: t.sandbox.baseUrl,
      environmentUrl: t.sandbox.environmentUrl,
      authUrl: t.sandbox.authUrl,
      clientId: t.client.clientId,
      privateKeyPem: t.client.privateKeyPem,
      scope: 'bmp.digital.api.full.access',
      timeouts: { deadlineMs: 5000 },
    });
    try {
      await client.checkAuth();
      await t.admin.setFaults({ latencyMs: 60_000, operations: [MANUAL] });
      const error = await incluirManual(client, manual('OP-LATE-4'), { idempotencyKey: 'late-4', deadlineMs: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      expect((error as UpstreamTimeoutError).code).toBe('UPSTREAM_TIMEOUT');
      const proposals = await eventually(
        () => t.admin.proposals(),
        (all) => all.some((p) => p.codigoOperacao === 'OP-LATE-4'),
      );
      expect(proposals.filter((p) => p.codigoOperacao === 'OP-LATE-4')).toHaveLength(1);
      // Timeouts are not retried for writes: the partner saw the write once.
      expect((await t.admin.calls()).operations[MANUAL]).toBe(1);
    } finally {
      await client.close();
      await t.close();
    }
  });
});
