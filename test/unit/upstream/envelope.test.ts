import { hasError, messageItems, parseBody, readEnvelope } from '../../../src/upstream/envelope.js';

describe('envelope', () => {
  describe('parseBody', () => {
    it('parses a JSON object whatever the content type said', () => {
      expect(parseBody('{"msg":"ok","hasError":false}')).toEqual({ kind: 'object', value: { msg: 'ok', hasError: false } });
    });

    it('tolerates a byte-order mark and surrounding blanks', () => {
      expect(parseBody('\uFEFF  {"a":1}\n')).toEqual({ kind: 'object', value: { a: 1 } });
    });

    it.each([
      ['', 'empty body'],
      ['   ', 'empty body'],
      ['<html><body>502 Bad Gateway</body></html>', 'body is not JSON'],
      ['[{"a":1}]', 'body is a JSON array, not an object'],
      ['null', 'body is JSON null, not an object'],
      ['"text"', 'body is JSON string, not an object'],
      ['42', 'body is JSON number, not an object'],
      ['{"truncated":', 'body is not JSON'],
    ])('refuses %j (%s)', (text, reason) => {
      expect(parseBody(text)).toEqual({ kind: 'invalid', reason });
    });
  });

  describe('readEnvelope', () => {
    it('returns the whole body as data on success', () => {
      const body = { msg: 'ok', hasError: false, messages: [], parcelas: [{ nroParcela: 1 }] };
      expect(readEnvelope(body)).toEqual({ ok: true, data: body });
    });

    it('treats a body without hasError as success (every field is optional)', () => {
      expect(readEnvelope({ report: { score: 1 } })).toEqual({ ok: true, data: { report: { score: 1 } } });
    });

    it('reads a camelCase failure with every message item and its meaning', () => {
      const parsed = readEnvelope({
        msg: 'Falha',
        hasError: true,
        messages: [
          { messageType: 1, code: 'C0060', context: 'V0002', description: 'Situação: Em análise', field: 'situacao' },
          { code: 'T0668', context: 'D0010', description: 'Celular deve iniciar com 6, 7, 8 ou 9', field: 'telefoneCelular' },
        ],
      });
      expect(parsed).toEqual({
        ok: false,
        error: {
          msg: 'Falha',
          items: [
            {
              code: 'C0060',
              detail: 'V0002',
              field: 'situacao',
              description: 'Situação: Em análise',
              meaning: "Signers cannot be added in the proposal's current situation.",
              messageType: 1,
            },
            {
              code: 'T0668',
              detail: 'D0010',
              field: 'telefoneCelular',
              description: 'Celular deve iniciar com 6, 7, 8 ou 9',
              meaning: 'The mobile number must start with 6, 7, 8 or 9.',
            },
          ],
        },
      });
    });

    it('reads the PascalCase /FGTS/ failure the same way', () => {
      const parsed = readEnvelope({
        Msg: 'Erro',
        HasError: true,
        Messages: [{ MessageType: 1, Code: '400', Context: '27', Description: 'Operação já cancelada', Field: '' }],
      });
      expect(parsed).toEqual({
        ok: false,
        error: {
          msg: 'Erro',
          items: [{ code: '400', detail: '27', field: '', description: 'Operação já cancelada', meaning: 'Operation already cancelled.', messageType: 1 }],
        },
      });
    });

    it('accepts a numeric code and the string "true" as hasError', () => {
      const body = { hasError: 'true', messages: [{ code: 400, context: 4 }] };
      expect(hasError(body)).toBe(true);
      expect(messageItems(body)).toEqual([{ code: '400', detail: '4', field: '', description: '', meaning: 'Invalid CPF number.' }]);
    });

    it('skips message items that are not objects and survives a non-array messages', () => {
      expect(messageItems({ messages: [null, 'x', 3, [], { code: 'C0112', context: 'V0001' }] })).toHaveLength(1);
      expect(messageItems({ messages: 'broken' })).toEqual([]);
      expect(readEnvelope({ hasError: true })).toEqual({ ok: false, error: { items: [] } });
    });

    it('forces the failure branch when asked (HTTP 400 without hasError)', () => {
      expect(readEnvelope({ messages: [{ code: 'C0107', context: 'V0003' }] }, true)).toMatchObject({
        ok: false,
        error: { items: [{ code: 'C0107', detail: 'V0003', meaning: 'A document must be sent.' }] },
      });
    });
  });
});

describe('envelope edge cases', () => {
  it('strips only a leading byte-order mark, never one inside a value', () => {
    expect(parseBody('{"a":"x\uFEFFy"}')).toEqual({ kind: 'object', value: { a: 'x\uFEFFy' } });
  });

  it.each<[unknown, boolean]>([
    [true, true],
    ['true', true],
    [' TRUE ', true],
    ['True', true],
    [false, false],
    ['false', false],
    ['yes', false],
    [1, false],
    [null, false],
  ])('reads hasError %j as %s', (flag, expected) => {
    expect(hasError({ hasError: flag })).toBe(expected);
    expect(hasError({ HasError: flag })).toBe(expected);
  });

  it('prefers the camelCase field when both spellings are present, even when it is undefined', () => {
    expect(hasError({ hasError: false, HasError: true })).toBe(false);
    expect(hasError({ hasError: undefined, HasError: true })).toBe(false);
  });

  it('turns numbers and booleans into text, drops other shapes, and keeps only a numeric messageType', () => {
    expect(messageItems({ messages: [{ code: 'C0112', context: true, field: { x: 1 }, description: 7, messageType: '1' }] })).toEqual([
      { code: 'C0112', detail: 'true', field: '', description: '7', meaning: undefined },
    ]);
  });

  it('trims the code and the detail used to look up the meaning', () => {
    expect(messageItems({ messages: [{ code: ' C0112 ', context: ' V0001 ' }] })).toEqual([
      { code: 'C0112', detail: 'V0001', field: '', description: '', meaning: 'Proposal not found.' },
    ]);
  });

  it('keeps msg only when it is text', () => {
    expect(readEnvelope({ hasError: true, msg: 42 })).toEqual({ ok: false, error: { items: [] } });
    expect(readEnvelope({ HasError: true, Msg: 'Erro' })).toEqual({ ok: false, error: { msg: 'Erro', items: [] } });
  });

  it('forces the failure branch even when hasError says false', () => {
    expect(readEnvelope({ hasError: false, msg: 'x' }, true)).toEqual({ ok: false, error: { msg: 'x', items: [] } });
  });
});
