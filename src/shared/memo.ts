/**
 * `compute` remembering its answers by key, at most `limit` of them: a full memo starts over (a flood
 * of distinct keys costs a computation each, never memory). For pure functions of keys that repeat
 * request after request (a header, an amount, a date); `undefined` answers are not remembered.
 */
export function boundedMemo<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const memo = new Map<K, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      value = compute(key);
      if (memo.size >= limit) {
        memo.clear();
      }
      memo.set(key, value);
    }
    return value;
  };
}
