/** The readiness check `ledger`: it asks the ledger's store to answer, and names the failure by its code only. */
import { Ledger } from '../../../src/ledger/ledger.js';
import { MemoryLedgerStore } from '../../../src/ledger/memory.js';
import { ledgerCheck } from '../../../src/server/graph.js';

describe('ledgerCheck', () => {
  it("passes while the ledger's store answers", async () => {
    const check = ledgerCheck(new Ledger(new MemoryLedgerStore()));
    expect(check.name).toBe('ledger');
    expect(await check.check()).toBeUndefined();
  });

  it('answers LEDGER_UNAVAILABLE, and nothing of the error, when it does not', async () => {
    const store = new MemoryLedgerStore();
    store.ping = async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432 password=secret'));
    expect(await ledgerCheck(new Ledger(store)).check()).toBe('LEDGER_UNAVAILABLE');
  });
});
