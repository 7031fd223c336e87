/**
 * Canonical JSON: the one spelling of a value that is the same key however it was built. Object
 * members sorted by name (code unit order) at every depth, members whose value is `undefined`
 * dropped (as `JSON.stringify` drops them), array order kept (it can matter to the partner), an
 * `undefined` array item or top-level value written `null`, a `Date` written as `JSON.stringify`
 * writes it (its ISO string; an invalid Date `null`). No white space.
 *
 * It keys the idempotency fingerprint the ledger stores (graphql/runtime/idempotency.ts), the shared
 * read cache (upstream/) and the sandbox's replay of writes: a change here changes stored keys.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
