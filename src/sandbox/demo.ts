import { SandboxFailure } from './envelope.js';
import { moveToSituation } from './lifecycle/transitions.js';
import { Situation, type SituationCode } from './model/types.js';
import { incluirManual } from './routes/proposal.js';
import { receivablesRoutes } from './routes/receivables.js';
import { type OperationContext } from './routes/types.js';
import { type DemoProposal } from './options.js';

/** Valid CPFs of the demo clients (check digits correct; nobody real is meant). */
export const DEMO_CPFS = ['52998224725', '11144477735', '39053344705', '12345678909', '24681357928'] as const;

interface DemoSpec {
  label: string;
  document: string;
  name: string;
  contractType: string;
  amount: number;
  term: number;
  interest: number;
  /** situacaoInicial: the demo proposals skip the credit analysis and start where their story does. */
  initial: SituationCode;
  situations: SituationCode[];
}

const SPECS: DemoSpec[] = [
  {
    label: 'approved',
    document: DEMO_CPFS[0],
    name: 'Ana Demo Aprovada',
    contractType: 'CDC-PF',
    amount: 5000,
    term: 12,
    interest: 2.5,
    initial: Situation.Approved,
    situations: [],
  },
  {
    label: 'under-review',
    document: DEMO_CPFS[1],
    name: 'Bruno Demo Em Analise',
    contractType: 'CP',
    amount: 3000,
    term: 10,
    interest: 3.1,
    initial: Situation.UnderReview,
    situations: [],
  },
  {
    label: 'disbursed',
    document: DEMO_CPFS[2],
    name: 'Carla Demo Paga',
    contractType: 'CP',
    amount: 12000,
    term: 12,
    interest: 1.99,
    initial: Situation.Approved,
    situations: [Situation.Disbursed],
  },
  {
    label: 'fgts-disbursed',
    document: DEMO_CPFS[3],
    name: 'Diego Demo FGTS',
    contractType: 'FGTS',
    amount: 2500,
    term: 6,
    interest: 1.79,
    initial: Situation.Approved,
    situations: [Situation.Disbursed],
  },
  {
    label: 'ceded',
    document: DEMO_CPFS[4],
    name: 'Elisa Demo Cedida',
    contractType: 'FGTS',
    amount: 4000,
    term: 8,
    interest: 1.79,
    initial: Situation.Approved,
    situations: [Situation.Disbursed, Situation.Ceded],
  },
];

function handler(path: string) {
  const route = receivablesRoutes.find((r) => r.path === path);
  if (!route) {
    throw new Error(`demo data needs the receivables route ${path}`);
  }
  return route.handler;
}

/**
 * Creates the demo proposals (see README, "Demo data") owned by `ctx.clientId`, through the same
 * handlers the operations use, so they obey every rule.
 */
export async function createDemoData(ctx: OperationContext): Promise<DemoProposal[]> {
  const out: DemoProposal[] = [];
  try {
    for (const spec of SPECS) {
      const created = incluirManual(ctx, {
        dto: {
          documentoCliente: spec.document,
          tipoContrato: spec.contractType,
          vlrSolicitado: spec.amount,
          prazo: spec.term,
          percJurosNegociado: spec.interest,
          formatoCalculo: 1,
          codigoOperacao: `DEMO-${spec.label.toUpperCase()}`,
          propostaContaPagamentoDTO: {
            codigoBanco: 1,
            tipoConta: 1,
            agencia: '1234',
            agenciaDig: '5',
            conta: '67890',
            contaDig: '1',
            documentoFederalPagamento: spec.document,
            nomePagamento: spec.name,
          },
        },
        parametros: [
          { nome: 'nomeCliente', valor: spec.name },
          { nome: 'situacaoInicial', valor: String(spec.initial) },
        ],
      });
      const proposal = ctx.store.proposals.get(created.codigo as string);
      if (!proposal) {
        throw new Error('demo proposal vanished');
      }
      for (const situation of spec.situations) {
        moveToSituation(ctx, proposal, situation);
      }
      if (spec.label === 'disbursed') {
        const locator = { codigoProposta: proposal.id };
        await handler('/AgendaRecebivel/GerarUnicoBoleto')(ctx, {
          dto: { ...locator, nroParcelas: [2] },
          dtoGerarUnicoBoleto: { tipoRegistro: 1, descricaoBoleto: 'Parcela 2 (demo)', notificarCliente: false },
        });
        await handler('/AgendaRecebivel/IncluirLancamentoParcela')(ctx, {
          dto: { ...locator, nroParcela: 1 },
          dtoLancamentoParcela: { vlrPagamento: proposal.values.installmentAmount, vlrDesconto: 0, descricaoLancamento: 'Pagamento da parcela 1 (demo)' },
        });
      }
      out.push({ id: proposal.id, number: proposal.number, operationCode: proposal.operationCode, situation: proposal.situation, label: spec.label });
    }
  } catch (err) {
    if (err instanceof SandboxFailure) {
      throw new Error(`demo data refused: ${err.message} ${err.items.map((i) => i.description).join(' ')}`);
    }
    throw err;
  }
  return out;
}
