import { readdirSync, readFileSync } from 'node:fs';
import { getIntrospectionQuery, GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';
import {
  budgetedUpstream,
  DEFAULT_QUERY_LIMITS,
  maxAliasesRule,
  maxDepthRule,
  maxSelectionsRule,
  queryLimitRules,
} from '../../../../src/graphql/runtime/limits.js';
import { buildCreditGraphSchema } from '../../../../src/graphql/schema.js';
import { toGraphQLError } from '../../../../src/graphql/runtime/errors.js';
import { UpstreamCallBudgetError, type UpstreamCaller } from '../../../../src/upstream/index.js';

describe('budgetedUpstream', () => {
  function counting(): UpstreamCaller & { sent: string[] } {
    const sent: string[] = [];
    return {
      sent,
      request: async <T>(operation: string) => {
        sent.push(operation);
        return { operation } as T;
      },
    } as UpstreamCaller & { sent: string[] };
  }

  it('passes calls through up to the budget, then refuses without sending', async () => {
    const upstream = counting();
    const budgeted = budgetedUpstream(upstream, 2);
    await expect(budgeted.request('ConsultaProposta', {})).resolves.toEqual({ operation: 'ConsultaProposta' });
    await expect(budgeted.request('ConsultarParcelas', {})).resolves.toEqual({ operation: 'ConsultarParcelas' });
    const refused = await budgeted.request('ConsultarDetalhes', {}).catch((error: unknown) => error);
    // An UpstreamError like every other rejection of the call chain, mapped for the client in errors.ts.
    expect(refused).toBeInstanceOf(UpstreamCallBudgetError);
    expect(refused).toMatchObject({ code: 'UPSTREAM_CALL_BUDGET_EXCEEDED', operation: 'ConsultarDetalhes', maxCalls: 2 });
    const mapped = toGraphQLError(refused) as GraphQLError;
    expect(mapped).toBeInstanceOf(GraphQLError);
    expect(mapped.message).toBe('This request already made the 2 upstream calls one request may make; ask for less in one query.');
    expect(mapped.extensions).toEqual({ code: 'UPSTREAM_CALL_BUDGET_EXCEEDED', maxUpstreamCalls: 2, retryable: false });
    expect(upstream.sent).toEqual(['ConsultaProposta', 'ConsultarParcelas']);
    expect(budgeted.callsMade).toBe(2);
  });

  it('counts a call that failed upstream: it was sent', async () => {
    const budgeted = budgetedUpstream({ request: () => Promise.reject(new Error('503')) } as UpstreamCaller, 1);
    await expect(budgeted.request('ConsultaProposta', {})).rejects.toThrow('503');
    await expect(budgeted.request('ConsultaProposta', {})).rejects.toBeInstanceOf(UpstreamCallBudgetError);
    expect(budgeted.callsMade).toBe(1);
  });
});

describe('query limit rules', () => {
  let schema: GraphQLSchema;

  beforeAll(async () => {
    schema = await buildCreditGraphSchema();
  });

  const codes = (source: string, rules = queryLimitRules(DEFAULT_QUERY_LIMITS)): unknown[] =>
    validate(schema, parse(source), rules).map((error) => error.extensions['code']);

  it('lets the introspection query of Apollo Sandbox through under the defaults', () => {
    expect(codes(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }))).toEqual([]);
  });

  it('lets every example operation of schema/operations through under the defaults', () => {
    const folder = new URL('../../../../schema/operations/', import.meta.url);
    const files = readdirSync(folder).filter((name) => name.endsWith('.graphql'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const name of files) {
      expect({ name, codes: codes(readFileSync(new URL(name, folder), 'utf8')) }).toEqual({ name, codes: [] });
    }
  });

  /** `levels` fragments on Proposal, each spreading the previous one twice: 2^(levels-1) selections of `id` once expanded. */
  const fragmentBomb = (levels: number): string => {
    const chain = ['fragment F0 on Proposal { id }'];
    for (let level = 1; level < levels; level += 1) {
      chain.push(`fragment F${level} on Proposal { ...F${level - 1} ...F${level - 1} }`);
    }
    return `query { proposal(id: "00000000-0000-0000-0000-000000000000") { ...F${levels - 1} } } ${chain.join(' ')}`;
  };

  it.each([28, 40])('refuses a fragment bomb of %i doubling fragments with TOO_MANY_SELECTIONS, measuring each fragment once', (levels) => {
    const errors = validate(schema, parse(fragmentBomb(levels)), queryLimitRules(DEFAULT_QUERY_LIMITS));
    expect(errors.map((error) => error.extensions)).toEqual([{ code: 'TOO_MANY_SELECTIONS', maxSelections: 2000, http: { status: 400 } }]);
  });

  it('counts selections with fragments expanded at each spread, and accepts exactly the limit', () => {
    // proposal (1) + F1 = 2 * F0 (id, number) = 4: 5 selections.
    const query = 'query { proposal(id: "x") { ...F1 } } fragment F1 on Proposal { ...F0 ...F0 } fragment F0 on Proposal { id number }';
    expect(codes(query, [maxSelectionsRule(5)])).toEqual([]);
    expect(codes(query, [maxSelectionsRule(4)])).toEqual(['TOO_MANY_SELECTIONS']);
    // Inline fragments add only their fields.
    expect(codes('{ proposal(id: "x") { ... on Proposal { id } } }', [maxSelectionsRule(2)])).toEqual([]);
    expect(codes('{ proposal(id: "x") { ... on Proposal { id } } }', [maxSelectionsRule(1)])).toEqual(['TOO_MANY_SELECTIONS']);
  });

  it('measures depth as field nesting, inline fragments adding none', () => {
    const query = '{ proposal(id: "x") { ... on Proposal { installments { number } } } }';
    expect(codes(query, [maxDepthRule(3)])).toEqual([]);
    expect(codes(query, [maxDepthRule(2)])).toEqual(['QUERY_TOO_DEEP']);
  });

  it('checks every operation of a document', () => {
    const source = 'query A { proposal(id: "x") { number } } query B { proposal(id: "x") { installments { number } } }';
    expect(validate(schema, parse(source), [maxDepthRule(2)]).map((error) => error.extensions)).toEqual([
      { code: 'QUERY_TOO_DEEP', depth: 3, maxDepth: 2, http: { status: 400 } },
    ]);
  });

  it('counts aliases at every level and stops at none below the limit', () => {
    const query = '{ a: proposal(id: "x") { n: number } b: proposal(id: "y") { number } }';
    expect(codes(query, [maxAliasesRule(3)])).toEqual([]);
    expect(codes(query, [maxAliasesRule(2)])).toEqual(['TOO_MANY_ALIASES']);
  });

  it('measures a fragment spread in a fragment, as often as it is spread', () => {
    const source = `
      query { a: proposal(id: "x") { ...Outer } b: proposal(id: "y") { ...Outer } }
      fragment Outer on Proposal { ...Inner ...Inner }
      fragment Inner on Proposal { n: number installments { number } }`;
    // 2 written aliases + 2 spreads of Outer x 2 spreads of Inner x 1 alias = 6; depth 3.
    expect(codes(source, [maxAliasesRule(6), maxDepthRule(3)])).toEqual([]);
    expect(codes(source, [maxAliasesRule(5), maxDepthRule(2)])).toEqual(['TOO_MANY_ALIASES', 'QUERY_TOO_DEEP']);
  });
});
