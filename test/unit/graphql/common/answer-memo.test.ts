import { AnswerMemo } from '../../../../src/graphql/common/answer-memo.js';

describe('AnswerMemo', () => {
  it('builds once per answer object, second answer and key', () => {
    const memo = new AnswerMemo<{ built: number }>();
    let builds = 0;
    const build = (): { built: number } => ({ built: ++builds });
    const answer = { parcelas: [] };
    const agenda = { parcelas: [] };
    const first = memo.get(answer, undefined, 'p-1', build);
    expect(memo.get(answer, undefined, 'p-1', build)).toBe(first);
    // An equal but other answer object (a fresh read, or the Redis store's copy) is built again.
    expect(memo.get({ parcelas: [] }, undefined, 'p-1', build)).not.toBe(first);
    // Another key (other arguments of the mapper) or another second answer: built again.
    expect(memo.get(answer, undefined, 'p-2', build)).toEqual({ built: 3 });
    const withAgenda = memo.get(answer, agenda, 'p-1', build);
    expect(withAgenda).toEqual({ built: 4 });
    expect(memo.get(answer, agenda, 'p-1', build)).toBe(withAgenda);
    expect(memo.get(answer, { parcelas: [] }, 'p-1', build)).toEqual({ built: 5 });
  });

  it('holds the results of at most two generations of answers, those used most recently', () => {
    const memo = new AnswerMemo<number>(2);
    let builds = 0;
    const build = (): number => ++builds;
    const [a, b, c, d] = [{}, {}, {}, {}];
    for (const answer of [a, b, c]) {
      memo.get(answer, undefined, 'k', build);
    }
    // c started a generation: a and b are the previous one, still found; a used again moves along.
    expect(memo.get(a, undefined, 'k', build)).toBe(1);
    memo.get(d, undefined, 'k', build);
    // d started another: c and a are kept, b (not used since) is gone and built again.
    expect(memo.get(c, undefined, 'k', build)).toBe(3);
    expect(memo.get(a, undefined, 'k', build)).toBe(1);
    expect(memo.get(b, undefined, 'k', build)).toBe(5);
  });

  it('keeps a bounded number of keys per answer', () => {
    const memo = new AnswerMemo<number>();
    const answer = {};
    let builds = 0;
    for (let round = 0; round < 2; round += 1) {
      for (let key = 0; key < 20; key += 1) {
        memo.get(answer, undefined, String(key), () => ++builds);
      }
    }
    // 20 keys cycled twice through a memo of 8 per answer: every look-up builds.
    expect(builds).toBe(40);
    expect(memo.get(answer, undefined, '19', () => ++builds)).toBe(40);
  });
});
