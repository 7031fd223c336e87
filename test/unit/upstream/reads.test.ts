import { MemoryReadCacheStore } from '../../../src/upstream/stores/memory.js';
import { type CallOptions, type UpstreamCaller } from '../../../src/upstream/client.js';
import { UpstreamNotFoundError, UpstreamRejectedError, UpstreamUnavailableError } from '../../../src/upstream/errors.js';
import { type OperationName } from '../../../src/upstream/operations.js';
import { PartnerReads } from '../../../src/upstream/reads/flights.js';
import { fetchedAtOf } from '../../../src/upstream/reads/session.js';

/** A partner stand-in whose every call waits until the test settles it. */
class ScriptedPartner implements UpstreamCaller {
  readonly calls: Array<{ operation: OperationName; body: object; options: CallOptions; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];

  request<T>(operation: OperationName, body: object, options: CallOptions = {}): Promise<T> {
    options.onAttempt?.();
    return new Promise<T>((resolve, reject) => {
      this.calls.push({ operation, body, options, resolve: resolve as (v: unknown) => void, reject });
    });
  }

  /** Settles call `index` with `value` and lets the awaiting code run. */
  async answer(index: number, value: unknown): Promise<void> {
    this.calls[index]?.resolve(value);
    await flush();
  }

  async fail(index: number, error: unknown): Promise<void> {
    this.calls[index]?.reject(error);
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    await Promise.resolve();
  }
  await new Promise((resolve) => setImmediate(resolve));
}

const AGENDA = (id: string) => ({ dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: false } });
const PARCELAS = (id: string) => ({ dto: { codigoProposta: id } });
const unavailable = () =>
  new UpstreamUnavailableError('ConsultarParcelas: the upstream is unavailable (HTTP 503)', { operation: 'ConsultarParcelas', status: 503 });

describe('PartnerReads', () => {
  let clock: number;
  let partner: ScriptedPartner;
  let shared: PartnerReads;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    partner = new ScriptedPartner();
    shared = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store: new MemoryReadCacheStore({ now: () => clock }) });
  });

  describe('coalescing', () => {
    it('sends identical reads in flight at once to the partner once and shares the answer with every caller', async () => {
      const sessions = ['alice', 'bob', 'alice'].map((callerId) => shared.session({ callerId }));
      const reads = sessions.map((s) => s.request('ConsultarParcelas', PARCELAS('p1')));
      await flush();
      expect(partner.calls).toHaveLength(1);
      expect(partner.calls[0]?.options.caller).toBe('alice');
      await partner.answer(0, { parcelas: [{ nroParcela: 1 }] });
      const answers = await Promise.all(reads);
      expect(answers.every((a) => a === answers[0])).toBe(true);
      expect(sessions.map((s) => [s.cost.upstreamCalls, s.cost.cacheHits])).toEqual([
        [1, 0],
        [0, 1],
        [0, 1],
      ]);
      expect(shared.stats()).toMatchObject({ misses: 1, coalesced: 2 });
    });

    it('treats bodies differing only in key order as identical, and other bodies or clients as different', async () => {
      const s = shared.session({ callerId: 'alice' });
      const other = new PartnerReads(partner, { clientId: 'client-b', now: () => clock });
      void s.request('ConsultarDetalhes', { dtoConsultaDetalhes: { trazerAgendaDetalhada: false, trazerBoleto: false }, dto: { codigoProposta: 'p1' } });
      void s.request('ConsultarDetalhes', AGENDA('p1'));
      void s.request('ConsultarDetalhes', AGENDA('p2'));
      void other.session({ callerId: 'alice' }).request('ConsultarDetalhes', AGENDA('p1'));
      await flush();
      expect(partner.calls.map((c) => (c.body as { dto: { codigoProposta: string } }).dto.codigoProposta)).toEqual(['p1', 'p2', 'p1']);
    });

    it('shares a failure with every waiting caller and keeps nothing of it', async () => {
      const reads = [1, 2].map(() => shared.session({ callerId: 'x' }).request('ConsultarParcelas', PARCELAS('p1')));
      reads.forEach((read) => read.catch(() => undefined));
      await flush();
      await partner.fail(0, unavailable());
      for (const read of reads) {
        await expect(read).rejects.toBeInstanceOf(UpstreamUnavailableError);
      }
      void shared.session({ callerId: 'x' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(2);
    });
  });

  describe('the read cache', () => {
    async function warm(id = 'p1', value: unknown = { parcelas: [{ nroParcela: 1, vlrParcela: 100 }] }): Promise<void> {
      const read = shared.session({ callerId: 'warm' }).request('ConsultarParcelas', PARCELAS(id));
      read.catch(() => undefined);
      await flush();
      await partner.answer(partner.calls.length - 1, value);
      await read;
    }

    it('answers from the cache while fresh (5 s for installments), with the time of the partner read', async () => {
      await warm();
      const fetchedAt = clock;
      clock += 5000;
      const session = shared.session({ callerId: 'bob' });
      const answer = await session.request('ConsultarParcelas', PARCELAS('p1'));
      expect(partner.calls).toHaveLength(1);
      expect(session.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 0, oldestStaleFetchedAt: undefined });
      expect(fetchedAtOf(answer)?.getTime()).toBe(fetchedAt);
    });

    it('past freshness, serves the stale answer at once, marked stale, while ONE background read refreshes it', async () => {
      await warm();
      const fetchedAt = clock;
      clock += 6000;
      const first = shared.session({ callerId: 'bob' });
      const second = shared.session({ callerId: 'carol' });
      await expect(first.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 1, vlrParcela: 100 }] });
      await second.request('ConsultarParcelas', PARCELAS('p1'));
      expect(first.cost).toEqual({ upstreamCalls: 0, cacheHits: 1, staleReads: 1, oldestStaleFetchedAt: fetchedAt });
      expect(partner.calls).toHaveLength(2);
      expect(partner.calls[1]?.options.caller).toBe('background');
      await partner.answer(1, { parcelas: [{ nroParcela: 1, vlrParcela: 90 }] });
      const after = shared.session({ callerId: 'dave' });
      await expect(after.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 1, vlrParcela: 90 }] });
      expect(after.cost.staleReads).toBe(0);
      expect(shared.stats().revalidations).toBe(1);
    });

    it('past the stale-while-revalidate window, reads the partner before answering', async () => {
      await warm();
      clock += (5 + 30) * 1000 + 1;
      const session = shared.session({ callerId: 'bob' });
      const read = session.request('ConsultarParcelas', PARCELAS('p1'));
      read.catch(() => undefined);
      await flush();
      expect(partner.calls).toHaveLength(2);
      await partner.answer(1, { parcelas: [] });
      await expect(read).resolves.toEqual({ parcelas: [] });
      expect(session.cost).toMatchObject({ upstreamCalls: 1, cacheHits: 0, staleReads: 0 });
    });

    it('serves the last good answer, marked stale, when the partner fails with a 5xx within the max-stale bound', async () => {
      await warm();
      const fetchedAt = clock;
      clock += (5 + 300) * 1000;
      const session = shared.session({ callerId: 'bob' });
      const read = session.request('ConsultarParcelas', PARCELAS('p1'));
      read.catch(() => undefined);
      await flush();
      await partner.fail(1, unavailable());
      await expect(read).resolves.toEqual({ parcelas: [{ nroParcela: 1, vlrParcela: 100 }] });
      expect(session.cost).toEqual({ upstreamCalls: 1, cacheHits: 1, staleReads: 1, oldestStaleFetchedAt: fetchedAt });
    });

    it('fails with the partner error beyond the max-stale bound', async () => {
      await warm();
      clock += (5 + 300) * 1000 + 1;
      const read = shared.session({ callerId: 'bob' }).request('ConsultarParcelas', PARCELAS('p1'));
      read.catch(() => undefined);
      await flush();
      await partner.fail(1, unavailable());
      await expect(read).rejects.toBeInstanceOf(UpstreamUnavailableError);
    });

    it('never serves a stale answer for a business refusal (the partner answered)', async () => {
      await warm();
      clock += 40_000;
      const read = shared.session({ callerId: 'bob' }).request('ConsultarParcelas', PARCELAS('p1'));
      read.catch(() => undefined);
      await flush();
      await partner.fail(1, new UpstreamRejectedError('rejected', { operation: 'ConsultarParcelas', items: [] }));
      await expect(read).rejects.toBeInstanceOf(UpstreamRejectedError);
    });

    it('keeps "not found" answers as it keeps data, rebuilt with their class and items', async () => {
      const first = shared.session({ callerId: 'a' }).request('ConsultaProposta', { dto: { CodigoProposta: 'nope' } });
      first.catch(() => undefined);
      await flush();
      const items = [{ code: 'C0112', detail: 'V0001', field: '', description: 'x', meaning: 'Proposal not found' }];
      await partner.fail(0, new UpstreamNotFoundError('not found', { operation: 'ConsultaProposta', status: 400, items }));
      await expect(first).rejects.toBeInstanceOf(UpstreamNotFoundError);
      const again = shared.session({ callerId: 'b' });
      await expect(again.request('ConsultaProposta', { dto: { CodigoProposta: 'nope' } })).rejects.toMatchObject({
        code: 'UPSTREAM_NOT_FOUND',
        items,
        status: 400,
      });
      expect(again.cost.cacheHits).toBe(1);
      expect(partner.calls).toHaveLength(1);
    });

    it('reads fresh data for a session that asks for it, and shares the answer with later sessions', async () => {
      await warm();
      const fresh = shared.session({ callerId: 'bob', fresh: true });
      const read = fresh.request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(2);
      await partner.answer(1, { parcelas: [{ nroParcela: 1, vlrParcela: 50 }] });
      await expect(read).resolves.toEqual({ parcelas: [{ nroParcela: 1, vlrParcela: 50 }] });
      expect(fresh.cost).toMatchObject({ upstreamCalls: 1, cacheHits: 0 });
      await expect(shared.session({ callerId: 'c' }).request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({
        parcelas: [{ nroParcela: 1, vlrParcela: 50 }],
      });
      expect(partner.calls).toHaveLength(2);
    });

    it('is off with cache: false (every read goes to the partner)', async () => {
      const off = new PartnerReads(partner, { clientId: 'client-a', cache: false });
      void off.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      void off.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(2);
    });
  });

  describe('invalidation by writes', () => {
    async function cached(operation: OperationName, body: object, value: unknown): Promise<void> {
      const read = shared.session({ callerId: 'warm' }).request(operation, body);
      read.catch(() => undefined);
      await flush();
      await partner.answer(partner.calls.length - 1, value);
      await read;
    }

    it('forgets exactly what a payment touched (agenda, installments, boletos of that proposal) before the write returns', async () => {
      await cached('ConsultarDetalhes', AGENDA('p1'), { parcelas: [{ nroParcela: 1, vlrSaldoAtual: 100 }] });
      await cached('ConsultarParcelas', PARCELAS('p1'), { parcelas: [] });
      await cached('ConsultarBoletos', { dto: { codigoProposta: 'p1' } }, { boletos: [] });
      await cached('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }, { Codigo: 'p1' });
      await cached('ConsultarDetalhes', AGENDA('p2'), { parcelas: [] });
      expect(partner.calls).toHaveLength(5);
      const write = shared.session({ callerId: 'payer' }).request('IncluirLancamentoParcela', { dto: { codigoProposta: 'p1', nroParcela: 1 } });
      write.catch(() => undefined);
      await flush();
      await partner.answer(5, { parametros: [] });
      await write;
      const after = shared.session({ callerId: 'reader' });
      const reads = [
        after.request('ConsultarDetalhes', AGENDA('p1')),
        after.request('ConsultarParcelas', PARCELAS('p1')),
        after.request('ConsultarBoletos', { dto: { codigoProposta: 'p1' } }),
        after.request('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }),
        after.request('ConsultarDetalhes', AGENDA('p2')),
      ];
      await flush();
      // The three reads the payment touched go to the partner again; the core record and p2 do not.
      expect(partner.calls.slice(6).map((c) => c.operation)).toEqual(['ConsultarDetalhes', 'ConsultarParcelas', 'ConsultarBoletos']);
      expect(after.cost.cacheHits).toBe(2);
      partner.calls.slice(6).forEach((c) => c.resolve({ parcelas: [] }));
      await Promise.all(reads);
    });

    it('invalidates even when the write fails (it may have been applied)', async () => {
      await cached('ConsultarParcelas', PARCELAS('p1'), { parcelas: [] });
      const write = shared.session({ callerId: 'payer' }).request('IncluirLancamentoParcela', { dto: { codigoProposta: 'p1', nroParcela: 1 } });
      write.catch(() => undefined);
      await flush();
      await partner.fail(1, new UpstreamUnavailableError('timeout', { operation: 'IncluirLancamentoParcela' }));
      await expect(write).rejects.toBeInstanceOf(UpstreamUnavailableError);
      void shared.session({ callerId: 'r' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(3);
    });

    it('does not let a read in flight during the write store its older answer, nor lend it to later reads', async () => {
      const early = shared.session({ callerId: 'early' }).request('ConsultarDetalhes', AGENDA('p1'));
      await flush();
      const write = shared.session({ callerId: 'payer' }).request('IncluirLancamentoParcela', { dto: { codigoProposta: 'p1', nroParcela: 1 } });
      write.catch(() => undefined);
      await flush();
      await partner.answer(1, {});
      await write;
      // A read after the write does not join the read that started before it.
      const late = shared.session({ callerId: 'late' });
      const lateRead = late.request('ConsultarDetalhes', AGENDA('p1'));
      await flush();
      expect(partner.calls.map((c) => c.operation)).toEqual(['ConsultarDetalhes', 'IncluirLancamentoParcela', 'ConsultarDetalhes']);
      await partner.answer(0, { old: true });
      await expect(early).resolves.toEqual({ old: true });
      await partner.answer(2, { old: false });
      await expect(lateRead).resolves.toEqual({ old: false });
      // The old answer, arriving after the write, was not kept.
      await expect(shared.session({ callerId: 'next' }).request('ConsultarDetalhes', AGENDA('p1'))).resolves.toEqual({ old: false });
      expect(partner.calls).toHaveLength(3);
    });

    it('invalidates every read of a proposal through the write-path hook', async () => {
      await cached('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }, { Codigo: 'p1' });
      await cached('ConsultarParcelas', PARCELAS('p1'), { parcelas: [] });
      await shared.session({ callerId: 'w' }).invalidateProposal('p1');
      const after = shared.session({ callerId: 'r' });
      void after.request('ConsultaProposta', { dto: { CodigoProposta: 'p1' } });
      void after.request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(4);
      expect(after.cost.cacheHits).toBe(0);
    });

    it('invalidates only the core record for a signature', async () => {
      await cached('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }, { Codigo: 'p1' });
      await cached('ConsultarParcelas', PARCELAS('p1'), { parcelas: [] });
      await shared.session({ callerId: 'w' }).invalidateProposal('p1', 'IncluirAssinaturaCCB');
      const after = shared.session({ callerId: 'r' });
      void after.request('ConsultaProposta', { dto: { CodigoProposta: 'p1' } });
      void after.request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls.map((c) => c.operation).slice(2)).toEqual(['ConsultaProposta']);
      expect(after.cost.cacheHits).toBe(1);
    });
  });
});

describe('PartnerReads, counted exactly', () => {
  let clock: number;
  let partner: ScriptedPartner;
  let shared: PartnerReads;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    partner = new ScriptedPartner();
    shared = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store: new MemoryReadCacheStore({ now: () => clock }) });
  });

  async function warm(value: unknown = { parcelas: [] }): Promise<void> {
    const read = shared.session({ callerId: 'warm' }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    await partner.answer(partner.calls.length - 1, value);
    await read;
  }

  it('counts hits, stale answers and misses in its stats', async () => {
    await warm();
    await shared.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
    expect(shared.stats()).toMatchObject({ hits: 1, misses: 1, staleServed: 0 });
    clock += 6000;
    await shared.session({ callerId: 'b' }).request('ConsultarParcelas', PARCELAS('p1'));
    expect(shared.stats()).toMatchObject({ hits: 1, misses: 1, staleServed: 1, revalidations: 1 });
    await partner.answer(1, { parcelas: [] });
  });

  it('serves stale while revalidating up to the last millisecond of the window (5 + 30 s), then reads first', async () => {
    await warm({ parcelas: [{ nroParcela: 1 }] });
    clock += 35_000;
    const atEdge = shared.session({ callerId: 'a' });
    await expect(atEdge.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(atEdge.cost).toMatchObject({ staleReads: 1, upstreamCalls: 0 });
    expect(partner.calls).toHaveLength(2);
  });

  it('counts a stale answer served after a partner failure', async () => {
    await warm({ parcelas: [{ nroParcela: 1 }] });
    clock += 60_000;
    const session = shared.session({ callerId: 'a' });
    const read = session.request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    await partner.fail(1, unavailable());
    await expect(read).resolves.toEqual({ parcelas: [{ nroParcela: 1 }] });
    expect(shared.stats()).toMatchObject({ staleServed: 1, misses: 2 });
  });

  it('does not lend a fresh read in flight to a later ordinary read', async () => {
    const fresh = shared.session({ callerId: 'a', fresh: true }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    const ordinary = shared.session({ callerId: 'b' }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    expect(partner.calls).toHaveLength(2);
    await partner.answer(0, { parcelas: [] });
    await partner.answer(1, { parcelas: [] });
    await Promise.all([fresh, ordinary]);
  });

  it('keeps the new flight of a key when a flight a write detached settles after it', async () => {
    const early = shared.session({ callerId: 'early' }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    await shared.session({ callerId: 'w' }).invalidateProposal('p1');
    const second = shared.session({ callerId: 'second' }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    expect(partner.calls).toHaveLength(2);
    await partner.answer(0, { parcelas: [] });
    await early;
    // The read after the early one settled still joins the second flight.
    const third = shared.session({ callerId: 'third' });
    const joined = third.request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    expect(partner.calls).toHaveLength(2);
    expect(third.cost).toMatchObject({ upstreamCalls: 0, cacheHits: 1 });
    await partner.answer(1, { parcelas: [{ nroParcela: 2 }] });
    await expect(joined).resolves.toEqual({ parcelas: [{ nroParcela: 2 }] });
    await second;
  });

  describe('with a store shared by replicas (claims)', () => {
    /** The memory store with the claim methods a Redis store has, recording what was asked. */
    class ClaimingStore extends MemoryReadCacheStore {
      readonly log: string[] = [];
      claimAnswer = true;
      async claim(key: string, version: string, holder: string, ttlMs: number): Promise<boolean> {
        this.log.push(`claim ${version} ${holder.length} ${ttlMs}`);
        return this.claimAnswer;
      }
      async release(_key: string, version: string, holder: string): Promise<void> {
        this.log.push(`release ${version} ${holder.length}`);
      }
      async claimed(): Promise<boolean> {
        return false;
      }
    }

    it('claims a read before sending it and lets go of the claim once answered', async () => {
      const store = new ClaimingStore({ now: () => clock });
      const replica = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store });
      const read = replica.session({ callerId: 'a' }).request('ConsultarParcelas', PARCELAS('p1'));
      await flush();
      expect(partner.calls).toHaveLength(1);
      expect(store.log).toEqual(['claim 0.0 36 30000']);
      await partner.answer(0, { parcelas: [] });
      await read;
      expect(store.log).toEqual(['claim 0.0 36 30000', 'release 0.0 36']);
    });

    it('serves what another replica stored while it held the claim: no partner call, one shared read', async () => {
      const store = new ClaimingStore({ now: () => clock });
      store.claimAnswer = false;
      const replica = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store });
      const original = store.claim.bind(store);
      store.claim = async (key, version, holder, ttlMs) => {
        // The other replica's answer lands between this replica's lookup and its claim.
        await store.set(key, version, { value: { parcelas: [{ nroParcela: 7 }] }, fetchedAt: clock }, 60_000);
        return original(key, version, holder, ttlMs);
      };
      const session = replica.session({ callerId: 'a' });
      await expect(session.request('ConsultarParcelas', PARCELAS('p1'))).resolves.toEqual({ parcelas: [{ nroParcela: 7 }] });
      expect(partner.calls).toHaveLength(0);
      expect(session.cost).toMatchObject({ upstreamCalls: 0, cacheHits: 1 });
      expect(replica.stats().peerServed).toBe(1);
      expect(store.log).toEqual(['claim 0.0 36 30000']);
    });
  });
});

describe('PartnerReads session.holds', () => {
  let clock: number;
  let partner: ScriptedPartner;
  let shared: PartnerReads;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    partner = new ScriptedPartner();
    shared = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store: new MemoryReadCacheStore({ now: () => clock }) });
  });

  it('says a read is held while it is in flight and while the cache would serve it (fresh, then stale-while-revalidate), and not after', async () => {
    const session = shared.session({ callerId: 'alice' });
    const holds = session.holds as NonNullable<typeof session.holds>;
    expect(await holds('ConsultarParcelas', PARCELAS('p1'))).toBe(false);
    const read = session.request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    expect(await holds('ConsultarParcelas', PARCELAS('p1'))).toBe(true);
    expect(await holds('ConsultarParcelas', PARCELAS('p2'))).toBe(false);
    await partner.answer(0, { parcelas: [] });
    await read;
    expect(await holds('ConsultarParcelas', PARCELAS('p1'))).toBe(true);
    clock += 35_000; // the last millisecond of 5 s fresh + 30 s stale-while-revalidate
    expect(await holds('ConsultarParcelas', PARCELAS('p1'))).toBe(true);
    clock += 1;
    expect(await holds('ConsultarParcelas', PARCELAS('p1'))).toBe(false);
    // A look, never a call.
    expect(partner.calls).toHaveLength(1);
  });

  it('holds nothing for a fresh session, and is absent with the read cache off', async () => {
    const read = shared.session({ callerId: 'alice' }).request('ConsultarParcelas', PARCELAS('p1'));
    await flush();
    await partner.answer(0, { parcelas: [] });
    await read;
    expect(await shared.session({ callerId: 'alice', fresh: true }).holds?.('ConsultarParcelas', PARCELAS('p1'))).toBe(false);
    expect(new PartnerReads(partner, { clientId: 'client-a', cache: false }).session({ callerId: 'alice' }).holds).toBeUndefined();
  });
});
