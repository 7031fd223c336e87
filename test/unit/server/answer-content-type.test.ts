import { answerContentType } from '../../../src/server/apollo.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE = 'application/graphql-response+json; charset=utf-8';

describe('answerContentType', () => {
  it('negotiates as Apollo Server does: the first type on equal preference, graphql-response+json when preferred, none when nothing fits', () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [undefined, JSON_TYPE],
      ['', JSON_TYPE],
      ['*/*', JSON_TYPE],
      ['application/json', JSON_TYPE],
      ['application/json, application/graphql-response+json', JSON_TYPE],
      ['application/graphql-response+json', GRAPHQL_RESPONSE],
      ['application/graphql-response+json, application/json;q=0.9', GRAPHQL_RESPONSE],
      ['application/graphql-response+json;q=0.5, application/json', JSON_TYPE],
      ['text/html', undefined],
    ];
    // Twice: the second round answers from the remembered negotiations.
    for (let round = 0; round < 2; round += 1) {
      expect(cases.map(([accept]) => [accept, answerContentType(accept)])).toEqual(cases);
    }
  });
});
