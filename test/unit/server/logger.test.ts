import { pino } from 'pino';
import { createLogger, redact, requestLogContext, stackFrames } from '../../../src/server/logger.js';

describe('createLogger', () => {
  it('writes one JSON line per event at or above its level', () => {
    const lines: string[] = [];
    const logger = createLogger('warn', (line) => lines.push(line));
    logger.debug('hidden');
    logger.info('hidden');
    logger.warn('shown', { code: 'X' });
    logger.error('shown too');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'warn', message: 'shown', code: 'X' });
    expect(JSON.parse(lines[1] ?? '')).toMatchObject({ level: 'error', message: 'shown too' });
  });

  it('writes ISO time, the level label and the message', () => {
    const lines: string[] = [];
    createLogger('info', (line) => lines.push(line)).info('started', { port: 4000 });
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(line).sort()).toEqual(['level', 'message', 'port', 'time']);
    expect(line).toMatchObject({ level: 'info', message: 'started', port: 4000 });
    expect(new Date(String(line.time)).toISOString()).toBe(line.time);
  });

  it('replaces secrets and personal data by path, at the top level and one level down', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    logger.info('request', {
      authorization: 'Bearer abc',
      headers: { authorization: 'Bearer def', 'content-type': 'application/json' },
      person: { document: '39053344705', name: 'Maria Silva', kind: 'natural' },
      variables: { cpf: '39053344705' },
      operation: 'ConsultarPessoa',
    });
    const line = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(line).toMatchObject({
      authorization: '[redacted]',
      headers: { authorization: '[redacted]', 'content-type': 'application/json' },
      person: { document: '[redacted]', name: '[redacted]', kind: 'natural' },
      variables: '[redacted]',
      operation: 'ConsultarPessoa',
    });
    expect(lines[0]).not.toMatch(/39053344705|Maria|Bearer/);
  });

  it('gives child loggers their bindings and the level of the parent', () => {
    const lines: string[] = [];
    const child = createLogger('info', (line) => lines.push(line)).child({ component: 'upstream' });
    child.debug('hidden');
    child.warn('partner failure', { code: 'UPSTREAM_TIMEOUT' });
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ component: 'upstream', level: 'warn', code: 'UPSTREAM_TIMEOUT' }),
    ]);
    expect(child.isEnabled('debug')).toBe(false);
    expect(child.isEnabled('warn')).toBe(true);
  });

  it('adds the request id of the request being served to every line', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line));
    await requestLogContext.run({ requestId: 'req-1' }, async () => {
      await Promise.resolve();
      logger.info('inside');
    });
    logger.info('outside');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed[0]).toMatchObject({ message: 'inside', requestId: 'req-1' });
    expect(parsed[1]?.requestId).toBeUndefined();
  });

  it('writes safe lines in the same format, in order with the others, at their level, under the child bindings', () => {
    const lines: string[] = [];
    const logger = createLogger('info', (line) => lines.push(line)).child({ component: 'http' });
    logger.info('first');
    logger.safe('debug', 'hidden', { status: 200 });
    logger.safe('info', 'http request', { requestId: 'req-2', method: 'POST', path: '/graphql', status: 200, durationMs: 3 });
    logger.warn('last');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => line.message)).toEqual(['first', 'http request', 'last']);
    expect(Object.keys(parsed[1] ?? {}).sort()).toEqual(['component', 'durationMs', 'level', 'message', 'method', 'path', 'requestId', 'status', 'time']);
    expect(parsed[1]).toMatchObject({ level: 'info', component: 'http', requestId: 'req-2', status: 200 });
  });

  it('writes a safe line with exactly the bytes pino writes for the same child and fields', () => {
    const ours: string[] = [];
    const fields = { requestId: 'a"b\\c', method: 'POST', path: '/graphql', status: 200, durationMs: 3, skipped: undefined, ok: true };
    createLogger('info', (line) => ours.push(line))
      .child({ component: 'http', replica: 2 })
      .safe('info', 'http request', fields);
    const theirs: string[] = [];
    pino(
      { level: 'info', messageKey: 'message', base: undefined, timestamp: () => ',"time":"T"', formatters: { level: (label: string) => ({ level: label }) } },
      { write: (line: string) => theirs.push(line.trimEnd()) },
    )
      .child({ component: 'http', replica: 2 })
      .info(fields, 'http request');
    expect(ours.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'))).toEqual(theirs);
  });

  it('writes a safe line JSON.stringify cannot write through pino instead of throwing', () => {
    const lines: string[] = [];
    const cycle: Record<string, unknown> = { name: 'x' };
    cycle['self'] = cycle;
    createLogger('info', (line) => lines.push(line)).safe('info', 'odd', { big: 10n, cycle });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'info', message: 'odd' });
  });

  it('writes nothing when silent', () => {
    const lines: string[] = [];
    createLogger('silent', (line) => lines.push(line)).error('nothing');
    expect(lines).toEqual([]);
  });
});

describe('redact', () => {
  it.each([
    ['CPF with punctuation', 'client 390.533.447-05 unknown', 'client [digits] unknown'],
    ['bare CPF', 'client 39053344705 unknown', 'client [digits] unknown'],
    ['CNPJ', 'company 11.222.333/0001-81', 'company [digits]'],
    ['phone', 'call (11) 98765-4321', 'call [digits]'],
    ['e-mail', 'mail maria.silva+x@example.com.br now', 'mail [email] now'],
    ['bearer token', 'Authorization: Bearer eyJhbGciOi.abc-def_ghi', 'Authorization: Bearer [token]'],
  ])('removes a %s', (_case, input, output) => {
    expect(redact(input)).toBe(output);
  });

  it('keeps short numbers and ordinary text', () => {
    expect(redact('installment 12 of 2024 failed at line 345')).toBe('installment 12 of 2024 failed at line 345');
  });
});

describe('stackFrames', () => {
  it('returns the frames without the message line', () => {
    const error = new Error('secret 39053344705');
    const frames = stackFrames(error);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => frame.startsWith('at '))).toBe(true);
    expect(frames.join('\n')).not.toContain('39053344705');
  });
});
