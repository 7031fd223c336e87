/**
 * Monotonic reads of a proposal's situation: what the graph told any caller about where a proposal
 * stands along the partner's lifecycle never moves back, whichever partner read answers (the
 * proposal record or the agenda detail, fresh, cached, stale-while-revalidate, or another replica's).
 *
 * Every answer that carries a situation raises the proposal's mark (the newest rank seen, kept in
 * {@link SituationMarks}: memory, or Redis shared by every replica). An answer older than the mark
 * that came from the cache is not served: the read is sent to the partner again, and that answer is
 * served (docs/partner-calls.md, "Monotonic reads").
 */
import { type ReadOperation } from '../freshness.js';
import { proposalIdOf } from '../freshness.js';

/**
 * The order of the published situation codes along the lifecycle (docs/partner/facts.md). Codes a
 * proposal moves between both ways share a rank (under review and pending; released and pending
 * payment); rejected and cancelled end it. Codes outside the table have no rank and are never held back.
 */
const RANK: Readonly<Record<number, number>> = Object.freeze({
  0: 0, // in draft
  1: 1, // under review
  5: 1, // pending
  2: 2, // approved
  6: 3, // finalized
  7: 4, // verified
  8: 5, // released for payment
  11: 5, // pending payment
  9: 6, // paid (disbursed)
  10: 7, // ceded
  3: 8, // rejected
  4: 8, // cancelled
});

/** The lifecycle rank of a situation code; undefined for codes outside the published table. */
export function situationRank(code: unknown): number | undefined {
  return typeof code === 'number' ? RANK[code] : undefined;
}

/** The reads whose answer carries the proposal's situation, and where. */
const SITUATION_OF: Partial<Record<ReadOperation, (value: Record<string, unknown>) => unknown>> = {
  ConsultaProposta: (value) => value.Situacao ?? value.situacao,
  ConsultarDetalhes: (value) => value.situacaoProposta ?? value.SituacaoProposta,
};

/** Whether answers of `operation` carry a situation the guard orders. */
export function carriesSituation(operation: ReadOperation): boolean {
  return SITUATION_OF[operation] !== undefined;
}

/** The proposal an answer speaks of and its situation's rank, when it carries one. */
export function situationFact(operation: ReadOperation, body: unknown, value: unknown): { proposalId: string; rank: number } | undefined {
  const pick = SITUATION_OF[operation];
  if (pick === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const rank = situationRank(pick(record));
  const fromAnswer = record.Codigo ?? record.codigoProposta ?? record.CodigoProposta;
  const proposalId = proposalIdOf(body) ?? (typeof fromAnswer === 'string' && fromAnswer !== '' ? fromAnswer : undefined);
  return rank === undefined || proposalId === undefined || proposalId.length > MAX_ID_LENGTH ? undefined : { proposalId, rank };
}

/** Longest proposal id kept (the partner's are UUIDs): bounds each mark's bytes. */
export const MAX_ID_LENGTH = 64;

/** Where the newest situation rank seen per proposal is kept. */
export interface SituationMarks {
  /** Raises `proposalId`'s mark to `rank` when it is higher; answers the mark after (the newest rank seen). */
  raise(proposalId: string, rank: number): Promise<number>;
  close(): Promise<void>;
}

/** Options of the in-memory marks. */
export interface MemorySituationMarksOptions {
  /** Most proposals remembered (the least recently raised go first; default 10 000). */
  maxEntries?: number;
  /** How long a mark is kept after it was last raised or read (default 24 h). */
  ttlMs?: number;
  now?: () => number;
}

/** The marks of one replica: bounded in entries (so in bytes: ids are at most 64 characters) and in time. */
export class MemorySituationMarks implements SituationMarks {
  private readonly marks = new Map<string, { rank: number; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: MemorySituationMarksOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? 24 * 3600 * 1000;
    this.now = options.now ?? Date.now;
  }

  async raise(proposalId: string, rank: number): Promise<number> {
    const now = this.now();
    const found = this.marks.get(proposalId);
    const current = found !== undefined && found.expiresAt > now ? found.rank : -1;
    const newest = Math.max(current, rank);
    // Re-inserted: the Map's order is the recency order the bound evicts by.
    this.marks.delete(proposalId);
    this.marks.set(proposalId, { rank: newest, expiresAt: now + this.ttlMs });
    while (this.marks.size > this.maxEntries) {
      const oldest = this.marks.keys().next().value as string;
      this.marks.delete(oldest);
    }
    return newest;
  }

  /** Proposals remembered now. */
  size(): number {
    return this.marks.size;
  }

  async close(): Promise<void> {
    this.marks.clear();
  }
}
