import { type CallOptions, type UpstreamCaller } from '../../../src/upstream/client.js';
import { type OperationName } from '../../../src/upstream/operations.js';
import { PartnerReads } from '../../../src/upstream/reads/flights.js';
import { MemorySituationMarks, situationRank } from '../../../src/upstream/reads/monotonic.js';
import { MemoryReadCacheStore } from '../../../src/upstream/stores/memory.js';

/** A partner whose proposal p1 is at `situation` now; answers at once and records each call. */
class MovingPartner implements UpstreamCaller {
  situation = 1;
  readonly calls: OperationName[] = [];

  async request<T>(operation: OperationName, _body: object, options: CallOptions = {}): Promise<T> {
    options.onAttempt?.();
    this.calls.push(operation);
    const answer = operation === 'ConsultaProposta' ? { Codigo: 'p1', Situacao: this.situation } : { codigoProposta: 'p1', situacaoProposta: this.situation };
    return answer as T;
  }
}

const RECORD = { CodigoProposta: 'p1' };
const AGENDA = { dto: { codigoProposta: 'p1' }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: false } };
const situationOfAnswer = (answer: unknown): unknown =>
  (answer as { Situacao?: number; situacaoProposta?: number }).Situacao ?? (answer as { situacaoProposta?: number }).situacaoProposta;

describe('monotonic reads of a proposal situation', () => {
  let clock: number;
  let partner: MovingPartner;
  let reads: PartnerReads;

  beforeEach(() => {
    clock = 1_700_000_000_000;
    partner = new MovingPartner();
    reads = new PartnerReads(partner, { clientId: 'client-a', now: () => clock, store: new MemoryReadCacheStore({ now: () => clock }) });
  });

  it('reproduces the regression without the guard: a stale agenda read said under review after the record said paid', async () => {
    // The same sequence with the marks' rank forced equal shows what the cache alone serves.
    const unguarded = new PartnerReads(partner, {
      clientId: 'client-a',
      now: () => clock,
      store: new MemoryReadCacheStore({ now: () => clock }),
      marks: { raise: async (_id, rank) => rank, close: async () => undefined },
    });
    const s = unguarded.session({ callerId: 'alice' });
    await s.request('ConsultarDetalhes', AGENDA);
    partner.situation = 9;
    clock += 10_000; // past freshness, within stale-while-revalidate
    expect(situationOfAnswer(await s.request('ConsultaProposta', RECORD))).toBe(9);
    expect(situationOfAnswer(await unguarded.session({ callerId: 'alice' }).request('ConsultarDetalhes', AGENDA))).toBe(1);
  });

  it('reads a stale answer older than a situation already told again from the partner, and serves that', async () => {
    await reads.session({ callerId: 'alice' }).request('ConsultarDetalhes', AGENDA);
    partner.situation = 9;
    clock += 10_000;
    expect(situationOfAnswer(await reads.session({ callerId: 'alice' }).request('ConsultaProposta', RECORD))).toBe(9);
    const later = reads.session({ callerId: 'bob' });
    expect(situationOfAnswer(await later.request('ConsultarDetalhes', AGENDA))).toBe(9);
    // The stale answer (cache hit) plus one partner read; the background revalidation is the third call.
    expect(later.cost.upstreamCalls).toBe(1);
    expect(reads.stats().regressionsRefreshed).toBe(1);
    expect(partner.calls.filter((op) => op === 'ConsultarDetalhes').length).toBeGreaterThanOrEqual(2);
  });

  it('serves cached answers as they are when they are not older than the mark', async () => {
    const s = reads.session({ callerId: 'alice' });
    await s.request('ConsultaProposta', RECORD);
    await s.request('ConsultaProposta', RECORD);
    expect(partner.calls).toEqual(['ConsultaProposta']);
    expect(reads.stats().regressionsRefreshed).toBe(0);
  });

  it('orders the published codes along the lifecycle; unknown codes have no rank', () => {
    const order = [0, 1, 2, 6, 7, 8, 9, 10].map(situationRank);
    expect(order).toEqual([...order].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(situationRank(5)).toBe(situationRank(1));
    expect(situationRank(11)).toBe(situationRank(8));
    expect(situationRank(42)).toBeUndefined();
    expect(situationRank('9')).toBeUndefined();
  });

  it('keeps at most maxEntries marks, forgetting the least recently raised, and forgets them after the TTL', async () => {
    let now = 0;
    const marks = new MemorySituationMarks({ maxEntries: 2, ttlMs: 1000, now: () => now });
    await marks.raise('a', 6);
    await marks.raise('b', 1);
    await marks.raise('a', 2);
    await marks.raise('c', 3);
    expect(marks.size()).toBe(2);
    expect(await marks.raise('b', 0)).toBe(0); // b was evicted
    expect(await marks.raise('a', 0)).toBe(0); // a was evicted by b's return
    now += 1001;
    expect(await marks.raise('c', 0)).toBe(0);
  });
});
