/**
 * Mapped results remembered per partner answer object. The shared read cache (upstream/reads/, the
 * memory store) hands every warm read of an entry the same answer object, so a mapper given the same
 * answer (and the same arguments) builds the same nodes again on every request: remembering them by
 * the answer object spares that work. Keys are weak: an answer dropped from the cache takes its
 * results with it. An answer that is a fresh object each time (Redis, cache off) simply misses.
 *
 * Only results built from partner data alone belong here: they are shared by every request and
 * caller that reads the same answer (what a caller may see is decided above, by ownership), and must
 * never be changed after they are built (lists are frozen).
 */

/** Distinct argument keys remembered per answer; more start over (a bound on odd callers, never reached by the graph's own). */
const KEYS_PER_ANSWER = 8;

interface Remembered<R> {
  /** The second answer object the result was built from (e.g. the agenda's items beside the installments), if any. */
  other: object | undefined;
  value: R;
}

/** A memo of one mapper: `get(answer, other, key, build)` answers `build()`'s result, built once per answer, other answer and key. */
export class AnswerMemo<R> {
  private readonly byAnswer = new WeakMap<object, Map<string, Remembered<R>>>();

  /**
   * The result of `build()` for `answer` (the partner answer object the result is built from),
   * `other` (a second answer object it is built from, compared by identity) and `key` (every other
   * argument of the mapper, as text).
   */
  get(answer: object, other: object | undefined, key: string, build: () => R): R {
    let byKey = this.byAnswer.get(answer);
    const known = byKey?.get(key);
    if (known !== undefined && known.other === other) {
      return known.value;
    }
    const value = build();
    if (byKey === undefined) {
      byKey = new Map();
      this.byAnswer.set(answer, byKey);
    } else if (byKey.size >= KEYS_PER_ANSWER && known === undefined) {
      byKey.clear();
    }
    byKey.set(key, { other, value });
    return value;
  }
}
