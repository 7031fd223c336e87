import { type CallOptions, type UpstreamCaller } from '../../../src/upstream/client.js';
import { type OperationName } from '../../../src/upstream/operations.js';
import { PartnerReads } from '../../../src/upstream/reads/flights.js';
import { answerFacts, learnedFacts, olderFact } from '../../../src/upstream/reads/facts.js';
import { MAX_FACTS, MemoryProposalMarks, situationRank } from '../../../src/upstream/reads/monotonic.js';
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
      marks: { raise: async (_id, facts) => ({ ...facts }), settle: async () => undefined, close: async () => undefined },
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
    const marks = new MemoryProposalMarks({ maxEntries: 2, ttlMs: 1000, now: () => now });
    await marks.raise('a', { s: 6 });
    await marks.raise('b', { s: 1 });
    await marks.raise('a', { s: 2 });
    await marks.raise('c', { s: 3 });
    expect(marks.size()).toBe(2);
    expect(await marks.raise('b', {})).toEqual({}); // b was evicted
    expect(marks.size()).toBe(2); // reading an absent mark keeps nothing
    expect(await marks.raise('a', { s: 0 })).toEqual({ s: 6 });
    now += 1001;
    expect(await marks.raise('c', {})).toEqual({});
  });

  it('raises each fact to the newest value seen, and keeps at most MAX_FACTS facts per proposal', async () => {
    const marks = new MemoryProposalMarks();
    expect(await marks.raise('p', { s: 2, pe: 1 })).toEqual({ s: 2, pe: 1 });
    expect(await marks.raise('p', { s: 1, pe: 2, 'b:7': 1 })).toEqual({ s: 2, pe: 2, 'b:7': 1 });
    const many = Object.fromEntries(Array.from({ length: MAX_FACTS + 10 }, (_, i) => [`b:${100 + i}`, 1]));
    expect(Object.keys(await marks.raise('p', many))).toHaveLength(MAX_FACTS);
  });

  it('settles facts only where the mark still holds what the settler saw', async () => {
    const marks = new MemoryProposalMarks();
    await marks.raise('p', { ap: 1000, 'b:1': 3, al: 4 });
    await marks.settle('p', { ap: 1000, 'b:1': 3, al: 3 }, { ap: 500 });
    expect(await marks.raise('p', {})).toEqual({ ap: 500, al: 4 });
  });
});

/** A partner holding the boletos of p1 (number: status) and its agenda's total paid; records each call. */
class BoletoPartner implements UpstreamCaller {
  boletos: Record<number, 'issued' | 'paid' | 'cancelled'> = { 1: 'issued' };
  paid = 0;
  readonly calls: OperationName[] = [];

  async request<T>(operation: OperationName, body: object, options: CallOptions = {}): Promise<T> {
    options.onAttempt?.();
    this.calls.push(operation);
    if (operation === 'ConsultarDetalhes') {
      return { situacaoProposta: 9, vlrTotalPago: this.paid, parcelas: [] } as T;
    }
    const withCancelled = (body as { dtoConsultaBoletos: { trazerBoletosCancelados: boolean } }).dtoConsultaBoletos.trazerBoletosCancelados;
    const boletos = Object.entries(this.boletos)
      .filter(([, status]) => withCancelled || status !== 'cancelled')
      .map(([n, status]) => ({
        numeroBoleto: Number(n),
        dtCancelamento: status === 'cancelled' ? '2026-01-02T00:00:00' : null,
        dtCredito: status === 'paid' ? '2026-01-02T00:00:00' : null,
      }));
    return { boletos } as T;
  }
}

describe('monotonic reads of boletos and payments', () => {
  const OPEN = { dto: { codigoProposta: 'p1' }, dtoConsultaBoletos: { trazerBoletosCancelados: false } };
  const ALL = { dto: { codigoProposta: 'p1' }, dtoConsultaBoletos: { trazerBoletosCancelados: true } };
  const numbers = (answer: unknown): number[] => (answer as { boletos: Array<{ numeroBoleto: number }> }).boletos.map((b) => b.numeroBoleto);
  let partner: BoletoPartner;
  let reads: PartnerReads;

  beforeEach(() => {
    partner = new BoletoPartner();
    reads = new PartnerReads(partner, { clientId: 'client-a', store: new MemoryReadCacheStore() });
  });

  it('reads a cached boleto list again once when it shows a cancelled boleto open or lacks a newer one, then serves the cache', async () => {
    const s = () => reads.session({ callerId: 'alice' });
    expect(numbers(await s().request('ConsultarBoletos', OPEN))).toEqual([1]);
    partner.boletos = { 1: 'cancelled', 2: 'issued' };
    expect(numbers(await s().request('ConsultarBoletos', ALL))).toEqual([1, 2]);
    partner.calls.length = 0;
    for (let i = 0; i < 5; i += 1) {
      expect(numbers(await s().request('ConsultarBoletos', OPEN))).toEqual([2]);
    }
    expect(partner.calls).toEqual(['ConsultarBoletos']);
    expect(reads.stats().regressionsRefreshed).toBe(1);
  });

  it('learns from a fresh list without cancelled boletos that one it lacks was cancelled', async () => {
    const s = () => reads.session({ callerId: 'alice' });
    await s().request('ConsultarBoletos', ALL);
    partner.boletos = { 1: 'cancelled' };
    expect(numbers(await reads.session({ callerId: 'alice', fresh: true }).request('ConsultarBoletos', OPEN))).toEqual([]);
    partner.calls.length = 0;
    // The cached list with cancelled ones (1 issued) is now older: read again once.
    expect(numbers(await s().request('ConsultarBoletos', ALL))).toEqual([1]);
    expect(numbers(await s().request('ConsultarBoletos', ALL))).toEqual([1]);
    expect(partner.calls).toEqual(['ConsultarBoletos']);
  });

  it('settles a fact the partner moved back itself: one read again, then the cache is served', async () => {
    const s = () => reads.session({ callerId: 'alice' });
    const AGENDA_TOTAL = { dto: { codigoProposta: 'p1' }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: false } };
    const AGENDA_OTHER = { dto: { codigoProposta: 'p1' }, dtoConsultaDetalhes: { trazerBoleto: true, trazerAgendaDetalhada: false } };
    await s().request('ConsultarDetalhes', AGENDA_TOTAL);
    partner.paid = 10;
    await s().request('ConsultarDetalhes', AGENDA_OTHER); // tells 10 paid
    partner.paid = 5; // a payment reversed at the partner
    partner.calls.length = 0;
    expect((await s().request('ConsultarDetalhes', AGENDA_TOTAL)) as { vlrTotalPago: number }).toMatchObject({ vlrTotalPago: 5 });
    expect((await s().request('ConsultarDetalhes', AGENDA_TOTAL)) as { vlrTotalPago: number }).toMatchObject({ vlrTotalPago: 5 });
    expect(partner.calls).toEqual(['ConsultarDetalhes']);
  });
});

describe('facts that only move forward, as answers tell them', () => {
  const boletos = (withCancelled: boolean, ...items: Array<Record<string, unknown>>) =>
    answerFacts('ConsultarBoletos', { dto: { codigoProposta: 'p1' }, dtoConsultaBoletos: { trazerBoletosCancelados: withCancelled } }, { boletos: items });
  const issued = (n: number) => ({ numeroBoleto: n, dtCancelamento: null, dtCredito: null, vlrPago: null });

  it('reads payment entries, agenda ledgers, paid amounts and boleto statuses as numbers', () => {
    const record = { Codigo: 'p1', Situacao: 9, PropostaLancamentos: [{ Situacao: 1 }, { Situacao: 0 }] };
    expect(answerFacts('ConsultaProposta', { dto: { CodigoProposta: 'p1' } }, record)).toEqual({ proposalId: 'p1', facts: { s: 6, sg: 1, pe: 3 } });
    const detail = { situacaoProposta: 2, vlrTotalPago: 120.5, parcelas: [{ lancamentos: [{}, {}] }, { lancamentos: [{}] }] };
    const detailed = { dto: { codigoProposta: 'p1' }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: true } };
    expect(answerFacts('ConsultarDetalhes', detailed, detail)?.facts).toEqual({ s: 2, ap: 12050, al: 3 });
    // Some installments only, or without the ledger: no total is compared.
    expect(answerFacts('ConsultarDetalhes', { dto: { codigoProposta: 'p1', nroParcelas: [1] } }, detail)?.facts).toEqual({ s: 2 });
    // Cancelled after every signature was in: nothing said of the signatures (the mark keeps them).
    expect(answerFacts('ConsultaProposta', {}, { Codigo: 'p1', Situacao: 4 })?.facts).toEqual({ s: 8 });
    expect(answerFacts('ConsultarParcelas', { dto: { codigoProposta: 'p1' } }, { parcelas: [{ vlrPago: 10.1 }, { vlrPago: null }] })?.facts).toEqual({
      ip: 1010,
    });
    const list = boletos(true, issued(1), { ...issued(2), dtCredito: '2026-01-02T00:00:00' }, { ...issued(3), dtCancelamento: '2026-01-03T00:00:00' });
    expect(list).toEqual({ proposalId: 'p1', facts: { 'b:1': 1, 'b:2': 2, 'b:3': 3 }, boletoList: { withCancelled: true } });
  });

  it('finds an answer older than the mark: a lower number, an older boleto status, or a boleto missing', () => {
    const mark = { 'b:1': 2, 'b:2': 3, pe: 3 };
    expect(olderFact(boletos(true, issued(1), { ...issued(2), dtCancelamento: 'x' })!, mark)).toBe('b:1');
    expect(olderFact(boletos(false, { ...issued(1), vlrPago: 10 })!, mark)).toBeUndefined(); // 2 was cancelled: left out
    expect(olderFact(boletos(true, { ...issued(1), vlrPago: 10 })!, mark)).toBe('b:2'); // asked with cancelled ones: lacks 2
    expect(olderFact(boletos(false, { ...issued(1), vlrPago: 10 }, issued(2))!, mark)).toBe('b:2'); // 2 shown open again
    expect(olderFact({ proposalId: 'p1', facts: { pe: 2 } }, mark)).toBe('pe');
    expect(olderFact({ proposalId: 'p1', facts: { pe: 4 } }, mark)).toBeUndefined();
  });

  it('learns from a fresh list without cancelled boletos that an open boleto it lacks was cancelled', () => {
    expect(learnedFacts(boletos(false, issued(1))!, { 'b:1': 1, 'b:2': 1, 'b:3': 3 })).toEqual({ 'b:2': 3 });
    expect(learnedFacts(boletos(true, issued(1))!, { 'b:2': 1 })).toEqual({});
  });
});
