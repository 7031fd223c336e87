import { type AccessKeys, type AccessRecord } from './record.js';
import { type AccessStore } from './store.js';

/** One break in a chain. */
export interface ChainProblem {
  chain: string;
  /**
   * `edited`: the record's content no longer matches its seal; `missing`: records between two kept ones
   * (or after the anchor) are gone; `relinked`: a record's previous hash is not the seal before it;
   * `truncated`: the chain ends before its recorded head.
   */
  problem: 'edited' | 'missing' | 'relinked' | 'truncated';
  /** The record where it shows (for `missing`, the first absent seq; for `truncated`, the head's seq). */
  seq: number;
  /** The record's id, when it is there. */
  id?: string;
}

/** What {@link verifyAccessChains} found. */
export interface ChainVerification {
  /** Records checked, across every chain. */
  checked: number;
  problems: ChainProblem[];
}

/**
 * Walks every chain from its purge anchor to its head, page by page, re-sealing each record with the
 * key: an edited record (its seal no longer matches), a deleted one (a gap in the sequence, or a
 * chain ending before its head) and a re-linked one are reported. Reads only.
 */
export async function verifyAccessChains(store: AccessStore, keys: Pick<AccessKeys, 'seal'>, pageSize = 1000): Promise<ChainVerification> {
  const problems: ChainProblem[] = [];
  let checked = 0;
  for (const state of await store.chains()) {
    const { chain } = state;
    let seq = state.anchorSeq;
    let hash = state.anchorHash;
    for (;;) {
      const page: AccessRecord[] = await store.chainRecords(chain, seq, pageSize);
      for (const record of page) {
        if (record.seq !== seq + 1) {
          problems.push({ chain, problem: 'missing', seq: seq + 1 });
        } else if (record.prevHash !== hash) {
          problems.push({ chain, problem: 'relinked', seq: record.seq, id: record.id });
        }
        const { prevHash, hash: stored, ...content } = record;
        if (keys.seal(prevHash, content) !== stored) {
          problems.push({ chain, problem: 'edited', seq: record.seq, id: record.id });
        }
        seq = record.seq;
        hash = stored;
        checked += 1;
      }
      if (page.length < pageSize) {
        break;
      }
    }
    if (seq !== state.headSeq || hash !== state.headHash) {
      problems.push({ chain, problem: 'truncated', seq: state.headSeq });
    }
  }
  return { checked, problems };
}
