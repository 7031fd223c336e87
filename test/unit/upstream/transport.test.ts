import { classifyTransportError, parseRetryAfter } from '../../../src/upstream/transport.js';

const withCode = (code: string, message = code): Error => Object.assign(new Error(message), { code });

describe('classifyTransportError', () => {
  it.each<[string, string, string, string]>([
    ['UND_ERR_CONNECT_TIMEOUT', 'UPSTREAM_TIMEOUT', 'any', 'X: connecting to the upstream timed out'],
    ['UND_ERR_HEADERS_TIMEOUT', 'UPSTREAM_TIMEOUT', 'read', 'X: the upstream sent no response headers in time'],
    ['UND_ERR_BODY_TIMEOUT', 'UPSTREAM_TIMEOUT', 'read', 'X: the upstream response body stalled'],
    ['UND_ERR_RES_EXCEEDED_MAX_SIZE', 'UPSTREAM_BAD_RESPONSE', 'none', 'X: the upstream response exceeds the size limit'],
    ['ECONNREFUSED', 'UPSTREAM_UNAVAILABLE', 'any', 'X: the upstream could not be reached (ECONNREFUSED)'],
    ['ENOTFOUND', 'UPSTREAM_UNAVAILABLE', 'any', 'X: the upstream could not be reached (ENOTFOUND)'],
    ['EAI_AGAIN', 'UPSTREAM_UNAVAILABLE', 'any', 'X: the upstream could not be reached (EAI_AGAIN)'],
    ['EHOSTUNREACH', 'UPSTREAM_UNAVAILABLE', 'any', 'X: the upstream could not be reached (EHOSTUNREACH)'],
    ['ENETUNREACH', 'UPSTREAM_UNAVAILABLE', 'any', 'X: the upstream could not be reached (ENETUNREACH)'],
    ['ECONNRESET', 'UPSTREAM_UNAVAILABLE', 'read', 'X: the upstream could not be reached (ECONNRESET)'],
    ['UND_ERR_SOCKET', 'UPSTREAM_UNAVAILABLE', 'read', 'X: the upstream could not be reached (UND_ERR_SOCKET)'],
  ])('classifies %s as %s, repeatable by %s', (code, expected, retry, message) => {
    const cause = withCode(code);
    const failure = classifyTransportError(cause, 'X');
    expect(failure).toEqual({ error: expect.objectContaining({ code: expected, operation: 'X', message }), retry });
    expect(failure.error.cause).toBe(cause);
  });

  it('finds the code of the first member of an AggregateError (happy eyeballs)', () => {
    const aggregate = new AggregateError([withCode('EHOSTUNREACH'), withCode('ECONNRESET')]);
    expect(classifyTransportError(aggregate, 'X')).toMatchObject({ retry: 'any', error: { message: 'X: the upstream could not be reached (EHOSTUNREACH)' } });
  });

  it('follows the cause chain to a code', () => {
    const wrapped = new Error('fetch failed', { cause: new Error('inner', { cause: withCode('ECONNREFUSED') }) });
    expect(classifyTransportError(wrapped, 'X')).toMatchObject({ retry: 'any', error: { message: 'X: the upstream could not be reached (ECONNREFUSED)' } });
  });

  it('looks at the cause of an AggregateError without members', () => {
    const empty = new AggregateError([], 'x', { cause: withCode('ECONNREFUSED') });
    expect(classifyTransportError(empty, 'X')).toMatchObject({ retry: 'any', error: { message: 'X: the upstream could not be reached (ECONNREFUSED)' } });
  });

  it("prefers an error's own code over its members and its cause", () => {
    const own = Object.assign(new AggregateError([withCode('ECONNREFUSED')], 'x', { cause: withCode('ENOTFOUND') }), { code: 'ECONNRESET' });
    expect(classifyTransportError(own, 'X').retry).toBe('read');
  });

  it.each<[string, unknown]>([
    ['a plain error', new Error('odd')],
    ['a string', 'boom'],
    ['null', null],
    ['an empty AggregateError', new AggregateError([])],
    [
      'an error that is its own cause',
      (() => {
        const e = new Error('loop') as Error & { cause?: unknown };
        e.cause = e;
        return e;
      })(),
    ],
    ['a non-string code', Object.assign(new Error('n'), { code: 42 })],
  ])('calls %s UNKNOWN, unavailable and repeatable by reads only', (_name, thrown) => {
    expect(classifyTransportError(thrown, 'X')).toMatchObject({
      retry: 'read',
      error: { code: 'UPSTREAM_UNAVAILABLE', message: 'X: the upstream could not be reached (UNKNOWN)' },
    });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it.each<[string, string | string[] | undefined, number | undefined]>([
    ['whole seconds', '3', 3000],
    ['several digits of seconds', '120', 120_000],
    ['digits after a word (not a number)', 'x5', undefined],
    ['fractional seconds, rounded to the ms', '0.0015', 2],
    ['seconds with blanks', ' 2 ', 2000],
    ['zero', '0', 0],
    ['the first of repeated headers', ['4', '9'], 4000],
    ['an HTTP date 90 s ahead', new Date(now + 90_000).toUTCString(), 90_000],
    ['an HTTP date in the past', new Date(now - 5_000).toUTCString(), 0],
    ['nothing', undefined, undefined],
    ['an empty value', '', undefined],
    ['blanks', '   ', undefined],
    ['an empty list', [], undefined],
    ['words', 'soon', undefined],
    ['a number with a unit', '5s', undefined],
  ])('reads %s', (_name, value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('counts an HTTP date from the current time by default', () => {
    // An hour ahead: a wide margin for a slow machine, far from both 0 and the date's own value.
    const ms = parseRetryAfter(new Date(Date.now() + 3_600_000).toUTCString());
    expect(ms).toBeGreaterThan(3_000_000);
    expect(ms).toBeLessThanOrEqual(3_600_000);
  });
});
