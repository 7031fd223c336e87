import { AnswerMemo } from '../../../../src/graphql/common/answer-memo.js';

describe('AnswerMemo', () => {
  it('remembers nothing of an answer seen once, and builds once per answer object, second answer and key from its second sighting on', () => {
    const memo = new AnswerMemo<{ built: number }>();
    let builds = 0;
    const build = (): { built: number } => ({ built: ++builds });
    const answer = { parcelas: [] };
    const agenda = { parcelas: [] };
    // Seen once (as every answer of a fresh read is, the cache off or Redis): built, not kept.
    const first = memo.get(answer, undefined, 'p-1', build);
    expect(first).toEqual({ built: 1 });
    const second = memo.get(answer, undefined, 'p-1', build);
    expect(second).toEqual({ built: 2 });
    expect(memo.get(answer, undefined, 'p-1', build)).toBe(second);
    // An equal but other answer object (a fresh read, or the Redis store's copy) is built again.
    expect(memo.get({ parcelas: [] }, undefined, 'p-1', build)).toEqual({ built: 3 });
    // Another key (other arguments of the mapper) or another second answer: built again, then kept.
    expect(memo.get(answer, undefined, 'p-2', build)).toEqual({ built: 4 });
    expect(memo.get(answer, undefined, 'p-2', build)).toEqual({ built: 4 });
    const withAgenda = memo.get(answer, agenda, 'p-1', build);
    expect(withAgenda).toEqual({ built: 5 });
    expect(memo.get(answer, agenda, 'p-1', build)).toBe(withAgenda);
    expect(memo.get(answer, { parcelas: [] }, 'p-1', build)).toEqual({ built: 6 });
    expect(builds).toBe(6);
  });

  it('keeps nothing for a stream of fresh answers: each is built once, and again only if seen again', () => {
    const memo = new AnswerMemo<number>();
    let builds = 0;
    const answers = Array.from({ length: 50 }, () => ({}));
    const results = answers.map((answer) => memo.get(answer, undefined, 'k', () => ++builds));
    expect(results).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // The first again: seen before, so built and kept now; then found.
    expect(memo.get(answers[0] ?? {}, undefined, 'k', () => ++builds)).toBe(51);
    expect(memo.get(answers[0] ?? {}, undefined, 'k', () => ++builds)).toBe(51);
    expect(builds).toBe(51);
  });

  it('holds the results of at most two generations of answers, those used most recently', () => {
    const memo = new AnswerMemo<number>(2);
    let builds = 0;
    const build = (): number => ++builds;
    const [a, b, c, d] = [{}, {}, {}, {}];
    // Seen twice: the second build is kept (a 2, b 4, c 6).
    const remember = (answer: object): number => {
      memo.get(answer, undefined, 'k', build);
      return memo.get(answer, undefined, 'k', build);
    };
    expect([a, b, c].map(remember)).toEqual([2, 4, 6]);
    // c started a generation: a and b are the previous one, still found; a used again moves along.
    expect(memo.get(a, undefined, 'k', build)).toBe(2);
    expect(remember(d)).toBe(8);
    // d started another: c and a are kept, b (not used since) is gone and built again, kept at once (seen before).
    expect(memo.get(c, undefined, 'k', build)).toBe(6);
    expect(memo.get(a, undefined, 'k', build)).toBe(2);
    expect(memo.get(b, undefined, 'k', build)).toBe(9);
    expect(memo.get(b, undefined, 'k', build)).toBe(9);
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
