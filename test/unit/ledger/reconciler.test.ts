/**
 * The reconciler over the memory store: one pass settles what it can find out, and the background
 * loop runs passes one at a time on its interval (jest's fake timers), reports failures, and stops.
 */
import { jest } from '@jest/globals';
import { type Ledger, type OperationRecord } from '../../../src/ledger/ledger.js';
import { type Probe } from '../../../src/ledger/in-doubt.js';
import { reconcileOnce, startReconciler } from '../../../src/ledger/reconciler.js';
import { writeOnce } from '../../../src/ledger/write.js';
import { at, countingStore, deferred, memoryLedger, request, settle } from './fixtures.js';

const LEASE = 60_000;

/** Records `write` as unknown (its answer lost) at the clock's time. */
async function lose(ledger: Ledger, write = request()): Promise<ReturnType<typeof request>> {
  expect(await writeOnce(ledger, write, { send: async () => ({ state: 'unknown', error: new Error('lost') }) })).toEqual({ kind: 'unknown' });
  return write;
}

const absent: Probe = async () => ({ found: false });

describe('reconcileOnce', () => {
  it('completes a write found at the partner, records the proposal it created, and counts it', async () => {
    const { ledger, clock } = memoryLedger();
    const write = await lose(ledger);
    clock.advance(1000);
    const probed: OperationRecord[] = [];
    const report = await reconcileOnce(ledger, {
      settleMs: 1000,
      probeFor: (record) => async (claimed) => {
        probed.push(record, claimed);
        return { found: true, outcome: { codigo: 'r-1' }, proposalId: 'r-1', createdProposal: { number: 5, operationCode: 'op-1' } };
      },
    });
    expect(report).toEqual({ found: 1, absent: 0, unknown: 0 });
    // The probe is chosen for, and given, the claimed record.
    expect(probed.map((r) => [r.idempotency_key, r.state, r.lease_until])).toEqual([
      [write.idempotencyKey, 'in_progress', at(1000 + LEASE)],
      [write.idempotencyKey, 'in_progress', at(1000 + LEASE)],
    ]);
    const record = await ledger.find(write.callerId, write.idempotencyKey);
    expect([record?.state, record?.outcome, record?.resolution, record?.proposal_id, record?.attempts, record?.lease_token, record?.finished_at]).toEqual([
      'succeeded',
      { codigo: 'r-1' },
      'found',
      'r-1',
      1,
      null,
      at(1000),
    ]);
    expect(await ledger.proposalsByIds(['r-1'])).toEqual(
      new Map([['r-1', { proposalId: 'r-1', callerId: 'caller-a', number: 5, operationCode: 'op-1', createdAt: at(0) }]]),
    );
  });

  it('keeps the proposal a found write named, and records no created proposal when the probe names none', async () => {
    const { ledger } = memoryLedger();
    const write = await lose(ledger, request({ proposalId: 'p-1' }));
    expect(await reconcileOnce(ledger, { settleMs: 0, probeFor: () => async () => ({ found: true, outcome: 'there' }) })).toEqual({
      found: 1,
      absent: 0,
      unknown: 0,
    });
    const record = await ledger.find(write.callerId, write.idempotencyKey);
    expect([record?.state, record?.proposal_id, record?.outcome]).toEqual(['succeeded', 'p-1', 'there']);
    expect(await ledger.proposalsByIds(['p-1'])).toEqual(new Map());
  });

  it('fails a write proven absent (a retry with its key sends it again), and sends nothing itself', async () => {
    const { ledger, clock } = memoryLedger();
    const write = await lose(ledger);
    clock.advance(1000);
    expect(await reconcileOnce(ledger, { settleMs: 1000, probeFor: () => absent })).toEqual({ found: 0, absent: 1, unknown: 0 });
    const record = await ledger.find(write.callerId, write.idempotencyKey);
    expect([record?.state, record?.attempts, record?.sent_at, record?.lease_token, record?.outcome, record?.resolution]).toEqual([
      'failed',
      1,
      at(0),
      null,
      null,
      null,
    ]);
  });

  it('looks only at unknown writes last touched settleMs ago or more', async () => {
    const { ledger, clock } = memoryLedger();
    const old = await lose(ledger);
    clock.advance(1);
    const recent = await lose(ledger);
    clock.advance(999);
    const probed: string[] = [];
    const report = await reconcileOnce(ledger, {
      settleMs: 1000,
      probeFor: (record) => {
        probed.push(record.idempotency_key);
        return absent;
      },
    });
    expect([report, probed]).toEqual([{ found: 0, absent: 1, unknown: 0 }, [old.idempotencyKey]]);
    expect((await ledger.find(recent.callerId, recent.idempotencyKey))?.state).toBe('unknown');
  });

  it('leaves unknown a write with no probe, or whose probe fails, or sent too recently for absence to prove anything', async () => {
    const { ledger, clock } = memoryLedger();
    const none = await lose(ledger, request({ operation: 'None' }));
    const failing = await lose(ledger, request({ operation: 'Failing' }));
    // A holder that stopped (its lease ended) a moment ago: absence is no proof yet.
    const stalled = request({ operation: 'Stalled' });
    clock.advance(LEASE);
    await ledger.begin(stalled);
    clock.advance(LEASE + 1);
    const report = await reconcileOnce(ledger, {
      settleMs: LEASE + 2,
      probeFor: (record) =>
        record.operation === 'None'
          ? undefined
          : record.operation === 'Failing'
            ? async () => {
                throw new Error('partner down');
              }
            : absent,
    });
    expect(report).toEqual({ found: 0, absent: 0, unknown: 3 });
    for (const write of [none, failing, stalled]) {
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.operation, record?.state, record?.lease_token, record?.updated_at]).toEqual([write.operation, 'unknown', null, at(2 * LEASE + 1)]);
    }
  });

  it('skips a write another holder claimed first', async () => {
    const { ledger, clock } = memoryLedger();
    const first = await lose(ledger);
    const second = await lose(ledger);
    clock.advance(1000);
    let thief: string | undefined;
    const report = await reconcileOnce(ledger, {
      settleMs: 1000,
      probeFor: (record) => async () => {
        if (record.idempotency_key === first.idempotencyKey) {
          const other = await ledger.find(second.callerId, second.idempotencyKey);
          thief = (await ledger.claimInDoubt(other?.id ?? ''))?.lease;
        }
        return { found: false };
      },
    });
    expect(report).toEqual({ found: 0, absent: 1, unknown: 0 });
    const record = await ledger.find(second.callerId, second.idempotencyKey);
    expect(thief).toEqual(expect.any(String));
    expect([record?.state, record?.lease_token]).toEqual(['in_progress', thief]);
  });

  it('looks at 50 writes a pass by default, or batchSize', async () => {
    const { ledger, clock } = memoryLedger();
    for (let i = 0; i < 52; i += 1) {
      await lose(ledger);
    }
    clock.advance(1000);
    expect(await reconcileOnce(ledger, { settleMs: 0, probeFor: () => undefined, batchSize: 1 })).toEqual({ found: 0, absent: 0, unknown: 1 });
    clock.advance(1000);
    // The one just looked at was touched last: the next pass starts with the others.
    expect(await reconcileOnce(ledger, { settleMs: 1000, probeFor: () => undefined })).toEqual({ found: 0, absent: 0, unknown: 50 });
    expect(await reconcileOnce(ledger, { settleMs: 0, probeFor: () => undefined })).toEqual({ found: 0, absent: 0, unknown: 50 });
  });

  it('answers an empty report when nothing is in doubt', async () => {
    const { ledger, store } = memoryLedger();
    expect(await reconcileOnce(ledger, { settleMs: 0, probeFor: () => absent })).toEqual({ found: 0, absent: 0, unknown: 0 });
    expect(store.calls.unsettled).toBe(1);
  });
});

describe('startReconciler', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('runs a pass every intervalMs, one at a time, and stops: waiting for the pass in progress', async () => {
    const { ledger } = memoryLedger();
    const write = await lose(ledger);
    const gate = deferred<{ found: false }>();
    let probes = 0;
    const reconciler = startReconciler(ledger, {
      intervalMs: 1000,
      settleMs: 0,
      probeFor: () => async () => {
        probes += 1;
        return gate.promise;
      },
    });
    await jest.advanceTimersByTimeAsync(999);
    expect(probes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(probes).toBe(1);
    // The pass is still running: the next ticks start none.
    await jest.advanceTimersByTimeAsync(3000);
    expect(probes).toBe(1);
    let stopped = false;
    const stopping = reconciler.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    gate.resolve({ found: false });
    await stopping;
    expect((await ledger.find(write.callerId, write.idempotencyKey))?.state).toBe('failed');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('starts the next pass once one ends', async () => {
    const store = countingStore();
    const { ledger } = memoryLedger({ store });
    const reconciler = startReconciler(ledger, { intervalMs: 1000, settleMs: 0, probeFor: () => undefined });
    await jest.advanceTimersByTimeAsync(3000);
    expect(store.calls.unsettled).toBe(3);
    await reconciler.stop();
    await jest.advanceTimersByTimeAsync(3000);
    expect(store.calls.unsettled).toBe(3);
  });

  it('reports a failed pass and goes on', async () => {
    let fail = true;
    const store = countingStore(undefined, {
      unsettled: async () => {
        if (fail) {
          throw new Error('store down');
        }
        return [];
      },
    });
    const { ledger } = memoryLedger({ store });
    const errors: unknown[] = [];
    const reconciler = startReconciler(ledger, { intervalMs: 1000, settleMs: 0, probeFor: () => undefined, onError: (error) => errors.push(error) });
    await jest.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([new Error('store down')]);
    fail = false;
    await jest.advanceTimersByTimeAsync(1000);
    expect([errors.length, store.calls.unsettled]).toEqual([1, 2]);
    await reconciler.stop();
  });

  it('survives a failed pass without onError', async () => {
    const store = countingStore(undefined, { unsettled: async () => Promise.reject(new Error('store down')) });
    const { ledger } = memoryLedger({ store });
    const reconciler = startReconciler(ledger, { intervalMs: 1000, settleMs: 0, probeFor: () => undefined });
    await jest.advanceTimersByTimeAsync(2000);
    expect(store.calls.unsettled).toBe(2);
    await expect(reconciler.stop()).resolves.toBeUndefined();
  });

  it('does not hold the process open', async () => {
    jest.useRealTimers();
    const { ledger } = memoryLedger();
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const reconciler = startReconciler(ledger, { intervalMs: 3_600_000, settleMs: 0, probeFor: () => undefined });
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before);
    await reconciler.stop();
  });
});
