import { canonicalJson } from '../../../src/shared/canonical-json.js';

describe('canonicalJson', () => {
  it.each([
    [
      'keys sorted at every depth, by code unit',
      { b: 1, a: { d: [3, { z: 1, y: null }] }, B: 2, é: 'x' },
      '{"B":2,"a":{"d":[3,{"y":null,"z":1}]},"b":1,"é":"x"}',
    ],
    ['undefined members dropped, null members kept', { a: 1, b: undefined, c: null }, '{"a":1,"c":null}'],
    ['an undefined array item written null', [1, undefined, null], '[1,null,null]'],
    ['undefined alone written null', undefined, 'null'],
    ['null', null, 'null'],
    ['a Date as its ISO string', new Date('2026-01-02T03:04:05.000Z'), '"2026-01-02T03:04:05.000Z"'],
    ['a nested Date as its ISO string', { d: [new Date('2026-01-02T03:04:05.000Z')] }, '{"d":["2026-01-02T03:04:05.000Z"]}'],
    ['an invalid Date as null', new Date(Number.NaN), 'null'],
    ['strings escaped as JSON does', 'a"b\n', '"a\\"b\\n"'],
    ['numbers and booleans as JSON writes them', [1.5, -0, true, false], '[1.5,0,true,false]'],
    ['empty object and array', [{}, []], '[{},[]]'],
    // Spellings earlier versions gave and stored keys hold: a hole of a sparse array as nothing, a function member null.
    ['a hole of a sparse array as nothing', Object.assign(new Array<number>(3), { 1: 1 }), '[,1,]'],
    ['a function member as null', { a: () => 1 }, '{"a":null}'],
  ])('writes %s', (_name, value, json) => {
    expect(canonicalJson(value)).toBe(json);
  });

  it('keeps array order and tells a number from a string', () => {
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('gives a parsed body and the same object built in another key order one spelling', () => {
    const parsed: unknown = JSON.parse('{ "b": 1, "a": { "d": [1, 2], "c": null } }');
    expect(canonicalJson(parsed)).toBe(canonicalJson({ a: { c: null, d: [1, 2] }, b: 1 }));
    expect(canonicalJson(parsed)).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
  });
});
