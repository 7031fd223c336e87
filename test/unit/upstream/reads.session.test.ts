/**
 * The partner read layer (src/upstream/reads/) around its cache: sessions and what they count,
 * writes and invalidation, reads that bypass the cache, fetch times carried by answers, negative
 * answers kept and rebuilt, and a store that fails.
 */
import { MemoryReadCacheStore } from '../../../src/upstream/stores/memory.js';
import { type CallOptions, type UpstreamCaller } from '../../../src/upstream/client.js';
import {
  UpstreamBadResponseError,
  UpstreamForbiddenError,
  UpstreamNotFoundError,
  UpstreamRateLimitedError,
  UpstreamRejectedError,
  UpstreamTimeoutError,
  UpstreamUnavailableError,
} from '../../../src/upstream/errors.js';
import { PartnerReads, type PartnerReadsOptions } from '../../../src/upstream/reads/flights.js';
import { carryFetchedAt, directSession, fetchedAtOf } from '../../../src/upstream/reads/session.js';
import { deferred, found, InstantPartner, miss, ScriptedStore } from './scripted-store.js';

const PARCELAS = (id: string) => ({ dto: { codigoProposta: id } });
const STATS = {
  hits: 0,
  misses: 0,
  coalesced: 0,
  staleServed: 0,
  revalidations: 0,
  invalidations: 0,
  storeFailures: 0,
  peerServed: 0,
  regressionsRefreshed: 0,
};

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/** A store without the claim methods (one process: its flights already coalesce). */
function localStore(log: string[]): ScriptedStore {
  const store = new ScriptedStore(log);
  delete store.claim;
  delete store.claimed;
  delete store.release;
  return store;
}

describe('PartnerReads: sessions, writes, fetch times and failures', () => {
  let clock: number;
  let log: string[];
  let partner: InstantPartner;
  let failures: Array<{ action: string; error: unknown }>;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    log = [];
    partner = new InstantPartner(log);
    failures = [];
  });

  function shared(options: Partial<PartnerReadsOptions> = {}): PartnerReads {
    return new PartnerReads(partner, {
      clientId: 'client-a',
      now: () => clock,
      store: new MemoryReadCacheStore({ now: () => clock }),
      onStoreFailure: (event) => failures.push(event),
      ...options,
    });
  }

  describe('fetch times', () => {
    it('knows the fetch time of no answer it did not hand out', () => {
      for (const value of [{}, [], null, undefined, 'text', 5]) {
        expect(fetchedAtOf(value)).toBeUndefined();
      }
    });

    it('stamps a read that bypasses the cache with the shared clock, and hands null, text and numbers through untouched', async () => {
      const log2: string[] = [];
      const store = localStore(log2);
      partner.answers.push({ a: 1 }, null, 'text', 42);
      const off = shared({ cache: false, store });
      const session = off.session({ callerId: 'a' });
      const answer = await session.request('ConsultarParcelas', PARCELAS('p1'));
      expect(answer).toEqual({ a: 1 });
      expect(fetchedAtOf(answer)?.getTime()).toBe(clock);
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBeNull();
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBe('text');
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBe(42);
      expect(session.cost).toEqual({ upstreamCalls: 4, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
      expect(log2).toEqual([]);
      expect(off.stats()).toEqual(STATS);
    });

    it('carries the fetch time of an answer to a part of it, and nothing else', async () => {
      const off = shared({ cache: false });
      const session = off.session({ callerId: 'a' });
      const answer = await session.request('ConsultarParcelas', PARCELAS('p1'));
      const part = { parcelas: [] };
      expect(carryFetchedAt(answer, part)).toBe(part);
      expect(fetchedAtOf(part)?.getTime()).toBe(clock);
      for (const primitive of [5, null, 'x', undefined]) {
        expect(carryFetchedAt(answer, primitive)).toBe(primitive);
      }
      // An answer without a fetch time leaves a part as it was, marked or not.
      for (const unmarked of [{}, null, 'text']) {
        expect(carryFetchedAt(unmarked, part)).toBe(part);
        expect(fetchedAtOf(part)?.getTime()).toBe(clock);
      }
      const bare = {};
      carryFetchedAt({}, bare);
      expect(fetchedAtOf(bare)).toBeUndefined();
    });

    it('by default keeps answers in its own memory, stamped with the wall clock', async () => {
      const plain = new PartnerReads(partner, { clientId: 'client-a' });
      const before = Date.now();
      const first = await plain.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      const after = Date.now();
      const second = plain.session({ callerId: 'b' });
      await expect(second.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBe(first);
      expect(partner.calls).toHaveLength(1);
      expect(second.cost.cacheHits).toBe(1);
      const at = fetchedAtOf(first)?.getTime() ?? 0;
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);
      expect(plain.stats()).toEqual({ ...STATS, misses: 1, hits: 1 });
    });

    it('serves null, text and numbers from the cache as they were', async () => {
      const s = shared();
      partner.answers.push(null, 'text', 0);
      for (const [id, value] of [
        ['p1', null],
        ['p2', 'text'],
        ['p3', 0],
      ] as const) {
        await s.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS(id));
        const again = s.session({ callerId: 'b' });
        await expect(again.request('ConsultarParcelas', PARCELAS(id))).resolves.toBe(value);
        expect(again.cost.cacheHits).toBe(1);
      }
      expect(partner.calls).toHaveLength(3);
    });
  });

  describe('directSession (a bare client, no cache)', () => {
    it("sends each call on behalf of its caller ('anonymous' by default), counts every attempt and stamps the answer", async () => {
      const seen: CallOptions[] = [];
      const twice: UpstreamCaller = {
        request: async <T>(_operation: string, _body: object, options: CallOptions = {}): Promise<T> => {
          seen.push(options);
          options.onAttempt?.();
          options.onAttempt?.();
          return { ok: seen.length } as T;
        },
      };
      const session = directSession(twice);
      expect(session.callerId).toBe('anonymous');
      let mine = 0;
      const before = Date.now();
      const answer = await session.request('ConsultarParcelas', PARCELAS('p1'), { caller: 'else', deadlineMs: 1234, onAttempt: () => (mine += 1) });
      const after = Date.now();
      expect(answer).toEqual({ ok: 1 });
      expect(seen[0]).toMatchObject({ caller: 'anonymous', deadlineMs: 1234 });
      expect(mine).toBe(2);
      expect(session.cost).toEqual({ upstreamCalls: 2, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
      const at = fetchedAtOf(answer)?.getTime() ?? 0;
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(after);

      const bob = directSession(twice, 'bob');
      await bob.request('IncluirDocumento', PARCELAS('p1'));
      expect(bob.callerId).toBe('bob');
      expect(seen[1]?.caller).toBe('bob');
      expect(bob.cost.upstreamCalls).toBe(2);
      await expect(bob.invalidateProposal('p1')).resolves.toBeUndefined();
    });

    it('hands a null or text answer through', async () => {
      partner.answers.push(null, 'text');
      const session = directSession(partner);
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBeNull();
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toBe('text');
    });
  });

  describe('sessions', () => {
    it("sends reads, writes and uncached reads on behalf of the session's caller, counting every attempt and still telling the call's own onAttempt", async () => {
      const seen: CallOptions[] = [];
      const twice: UpstreamCaller = {
        request: async <T>(_operation: string, _body: object, options: CallOptions = {}): Promise<T> => {
          seen.push(options);
          options.onAttempt?.();
          options.onAttempt?.();
          return { ok: true } as T;
        },
      };
      for (const cache of [true, false]) {
        seen.length = 0;
        const layer = new PartnerReads(twice, { clientId: 'client-a', now: () => clock, cache });
        const session = layer.session({ callerId: 'alice' });
        expect(session.callerId).toBe('alice');
        let mine = 0;
        const call = { caller: 'else', deadlineMs: 1234, onAttempt: () => (mine += 1) };
        await expect(session.request('ConsultarParcelas', PARCELAS('p1'), call)).resolves.toEqual({ ok: true });
        await expect(session.request('IncluirDocumento', PARCELAS('p1'), call)).resolves.toEqual({ ok: true });
        expect(seen).toHaveLength(2);
        expect(seen.map((o) => [o.caller, o.deadlineMs])).toEqual([
          ['alice', 1234],
          ['alice', 1234],
        ]);
        expect(mine).toBe(4);
        expect(session.cost).toEqual({ upstreamCalls: 4, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
      }
    });

    it("returns a write's answer, then forgets exactly the reads it touched", async () => {
      const store = localStore(log);
      partner.answers.push({ parametros: [1] });
      const layer = shared({ store });
      await expect(layer.session({ callerId: 'w' }).request('IncluirDocumento', PARCELAS('p1'))).resolves.toEqual({ parametros: [1] });
      expect(log).toEqual(['partner IncluirDocumento w', 'invalidate p:p1:ConsultaProposta,by-operation-code']);
      expect(layer.stats()).toEqual({ ...STATS, invalidations: 1 });
    });

    it('forgets everything after a write that names no proposal, also when it fails', async () => {
      const store = localStore(log);
      const refused = new UpstreamRejectedError('refused', { operation: 'GerarUnicoBoleto', items: [] });
      partner.answers.push(refused);
      const layer = shared({ store });
      await expect(layer.session({ callerId: 'w' }).request('GerarUnicoBoleto', { dto: { codigoOperacao: '1' } })).rejects.toBe(refused);
      expect(log).toEqual(['partner GerarUnicoBoleto w', 'invalidate all']);
    });

    it("invalidates a proposal's reads for the write named, or every read of it when none (or a read) is named", async () => {
      const store = localStore(log);
      const layer = shared({ store });
      const session = layer.session({ callerId: 'w' });
      await expect(session.invalidateProposal('p1')).resolves.toBeUndefined();
      await session.invalidateProposal('p1', 'ConsultarParcelas');
      await session.invalidateProposal('p1', 'IncluirAssinaturaCCB');
      await session.invalidateProposal('p1', 'GerarUnicoBoleto');
      const every = 'invalidate p:p1:ConsultaProposta,p:p1:ConsultarParcelas,p:p1:ConsultarDetalhes,p:p1:ConsultarBoletos,by-operation-code';
      expect(log).toEqual([
        every,
        every,
        'invalidate p:p1:ConsultaProposta,by-operation-code',
        'invalidate p:p1:ConsultarDetalhes,p:p1:ConsultarParcelas,p:p1:ConsultarBoletos',
      ]);
      expect(layer.stats()).toEqual({ ...STATS, invalidations: 4 });
      expect(partner.calls).toHaveLength(0);
    });

    it('closes its store', async () => {
      const store = localStore(log);
      await shared({ store }).close();
      expect(log).toEqual(['close']);
    });
  });

  describe('invalidation of reads in flight', () => {
    it('detaches only the reads in flight under the tags it is given; the global tag detaches all', async () => {
      const pending: Array<ReturnType<typeof deferred<unknown>>> = [];
      partner.answer = () => {
        const d = deferred<unknown>();
        pending.push(d);
        return d.promise;
      };
      const layer = shared();
      const session = layer.session({ callerId: 'a' });
      const PESSOA = { dto: { documento: '1' } };
      const reads = [
        session.request('ConsultarParcelas', PARCELAS('p1')),
        session.request('ConsultarParcelas', PARCELAS('p2')),
        session.request('ConsultarPessoa', PESSOA),
      ];
      await flush();
      expect(partner.calls).toHaveLength(3);

      await layer.invalidate(['p:p1:ConsultarParcelas', 'p:p9:ConsultarDetalhes']);
      reads.push(
        session.request('ConsultarParcelas', PARCELAS('p1')),
        session.request('ConsultarParcelas', PARCELAS('p2')),
        session.request('ConsultarPessoa', PESSOA),
      );
      await flush();
      // Only p1's read started again; p2's and the untagged person read joined those in flight.
      expect(partner.calls.map((c) => c.body)).toEqual([PARCELAS('p1'), PARCELAS('p2'), PESSOA, PARCELAS('p1')]);

      await layer.invalidate(['all']);
      reads.push(
        session.request('ConsultarParcelas', PARCELAS('p1')),
        session.request('ConsultarParcelas', PARCELAS('p2')),
        session.request('ConsultarPessoa', PESSOA),
      );
      await flush();
      expect(partner.calls.map((c) => c.body).slice(4)).toEqual([PARCELAS('p1'), PARCELAS('p2'), PESSOA]);
      expect(layer.stats()).toEqual({ ...STATS, misses: 7, coalesced: 2, invalidations: 2 });
      pending.forEach((d) => d.resolve({}));
      await Promise.all(reads);
    });

    it('still detaches, answers the write and counts the failure when the store cannot invalidate', async () => {
      const store = localStore(log);
      const down = new Error('store down');
      store.invalidateError = down;
      store.getDefault = miss('v1');
      const gate = deferred<unknown>();
      partner.answers.push(() => gate.promise, { written: true }, { parcelas: [2] });
      const layer = shared({ store });
      const read = layer.session({ callerId: 'r' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      await expect(layer.session({ callerId: 'w' }).request('IncluirLancamentoParcela', PARCELAS('p1'))).resolves.toEqual({ written: true });
      expect(failures).toEqual([{ action: 'invalidate', error: down }]);
      // The read in flight before the write is not lent to a read after it.
      await expect(layer.session({ callerId: 'r' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [2] });
      gate.resolve({ parcelas: [1] });
      await read;
      expect(layer.stats()).toEqual({ ...STATS, misses: 2, invalidations: 1, storeFailures: 1 });
    });
  });

  describe('a failing store', () => {
    it('answers from the partner when the lookup fails, stores nothing, and tells the hook', async () => {
      const store = localStore(log);
      const down = new Error('store down');
      store.gets.push(down);
      const layer = shared({ store });
      await expect(layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [] });
      expect(log).toEqual(['get p:p1:ConsultarParcelas', 'partner ConsultarParcelas a']);
      expect(failures).toEqual([{ action: 'get', error: down }]);
      expect(layer.stats()).toEqual({ ...STATS, misses: 1, storeFailures: 1 });
    });

    it('answers when storing the answer fails, and tells the hook', async () => {
      const store = localStore(log);
      const down = new Error('store down');
      store.getDefault = miss('v1');
      store.setError = down;
      const layer = shared({ store });
      await expect(layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [] });
      expect(log).toEqual(['get p:p1:ConsultarParcelas', 'partner ConsultarParcelas a', 'set v1 305000']);
      expect(failures).toEqual([{ action: 'set', error: down }]);
      expect(layer.stats()).toEqual({ ...STATS, misses: 1, storeFailures: 1 });
    });

    it('counts store failures without a hook, and survives a hook that throws', async () => {
      for (const onStoreFailure of [
        undefined,
        () => {
          throw new Error('broken hook');
        },
      ]) {
        const store = localStore(log);
        store.gets.push(new Error('down'));
        store.setError = new Error('down');
        const layer = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store, ...(onStoreFailure === undefined ? {} : { onStoreFailure }) });
        await expect(layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [] });
        expect(layer.stats().storeFailures).toBe(1);
      }
      let told = 0;
      const store = localStore(log);
      store.gets.push(new Error('down'));
      const layer = new PartnerReads(partner, {
        clientId: 'client-a',
        store,
        onStoreFailure: () => {
          told += 1;
          throw new Error('broken hook');
        },
      });
      await expect(layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [] });
      expect(told).toBe(1);
    });
  });

  describe('negative answers, kept and rebuilt', () => {
    const items = [{ code: 'C0112', detail: 'V0001', field: '', description: 'Proposta não encontrada', meaning: 'Proposal not found' }];
    it.each([
      [
        'not found, with status and envelope message',
        new UpstreamNotFoundError('ConsultaProposta: not found', { operation: 'ConsultaProposta', status: 400, items, upstreamMessage: 'Erro' }),
      ],
      [
        'forbidden, neither status nor envelope message',
        new UpstreamForbiddenError('ConsultaProposta: forbidden', { operation: 'ConsultaProposta', items: [] }),
      ],
      ['rejected, with status only', new UpstreamRejectedError('ConsultaProposta: rejected', { operation: 'ConsultaProposta', status: 200, items })],
      [
        'rejected, with envelope message only',
        new UpstreamRejectedError('ConsultaProposta: rejected', { operation: 'ConsultaProposta', items, upstreamMessage: 'Falhou' }),
      ],
    ])('%s', async (_name, error) => {
      const store = localStore(log);
      store.gets.push(miss('v1'));
      partner.answers.push(error);
      const layer = shared({ store });
      const body = { dto: { CodigoProposta: 'p1' } };
      await expect(layer.session({ callerId: 'a' }).request('ConsultaProposta', body)).rejects.toBe(error);
      const kept = {
        code: error.code,
        message: error.message,
        operation: 'ConsultaProposta',
        ...(error.status === undefined ? {} : { status: error.status }),
        items: error.items,
        ...(error.upstreamMessage === undefined ? {} : { upstreamMessage: error.upstreamMessage }),
      };
      expect(store.sets).toHaveLength(1);
      expect(store.sets[0]?.entry).toStrictEqual({ error: kept, fetchedAt: clock });
      expect(store.sets[0]?.ttlMs).toBe((5 + 300) * 1000);

      clock += 1000;
      store.gets.push(found('v1', { error: kept, fetchedAt: clock - 1000 }));
      const again = layer.session({ callerId: 'b' });
      const rebuilt = await again.request('ConsultaProposta', body).catch((e: unknown) => e);
      expect(rebuilt).not.toBe(error);
      expect(rebuilt).toBeInstanceOf(error.constructor);
      expect(rebuilt).toMatchObject({ name: error.name, code: error.code, message: error.message, operation: 'ConsultaProposta', items: error.items });
      expect((rebuilt as { status?: number }).status).toBe(error.status);
      expect((rebuilt as { upstreamMessage?: string }).upstreamMessage).toBe(error.upstreamMessage);
      expect(again.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 0, oldestStaleFetchedAt: undefined });
      expect(partner.calls).toHaveLength(1);
    });
  });

  describe('stale answers', () => {
    async function warm(layer: PartnerReads, id = 'p1', value: unknown = { parcelas: [{ nroParcela: 1 }] }): Promise<void> {
      partner.answers.push(value);
      await layer.session({ callerId: 'warm' }).request('ConsultarParcelas', PARCELAS(id));
    }

    it.each([
      ['a timeout', () => new UpstreamTimeoutError('t', { operation: 'ConsultarParcelas' })],
      ['a 429', () => new UpstreamRateLimitedError('r', { operation: 'ConsultarParcelas', local: false })],
      ['a 5xx', () => new UpstreamUnavailableError('u', { operation: 'ConsultarParcelas', status: 503 })],
    ])('serves the last good answer after %s', async (_name, error) => {
      const layer = shared();
      await warm(layer);
      clock += 100_000;
      partner.answers.push(error());
      const session = layer.session({ callerId: 'a' });
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
      expect(session.cost).toEqual({ upstreamCalls: 1, cacheHits: 1, staleReads: 1, oldestStaleFetchedAt: clock - 100_000 });
    });

    it('serves one after a transient failure only up to freshness plus maxStale (5 + 300 s), even where the store still holds an older one', async () => {
      // A store that keeps answers longer than the layer's own bound (another replica's longer
      // policy, or a store with its own expiry): the age the layer computes is what decides.
      const store = localStore(log);
      const value = { parcelas: [{ nroParcela: 1 }] };
      store.gets.push(found('v1', { value, fetchedAt: clock - 305_001 }), found('v1', { value, fetchedAt: clock - 305_000 }));
      partner.answers.push(
        new UpstreamUnavailableError('u', { operation: 'ConsultarParcelas', status: 503 }),
        new UpstreamUnavailableError('u', { operation: 'ConsultarParcelas', status: 503 }),
      );
      const layer = shared({ store });
      const late = layer.session({ callerId: 'a' });
      await expect(late.request('ConsultarParcelas', PARCELAS('p1'))).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
      expect(late.cost).toEqual({ upstreamCalls: 1, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
      const edge = layer.session({ callerId: 'a' });
      await expect(edge.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual(value);
      expect(edge.cost).toEqual({ upstreamCalls: 1, cacheHits: 1, staleReads: 1, oldestStaleFetchedAt: clock - 305_000 });
      expect(layer.stats()).toEqual({ ...STATS, misses: 2, staleServed: 1 });
    });

    it.each([
      ['a timeout', () => new UpstreamTimeoutError('t', { operation: 'ConsultarParcelas' })],
      ['a 5xx', () => new UpstreamUnavailableError('u', { operation: 'ConsultarParcelas', status: 503 })],
    ])('answers a fresh (no-cache) read that fails with %s with the failure, not the stale answer it holds', async (_name, error) => {
      const layer = shared();
      await warm(layer);
      clock += 100_000;
      const thrown = error();
      partner.answers.push(thrown);
      const session = layer.session({ callerId: 'a', fresh: true });
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).rejects.toBe(thrown);
      expect(session.cost).toEqual({ upstreamCalls: 1, cacheHits: 0, staleReads: 0, oldestStaleFetchedAt: undefined });
      expect(layer.stats()).toEqual({ ...STATS, misses: 2 });
      // The answer is still there for a request that did not ask for fresh data.
      partner.answers.push(error());
      await expect(layer.session({ callerId: 'b' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    });

    it.each([
      ['an unreadable answer', () => new UpstreamBadResponseError('b', { operation: 'ConsultarParcelas' })],
      ['a bug', () => new TypeError('x is undefined')],
    ])('does not hide %s behind a stale answer', async (_name, error) => {
      const layer = shared();
      await warm(layer);
      clock += 100_000;
      const thrown = error();
      partner.answers.push(thrown);
      await expect(layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'))).rejects.toBe(thrown);
    });

    it('reports the oldest stale answer a request was served', async () => {
      const layer = shared();
      await warm(layer, 'p1');
      clock += 1000;
      await warm(layer, 'p2');
      clock += 6000;
      const session = layer.session({ callerId: 'a' });
      await session.request('ConsultarParcelas', PARCELAS('p2'));
      await session.request('ConsultarParcelas', PARCELAS('p1'));
      expect(session.cost).toEqual({ upstreamCalls: 0, cacheHits: 2, staleReads: 2, oldestStaleFetchedAt: clock - 7000 });
    });

    it('tells the observer what each read was: miss, hit, stale, coalesced, and stale after a failure', async () => {
      const events: Array<{ operation: string; outcome: string }> = [];
      const layer = shared({ observer: { cache: (event) => events.push({ ...event }) } });
      await warm(layer);
      await layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      clock += 6000;
      await layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      const gate = deferred<unknown>();
      partner.answers.push(() => gate.promise);
      const both = [
        layer.session({ callerId: 'a' }).request('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }),
        layer.session({ callerId: 'b' }).request('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }),
      ];
      await flush();
      gate.resolve({ Codigo: 'p1' });
      await Promise.all(both);
      clock += 100_000;
      partner.answers.push(new UpstreamUnavailableError('u', { operation: 'ConsultarParcelas' }));
      await layer.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      expect(events).toEqual([
        { operation: 'ConsultarParcelas', outcome: 'miss' },
        { operation: 'ConsultarParcelas', outcome: 'hit' },
        { operation: 'ConsultarParcelas', outcome: 'stale' },
        { operation: 'ConsultaProposta', outcome: 'miss' },
        { operation: 'ConsultaProposta', outcome: 'coalesced' },
        { operation: 'ConsultarParcelas', outcome: 'miss' },
        { operation: 'ConsultarParcelas', outcome: 'stale' },
      ]);
      expect(layer.stats()).toEqual({ ...STATS, hits: 1, misses: 3, coalesced: 1, staleServed: 2, revalidations: 1 });
    });
  });
});
