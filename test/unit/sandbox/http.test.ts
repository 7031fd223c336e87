import { canonicalJson, isJsonMediaType, mediaType } from '../../../src/sandbox/http.js';

describe('canonicalJson', () => {
  it('ignores key order and whitespace but not values or array order', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"a":{"d":[1,2],"c":null}}'))).toBe(canonicalJson({ a: { c: null, d: [1, 2] }, b: 1 }));
    expect(canonicalJson({ a: [1, 2] })).not.toBe(canonicalJson({ a: [2, 1] }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});

describe('media types', () => {
  it('accepts the three JSON forms of the contract', () => {
    expect(isJsonMediaType(mediaType('application/json; charset=utf-8'))).toBe(true);
    expect(isJsonMediaType(mediaType('Text/JSON'))).toBe(true);
    expect(isJsonMediaType(mediaType('application/vnd.api+json'))).toBe(true);
    expect(isJsonMediaType(mediaType('text/plain'))).toBe(false);
    expect(isJsonMediaType(mediaType('application/x-www-form-urlencoded'))).toBe(false);
  });
});
