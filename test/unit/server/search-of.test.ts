import { describe, expect, it } from '@jest/globals';
import { searchOf } from '../../../src/server/apollo.js';

describe('the query string Apollo Server is handed', () => {
  it('is everything from the question mark, or nothing without one', () => {
    expect(searchOf('/graphql')).toBe('');
    expect(searchOf('/graphql/')).toBe('');
    expect(searchOf('/graphql?query=%7B__typename%7D&variables=%7B%7D')).toBe('?query=%7B__typename%7D&variables=%7B%7D');
    expect(searchOf('/graphql?')).toBe('?');
  });

  it('leaves a fragment out, as a URL parser would', () => {
    expect(searchOf('/graphql?query=%7B__typename%7D#top')).toBe('?query=%7B__typename%7D');
    expect(searchOf('/graphql#top?query=x')).toBe('');
  });
});
