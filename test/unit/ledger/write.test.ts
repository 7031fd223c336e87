/**
 * writeOnce over the memory store: each claim's path, each attempt's ending, prepare, in-doubt
 * resolution and the wait for a write in progress elsewhere, with exact records and send counts.
 */
import { jest } from '@jest/globals';
import { type Claim, Ledger, type OperationRecord } from '../../../src/ledger/ledger.js';
import { MemoryLedgerStore } from '../../../src/ledger/memory.js';
import { type Attempt, writeOnce, type WriteOnceOptions } from '../../../src/ledger/write.js';
import { at, memoryLedger, request, settle } from './fixtures.js';

const LEASE = 60_000;

/** A send that answers `attempts` in turn and records what it was given. */
function sender(...attempts: Attempt[]): { send: WriteOnceOptions['send']; sent: OperationRecord[] } {
  const sent: OperationRecord[] = [];
  return {
    sent,
    send: async (record) => {
      sent.push(record);
      const next = attempts[sent.length - 1];
      if (next === undefined) {
        throw new Error('sent once too often');
      }
      return next;
    },
  };
}

/** A write left unknown at `at(0)` (its answer lost), and its ledger. */
async function lostWrite(options: { leaseMs?: number } = {}): Promise<ReturnType<typeof memoryLedger> & { write: ReturnType<typeof request> }> {
  const made = memoryLedger(options);
  const write = request();
  const lost = await writeOnce(made.ledger, write, sender({ state: 'unknown', error: new Error('lost') }));
  expect(lost).toEqual({ kind: 'unknown' });
  return { ...made, write };
}

describe('writeOnce', () => {
  describe('a first request', () => {
    it('sends once and records the success, the proposal it wrote to and the one it created', async () => {
      const { ledger, clock } = memoryLedger();
      const write = request();
      const { send, sent } = sender({
        state: 'succeeded',
        outcome: { codigo: 'p-1', numero: 7 },
        proposalId: 'p-1',
        createdProposal: { number: 7, operationCode: 'op-1' },
      });
      const result = await writeOnce(ledger, write, {
        send: async (record) => {
          clock.advance(20);
          return send(record);
        },
      });
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect(sent).toHaveLength(1);
      expect(result).toEqual({ kind: 'succeeded', outcome: { codigo: 'p-1', numero: 7 }, record: sent[0], replayed: false });
      expect(sent[0]).toEqual({
        ...record,
        state: 'in_progress',
        proposal_id: null,
        lease_token: expect.any(String),
        lease_until: at(LEASE),
        outcome: null,
        updated_at: at(0),
        finished_at: null,
      });
      expect([record?.state, record?.outcome, record?.proposal_id, record?.attempts, record?.lease_token, record?.finished_at, record?.resolution]).toEqual([
        'succeeded',
        { codigo: 'p-1', numero: 7 },
        'p-1',
        1,
        null,
        at(20),
        null,
      ]);
      expect(await ledger.proposalsByIds(['p-1'])).toEqual(
        new Map([['p-1', { proposalId: 'p-1', callerId: 'caller-a', number: 7, operationCode: 'op-1', createdAt: at(0) }]]),
      );
    });

    it('keeps the proposal the request named when the success names none, and records no created proposal without one', async () => {
      const { ledger } = memoryLedger();
      const write = request({ proposalId: 'p-2' });
      await writeOnce(ledger, write, sender({ state: 'succeeded', outcome: 'ok' }));
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.proposal_id).toBe('p-2');
      expect(await ledger.proposalsByIds(['p-2'])).toEqual(new Map());
      const other = request({ proposalId: 'p-3' });
      await writeOnce(ledger, other, sender({ state: 'succeeded', outcome: 'ok', proposalId: null, createdProposal: { number: 3, operationCode: null } }));
      // The created proposal is named by the request's proposal when the answer names none.
      expect(await ledger.ownersOf(['p-3'])).toEqual(new Map([['p-3', 'caller-a']]));
    });

    it('records a rejection and answers it', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      const { send, sent } = sender({ state: 'rejected', outcome: [{ code: 'NO' }] });
      const result = await writeOnce(ledger, write, { send });
      expect(result).toEqual({ kind: 'rejected', outcome: [{ code: 'NO' }], record: sent[0], replayed: false });
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.outcome, record?.lease_token]).toEqual(['rejected', [{ code: 'NO' }], null]);
    });

    it('records a failure (it never reached the partner) and answers its error', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      const error = new Error('refused locally');
      const result = await writeOnce(ledger, write, sender({ state: 'failed', error }));
      expect(result).toEqual({ kind: 'failed', error });
      expect(result.kind === 'failed' && result.error).toBe(error);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.outcome, record?.lease_token]).toEqual(['failed', null, null]);
    });

    it('records a lost answer as unknown, and so a send that throws', async () => {
      const { ledger } = memoryLedger();
      const lost = request();
      expect(await writeOnce(ledger, lost, sender({ state: 'unknown', error: new Error('deadline') }))).toEqual({ kind: 'unknown' });
      expect((await ledger.find(lost.callerId, lost.idempotencyKey))?.state).toBe('unknown');
      const thrown = request();
      const result = await writeOnce(ledger, thrown, {
        send: async () => {
          throw new Error('socket reset');
        },
      });
      expect(result).toEqual({ kind: 'unknown' });
      const record = await ledger.find(thrown.callerId, thrown.idempotencyKey);
      expect([record?.state, record?.lease_token]).toEqual(['unknown', null]);
    });

    it('throws on an attempt it does not know, naming it', async () => {
      const { ledger } = memoryLedger();
      await expect(writeOnce(ledger, request(), { send: async () => ({ state: 'odd' }) as unknown as Attempt })).rejects.toThrow(
        new Error('unexpected attempt {"state":"odd"}'),
      );
    });
  });

  describe('prepare', () => {
    it('records what it read as the probe before the send, and sends the record with it', async () => {
      const { ledger, clock } = memoryLedger();
      const write = request({ probe: { proposalId: 'p-1' } });
      const prepared: OperationRecord[] = [];
      const { send, sent } = sender({ state: 'succeeded', outcome: 'sent' });
      const result = await writeOnce(ledger, write, {
        prepare: async (record) => {
          prepared.push(record);
          clock.advance(5);
          return { ...(record.probe as object), before: 3 };
        },
        send,
      });
      expect(prepared.map((r) => r.probe)).toEqual([{ proposalId: 'p-1' }]);
      expect(sent).toEqual([{ ...prepared[0], probe: { proposalId: 'p-1', before: 3 } }]);
      expect(result).toEqual({ kind: 'succeeded', outcome: 'sent', record: sent[0], replayed: false });
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.probe).toEqual({ proposalId: 'p-1', before: 3 });
    });

    it('sends nothing and records a failure when it fails', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      const error = new Error('partner read failed');
      const { send, sent } = sender({ state: 'succeeded', outcome: 'never' });
      const result = await writeOnce(ledger, write, {
        prepare: async () => {
          throw error;
        },
        send,
      });
      expect(result).toEqual({ kind: 'failed', error });
      expect(result.kind === 'failed' && result.error).toBe(error);
      expect(sent).toEqual([]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.probe, record?.lease_token]).toEqual(['failed', { operationCode: 'op-1' }, null]);
    });

    it('sends nothing when another holder took the write over while it read', async () => {
      const { ledger, clock } = memoryLedger();
      const write = request();
      const { send, sent } = sender({ state: 'succeeded', outcome: 'never' });
      let thief: string | undefined;
      const result = await writeOnce(ledger, write, {
        prepare: async (record) => {
          clock.advance(LEASE + 1);
          thief = (await ledger.claimInDoubt(record.id))?.lease;
          return { read: 'late' };
        },
        send,
      });
      expect(result).toEqual({ kind: 'in_use' });
      expect(sent).toEqual([]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect(thief).toEqual(expect.any(String));
      expect([record?.state, record?.lease_token, record?.probe]).toEqual(['in_progress', thief, { operationCode: 'op-1' }]);
    });
  });

  describe('a repeat', () => {
    it('replays a success without a send', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await writeOnce(ledger, write, sender({ state: 'succeeded', outcome: { codigo: 'p-1' } }));
      const stored = await ledger.find(write.callerId, write.idempotencyKey);
      const { send, sent } = sender();
      expect(await writeOnce(ledger, write, { send })).toEqual({ kind: 'succeeded', outcome: { codigo: 'p-1' }, record: stored, replayed: true });
      expect(sent).toEqual([]);
    });

    it('replays a rejection without a send', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await writeOnce(ledger, write, sender({ state: 'rejected', outcome: [] }));
      const stored = await ledger.find(write.callerId, write.idempotencyKey);
      const { send, sent } = sender();
      expect(await writeOnce(ledger, write, { send })).toEqual({ kind: 'rejected', outcome: [], record: stored, replayed: true });
      expect(sent).toEqual([]);
    });

    it('is refused, with no send, when it carries another request', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await writeOnce(ledger, write, sender({ state: 'succeeded', outcome: 1 }));
      const { send, sent } = sender();
      expect(await writeOnce(ledger, { ...write, requestHash: 'hash-2' }, { send })).toEqual({ kind: 'reused' });
      expect(sent).toEqual([]);
    });

    it('sends a failed write again under the same upstream key, as its second attempt', async () => {
      const { ledger, clock } = memoryLedger();
      const write = request();
      await writeOnce(ledger, write, sender({ state: 'failed', error: new Error('auth') }));
      clock.advance(1000);
      const { send, sent } = sender({ state: 'succeeded', outcome: 'second' });
      const result = await writeOnce(ledger, write, { send });
      expect(sent.map((r) => [r.upstream_key, r.attempts, r.sent_at])).toEqual([[write.upstreamKey, 2, at(1000)]]);
      expect(result).toEqual({ kind: 'succeeded', outcome: 'second', record: sent[0], replayed: false });
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.state).toBe('succeeded');
    });
  });

  describe('the wait for a write in progress elsewhere', () => {
    it('polls every pollMs, and answers in_use once it has waited waitMs', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await ledger.begin(write);
      const sleeps: number[] = [];
      const { send, sent } = sender();
      const result = await writeOnce(ledger, write, { send, waitMs: 200, pollMs: 50, sleep: async (ms) => void sleeps.push(ms) });
      expect(result).toEqual({ kind: 'in_use' });
      expect(sleeps).toEqual([50, 50, 50, 50]);
      expect(sent).toEqual([]);
    });

    it('waits 5 s in polls of 50 ms by default', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await ledger.begin(write);
      const sleeps: number[] = [];
      expect(await writeOnce(ledger, write, { send: sender().send, sleep: async (ms) => void sleeps.push(ms) })).toEqual({ kind: 'in_use' });
      expect(sleeps).toEqual(Array.from({ length: 100 }, () => 50));
    });

    it('answers in_use at once when it may not wait', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      await ledger.begin(write);
      const sleeps: number[] = [];
      expect(await writeOnce(ledger, write, { send: sender().send, waitMs: 0, sleep: async (ms) => void sleeps.push(ms) })).toEqual({ kind: 'in_use' });
      expect(sleeps).toEqual([]);
    });

    it('replays the outcome once the holder finishes, without a send', async () => {
      const { ledger } = memoryLedger();
      const write = request();
      const held = await ledger.begin(write);
      if (held.kind !== 'send') {
        throw new Error('unreachable');
      }
      let polls = 0;
      const { send, sent } = sender();
      const result = await writeOnce(ledger, write, {
        send,
        waitMs: 10_000,
        sleep: async () => {
          polls += 1;
          if (polls === 2) {
            await ledger.finish(held.record.id, held.lease, { state: 'succeeded', outcome: 'first' });
          }
        },
      });
      expect(result).toEqual({ kind: 'succeeded', outcome: 'first', record: await ledger.find(write.callerId, write.idempotencyKey), replayed: true });
      expect([polls, sent.length]).toEqual([2, 0]);
    });

    it('sleeps on a real timer by default', async () => {
      jest.useFakeTimers();
      try {
        const { ledger } = memoryLedger();
        const write = request();
        await ledger.begin(write);
        let answer: unknown;
        const waiting = writeOnce(ledger, write, { send: sender().send, waitMs: 100, pollMs: 100 }).then((result) => {
          answer = result;
        });
        await settle();
        expect(answer).toBeUndefined();
        await jest.advanceTimersByTimeAsync(99);
        expect(answer).toBeUndefined();
        await jest.advanceTimersByTimeAsync(1);
        await waiting;
        expect(answer).toEqual({ kind: 'in_use' });
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('an in-doubt write', () => {
    it('found at the partner: completed as found, answered as a replay, with no send', async () => {
      const { ledger, clock, write } = await lostWrite();
      clock.advance(10);
      const probed: OperationRecord[] = [];
      const { send, sent } = sender();
      const result = await writeOnce(ledger, write, {
        send,
        probe: async (record) => {
          probed.push(record);
          return { found: true, outcome: { codigo: 'found-1' }, proposalId: 'found-1', createdProposal: { number: 3, operationCode: 'op-1' } };
        },
      });
      expect(probed).toHaveLength(1);
      expect(probed[0]?.state).toBe('unknown');
      expect(result).toEqual({ kind: 'succeeded', outcome: { codigo: 'found-1' }, record: probed[0], replayed: true });
      expect(sent).toEqual([]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.resolution, record?.attempts, record?.proposal_id, record?.outcome, record?.lease_token, record?.finished_at]).toEqual([
        'succeeded',
        'found',
        1,
        'found-1',
        { codigo: 'found-1' },
        null,
        at(10),
      ]);
      expect(await ledger.proposalsByIds(['found-1'])).toEqual(
        new Map([['found-1', { proposalId: 'found-1', callerId: 'caller-a', number: 3, operationCode: 'op-1', createdAt: at(0) }]]),
      );
    });

    it("found without a proposal named: keeps the request's, and records no created proposal", async () => {
      const { ledger } = memoryLedger();
      const write = request({ proposalId: 'p-7' });
      await writeOnce(ledger, write, sender({ state: 'unknown', error: new Error('lost') }));
      const result = await writeOnce(ledger, write, { send: sender().send, probe: async () => ({ found: true, outcome: 'there' }) });
      expect(result.kind === 'succeeded' && [result.outcome, result.replayed]).toEqual(['there', true]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.proposal_id, record?.resolution]).toEqual(['succeeded', 'p-7', 'found']);
      expect(await ledger.proposalsByIds(['p-7'])).toEqual(new Map());
    });

    it('proven absent once settleMs has passed since its send: sent again as its second attempt', async () => {
      const { ledger, clock, write } = await lostWrite();
      const options = (send: WriteOnceOptions['send']): WriteOnceOptions => ({ send, settleMs: 1000, probe: async () => ({ found: false }) });
      clock.advance(999);
      const early = sender();
      expect(await writeOnce(ledger, write, options(early.send))).toEqual({ kind: 'unknown' });
      expect(early.sent).toEqual([]);
      const stillUnknown = await ledger.find(write.callerId, write.idempotencyKey);
      expect([stillUnknown?.state, stillUnknown?.attempts, stillUnknown?.lease_token, stillUnknown?.resolution]).toEqual(['unknown', 1, null, null]);
      clock.advance(1);
      const { send, sent } = sender({ state: 'succeeded', outcome: 'sent again' });
      const result = await writeOnce(ledger, write, options(send));
      expect(sent.map((r) => [r.state, r.upstream_key])).toEqual([['unknown', write.upstreamKey]]);
      expect(result).toEqual({ kind: 'succeeded', outcome: 'sent again', record: sent[0], replayed: false });
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.resolution, record?.attempts, record?.sent_at]).toEqual(['succeeded', 'absent', 2, at(1000)]);
    });

    it('counts absence as proof only 30 s after the send by default', async () => {
      const { ledger, clock, write } = await lostWrite();
      const probe = async (): Promise<{ found: false }> => ({ found: false });
      clock.advance(29_999);
      expect(await writeOnce(ledger, write, { send: sender().send, probe })).toEqual({ kind: 'unknown' });
      clock.advance(1);
      const { send, sent } = sender({ state: 'succeeded', outcome: 'again' });
      expect((await writeOnce(ledger, write, { send, probe })).kind).toBe('succeeded');
      expect(sent).toHaveLength(1);
    });

    it('sends nothing when it lost the lease while the partner was read', async () => {
      const { ledger, clock, write } = await lostWrite();
      const other = new Ledger(ledger.store, { now: ledger.now });
      let thief: string | undefined;
      const { send, sent } = sender({ state: 'succeeded', outcome: 'never' });
      const result = await writeOnce(ledger, write, {
        send,
        settleMs: 0,
        probe: async (record) => {
          clock.advance(LEASE + 1);
          thief = (await other.claimInDoubt(record.id))?.lease;
          return { found: false };
        },
      });
      expect(result).toEqual({ kind: 'unknown' });
      expect(sent).toEqual([]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect(thief).toEqual(expect.any(String));
      expect([record?.state, record?.lease_token, record?.attempts, record?.resolution]).toEqual(['in_progress', thief, 1, null]);
    });

    it.each([
      ['no probe exists', undefined],
      [
        'the probe fails',
        async (): Promise<never> => {
          throw new Error('partner down');
        },
      ],
    ])('stays unknown, with no send, when %s', async (_case, probe) => {
      const { ledger, clock, write } = await lostWrite();
      clock.advance(60_000);
      const { send, sent } = sender();
      expect(await writeOnce(ledger, write, { send, ...(probe === undefined ? {} : { probe }) })).toEqual({ kind: 'unknown' });
      expect(sent).toEqual([]);
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.attempts, record?.lease_token, record?.updated_at]).toEqual(['unknown', 1, null, at(60_000)]);
    });

    it('whose holder stopped (lease ended) is resolved too', async () => {
      const { ledger, clock } = memoryLedger();
      const write = request();
      await ledger.begin(write);
      clock.advance(LEASE + 1);
      const result = await writeOnce(ledger, write, { send: sender().send, probe: async () => ({ found: true, outcome: 'was there' }) });
      expect(result.kind === 'succeeded' && [result.outcome, result.replayed, result.record.state]).toEqual(['was there', true, 'in_progress']);
    });
  });

  it('throws on a claim it does not know, naming it', async () => {
    const ledger = new Ledger(new MemoryLedgerStore());
    ledger.begin = async () => ({ kind: 'odd' }) as unknown as Claim;
    await expect(writeOnce(ledger, request(), { send: sender().send })).rejects.toThrow(new Error('unexpected claim {"kind":"odd"}'));
  });
});
