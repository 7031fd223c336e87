/**
 * The Ledger's transitions over the memory store, column by column: what `begin` records and hands
 * out, how leases fence holders off, what each finish keeps, and the read-back. The same behaviours
 * run over PGlite and PostgreSQL in test/integration/ledger/ledger-store.shared.ts.
 */
import { Ledger, type OperationRecord } from '../../../src/ledger/ledger.js';
import { MemoryLedgerStore } from '../../../src/ledger/memory.js';
import { type LedgerStatements, type LedgerStore } from '../../../src/ledger/store.js';
import { at, countingStore, memoryLedger, request } from './fixtures.js';

const LEASE = 60_000;

/** The record `begin` writes for a first request at `at(ms)`. */
function fresh(write: ReturnType<typeof request>, ms: number, extra: Partial<OperationRecord> = {}): OperationRecord {
  return {
    id: expect.any(String) as unknown as string,
    caller_id: write.callerId,
    idempotency_key: write.idempotencyKey,
    operation: write.operation,
    request_hash: write.requestHash,
    upstream_key: write.upstreamKey,
    proposal_id: null,
    state: 'in_progress',
    lease_token: expect.any(String) as unknown as string,
    lease_until: at(ms + LEASE),
    attempts: 1,
    probe: { operationCode: 'op-1' },
    outcome: null,
    details: null,
    resolution: null,
    created_at: at(ms),
    sent_at: at(ms),
    updated_at: at(ms),
    finished_at: null,
    ...extra,
  };
}

async function held(ledger: Ledger, write = request()): Promise<{ id: string; lease: string; write: ReturnType<typeof request> }> {
  const claim = await ledger.begin(write);
  if (claim.kind !== 'send') {
    throw new Error(`expected send, got ${claim.kind}`);
  }
  return { id: claim.record.id, lease: claim.lease, write };
}

describe('Ledger', () => {
  describe('constructor', () => {
    it('defaults to the real clock and a 60 s lease', async () => {
      const ledger = new Ledger(new MemoryLedgerStore());
      const before = Date.now();
      const claim = await ledger.begin(request());
      const after = Date.now();
      expect(ledger.leaseMs).toBe(60_000);
      expect(claim.record.created_at.getTime()).toBeGreaterThanOrEqual(before);
      expect(claim.record.created_at.getTime()).toBeLessThanOrEqual(after);
      expect(claim.record.lease_until!.getTime() - claim.record.created_at.getTime()).toBe(60_000);
      expect(ledger.now()).toBeInstanceOf(Date);
    });

    it('takes the clock and the lease it is given', async () => {
      const { ledger } = memoryLedger({ leaseMs: 5000 });
      const claim = await ledger.begin(request());
      expect(ledger.leaseMs).toBe(5000);
      expect([claim.record.created_at, claim.record.lease_until]).toEqual([at(0), at(5000)]);
    });
  });

  describe('begin', () => {
    it('records a first request in progress, held by the lease it hands out, and lets it send', async () => {
      const { ledger, store } = memoryLedger();
      const write = request({ details: { name: 'Ana' } });
      const claim = await ledger.begin(write);
      expect(claim).toEqual({ kind: 'send', record: fresh(write, 0, { details: { name: 'Ana' } }), lease: expect.any(String) });
      if (claim.kind !== 'send') {
        throw new Error('unreachable');
      }
      expect(claim.record.lease_token).toBe(claim.lease);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(claim.record);
      expect(store.calls).toEqual({ transaction: 1, findOperation: 1 });
    });

    it('records the proposal written to, and leaves probe and details null when none is given', async () => {
      const { ledger } = memoryLedger();
      const write = request({ proposalId: 'prop-9', probe: undefined, details: null });
      const claim = await ledger.begin(write);
      expect(claim.record).toEqual(fresh(write, 0, { proposal_id: 'prop-9', probe: null, details: null }));
    });

    it('hands each record its own id and lease', async () => {
      const { ledger } = memoryLedger();
      const one = await held(ledger);
      const two = await held(ledger);
      expect(one.id).not.toBe(two.id);
      expect(one.lease).not.toBe(two.lease);
      expect(one.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(one.lease).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("makes a repeat wait while the holder's lease runs, changing nothing", async () => {
      const { ledger, clock } = memoryLedger();
      const { write } = await held(ledger);
      const before = await ledger.find(write.callerId, write.idempotencyKey);
      clock.advance(LEASE - 1);
      const repeat = await ledger.begin(write);
      expect(repeat).toEqual({ kind: 'wait', record: before });
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(before);
    });

    it('refuses a key reused for another request, changing nothing', async () => {
      const { ledger } = memoryLedger();
      const { write } = await held(ledger);
      const before = await ledger.find(write.callerId, write.idempotencyKey);
      expect(await ledger.begin({ ...write, requestHash: 'hash-2' })).toEqual({ kind: 'reused', record: before });
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(before);
    });

    it('replays a finished write with its outcome', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(10);
      expect(await ledger.finish(id, lease, { state: 'rejected', outcome: [{ code: 'REJECTED' }] })).toBe(true);
      const finished = await ledger.find(write.callerId, write.idempotencyKey);
      clock.advance(10);
      expect(await ledger.begin(write)).toEqual({ kind: 'replay', record: finished });
      expect(finished).toEqual(
        fresh(write, 0, {
          id,
          state: 'rejected',
          lease_token: null,
          lease_until: null,
          outcome: [{ code: 'REJECTED' }],
          updated_at: at(10),
          finished_at: at(10),
        }),
      );
    });

    it('keeps keys apart per caller', async () => {
      const { ledger } = memoryLedger();
      const { write } = await held(ledger);
      expect((await ledger.begin({ ...write, callerId: 'caller-b' })).kind).toBe('send');
    });

    it('resends a failed write under a new lease: one more attempt, sent now, the rest kept', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(100);
      await ledger.finish(id, lease, { state: 'failed' });
      clock.advance(1000);
      const claim = await ledger.begin(write);
      if (claim.kind !== 'resend') {
        throw new Error(`expected resend, got ${claim.kind}`);
      }
      expect(claim.lease).not.toBe(lease);
      const expected = fresh(write, 0, { id, lease_token: claim.lease, lease_until: at(1100 + LEASE), attempts: 2, sent_at: at(1100), updated_at: at(1100) });
      // A resend reports the state it found.
      expect(claim.record).toEqual({ ...expected, state: 'failed' });
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(expected);
    });

    it('hands an unknown write to the next request to resolve: a new lease, no new attempt, its send time kept', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(100);
      await ledger.finish(id, lease, { state: 'unknown' });
      clock.advance(1000);
      const claim = await ledger.begin(write);
      if (claim.kind !== 'resolve') {
        throw new Error(`expected resolve, got ${claim.kind}`);
      }
      const expected = fresh(write, 0, { id, lease_token: claim.lease, lease_until: at(1100 + LEASE), updated_at: at(1100) });
      expect(claim.record).toEqual({ ...expected, state: 'unknown' });
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(expected);
    });

    it('hands a write whose lease ended to the next request to resolve, and fences the old holder off', async () => {
      const { ledger, clock } = memoryLedger();
      const first = await held(ledger);
      clock.advance(LEASE);
      const second = await ledger.begin(first.write);
      if (second.kind !== 'resolve') {
        throw new Error(`expected resolve, got ${second.kind}`);
      }
      expect(second.record).toEqual(fresh(first.write, 0, { id: first.id, lease_token: second.lease, lease_until: at(2 * LEASE), updated_at: at(LEASE) }));
      expect(await ledger.finish(first.id, first.lease, { state: 'succeeded', outcome: 'late' })).toBe(false);
      expect(await ledger.finish(second.record.id, second.lease, { state: 'succeeded', outcome: 'settled' })).toBe(true);
      expect((await ledger.find(first.write.callerId, first.write.idempotencyKey))?.outcome).toBe('settled');
    });

    it('lets exactly one of 20 concurrent first requests over two ledgers send', async () => {
      const store = new MemoryLedgerStore();
      const one = new Ledger(store);
      const two = new Ledger(store);
      const write = request();
      const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).begin(write)));
      expect(claims.map((c) => c.kind).sort()).toEqual(['send', ...Array.from({ length: 19 }, () => 'wait')]);
    });

    /** The memory store with some statements of its transactions replaced. */
    const withStatements = (memory: MemoryLedgerStore, replaced: Partial<LedgerStatements>): LedgerStore =>
      Object.assign(Object.create(memory) as LedgerStore, {
        transaction: <T>(work: (tx: LedgerStatements) => Promise<T>): Promise<T> =>
          memory.transaction((tx) =>
            work({
              insertOperation: (row) => tx.insertOperation(row),
              lockOperation: (caller, key) => tx.lockOperation(caller, key),
              updateOperation: (id, patch, guard) => tx.updateOperation(id, patch, guard),
              insertProposal: (row) => tx.insertProposal(row),
              ...replaced,
            }),
          ),
      });

    it('fails when the store refuses the key but cannot find it', async () => {
      const memory = new MemoryLedgerStore();
      const broken = withStatements(memory, { insertOperation: async () => undefined, lockOperation: async () => undefined });
      await expect(new Ledger(broken).begin(request())).rejects.toThrow(new Error('the ledger refused a record whose key it does not hold'));
    });

    it('fails, changing nothing, when the store loses the record it locked', async () => {
      const memory = new MemoryLedgerStore();
      const ledger = new Ledger(memory);
      const { id, lease, write } = await held(ledger);
      await ledger.finish(id, lease, { state: 'failed' });
      const broken = withStatements(memory, { updateOperation: async () => undefined });
      await expect(new Ledger(broken).begin(write)).rejects.toThrow(new Error('the ledger lost a record it held locked'));
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.state).toBe('failed');
    });
  });

  describe('claimInDoubt', () => {
    it('takes an unknown write by id under a new lease', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      await ledger.finish(id, lease, { state: 'unknown' });
      clock.advance(500);
      const claim = await ledger.claimInDoubt(id);
      expect(claim).toEqual({
        record: fresh(write, 0, { id, lease_token: claim?.lease, lease_until: at(500 + LEASE), updated_at: at(500) }),
        lease: expect.any(String),
      });
      expect(claim?.lease).not.toBe(lease);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(claim?.record);
    });

    it('takes an in-progress write only once its lease has ended', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, write } = await held(ledger);
      clock.advance(LEASE);
      expect(await ledger.claimInDoubt(id)).toBeUndefined();
      clock.advance(1);
      const claim = await ledger.claimInDoubt(id);
      expect(claim?.record).toEqual(fresh(write, 0, { id, lease_token: claim?.lease, lease_until: at(2 * LEASE + 1), updated_at: at(LEASE + 1) }));
    });

    it('leaves a settled write alone', async () => {
      const { ledger } = memoryLedger();
      for (const end of [{ state: 'succeeded', outcome: 1 }, { state: 'rejected', outcome: 2 }, { state: 'failed' }] as const) {
        const { id, lease } = await held(ledger);
        await ledger.finish(id, lease, end);
        expect(await ledger.claimInDoubt(id)).toBeUndefined();
      }
      expect(await ledger.claimInDoubt('no-such-id')).toBeUndefined();
    });
  });

  describe('resent', () => {
    it('marks a held write sent again: one more attempt, sent now, absent, its lease renewed', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(700);
      expect(await ledger.resent(id, lease)).toBe(true);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(
        fresh(write, 0, { id, lease_token: lease, attempts: 2, sent_at: at(700), updated_at: at(700), resolution: 'absent', lease_until: at(700 + LEASE) }),
      );
    });

    it('changes nothing without the lease', async () => {
      const { ledger } = memoryLedger();
      const { id, write } = await held(ledger);
      const before = await ledger.find(write.callerId, write.idempotencyKey);
      expect(await ledger.resent(id, 'not-the-lease')).toBe(false);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(before);
    });
  });

  describe('recordProbe', () => {
    it('replaces the probe of a held write', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(300);
      expect(await ledger.recordProbe(id, lease, { entries: [1, 2] })).toBe(true);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(
        fresh(write, 0, { id, lease_token: lease, probe: { entries: [1, 2] }, updated_at: at(300) }),
      );
      expect(await ledger.recordProbe(id, lease, null)).toBe(true);
      expect((await ledger.find(write.callerId, write.idempotencyKey))?.probe).toBeNull();
    });

    it('changes nothing without the lease', async () => {
      const { ledger } = memoryLedger();
      const { id, write } = await held(ledger);
      const before = await ledger.find(write.callerId, write.idempotencyKey);
      expect(await ledger.recordProbe(id, 'not-the-lease', { entries: [] })).toBe(false);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(before);
    });
  });

  describe('finish', () => {
    it('ends a success with its outcome, the proposal it wrote to and how it was resolved, and records the proposal it created', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(250);
      expect(
        await ledger.finish(id, lease, {
          state: 'succeeded',
          outcome: { codigo: 'p-1' },
          proposalId: 'p-1',
          createdProposal: { number: 7, operationCode: 'op-1' },
          resolution: 'found',
        }),
      ).toBe(true);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(
        fresh(write, 0, {
          id,
          state: 'succeeded',
          lease_token: null,
          lease_until: null,
          outcome: { codigo: 'p-1' },
          proposal_id: 'p-1',
          resolution: 'found',
          updated_at: at(250),
          finished_at: at(250),
        }),
      );
      // Created when the write was recorded, not when it finished.
      expect(await ledger.proposalsByIds(['p-1'])).toEqual(
        new Map([['p-1', { proposalId: 'p-1', callerId: 'caller-a', number: 7, operationCode: 'op-1', createdAt: at(0) }]]),
      );
    });

    it('keeps the proposal written to and the resolution when a success names neither, and records no proposal', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger, request({ proposalId: 'p-2' }));
      await ledger.resent(id, lease);
      clock.advance(5);
      expect(await ledger.finish(id, lease, { state: 'succeeded', outcome: 'ok', proposalId: null, createdProposal: { number: 1, operationCode: null } })).toBe(
        true,
      );
      const record = await ledger.find(write.callerId, write.idempotencyKey);
      expect([record?.state, record?.proposal_id, record?.resolution, record?.outcome, record?.finished_at]).toEqual([
        'succeeded',
        'p-2',
        'absent',
        'ok',
        at(5),
      ]);
      expect(await ledger.proposalsByIds(['p-2'])).toEqual(new Map());
    });

    it('records no proposal for a success that created none', async () => {
      const { ledger } = memoryLedger();
      const { id, lease } = await held(ledger);
      expect(await ledger.finish(id, lease, { state: 'succeeded', outcome: 'ok', proposalId: 'p-3' })).toBe(true);
      expect(await ledger.proposalsByIds(['p-3'])).toEqual(new Map());
      expect(await ledger.operationsOf(['p-3'])).toEqual(new Map([['p-3', [expect.objectContaining({ id, proposal_id: 'p-3' })]]]));
    });

    it('keeps the first owner of a proposal recorded twice', async () => {
      const { ledger } = memoryLedger();
      const first = await held(ledger);
      const second = await held(ledger, request({ callerId: 'caller-b' }));
      const created = { number: 1, operationCode: 'op-1' };
      expect(await ledger.finish(first.id, first.lease, { state: 'succeeded', outcome: 1, proposalId: 'p-4', createdProposal: created })).toBe(true);
      expect(
        await ledger.finish(second.id, second.lease, {
          state: 'succeeded',
          outcome: 2,
          proposalId: 'p-4',
          createdProposal: { number: 2, operationCode: 'op-2' },
        }),
      ).toBe(true);
      expect(await ledger.ownersOf(['p-4'])).toEqual(new Map([['p-4', 'caller-a']]));
    });

    it('ends a rejection with its outcome to replay', async () => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger, request({ proposalId: 'p-5' }));
      clock.advance(9);
      expect(await ledger.finish(id, lease, { state: 'rejected', outcome: [] })).toBe(true);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(
        fresh(write, 0, {
          id,
          proposal_id: 'p-5',
          state: 'rejected',
          lease_token: null,
          lease_until: null,
          outcome: [],
          updated_at: at(9),
          finished_at: at(9),
        }),
      );
    });

    it.each(['failed', 'unknown'] as const)('ends a %s write with no outcome and no finish time, its lease released', async (state) => {
      const { ledger, clock } = memoryLedger();
      const { id, lease, write } = await held(ledger);
      clock.advance(42);
      expect(await ledger.finish(id, lease, { state })).toBe(true);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(
        fresh(write, 0, { id, state, lease_token: null, lease_until: null, updated_at: at(42) }),
      );
      expect(await ledger.finish(id, lease, { state })).toBe(false);
    });

    it('changes nothing, and records no proposal, without the lease', async () => {
      const { ledger } = memoryLedger();
      const { id, write } = await held(ledger);
      const before = await ledger.find(write.callerId, write.idempotencyKey);
      expect(
        await ledger.finish(id, 'not-the-lease', { state: 'succeeded', outcome: 1, proposalId: 'p-6', createdProposal: { number: 6, operationCode: null } }),
      ).toBe(false);
      expect(await ledger.find(write.callerId, write.idempotencyKey)).toEqual(before);
      expect(await ledger.ownersOf(['p-6'])).toEqual(new Map());
    });
  });

  describe('read-back', () => {
    /** Records a created proposal at the clock's time. */
    const create = async (ledger: Ledger, callerId: string, proposalId: string, operationCode: string | null, number: number | null): Promise<string> => {
      const { id, lease } = await held(ledger, request({ callerId }));
      await ledger.finish(id, lease, { state: 'succeeded', outcome: proposalId, proposalId, createdProposal: { number, operationCode } });
      return id;
    };

    it('answers owners and proposals by id, and asks the store nothing for no ids', async () => {
      const { ledger, store, clock } = memoryLedger();
      await create(ledger, 'caller-a', 'p-a', 'code-a', 1);
      clock.advance(1000);
      await create(ledger, 'caller-b', 'p-b', null, null);
      expect(await ledger.ownersOf(['p-a', 'p-b', 'p-none'])).toEqual(
        new Map([
          ['p-a', 'caller-a'],
          ['p-b', 'caller-b'],
        ]),
      );
      expect(await ledger.proposalsByIds(['p-b', 'p-none'])).toEqual(
        new Map([['p-b', { proposalId: 'p-b', callerId: 'caller-b', number: null, operationCode: null, createdAt: at(1000) }]]),
      );
      const asked = store.calls.proposalsByIds;
      expect(await ledger.ownersOf([])).toEqual(new Map());
      expect(await ledger.proposalsByIds([])).toEqual(new Map());
      expect(await ledger.operationsOf([])).toEqual(new Map());
      expect([store.calls.proposalsByIds, store.calls.operationsOf]).toEqual([asked, undefined]);
    });

    it('answers proposals by operation code, newest first, of one caller or all', async () => {
      const { ledger, clock } = memoryLedger();
      await create(ledger, 'caller-a', 'p-1', 'shared', 1);
      clock.advance(1000);
      await create(ledger, 'caller-b', 'p-2', 'shared', 2);
      await create(ledger, 'caller-a', 'p-3', 'other', 3);
      expect(await ledger.proposalsByOperationCode('shared', null)).toEqual([
        { proposalId: 'p-2', callerId: 'caller-b', number: 2, operationCode: 'shared', createdAt: at(1000) },
        { proposalId: 'p-1', callerId: 'caller-a', number: 1, operationCode: 'shared', createdAt: at(0) },
      ]);
      expect((await ledger.proposalsByOperationCode('shared', 'caller-a')).map((p) => p.proposalId)).toEqual(['p-1']);
      expect(await ledger.proposalsByOperationCode('none', null)).toEqual([]);
    });

    it('pages proposals newest first (time, then id), of one caller or all, after a cursor', async () => {
      const { ledger, clock } = memoryLedger();
      await create(ledger, 'caller-a', 'p-1', null, 1);
      clock.advance(1000);
      await create(ledger, 'caller-a', 'p-2', null, 2);
      await create(ledger, 'caller-b', 'p-3', null, 3);
      await create(ledger, 'caller-a', 'p-4', null, 4);
      expect((await ledger.proposals(null, 10)).map((p) => p.proposalId)).toEqual(['p-4', 'p-3', 'p-2', 'p-1']);
      expect(await ledger.proposals('caller-a', 2)).toEqual([
        { proposalId: 'p-4', callerId: 'caller-a', number: 4, operationCode: null, createdAt: at(1000) },
        { proposalId: 'p-2', callerId: 'caller-a', number: 2, operationCode: null, createdAt: at(1000) },
      ]);
      expect((await ledger.proposals('caller-a', 2, { createdAt: at(1000), proposalId: 'p-2' })).map((p) => p.proposalId)).toEqual(['p-1']);
      expect((await ledger.proposals(null, 2, { createdAt: at(1000), proposalId: 'p-3' })).map((p) => p.proposalId)).toEqual(['p-2', 'p-1']);
    });

    it("reads back each proposal's writes oldest first, and an empty list for one with none", async () => {
      const { ledger, clock } = memoryLedger();
      const created = await create(ledger, 'caller-a', 'p-1', null, 1);
      clock.advance(1000);
      const { id, lease } = await held(ledger, request({ proposalId: 'p-1', operation: 'IncluirAvalista', details: { kind: 'INDIVIDUAL' } }));
      await ledger.finish(id, lease, { state: 'rejected', outcome: [] });
      const history = await ledger.operationsOf(['p-1', 'p-none']);
      expect([...history.keys()]).toEqual(['p-1', 'p-none']);
      expect(history.get('p-1')?.map((r) => [r.id, r.operation, r.state, r.details])).toEqual([
        [created, 'IncluirManual', 'succeeded', null],
        [id, 'IncluirAvalista', 'rejected', { kind: 'INDIVIDUAL' }],
      ]);
      expect(history.get('p-none')).toEqual([]);
    });

    it("lists what is unsettled at the ledger's clock: unknown ones touched by then, in-progress ones whose lease ended", async () => {
      const { ledger, clock } = memoryLedger();
      const lost = await held(ledger);
      await ledger.finish(lost.id, lost.lease, { state: 'unknown' });
      const stalled = await held(ledger);
      clock.advance(10);
      const late = await held(ledger);
      await ledger.finish(late.id, late.lease, { state: 'unknown' });
      expect((await ledger.unsettled(at(0), 10)).map((r) => r.id)).toEqual([lost.id]);
      clock.advance(LEASE - 10);
      expect((await ledger.unsettled(at(10), 10)).map((r) => r.id)).toEqual([lost.id, late.id]);
      clock.advance(1);
      expect((await ledger.unsettled(at(10), 10)).map((r) => r.id)).toEqual([lost.id, stalled.id, late.id]);
      expect((await ledger.unsettled(at(10), 2)).map((r) => r.id)).toEqual([lost.id, stalled.id]);
    });

    it('counts records in every state, zero where there are none', async () => {
      const { ledger } = memoryLedger();
      expect(await ledger.countByState()).toEqual({ in_progress: 0, succeeded: 0, rejected: 0, failed: 0, unknown: 0 });
      await held(ledger);
      for (const end of [{ state: 'failed' }, { state: 'failed' }, { state: 'unknown' }] as const) {
        const { id, lease } = await held(ledger);
        await ledger.finish(id, lease, end);
      }
      expect(await ledger.countByState()).toEqual({ in_progress: 1, succeeded: 0, rejected: 0, failed: 2, unknown: 1 });
    });

    it('pings its store', async () => {
      const { ledger, store } = memoryLedger();
      await expect(ledger.ping()).resolves.toBeUndefined();
      expect(store.calls.ping).toBe(1);
      const down = countingStore(new MemoryLedgerStore(), { ping: async () => Promise.reject(new Error('down')) });
      await expect(new Ledger(down).ping()).rejects.toThrow('down');
    });
  });
});
