import { type AccessCursor, type AccessFilter, type AccessKeys, type AccessRecord, type ChainState, GENESIS_HASH, type PendingAccess } from './record.js';
import { type AccessStore, type AppendHints, sealAfter } from './store.js';

/** Newest first: time, then id, both descending. */
const newestFirst = (a: AccessRecord, b: AccessRecord): number => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const copy = (record: AccessRecord): AccessRecord => ({ ...record, at: new Date(record.at.getTime()), fields: [...record.fields] });

function matches(record: AccessRecord, filter: AccessFilter, after: AccessCursor | undefined): boolean {
  return (
    (filter.subjectHmac === undefined || record.subjectHmac === filter.subjectHmac) &&
    (filter.callerId === undefined || record.callerId === filter.callerId) &&
    (filter.proposalId === undefined || record.proposalId === filter.proposalId) &&
    (filter.from === undefined || record.at >= filter.from) &&
    (filter.to === undefined || record.at < filter.to) &&
    (after === undefined || newestFirst(record, { at: after.at, id: after.id } as AccessRecord) > 0)
  );
}

/** Access records in memory (tests and development), with the SQL store's behaviour. */
export class MemoryAccessStore implements AccessStore {
  /** By chain, in seq order. */
  readonly records = new Map<string, AccessRecord[]>();
  readonly heads = new Map<string, ChainState>();
  private readonly ids = new Set<string>();

  async append(chain: string, records: readonly PendingAccess[], keys: Pick<AccessKeys, 'sealContent'>, _hints?: AppendHints): Promise<number> {
    const fresh = records.filter((r) => !this.ids.has(r.id));
    if (fresh.length === 0) {
      return 0;
    }
    const head = this.heads.get(chain) ?? { chain, headSeq: 0, headHash: GENESIS_HASH, anchorSeq: 0, anchorHash: GENESIS_HASH };
    const sealed = sealAfter(chain, { seq: head.headSeq, hash: head.headHash }, fresh, keys);
    const last = sealed[sealed.length - 1] as AccessRecord;
    // Appended in place: a copy of the whole chain per batch made a long run quadratic.
    let kept = this.records.get(chain);
    if (kept === undefined) {
      kept = [];
      this.records.set(chain, kept);
    }
    for (const record of sealed) {
      kept.push(copy(record));
    }
    for (const record of sealed) {
      this.ids.add(record.id);
    }
    this.heads.set(chain, { ...head, headSeq: last.seq, headHash: last.hash });
    return sealed.length;
  }

  async find(filter: AccessFilter, limit: number, after?: AccessCursor): Promise<AccessRecord[]> {
    return [...this.records.values()]
      .flat()
      .filter((r) => matches(r, filter, after))
      .sort(newestFirst)
      .slice(0, limit)
      .map(copy);
  }

  async purge(before: Date, limit: number): Promise<number> {
    let deleted = 0;
    for (const [chain, records] of this.records) {
      let count = 0;
      while (count < Math.min(limit, records.length) && (records[count] as AccessRecord).at < before) {
        count += 1;
      }
      if (count > 0) {
        const last = records[count - 1] as AccessRecord;
        for (const record of records.slice(0, count)) {
          this.ids.delete(record.id);
        }
        this.records.set(chain, records.slice(count));
        const head = this.heads.get(chain) as ChainState;
        this.heads.set(chain, { ...head, anchorSeq: last.seq, anchorHash: last.hash });
        deleted += count;
      }
    }
    return deleted;
  }

  async chains(): Promise<ChainState[]> {
    return [...this.heads.values()].map((head) => ({ ...head })).sort((a, b) => (a.chain < b.chain ? -1 : 1));
  }

  async chainRecords(chain: string, afterSeq: number, limit: number): Promise<AccessRecord[]> {
    return (this.records.get(chain) ?? [])
      .filter((r) => r.seq > afterSeq)
      .slice(0, limit)
      .map(copy);
  }
}
