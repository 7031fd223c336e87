import { looksLikeJwt, scopesOf } from '../../../src/server/jwt.js';

describe('scopesOf', () => {
  it('takes known scopes from a space-separated scope and from scp as a string or an array', () => {
    expect(scopesOf({ scope: 'openid registry.read  federation' })).toEqual(['registry.read', 'federation']);
    expect(scopesOf({ scp: 'proposals.all' })).toEqual(['proposals.all']);
    expect(scopesOf({ scp: ['registry.read', 'x', 3] })).toEqual(['registry.read']);
    expect(scopesOf({ scope: 'federation', scp: ['proposals.all'] })).toEqual(['proposals.all', 'federation']);
  });

  it('ignores unknown scopes, look-alikes and claims of other shapes', () => {
    expect(scopesOf({})).toEqual([]);
    expect(scopesOf({ scope: 'registry.reads REGISTRY.READ admin' })).toEqual([]);
    expect(scopesOf({ scope: ['registry.read'] })).toEqual([]);
    expect(scopesOf({ scp: { 'registry.read': true } })).toEqual([]);
  });
});

describe('looksLikeJwt', () => {
  it('recognises a compact JWS with a JSON header naming alg, and nothing else', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'k' })).toString('base64url');
    expect(looksLikeJwt(`${header}.e30.c2ln`)).toBe(true);
    expect(looksLikeJwt('office-key-0123456789')).toBe(false);
    expect(looksLikeJwt('a.b.c')).toBe(false);
    expect(looksLikeJwt(`${Buffer.from('{"typ":"JWT"}').toString('base64url')}.e30.c2ln`)).toBe(false);
    expect(looksLikeJwt(`${header}.e30`)).toBe(false);
    // Exactly three parts: a fourth, or anything after the third, is not a compact JWS.
    expect(looksLikeJwt(`${header}.e30.c2ln.eHg`)).toBe(false);
    expect(looksLikeJwt(`${header}.e30.c2ln!`)).toBe(false);
    expect(looksLikeJwt(`!${header}.e30.c2ln`)).toBe(false);
  });
});
