/**
 * Single flight across replicas (`claimOrJoin` in src/upstream/reads/peer-claims.ts), driven step by step: a
 * scripted store answers every claim, lookup and "still claimed?" question, the poll wait is a fake
 * (it records its length and moves a fake `performance.now()` by it), so every branch runs
 * deterministically and without a real wait.
 */
import { jest } from '@jest/globals';
import { readKey } from '../../../src/upstream/cache.js';
import { UpstreamNotFoundError } from '../../../src/upstream/errors.js';
import { found, InstantPartner, miss, ScriptedStore, UnscriptedCall } from './scripted-store.js';

/** Every store operation, wait and partner call of the current test, in order. */
const log: string[] = [];
/** The fake `performance.now()` (ms): moved only by the fake poll wait. */
let perf = 0;
/** When set, each poll wait also waits for it (the test decides when the wait ends). */
let gate: Promise<void> | undefined;

jest.unstable_mockModule('node:timers/promises', () => ({
  setTimeout: async (ms: number) => {
    log.push(`wait ${ms}`);
    perf += ms;
    if (gate !== undefined) {
      await gate;
    }
  },
}));

const { PartnerReads } = await import('../../../src/upstream/reads/flights.js');
const { fetchedAtOf } = await import('../../../src/upstream/reads/session.js');
type PartnerReadsOptions = ConstructorParameters<typeof PartnerReads>[1];

const PARCELAS = { dto: { codigoProposta: 'p1' } };
const GET = 'get p:p1:ConsultarParcelas';
const PARTNER = 'partner ConsultarParcelas a';
/** ConsultarParcelas is kept 5 + max(30, 300) s. */
const SET = 'set v1 305000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
  await new Promise((resolve) => setImmediate(resolve));
}

describe('PartnerReads across replicas (claimOrJoin)', () => {
  let clock: number;
  let store: ScriptedStore;
  let partner: InstantPartner;
  let failures: Array<{ action: string; error: unknown }>;
  let events: Array<{ operation: string; outcome: string }>;

  beforeEach(() => {
    log.length = 0;
    perf = 1000;
    gate = undefined;
    clock = 1_700_000_000_000;
    store = new ScriptedStore(log);
    partner = new InstantPartner(log);
    partner.answer = { parcelas: [{ nroParcela: 1 }] };
    failures = [];
    events = [];
    jest.spyOn(performance, 'now').mockImplementation(() => perf);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  function replica(options: Partial<PartnerReadsOptions> = {}) {
    return new PartnerReads(partner, {
      clientId: 'client-a',
      now: () => clock,
      store,
      onStoreFailure: (event) => failures.push(event),
      observer: { cache: (event) => events.push({ ...event }) },
      ...options,
    });
  }

  const STATS = {
    hits: 0,
    misses: 1,
    coalesced: 0,
    staleServed: 0,
    revalidations: 0,
    invalidations: 0,
    storeFailures: 0,
    peerServed: 0,
    regressionsRefreshed: 0,
  };
  const PEER = { value: { parcelas: [{ nroParcela: 7 }] }, fetchedAt: 1_700_000_000_000 - 10 };

  it('claims the read (30 s by default), asks the partner, stores under the version it looked up, and lets go of the claim it holds', async () => {
    store.gets.push(miss('v1'), miss('v1'));
    store.claims.push(true);
    const shared = replica();
    const session = shared.session({ callerId: 'a' });
    const answer = await session.request('ConsultarParcelas', PARCELAS);
    expect(answer).toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    const key = readKey('client-a', 'ConsultarParcelas', PARCELAS);
    expect(store.keys.every((k) => k === key)).toBe(true);
    expect(store.holders).toHaveLength(1);
    expect(store.holders[0]).toMatch(UUID);
    expect(store.released).toEqual([{ key, version: 'v1', holder: store.holders[0] }]);
    expect(store.sets).toEqual([{ key, version: 'v1', entry: { value: { parcelas: [{ nroParcela: 1 }] }, fetchedAt: clock }, ttlMs: 305_000 }]);
    expect(session.cost).toEqual({ upstreamCalls: 1, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
    expect(shared.stats()).toEqual(STATS);
    expect(failures).toEqual([]);
    expect(events).toEqual([{ operation: 'ConsultarParcelas', outcome: 'miss' }]);
  });

  it('holds a claim for claimTtlMs, and uses a new holder id per read', async () => {
    store.getDefault = miss('v1');
    store.claims.push(true, true);
    const shared = replica({ claimTtlMs: 1234 });
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', { dto: { codigoProposta: 'p1' }, other: 1 });
    expect(log.filter((line) => line.startsWith('claim'))).toEqual(['claim v1 1234', 'claim v1 1234']);
    expect(new Set(store.holders).size).toBe(2);
    expect(store.released.map((r) => r.holder)).toEqual(store.holders);
  });

  it('keeps an answer as long as its freshness plus the longer of the stale windows', async () => {
    store.getDefault = miss('v1');
    store.claims.push(true);
    const shared = replica({ policies: { ConsultarParcelas: { staleWhileRevalidateSeconds: 100, maxStaleSeconds: 50 } } });
    expect(shared.policy('ConsultarParcelas')).toEqual({ freshSeconds: 5, staleWhileRevalidateSeconds: 100, maxStaleSeconds: 50 });
    expect(shared.policy('ConsultarDetalhes')).toEqual({ freshSeconds: 5, staleWhileRevalidateSeconds: 30, maxStaleSeconds: 300 });
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(store.sets.map((s) => s.ttlMs)).toEqual([105_000]);
  });

  it("serves a peer's answer seen right after its own claim, lets go of that claim, and counts one shared read", async () => {
    store.gets.push(miss('v1'), found('v1', PEER));
    store.claims.push(true);
    const shared = replica();
    const session = shared.session({ callerId: 'a' });
    const answer = await session.request('ConsultarParcelas', PARCELAS);
    expect(answer).toEqual(PEER.value);
    expect(fetchedAtOf(answer)?.getTime()).toBe(PEER.fetchedAt);
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'release v1']);
    expect(store.released.map((r) => r.holder)).toEqual(store.holders);
    expect(session.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 0, oldestStaleFetchedAt: undefined });
    expect(shared.stats()).toEqual({ ...STATS, peerServed: 1 });
    expect(events).toEqual([
      { operation: 'ConsultarParcelas', outcome: 'miss' },
      { operation: 'ConsultarParcelas', outcome: 'coalesced' },
    ]);
  });

  it("serves a peer's answer seen right after a refused claim, releasing nothing", async () => {
    store.gets.push(miss('v1'), found('v1', PEER));
    store.claims.push(false);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual(PEER.value);
    expect(log).toEqual([GET, 'claim v1 30000', GET]);
    expect(shared.stats().peerServed).toBe(1);
  });

  it('asks the partner itself, keeping its claim, when a write moved the version on between its lookup and its claim (and ignores the newer entry)', async () => {
    store.gets.push(miss('v1'), found('v2', PEER));
    store.claims.push(true);
    const shared = replica();
    const session = shared.session({ callerId: 'a' });
    await expect(session.request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    expect(store.released.map((r) => r.holder)).toEqual(store.holders);
    expect(session.cost).toMatchObject({ upstreamCalls: 1, cacheHits: 0 });
    expect(shared.stats()).toEqual(STATS);
  });

  it('asks the partner itself without a claim when the version moved on and another replica holds the claim', async () => {
    store.gets.push(miss('v1'), found('v2', PEER));
    store.claims.push(false);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
  });

  it('while another replica holds the claim, looks for its answer every 25 ms and serves it: no partner call', async () => {
    store.gets.push(miss('v1'), miss('v1'), miss('v1'), found('v1', PEER));
    store.claims.push(false);
    store.claimedAnswers.push(true);
    const shared = replica();
    const session = shared.session({ callerId: 'a' });
    await expect(session.request('ConsultarParcelas', PARCELAS)).resolves.toEqual(PEER.value);
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, 'claimed v1', 'wait 25', GET]);
    expect(session.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 0, oldestStaleFetchedAt: undefined });
    expect(shared.stats()).toEqual({ ...STATS, peerServed: 1 });
    expect(partner.calls).toHaveLength(0);
  });

  it('polls every peerPollMs', async () => {
    store.gets.push(miss('v1'), miss('v1'), miss('v1'), found('v1', PEER));
    store.claims.push(false);
    store.claimedAnswers.push(true);
    await replica({ peerPollMs: 7 }).session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(log.filter((line) => line.startsWith('wait'))).toEqual(['wait 7', 'wait 7']);
  });

  it('claims again and asks the partner itself when the other replica lets go of its claim without an answer', async () => {
    store.getDefault = miss('v1');
    store.claims.push(false, true);
    store.claimedAnswers.push(false);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, 'claimed v1', 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    // The same holder id for the whole read.
    expect(store.holders).toHaveLength(2);
    expect(store.holders[1]).toBe(store.holders[0]);
    expect(store.released.map((r) => r.holder)).toEqual([store.holders[0]]);
    expect(shared.stats()).toEqual(STATS);
  });

  it('stops waiting and asks the partner without a claim when a write moves the version on while it waits (and ignores the newer entry)', async () => {
    store.gets.push(miss('v1'), miss('v1'), found('v2', PEER));
    store.claims.push(false);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
  });

  it('gives up waiting after 10 s by default (the last poll at exactly 10 s included) and asks the partner without a claim', async () => {
    store.getDefault = miss('v1');
    store.claims.push(false);
    // A safety stop: a mutant that never gives up ends here instead of polling forever.
    store.claimedAnswers.push(...Array.from({ length: 500 }, () => true));
    const shared = replica();
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    const waits = log.filter((line) => line.startsWith('wait'));
    expect(waits).toHaveLength(400);
    expect(new Set(waits)).toEqual(new Set(['wait 25']));
    expect(log.filter((line) => line.startsWith('claimed'))).toHaveLength(399);
    expect(log.slice(-4)).toEqual(['wait 25', GET, PARTNER, SET]);
    expect(perf).toBe(1000 + 10_000);
    expect(shared.stats()).toEqual(STATS);
  });

  it('gives up after peerWaitMs, counted from the start of the wait', async () => {
    store.getDefault = miss('v1');
    store.claims.push(false);
    store.claimedAnswers.push(...Array.from({ length: 50 }, () => true));
    const shared = replica({ peerWaitMs: 100, peerPollMs: 10 });
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(log.filter((line) => line.startsWith('wait'))).toHaveLength(10);
    expect(log.filter((line) => line.startsWith('claimed'))).toHaveLength(9);
    expect(log.slice(-3)).toEqual([GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
  });

  it('with peerWaitMs 0, looks once more and gives up', async () => {
    store.getDefault = miss('v1');
    store.claims.push(false);
    const shared = replica({ peerWaitMs: 0 });
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
  });

  it('does not take the stale entry it looked up for a peer answer, right after the claim or while waiting', async () => {
    const old = { value: { parcelas: [{ nroParcela: 0 }] }, fetchedAt: clock };
    clock += 36_000; // past the stale-while-revalidate window: a read that asks first
    store.gets.push(found('v1', old), found('v1', old), found('v1', old), found('v1', { ...PEER, fetchedAt: old.fetchedAt + 1 }));
    store.claims.push(false);
    store.claimedAnswers.push(true);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual(PEER.value);
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, 'claimed v1', 'wait 25', GET]);
    expect(shared.stats()).toEqual({ ...STATS, peerServed: 1 });

    // Claimed by this read, the same old entry right after the claim: it asks the partner.
    log.length = 0;
    store.gets.push(found('v1', old), found('v1', old));
    store.claims.push(true);
    const session = shared.session({ callerId: 'a' });
    await expect(session.request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    expect(session.cost).toEqual({ upstreamCalls: 1, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
  });

  it('asks the partner without a claim when the claim fails, and tells the failure hook', async () => {
    const down = new Error('store down');
    store.getDefault = miss('v1');
    store.claims.push(down);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', PARTNER, SET]);
    expect(failures).toEqual([{ action: 'claim', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1 });
  });

  it('asks the partner when the look after the claim fails (the claim expires on its own)', async () => {
    const down = new Error('store down');
    store.gets.push(miss('v1'), down);
    store.claims.push(true);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    // The claim it may hold is not let go: it expires after claimTtlMs.
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET]);
    expect(failures).toEqual([{ action: 'claim', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1 });
  });

  it('asks the partner when the store fails while it waits', async () => {
    const down = new Error('store down');
    store.getDefault = miss('v1');
    store.claims.push(false);
    store.claimedAnswers.push(down);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, 'claimed v1', PARTNER, SET]);
    expect(failures).toEqual([{ action: 'claim', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1 });
  });

  it('still answers when letting go of its claim fails, and counts the failure', async () => {
    const down = new Error('store down');
    store.getDefault = miss('v1');
    store.claims.push(true);
    store.releaseError = down;
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    expect(failures).toEqual([{ action: 'claim', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1 });
  });

  it('still answers when letting go of the claim after a peer answer fails', async () => {
    const down = new Error('store down');
    store.gets.push(miss('v1'), found('v1', PEER));
    store.claims.push(true);
    store.releaseError = down;
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual(PEER.value);
    expect(failures).toEqual([{ action: 'claim', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1, peerServed: 1 });
  });

  it('claims nothing with a store that cannot tell whether a read is claimed, or cannot claim', async () => {
    store.getDefault = miss('v1');
    delete store.claimed;
    await replica().session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(log).toEqual([GET, PARTNER, SET]);

    log.length = 0;
    const other = new ScriptedStore(log);
    other.getDefault = miss('v1');
    delete other.claim;
    store = other;
    const shared = replica();
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(log).toEqual([GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
    expect(failures).toEqual([]);
  });

  it('works with a store that has no release (the claim expires by itself)', async () => {
    store.getDefault = miss('v1');
    store.claims.push(true);
    delete store.release;
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET]);
    expect(shared.stats()).toEqual(STATS);
    expect(failures).toEqual([]);
  });

  it('claims nothing and stores nothing when the lookup failed (no version to store under)', async () => {
    const down = new Error('store down');
    store.gets.push(down);
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(log).toEqual([GET, PARTNER]);
    expect(failures).toEqual([{ action: 'get', error: down }]);
    expect(shared.stats()).toEqual({ ...STATS, storeFailures: 1 });
  });

  it('claims nothing for a read of fresh data', async () => {
    store.getDefault = miss('v1');
    const shared = replica();
    await shared.session({ callerId: 'a', fresh: true }).request('ConsultarParcelas', PARCELAS);
    expect(log).toEqual([GET, PARTNER, SET]);
  });

  it('keeps a business refusal under its claim and lets go of the claim', async () => {
    store.getDefault = miss('v1');
    store.claims.push(true);
    const items = [{ code: 'C0112', detail: 'V0001', field: '', description: 'x', meaning: 'Proposal not found' }];
    partner.answers.push(new UpstreamNotFoundError('not found', { operation: 'ConsultarParcelas', status: 400, items }));
    const shared = replica();
    await expect(shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS)).rejects.toBeInstanceOf(UpstreamNotFoundError);
    expect(log).toEqual([GET, 'claim v1 30000', GET, PARTNER, SET, 'release v1']);
    expect(store.sets[0]?.entry).toStrictEqual({
      error: { code: 'UPSTREAM_NOT_FOUND', message: 'not found', operation: 'ConsultarParcelas', status: 400, items },
      fetchedAt: clock,
    });
  });

  it("a background revalidation answered by a peer serves the reads that joined it (it counts no request's cost)", async () => {
    const stale = { value: { parcelas: [{ nroParcela: 0 }] }, fetchedAt: clock - 6000 };
    let endWait: () => void = () => undefined;
    gate = new Promise<void>((resolve) => {
      endWait = resolve;
    });
    // The first read finds a stale answer: served at once, one background read refreshes it.
    store.gets.push(found('v1', stale), miss('v1'));
    store.claims.push(false);
    const shared = replica();
    const first = shared.session({ callerId: 'a' });
    await expect(first.request('ConsultarParcelas', PARCELAS)).resolves.toEqual(stale.value);
    await flush();
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25']);
    // A second read finds nothing (say the entry expired) and joins the background read in flight.
    store.gets.push(miss('v1'));
    const second = shared.session({ callerId: 'b' });
    const joined = second.request('ConsultarParcelas', PARCELAS);
    await flush();
    // The peer's answer lands.
    store.gets.push(found('v1', PEER));
    endWait();
    await expect(joined).resolves.toEqual(PEER.value);
    expect(log).toEqual([GET, 'claim v1 30000', GET, 'wait 25', GET, GET]);
    expect(first.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 1, oldestStaleFetchedAt: stale.fetchedAt });
    expect(second.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 0, oldestStaleFetchedAt: undefined });
    expect(shared.stats()).toEqual({ ...STATS, misses: 0, staleServed: 1, revalidations: 1, coalesced: 1, peerServed: 1 });
  });

  it('is scripted completely: an unexpected store call fails the read loudly', async () => {
    // Guards the guard: without a scripted lookup the store throws, and the read goes on without it.
    const shared = replica();
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS);
    expect(failures).toHaveLength(1);
    expect(failures[0]?.error).toBeInstanceOf(UnscriptedCall);
  });
});
