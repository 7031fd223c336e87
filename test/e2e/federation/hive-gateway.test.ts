import { createGatewayRuntime, type GatewayRuntime } from '@graphql-hive/gateway-runtime';
import { composeServices, compositionHasErrors } from '@theguild/federation-composition';
import { type GraphQLFormattedError, Kind, parse, print } from 'graphql';
import { renderSchema } from '../../../src/graphql/emit-schema.js';
import { DEMO_CPFS } from '../../../src/sandbox/demo.js';
import { startTestGraph, type TestGraph, testSharedState, type TestSharedState } from '../../helpers/graph.js';
import { personIdsOf, RISK_SDL, riskScore, startRiskSubgraph } from './risk-subgraph.js';

/** The caller a router would have authenticated: here a header of scopes, standing in for a verified JWT. */
interface RouterCaller {
  scopes: string[];
}

/**
 * The same supergraph claim as gateway.test.ts, through a second router: composed by The Guild's
 * composition library (not Apollo's) and served by Hive Gateway's runtime, in process, over the real
 * subgraphs on 127.0.0.1:0. Unlike the JavaScript Apollo gateway, Hive Gateway accepts the supergraph
 * with its SECURITY features and enforces `@authenticated` / `@requiresScopes` itself (generic auth,
 * `protect-granular`), so nothing is stripped here.
 */
describe('Hive Gateway', () => {
  let graph: TestGraph;
  let risk: Awaited<ReturnType<typeof startRiskSubgraph>>;
  let gateway: GatewayRuntime;
  let supergraphSdl: string;
  let watchlist: string[];
  /**
   * A second replica-like graph over the same sandbox with the default read cache, whose cache the
   * test can empty (the marks, the newest facts told of each proposal, outlive it as they outlive
   * cache entries), and the supergraph of it alone.
   */
  let cached: TestGraph;
  let cachedState: TestSharedState;
  let cachedSupergraphSdl: string;
  /** The body of every request the gateway sent a subgraph (what travels in its query plans). */
  const subgraphRequests: string[] = [];

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off', LIVE_POLL_INTERVAL_MS: '100' } });
    watchlist = await personIdsOf(graph, [DEMO_CPFS[2], DEMO_CPFS[0]]);
    risk = await startRiskSubgraph(watchlist);
    const composition = composeServices([
      { name: 'credit', typeDefs: parse(await renderSchema()), url: graph.url },
      { name: 'risk', typeDefs: parse(RISK_SDL), url: risk.url },
    ]);
    if (compositionHasErrors(composition)) {
      throw new Error(`composition failed: ${composition.errors.map((error) => error.message).join('; ')}`);
    }
    supergraphSdl = composition.supergraphSdl;
    cachedState = await testSharedState();
    cached = await startTestGraph({ state: cachedState, reuseSandbox: { sandbox: graph.sandbox, admin: graph.admin, client: graph.testClient } });
    const cachedComposition = composeServices([{ name: 'credit', typeDefs: parse(await renderSchema()), url: cached.url }]);
    if (compositionHasErrors(cachedComposition)) {
      throw new Error(`composition failed: ${cachedComposition.errors.map((error) => error.message).join('; ')}`);
    }
    cachedSupergraphSdl = cachedComposition.supergraphSdl;
    gateway = createGatewayRuntime({
      supergraph: supergraphSdl,
      logging: false,
      plugins: () => [
        {
          onFetch: ({ options }) => {
            subgraphRequests.push(String(options.body));
          },
        },
      ],
      genericAuth: {
        mode: 'protect-granular',
        resolveUserFn: (context: { request: Request }): RouterCaller | null => {
          const scopes = context.request.headers.get('x-test-scopes');
          return scopes === null ? null : { scopes: scopes.split(' ') };
        },
        // Called with null for a caller without credentials, whatever its type says.
        extractScopes: (caller) => (caller as RouterCaller | null)?.scopes ?? [],
        rejectUnauthenticated: false,
      },
    });
  });

  afterAll(async () => {
    await gateway?.dispose();
    await risk?.server.stop();
    // Before the first graph, which closes the sandbox they share.
    await cached?.close();
    await cachedState?.close();
    await graph?.close();
  });

  /** Posts one operation to the gateway in process (its subgraph calls are real HTTP). */
  async function viaHive<TData>(
    query: string,
    variables: Record<string, unknown> = {},
    scopes?: string,
  ): Promise<{ status: number; data?: TData | null; errors?: GraphQLFormattedError[] }> {
    const response = await gateway.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(scopes === undefined ? {} : { 'x-test-scopes': scopes }) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as { data?: TData | null; errors?: GraphQLFormattedError[] }) };
  }

  it('composes our SDL with its Federation 2.5 access rules, which reach the supergraph', () => {
    expect(supergraphSdl).toContain('@link(url: "https://specs.apollo.dev/authenticated/v0.1", for: SECURITY)');
    expect(supergraphSdl).toContain('@link(url: "https://specs.apollo.dev/requiresScopes/v0.1", for: SECURITY)');
    const person = parse(supergraphSdl).definitions.find((definition) => definition.kind === Kind.OBJECT_TYPE_DEFINITION && definition.name.value === 'Person');
    const details = person?.kind === Kind.OBJECT_TYPE_DEFINITION ? person.fields?.find((field) => field.name.value === 'details') : undefined;
    expect(details?.directives?.filter((directive) => directive.name.value === 'requiresScopes').map((directive) => print(directive))).toEqual([
      '@requiresScopes(scopes: [["registry.read"]])',
    ]);
  });

  it('joins both subgraphs in one query, with one partner call per entity and field group', async () => {
    const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
    const direct = await graph.execute<{ proposal: { id: string; number: number; financedAmount: string; installments: Array<{ number: number }> } }>(
      'query ($id: ID!) { proposal(id: $id) { id number financedAmount installments { number } } }',
      { id: disbursed?.id },
    );
    expect(direct.errors).toBeUndefined();
    const expected = direct.data?.proposal;
    expect(expected?.installments.map((installment) => installment.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    await graph.admin.resetCalls();
    subgraphRequests.length = 0;
    const response = await viaHive<unknown>(
      `query ($ids: [ID!]!) {
        riskReview(ids: $ids) { id number financedAmount riskScore reviewed installments { number } }
        watchlist { id watchlisted name }
      }`,
      { ids: [disbursed?.id] },
    );
    expect(response.errors).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      riskReview: [
        {
          id: disbursed?.id,
          number: disbursed?.number,
          financedAmount: expected?.financedAmount,
          riskScore: riskScore(expected?.financedAmount),
          reviewed: true,
          installments: expected?.installments,
        },
      ],
      watchlist: [
        { id: watchlist[0], watchlisted: true, name: 'Carla Demo Paga' },
        { id: watchlist[1], watchlisted: true, name: 'Ana Demo Aprovada' },
      ],
    });
    // The plan: risk's root fields, then our _entities for both types, then risk's riskScore (@requires).
    expect(subgraphRequests).toHaveLength(3);
    expect(subgraphRequests.filter((body) => body.includes('_entities') && body.includes(`"id":"${watchlist[0]}"`))).toHaveLength(1);
    // Persons travel by their opaque id: no CPF in any subgraph request.
    for (const document of DEMO_CPFS) {
      expect(subgraphRequests.join('\n')).not.toContain(document);
    }
    const calls = await graph.admin.calls();
    expect(calls.operations).toEqual({ '/FGTS/ConsultaProposta': 1, '/Proposta/ConsultarParcelas': 1, '/Pessoa/ConsultarPessoa': 2 });
    expect(calls.total).toBe(4);
  });

  it('refuses a @requiresScopes field to a caller without the scope at the router, before any partner call', async () => {
    await graph.admin.resetCalls();
    const refused = await viaHive<{ watchlist: Array<{ id: string; details: { name: string } | null }> }>(
      '{ watchlist { id details { name } } }',
      {},
      'federation',
    );
    // Hive Gateway answers a request whose only errors are refused fields with HTTP 401, data still partial.
    expect(refused.status).toBe(401);
    expect(refused.data).toEqual({
      watchlist: [
        { id: watchlist[0], details: null },
        { id: watchlist[1], details: null },
      ],
    });
    expect(refused.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([[['watchlist', 'details'], 'UNAUTHORIZED_FIELD_OR_TYPE']]);
    expect((await graph.admin.calls()).total).toBe(0);

    const allowed = await viaHive<unknown>('{ watchlist { id details { name } } }', {}, 'federation registry.read');
    expect(allowed.errors).toBeUndefined();
    expect(allowed.status).toBe(200);
    expect(allowed.data).toEqual({
      watchlist: [
        { id: watchlist[0], details: { name: 'Carla Demo Paga' } },
        { id: watchlist[1], details: { name: 'Ana Demo Aprovada' } },
      ],
    });
    expect((await graph.admin.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 2 });
  });

  it('passes our refusal of a tampered Person id through the router: BAD_USER_INPUT with userErrors, no partner call for it', async () => {
    const tampered = `${watchlist[0]?.slice(0, 10)}${watchlist[0]?.charAt(10) === 'A' ? 'B' : 'A'}${watchlist[0]?.slice(11)}`;
    await graph.admin.resetCalls();
    const response = await viaHive<{ persons: Array<{ id: string; name: string | null } | null> }>('query ($ids: [ID!]!) { persons(ids: $ids) { id name } }', {
      ids: [watchlist[0], tampered],
    });
    // The id is the risk subgraph's own field; ours (name) is null, with our error.
    expect(response.data?.persons).toEqual([
      { id: watchlist[0], name: 'Carla Demo Paga' },
      { id: tampered, name: null },
    ]);
    expect(response.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    expect(response.errors?.[0]?.extensions?.userErrors).toEqual([
      {
        code: 'INVALID_INPUT',
        field: ['representations', '1', 'id'],
        message: 'id must be a person id this graph issued (Person.id), unchanged',
        upstreamCode: null,
      },
    ]);
    // One read, for the valid id only.
    expect((await graph.admin.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 1 });
  });

  /** The disbursed demo proposal's query: its core fields, then its agenda and boletos, deferred or not. */
  const agendaQuery = (deferred: boolean): string =>
    `query ($id: ID!) { proposal(id: $id) { id number situation ${deferred ? '... @defer {' : ''} agenda { proposalNumber financedAmount installmentCount } boletos { number dueDate } ${deferred ? '}' : ''} } }`;
  const CORE_ONLY = 'query ($id: ID!) { proposal(id: $id) { id number situation } }';

  /** A Hive Gateway runtime with incremental delivery over `supergraph`, recording its subgraph requests. */
  function deferringGateway(supergraph: string, requests: string[]): GatewayRuntime {
    // It plans a deferred fragment as a follow-up `_entities` fetch of Proposal by key, and sends
    // every fetch of one client operation with the same x-request-id (its requestId default).
    return createGatewayRuntime({
      supergraph,
      logging: false,
      deferStream: true,
      plugins: () => [{ onFetch: ({ options }) => void requests.push(String(options.body)) }],
    });
  }

  /** The complete answer of `query` through `runtime`: a multipart one's parts merged (each deferred part's data into its path). */
  async function runMerged(runtime: GatewayRuntime, query: string, id: string): Promise<{ data: Record<string, unknown>; parts: number }> {
    const response = await runtime.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed, application/json' },
      body: JSON.stringify({ query, variables: { id } }),
    });
    const text = await response.text();
    type Part = { data?: Record<string, unknown>; incremental?: Array<{ data: Record<string, unknown>; path: string[] }> };
    const parts = (response.headers.get('content-type') ?? '').startsWith('multipart/mixed')
      ? text
          .split(/\r?\n--[^\r\n]*/)
          .map((part) => part.slice(part.indexOf('{')))
          .filter((part) => part.startsWith('{'))
          .map((part) => JSON.parse(part) as Part)
      : [JSON.parse(text) as Part];
    const data = { ...(parts[0]?.data ?? {}) };
    for (const part of parts.slice(1)) {
      for (const increment of part.incremental ?? []) {
        let target = data as Record<string, unknown>;
        for (const key of increment.path) {
          target = target[key] as Record<string, unknown>;
        }
        Object.assign(target, increment.data);
      }
    }
    return { data, parts: parts.length };
  }

  it('defers the agenda and boletos at no extra partner call with the read cache on, once the proposal is known; one more the first time', async () => {
    const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
    const id = disbursed?.id as string;
    const state = cachedState;
    const requests: string[] = [];
    const gateway = deferringGateway(cachedSupergraphSdl, requests);
    try {
      /** Partner calls of `query` through the gateway, from an empty read cache unless `warm`. */
      const measured = async (
        query: string,
        warm = false,
      ): Promise<{ data: Record<string, unknown>; parts: number; calls: Record<string, number>; total: number }> => {
        if (!warm) {
          await state.forget();
        }
        await graph.admin.resetCalls();
        requests.length = 0;
        const answer = await runMerged(gateway, query, id);
        const calls = await graph.admin.calls();
        return { ...answer, calls: calls.operations, total: calls.total };
      };

      // The first time the graph sees the proposal, the first part (planned alone) cannot know it has
      // an agenda: its number and situation cost one ConsultaProposta, the follow-up the agenda and boletos.
      const firstSeen = await measured(agendaQuery(true));
      expect(firstSeen.calls).toEqual({ '/FGTS/ConsultaProposta': 1, '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
      expect(firstSeen.total).toBe(3);

      const whole = await measured(agendaQuery(false));
      expect(whole.parts).toBe(1);
      expect(whole.calls).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
      expect((whole.data.proposal as { agenda: { proposalNumber: number } }).agenda.proposalNumber).toBe(disbursed?.number);

      // Known disbursed (its mark): the first part reads number and situation from the agenda, the
      // same one call, and the follow-up's agenda read is that answer, from the cache.
      const deferred = await measured(agendaQuery(true));
      expect(deferred.parts).toBeGreaterThan(1);
      expect(deferred.data).toEqual(whole.data);
      expect(deferred.data).toEqual(firstSeen.data);
      expect(requests).toHaveLength(2);
      expect(requests[0]).not.toContain('agenda');
      expect(requests[1]?.match(/_entities\(representations:/g)).toHaveLength(2);
      expect(deferred.calls).toEqual(whole.calls);
      expect(deferred.total).toBe(whole.total);

      // The first part alone, sent without @defer: still one call, the agenda read.
      const coreOnly = await measured(CORE_ONLY);
      expect(coreOnly.calls).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1 });
      // ...and none while the proposal's core record is in the cache: it is not read again from the agenda.
      await state.forget();
      expect((await cached.execute(`query ($id: ID!) { proposal(id: $id) { id tacAmount } }`, { id })).errors).toBeUndefined();
      expect((await measured(CORE_ONLY, true)).total).toBe(0);
    } finally {
      await gateway.dispose();
    }
  });

  it('defers the agenda and boletos at one more partner call with the read cache off: the first part is a core read of its own', async () => {
    const id = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed')?.id as string;
    const requests: string[] = [];
    const deferring = deferringGateway(supergraphSdl, requests);
    const calls = async (query: string): Promise<{ data: Record<string, unknown>; operations: Record<string, number>; total: number }> => {
      await graph.admin.resetCalls();
      const { data } = await runMerged(deferring, query, id);
      const counted = await graph.admin.calls();
      return { data, operations: counted.operations, total: counted.total };
    };
    try {
      const whole = await calls(agendaQuery(false));
      const deferred = await calls(agendaQuery(true));
      const firstPart = await calls(CORE_ONLY);
      expect(deferred.data).toEqual(whole.data);
      // Without @defer: the agenda read carries the proposal's core fields too (no ConsultaProposta).
      expect(whole.operations).toEqual({ '/AgendaRecebivel/ConsultarDetalhes': 1, '/AgendaRecebivel/ConsultarBoletos': 1 });
      // With @defer: the follow-up reads the agenda and boletos once each (resolving the Proposal by key
      // adds no read); the first part, planned alone, reads ConsultaProposta, and with the read cache
      // off nothing is shared between the two fetches (every read is a partner call).
      expect(firstPart.operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
      expect(deferred.operations).toEqual({ ...whole.operations, ...firstPart.operations });
      expect(deferred.total).toBe(whole.total + 1);
    } finally {
      await deferring.dispose();
    }
  });

  it('passes a Subscription through: the router subscribes to the subgraph (GraphQL over SSE) and streams its events', async () => {
    const id = graph.sandbox.demo.find((proposal) => proposal.label === 'under-review')?.id as string;
    const controller = new AbortController();
    const response = await gateway.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-test-scopes': 'proposals.all' },
      body: JSON.stringify({
        query: 'subscription ($id: ID!) { proposalChanged(id: $id) { proposalId changed initial proposal { id situationCode } } }',
        variables: { id },
      }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events: unknown[] = [];
    const readUntil = async (count: number): Promise<void> => {
      while (events.length < count) {
        const { value, done } = await reader.read();
        if (done) {
          throw new Error(`the stream ended after ${JSON.stringify(events)}`);
        }
        text += decoder.decode(value, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('');
          if (block.split('\n').some((line) => line === 'event: next' || line.startsWith('data:')) && data !== '') {
            events.push(JSON.parse(data));
          }
          end = text.indexOf('\n\n');
        }
      }
    };
    try {
      await readUntil(1);
      expect(events[0]).toEqual({ data: { proposalChanged: { proposalId: id, changed: ['SITUATION'], initial: true, proposal: { id, situationCode: 1 } } } });
      await graph.admin.setSituation(id, 2);
      await readUntil(2);
      expect(events[1]).toEqual({ data: { proposalChanged: { proposalId: id, changed: ['SITUATION'], initial: false, proposal: { id, situationCode: 2 } } } });
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await graph.admin.setSituation(id, 1);
    }
  });
});
