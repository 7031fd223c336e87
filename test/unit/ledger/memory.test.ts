/**
 * What the memory store promises beyond the shared contract suite (test/integration/ledger/ledger-store.shared.ts,
 * which it passes like PGlite and PostgreSQL): transactions all or nothing and one at a time, the
 * tables' constraints, and reads that hand out copies.
 */
import { MemoryLedgerStore } from '../../../src/ledger/memory.js';
import { type NewOperation } from '../../../src/ledger/store.js';
import { at, deferred, settle } from './fixtures.js';

function row(overrides: Partial<NewOperation> = {}): NewOperation {
  return {
    id: 'op-1',
    caller_id: 'caller-a',
    idempotency_key: 'key-1',
    operation: 'IncluirManual',
    request_hash: 'hash-1',
    upstream_key: 'upstream-1',
    proposal_id: null,
    state: 'in_progress',
    lease_token: 'lease-1',
    lease_until: at(60_000),
    attempts: 1,
    probe: JSON.stringify({ operationCode: 'op-1' }),
    outcome: null,
    details: null,
    created_at: at(0),
    sent_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

describe('MemoryLedgerStore', () => {
  it('keeps nothing of a transaction that throws', async () => {
    const store = new MemoryLedgerStore();
    await expect(
      store.transaction(async (tx) => {
        await tx.insertOperation(row());
        await tx.insertProposal({ proposal_id: 'p-1', caller_id: 'caller-a', number: 1, operation_code: null, created_at: at(0), operation_id: 'op-1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.findOperation('caller-a', 'key-1')).toBeUndefined();
    expect(await store.proposalsByIds(['p-1'])).toEqual([]);
    expect(await store.insertOperation(row())).toEqual(expect.objectContaining({ id: 'op-1' }));
  });

  it('runs a statement outside a transaction only once the transaction has ended', async () => {
    const store = new MemoryLedgerStore();
    const gate = deferred();
    const inside = store.transaction(async (tx) => {
      await tx.insertOperation(row());
      await gate.promise;
      await tx.updateOperation('op-1', { state: 'succeeded' });
    });
    let seen: unknown = 'not yet';
    const read = store.findOperation('caller-a', 'key-1').then((found) => {
      seen = found?.state;
    });
    await settle();
    expect(seen).toBe('not yet');
    gate.resolve();
    await Promise.all([inside, read]);
    expect(seen).toBe('succeeded');
  });

  it('refuses a second record for a key, a duplicate id, a state outside the check, and a null required column', async () => {
    const store = new MemoryLedgerStore();
    await store.insertOperation(row());
    expect(await store.insertOperation(row({ id: 'op-2' }))).toBeUndefined();
    await expect(store.insertOperation(row({ idempotency_key: 'key-2' }))).rejects.toThrow('ledger_operations: duplicate id op-1');
    await expect(store.insertOperation(row({ id: 'op-3', idempotency_key: 'key-3', state: 'odd' as NewOperation['state'] }))).rejects.toThrow(
      'violates its check constraint',
    );
    await expect(store.updateOperation('op-1', { state: 'odd' as NewOperation['state'] })).rejects.toThrow('violates its check constraint');
    await expect(store.insertOperation(row({ id: 'op-4', idempotency_key: 'key-4', caller_id: null as unknown as string }))).rejects.toThrow(
      'ledger_operations: null value in column caller_id violates its not-null constraint',
    );
    await expect(
      store.insertProposal({
        proposal_id: null as unknown as string,
        caller_id: 'caller-a',
        number: 1,
        operation_code: null,
        created_at: at(0),
        operation_id: 'op-1',
      }),
    ).rejects.toThrow('ledger_proposals: null value in column proposal_id violates its not-null constraint');
    await expect(
      store.insertProposal({ proposal_id: 'p-1', caller_id: 'caller-a', number: 1, operation_code: null, created_at: at(0), operation_id: 'op-none' }),
    ).rejects.toThrow('ledger_proposals: operation op-none is not on record');
    expect((await store.countByState()).map((c) => [c.state, c.count])).toEqual([['in_progress', 1]]);
  });

  it('hands out copies: changing what it answered changes nothing it holds', async () => {
    const store = new MemoryLedgerStore();
    const written = row();
    const inserted = await store.insertOperation(written);
    written.created_at.setTime(0);
    (inserted?.probe as { operationCode: string }).operationCode = 'changed';
    inserted?.lease_until?.setTime(0);
    const found = await store.findOperation('caller-a', 'key-1');
    expect([found?.probe, found?.lease_until, found?.created_at]).toEqual([{ operationCode: 'op-1' }, at(60_000), at(0)]);
  });

  it('updates only under its guard: the lease token, or in doubt at a time', async () => {
    const store = new MemoryLedgerStore();
    await store.insertOperation(row());
    expect(await store.updateOperation('op-1', { probe: 'null' }, { leaseToken: 'other' })).toBeUndefined();
    expect(await store.updateOperation('op-1', { state: 'unknown' }, { inDoubtAt: at(60_000) })).toBeUndefined();
    expect((await store.updateOperation('op-1', { addAttempts: 2 }, { inDoubtAt: at(60_001), leaseToken: 'lease-1' }))?.attempts).toBe(3);
    expect(await store.updateOperation('op-none', { state: 'unknown' })).toBeUndefined();
  });
});
