import { type AccessKeys, type AccessRecord, linkContent, recordContent } from './record.js';
import { type AccessStore } from './store.js';

/** One break in a chain. */
export interface ChainProblem {
  chain: string;
  /**
   * `edited`: the record's content matches neither its link nor its seal; `missing`: records between
   * two kept ones (or after the anchor) are gone; `relinked`: a record's previous hash is not the hash
   * before it; `truncated`: the chain ends before its recorded head; `unsealed`: the chain's last
   * record carries a link, not a seal (the records after it, the rest of its batch, were deleted and
   * the head moved back, or the records up to it were rewritten and linked again without the key).
   */
  problem: 'edited' | 'missing' | 'relinked' | 'truncated' | 'unsealed';
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
 * Walks every chain from its purge anchor to its head, page by page, checking each record's hash: its
 * link (SHA-256 of the previous hash and its content) or its seal (the same under the key), as
 * record.ts writes them, one seal per batch (chains written before links existed: one per record). An
 * edited record (neither matches), a deleted one (a gap in the sequence, or a chain ending before its
 * head) and a re-linked one are reported; a chain whose last record is not sealed too, since links
 * need no key: a rewrite shows at the next seal, and the head is always one. Reads only.
 */
export async function verifyAccessChains(store: AccessStore, keys: Pick<AccessKeys, 'sealContent'>, pageSize = 1000): Promise<ChainVerification> {
  const problems: ChainProblem[] = [];
  let checked = 0;
  for (const state of await store.chains()) {
    const { chain } = state;
    let seq = state.anchorSeq;
    let hash = state.anchorHash;
    let last: { id: string; sealed: boolean } | undefined;
    for (;;) {
      const page: AccessRecord[] = await store.chainRecords(chain, seq, pageSize);
      for (const record of page) {
        if (record.seq !== seq + 1) {
          problems.push({ chain, problem: 'missing', seq: seq + 1 });
        } else if (record.prevHash !== hash) {
          problems.push({ chain, problem: 'relinked', seq: record.seq, id: record.id });
        }
        const { prevHash, hash: stored, ...rest } = record;
        const content = recordContent(rest);
        const linked = linkContent(prevHash, content) === stored;
        const sealed = !linked && keys.sealContent(prevHash, content) === stored;
        if (!linked && !sealed) {
          problems.push({ chain, problem: 'edited', seq: record.seq, id: record.id });
        }
        last = { id: record.id, sealed: !linked };
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
    } else if (last !== undefined && !last.sealed) {
      problems.push({ chain, problem: 'unsealed', seq, id: last.id });
    }
  }
  return { checked, problems };
}
