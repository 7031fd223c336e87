import { ReplayStore } from '../../../../src/sandbox/core/replay.js';

describe('ReplayStore', () => {
  const answer = (text: string) => ({ status: 200, text });

  it('replays the first answer of a key and fingerprint, refuses another request under the key, and scopes keys per client', () => {
    const store = new ReplayStore();
    const fp = ReplayStore.fingerprint('/Proposta/IncluirManual', { dto: { b: 1, a: 2 } });
    expect(ReplayStore.fingerprint('/Proposta/IncluirManual', { dto: { a: 2, b: 1 } })).toBe(fp);
    expect(ReplayStore.fingerprint('/Proposta/IncluirAvalista', { dto: { a: 2, b: 1 } })).not.toBe(fp);
    expect(store.lookup('c1', 'k', fp)).toEqual({ kind: 'new' });
    store.remember('c1', 'k', fp, answer('first'));
    expect(store.lookup('c1', 'k', fp)).toEqual({ kind: 'replay', answer: answer('first') });
    expect(store.lookup('c1', 'k', 'other')).toEqual({ kind: 'conflict' });
    expect(store.lookup('c2', 'k', fp)).toEqual({ kind: 'new' });
  });

  it('drops the oldest entries beyond its entry and size bounds', () => {
    const byCount = new ReplayStore(2, Number.MAX_SAFE_INTEGER);
    ['a', 'b', 'c'].forEach((k) => byCount.remember('c', k, 'f', answer(k)));
    expect(['a', 'b', 'c'].map((k) => byCount.lookup('c', k, 'f').kind)).toEqual(['new', 'replay', 'replay']);
    // Each entry is 1 (fingerprint) + 10 (text) characters: 25 keep two.
    const bySize = new ReplayStore(100, 25);
    ['a', 'b', 'c'].forEach((k) => bySize.remember('c', k, 'f', answer(k.repeat(10))));
    expect(['a', 'b', 'c'].map((k) => bySize.lookup('c', k, 'f').kind)).toEqual(['new', 'replay', 'replay']);
  });

  it('reset forgets every answer and turns replay back on', () => {
    const store = new ReplayStore();
    store.remember('c', 'k', 'f', answer('x'));
    store.enabled = false;
    store.reset();
    expect(store.enabled).toBe(true);
    expect(store.lookup('c', 'k', 'f')).toEqual({ kind: 'new' });
  });
});
