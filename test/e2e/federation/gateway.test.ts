import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { Kind, parse, print, visit } from 'graphql';
import { randomUUID } from 'node:crypto';
import { renderSchema } from '../../../src/graphql/emit-schema.js';
import { DEMO_CPFS } from '../../../src/sandbox/demo.js';
import { incluirManual } from '../../../src/upstream/index.js';
import { executeGraphQL, startTestGraph, type TestGraph } from '../../helpers/graph.js';
import { personIdsOf, quiet, RISK_SDL, riskScore, startRiskSubgraph } from './risk-subgraph.js';

/**
 * The supergraph minus its SECURITY features (`@authenticated`, `@requiresScopes`): the JavaScript
 * gateway cannot enforce them and refuses a supergraph that links them ("is for: SECURITY but is
 * unsupported"); Apollo Router enforces them. The graph enforces the same rules itself, so queries
 * through this gateway (as the anonymous development caller, every scope) still meet them.
 */
function withoutSecurityFeatures(sdl: string): string {
  const security = new Set(['authenticated', 'requiresScopes']);
  const stripped = visit(parse(sdl), {
    Directive: (node) => {
      if (security.has(node.name.value)) {
        return null;
      }
      const url = node.name.value === 'link' ? node.arguments?.find((argument) => argument.name.value === 'url')?.value : undefined;
      return url?.kind === Kind.STRING && /\/(authenticated|requiresScopes)\//.test(url.value) ? null : undefined;
    },
    DirectiveDefinition: (node) => (security.has(node.name.value) ? null : undefined),
    ScalarTypeDefinition: (node) => (node.name.value === 'requiresScopes__Scope' ? null : undefined),
  });
  return print(stripped);
}

describe('federation', () => {
  let graph: TestGraph;
  let risk: { url: string; server: ApolloServer };
  let gateway: ApolloServer;
  let gatewayUrl: string;
  let fiftyIds: string[];
  let supergraphSdl: string;
  let watchlist: string[];

  beforeAll(async () => {
    graph = await startTestGraph({ env: { READ_CACHE: 'off' } });
    watchlist = await personIdsOf(graph, [DEMO_CPFS[2], DEMO_CPFS[0]]);
    risk = await startRiskSubgraph(watchlist);
    const composition = composeServices([
      { name: 'credit', typeDefs: parse(await renderSchema()), url: graph.url },
      { name: 'risk', typeDefs: parse(RISK_SDL), url: risk.url },
    ]);
    if (composition.errors !== undefined) {
      throw new Error(`composition failed: ${composition.errors.map((error) => error.message).join('; ')}`);
    }
    supergraphSdl = composition.supergraphSdl;
    gateway = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: withoutSecurityFeatures(supergraphSdl), logger: quiet }), logger: quiet });
    gatewayUrl = (await startStandaloneServer(gateway, { listen: { port: 0, host: '127.0.0.1' } })).url;

    // As many proposals beside the 13 demo ones as make 50 distinct proposals owned by the graph's client.
    const created: string[] = [];
    for (let index = 0; index < 50 - graph.sandbox.demo.length; index += 1) {
      const document = DEMO_CPFS[index % DEMO_CPFS.length];
      const answer = await incluirManual(
        graph.client,
        {
          dto: {
            documentoCliente: document,
            tipoContrato: 'CP',
            vlrSolicitado: 1000 + 100 * index,
            prazo: 6,
            percJurosNegociado: 2,
            formatoCalculo: 1,
            codigoOperacao: `FED-${index}`,
          },
          parametros: [{ nome: 'nomeCliente', valor: `Federation ${index}` }],
        },
        { idempotencyKey: randomUUID() },
      );
      created.push(String(answer.codigo));
    }
    fiftyIds = [...graph.sandbox.demo.map((proposal) => proposal.id), ...created];
  });

  afterAll(async () => {
    await gateway?.stop();
    await risk?.server.stop();
    await graph?.close();
  });

  const viaGateway = <T>(query: string, variables?: Record<string, unknown>) =>
    executeGraphQL<T, Record<string, unknown>>(`${gatewayUrl.replace(/\/$/, '')}/`, query, variables);

  it('carries the access rules into the supergraph for a router to enforce', () => {
    expect(supergraphSdl).toContain('@link(url: "https://specs.apollo.dev/authenticated/v0.1", for: SECURITY)');
    expect(supergraphSdl).toContain('@link(url: "https://specs.apollo.dev/requiresScopes/v0.1", for: SECURITY)');
    const rules = new Map<string, string>();
    for (const definition of parse(supergraphSdl).definitions) {
      if (definition.kind === Kind.OBJECT_TYPE_DEFINITION) {
        for (const field of definition.fields ?? []) {
          const directives = (field.directives ?? []).filter((d) => d.name.value === 'authenticated' || d.name.value === 'requiresScopes').map((d) => print(d));
          if (directives.length > 0) {
            rules.set(`${definition.name.value}.${field.name.value}`, directives.join(' '));
          }
        }
      }
    }
    const scoped = '@requiresScopes(scopes: [["registry.read"]])';
    expect(rules.get('Query.person')).toBe(scoped);
    expect(rules.get('Query.bureauReport')).toBe(scoped);
    expect(rules.get('Query.registrationRecord')).toBe(scoped);
    expect(rules.get('Person.details')).toBe(scoped);
    expect(rules.get('Query.proposal')).toBe('@authenticated');
    expect(rules.get('Mutation.createProposal')).toBe('@authenticated');
    // The other subgraph's fields keep their own (no) rules.
    expect(rules.get('Query.riskReview')).toBeUndefined();
    expect(withoutSecurityFeatures(supergraphSdl)).not.toMatch(/authenticated|requiresScopes/);
  });

  it('composes with a subgraph that extends Proposal and joins both through the gateway', async () => {
    const disbursed = graph.sandbox.demo.find((proposal) => proposal.label === 'disbursed');
    const response = await viaGateway<{
      riskReview: Array<{ id: string; number: number; financedAmount: string; riskScore: number; reviewed: boolean; installments: Array<{ number: number }> }>;
    }>('query ($ids: [ID!]!) { riskReview(ids: $ids) { id number financedAmount riskScore reviewed installments { number } } }', {
      ids: [disbursed?.id],
    });
    expect(response.errors).toBeUndefined();
    const [proposal] = response.data?.riskReview ?? [];
    expect(proposal?.id).toBe(disbursed?.id);
    expect(proposal?.number).toBe(disbursed?.number);
    expect(proposal?.reviewed).toBe(true);
    expect(typeof proposal?.financedAmount).toBe('string');
    expect(proposal?.riskScore).toBe(riskScore(proposal?.financedAmount));
    expect(proposal?.installments.length).toBeGreaterThanOrEqual(6);
  });

  it('resolves 50 distinct _entities representations with one call per proposal and field group', async () => {
    await graph.admin.resetCalls();
    const response = await viaGateway<{ riskReview: Array<{ id: string; number: number; situationCode: number; installments: Array<{ number: number }> }> }>(
      'query ($ids: [ID!]!) { riskReview(ids: $ids) { id number situationCode installments { number } } }',
      { ids: fiftyIds },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.riskReview.map((proposal) => proposal.id)).toEqual(fiftyIds);
    expect(response.data?.riskReview.every((proposal) => typeof proposal.number === 'number' && proposal.installments.length > 0)).toBe(true);
    const calls = await graph.admin.calls();
    expect(calls.operations).toEqual({ '/FGTS/ConsultaProposta': 50, '/Proposta/ConsultarParcelas': 50 });
    expect(calls.total).toBe(100);
  });

  it('costs one call per distinct proposal when 50 representations repeat 5 ids', async () => {
    const five = fiftyIds.slice(0, 5);
    const repeated = Array.from({ length: 50 }, (_unused, index) => five[index % 5] as string);
    await graph.admin.resetCalls();
    const response = await viaGateway<{ riskReview: Array<{ id: string; number: number; riskScore: number | null }> }>(
      'query ($ids: [ID!]!) { riskReview(ids: $ids) { id number riskScore } }',
      { ids: repeated },
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.riskReview).toHaveLength(50);
    expect(response.data?.riskReview.map((proposal) => proposal.id)).toEqual(repeated);
    const calls = await graph.admin.calls();
    expect(calls.operations).toEqual({ '/FGTS/ConsultaProposta': 5 });
  });

  it('answers null fields for an id our subgraph does not know, after one call', async () => {
    await graph.admin.resetCalls();
    const unknown = randomUUID();
    const response = await viaGateway<{ riskReview: Array<{ id: string; number: number | null }> }>(
      'query ($ids: [ID!]!) { riskReview(ids: $ids) { id number } }',
      { ids: [unknown] },
    );
    expect(response.data?.riskReview[0]?.number ?? null).toBeNull();
    expect((await graph.admin.calls()).operations).toEqual({ '/FGTS/ConsultaProposta': 1 });
  });

  it('resolves Person by its opaque id from the other subgraph', async () => {
    const direct = await graph.execute<{ person: { name: string | null } | null }>('query ($d: String!) { person(document: $d) { name } }', {
      d: DEMO_CPFS[2],
    });
    expect(direct.errors).toBeUndefined();
    expect(typeof direct.data?.person?.name).toBe('string');
    await graph.admin.resetCalls();
    const response = await viaGateway<{ watchlist: Array<{ id: string; document: string; watchlisted: boolean; name: string | null }> }>(
      '{ watchlist { id document watchlisted name } }',
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.watchlist).toEqual([
      { id: watchlist[0], document: DEMO_CPFS[2], watchlisted: true, name: direct.data?.person?.name },
      { id: watchlist[1], document: DEMO_CPFS[0], watchlisted: true, name: expect.any(String) },
    ]);
    expect((await graph.admin.calls()).operations).toEqual({ '/Pessoa/ConsultarPessoa': 2 });
  });
});
