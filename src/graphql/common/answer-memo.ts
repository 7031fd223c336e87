/**
 * Mapped results remembered per partner answer object. The shared read cache (upstream/reads/, the
 * memory store) hands every warm read of an entry the same answer object, so a mapper given the same
 * answer (and the same arguments) builds the same nodes again on every request: remembering them by
 * the answer object spares that work. Results are remembered from an answer's second sighting on: an
 * answer that is a fresh object each time (Redis, the cache off) is built and nothing is kept, so it
 * is not promoted to the old generation (measured: bench/README.md).
 *
 * Keys are weak (an answer dropped from the cache takes its results along) and the memo is bounded
 * by itself too, since mapped nodes take about three times the memory of the answer they come from
 * (12 installments: 2.3 KB of answer, 6.5 KB of nodes): results of at most twice
 * {@link ANSWERS_PER_GENERATION} answers are held, those used most recently.
 *
 * Only results built from partner data alone belong here: they are shared by every request and
 * caller that reads the same answer (what a caller may see is decided above, by ownership), and must
 * never be changed after they are built (lists are frozen).
 */

/** Answers remembered per generation; a full generation becomes the previous one, and the previous one is dropped. */
export const ANSWERS_PER_GENERATION = 1000;

/** Distinct argument keys remembered per answer; more start over (a bound on odd callers, never reached by the graph's own). */
const KEYS_PER_ANSWER = 8;

interface Remembered<R> {
  /** The second answer object the result was built from (e.g. the agenda's items beside the installments), if any. */
  other: object | undefined;
  value: R;
}

type ByKey<R> = Map<string, Remembered<R>>;

/** A memo of one mapper: `get(answer, other, key, build)` answers `build()`'s result, built once per answer, other answer and key. */
export class AnswerMemo<R> {
  private current = new WeakMap<object, ByKey<R>>();
  private previous = new WeakMap<object, ByKey<R>>();
  /** Answers entered into `current`. */
  private entered = 0;
  /** Answers seen once (weakly: an entry holds nothing alive), whose results are remembered when seen again. */
  private readonly seen = new WeakSet<object>();

  constructor(private readonly answersPerGeneration = ANSWERS_PER_GENERATION) {}

  /**
   * The result of `build()` for `answer` (the partner answer object the result is built from),
   * `other` (a second answer object it is built from, compared by identity) and `key` (every other
   * argument of the mapper, as text).
   */
  get(answer: object, other: object | undefined, key: string, build: () => R): R {
    const byKey = this.current.get(answer) ?? this.promote(answer);
    const known = byKey?.get(key);
    if (known !== undefined && known.other === other) {
      return known.value;
    }
    const value = build();
    if (byKey === undefined) {
      if (!this.seen.has(answer)) {
        this.seen.add(answer);
        return value;
      }
      this.enter(answer, new Map([[key, { other, value }]]));
    } else {
      if (byKey.size >= KEYS_PER_ANSWER && known === undefined) {
        byKey.clear();
      }
      byKey.set(key, { other, value });
    }
    return value;
  }

  /** The previous generation's results of `answer`, moved into the current one. */
  private promote(answer: object): ByKey<R> | undefined {
    const byKey = this.previous.get(answer);
    if (byKey !== undefined) {
      this.previous.delete(answer);
      this.enter(answer, byKey);
    }
    return byKey;
  }

  private enter(answer: object, byKey: ByKey<R>): void {
    if (this.entered >= this.answersPerGeneration) {
      this.previous = this.current;
      this.current = new WeakMap();
      this.entered = 0;
    }
    this.current.set(answer, byKey);
    this.entered += 1;
  }
}
