import { AmbiguousProbeError, cents, dayOf, possibleTwins } from '../../../src/graphql/runtime/in-doubt.js';
import { type Ledger, type OperationRecord } from '../../../src/ledger/index.js';

describe('in-doubt helpers', () => {
  it.each([
    [10.1, 1010],
    ['10.10', 1010],
    ['0.005', 1], // half up
    ['0.0049', 0],
    ['-1.005', -101],
    [0, 0],
    [null, null],
    [undefined, null],
    ['', null],
  ])('cents(%p) = %p', (value, expected) => {
    expect(cents(value)).toBe(expected);
  });

  it.each([
    ['2026-03-04T23:59:59Z', '2026-03-04'],
    ['2026-03-04T23:30:00-03:00', '2026-03-05'],
    ['2026-03-04', '2026-03-04'],
    ['not a date', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('dayOf(%p) = %p', (value, expected) => {
    expect(dayOf(value)).toBe(expected);
  });

  it('an ambiguous probe names itself by code', () => {
    const error = new AmbiguousProbeError('two entries match');
    expect(error.code).toBe('PROBE_AMBIGUOUS');
    expect(error.message).toBe('two entries match');
  });

  describe('possibleTwins', () => {
    const SENT = new Date('2026-01-10T12:00:00.000Z');
    const op = (id: string, fields: Partial<OperationRecord>): OperationRecord =>
      ({ id, operation: 'IncluirLancamentoParcela', proposal_id: 'p1', state: 'in_progress', sent_at: SENT, finished_at: null, ...fields }) as OperationRecord;

    function ledgerOf(records: OperationRecord[], asked: string[][] = []): Ledger {
      return {
        operationsOf: async (ids: string[]) => {
          asked.push(ids);
          return new Map([['p1', records]]);
        },
      } as unknown as Ledger;
    }

    it('keeps every other write of those operations on the proposal not proven unapplied nor finished before the send', async () => {
      const me = op('me', {});
      const records = [
        me,
        op('in-progress', {}),
        op('unknown', { state: 'unknown' }),
        op('unknown-finished-before', { state: 'unknown', finished_at: new Date(SENT.getTime() - 60_000) }),
        op('failed', { state: 'failed' }),
        op('rejected', { state: 'rejected' }),
        op('done-before', { state: 'succeeded', finished_at: new Date(SENT.getTime() - 1) }),
        op('done-at-send', { state: 'succeeded', finished_at: SENT }),
        op('done-after', { state: 'succeeded', finished_at: new Date(SENT.getTime() + 1) }),
        op('done-no-time', { state: 'succeeded', finished_at: null }),
        op('other-operation', { operation: 'GerarUnicoBoleto' }),
      ];
      const asked: string[][] = [];
      const twins = await possibleTwins(ledgerOf(records, asked), me, ['IncluirLancamentoParcela', 'IncluirLancamentoMultiplasParcelas']);
      expect(twins.map((r) => r.id)).toEqual(['in-progress', 'unknown', 'unknown-finished-before', 'done-at-send', 'done-after', 'done-no-time']);
      expect(asked).toEqual([['p1']]);
    });

    it('counts every finished success as a twin of a write never sent', async () => {
      const me = op('me', { sent_at: null });
      const records = [me, op('done', { state: 'succeeded', finished_at: new Date(0) }), op('epoch', { state: 'succeeded', finished_at: new Date(-1) })];
      const twins = await possibleTwins(ledgerOf(records), me, ['IncluirLancamentoParcela']);
      expect(twins.map((r) => r.id)).toEqual(['done']);
    });

    it('has none without a proposal, and none when the ledger knows nothing of it', async () => {
      const asked: string[][] = [];
      expect(await possibleTwins(ledgerOf([op('x', {})], asked), op('me', { proposal_id: null }), ['IncluirLancamentoParcela'])).toEqual([]);
      expect(asked).toEqual([]);
      const empty = { operationsOf: async () => new Map() } as unknown as Ledger;
      expect(await possibleTwins(empty, op('me', {}), ['IncluirLancamentoParcela'])).toEqual([]);
    });
  });
});
