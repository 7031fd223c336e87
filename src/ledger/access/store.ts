import {
  type AccessCursor,
  type AccessFilter,
  type AccessKeys,
  type AccessRecord,
  type ChainState,
  linkContent,
  type PendingAccess,
  recordContent,
} from './record.js';

/** What the caller of {@link AccessStore.append} already knows of its records, so the store can skip work. */
export interface AppendHints {
  /** Each record's {@link accessLine} (its journal line), in the records' order: sent as is, not serialized again. */
  lines?: readonly string[];
  /**
   * None of the records was handed to an append before (no earlier attempt that may have committed, no
   * journal replay): the look-up of ids already on record is skipped.
   */
  fresh?: boolean;
}

/**
 * Where access records are kept: the ledger's database (access/sql-store.ts) or memory
 * (access/memory-store.ts, for tests). One contract suite runs over each
 * (test/integration/ledger/access-store.shared.ts).
 */
export interface AccessStore {
  /**
   * Seals `records` into `chain` in their order, as one batch (each record linked to the one before, the
   * last sealed: record.ts), and appends them, all or none, in one transaction
   * that holds the chain's head (so replicas appending at once each extend the chain in turn). A
   * record whose id is on record already is skipped (a journal replayed after a crash): returns how
   * many were appended. `hints` only save work: the records stored are the same with or without them.
   */
  append(chain: string, records: readonly PendingAccess[], keys: Pick<AccessKeys, 'sealContent'>, hints?: AppendHints): Promise<number>;
  /** Up to `limit` records matching `filter`, newest first (time, then id, descending), after `after`. */
  find(filter: AccessFilter, limit: number, after?: AccessCursor): Promise<AccessRecord[]>;
  /**
   * Deletes up to `limit` of the oldest records of each chain made before `before`, from its start
   * and without a gap (a record kept stops the purge of its chain there), and moves the chain's anchor
   * to the last one deleted, in one transaction per chain. Returns how many were deleted.
   */
  purge(before: Date, limit: number): Promise<number>;
  /** Every chain's head and anchor. */
  chains(): Promise<ChainState[]>;
  /** Up to `limit` records of `chain` with a seq above `afterSeq`, in seq order (what verification walks). */
  chainRecords(chain: string, afterSeq: number, limit: number): Promise<AccessRecord[]>;
}

/** Seals pending records after a chain's head, as one batch (each linked, the last sealed: record.ts): the records as stored. */
export function sealAfter(
  chain: string,
  head: { seq: number; hash: string },
  records: readonly PendingAccess[],
  keys: Pick<AccessKeys, 'sealContent'>,
): AccessRecord[] {
  let { seq, hash } = head;
  return records.map((record, i) => {
    seq += 1;
    const sealed = { ...record, chain, seq };
    const prevHash = hash;
    const content = recordContent(sealed);
    hash = i === records.length - 1 ? keys.sealContent(prevHash, content) : linkContent(prevHash, content);
    return { ...sealed, prevHash, hash };
  });
}
