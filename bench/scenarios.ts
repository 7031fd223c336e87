import { consultaProposta, consultarBoletos, consultarDetalhes, consultarParcelas, type UpstreamClient } from '../src/upstream/index.js';

/** The ids a scenario runs against. */
export interface BenchData {
  /** The demo proposal with an agenda, a boleto and a payment entry. */
  disbursedId: string;
  /** 20 disbursed proposals (agenda open), created for the benchmark. */
  portfolioIds: string[];
}

/** One query of the benchmark, with the fewest upstream calls it can cost and the same work done by a bare client. */
export interface Scenario {
  name: string;
  query: string;
  variables: (data: BenchData) => Record<string, unknown>;
  /** The fewest upstream calls the query needs. */
  minimumCalls: (data: BenchData) => number;
  /** The same upstream reads issued directly with the upstream client, in parallel, no GraphQL. */
  bare: (client: UpstreamClient, data: BenchData) => Promise<unknown>;
}

const agendaOf = (client: UpstreamClient, id: string) =>
  consultarDetalhes(client, { dto: { codigoProposta: id }, dtoConsultaDetalhes: { trazerBoleto: false, trazerAgendaDetalhada: false } });

/** The fixed queries of `npm run bench`, with their minimum call counts. */
export const SCENARIOS: Scenario[] = [
  {
    name: 'installments only',
    query: 'query InstallmentsOnly($id: ID!) { proposal(id: $id) { installments { number amount dueDate } } }',
    variables: (data) => ({ id: data.disbursedId }),
    minimumCalls: () => 1,
    bare: (client, data) => consultarParcelas(client, { dto: { codigoProposta: data.disbursedId } }),
  },
  {
    name: 'core + installments + agenda',
    query: `query ProposalScreen($id: ID!) {
      proposal(id: $id) {
        id number operationCode situation situationCode financedAmount
        installments { number amount dueDate }
        agenda { installments { number balance } }
      }
    }`,
    variables: (data) => ({ id: data.disbursedId }),
    minimumCalls: () => 3,
    bare: (client, data) =>
      Promise.all([
        consultaProposta(client, { dto: { CodigoProposta: data.disbursedId } }),
        consultarParcelas(client, { dto: { codigoProposta: data.disbursedId } }),
        agendaOf(client, data.disbursedId),
      ]),
  },
  {
    name: '20 proposals: installments + agenda',
    query: `query Portfolio($ids: [ID!]!) {
      proposals(ids: $ids) {
        id
        installments { number amount dueDate agenda { number balance } }
      }
    }`,
    variables: (data) => ({ ids: data.portfolioIds }),
    minimumCalls: (data) => 2 * data.portfolioIds.length,
    bare: (client, data) => Promise.all(data.portfolioIds.flatMap((id) => [consultarParcelas(client, { dto: { codigoProposta: id } }), agendaOf(client, id)])),
  },
  {
    name: 'boleto list',
    query: 'query Boletos($id: ID!) { proposal(id: $id) { boletos { number digitableLine amount dueDate } } }',
    variables: (data) => ({ id: data.disbursedId }),
    minimumCalls: () => 1,
    bare: (client, data) => consultarBoletos(client, { dto: { codigoProposta: data.disbursedId } }),
  },
];
