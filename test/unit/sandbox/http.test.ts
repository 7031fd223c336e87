import { isJsonMediaType, mediaType } from '../../../src/sandbox/http.js';

describe('media types', () => {
  it('accepts the three JSON forms of the contract', () => {
    expect(isJsonMediaType(mediaType('application/json; charset=utf-8'))).toBe(true);
    expect(isJsonMediaType(mediaType('Text/JSON'))).toBe(true);
    expect(isJsonMediaType(mediaType('application/vnd.api+json'))).toBe(true);
    expect(isJsonMediaType(mediaType('text/plain'))).toBe(false);
    expect(isJsonMediaType(mediaType('application/x-www-form-urlencoded'))).toBe(false);
  });
});
