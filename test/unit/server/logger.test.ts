import { createLogger, redact, stackFrames } from '../../../src/server/logger.js';

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
