/**
 * Monotonic reads of a proposal: what the graph told any caller about facts that only move forward
 * (its situation along the partner's lifecycle, its payments, boletos and signatures) never moves
 * back, whichever partner read answers (fresh, cached, stale-while-revalidate, or another replica's).
 *
 * Every answer that tells such facts raises the proposal's mark (the newest value seen of each fact,
 * `facts.ts`, kept in {@link ProposalMarks}: memory, or Redis shared by every replica). An answer
 * older than the mark that came from the cache is not served: the read is sent to the partner again,
 * and that answer is served (docs/partner-calls.md, "Monotonic reads").
 */

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

/** The newest value seen of each fact of a proposal, by fact name (`facts.ts`). */
export type Mark = Record<string, number>;

/** Most facts kept per proposal (boletos are one fact each): bounds each mark's bytes. */
export const MAX_FACTS = 128;

/** Where the newest facts seen per proposal are kept. */
export interface ProposalMarks {
  /**
   * Raises each of `facts` of `proposalId` to its value when it is higher (a fact new to a mark
   * already holding {@link MAX_FACTS} is not kept); answers the whole mark after. `{}` reads it.
   */
  raise(proposalId: string, facts: Readonly<Mark>): Promise<Mark>;
  /**
   * The partner's word on facts it moved back itself (a fresh read still older than the mark): each
   * fact named in `from` is set to its value in `to` (removed when `to` lacks it), only if the mark
   * still holds the value `from` gives (nobody raised it meanwhile).
   */
  settle(proposalId: string, from: Readonly<Mark>, to: Readonly<Mark>): Promise<void>;
  close(): Promise<void>;
}

/** The facts of `from` the mark still holds as `from` gives them, set to `to` or removed (the rule of `settle`). */
export function settled(mark: Readonly<Mark>, from: Readonly<Mark>, to: Readonly<Mark>): Mark {
  const next: Mark = { ...mark };
  for (const [name, expected] of Object.entries(from)) {
    if (next[name] === expected) {
      const value = to[name];
      if (value === undefined) {
        delete next[name];
      } else {
        next[name] = value;
      }
    }
  }
  return next;
}

/** Options of the in-memory marks. */
export interface MemoryProposalMarksOptions {
  /** Most proposals remembered (the least recently raised go first; default 10 000). */
  maxEntries?: number;
  /** How long a mark is kept after it was last raised or read (default 24 h). */
  ttlMs?: number;
  now?: () => number;
}

/** The marks of one replica: bounded in entries and facts (so in bytes) and in time. */
export class MemoryProposalMarks implements ProposalMarks {
  private readonly marks = new Map<string, { mark: Mark; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: MemoryProposalMarksOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? 24 * 3600 * 1000;
    this.now = options.now ?? Date.now;
  }

  async raise(proposalId: string, facts: Readonly<Mark>): Promise<Mark> {
    const now = this.now();
    const found = this.marks.get(proposalId);
    const mark: Mark = found !== undefined && found.expiresAt > now ? { ...found.mark } : {};
    let size = Object.keys(mark).length;
    for (const [name, value] of Object.entries(facts)) {
      const current = mark[name];
      if (current === undefined ? size < MAX_FACTS : value > current) {
        size += current === undefined ? 1 : 0;
        mark[name] = value;
      }
    }
    this.marks.delete(proposalId);
    if (size === 0) {
      return mark;
    }
    // Re-inserted: the Map's order is the recency order the bound evicts by.
    this.marks.set(proposalId, { mark, expiresAt: now + this.ttlMs });
    while (this.marks.size > this.maxEntries) {
      const oldest = this.marks.keys().next().value as string;
      this.marks.delete(oldest);
    }
    return { ...mark };
  }

  async settle(proposalId: string, from: Readonly<Mark>, to: Readonly<Mark>): Promise<void> {
    const found = this.marks.get(proposalId);
    if (found !== undefined && found.expiresAt > this.now()) {
      found.mark = settled(found.mark, from, to);
    }
  }

  /** Proposals remembered now. */
  size(): number {
    return this.marks.size;
  }

  async close(): Promise<void> {
    this.marks.clear();
  }
}
