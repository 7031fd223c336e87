import Negotiator from 'negotiator';
import RememberingNegotiator, { LONGEST_HEADER, REMEMBERED_HEADERS, rememberedHeaders } from '../../../scripts/remembering-negotiator.mjs';

/** The lists Apollo Server and the graph negotiate with. */
const LISTS = [
  ['multipart/mixed; deferSpec=20220824', 'multipart/mixed; incrementalSpec=v0.2'],
  ['multipart/mixed; incrementalDeliverySpec=v0.2', 'multipart/mixed; deferSpec=20220824', 'multipart/mixed; incrementalSpec=v0.2'],
  ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8', 'application/json; callbackSpec=1.0; charset=utf-8'],
];

const ACCEPTS = [
  '*/*',
  'application/json',
  'application/graphql-response+json, application/json;q=0.9',
  'multipart/mixed; deferSpec=20220824, application/json',
  'multipart/mixed;incrementalSpec=v0.2, application/json',
  'text/html',
  '',
];

const chosen = (negotiator: typeof Negotiator, accept: string | undefined, list: string[]): string | undefined =>
  new negotiator({ headers: accept === undefined ? {} : { accept } }).mediaType([...list]);

describe('the remembering negotiator the bundle stands in for negotiator', () => {
  it('chooses what the package chooses, for every header and list, the first time and every time after', () => {
    for (let pass = 0; pass < 3; pass += 1) {
      for (const accept of [...ACCEPTS, undefined]) {
        for (const list of LISTS) {
          expect(chosen(RememberingNegotiator, accept, list)).toBe(chosen(Negotiator, accept, list));
        }
      }
    }
    expect(chosen(RememberingNegotiator, 'application/json', LISTS[2] as string[])).toBe('application/json; charset=utf-8');
    expect(chosen(RememberingNegotiator, 'text/html', LISTS[2] as string[])).toBeUndefined();
  });

  it('remembers at most its bound of headers, and never one longer than its bound', () => {
    const list = LISTS[0] as string[];
    for (let i = 0; i < REMEMBERED_HEADERS + 10; i += 1) {
      const accept = `application/x-${i}, multipart/mixed; deferSpec=20220824`;
      expect(chosen(RememberingNegotiator, accept, list)).toBe('multipart/mixed; deferSpec=20220824');
      expect(rememberedHeaders()).toBeLessThanOrEqual(REMEMBERED_HEADERS);
    }
    const remembered = rememberedHeaders();
    expect(remembered).toBeGreaterThan(0);
    // A header not seen yet is remembered (unless the map just started over).
    expect(chosen(RememberingNegotiator, 'application/x-once, application/json', list)).toBeUndefined();
    expect(rememberedHeaders()).toBe(remembered === REMEMBERED_HEADERS ? 1 : remembered + 1);
    const before = rememberedHeaders();
    const long = `application/json;q=0.5, ${'x'.repeat(LONGEST_HEADER)}/y, multipart/mixed; deferSpec=20220824`;
    expect(chosen(RememberingNegotiator, long, list)).toBe(chosen(Negotiator, long, list));
    expect(rememberedHeaders()).toBe(before);
  });

  it('leaves every other method to the package', () => {
    const accept = 'text/html, application/json;q=0.8';
    const request = { headers: { accept, 'accept-language': 'pt-BR, en;q=0.5' } };
    expect(new RememberingNegotiator(request).mediaTypes()).toEqual(new Negotiator(request).mediaTypes());
    expect(new RememberingNegotiator(request).language()).toBe('pt-BR');
  });
});
