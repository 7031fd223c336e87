import { type AuditResult, serverAudits } from 'graphql-http';
import { startTestGraph, type TestGraph } from '../helpers/graph.js';

/*
 * The GraphQL-over-HTTP conformance audits of graphql-http (the reference implementation of the
 * GraphQL over HTTP specification) against the credit graph as development serves it: every
 * requirement (an audit named "MUST ...") passes. Recommendations are not asserted; with graphql-http
 * 1.23.1 three SHOULDs warn (572B, FDE2, 7B9B: Apollo Server answers 400, not 200, to a document that
 * does not parse or validate, or variables that do not coerce, under `accept: application/json`;
 * with `application/graphql-response+json` it answers 400 as the specification asks) and three MAYs
 * are notices (5A70, D6D5, 6A70: a GET without `apollo-require-preflight` is refused by CSRF
 * prevention).
 */

let graph: TestGraph;
const audits = serverAudits({ url: () => graph.url, fetchFn: fetch });

beforeAll(async () => {
  graph = await startTestGraph();
});

afterAll(async () => {
  await graph.close();
});

/** Each failing result as one line: its id, its name and the reason the audit gives. */
function describeFailures(results: readonly AuditResult[]): string[] {
  return results.filter((result) => result.status !== 'ok').map((result) => `${result.id} ${result.name}: ${'reason' in result ? result.reason : ''}`);
}

describe('graphql-http server audits, in development', () => {
  it('has requirements to audit (the suite is not empty)', () => {
    expect(audits.filter((audit) => audit.name.startsWith('MUST')).length).toBeGreaterThanOrEqual(10);
  });

  it('passes every MUST audit', async () => {
    const results: AuditResult[] = [];
    for (const audit of audits) {
      results.push(await audit.fn());
    }
    expect(results).toHaveLength(audits.length);
    const mustFailures = describeFailures(results.filter((result) => result.name.startsWith('MUST')));
    expect(mustFailures).toEqual([]);
  });
});
