import { boundedMemo } from './memo.js';

/**
 * Canonical JSON: the one spelling of a value that is the same key however it was built. Object
 * members sorted by name (code unit order) at every depth, members whose value is `undefined`
 * dropped (as `JSON.stringify` drops them), array order kept (it can matter to the partner), an
 * `undefined` array item or top-level value written `null`, a `Date` written as `JSON.stringify`
 * writes it (its ISO string; an invalid Date `null`). No white space.
 *
 * It keys the idempotency fingerprint the ledger stores (graphql/runtime/idempotency.ts), the shared
 * read cache (upstream/) and the sandbox's replay of writes: a change here changes stored keys.
 * It runs on every partner read (the cache key), so it builds the text in one pass, without the
 * intermediate entry arrays.
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null || value instanceof Date) {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) {
        text += ',';
      }
      // A hole of a sparse array is written as nothing, as `map` then `join` always wrote it.
      if (index in value) {
        text += canonicalJson(value[index]);
      }
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  // Default sort: by UTF-16 code units, the order the spelling promises.
  const names = Object.keys(record).sort();
  let text = '{';
  for (const name of names) {
    const member = record[name];
    if (member !== undefined) {
      text += `${text.length > 1 ? ',' : ''}${quoted(name)}:${canonicalJson(member)}`;
    }
  }
  return `${text}}`;
}

/** Member names written as JSON strings, remembered: request bodies use a small, fixed vocabulary. */
const quoted = boundedMemo(1024, (name: string): string => JSON.stringify(name));
