import { envelopeError, interpretResponse } from '../../../src/upstream/response.js';
import {
  UpstreamAuthError,
  UpstreamBadResponseError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
  type UpstreamMessage,
} from '../../../src/upstream/errors.js';

/**
 * What one HTTP answer of the partner means, status by status: the error class, its exact message
 * (which names the operation and the status, never a person), and what may be retried.
 */
const PLAIN = { parsesJson: false };
const OK_ENVELOPE = JSON.stringify({ hasError: false, numero: 7 });

describe('interpretResponse', () => {
  it.each([
    [401, UpstreamAuthError, 'Op: the upstream refused the token (HTTP 401)', 'none'],
    [408, UpstreamTimeoutError, 'Op: the upstream timed out (HTTP 408)', 'read'],
    [504, UpstreamTimeoutError, 'Op: the upstream timed out (HTTP 504)', 'read'],
    [500, UpstreamUnavailableError, 'Op: the upstream is unavailable (HTTP 500)', 'read'],
    [501, UpstreamUnavailableError, 'Op: the upstream is unavailable (HTTP 501)', 'read'],
    [502, UpstreamUnavailableError, 'Op: the upstream is unavailable (HTTP 502)', 'any'],
    [503, UpstreamUnavailableError, 'Op: the upstream is unavailable (HTTP 503)', 'any'],
    [599, UpstreamUnavailableError, 'Op: the upstream is unavailable (HTTP 599)', 'read'],
    [403, UpstreamAuthError, 'Op: the upstream refused access (HTTP 403)', 'none'],
    [404, UpstreamBadResponseError, 'Op: unexpected HTTP 404; empty body', 'none'],
    [300, UpstreamBadResponseError, 'Op: unexpected HTTP 300; empty body', 'none'],
    [199, UpstreamBadResponseError, 'Op: unexpected HTTP 199; empty body', 'none'],
  ])('HTTP %i without an envelope: %p, "%s", retry %s', (status, type, message, retry) => {
    const outcome = interpretResponse('Op', PLAIN, status, {}, '');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) {
      return;
    }
    expect(outcome.error).toBeInstanceOf(type);
    expect(outcome.error.message).toBe(message);
    expect(outcome.retry).toBe(retry);
    expect(outcome.retryAfterMs).toBeUndefined();
    expect((outcome.error as { status?: number }).status).toBe(status);
  });

  it('reads Retry-After on a 429 (both on the error, in seconds, and for the retry, in ms) and on a 5xx', () => {
    const limited = interpretResponse('Op', PLAIN, 429, { 'retry-after': '3' }, '');
    expect(limited).toMatchObject({ ok: false, retry: 'any', retryAfterMs: 3000 });
    expect(!limited.ok && limited.error).toBeInstanceOf(UpstreamRateLimitedError);
    expect(!limited.ok && limited.error.message).toBe('Op: the upstream is rate limiting (HTTP 429)');
    expect(!limited.ok && (limited.error as UpstreamRateLimitedError).retryAfterSeconds).toBe(3);
    expect(!limited.ok && (limited.error as UpstreamRateLimitedError).local).toBe(false);

    const bare = interpretResponse('Op', PLAIN, 429, {}, '');
    expect(bare).toMatchObject({ ok: false, retry: 'any' });
    expect(!bare.ok && 'retryAfterMs' in bare).toBe(false);
    expect(!bare.ok && (bare.error as UpstreamRateLimitedError).retryAfterSeconds).toBeUndefined();

    expect(interpretResponse('Op', PLAIN, 503, { 'retry-after': '2' }, '')).toMatchObject({ ok: false, retry: 'any', retryAfterMs: 2000 });
    const noHint = interpretResponse('Op', PLAIN, 503, {}, '');
    expect(!noHint.ok && 'retryAfterMs' in noHint).toBe(false);
  });

  it('names a 4xx whose body is neither empty nor an object, and a 404 whose object is not a failed envelope', () => {
    const text = interpretResponse('Op', PLAIN, 404, {}, 'Not Found');
    expect(!text.ok && text.error.message).toMatch(/^Op: unexpected HTTP 404; .+/);
    const plainObject = interpretResponse('Op', PLAIN, 404, {}, JSON.stringify({ hasError: false }));
    expect(!plainObject.ok && plainObject.error.message).toBe('Op: unexpected HTTP 404');
  });

  it('reads an envelope only below 300 and from 400 to 499: a 3xx carrying a failed one is unexpected', () => {
    const failed = JSON.stringify({ hasError: true, messages: [{ code: 'C0112', context: 'V0001' }] });
    for (const status of [302, 399]) {
      const outcome = interpretResponse('Op', PLAIN, status, {}, failed);
      expect(!outcome.ok && outcome.error).toBeInstanceOf(UpstreamBadResponseError);
      expect(!outcome.ok && outcome.error.message).toBe(`Op: unexpected HTTP ${status}`);
    }
    expect(interpretResponse('Op', PLAIN, 400, {}, failed)).toMatchObject({ ok: false, error: { code: 'UPSTREAM_NOT_FOUND' } });
  });

  it('answers the data of a 2xx envelope, at 200 and at 299', () => {
    expect(interpretResponse('Op', PLAIN, 200, {}, OK_ENVELOPE)).toEqual({ ok: true, data: { hasError: false, numero: 7 } });
    expect(interpretResponse('Op', PLAIN, 299, {}, OK_ENVELOPE)).toEqual({ ok: true, data: { hasError: false, numero: 7 } });
  });

  it('refuses a 2xx body that is not JSON, naming the status', () => {
    const outcome = interpretResponse('Op', PLAIN, 200, {}, '<html>');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toBeInstanceOf(UpstreamBadResponseError);
    expect(!outcome.ok && outcome.error.message).toMatch(/^Op: .+ \(HTTP 200\)$/);
    expect(!outcome.ok && outcome.retry).toBe('none');
  });

  it('parses the json field of the look-ups, drops an empty one, and refuses a broken one', () => {
    const lookup = { parsesJson: true };
    const body = (json: unknown): string => JSON.stringify({ json, other: 1 });
    expect(interpretResponse('Op', lookup, 200, {}, body('{"nome":"x"}'))).toEqual({ ok: true, data: { json: { nome: 'x' }, other: 1 } });
    expect(interpretResponse('Op', lookup, 200, {}, body('   '))).toEqual({ ok: true, data: { other: 1 } });
    expect(interpretResponse('Op', lookup, 200, {}, body({ already: 'object' }))).toEqual({ ok: true, data: { json: { already: 'object' }, other: 1 } });
    const broken = interpretResponse('Op', lookup, 200, {}, body('{nope'));
    expect(!broken.ok && broken.error).toBeInstanceOf(UpstreamBadResponseError);
    expect(!broken.ok && broken.error.message).toBe('Op: the json field is not valid JSON');
    expect(!broken.ok && broken.retry).toBe('none');
    // Without parsesJson the string stays a string.
    expect(interpretResponse('Op', PLAIN, 200, {}, body('{"nome":"x"}'))).toEqual({ ok: true, data: { json: '{"nome":"x"}', other: 1 } });
  });

  it('reads a failed envelope of a 2xx or a 4xx as a rejection, never retried', () => {
    const failed = JSON.stringify({ hasError: true, msg: 'Erro', messages: [{ code: 'T0665', context: 'D0020', description: 'Valor inválido' }] });
    for (const status of [200, 400, 422, 499]) {
      const outcome = interpretResponse('Op', PLAIN, status, {}, failed);
      expect(outcome.ok).toBe(false);
      expect(!outcome.ok && outcome.error).toBeInstanceOf(UpstreamRejectedError);
      expect(!outcome.ok && outcome.retry).toBe('none');
      expect(!outcome.ok && (outcome.error as { status?: number }).status).toBe(status);
    }
  });
});

describe('envelopeError', () => {
  const item = (code: string, detail: string, meaning?: string): UpstreamMessage => ({ code, detail, field: '', description: 'Nome de Pessoa Real', meaning });

  it('names codes and meanings, never descriptions (they may name people)', () => {
    const error = envelopeError('Op', 400, { msg: 'Erro', items: [item('T0665', 'D0020', 'amount out of range'), item('X1', 'Y2')] });
    expect(error).toBeInstanceOf(UpstreamRejectedError);
    expect(error.message).toBe('Op: the upstream rejected the request (T0665/D0020 amount out of range; X1/Y2)');
    expect(error.message).not.toContain('Pessoa');
    expect(envelopeError('Op', 400, { items: [] }).message).toBe('Op: the upstream rejected the request (no message items)');
  });

  it("tells an unknown proposal and another integration's proposal apart from a rejection, by any item", () => {
    const notFound = envelopeError('Op', 400, { items: [item('X1', 'Y2'), item('C0112', 'V0001')] });
    expect(notFound).toBeInstanceOf(UpstreamNotFoundError);
    expect(notFound.message).toBe('Op: proposal not found (X1/Y2; C0112/V0001)');
    const foreign = envelopeError('Op', 400, { items: [item('C0112', 'V0002')] });
    expect(foreign).toBeInstanceOf(UpstreamForbiddenError);
    expect(foreign.message).toBe('Op: the proposal belongs to another integration (C0112/V0002)');
    // The first known code decides: not found before another integration.
    expect(envelopeError('Op', 400, { items: [item('C0112', 'V0002'), item('C0112', 'V0001')] })).toBeInstanceOf(UpstreamNotFoundError);
  });
});
