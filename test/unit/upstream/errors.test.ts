import { interpretResponse } from '../../../src/upstream/response.js';
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../src/upstream/errors.js';
import { classifyTransportError, parseRetryAfter } from '../../../src/upstream/transport.js';

const plain = { parsesJson: false };
const TEXT = { 'content-type': 'text/plain; charset=utf-8' };

function failure(status: number, body: string, headers: Record<string, string> = {}, spec = plain) {
  const outcome = interpretResponse('ConsultarParcelas', spec, status, headers, body);
  if (outcome.ok) {
    throw new Error('expected a failure');
  }
  return outcome;
}

describe('error mapping', () => {
  it('maps C0112/V0001 to UPSTREAM_NOT_FOUND with every item', () => {
    const { error, retry } = failure(
      200,
      JSON.stringify({
        hasError: true,
        msg: 'x',
        messages: [{ code: 'C0112', context: 'V0001', description: 'Proposta não encontrada', field: 'codigoProposta' }],
      }),
    );
    expect(error).toBeInstanceOf(UpstreamNotFoundError);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.code).toBe('UPSTREAM_NOT_FOUND');
    expect(error.status).toBe(200);
    expect(error.operation).toBe('ConsultarParcelas');
    expect((error as UpstreamNotFoundError).items).toEqual([
      { code: 'C0112', detail: 'V0001', field: 'codigoProposta', description: 'Proposta não encontrada', meaning: 'Proposal not found.' },
    ]);
    expect((error as UpstreamNotFoundError).upstreamMessage).toBe('x');
    expect(retry).toBe('none');
  });

  it('maps C0112/V0002 to UPSTREAM_FORBIDDEN (also in PascalCase)', () => {
    const { error } = failure(200, JSON.stringify({ HasError: true, Messages: [{ Code: 'C0112', Context: 'V0002' }] }));
    expect(error).toBeInstanceOf(UpstreamForbiddenError);
    expect(error.code).toBe('UPSTREAM_FORBIDDEN');
  });

  it('maps any other hasError envelope, HTTP 200 or 400, to UPSTREAM_REJECTED with all items', () => {
    const body = JSON.stringify({
      hasError: true,
      messages: [
        { code: 'T0668', context: 'D0003', description: 'Nome obrigatório', field: 'nome' },
        { code: 'T0668', context: 'D0005', description: 'E-mail obrigatório', field: 'email' },
      ],
    });
    for (const status of [200, 400]) {
      const { error } = failure(status, body, TEXT);
      expect(error).toBeInstanceOf(UpstreamRejectedError);
      expect(error.status).toBe(status);
      expect((error as UpstreamRejectedError).items.map((i) => [i.code, i.detail, i.field, i.meaning])).toEqual([
        ['T0668', 'D0003', 'nome', 'The signer name must be given.'],
        ['T0668', 'D0005', 'email', 'The signer e-mail must be given.'],
      ]);
    }
  });

  it('keeps upstream descriptions out of the error message (they may name people)', () => {
    const { error } = failure(
      200,
      JSON.stringify({ hasError: true, messages: [{ code: 'T0668', context: 'D0004', description: 'Documento de Maria Silva' }] }),
    );
    expect(error.message).toContain('T0668/D0004');
    expect(error.message).not.toContain('Maria');
  });

  it('treats an HTTP 400 object without hasError as a rejection', () => {
    const { error } = failure(400, JSON.stringify({ messages: [{ code: '400', context: '4', description: 'CPF inválido' }] }));
    expect(error).toBeInstanceOf(UpstreamRejectedError);
    expect((error as UpstreamRejectedError).items[0]?.meaning).toBe('Invalid CPF number.');
  });

  it.each([
    [408, UpstreamTimeoutError, 'read'],
    [504, UpstreamTimeoutError, 'read'],
    [429, UpstreamRateLimitedError, 'any'],
    [500, UpstreamUnavailableError, 'read'],
    [502, UpstreamUnavailableError, 'any'],
    [503, UpstreamUnavailableError, 'any'],
    [401, UpstreamAuthError, 'none'],
    [403, UpstreamAuthError, 'none'],
    [404, UpstreamBadResponseError, 'none'],
    [302, UpstreamBadResponseError, 'none'],
  ])('maps HTTP %i to %p (retry: %s)', (status, type, retry) => {
    const outcome = failure(status, '<html>gateway</html>');
    expect(outcome.error).toBeInstanceOf(type);
    expect(outcome.error.status).toBe(status);
    expect(outcome.retry).toBe(retry);
  });

  it('reads Retry-After on 429 and 503', () => {
    const limited = failure(429, '', { 'retry-after': '2' });
    expect(limited.retryAfterMs).toBe(2000);
    expect((limited.error as UpstreamRateLimitedError).retryAfterSeconds).toBe(2);
    expect((limited.error as UpstreamRateLimitedError).local).toBe(false);
    expect(failure(503, '', { 'retry-after': '1' }).retryAfterMs).toBe(1000);
  });

  it.each(['', 'not json', '<html>502</html>', '[1,2]', 'null', '"s"'])('maps a 200 with body %j to UPSTREAM_BAD_RESPONSE', (body) => {
    expect(failure(200, body, TEXT).error).toBeInstanceOf(UpstreamBadResponseError);
  });

  it('parses the json string of look-ups, and refuses a broken one', () => {
    const spec = { parsesJson: true };
    const ok = interpretResponse('ConsultarPessoa', spec, 200, TEXT, JSON.stringify({ hasError: false, json: '{"nome":"A"}' }));
    expect(ok).toEqual({ ok: true, data: { hasError: false, json: { nome: 'A' } } });
    const empty = interpretResponse('ConsultarPessoa', spec, 200, TEXT, JSON.stringify({ hasError: false, json: '' }));
    expect(empty).toEqual({ ok: true, data: { hasError: false } });
    expect(failure(200, JSON.stringify({ json: '{oops' }), TEXT, spec).error).toBeInstanceOf(UpstreamBadResponseError);
  });
});

describe('transport failures', () => {
  it('classifies refused connections as unavailable and safe to repeat', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(classifyTransportError(refused, 'X')).toMatchObject({ retry: 'any', error: { code: 'UPSTREAM_UNAVAILABLE' } });
    const aggregate = Object.assign(new AggregateError([refused]), {});
    expect(classifyTransportError(aggregate, 'X').retry).toBe('any');
  });

  it('classifies resets as unavailable, repeatable by reads only', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(classifyTransportError(reset, 'X')).toMatchObject({ retry: 'read', error: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('classifies undici timeouts as UPSTREAM_TIMEOUT', () => {
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']) {
      expect(classifyTransportError(Object.assign(new Error(code), { code }), 'X').error.code).toBe('UPSTREAM_TIMEOUT');
    }
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
