import { DEFAULT_JSON_BOUNDS, jsonBoundsExceeded } from '../../../../src/graphql/runtime/json-bounds.js';

/** A generous bound on a loaded machine; bench/README.md has the real figures. */
const CPU_BOUND_MS = 500;

function cpuMs<T>(work: () => T): { ms: number; result: T } {
  const before = process.threadCpuUsage();
  const result = work();
  const used = process.threadCpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

const request = (variables: unknown): string => JSON.stringify({ query: 'query ($ids: [ID!]!) { proposals(ids: $ids) { id } }', variables });

describe('jsonBoundsExceeded', () => {
  it.each([
    [
      'a create input of 200,000 unknown fields',
      () => request({ input: Object.fromEntries(Array.from({ length: 200_000 }, (_, index) => [`field${index}`, index])) }),
    ],
    ['1,000,000 ids', () => request({ ids: Array.from({ length: 1_000_000 }, () => 'a') })],
    ['1,000,000 top-level variables', () => request(Object.fromEntries(Array.from({ length: 1_000_000 }, (_, index) => [`v${index}`, 1])))],
    ['12 MB of payments', () => request({ input: { payments: Array.from({ length: 300_000 }, () => ({ installmentNumber: 1, amount: '1.00' })) } })],
  ])('refuses %s before anything parses it', (_name, text) => {
    const body = text();
    const { ms, result } = cpuMs(() => jsonBoundsExceeded(body));
    expect(result).toBe('an object or a list of more than 10000 members');
    expect(ms).toBeLessThan(CPU_BOUND_MS);
  });

  it('refuses more values than the bound in members that are each within it', () => {
    const lists = Array.from({ length: 11 }, () => Array.from({ length: 9_999 }, () => 1));
    expect(jsonBoundsExceeded(JSON.stringify(lists))).toBe('more than 100000 values');
  });

  it('refuses nesting deeper than the bound, and not one level less', () => {
    expect(jsonBoundsExceeded(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe('objects and lists nested more than 64 levels deep');
    expect(jsonBoundsExceeded(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeUndefined();
  });

  it('counts members per container: 10,000 in each of several lists pass, 10,001 in one do not', () => {
    expect(jsonBoundsExceeded(JSON.stringify({ a: Array.from({ length: 10_000 }, () => 1), b: Array.from({ length: 10_000 }, () => 1) }))).toBeUndefined();
    expect(jsonBoundsExceeded(JSON.stringify({ a: Array.from({ length: 10_001 }, () => 1) }))).toBe('an object or a list of more than 10000 members');
  });

  it('skips strings: commas, brackets and escaped quotes inside them count for nothing', () => {
    const tricky = `${',[{"\\\\'.repeat(20_000)}\\"`;
    expect(jsonBoundsExceeded(JSON.stringify({ text: tricky, other: ['a,b', '[', '{'] }))).toBeUndefined();
  });

  it('passes a 10 MB document sent as base64 inside a mutation, in milliseconds', () => {
    const body = JSON.stringify({
      query: 'mutation ($input: AttachDocumentInput!) { attachDocument(input: $input) { userErrors { code } } }',
      variables: { input: { content: 'QUJD'.repeat(2_500_000) } },
    });
    const { ms, result } = cpuMs(() => jsonBoundsExceeded(body));
    expect(result).toBeUndefined();
    expect(ms).toBeLessThan(CPU_BOUND_MS);
  });

  it('starts every text from nothing: counts left by a text refused half-way do not carry over', () => {
    const topLevel = `${'1,'.repeat(9_999)}1`;
    expect(jsonBoundsExceeded(topLevel)).toBeUndefined();
    expect(jsonBoundsExceeded('1,2')).toBeUndefined();
    expect(jsonBoundsExceeded(JSON.stringify({ a: Array.from({ length: 10_001 }, () => 1) }))).toBe('an object or a list of more than 10000 members');
    expect(jsonBoundsExceeded(JSON.stringify({ a: Array.from({ length: 10_000 }, () => 1) }))).toBeUndefined();
    expect(jsonBoundsExceeded('[1,2,3]', { maxMembers: 2, maxValues: 100, maxDepth: 200 })).toBe('an object or a list of more than 2 members');
    expect(jsonBoundsExceeded('['.repeat(150), { maxMembers: 2, maxValues: 100, maxDepth: 200 })).toBeUndefined();
    expect(jsonBoundsExceeded('['.repeat(65))).toBe('objects and lists nested more than 64 levels deep');
  });

  it('leaves a text that is not JSON to the parser', () => {
    expect(jsonBoundsExceeded('{"unterminated')).toBeUndefined();
  });

  it('has the documented defaults', () => {
    expect(DEFAULT_JSON_BOUNDS).toEqual({ maxMembers: 10_000, maxValues: 100_000, maxDepth: 64 });
  });
});
